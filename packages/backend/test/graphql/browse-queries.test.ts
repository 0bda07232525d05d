// The four queries of docs/product.md (the browse remote's own documents, in remote-browse/src/shared/data),
// sent by Apollo Client to a running embedded backend over POST /graphql/v1, against supabase/migrations + the
// seed: as anon and as ada, a member of the private family group. Also: the committed SDL is what the migrations reflect to,
// and each of these requests costs one SQL statement.
import { readFile } from 'node:fs/promises';
// The backend never ships frontend code; this test alone plays the browser's Apollo Client against the server,
// which is what the issue asks of it.
import { ApolloClient, HttpLink, InMemoryCache, gql, type DocumentNode } from '@apollo/client';
import { createClient } from '@supabase/supabase-js';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import ws from 'ws';
import { SAMPLE_ACCOUNTS } from '../../../../supabase/seed/accounts.ts';
import { SEED_GROUPS, SEED_GROUP_CATEGORIES, SEED_CATEGORIES } from '../../../../supabase/seed/ids.ts';
import { beginTransactionSql } from '../../src/db/transaction-setup.ts';
import type { Caller, Database, QueryResult, SqlClient } from '../../src/db/types.ts';
import { startBackend, type RunningBackend } from '../../src/index.ts';
import { printGraphqlSdl } from '../../src/graphql/sdl.ts';
import { createGraphqlService } from '../../src/graphql/service.ts';
import { ANON, roleCaller } from '../../testing/callers.ts';

// Each remote owns its operations, as .graphql files beside the code that uses them; these four, read by several
// browse screens, in remote-browse/src/shared/data.
const BROWSE_DATA = new URL('../../../../remote-browse/src/shared/data/', import.meta.url);
const DOCUMENTS = {
  AllGroups: new URL('groups/AllGroups.graphql', BROWSE_DATA),
  GroupById: new URL('group/GroupById.graphql', BROWSE_DATA),
  GroupPostsByCategoryIds: new URL('group/GroupPostsByCategoryIds.graphql', BROWSE_DATA),
  PostById: new URL('post/PostById.graphql', BROWSE_DATA),
} as const;
const SDL_FILE = new URL('../../../data/src/graphql/schema.graphql', import.meta.url);
const doc = async (name: keyof typeof DOCUMENTS): Promise<DocumentNode> => gql(await readFile(DOCUMENTS[name], 'utf8'));

let backend: RunningBackend;
let anon: ApolloClient;
let ada: ApolloClient;
let docs: Record<'AllGroups' | 'GroupById' | 'GroupPostsByCategoryIds' | 'PostById', DocumentNode>;

function apollo(url: string, apikey: string, token: string): ApolloClient {
  return new ApolloClient({
    link: new HttpLink({ uri: `${url}/graphql/v1`, headers: { apikey, Authorization: `Bearer ${token}` } }),
    cache: new InMemoryCache(),
    defaultOptions: { query: { fetchPolicy: 'no-cache' } },
  });
}

beforeAll(async () => {
  backend = await startBackend({ port: 0, host: '127.0.0.1', log: false });
  const supabase = createClient(backend.url, backend.anonKey, {
    auth: { persistSession: false, autoRefreshToken: false },
    realtime: { transport: ws as never },
  });
  const { data, error } = await supabase.auth.signInWithPassword(SAMPLE_ACCOUNTS.ada);
  if (error || !data.session) throw new Error(`ada could not sign in: ${error?.message}`);
  anon = apollo(backend.url, backend.anonKey, backend.anonKey);
  ada = apollo(backend.url, backend.anonKey, data.session.access_token);
  docs = {
    AllGroups: await doc('AllGroups'),
    GroupById: await doc('GroupById'),
    GroupPostsByCategoryIds: await doc('GroupPostsByCategoryIds'),
    PostById: await doc('PostById'),
  };
}, 300_000);

afterAll(async () => {
  await backend?.stop();
});

type Edges<T> = {
  edges: { cursor?: string; node: T }[];
  pageInfo?: { hasNextPage: boolean; endCursor: string | null };
};
interface PostNode {
  id: string;
  created_at: string;
  file_name: string;
  meta_width: number;
  meta_height: number;
}
interface GroupNode {
  id: string;
  display_name: string;
  is_private: boolean;
  description?: string;
  postCollection?: Edges<PostNode>;
  group_categoryCollection?: Edges<{ category: { id: string; display_name: string } }>;
}

async function query<T>(
  client: ApolloClient,
  name: keyof typeof docs,
  variables: Record<string, unknown> = {},
): Promise<T> {
  const res = await client.query<T>({ query: docs[name], variables });
  if (res.error) throw res.error;
  return res.data as T;
}

describe('SPEC section 7 queries through Apollo Client', () => {
  it('AllGroups: public groups for anon, the private group too for its member; at most 2 uploaded posts each', async () => {
    const forAnon = await query<{ groupCollection: Edges<GroupNode> }>(anon, 'AllGroups');
    const anonIds = forAnon.groupCollection.edges.map((e) => e.node.id);
    expect(anonIds).not.toContain(SEED_GROUPS.family);
    expect(anonIds).toEqual(expect.arrayContaining([SEED_GROUPS.bristol, SEED_GROUPS.film]));
    for (const { node } of forAnon.groupCollection.edges) {
      expect(node.is_private).toBe(false);
      expect(node.postCollection!.edges.length).toBeLessThanOrEqual(2);
      const dates = node.postCollection!.edges.map((e) => e.node.created_at);
      expect([...dates].sort().reverse()).toEqual(dates);
      for (const p of node.postCollection!.edges) expect(p.node.meta_width).toBeGreaterThan(0);
    }
    expect(forAnon.groupCollection.edges.some((e) => e.node.postCollection!.edges.length === 2)).toBe(true);

    const forAda = await query<{ groupCollection: Edges<GroupNode> }>(ada, 'AllGroups');
    const family = forAda.groupCollection.edges.find((e) => e.node.id === SEED_GROUPS.family);
    expect(family?.node.is_private).toBe(true);
    expect(forAda.groupCollection.edges).toHaveLength(forAnon.groupCollection.edges.length + 1);
  });

  it('GroupById: the group, its posts newest first with a cursor, and its categories only when asked', async () => {
    const bare = await query<{ groupCollection: Edges<GroupNode> }>(anon, 'GroupById', { id: SEED_GROUPS.bristol });
    const group = bare.groupCollection.edges[0]!.node;
    expect(group).toMatchObject({ id: SEED_GROUPS.bristol, display_name: 'Bristol Harbourside', is_private: false });
    expect(group.postCollection).toBeUndefined();
    expect(group.group_categoryCollection).toBeUndefined();

    const full = await query<{ groupCollection: Edges<GroupNode> }>(anon, 'GroupById', {
      id: SEED_GROUPS.bristol,
      withPosts: true,
      withCategories: true,
      first: 3,
    });
    const node = full.groupCollection.edges[0]!.node;
    expect(node.postCollection!.edges).toHaveLength(3);
    expect(node.postCollection!.pageInfo!.hasNextPage).toBe(true);
    const names = node.group_categoryCollection!.edges.map((e) => e.node.category.display_name).sort();
    expect(names).toHaveLength(SEED_GROUP_CATEGORIES.bristol.length);
    expect(names).toContain('Street');

    // The next page continues exactly where the first stopped.
    const next = await query<{ groupCollection: Edges<GroupNode> }>(anon, 'GroupById', {
      id: SEED_GROUPS.bristol,
      withPosts: true,
      first: 30,
      after: node.postCollection!.pageInfo!.endCursor,
    });
    const all = await query<{ groupCollection: Edges<GroupNode> }>(anon, 'GroupById', {
      id: SEED_GROUPS.bristol,
      withPosts: true,
    });
    const allIds = all.groupCollection.edges[0]!.node.postCollection!.edges.map((e) => e.node.id);
    const pagedIds = [...node.postCollection!.edges, ...next.groupCollection.edges[0]!.node.postCollection!.edges].map(
      (e) => e.node.id,
    );
    expect(pagedIds).toEqual(allIds);
  });

  it('GroupById: the private group is invisible to anon and visible to its member', async () => {
    const vars = { id: SEED_GROUPS.family, withPosts: true, withCategories: true };
    expect((await query<{ groupCollection: Edges<GroupNode> }>(anon, 'GroupById', vars)).groupCollection.edges).toEqual(
      [],
    );
    const forAda = (await query<{ groupCollection: Edges<GroupNode> }>(ada, 'GroupById', vars)).groupCollection
      .edges[0]!.node;
    expect(forAda.is_private).toBe(true);
    expect(forAda.postCollection!.edges.length).toBeGreaterThan(0);
    expect(forAda.group_categoryCollection!.edges.length).toBe(SEED_GROUP_CATEGORIES.family.length);
  });

  it('GroupPostsByCategoryIds: each post carries only its links to the chosen categories', async () => {
    const street = SEED_CATEGORIES.street;
    const res = await query<{
      groupCollection: Edges<{
        postCollection: Edges<PostNode & { post_categoryCollection: Edges<{ category_id: string }> }>;
      }>;
    }>(anon, 'GroupPostsByCategoryIds', { id: SEED_GROUPS.bristol, filteredCategoryIds: [street] });
    const posts = res.groupCollection.edges[0]!.node.postCollection.edges;
    expect(posts.length).toBeGreaterThan(0);
    const links = posts.flatMap((p) => p.node.post_categoryCollection.edges.map((e) => e.node.category_id));
    expect(links.length).toBeGreaterThan(0);
    expect(new Set(links)).toEqual(new Set([street]));
    const none = await query<typeof res>(anon, 'GroupPostsByCategoryIds', { id: SEED_GROUPS.bristol });
    expect(
      none.groupCollection.edges[0]!.node.postCollection.edges.every(
        (p) => p.node.post_categoryCollection.edges.length === 0,
      ),
    ).toBe(true);
  });

  it('PostById: an uploaded post with its group and categories; a private one only for members', async () => {
    const familyPosts = (
      await query<{ groupCollection: Edges<GroupNode> }>(ada, 'GroupById', { id: SEED_GROUPS.family, withPosts: true })
    ).groupCollection.edges[0]!.node.postCollection!.edges;
    const privateId = familyPosts[0]!.node.id;
    const forAda = await query<{ postCollection: Edges<Record<string, unknown>> }>(ada, 'PostById', {
      id: privateId,
      withCategories: true,
    });
    expect(forAda.postCollection.edges[0]!.node).toMatchObject({
      id: privateId,
      group_id: SEED_GROUPS.family,
      group: { id: SEED_GROUPS.family },
      photo_type: expect.stringMatching(/^(DIGITAL|FILM)$/),
    });
    expect(Array.isArray((forAda.postCollection.edges[0]!.node.post_categoryCollection as Edges<unknown>).edges)).toBe(
      true,
    );
    expect(
      (await query<{ postCollection: Edges<unknown> }>(anon, 'PostById', { id: privateId })).postCollection.edges,
    ).toEqual([]);

    const publicPost = (
      await query<{ groupCollection: Edges<GroupNode> }>(anon, 'GroupById', { id: SEED_GROUPS.film, withPosts: true })
    ).groupCollection.edges[0]!.node.postCollection!.edges[0]!.node;
    const forAnon = await query<{ postCollection: Edges<Record<string, unknown>> }>(anon, 'PostById', {
      id: publicPost.id,
    });
    expect(forAnon.postCollection.edges[0]!.node).toMatchObject({
      id: publicPost.id,
      file_name: publicPost.file_name,
      group: { id: SEED_GROUPS.film },
    });
    expect(forAnon.postCollection.edges[0]!.node.post_categoryCollection).toBeUndefined();
  });

  it("Post.author is the author's public profile (named by the constraint's comment), never the e-mail", async () => {
    const byAuthor = gql`
      query PostAuthor($groupId: UUID!) {
        postCollection(filter: { group_id: { eq: $groupId } }, first: 1) {
          edges {
            node {
              id
              author_id
              author {
                id
                display_name
                posts(first: 1) {
                  edges {
                    node {
                      id
                    }
                  }
                }
              }
            }
          }
        }
      }
    `;
    const { data, error } = await anon.query<{
      postCollection: Edges<{ author_id: string; author: { id: string; display_name: string } | null }>;
    }>({ query: byAuthor, variables: { groupId: SEED_GROUPS.film } });
    expect(error).toBeUndefined();
    const node = data!.postCollection.edges[0]!.node;
    expect(node.author).toMatchObject({ id: node.author_id, display_name: expect.stringMatching(/^\S/) });
    expect(node.author!.display_name).not.toContain('@');
    const email = await anon
      .query({
        query: gql`
          {
            profileCollection(first: 1) {
              edges {
                node {
                  email
                }
              }
            }
          }
        `,
      })
      .then(
        (r) => r.error?.message ?? '',
        (e: Error) => e.message,
      );
    expect(email).toMatch(/email/);
  });
});

/** The GraphQL service over a plain pg connection to the backend's database, counting statements. */
async function countingDatabase(url: string): Promise<{ db: Database; statements: string[]; close(): Promise<void> }> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  const statements: string[] = [];
  const sql: SqlClient = {
    async query<Row>(text: string, params?: unknown[]): Promise<QueryResult<Row>> {
      statements.push(text);
      const res = await client.query(text, params);
      return { rows: res.rows as Row[], rowCount: res.rowCount };
    },
  };
  const tx = async <T>(caller: Caller | undefined, fn: (s: SqlClient) => Promise<T>): Promise<T> => {
    // Begun and set up as the backend's own transactions are.
    await client.query(beginTransactionSql({ caller }));
    try {
      const out = await fn(sql);
      await client.query('commit');
      return out;
    } catch (err) {
      await client.query('rollback');
      throw err;
    }
  };
  return {
    statements,
    db: { asCaller: (c, fn) => tx(c, fn), asOwner: (fn) => tx(undefined, fn), close: async () => undefined },
    close: () => client.end(),
  };
}

describe('schema and cost', () => {
  it('the committed SDL is what the migrations reflect to (run npm run graphql:sdl after changing them)', async () => {
    const { db, close } = await countingDatabase(backend.dbUrl);
    try {
      const sdl = await db.asCaller(roleCaller('authenticated'), (sql) => printGraphqlSdl(sql));
      const committed = (await readFile(SDL_FILE, 'utf8')).replace(/^#.*\n\n/, '');
      expect(committed).toBe(sdl);
    } finally {
      await close();
    }
  });

  it('answers GroupById with posts and categories in one SQL statement', async () => {
    const { db, statements, close } = await countingDatabase(backend.dbUrl);
    try {
      const service = createGraphqlService(db);
      const request = {
        query: await readFile(DOCUMENTS.GroupById, 'utf8'),
        variables: { id: SEED_GROUPS.bristol, withPosts: true, withCategories: true },
      };
      await service.execute(ANON, request); // reflects the schema once per role
      const before = statements.length;
      const res = await service.execute(ANON, request);
      expect(res.errors).toBeUndefined();
      expect(statements.length - before).toBe(1);
    } finally {
      await close();
    }
  });
});
