import { rm } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { writeTestProject } from '../../testing/project.ts';
import { applyPlatformAndMigrations, openDatabase, runSeed, type OpenedDatabase } from '../../src/db/index.ts';

describe('openDatabase on in-memory PGlite', () => {
  let db: OpenedDatabase;
  let project: string;
  beforeAll(async () => {
    project = await writeTestProject({
      files: {
        'seed.sql': `insert into public.note (owner, body) values ('00000000-0000-0000-0000-000000000001', 'public:hello');`,
      },
    });
    db = await openDatabase();
    await applyPlatformAndMigrations(db, project);
  });
  afterAll(async () => {
    await db?.close();
    await rm(project, { recursive: true, force: true });
  });

  it('records migrations and skips applied ones', async () => {
    const again = await applyPlatformAndMigrations(db, project);
    expect(again).toEqual([]);
    const rows = await db.query('select version, name from supabase_migrations.schema_migrations');
    expect(rows.rows).toEqual([{ version: '20240101000000', name: 'test' }]);
  });

  it('runs the seed once', async () => {
    const ctx = { supabase: undefined as never, url: 'http://x', log: () => {} };
    expect(await runSeed(db, project, ctx)).toEqual(['seed.sql']);
    expect(await runSeed(db, project, ctx)).toEqual([]);
    const n = await db.query<{ n: number }>('select count(*)::int as n from public.note');
    expect(n.rows[0]?.n).toBe(1);
  });

  it('runs asCaller as the role with the claims so RLS decides, and rolls back on error', async () => {
    const sub = '00000000-0000-0000-0000-000000000002';
    const caller = { role: 'authenticated' as const, claims: { sub, role: 'authenticated', email: 'a@b.c' } };
    const who = await db.asCaller(caller, (sql) =>
      sql.query<{ role: string; uid: string; email: string }>(
        'select current_user as role, auth.uid()::text as uid, auth.email() as email',
      ),
    );
    expect(who.rows[0]).toEqual({ role: 'authenticated', uid: sub, email: 'a@b.c' });
    await db.asCaller(caller, (sql) => sql.query(`insert into public.note (body) values ('mine')`));
    await expect(
      db.asCaller(caller, (sql) =>
        sql.query(`insert into public.note (owner, body) values ('00000000-0000-0000-0000-000000000009', 'not mine')`),
      ),
    ).rejects.toThrow(/row-level security/);
    await expect(
      db.asCaller(caller, async (sql) => {
        await sql.query(`insert into public.note (body) values ('rolled back')`);
        throw new Error('boom');
      }),
    ).rejects.toThrow('boom');
    const mine = await db.asCaller(caller, (sql) => sql.query<{ body: string }>('select body from public.note'));
    expect(mine.rows.map((r) => r.body)).toEqual(['mine']);
    const anon = await db.asCaller({ role: 'anon', claims: { role: 'anon' } }, (sql) =>
      sql.query<{ body: string }>('select body from public.note'),
    );
    expect(anon.rows.map((r) => r.body)).toEqual(['public:hello']);
    // Claims do not leak into the next transaction on the shared PGlite backend.
    const after = await db.asOwner((sql) =>
      sql.query<{ uid: string | null }>('select auth.uid() as uid, current_user'),
    );
    expect(after.rows[0]?.uid).toBeNull();
  });

  it('keeps concurrent transactions apart', async () => {
    const callers = ['11', '12', '13', '14'].map((n) => ({
      role: 'authenticated' as const,
      claims: { sub: `00000000-0000-0000-0000-0000000000${n}`, role: 'authenticated' },
    }));
    const seen = await Promise.all(
      callers.map((c) =>
        db.asCaller(c, async (sql) => {
          await sql.query('select pg_sleep(0.02)');
          return (await sql.query<{ uid: string }>('select auth.uid()::text as uid')).rows[0]?.uid;
        }),
      ),
    );
    expect(seen).toEqual(callers.map((c) => c.claims.sub));
  });
});
