import { afterAll, beforeAll } from 'vitest';

/**
 * What the tests of the enclosing describe (or file) share, made once before them and disposed of after them:
 * a database, a schema, a running backend. Returns a stand-in that forwards every property to what `make`
 * made, so the tests read `db.query(...)` or `h.member` as if they held it; reading it outside a test or hook
 * (before the beforeAll has run) throws.
 */
export function suiteFixture<T extends object>(make: () => Promise<T>, dispose?: (made: T) => Promise<void>): T {
  let made: T | undefined;
  beforeAll(async () => {
    made = await make();
  });
  if (dispose)
    afterAll(async () => {
      if (made) await dispose(made);
    });
  return new Proxy({} as T, {
    get(_, key) {
      if (!made) throw new Error(`a suite fixture is read inside a test or hook, once its beforeAll has run`);
      const value: unknown = Reflect.get(made, key);
      return typeof value === 'function' ? (value as (...args: unknown[]) => unknown).bind(made) : value;
    },
  });
}
