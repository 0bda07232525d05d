import { defineConfig } from '@chakra-ui/react/styled-system';
import {
  alertSlotRecipe,
  animationStyles,
  badgeRecipe,
  breakpoints,
  buttonRecipe,
  cardSlotRecipe,
  checkboxCardSlotRecipe,
  checkboxSlotRecipe,
  checkmarkRecipe,
  codeRecipe,
  containerRecipe,
  cssVarsPrefix,
  cssVarsRoot,
  dataListSlotRecipe,
  dialogSlotRecipe,
  fieldSlotRecipe,
  fieldsetSlotRecipe,
  globalCss,
  headingRecipe,
  iconRecipe,
  inputRecipe,
  keyframes,
  layerStyles,
  linkRecipe,
  listSlotRecipe,
  menuSlotRecipe,
  nativeSelectSlotRecipe,
  progressSlotRecipe,
  radioGroupSlotRecipe,
  radiomarkRecipe,
  semanticTokens,
  separatorRecipe,
  spinnerRecipe,
  switchSlotRecipe,
  textStyles,
  textareaRecipe,
  tokens,
} from '@chakra-ui/react/theme';

/**
 * The colour palettes in use: every `colorPalette` and colour token the apps name, and the palettes Chakra's
 * components pick themselves (Alert's statuses: info blue, success green, warning orange, error red). Chakra's
 * yellow, teal, purple and cyan are left out; using one means adding it here (a release of this package).
 */
export const PALETTES_IN_USE = ['gray', 'red', 'orange', 'green', 'blue', 'pink'] as const;

/** Colours that are not palettes, kept whole. */
const PLAIN_COLORS = ['transparent', 'current', 'black', 'white', 'whiteAlpha', 'blackAlpha'] as const;
/** Semantic colours that are not palettes (bg, fg, border and their variants), kept whole. */
const PLAIN_SEMANTIC_COLORS = ['bg', 'fg', 'border'] as const;

function pick<T extends object>(from: T, keys: readonly string[]): Partial<T> {
  return Object.fromEntries(keys.map((key) => [key, from[key as keyof T]])) as Partial<T>;
}

/**
 * The part of Chakra's default theme (what `defaultConfig` adds to `defaultBaseConfig`) the product uses:
 * every non-colour token, the palettes above, and the recipes of the Chakra components host, remotes and
 * packages import (with the recipes those components draw inside: Checkbox's checkmark, RadioGroup's
 * radiomark, Field's icon; IconButton and CloseButton use Button's). A remote that starts using another
 * component passes its recipe itself (README, "Singletons").
 */
export const chakraThemeInUse = defineConfig({
  preflight: true,
  cssVarsPrefix,
  cssVarsRoot,
  globalCss,
  theme: {
    breakpoints,
    keyframes,
    tokens: {
      ...tokens,
      colors: pick(tokens.colors!, [...PLAIN_COLORS, ...PALETTES_IN_USE]),
    },
    semanticTokens: {
      ...semanticTokens,
      colors: pick(semanticTokens.colors!, [...PLAIN_SEMANTIC_COLORS, ...PALETTES_IN_USE]),
    },
    recipes: {
      badge: badgeRecipe,
      button: buttonRecipe,
      checkmark: checkmarkRecipe,
      code: codeRecipe,
      container: containerRecipe,
      heading: headingRecipe,
      icon: iconRecipe,
      input: inputRecipe,
      link: linkRecipe,
      radiomark: radiomarkRecipe,
      separator: separatorRecipe,
      spinner: spinnerRecipe,
      textarea: textareaRecipe,
    },
    slotRecipes: {
      alert: alertSlotRecipe,
      card: cardSlotRecipe,
      checkbox: checkboxSlotRecipe,
      checkboxCard: checkboxCardSlotRecipe,
      dataList: dataListSlotRecipe,
      dialog: dialogSlotRecipe,
      field: fieldSlotRecipe,
      fieldset: fieldsetSlotRecipe,
      list: listSlotRecipe,
      menu: menuSlotRecipe,
      nativeSelect: nativeSelectSlotRecipe,
      progress: progressSlotRecipe,
      radioGroup: radioGroupSlotRecipe,
      switch: switchSlotRecipe,
    },
    textStyles,
    layerStyles,
    animationStyles,
  },
});
