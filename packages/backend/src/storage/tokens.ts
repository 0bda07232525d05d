import { InvalidJwtError, signProjectJwt, verifyProjectJwt } from '../config/keys.ts';
import { storageErrors } from './errors.ts';
import { transformFromString, transformToString, type Transform } from './transform.ts';

/**
 * Signed URL tokens, as storage-api writes them: a project JWT whose `url` claim names `<bucket>/<key>`, with
 * the render transform in `transformations` when the URL is for a rendition.
 */

/** What a token is presented for: the original bytes (/object/sign) or a rendition (/render/image/sign). */
export type TokenPurpose = 'object' | 'render';

export interface VerifiedToken {
  transform?: Transform;
  /** Expiry, seconds since the epoch. */
  exp: number;
}

export function signObjectToken(
  jwtSecret: string,
  bucket: string,
  key: string,
  expiresIn: number,
  transform?: Transform,
): Promise<string> {
  const iat = Math.floor(Date.now() / 1000);
  const payload: Record<string, unknown> = { url: `${bucket}/${key}`, iat, exp: iat + expiresIn };
  if (transform) payload.transformations = transformToString(transform);
  return signProjectJwt(payload, jwtSecret);
}

/**
 * A token's claims, checked against what it is presented for: its object, and its purpose (a token signed
 * for a render, e.g. width 100, never fetches the original on /object/sign).
 */
export async function verifyObjectToken(
  jwtSecret: string,
  token: string | undefined,
  bucket: string,
  key: string,
  purpose: TokenPurpose,
): Promise<VerifiedToken> {
  if (!token) throw storageErrors.invalidSignature();
  let payload: Record<string, unknown>;
  try {
    payload = await verifyProjectJwt(token, jwtSecret);
  } catch (err) {
    throw storageErrors.invalidJwt(
      err instanceof InvalidJwtError && err.reason === 'expired' ? 'jwt expired' : 'invalid signature',
    );
  }
  if (payload.url !== `${bucket}/${key}`) throw storageErrors.invalidSignature();
  if (purpose === 'object' && payload.transformations !== undefined) throw storageErrors.invalidSignature();
  const transform =
    typeof payload.transformations === 'string' ? transformFromString(payload.transformations) : undefined;
  return { transform, exp: Number(payload.exp) };
}

/** The path a signed URL answers on, relative to /storage/v1. */
export function signedPath(bucket: string, key: string, token: string, transform?: Transform): string {
  // Not percent-encoded: supabase-js prefixes the storage URL and encodeURI()s the whole.
  return `${transform ? '/render/image/sign' : '/object/sign'}/${bucket}/${key}?token=${token}`;
}
