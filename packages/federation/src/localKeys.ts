import { createHmac } from 'node:crypto';

/** Supabase's local development JWT secret (the embedded backend's default, README.md "The backend"). */
export const DEFAULT_JWT_SECRET = 'super-secret-jwt-token-with-at-least-32-characters-long';

const base64url = (input: string | Buffer) => Buffer.from(input).toString('base64url');

/**
 * The anon key the embedded backend derives from a JWT secret: Supabase's well-known local key for the
 * default secret (HS256, iss supabase-demo, role anon, exp 1983812996). Used for dev-time config only;
 * `npm start` takes the key from the running backend.
 */
export function localAnonKey(jwtSecret: string = DEFAULT_JWT_SECRET): string {
  const header = base64url(JSON.stringify({ alg: 'HS256', typ: 'JWT' }));
  const payload = base64url(JSON.stringify({ iss: 'supabase-demo', role: 'anon', exp: 1983812996 }));
  const signature = createHmac('sha256', jwtSecret).update(`${header}.${payload}`).digest('base64url');
  return `${header}.${payload}.${signature}`;
}
