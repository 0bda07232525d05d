import { SERVER_LIMITS } from '@snapshire/contracts';
import type { Caller } from '../../db/types.ts';
import { storageErrors } from '../errors.ts';
import type { ObjectRow, StorageRepository } from '../repository.ts';
import { signObjectToken, signedPath, verifyObjectToken, type TokenPurpose } from '../tokens.ts';
import type { Transform } from '../transform.ts';

const UNREADABLE = 'Either the object does not exist or you do not have access to it';

/** One answer of a batch signing: the signed path, or why the caller gets none. */
export interface SignedEntry {
  error: string | null;
  path: string;
  signedURL: string | null;
}

/** An object a signed URL opens, with what its token allows. */
export interface SignedObject {
  obj: ObjectRow;
  transform?: Transform;
  /** The token's expiry, seconds since the epoch. */
  exp: number;
}

/**
 * Signed URLs: only for objects the caller may read (RLS decides), for at most
 * SERVER_LIMITS.SIGNED_URL_MAX_EXPIRES_IN_S; presented later, the token alone authorises the read.
 */
export function createSigningService(repo: StorageRepository, jwtSecret: string) {
  const sign = async (bucketId: string, key: string, expiresIn: number, transform?: Transform) =>
    signedPath(bucketId, key, await signObjectToken(jwtSecret, bucketId, key, expiresIn, transform), transform);

  return {
    /** A signed URL's lifetime in seconds, as requested. */
    expiresIn(requested: unknown): number {
      const n = Number(requested);
      const max = SERVER_LIMITS.SIGNED_URL_MAX_EXPIRES_IN_S;
      if (!Number.isInteger(n) || n < 1) throw storageErrors.invalidRequest('body/expiresIn must be >= 1');
      // A signed URL is a credential: it must not outlive any sensible sharing of it.
      if (n > max) throw storageErrors.invalidParameter(`expiresIn must be at most ${max} seconds`);
      return n;
    },

    /** The signed path of one object the caller may see (a rendition's when `transform` is given). */
    async signOne(
      caller: Caller,
      bucketId: string,
      key: string,
      expiresIn: number,
      transform: Transform | undefined,
    ): Promise<string> {
      if (!(await repo.findObject(caller, bucketId, key))) throw storageErrors.noSuchKey();
      return sign(bucketId, key, expiresIn, transform);
    },

    /** Signed paths for many objects, each answered in order; hidden or missing ones get an error. */
    async signMany(caller: Caller, bucketId: string, paths: string[], expiresIn: number): Promise<SignedEntry[]> {
      const visible = await repo.visibleNames(caller, bucketId, paths);
      const out: SignedEntry[] = [];
      for (const path of paths) {
        if (!visible.has(path)) out.push({ error: UNREADABLE, path, signedURL: null });
        else out.push({ error: null, path, signedURL: await sign(bucketId, path, expiresIn) });
      }
      return out;
    },

    /** The object a presented token opens, read without RLS: the token is the authorisation. */
    async open(token: string | undefined, bucketId: string, key: string, purpose: TokenPurpose): Promise<SignedObject> {
      const { transform, exp } = await verifyObjectToken(jwtSecret, token, bucketId, key, purpose);
      const obj = await repo.findObjectAsOwner(bucketId, key);
      if (!obj?.version) throw storageErrors.noSuchKey();
      return { obj, transform, exp };
    },
  };
}

export type SigningService = ReturnType<typeof createSigningService>;

/** A signed URL's answer may be cached until its token expires: the URL itself is the credential. */
export function signedCacheControl(exp: number): string {
  const seconds = Math.max(exp - Math.floor(Date.now() / 1000), 0);
  return `private, max-age=${seconds}, immutable`;
}
