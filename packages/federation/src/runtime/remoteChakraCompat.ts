/** Runtime plugin of every remote (remoteFederation): see coreFromWholeChakra in ./chakraCompat.ts. */
import { coreFromWholeChakra } from './chakraCompat.ts';

export default function remoteChakraCompat() {
  return coreFromWholeChakra();
}
