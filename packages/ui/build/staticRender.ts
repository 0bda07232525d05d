/**
 * The site's components drawn into HTML at build time, so a page paints before its scripts have arrived: the
 * host's shell (host/build/prerenderShell.tsx) and a remote screen's first render
 * (packages/standalone/build/firstRender.tsx), rendered with react-dom/server in a module loaded by
 * ssrLoader.ts. What both do to the rendered HTML.
 */
// next-themes writes its theme script into server-rendered output; the page's head applies the theme itself.
const THEME_SCRIPT = /<script>[^<]*<\/script>/g;
/** A style element Emotion wrote before the first element that uses its rule (one per rule and render). */
const EMOTION_STYLE = /<style data-emotion="[^"]*">[\s\S]*?<\/style>/g;

/** Server-rendered `html` without the theme script next-themes adds to it. */
export function withoutThemeScript(html: string): string {
  return html.replace(THEME_SCRIPT, '');
}

/**
 * `html` without its Emotion style elements, which are added to `styles`. Kept as Emotion wrote them
 * (`data-emotion="css <ids>"`): an Emotion cache created on a page that holds them moves them into <head> and
 * counts their rules as inserted, instead of writing them again.
 */
export function takeEmotionStyles(html: string, styles: Set<string>): string {
  return html.replace(EMOTION_STYLE, (style) => {
    styles.add(style);
    return '';
  });
}
