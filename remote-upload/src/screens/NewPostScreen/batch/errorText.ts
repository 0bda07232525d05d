/**
 * Error text on the batch's tiles and result: the theme's fg.error (red.500) has 3.8:1 on white, under
 * WCAG AA's 4.5:1 for small text (axe), so a darker red in light mode and a lighter one in dark mode.
 */
export const ERROR_TEXT = { base: 'red.700', _dark: 'red.300' } as const;
