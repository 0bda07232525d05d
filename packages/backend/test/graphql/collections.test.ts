// Conformance cases written from pg_graphql's documentation (its API page: Collections, Pagination, Filtering,
// Ordering; its configuration page: max_rows, totalCount): each sets up its tables in a fresh schema, sends
// the documented query and compares the JSON result structurally.
import { describe, expect, it } from 'vitest';
import {
  b64,
  BLOG_TABLE,
  createScenario,
  expectRefusals,
  refusal,
  scenarioForSuite,
  testDatabaseForSuite,
} from './graphql-database.ts';

const db = testDatabaseForSuite();

const BLOG_SQL = `${BLOG_TABLE}
  insert into "Blog"(name, description) values
    ('A: Blog 1', 'a desc1'), ('A: Blog 2', 'a desc2'), ('A: Blog 3', 'a desc3'), ('B: Blog 3', 'b desc1');
`;

const ids = (res: unknown, field = 'blogCollection') =>
  ((res as { data: Record<string, { edges: { node: { id: number } }[] }> }).data[field]!.edges ?? []).map(
    (e) => e.node.id,
  );

describe('pagination', () => {
  const s = scenarioForSuite(db, { sql: BLOG_SQL });

  const page = (args: string) =>
    s.run(
      `{ blogCollection(${args}) { pageInfo { startCursor endCursor hasPreviousPage hasNextPage } edges { cursor node { id } } } }`,
    );

  /** The cursors pg_graphql's docs show for the blogs 1 to 4 (base64 of [id]). */
  const CURSORS: Record<number, string> = { 1: 'WzFd', 2: 'WzJd', 3: 'WzNd', 4: 'WzRd' };
  /** The answer to page(): the blogs `blogIds`, each with its cursor, and whether pages lie beyond them. */
  const pageOf = (blogIds: number[], beyond: { hasPreviousPage: boolean; hasNextPage: boolean }) => ({
    data: {
      blogCollection: {
        edges: blogIds.map((id) => ({ node: { id }, cursor: CURSORS[id] })),
        pageInfo: {
          startCursor: blogIds.length ? CURSORS[blogIds[0]!] : null,
          endCursor: blogIds.length ? CURSORS[blogIds.at(-1)!] : null,
          ...beyond,
        },
      },
    },
  });

  it('pages forward with first/after as the docs show (cursors WzFd..WzRd)', async () => {
    expect(await page('first: 2, after: null')).toEqual(pageOf([1, 2], { hasPreviousPage: false, hasNextPage: true }));
    expect(await page('first: 2, after: "WzJd"')).toEqual(
      pageOf([3, 4], { hasPreviousPage: true, hasNextPage: false }),
    );
    expect(b64('[1]')).toBe('WzFd');
  });

  it('pages backward with last/before (hasPreviousPage/hasNextPage swap roles)', async () => {
    expect(await page('last: 2')).toEqual(pageOf([3, 4], { hasPreviousPage: true, hasNextPage: false }));
    expect(await page('last: 2, before: "WzNd"')).toEqual(
      pageOf([1, 2], { hasPreviousPage: false, hasNextPage: true }),
    );
  });

  it('pages with first/offset like limit/offset', async () => {
    expect(await page('first: 2, offset: 2')).toEqual(pageOf([3, 4], { hasPreviousPage: true, hasNextPage: false }));
    expect(ids(await page('first: 1, offset: 1, after: "WzFd"'))).toEqual([3]);
  });

  it('returns empty pages with null cursors', async () => {
    // pg_graphql computes hasPreviousPage from the rows on the page, so an empty page has none before it.
    expect(await page('first: 2, after: "WzRd"')).toEqual(pageOf([], { hasPreviousPage: false, hasNextPage: false }));
  });

  it.each([
    ['first: 1, last: 1', 'only one of "first" and "last" may be provided'],
    ['before: "WzFd", after: "WzFd"', 'only one of "before" and "after" may be provided'],
    ['first: 1, before: "WzFd"', '"first" may only be used with "after"'],
    ['last: 1, after: "WzFd"', '"last" may only be used with "before"'],
    ['last: 1, offset: 1', '"offset" may only be used with "first" and "after"'],
    ['first: -1', '`first` must be an unsigned integer'],
    ['last: -1', '`last` must be an unsigned integer'],
    ['offset: -1', '`offset` must be an unsigned integer'],
    ['first: "2"', 'Invalid input for Int type'],
  ])("refuses %s with pg_graphql's message", async (args, message) => {
    expect(await page(args)).toEqual(refusal(message));
  });
});

describe('page size', () => {
  it('caps pages at 30 rows by default, and at max_rows from the schema or table directive', async () => {
    const sql = `create table item(id int primary key); insert into item select generate_series(1, 40);`;
    const s = await createScenario(db, { sql });
    expect(ids(await s.run('{ itemCollection { edges { node { id } } } }'), 'itemCollection')).toHaveLength(30);
    expect(ids(await s.run('{ itemCollection(first: 100) { edges { node { id } } } }'), 'itemCollection')).toHaveLength(
      30,
    );
    expect(ids(await s.run('{ itemCollection(last: 100) { edges { node { id } } } }'), 'itemCollection')[0]).toBe(11);

    const small = await createScenario(db, { sql, schemaComment: '@graphql({"max_rows": 5})' });
    const res = await small.run('{ itemCollection(first: 10) { pageInfo { hasNextPage } edges { node { id } } } }');
    expect(ids(res, 'itemCollection')).toEqual([1, 2, 3, 4, 5]);

    const perTable = await createScenario(db, { sql: `${sql} comment on table item is '@graphql({"max_rows": 3})';` });
    expect(ids(await perTable.run('{ itemCollection { edges { node { id } } } }'), 'itemCollection')).toEqual([
      1, 2, 3,
    ]);
  });
});

describe('totalCount', () => {
  it('is opt-in per table and counts every row matching the filter, ignoring pagination', async () => {
    const off = await createScenario(db, { sql: BLOG_SQL });
    expect(await off.run('{ blogCollection { totalCount } }')).toEqual(refusal('unknown field in connection'));
    const on = await createScenario(db, {
      sql: `${BLOG_SQL} comment on table "Blog" is e'@graphql({"totalCount": {"enabled": true}})';`,
    });
    expect(
      await on.run('{ blogCollection(first: 1, filter: {id: {gt: 1}}) { totalCount edges { node { id } } } }'),
    ).toEqual({
      data: { blogCollection: { totalCount: 3, edges: [{ node: { id: 2 } }] } },
    });
    expect(await on.run('{ blogCollection(filter: {id: {gt: 10}}) { totalCount } }')).toEqual({
      data: { blogCollection: { totalCount: 0 } },
    });
  });
});

describe('filtering', () => {
  const s = scenarioForSuite(db, {
    sql: `${BLOG_SQL}
        insert into "Blog"(name, description) values ('c: blog 5', null);`,
  });
  const filtered = async (filter: string) =>
    ids(await s.run(`{ blogCollection(filter: ${filter}) { edges { node { id } } } }`));

  it.each([
    ['{id: {eq: 2}}', [2]],
    ['{id: {neq: 2}}', [1, 3, 4, 5]],
    ['{id: {lt: 3}}', [1, 2]],
    ['{id: {lte: 3}}', [1, 2, 3]],
    ['{id: {gt: 3}}', [4, 5]],
    ['{id: {gte: 3}}', [3, 4, 5]],
    ['{id: {in: [1, 4, 9]}}', [1, 4]],
    ['{id: {in: []}}', []],
    ['{description: {is: NULL}}', [5]],
    ['{description: {is: NOT_NULL}}', [1, 2, 3, 4]],
    ['{name: {like: "A:%3"}}', [3]],
    ['{name: {ilike: "%BLOG 5"}}', [5]],
    ['{name: {startsWith: "B:"}}', [4]],
    ['{name: {regex: "^A: Blog [12]$"}}', [1, 2]],
    ['{name: {iregex: "^c: BLOG"}}', [5]],
    ['{name: {eq: "A: Blog 1"}, id: {gt: 0, lt: 2}}', [1]],
    ['{description: {eq: null}}', []],
    ['{description: null}', [1, 2, 3, 4, 5]],
  ])('filter %s', async (filter, expected) => {
    expect(await filtered(filter)).toEqual(expected);
  });

  it('combines filters with and/or/not as the docs show', async () => {
    expect(await filtered('{and: [{id: {eq: 1}}, {name: {eq: "A: Blog 1"}}]}')).toEqual([1]);
    expect(await filtered('{or: [{id: {eq: 1}}, {name: {eq: "A: Blog 2"}}]}')).toEqual([1, 2]);
    expect(await filtered('{not: {id: {eq: 1}}}')).toEqual([2, 3, 4, 5]);
    expect(
      await filtered('{or: [{id: {eq: 1}}, {id: {eq: 2}}, {and: [{id: {eq: 3}, not: {name: {eq: "A: Blog 2"}}}]}]}'),
    ).toEqual([1, 2, 3]);
    // Empty filters are ignored.
    expect(await filtered('{and: [], or: [], not: {}}')).toEqual([1, 2, 3, 4, 5]);
    // Fields inside `not` are and-ed.
    expect(await filtered('{not: {id: {eq: 1}, name: {eq: "A: Blog 1"}}}')).toEqual([2, 3, 4, 5]);
    // A single object given to `or` is a list of one: an `and` in `or`'s clothing.
    expect(await filtered('{or: {id: {eq: 1}, name: {eq: "A: Blog 2"}}}')).toEqual([]);
  });

  it("refuses unknown filter fields and operators with pg_graphql's messages", async () => {
    await expectRefusals(s, [
      [
        '{ blogCollection(filter: {nope: {eq: 1}}) { edges { node { id } } } }',
        'Input for type BlogFilter contains extra keys ["nope"]',
      ],
      [
        '{ blogCollection(filter: {id: {like: "1"}}) { edges { node { id } } } }',
        'Input for type IntFilter contains extra keys ["like"]',
      ],
      [
        '{ blogCollection(filter: {description: {is: MAYBE}}) { edges { node { id } } } }',
        'Invalid input for FilterIs type',
      ],
    ]);
  });
});

describe('ordering', () => {
  const s = scenarioForSuite(db, {
    sql: `create table item(id int primary key, rank int, label text);
            insert into item values (1, 2, 'b'), (2, null, 'a'), (3, 1, 'a'), (4, 2, null);`,
  });
  const ordered = async (orderBy: string, extra = '') =>
    ids(await s.run(`{ itemCollection(orderBy: ${orderBy}${extra}) { edges { node { id } } } }`), 'itemCollection');

  it('orders by the primary key by default and by each direction with the key as tie-breaker', async () => {
    expect(ids(await s.run('{ itemCollection { edges { node { id } } } }'), 'itemCollection')).toEqual([1, 2, 3, 4]);
    expect(await ordered('[{id: DescNullsLast}]')).toEqual([4, 3, 2, 1]);
    expect(await ordered('[{rank: AscNullsFirst}]')).toEqual([2, 3, 1, 4]);
    expect(await ordered('[{rank: AscNullsLast}]')).toEqual([3, 1, 4, 2]);
    expect(await ordered('[{rank: DescNullsFirst}]')).toEqual([2, 1, 4, 3]);
    expect(await ordered('[{rank: DescNullsLast}]')).toEqual([1, 4, 3, 2]);
    expect(await ordered('[{label: AscNullsLast}, {rank: DescNullsLast}]')).toEqual([3, 2, 1, 4]);
    expect(await ordered('{rank: AscNullsFirst}')).toEqual([2, 3, 1, 4]);
  });

  it('paginates keyset-wise over a nullable order column in both directions', async () => {
    const all = await s.run('{ itemCollection(orderBy: [{rank: AscNullsFirst}]) { edges { cursor node { id } } } }');
    const edges = (all.data as { itemCollection: { edges: { cursor: string; node: { id: number } }[] } }).itemCollection
      .edges;
    expect(edges.map((e) => e.node.id)).toEqual([2, 3, 1, 4]);
    expect(Buffer.from(edges[0]!.cursor, 'base64').toString()).toBe('[null, 2]');
    for (let i = 0; i < edges.length; i++) {
      expect(await ordered('[{rank: AscNullsFirst}]', `, first: 2, after: "${edges[i]!.cursor}"`)).toEqual(
        edges.slice(i + 1, i + 3).map((e) => e.node.id),
      );
      expect(await ordered('[{rank: AscNullsFirst}]', `, last: 2, before: "${edges[i]!.cursor}"`)).toEqual(
        edges.slice(Math.max(0, i - 2), i).map((e) => e.node.id),
      );
    }
  });

  it('refuses an invalid direction', async () => {
    expect(await s.run('{ itemCollection(orderBy: [{id: Sideways}]) { edges { node { id } } } }')).toEqual(
      refusal('Invalid input for OrderByDirection type'),
    );
  });
});
