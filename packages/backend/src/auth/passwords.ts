import { randomBytes, scrypt as scryptCb, timingSafeEqual, type ScryptOptions } from 'node:crypto';
import type { SqlClient } from '../db/types.ts';
import { authErrors } from './errors.ts';
import { missingCharactersError, requiredCharacterSets, type PasswordRequirements } from './rate-limits.ts';
import { bcryptMatches, type UserRow } from './repository.ts';

const N = 16384;
const R = 8;
const P = 1;
const KEY_LENGTH = 32;

function scrypt(password: string, salt: Buffer, options: ScryptOptions): Promise<Buffer> {
  return new Promise((resolve, reject) =>
    scryptCb(password.normalize('NFKC'), salt, KEY_LENGTH, options, (err, key) => (err ? reject(err) : resolve(key))),
  );
}

/** `$scrypt$N=16384,r=8,p=1$<salt>$<hash>` (base64): salted, parameters kept with the hash. */
export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(16);
  const key = await scrypt(password, salt, { N, r: R, p: P });
  return `$scrypt$N=${N},r=${R},p=${P}$${salt.toString('base64')}$${key.toString('base64')}`;
}

export function isScryptHash(hash: string | null | undefined): hash is string {
  return !!hash && hash.startsWith('$scrypt$');
}

/** Checks a password against a hash from hashPassword, comparing in constant time. */
export async function verifyScrypt(password: string, hash: string): Promise<boolean> {
  const m = /^\$scrypt\$N=(\d+),r=(\d+),p=(\d+)\$([^$]+)\$([^$]+)$/.exec(hash);
  if (!m) return false;
  const expected = Buffer.from(m[5]!, 'base64');
  const n = Number(m[1]);
  const actual = await scrypt(password, Buffer.from(m[4]!, 'base64'), {
    N: n,
    r: Number(m[2]),
    p: Number(m[3]),
    maxmem: 256 * n * Number(m[2]) + 1024 * 1024,
  });
  return actual.length === expected.length && timingSafeEqual(actual, expected);
}

/** A hash to compare against when the user does not exist, so timing does not tell who has an account. */
let dummyHash: Promise<string> | undefined;
export function dummyPasswordHash(): Promise<string> {
  dummyHash ??= hashPassword(randomBytes(12).toString('hex'));
  return dummyHash;
}

/**
 * Checks a password against the stored hash: ours (scrypt) or bcrypt (pgcrypto's crypt(), as seeds write).
 * An account without one still costs a hash, so timing does not tell who has an account.
 */
export async function checkPassword(sql: SqlClient, user: UserRow | undefined, password: string): Promise<boolean> {
  const hash = user?.encrypted_password;
  if (!hash) {
    await verifyScrypt(password, await dummyPasswordHash());
    return false;
  }
  if (isScryptHash(hash)) return verifyScrypt(password, hash);
  if (/^\$2[aby]\$/.test(hash)) return bcryptMatches(sql, password, hash);
  return false;
}

/** `[auth] minimum_password_length` and `password_requirements`: throws GoTrue's weak_password. */
export function passwordStrengthRule(minimumLength: number, requirements: PasswordRequirements) {
  const requiredSets = requiredCharacterSets(requirements);
  return (password: string): void => {
    if ([...password].length < minimumLength) throw authErrors.weakPassword(minimumLength);
    if (requiredSets.some((set) => ![...password].some((ch) => set.includes(ch))))
      throw missingCharactersError(requiredSets);
  };
}
