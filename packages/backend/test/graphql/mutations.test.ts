// Conformance cases from pg_graphql's docs (api.md: MutationType, Insert, Update, Delete) and its tests'
// error messages: atMost, empty objects/set, and a failed mutation rolling back the whole request.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createScenario, createTestDatabase, SERVICE, type Scenario, type TestDatabase } from './graphql-database.ts';

let db: TestDatabase;
beforeAll(async () => {
  db = await createTestDatabase();
});
afterAll(async () => {
  await db?.close();
});

const BLOG_SQL = `
  create table "Blog"(
    id serial primary key,
    name varchar(255) not null,
    description varchar(255),
    "createdAt" timestamp not null default now(),
    "updatedAt" timestamp
  );`;

describe('mutations', () => {
  let s: Scenario;
  beforeAll(async () => {
    s = await createScenario(db, { sql: BLOG_SQL });
  });
  const names = async () => {
    const res = await s.run('{ blogCollection { edges { node { id name } } } }');
    return (
      res.data as { blogCollection: { edges: { node: { id: number; name: string } }[] } }
    ).blogCollection.edges.map((e) => e.node);
  };

  it('inserts records and returns affectedCount and records', async () => {
    expect(
      await s.run(
        `mutation { insertIntoBlogCollection(objects: [{name: "foo"}, {name: "bar"}]) { affectedCount records { id name } } }`,
      ),
    ).toEqual({
      data: {
        insertIntoBlogCollection: {
          affectedCount: 2,
          records: [
            { id: 1, name: 'foo' },
            { id: 2, name: 'bar' },
          ],
        },
      },
    });
  });

  it('updates the records the filter matches', async () => {
    expect(
      await s.run(
        `mutation { updateBlogCollection(set: {name: "baz"}, filter: {id: {eq: 1}}) { affectedCount records { id name } } }`,
      ),
    ).toEqual({ data: { updateBlogCollection: { affectedCount: 1, records: [{ id: 1, name: 'baz' }] } } });
  });

  it('refuses an update or delete impacting more than atMost records, changing nothing', async () => {
    expect(await s.run(`mutation { updateBlogCollection(set: {name: "x"}) { affectedCount } }`)).toEqual({
      data: null,
      errors: [{ message: 'update impacts too many records' }],
    });
    expect(await s.run(`mutation { deleteFromBlogCollection(filter: {id: {gt: 0}}) { affectedCount } }`)).toEqual({
      data: null,
      errors: [{ message: 'delete impacts too many records' }],
    });
    expect(await names()).toEqual([
      { id: 1, name: 'baz' },
      { id: 2, name: 'bar' },
    ]);
    expect(
      await s.run(`mutation { updateBlogCollection(set: {description: "both"}, atMost: 2) { affectedCount } }`),
    ).toEqual({ data: { updateBlogCollection: { affectedCount: 2 } } });
  });

  it('deletes the records the filter matches', async () => {
    expect(
      await s.run(`mutation { deleteFromBlogCollection(filter: {id: {eq: 1}}) { affectedCount records { id name } } }`),
    ).toEqual({ data: { deleteFromBlogCollection: { affectedCount: 1, records: [{ id: 1, name: 'baz' }] } } });
    expect(await names()).toEqual([{ id: 2, name: 'bar' }]);
  });

  it('rolls back every mutation of the request when one fails', async () => {
    const res = await s.run(`mutation {
      a: insertIntoBlogCollection(objects: [{name: "kept?"}]) { affectedCount }
      b: updateBlogCollection(set: {name: "renamed?"}, filter: {id: {eq: 2}}) { affectedCount }
      c: insertIntoBlogCollection(objects: [{description: "no name"}]) { affectedCount }
    }`);
    expect(res.data).toBeNull();
    expect(res.errors?.[0]?.message).toMatch(/null value in column "name"/);
    expect(await names()).toEqual([{ id: 2, name: 'bar' }]);
  });

  it('runs several mutations in order, with variables and aliases', async () => {
    const res = await s.run(
      `mutation Add($rows: [BlogInsertInput!]!, $id: Int!) {
        added: insertIntoBlogCollection(objects: $rows) { __typename count: affectedCount records { name } }
        renamed: updateBlogCollection(set: {name: "second"}, filter: {id: {eq: $id}}) { records { name } }
      }`,
      { rows: [{ name: 'one', description: null }], id: 2 },
      SERVICE,
    );
    expect(res).toEqual({
      data: {
        added: { __typename: 'BlogInsertResponse', count: 1, records: [{ name: 'one' }] },
        renamed: { records: [{ name: 'second' }] },
      },
    });
  });

  it("answers pg_graphql's messages for empty and unknown input", async () => {
    expect(await s.run('mutation { insertIntoBlogCollection(objects: []) { affectedCount } }')).toEqual({
      data: null,
      errors: [{ message: 'At least one record must be provided to objects' }],
    });
    expect(await s.run('mutation { updateBlogCollection(set: {}) { affectedCount } }')).toEqual({
      data: null,
      errors: [{ message: 'At least one mapping must be provided to set argument' }],
    });
    expect(
      await s.run('mutation { insertIntoBlogCollection(objects: [{id: 5, name: "x"}]) { affectedCount } }'),
    ).toEqual({
      data: null,
      errors: [{ message: 'Input for type BlogInsertInput contains extra keys ["id"]' }],
    });
    expect(await s.run('mutation { insertIntoBlogCollection { affectedCount } }')).toEqual({
      data: null,
      errors: [{ message: 'Invalid input for NonNull type' }],
    });
    expect(await s.run('mutation { dropBlogCollection { affectedCount } }')).toEqual({
      data: null,
      errors: [{ message: 'Unknown field "dropBlogCollection" on type Mutation' }],
    });
    expect(await s.run('mutation { insertIntoBlogCollection(objects: [{name: "x"}]) { nope } }')).toEqual({
      data: null,
      errors: [{ message: 'unknown field in insert' }],
    });
  });

  it('has no Mutation type for a role that may only read', async () => {
    const r = await createScenario(db, {
      sql: `create table ro(id int primary key); revoke insert, update, delete on ro from anon;`,
    });
    await db.exec(`revoke insert, update, delete on ${r.schema}.ro from anon`);
    r.service.invalidate();
    expect(await r.run('mutation { insertIntoroCollection(objects: [{id: 1}]) { affectedCount } }')).toEqual({
      data: null,
      errors: [{ message: 'Unknown type Mutation' }],
    });
  });
});
