// The same layer on a real PostgreSQL (Debian's 15, a throwaway cluster) through the production database
// layer (openDatabase: node-postgres, which parses int8/timestamps differently from PGlite): the results must
// not depend on the engine or the driver. Runs where the server binaries exist; CI sets REQUIRE_POSTGRES=1.
import { describe, expect, it } from 'vitest';
import { defineOnPostgres } from '../../testing/postgresSuite.ts';
import { suiteFixture } from '../../testing/suiteFixture.ts';
import {
  ALICE,
  b64,
  openScenarioDatabase,
  refusal,
  scenarioForSuite,
  SERVICE_ROLE,
  userCaller,
} from './graphql-database.ts';

defineOnPostgres('GraphQL', (engine, createDatabase) =>
  describe(`GraphQL on ${engine}`, () => {
    const db = suiteFixture(
      async () => openScenarioDatabase(await createDatabase()),
      (opened) => opened.close(),
    );
    const s = scenarioForSuite(db, {
      sql: `
        create type kind as enum ('DIGITAL', 'FILM');
        create table album(id uuid primary key, title text not null, owner uuid, public boolean not null default true);
        create table photo(
          id bigserial primary key, album_id uuid not null references album(id), kind kind not null default 'DIGITAL',
          price numeric(8, 2), meta jsonb, taken_at timestamptz not null default '2024-05-01 10:00:00+00'
        );
        comment on table photo is e'@graphql({"totalCount": {"enabled": true}})';
        alter table album enable row level security;
        create policy album_read on album for select using (public or owner = auth.uid());
        insert into album values ('a0000000-0000-4000-8000-000000000001', 'Open', null, true),
                                 ('a0000000-0000-4000-8000-000000000002', 'Closed', '${ALICE}', false);
        insert into photo (album_id, kind, price, meta)
          select case when n <= 4 then 'a0000000-0000-4000-8000-000000000001'::uuid else 'a0000000-0000-4000-8000-000000000002'::uuid end,
                 case when n % 2 = 0 then 'FILM' else 'DIGITAL' end::kind, n * 1.5, jsonb_build_object('n', n)
          from generate_series(1, 6) n;`,
    });

    it('serialises bigint, numeric, json, enums and timestamps as pg_graphql does', async () => {
      expect(
        await s.run(
          '{ photoCollection(first: 1) { edges { cursor node { nodeId id kind price meta taken_at album { title } } } } }',
        ),
      ).toEqual({
        data: {
          photoCollection: {
            edges: [
              {
                cursor: b64('[1]'),
                node: {
                  nodeId: b64(`["${s.schema}", "photo", 1]`),
                  id: '1',
                  kind: 'DIGITAL',
                  price: '1.50',
                  meta: '{"n": 1}',
                  taken_at: '2024-05-01T10:00:00+00:00',
                  album: { title: 'Open' },
                },
              },
            ],
          },
        },
      });
    });

    it('paginates both ways, filters with in/enums and resolves nested collections', async () => {
      const page = await s.run(
        `query P($after: Cursor, $kinds: [kind!]) { photoCollection(first: 2, after: $after, filter: {kind: {in: $kinds}}, orderBy: [{price: DescNullsLast}]) {
        totalCount pageInfo { hasNextPage hasPreviousPage endCursor } edges { node { id } } } }`,
        { kinds: ['FILM', 'DIGITAL'] },
        SERVICE_ROLE,
      );
      const conn = (
        page.data as {
          photoCollection: { totalCount: number; pageInfo: { endCursor: string }; edges: { node: { id: string } }[] };
        }
      ).photoCollection;
      expect(conn.totalCount).toBe(6);
      expect(conn.edges.map((e) => e.node.id)).toEqual(['6', '5']);
      const next = await s.run(
        `query P($after: Cursor) { photoCollection(first: 2, after: $after, orderBy: [{price: DescNullsLast}]) { pageInfo { hasNextPage hasPreviousPage } edges { node { id } } } }`,
        { after: conn.pageInfo.endCursor },
        SERVICE_ROLE,
      );
      expect(next).toEqual({
        data: {
          photoCollection: {
            pageInfo: { hasNextPage: true, hasPreviousPage: true },
            edges: [{ node: { id: '4' } }, { node: { id: '3' } }],
          },
        },
      });
      const back = await s.run(
        '{ photoCollection(last: 2, filter: {kind: {eq: FILM}}) { pageInfo { hasPreviousPage hasNextPage } edges { node { id } } } }',
        {},
        SERVICE_ROLE,
      );
      expect(back).toEqual({
        data: {
          photoCollection: {
            pageInfo: { hasPreviousPage: true, hasNextPage: false },
            edges: [{ node: { id: '4' } }, { node: { id: '6' } }],
          },
        },
      });
    });

    it('applies RLS to collections, nested relations and counts', async () => {
      const q =
        '{ albumCollection { edges { node { title photoCollection(filter: {id: {gte: "2"}}) { totalCount } } } } }';
      expect(await s.run(q)).toEqual({
        data: { albumCollection: { edges: [{ node: { title: 'Open', photoCollection: { totalCount: 3 } } }] } },
      });
      expect(await s.run(q, {}, userCaller(ALICE))).toEqual({
        data: {
          albumCollection: {
            edges: [
              { node: { title: 'Open', photoCollection: { totalCount: 3 } } },
              { node: { title: 'Closed', photoCollection: { totalCount: 2 } } },
            ],
          },
        },
      });
    });

    it('mutates in one transaction and rolls back on atMost', async () => {
      const insert = await s.run(
        `mutation { insertIntophotoCollection(objects: [{album_id: "a0000000-0000-4000-8000-000000000001", price: "9.99", meta: "{\\"x\\": true}"}]) {
        affectedCount records { id price meta kind } } }`,
      );
      expect(insert).toEqual({
        data: {
          insertIntophotoCollection: {
            affectedCount: 1,
            records: [{ id: '7', price: '9.99', meta: '{"x": true}', kind: 'DIGITAL' }],
          },
        },
      });
      expect(
        await s.run(
          'mutation { updatephotoCollection(set: {kind: FILM}, filter: {id: {gt: "0"}}, atMost: 3) { affectedCount } }',
        ),
      ).toEqual(refusal('update impacts too many records'));
      const kinds = await s.run('{ photoCollection(filter: {kind: {eq: FILM}}) { totalCount } }');
      expect(kinds).toEqual({ data: { photoCollection: { totalCount: 3 } } });
    });
  }),
);
