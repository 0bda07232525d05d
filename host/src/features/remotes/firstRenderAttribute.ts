/**
 * On the element that holds a screen's published first render (ScreenQuery.firstRender in @snapshire/contracts),
 * drawn by the page's first script (earlyRemote.ts) and by the screen's slot until the screen has loaded
 * (earlyFirstRender.tsx). Its own module: the build's config loader reads it, on Node.
 */
export const FIRST_RENDER_ATTRIBUTE = 'data-first-render';
