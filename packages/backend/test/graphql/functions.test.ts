// Conformance cases for functions, from pg_graphql's docs (functions.md, computed_fields.md) and regression
// tests (function_calls.out, function_calls_default_args.out, function_calls_unsupported.out,
// extend_type_with_function.out, function_return_row_is_selectable.out): stable and immutable functions are
// Query fields, volatile ones Mutation fields, a function taking a table's row and named with a leading
// underscore is a field of that table's type, and what pg_graphql cannot express is left out.
import { printSchema } from 'graphql';
import { describe, expect, it } from 'vitest';
import {
  ALICE,
  ANON,
  BOB,
  refusal,
  scenarioForSuite,
  testDatabaseForSuite,
  userCaller,
  type Scenario,
} from './graphql-database.ts';

const db = testDatabaseForSuite();

const sdlOf = async (s: Scenario) => printSchema((await s.service.schemaFor(ANON)).schema);

describe('functions as Query and Mutation fields', () => {
  const s = scenarioForSuite(db, {
    schemaComment: '@graphql({"inflect_names": true})',
    sql: `
      create table account(id serial primary key, email varchar(255) not null, big bigint);
      insert into account(email, big) values ('a@example.com', 10), ('a@example.com', 20), ('b@example.com', 30);
      create function add_nums(a int, b int) returns int immutable language sql as $$ select a + b $$;
      create function add_account(email text) returns int volatile language sql set search_path from current
        as $$ insert into account (email) values (email) returning id $$;
      create function account_by_id("accountId" int) returns account stable language sql set search_path from current
        as $$ select * from account where id = "accountId" $$;
      create function accounts_by_email(email_to_search text) returns setof account stable language sql set search_path from current
        as $$ select * from account where email = email_to_search $$;
      create function accounts_by_ids(ids int[]) returns setof account stable language sql set search_path from current
        as $$ select * from account where id = any(ids) $$;
      create function add_defaults(a int default 1, b int default 2) returns int immutable language sql
        as $$ select a + b $$;
      create function big_sum() returns bigint stable language sql set search_path from current as $$ select sum(big)::bigint from account $$;
      create function doubled(xs int[]) returns int[] immutable language sql
        as $$ select array_agg(x * 2) from unnest(xs) x $$;
      create function fail_loudly() returns int volatile language plpgsql
        as $$ begin raise exception 'no, not today'; end $$;
      -- Left out: overloaded, nameless argument, void, record, variadic.
      create function twice(a int) returns int immutable language sql as $$ select a * 2 $$;
      create function twice(a text) returns text immutable language sql as $$ select a || a $$;
      create function nameless(int) returns int immutable language sql as $$ select $1 $$;
      create function returns_void() returns void volatile language sql as $$ select $$;
      create function returns_record() returns record stable language sql as $$ select 1, 2 $$;
      create function var_sum(variadic xs int[]) returns int immutable language sql as $$ select 1 $$;
      create function hidden_one() returns int immutable language sql as $$ select 1 $$;
      revoke execute on function hidden_one() from public, anon;
      comment on function add_nums is e'@graphql({"name": "plus", "description": "Adds two numbers"})';
    `,
  });

  it('puts stable and immutable functions on Query, volatile ones on Mutation, with nullable arguments', async () => {
    const sdl = await sdlOf(s);
    expect(sdl).toContain('"""Adds two numbers"""\n  plus(a: Int, b: Int): Int');
    expect(sdl).toContain('accountById(accountId: Int): Account');
    expect(sdl).toMatch(/type Mutation \{[\s\S]*addAccount\(email: String\): Int/);
    expect(sdl).not.toMatch(/type Query \{[^}]*addAccount/);
    expect(sdl).toMatch(
      /accountsByEmail\(\s*emailToSearch: String[\s\S]*?orderBy: \[AccountOrderBy!\]\s*\): AccountConnection/,
    );
    expect(sdl).toContain('doubled(xs: [Int]): [Int]');
    for (const name of ['twice', 'nameless', 'returnsVoid', 'returnsRecord', 'varSum', 'hiddenOne'])
      expect(sdl, name).not.toContain(`${name}(`);
  });

  it('calls a query function and a mutation function', async () => {
    expect(await s.run('{ plus(a: 2, b: 3) }')).toEqual({ data: { plus: 5 } });
    const added = await s.run('mutation { addAccount(email: "c@example.com") }');
    expect(added).toEqual({ data: { addAccount: 4 } });
    expect(await s.run('{ accountById(accountId: 4) { id email } }')).toEqual({
      data: { accountById: { id: 4, email: 'c@example.com' } },
    });
  });

  it('returns a row as its node (with nodeId), and null when there is no row', async () => {
    const res = await s.run('{ accountById(accountId: 1) { __typename id email nodeId } }');
    const node = (res.data as { accountById: { nodeId: string } }).accountById;
    expect(node).toMatchObject({ __typename: 'Account', id: 1, email: 'a@example.com' });
    expect(JSON.parse(Buffer.from(node.nodeId, 'base64').toString('utf8'))).toEqual([s.schema, 'account', 1]);
    expect(await s.run('{ accountById(accountId: 99) { id } }')).toEqual({ data: { accountById: null } });
  });

  it('returns a set of rows as a collection, with pagination and filters', async () => {
    const res = await s.run(
      `{ accountsByEmail(emailToSearch: "a@example.com", first: 1) { edges { node { id email } } pageInfo { hasNextPage } } }`,
    );
    expect(res).toEqual({
      data: {
        accountsByEmail: { edges: [{ node: { id: 1, email: 'a@example.com' } }], pageInfo: { hasNextPage: true } },
      },
    });
    const filtered = await s.run(
      `{ accountsByIds(ids: [1, 2, 3], filter: { email: { eq: "b@example.com" } }) { edges { node { id } } } }`,
    );
    expect(filtered).toEqual({ data: { accountsByIds: { edges: [{ node: { id: 3 } }] } } });
  });

  it('uses defaults for arguments left out, takes variables, lists and nulls', async () => {
    expect(await s.run('{ addDefaults(b: 20) }')).toEqual({ data: { addDefaults: 21 } });
    expect(await s.run('{ addDefaults }')).toEqual({ data: { addDefaults: 3 } });
    expect(await s.run('query($a: Int) { plus(a: $a, b: 1) }', { a: 41 })).toEqual({ data: { plus: 42 } });
    expect(await s.run('{ plus(a: null, b: 1) }')).toEqual({ data: { plus: null } });
    expect(await s.run('{ doubled(xs: [1, 2]) }')).toEqual({ data: { doubled: [2, 4] } });
    expect(await s.run('{ bigSum }')).toEqual({ data: { bigSum: '60' } });
  });

  it('refuses a wrong argument, an unknown argument and a selection on a scalar', async () => {
    expect((await s.run('{ plus(a: "x", b: 1) }')).errors?.[0]?.message).toBeTruthy();
    expect((await s.run('{ plus(a: 1, c: 1) }')).errors?.[0]?.message).toMatch(/extra keys/);
    expect((await s.run('{ plus(a: 1, b: 1) { x } }')).errors?.[0]?.message).toBeTruthy();
  });

  it('rolls the whole request back when a mutation function raises, with its message', async () => {
    const res = await s.run('mutation { addAccount(email: "d@example.com") failLoudly }');
    expect(res).toEqual(refusal('no, not today'));
    expect(await s.run('{ accountsByEmail(emailToSearch: "d@example.com") { edges { node { id } } } }')).toEqual({
      data: { accountsByEmail: { edges: [] } },
    });
  });
});

describe('computed fields (functions taking a row, named with a leading underscore)', () => {
  const s = scenarioForSuite(db, {
    schemaComment: '@graphql({"inflect_names": true})',
    sql: `
      create table account(
        id serial primary key, first_name varchar(255) not null, last_name varchar(255) not null,
        parent_id int references account(id), secret text);
      create function "_fullName"(rec account) returns text immutable strict language sql
        as $$ select format('%s %s', rec.first_name, rec.last_name) $$;
      create function _parent_row(rec account) returns account stable language sql set search_path from current
        as $$ select a.id, a.first_name, a.last_name, a.parent_id, null::text from account a where a.id = rec.parent_id $$;
      create function _children(rec account) returns setof account stable language sql set search_path from current
        as $$ select a.id, a.first_name, a.last_name, a.parent_id, null::text from account a where a.parent_id = rec.id $$;
      create function _has_secret(rec account) returns boolean stable language sql set search_path from current
        as $$ select rec.secret is not null $$;
      create function no_underscore(rec account) returns text stable language sql as $$ select 'x' $$;
      insert into account(first_name, last_name, parent_id, secret) values ('Foo', 'Fooington', null, 's');
      insert into account(first_name, last_name, parent_id) values ('Bar', 'Barrington', 1);
    `,
    // The caller may not read `secret`: the row passed to the function has it as null.
    afterGrants: `revoke select on account from anon;
                  grant select (id, first_name, last_name, parent_id) on account to anon`,
  });

  it('extends the type with scalar, row and collection fields; other row-taking functions are left out', async () => {
    const sdl = await sdlOf(s);
    expect(sdl).toMatch(/type Account implements Node \{[\s\S]*fullName: String[\s\S]*parentRow: Account/);
    expect(sdl).toMatch(/children\([\s\S]*?\): AccountConnection/);
    expect(sdl).not.toContain('noUnderscore');
  });

  it('computes them per row, also through relations', async () => {
    const res = await s.run(
      `{ accountCollection(orderBy: [{ id: AscNullsLast }]) { edges { node { id fullName hasSecret
           parentRow { fullName } parent { fullName } children { edges { node { id } } } } } } }`,
    );
    expect(res).toEqual({
      data: {
        accountCollection: {
          edges: [
            {
              node: {
                id: 1,
                fullName: 'Foo Fooington',
                hasSecret: false,
                parentRow: null,
                parent: null,
                children: { edges: [{ node: { id: 2 } }] },
              },
            },
            {
              node: {
                id: 2,
                fullName: 'Bar Barrington',
                hasSecret: false,
                parentRow: { fullName: 'Foo Fooington' },
                parent: { fullName: 'Foo Fooington' },
                children: { edges: [] },
              },
            },
          ],
        },
      },
    });
  });
});

describe('functions and row level security', () => {
  const s = scenarioForSuite(db, {
    sql: `
      create table note(id serial primary key, owner uuid not null, body text not null);
      alter table note enable row level security;
      create policy note_own on note using (owner = auth.uid());
      insert into note(owner, body) values ('${ALICE}', 'alice'), ('${BOB}', 'bob');
      create function my_notes() returns setof note stable language sql set search_path from current as $$ select * from note $$;
      create function count_all_notes() returns int stable security definer language sql set search_path from current
        as $$ select count(*)::int from note $$;
    `,
  });

  it('runs a function as the caller (RLS applies) unless it is security definer', async () => {
    const res = await s.run('{ my_notes { edges { node { body } } } count_all_notes }', {}, userCaller(ALICE));
    expect(res).toEqual({ data: { my_notes: { edges: [{ node: { body: 'alice' } }] }, count_all_notes: 2 } });
  });
});
