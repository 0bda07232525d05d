/**
 * The sample accounts the seed creates (README and e2e use them). Local and test use only: never seed
 * these into a project that is reachable by anyone else.
 */
export const SAMPLE_ACCOUNTS = {
  /** Member (owner) of the private family group; author of posts in public groups and the family group. */
  ada: { email: 'ada@snapshire.test', password: 'snapshire-ada-2026' },
  /** Signed-in but not a member of any private group: sees only public groups. */
  ben: { email: 'ben@snapshire.test', password: 'snapshire-ben-2026' },
} as const;

export type SampleAccountName = keyof typeof SAMPLE_ACCOUNTS;

/** The names they signed up with: chosen, so signing in as them does not ask for one. */
export const SAMPLE_ACCOUNT_NAMES: Record<SampleAccountName, string> = { ada: 'Ada Lovelace', ben: 'Ben Okafor' };
