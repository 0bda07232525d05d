// Conformance cases from pg_graphql's docs (api.md: MutationType, Insert, Update, Delete) and its tests'
// error messages: atMost, empty objects/set, and a failed mutation rolling back the whole request.
import { describe, expect, it } from 'vitest';
import {
  BLOG_TABLE,
  createScenario,
  expectRefusals,
  refusal,
  scenarioForSuite,
  SERVICE_ROLE,
  testDatabaseForSuite,
} from './graphql-database.ts';

const db = testDatabaseForSuite();

describe('mutations', () => {
  const s = scenarioForSuite(db, { sql: BLOG_TABLE });
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
    await expectRefusals(s, [
      [`mutation { updateBlogCollection(set: {name: "x"}) { affectedCount } }`, 'update impacts too many records'],
      [
        `mutation { deleteFromBlogCollection(filter: {id: {gt: 0}}) { affectedCount } }`,
        'delete impacts too many records',
      ],
    ]);
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
      SERVICE_ROLE,
    );
    expect(res).toEqual({
      data: {
        added: { __typename: 'BlogInsertResponse', count: 1, records: [{ name: 'one' }] },
        renamed: { records: [{ name: 'second' }] },
      },
    });
  });

  it("answers pg_graphql's messages for empty and unknown input", async () => {
    await expectRefusals(s, [
      [
        'mutation { insertIntoBlogCollection(objects: []) { affectedCount } }',
        'At least one record must be provided to objects',
      ],
      [
        'mutation { updateBlogCollection(set: {}) { affectedCount } }',
        'At least one mapping must be provided to set argument',
      ],
      [
        'mutation { insertIntoBlogCollection(objects: [{id: 5, name: "x"}]) { affectedCount } }',
        'Input for type BlogInsertInput contains extra keys ["id"]',
      ],
      ['mutation { insertIntoBlogCollection { affectedCount } }', 'Invalid input for NonNull type'],
      ['mutation { dropBlogCollection { affectedCount } }', 'Unknown field "dropBlogCollection" on type Mutation'],
      ['mutation { insertIntoBlogCollection(objects: [{name: "x"}]) { nope } }', 'unknown field in insert'],
    ]);
  });

  it('has no Mutation type for a role that may only read', async () => {
    const r = await createScenario(db, {
      sql: 'create table ro(id int primary key)',
      afterGrants: 'revoke insert, update, delete on ro from anon',
    });
    expect(await r.run('mutation { insertIntoroCollection(objects: [{id: 1}]) { affectedCount } }')).toEqual(
      refusal('Unknown type Mutation'),
    );
  });
});
