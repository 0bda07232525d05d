import { signPhotosResponseSchema, type SignPhotosResponse } from '@snapshire/contracts';

/**
 * A sign-photos answer checked against its wire format (@snapshire/contracts), or undefined when it is not one.
 * In the page's one data layer, not in the remote that asks: the host's copy checks it, so a remote's first
 * screen downloads no zod of its own for this one check (remote-browse's group page did: 9.5 KB brotli).
 */
export function readSignPhotosAnswer(value: unknown): SignPhotosResponse | undefined {
  const parsed = signPhotosResponseSchema.safeParse(value);
  return parsed.success ? parsed.data : undefined;
}
