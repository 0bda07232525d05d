import { Checkbox } from '@chakra-ui/react/checkbox';
import { Fieldset } from '@chakra-ui/react/fieldset';
import { Wrap } from '@chakra-ui/react/wrap';
import { GROUP_LIMITS } from '@snapshire/contracts';

export interface CategoryChoice {
  id: string;
  display_name: string;
}

/** The categories a group offers, picked from the site's list (at most GROUP_LIMITS.CATEGORIES_MAX). */
export function CategoryChoices({
  choices,
  selected,
  onChange,
  disabled,
}: {
  choices: readonly CategoryChoice[];
  selected: readonly string[];
  onChange: (ids: string[]) => void;
  disabled?: boolean;
}) {
  const full = selected.length >= GROUP_LIMITS.CATEGORIES_MAX;
  return (
    <Fieldset.Root disabled={disabled}>
      <Fieldset.Legend>Categories</Fieldset.Legend>
      <Fieldset.HelperText>
        Members can file their photos under these (at most {GROUP_LIMITS.CATEGORIES_MAX}).
      </Fieldset.HelperText>
      <Wrap gap="3" mt="2">
        {choices.map((category) => {
          const checked = selected.includes(category.id);
          return (
            <Checkbox.Root
              key={category.id}
              checked={checked}
              disabled={!checked && full}
              colorPalette="brand"
              onCheckedChange={(details) =>
                onChange(
                  details.checked === true ? [...selected, category.id] : selected.filter((id) => id !== category.id),
                )
              }
            >
              <Checkbox.HiddenInput />
              <Checkbox.Control />
              <Checkbox.Label>{category.display_name}</Checkbox.Label>
            </Checkbox.Root>
          );
        })}
      </Wrap>
    </Fieldset.Root>
  );
}
