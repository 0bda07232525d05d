/** Runtime plugin of the host (hostFederation): see provideWholeChakra in ./chakraCompat.ts. */
import { provideWholeChakra } from './chakraCompat.ts';

export default function hostChakraCompat({ version }: { version: string }) {
  // WHOLE_CHAKRA_MODULE of ../chakraCore.ts: a lazy copy of all of Chakra, sharing the page's one core.
  return provideWholeChakra(version, () => import('virtual:snapshire/whole-chakra'));
}
