/**
 * The site's page column (PageContainer here, @snapshire/ui's PageShell alike): at most 72rem wide, padded
 * 1rem on each side, 1.5rem from Chakra's `md` breakpoint (48rem). Numbers, so the gallery can know its width
 * before it is laid out: the group page's first-photos module (screens/GroupPage/firstPhotos.ts) sizes the
 * first photos from the viewport alone, exactly as the gallery will.
 */
export const PAGE_MAX_WIDTH_REM = 72;
export const PAGE_PADDING_X_REM = { base: 1, md: 1.5 } as const;
/** Chakra's `md` breakpoint. */
export const MD_BREAKPOINT_REM = 48;
/** The browser's default root font size, which rem sizes are measured in. */
const ROOT_FONT_PX = 16;

/** The content width of the page column on a viewport `viewportWidth` CSS pixels wide. */
export function pageContentWidth(viewportWidth: number): number {
  const padding =
    (viewportWidth >= MD_BREAKPOINT_REM * ROOT_FONT_PX ? PAGE_PADDING_X_REM.md : PAGE_PADDING_X_REM.base) *
    ROOT_FONT_PX;
  return Math.max(1, Math.min(viewportWidth, PAGE_MAX_WIDTH_REM * ROOT_FONT_PX) - 2 * padding);
}
