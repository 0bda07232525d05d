// Conformance cases for documents and values: fragments, aliases, variables, directives, __typename,
// operation selection, pg_graphql's error messages, scalars and enums (api.md: Custom Scalars; configuration.md:
// inflection, renaming, descriptions, enum mappings) and introspection as pg_graphql configures it.
import { describe, expect, it } from 'vitest';
import { printSchema, type GraphQLObjectType } from 'graphql';
import {
  ANON,
  b64,
  createScenario,
  expectRefusals,
  documentRefusal,
  refusal,
  scenarioForSuite,
  testDatabaseForSuite,
} from './graphql-database.ts';

const db = testDatabaseForSuite();

const BLOG_SQL = `
  create table account(id serial primary key, email text not null);
  create table blog(id serial primary key, owner_id int not null references account(id), name text not null);
  insert into account(email) values ('a@example.com');
  insert into blog(owner_id, name) values (1, 'A: Blog 1'), (1, 'A: Blog 2');`;

describe('documents', () => {
  const s = scenarioForSuite(db, { sql: BLOG_SQL, schemaComment: '@graphql({"inflect_names": true})' });

  it('expands named and inline fragments, including fragments on the Node interface', async () => {
    const res = await s.run(`
      { blogCollection(first: 1) { ...Conn } }
      fragment Conn on BlogConnection { edges { node { ...BaseBlog ... on Blog { ownerId } ...NodeBits } } }
      fragment BaseBlog on Blog { name owner { email } }
      fragment NodeBits on Node { nodeId }`);
    expect(res).toEqual({
      data: {
        blogCollection: {
          edges: [
            {
              node: {
                name: 'A: Blog 1',
                owner: { email: 'a@example.com' },
                ownerId: 1,
                nodeId: b64(`["${s.schema}", "blog", 1]`),
              },
            },
          ],
        },
      },
    });
  });

  it('merges a field selected twice and honours aliases at every level', async () => {
    const res = await s.run(`{
      blogs: blogCollection(orderBy: [{id: DescNullsLast}]) {
        total: pageInfo { more: hasNextPage }
        items: edges { at: cursor row: node { key: id title: name } node { id } }
      }
      first: blogCollection(first: 1) { edges { node { name } } }
    }`);
    expect(res).toEqual({
      data: {
        blogs: {
          total: { more: false },
          items: [
            { at: b64('[2, 2]'), row: { key: 2, title: 'A: Blog 2' }, node: { id: 2 } },
            { at: b64('[1, 1]'), row: { key: 1, title: 'A: Blog 1' }, node: { id: 1 } },
          ],
        },
        first: { edges: [{ node: { name: 'A: Blog 1' } }] },
      },
    });
    expect(await s.run('{ blogCollection(first: 1) { edges { node { id } node { name } } } }')).toEqual({
      data: { blogCollection: { edges: [{ node: { id: 1, name: 'A: Blog 1' } }] } },
    });
  });

  it('answers __typename on every type', async () => {
    expect(
      await s.run(
        '{ __typename blogCollection(first: 1) { __typename pageInfo { __typename } edges { __typename node { __typename owner { __typename } } } } }',
      ),
    ).toEqual({
      data: {
        __typename: 'Query',
        blogCollection: {
          __typename: 'BlogConnection',
          pageInfo: { __typename: 'PageInfo' },
          edges: [{ __typename: 'BlogEdge', node: { __typename: 'Blog', owner: { __typename: 'Account' } } }],
        },
      },
    });
  });

  it('reads variables, their defaults, and @skip/@include', async () => {
    const q = `query Blogs($first: Int = 1, $withOwner: Boolean = false, $skipName: Boolean!, $f: BlogFilter) {
      blogCollection(first: $first, filter: $f) { edges { node { id name @skip(if: $skipName) owner @include(if: $withOwner) { id } } } } }`;
    expect(await s.run(q, { skipName: true })).toEqual({ data: { blogCollection: { edges: [{ node: { id: 1 } }] } } });
    expect(await s.run(q, { first: 5, withOwner: true, skipName: false, f: { id: { eq: 2 } } })).toEqual({
      data: { blogCollection: { edges: [{ node: { id: 2, name: 'A: Blog 2', owner: { id: 1 } } }] } },
    });
    // An unset variable is absent, so the argument is ignored.
    expect(
      await s.run('query Q($id: Int) { blogCollection(filter: {id: {eq: $id}}) { edges { node { id } } } }'),
    ).toEqual({
      data: { blogCollection: { edges: [{ node: { id: 1 } }, { node: { id: 2 } }] } },
    });
  });

  it("selects the operation by operationName with pg_graphql's messages", async () => {
    const doc =
      'query A { blogCollection(first: 1) { edges { node { id } } } } query B { accountCollection { edges { node { id } } } }';
    expect(await s.run(doc, {}, ANON, 'B')).toEqual({ data: { accountCollection: { edges: [{ node: { id: 1 } }] } } });
    expect(await s.run(doc, {}, ANON, 'C')).toEqual(documentRefusal('Operation not found'));
    expect(await s.run(doc)).toEqual(documentRefusal('Operation not found'));
    expect(await s.run('query A { __typename } { __typename }')).toEqual(
      documentRefusal('Anonymous operations must be the only defined operation'),
    );
    expect(await s.run('query A { __typename } query A { __typename }')).toEqual(
      documentRefusal('Operation names must be unique'),
    );
    expect(await s.run('subscription { __typename }')).toEqual(documentRefusal('Subscriptions are not supported'));
    const parseError = await s.run('{ blogCollection { ');
    expect(parseError.data).toBeUndefined();
    expect(parseError.errors?.[0]?.message).toMatch(/Syntax Error/);
    expect(await s.service.execute(ANON, { query: '{ __typename }', variables: [] as never })).toEqual(
      documentRefusal('variables must be an object'),
    );
  });

  it("answers pg_graphql's messages for unknown fields and arguments", async () => {
    await expectRefusals(s, [
      ['{ nope { id } }', 'Unknown field "nope" on type Query'],
      ['{ blogCollection { edges { node { nope } } } }', "Unknown field 'nope' on type 'Blog'"],
      ['{ blogCollection { nope } }', 'unknown field in connection'],
      ['{ blogCollection { edges { nope } } }', 'unknown field in edge'],
      ['{ blogCollection { pageInfo { nope } } }', 'unknown field in pageInfo'],
      ['{ blogCollection(limit: 1, top: 2) { __typename } }', 'Input contains extra keys ["limit", "top"]'],
    ]);
    // One failing field does not take the others down.
    expect(await s.run('{ accountCollection { edges { node { id } } } nope { id } }')).toEqual({
      data: { accountCollection: { edges: [{ node: { id: 1 } }] } },
      errors: [{ message: 'Unknown field "nope" on type Query' }],
    });
  });

  it('returns a database error as pg_graphql does, with null data', async () => {
    const res = await s.run('{ blogCollection(filter: {id: {eq: 1}}, after: "bm90IGpzb24=") { __typename } }');
    expect(res).toEqual(refusal('Failed to decode cursor, error 3'));
    const u = await createScenario(db, { sql: 'create table thing(id uuid primary key)' });
    const bad = await u.run('{ thingCollection(filter: {id: {eq: "not-a-uuid"}}) { __typename } }');
    expect(bad).toEqual(refusal('invalid input syntax for type uuid: "not-a-uuid"'));
  });
});

describe('scalars and enums', () => {
  const s = scenarioForSuite(db, {
    sql: `
      create type status as enum ('PENDING', 'RELEASED', 'in-review');
      comment on type status is '@graphql({"mappings": {"in-review": "IN_REVIEW"}})';
      create table sample(
        id uuid primary key,
        big bigint, amount numeric(10, 2), ratio float8, small smallint, flag boolean,
        config jsonb, raw json, day date, at_time time, stamp timestamp, stamp_tz timestamptz,
        tags text[], nums int[], addr inet, status status, label varchar(3)
      );
      insert into sample values (
        'a0eebc99-9c0b-4ef8-bb6d-6bb9bd380a11', 9223372036854775807, 22.15, 0.5, 7, true,
        '{"palette": "dark-mode"}', '[1, 2]', '2024-02-29', '13:14:15', '2023-07-24 04:01:09.882781',
        '2023-07-24 04:01:09.882781+00', '{a,b}', '{1,2}', '10.0.0.1', 'in-review', 'abc');`,
  });

  it('serialises values as pg_graphql does', async () => {
    const res = await s.run(`{ sampleCollection { edges { node {
      id big amount ratio small flag config raw day at_time stamp stamp_tz tags nums addr status label } } } }`);
    expect(res).toEqual({
      data: {
        sampleCollection: {
          edges: [
            {
              node: {
                id: 'a0eebc99-9c0b-4ef8-bb6d-6bb9bd380a11',
                big: '9223372036854775807',
                amount: '22.15',
                ratio: 0.5,
                small: 7,
                flag: true,
                config: '{"palette": "dark-mode"}',
                raw: '[1, 2]',
                day: '2024-02-29',
                at_time: '13:14:15',
                stamp: '2023-07-24T04:01:09.882781',
                stamp_tz: '2023-07-24T04:01:09.882781+00:00',
                tags: ['a', 'b'],
                nums: [1, 2],
                addr: '10.0.0.1',
                status: 'IN_REVIEW',
                label: 'abc',
              },
            },
          ],
        },
      },
    });
  });

  it('filters on scalars and enums, mapping enum names back to SQL values', async () => {
    const count = async (filter: string) =>
      (
        (await s.run(`{ sampleCollection(filter: ${filter}) { edges { node { id } } } }`)).data as {
          sampleCollection: { edges: unknown[] };
        }
      ).sampleCollection.edges.length;
    expect(await count('{status: {eq: IN_REVIEW}}')).toBe(1);
    expect(await count('{status: {in: [PENDING, RELEASED]}}')).toBe(0);
    expect(await count('{big: {eq: "9223372036854775807"}}')).toBe(1);
    expect(await count('{amount: {gt: "22.1"}}')).toBe(1);
    expect(await count('{stamp_tz: {lt: "2024-01-01T00:00:00Z"}}')).toBe(1);
    expect(await count('{day: {eq: "2024-02-29"}, flag: {eq: true}, addr: {eq: "10.0.0.1"}}')).toBe(1);
    expect(await count('{id: {in: ["a0eebc99-9c0b-4ef8-bb6d-6bb9bd380a11"]}}')).toBe(1);
    expect(await s.run('{ sampleCollection(filter: {status: {eq: DONE}}) { __typename } }')).toEqual(
      refusal('Invalid input for status type'),
    );
  });

  it("reflects column types into pg_graphql's scalars", async () => {
    const { schema } = await s.service.schemaFor(ANON);
    const fields = (schema.getType('sample') as GraphQLObjectType).getFields();
    const types = Object.fromEntries(Object.entries(fields).map(([k, v]) => [k, String(v.type)]));
    expect(types).toEqual({
      nodeId: 'ID!',
      id: 'UUID!',
      big: 'BigInt',
      amount: 'BigFloat',
      ratio: 'Float',
      small: 'Int',
      flag: 'Boolean',
      config: 'JSON',
      raw: 'JSON',
      day: 'Date',
      at_time: 'Time',
      stamp: 'Datetime',
      stamp_tz: 'Datetime',
      tags: '[String]',
      nums: '[Int]',
      addr: 'Opaque',
      status: 'status',
      label: 'String',
    });
    expect(printSchema(schema)).toMatch(/enum status \{\n {2}PENDING\n {2}RELEASED\n {2}IN_REVIEW\n\}/);
  });

  it('writes JSON from serialised strings and arrays from lists', async () => {
    const res = await s.run(
      `mutation { updatesampleCollection(set: {config: "{\\"a\\": 1}", tags: ["x", "y\\"z"], status: PENDING}) { records { config tags status } } }`,
    );
    expect(res).toEqual({
      data: { updatesampleCollection: { records: [{ config: '{"a": 1}', tags: ['x', 'y"z'], status: 'PENDING' }] } },
    });
  });
});

describe('naming and comment directives', () => {
  it('inflects names and applies name and description overrides', async () => {
    const s = await createScenario(db, {
      schemaComment: '@graphql({"inflect_names": true})',
      sql: `
        create table blog_post(id serial primary key, created_at timestamp, email text);
        comment on table blog_post is e'@graphql({"name": "Article", "description": "A post"})';
        comment on column blog_post.email is e'@graphql({"name": "emailAddress", "description": "Where to write"})';`,
    });
    const { schema } = await s.service.schemaFor(ANON);
    const article = schema.getType('Article') as GraphQLObjectType;
    expect(article.description).toBe('A post');
    expect(Object.keys(article.getFields())).toEqual(['nodeId', 'id', 'createdAt', 'emailAddress']);
    expect(article.getFields().emailAddress!.description).toBe('Where to write');
    expect(Object.keys(schema.getQueryType()!.getFields())).toEqual(['articleCollection', 'node']);
    expect(Object.keys(schema.getMutationType()!.getFields())).toEqual([
      'deleteFromArticleCollection',
      'insertIntoArticleCollection',
      'updateArticleCollection',
    ]);
  });

  it('exposes a view once a directive names its primary key', async () => {
    const s = await createScenario(db, {
      sql: `create table person(id int primary key, name text not null);
            insert into person values (1, 'Ada'), (2, 'Ben');
            create view people as select id, upper(name) as shout from person;
            create view hidden as select id from person;
            comment on view people is e'@graphql({"primary_key_columns": ["id"]})';`,
    });
    const { schema } = await s.service.schemaFor(ANON);
    expect(Object.keys(schema.getQueryType()!.getFields())).toEqual(['node', 'peopleCollection', 'personCollection']);
    expect(await s.run('{ peopleCollection(filter: {id: {eq: 2}}) { edges { node { nodeId shout } } } }')).toEqual({
      data: { peopleCollection: { edges: [{ node: { nodeId: b64(`["${s.schema}", "people", 2]`), shout: 'BEN' } }] } },
    });
  });

  it('leaves out tables without a primary key or that the role cannot read', async () => {
    const s = await createScenario(db, {
      sql: `create table keyless(name text); create table secret(id int primary key); create table open(id int primary key);`,
      afterGrants: 'revoke select on secret from anon',
    });
    const { schema } = await s.service.schemaFor(ANON);
    expect(Object.keys(schema.getQueryType()!.getFields())).toEqual(['node', 'openCollection']);
  });
});

describe('introspection', () => {
  it('is off unless the schema opts in, as in pg_graphql', async () => {
    const off = await createScenario(db, { sql: 'create table account(id int primary key)' });
    expect(await off.run('{ __schema { queryType { name } } }')).toEqual(
      refusal('Unknown field "__schema" on type Query'),
    );
    expect(await off.run('{ __type(name: "account") { name } }')).toEqual(
      refusal('Unknown field "__type" on type Query'),
    );

    const on = await createScenario(db, {
      sql: 'create table account(id int primary key)',
      schemaComment: '@graphql({"introspection": true})',
    });
    expect(await on.run('{ __schema { queryType { name } } }')).toEqual({
      data: { __schema: { queryType: { name: 'Query' } } },
    });
    expect(await on.run('{ __type(name: "account") { name kind fields { name } } }')).toEqual({
      data: { __type: { name: 'account', kind: 'OBJECT', fields: [{ name: 'nodeId' }, { name: 'id' }] } },
    });
    expect(await on.run('{ __type(name: "NonExistentType") { name } }')).toEqual({ data: { __type: null } });
  });
});
