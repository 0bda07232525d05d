import { createSystem, defineConfig } from '@chakra-ui/react/styled-system';
import { defaultBaseConfig } from '@chakra-ui/react/preset-base';
import { chakraThemeInUse } from './chakraThemeInUse.ts';
import { touchTargetRecipes } from './touchTargets.ts';

/**
 * Snapshire's Chakra system, the one on the page: Chakra's base config (conditions, style properties) with
 * only the part of Chakra's theme the product uses (chakraThemeInUse.ts), a green `brand` accent (the default
 * colour palette of every component) and the mint gradient of the landing page, each in a light and a dark
 * variant. Nothing here imports `@chakra-ui/react` itself: its `defaultConfig` lives in a module that also
 * builds Chakra's full `defaultSystem` when loaded, a second system on the page.
 *
 * Its global CSS (reset, tokens as CSS variables, globalCss, keyframes) is written at build time into a
 * stylesheet (build/globalCssPlugin.ts); UiProvider does not insert it again.
 */
const config = defineConfig({
  globalCss: {
    // Keyboard focus and in-page scrolling stop below the sticky top bar (4rem), never under it.
    html: { colorPalette: 'brand', scrollPaddingTop: '5rem' },
    'html, body': { bg: 'bg', color: 'fg' },
  },
  theme: {
    tokens: {
      colors: {
        brand: {
          50: { value: '#ecfdf3' },
          100: { value: '#d1fae1' },
          200: { value: '#a6f2c6' },
          300: { value: '#6ee5a6' },
          400: { value: '#36cf82' },
          500: { value: '#16b466' },
          600: { value: '#0b9353' },
          700: { value: '#0b7545' },
          800: { value: '#0e5c3a' },
          900: { value: '#0d4c31' },
          950: { value: '#032b1b' },
        },
        mint: {
          50: { value: '#f0fdf8' },
          100: { value: '#d9faee' },
          200: { value: '#b5f3dc' },
          300: { value: '#85e8c6' },
          700: { value: '#0f5c48' },
          800: { value: '#0d473a' },
          900: { value: '#0a3a30' },
          950: { value: '#04211b' },
        },
      },
    },
    semanticTokens: {
      colors: {
        // WCAG 2.2 AA in both themes: white on brand.700 is 5.8:1; in dark the accent is the brighter
        // brand.400 with near-black green text, 7.6:1. Borders and focus rings stay at 3:1 or more.
        brand: {
          solid: { value: { _light: '{colors.brand.700}', _dark: '{colors.brand.400}' } },
          contrast: { value: { _light: 'white', _dark: '{colors.brand.950}' } },
          fg: { value: { _light: '{colors.brand.700}', _dark: '{colors.brand.300}' } },
          muted: { value: { _light: '{colors.brand.100}', _dark: '{colors.brand.900}' } },
          subtle: { value: { _light: '{colors.brand.50}', _dark: '{colors.brand.950}' } },
          emphasized: { value: { _light: '{colors.brand.200}', _dark: '{colors.brand.800}' } },
          focusRing: { value: { _light: '{colors.brand.600}', _dark: '{colors.brand.400}' } },
          border: { value: { _light: '{colors.brand.600}', _dark: '{colors.brand.400}' } },
        },
        landing: {
          fg: { value: { _light: '{colors.mint.950}', _dark: '{colors.mint.50}' } },
          muted: { value: { _light: '{colors.mint.800}', _dark: '{colors.mint.200}' } },
          // Behind the landing's text: a floating photo passing under it is dimmed and blurred, so the text
          // keeps its contrast (AA) wherever the photos drift.
          scrim: { value: { _light: 'rgba(240, 253, 248, 0.82)', _dark: 'rgba(4, 33, 27, 0.82)' } },
        },
      },
      gradients: {
        landing: {
          value: {
            _light: 'linear-gradient(160deg, {colors.mint.50} 0%, {colors.mint.100} 45%, {colors.mint.300} 100%)',
            _dark: 'linear-gradient(160deg, {colors.mint.950} 0%, {colors.mint.900} 55%, {colors.mint.700} 100%)',
          },
        },
      },
    },
    // The landing page's floating photos: drift upward, sway sideways, soften in and out of focus.
    keyframes: {
      landingFloat: {
        '0%': { transform: 'translateY(18vh)', opacity: '0' },
        '12%': { opacity: '1' },
        '85%': { opacity: '1' },
        '100%': { transform: 'translateY(-28vh)', opacity: '0' },
      },
      landingSway: {
        '0%': { transform: 'translateX(-14px)' },
        '100%': { transform: 'translateX(14px)' },
      },
      landingBlur: {
        '0%, 100%': { filter: 'blur(0px)' },
        '50%': { filter: 'blur(2.5px)' },
      },
    },
    ...touchTargetRecipes,
    textStyles: {
      pageTitle: {
        value: { fontSize: { base: '3xl', md: '4xl' }, fontWeight: 'bold', letterSpacing: 'tight', lineHeight: '1.15' },
      },
    },
  },
});

export const system = createSystem(defaultBaseConfig, chakraThemeInUse, config);
