// Its own module, not the package's index: the remote's build then keeps it with this package's fallback copy
// (onlySharedPackagesImport in packages/federation/src/chunkGroups.ts).
import { signPhotosResponseSchema, type SignPhotosResponse } from '@snapshire/contracts/sign-photos-schemas';

/**
 * The photos of a sign-photos answer, checked against its contract (SignPhotosResponse); null when it is not
 * one. Here, in the page's one copy of this package, so that a remote's photo signer checks its answers with
 * the zod the host already loads rather than a copy of its own on every screen with photos.
 */
export function signedPhotosIn(answer: unknown): SignPhotosResponse['photos'] | null {
  const checked = signPhotosResponseSchema.safeParse(answer);
  return checked.success ? checked.data.photos : null;
}
