/**
 * Fixed ids of the rows supabase/seed.sql inserts, so tests, e2e and the seed script can name them.
 * seed.sql is the source of the rows; a test checks the two agree.
 */
export const SEED_CATEGORIES = {
  photography: '20000000-0000-4000-8000-000000000001',
  street: '20000000-0000-4000-8000-000000000002',
  landscape: '20000000-0000-4000-8000-000000000003',
  architecture: '20000000-0000-4000-8000-000000000004',
  people: '20000000-0000-4000-8000-000000000005',
  nature: '20000000-0000-4000-8000-000000000006',
  night: '20000000-0000-4000-8000-000000000007',
  'black-and-white': '20000000-0000-4000-8000-000000000008',
} as const;
export type SeedCategory = keyof typeof SEED_CATEGORIES;

export const SEED_GROUPS = {
  bristol: '10000000-0000-4000-8000-000000000001',
  edinburgh: '10000000-0000-4000-8000-000000000002',
  /** Its seeded posts are all ben's: ada is not a member, so e2e can show a signed-in non-member there. */
  york: '10000000-0000-4000-8000-000000000003',
  brighton: '10000000-0000-4000-8000-000000000004',
  manchester: '10000000-0000-4000-8000-000000000005',
  keswick: '10000000-0000-4000-8000-000000000006',
  /** Public film-photography group. */
  film: '10000000-0000-4000-8000-000000000007',
  /** The private family group: sample account ada is its owner, ben is not a member. */
  family: '10000000-0000-4000-8000-000000000008',
} as const;
export type SeedGroup = keyof typeof SEED_GROUPS;

/** Categories each group offers (the group_category rows of seed.sql). */
export const SEED_GROUP_CATEGORIES: Record<SeedGroup, readonly SeedCategory[]> = {
  bristol: ['photography', 'street', 'architecture', 'people'],
  edinburgh: ['photography', 'architecture', 'landscape', 'street', 'night'],
  york: ['photography', 'architecture', 'street', 'people'],
  brighton: ['photography', 'street', 'people', 'nature'],
  manchester: ['photography', 'night', 'street', 'architecture'],
  keswick: ['photography', 'landscape', 'nature'],
  film: ['photography', 'black-and-white', 'street', 'landscape', 'people'],
  family: ['photography', 'people', 'nature'],
};

/** The large public group of fixtures/large-group.ts (500 posts). */
export const LARGE_GROUP_ID = '10000000-0000-4000-8000-000000000500';
export const LARGE_GROUP_POST_COUNT = 500;
