// Conformance cases from pg_graphql's docs (api.md: Relationships one-to-many, many-to-one, one-to-one;
// nodeId and the Node interface) plus what the issue asks of RLS: rows the policies hide are absent from
// collections, node(), nested relationships and counts; every level is resolved in one statement.
import type { GraphQLObjectType } from 'graphql';
import { describe, expect, it } from 'vitest';
import {
  ALICE,
  ANON,
  b64,
  BOB,
  createScenario,
  refusal,
  scenarioForSuite,
  SERVICE_ROLE,
  testDatabaseForSuite,
  userCaller,
} from './graphql-database.ts';

const db = testDatabaseForSuite();

const BLOG_SQL = `
  create table "Blog"(id serial primary key, name varchar(255) not null);
  create table "BlogPost"(
    id serial primary key,
    "blogId" integer not null references "Blog"(id),
    title varchar(255) not null,
    body varchar(10000)
  );
  insert into "Blog"(name) values ('pg_graphql blog'), ('empty blog');
  insert into "BlogPost"("blogId", title) values (1, 'fIr3t p0sT'), (1, 'graphql with postgres');
`;

describe('relationships', () => {
  const s = scenarioForSuite(db, { sql: BLOG_SQL });

  it('exposes one-to-many as a collection named <table>Collection', async () => {
    expect(
      await s.run('{ blogCollection { edges { node { name blogPostCollection { edges { node { id title } } } } } } }'),
    ).toEqual({
      data: {
        blogCollection: {
          edges: [
            {
              node: {
                name: 'pg_graphql blog',
                blogPostCollection: {
                  edges: [
                    { node: { id: 1, title: 'fIr3t p0sT' } },
                    { node: { id: 2, title: 'graphql with postgres' } },
                  ],
                },
              },
            },
            { node: { name: 'empty blog', blogPostCollection: { edges: [] } } },
          ],
        },
      },
    });
  });

  it('exposes many-to-one as an object named after the column without Id', async () => {
    expect(await s.run('{ blogPostCollection { edges { node { title blog { name } } } } }')).toEqual({
      data: {
        blogPostCollection: {
          edges: [
            { node: { title: 'fIr3t p0sT', blog: { name: 'pg_graphql blog' } } },
            { node: { title: 'graphql with postgres', blog: { name: 'pg_graphql blog' } } },
          ],
        },
      },
    });
  });

  it('paginates, filters and orders nested collections per parent', async () => {
    const res = await s.run(`{ blogCollection(first: 1) { edges { node {
      blogPostCollection(first: 1, orderBy: [{id: DescNullsLast}], filter: {title: {startsWith: "g"}}) {
        pageInfo { hasNextPage hasPreviousPage } edges { cursor node { id } } } } } } }`);
    expect(res).toEqual({
      data: {
        blogCollection: {
          edges: [
            {
              node: {
                blogPostCollection: {
                  pageInfo: { hasNextPage: false, hasPreviousPage: false },
                  edges: [{ cursor: b64('[2, 2]'), node: { id: 2 } }],
                },
              },
            },
          ],
        },
      },
    });
  });

  it('resolves each relationship level inside the one statement of its top-level field', async () => {
    await s.run('{ blogCollection { edges { node { id } } } }'); // reflect first
    const before = db.statements.length;
    await s.run(`{ blogCollection { edges { node { name blogPostCollection { edges { node { title blog { name
      blogPostCollection { edges { node { id } } } } } } } } } } }`);
    expect(db.statements.length - before).toBe(1);
    const twoFields = db.statements.length;
    await s.run('{ a: blogCollection { edges { node { id } } } b: blogPostCollection { edges { node { id } } } }');
    expect(db.statements.length - twoFields).toBe(1);
  });

  it('names one-to-one relationships in both directions without Collection', async () => {
    const o = await createScenario(db, {
      sql: `create table "EmailAddress"(id serial primary key, address text unique not null);
            create table "Employee"(id serial primary key, name text not null, email_address_id int unique references "EmailAddress"(id));
            insert into "EmailAddress"(address) values ('foo@bar.com');
            insert into "Employee"(name, email_address_id) values ('Foo Barington', 1);`,
      schemaComment: '@graphql({"inflect_names": true})',
    });
    expect(
      await o.run('{ employeeCollection { edges { node { name emailAddress { address employee { name } } } } } }'),
    ).toEqual({
      data: {
        employeeCollection: {
          edges: [
            {
              node: {
                name: 'Foo Barington',
                emailAddress: { address: 'foo@bar.com', employee: { name: 'Foo Barington' } },
              },
            },
          ],
        },
      },
    });
  });

  it('renames relationships with local_name/foreign_name on the constraint', async () => {
    const o = await createScenario(db, {
      sql: `${BLOG_SQL}
        comment on constraint "BlogPost_blogId_fkey" on "BlogPost" is E'@graphql({"foreign_name": "owner", "local_name": "posts"})';`,
    });
    expect(
      await o.run('{ blogCollection(first: 1) { edges { node { posts { edges { node { owner { name } } } } } } } }'),
    ).toEqual({
      data: {
        blogCollection: {
          edges: [
            {
              node: {
                posts: {
                  edges: [
                    { node: { owner: { name: 'pg_graphql blog' } } },
                    { node: { owner: { name: 'pg_graphql blog' } } },
                  ],
                },
              },
            },
          ],
        },
      },
    });
  });
});

describe('nodeId and node()', () => {
  const s = scenarioForSuite(db, { sql: BLOG_SQL });

  it('encodes nodeId as base64 of [schema, table, ...primary key] and resolves it through node()', async () => {
    const nodeId = b64(`["${s.schema}", "Blog", 1]`);
    expect(await s.run('{ blogCollection(first: 1) { edges { node { nodeId } } } }')).toEqual({
      data: { blogCollection: { edges: [{ node: { nodeId } }] } },
    });
    expect(
      await s.run(
        `query Q($id: ID!) { node(nodeId: $id) { nodeId __typename ... on Blog { name } ... on BlogPost { title } } }`,
        {
          id: nodeId,
        },
      ),
    ).toEqual({ data: { node: { nodeId, __typename: 'Blog', name: 'pg_graphql blog' } } });
    expect(await s.run(`{ node(nodeId: "${b64(`["${s.schema}", "Blog", 99]`)}") { nodeId } }`)).toEqual({
      data: { node: null },
    });
  });

  it('filters a collection by nodeId', async () => {
    const nodeId = b64(`["${s.schema}", "BlogPost", 2]`);
    expect(
      await s.run(`{ blogPostCollection(filter: {nodeId: {eq: "${nodeId}"}}) { edges { node { id } } } }`),
    ).toEqual({
      data: { blogPostCollection: { edges: [{ node: { id: 2 } }] } },
    });
    expect(await s.run(`{ blogCollection(filter: {nodeId: {eq: "${nodeId}"}}) { edges { node { id } } } }`)).toEqual(
      refusal('nodeId belongs to a different collection'),
    );
  });

  it('refuses ids of unknown collections', async () => {
    expect(await s.run(`{ node(nodeId: "${b64('["public", "nothing", 1]')}") { nodeId } }`)).toEqual(
      refusal('Collection referenced by nodeId did not match any known collection'),
    );
  });

  it('handles composite primary keys', async () => {
    const c = await createScenario(db, {
      sql: `create table pair(a int, b text, primary key (a, b)); insert into pair values (1, 'x');`,
    });
    const nodeId = b64(`["${c.schema}", "pair", 1, "x"]`);
    expect(await c.run('{ pairCollection { edges { cursor node { nodeId } } } }')).toEqual({
      data: { pairCollection: { edges: [{ cursor: b64('[1, "x"]'), node: { nodeId } }] } },
    });
    expect(await c.run(`{ node(nodeId: "${nodeId}") { ... on pair { a b } } }`)).toEqual({
      data: { node: { a: 1, b: 'x' } },
    });
  });
});

describe('row level security', () => {
  const s = scenarioForSuite(db, {
    sql: `
      create table album(id int primary key, owner uuid, public boolean not null);
      create table photo(id int primary key, album_id int not null references album(id), title text not null);
      comment on table photo is e'@graphql({"totalCount": {"enabled": true}})';
      alter table album enable row level security;
      alter table photo enable row level security;
      create policy album_read on album for select using (public or owner = auth.uid());
      create policy photo_read on photo for select using (exists (select 1 from album a where a.id = album_id));
      create policy photo_insert on photo for insert to authenticated
        with check (exists (select 1 from album a where a.id = album_id and a.owner = auth.uid()));
      insert into album values (1, '${ALICE}', true), (2, '${ALICE}', false), (3, '${BOB}', false);
      insert into photo values (10, 1, 'public'), (20, 2, 'alice private'), (30, 3, 'bob private');`,
  });

  const photos = '{ photoCollection { totalCount edges { node { id album { id } } } } }';

  it('hides rows from collections and counts', async () => {
    expect(await s.run(photos)).toEqual({
      data: { photoCollection: { totalCount: 1, edges: [{ node: { id: 10, album: { id: 1 } } }] } },
    });
    expect(await s.run(photos, {}, userCaller(ALICE))).toEqual({
      data: {
        photoCollection: {
          totalCount: 2,
          edges: [{ node: { id: 10, album: { id: 1 } } }, { node: { id: 20, album: { id: 2 } } }],
        },
      },
    });
    const all = await s.run(photos, {}, SERVICE_ROLE);
    expect((all.data as { photoCollection: { totalCount: number } }).photoCollection.totalCount).toBe(3);
  });

  it('hides rows from nested relationships and node()', async () => {
    const q = '{ albumCollection { edges { node { id photoCollection { totalCount edges { node { title } } } } } } }';
    expect(await s.run(q, {}, userCaller(BOB))).toEqual({
      data: {
        albumCollection: {
          edges: [
            { node: { id: 1, photoCollection: { totalCount: 1, edges: [{ node: { title: 'public' } }] } } },
            { node: { id: 3, photoCollection: { totalCount: 1, edges: [{ node: { title: 'bob private' } }] } } },
          ],
        },
      },
    });
    const hidden = b64(`["${s.schema}", "photo", 20]`);
    expect(await s.run(`{ node(nodeId: "${hidden}") { nodeId } }`, {}, userCaller(BOB))).toEqual({
      data: { node: null },
    });
    expect(await s.run(`{ node(nodeId: "${hidden}") { nodeId } }`, {}, userCaller(ALICE))).toEqual({
      data: { node: { nodeId: hidden } },
    });
  });

  it('makes a to-one relationship to an RLS table nullable and null when hidden', async () => {
    const { schema } = await s.service.schemaFor(ANON);
    const photo = schema.getType('photo') as GraphQLObjectType;
    expect(String(photo.getFields().album!.type)).toBe('album');
  });

  it('lets RLS refuse an insert and rolls the request back', async () => {
    const insert = (id: number, album: number) =>
      s.run(
        `mutation { insertIntophotoCollection(objects: [{id: ${id}, album_id: ${album}, title: "new"}]) { affectedCount } }`,
        {},
        userCaller(ALICE),
      );
    expect(await insert(21, 2)).toEqual({ data: { insertIntophotoCollection: { affectedCount: 1 } } });
    const refused = await insert(31, 3);
    expect(refused.data).toBeNull();
    expect(refused.errors?.[0]?.message).toMatch(/row-level security/);
  });
});
