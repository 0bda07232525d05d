import {
  buttonRecipe,
  checkboxSlotRecipe,
  inputRecipe,
  nativeSelectSlotRecipe,
  radioGroupSlotRecipe,
  switchSlotRecipe,
} from '@chakra-ui/react/theme';

/**
 * Touch targets: on a coarse pointer (a finger), every control is at least 44x44 CSS px (WCAG 2.2 target
 * size, enhanced; e2e/tests/targets.spec.ts measures it). Mouse and keyboard layouts keep Chakra's sizes.
 */
export const COARSE_POINTER = '@media (pointer: coarse)';

/** A control's own box: at least 44 px each way (11 = 2.75rem). */
export const touchTarget = { [COARSE_POINTER]: { minH: '11', minW: '11' } } as const;

/** A link standing alone (not inside a sentence), as a target: 44 px tall, its text centred in it. */
export const touchTargetLink = {
  [COARSE_POINTER]: { minH: '11', display: 'inline-flex', alignItems: 'center' },
} as const;

/** A label wrapping its control (checkbox, switch, radio): 44 px tall. */
const touchTargetLabel = { [COARSE_POINTER]: { minH: '11' } } as const;

/** The recipes in use whose parts are tapped, with those parts touch-sized on top of Chakra's own (system.ts). */
export const touchTargetRecipes = {
  recipes: {
    button: { ...buttonRecipe, base: { ...buttonRecipe.base, ...touchTarget } },
    input: { ...inputRecipe, base: { ...inputRecipe.base, ...touchTarget } },
  },
  slotRecipes: {
    checkbox: withSlot(checkboxSlotRecipe, 'root', touchTargetLabel),
    switch: withSlot(switchSlotRecipe, 'root', touchTargetLabel),
    radioGroup: withSlot(radioGroupSlotRecipe, 'item', touchTargetLabel),
    nativeSelect: withSlot(nativeSelectSlotRecipe, 'field', touchTarget),
  },
};

/** The slot recipe with `style` added to one slot's base style. */
function withSlot<R extends { base?: Record<string, object | undefined> }>(recipe: R, slot: string, style: object): R {
  return { ...recipe, base: { ...recipe.base, [slot]: { ...recipe.base?.[slot], ...style } } };
}
