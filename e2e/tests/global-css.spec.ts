/**
 * The design system's global CSS (issue 24, decision 3): the reset, the tokens as CSS variables with their dark
 * values, globalCss and keyframes come from one stylesheet the page links (written at build time from the
 * system: packages/ui/build/globalCssPlugin.ts), fetched once and cached, and no script inserts them at start
 * (ChakraProvider would, through Emotion, on every load).
 */
import type { Page } from '@playwright/test';
import { paths } from '@snapshire/contracts';
import { SEED_GROUPS } from '../../supabase/seed/ids.ts';
import { expect, test, waitForApp } from '../harness/fixtures.ts';

/** Only in the global CSS: a token's declaration, the reset's layer, the system's own keyframes. */
const GLOBAL_CSS = [/--chakra-colors-brand-700\s*:/, /@layer reset\s*\{/, /@keyframes landingFloat/];
const STYLESHEET = /\/assets\/chakra-global-[0-9a-f]+\.css$/;

/**
 * What the page's <style> elements hold that the served HTML did not (Emotion's production build writes its
 * rules through insertRule, so they are read from the CSSOM), and the stylesheets it links.
 */
async function stylesOf(page: Page, html: string) {
  return page.evaluate((served) => {
    const sheets = [...document.styleSheets];
    const inserted = sheets
      .filter((sheet) => sheet.ownerNode instanceof HTMLStyleElement && !served.includes(sheet.ownerNode.outerHTML))
      .map((sheet) => [...sheet.cssRules].map((rule) => rule.cssText).join('\n'));
    const linked = sheets
      .filter((sheet) => sheet.ownerNode instanceof HTMLLinkElement)
      .map((sheet) => ({ href: sheet.href ?? '', rules: [...sheet.cssRules].map((rule) => rule.cssText).join('\n') }));
    return { inserted, linked };
  }, html);
}

test('no script inserts the global CSS at start: the page links it, asked for once by the landing and by a group page', async ({
  page,
  stack,
  pageErrors,
}) => {
  const fetched: string[] = [];
  page.on('request', (request) => {
    if (STYLESHEET.test(new URL(request.url()).pathname)) fetched.push(request.url());
  });
  const html = await (await page.request.get(`${stack.hostUrl}/`)).text();
  // Whether the stylesheet had loaded when the app first drew into #root (no unstyled first paint). What the
  // HTML itself holds there (the shell, host/build/prerenderShell.tsx) waits for it as any linked stylesheet
  // in the head makes the page's first paint wait. The app's first commit is the first change inside #root
  // once React has taken it (React marks the element it renders into with a property of its own at
  // createRoot, before it renders; the shell's own script has run by then): whatever that commit does,
  // clearing the shell, adding to it or replacing it, in one batch of records or several.
  await page.addInitScript(() => {
    const state = { styledAtFirstRender: null as boolean | null, error: null as string | null };
    (window as unknown as { __globalCss: typeof state }).__globalCss = state;
    new MutationObserver((records, observer) => {
      try {
        const root = document.getElementById('root');
        if (!root || !Object.keys(root).some((key) => key.startsWith('__reactContainer'))) return;
        if (!records.some((record) => root.contains(record.target))) return;
        observer.disconnect();
        state.styledAtFirstRender = [...document.styleSheets].some(
          (sheet) => /chakra-global-/.test(sheet.href ?? '') && sheet.cssRules.length > 0,
        );
      } catch (error) {
        // Seen rather than lost: an exception in an observer would leave the probe silent.
        observer.disconnect();
        state.error = String(error);
      }
    }).observe(document, { childList: true, subtree: true });
  });

  await page.goto(paths.home());
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await waitForApp(page);
  await page.waitForLoadState('networkidle');
  const landing = await stylesOf(page, html);
  expect(fetched).toHaveLength(1);
  const firstRender = () =>
    page.evaluate(() => (window as unknown as { __globalCss: { styledAtFirstRender: boolean } }).__globalCss);
  expect(await firstRender()).toEqual({ styledAtFirstRender: true, error: null });

  // Into a remote's screen within the site: the remote brings no stylesheet of its own.
  await page.goto(paths.group(SEED_GROUPS.bristol));
  await expect(page.getByTestId('photo-tile').first()).toBeVisible();
  await waitForApp(page);
  await page.waitForLoadState('networkidle');
  const group = await stylesOf(page, html);
  // Once again for the new page (from the browser's cache: the header test below), none by the remote.
  expect(fetched).toHaveLength(2);
  expect(await firstRender()).toEqual({ styledAtFirstRender: true, error: null });

  for (const { inserted, linked } of [landing, group]) {
    // Component styles are inserted (Emotion), none of them the global CSS.
    expect(inserted.length).toBeGreaterThan(0);
    for (const marker of GLOBAL_CSS) expect(inserted.filter((rules) => marker.test(rules))).toEqual([]);
    // One linked stylesheet carries it all.
    const global = linked.filter((sheet) => STYLESHEET.test(new URL(sheet.href).pathname));
    expect(global).toHaveLength(1);
    for (const marker of GLOBAL_CSS) expect(global[0]!.rules).toMatch(marker);
  }
  expect(pageErrors).toEqual([]);
});

test('the stylesheet is served as an immutable, compressed asset', async ({ page, stack }) => {
  const html = await (await page.request.get(`${stack.hostUrl}/`)).text();
  const href = /<link rel="stylesheet" href="([^"]+)">/.exec(html)?.[1];
  expect(href).toMatch(STYLESHEET);
  // In the head, so it applies before the first paint.
  expect(html.indexOf(href!)).toBeLessThan(html.indexOf('</head>'));
  const response = await page.request.get(new URL(href!, stack.hostUrl).href, {
    headers: { 'Accept-Encoding': 'br' },
  });
  expect(response.headers()['content-type']).toMatch(/^text\/css/);
  expect(response.headers()['cache-control']).toContain('immutable');
  expect(response.headers()['content-encoding']).toBe('br');
});
