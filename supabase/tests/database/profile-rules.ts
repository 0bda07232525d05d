/**
 * The public name of an account (supabase/migrations/20261201000100_profile_names.sql): never derived from
 * its e-mail, a neutral generated name until its owner chooses one, changed only through the rule functions.
 * Defined once, run on PGlite and on PostgreSQL.
 */
import { mkdir, mkdtemp, readdir, readFile, rm, symlink } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { basename, join, resolve } from 'node:path';
import { PROFILE_LIMITS, PROFILE_RULE_MESSAGES, profileRuleMessage } from '@snapshire/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { applyPlatformAndMigrations, type OpenedDatabase } from '../../../packages/backend/src/db/index.ts';
import { USERS, callerFor, insertFixture, type Who } from './rls-world.ts';
import { PROJECT_DIR } from './rls-matrix.ts';

const NAMES_MIGRATION = resolve(PROJECT_DIR, 'migrations/20261201000100_profile_names.sql');

type Profile = { id: string; display_name: string; name_chosen: boolean };

export function defineProfileRules(label: string, open: () => Promise<OpenedDatabase>): void {
  describe(`public names on ${label}`, () => {
    let db: OpenedDatabase;
    beforeAll(async () => {
      db = await open();
      await applyPlatformAndMigrations(db, PROJECT_DIR);
      await insertFixture(db);
    });
    afterAll(async () => {
      await db?.close();
    });

    const profileOf = async (id: string) =>
      (await db.query<Profile>('select id, display_name, name_chosen from public.profile where id = $1', [id])).rows[0];
    const call = async (who: Who, fn: string, args: unknown[] = []) => {
      const list = args.map((_, i) => `$${i + 1}`).join(', ');
      const { rows } = await db.asCaller(callerFor(who), (sql) =>
        sql.query<{ r: Profile }>(`select to_jsonb(public.${fn}(${list})) as r`, args),
      );
      return rows[0]!.r;
    };
    const newAccount = async (email: string, meta: Record<string, unknown> = {}) => {
      const { rows } = await db.query<{ id: string }>(
        `insert into auth.users (id, aud, role, email, raw_user_meta_data, created_at, updated_at)
         values (gen_random_uuid(), 'authenticated', 'authenticated', $1, $2::jsonb, now(), now()) returning id`,
        [email, JSON.stringify(meta)],
      );
      return rows[0]!.id;
    };

    it('gives a new account a neutral name with no part of its e-mail, not yet chosen', async () => {
      const id = await newAccount('gran-1795778146384@example.test');
      const profile = await profileOf(id);
      expect(profile!.display_name).not.toContain('gran');
      expect(profile!.display_name).not.toContain('@');
      expect(profile).toEqual({ id, display_name: `Member ${id.slice(0, 4).toUpperCase()}`, name_chosen: false });
    });

    it('keeps a name chosen at sign-up (trimmed) as chosen', async () => {
      const id = await newAccount('named@example.test', { display_name: '  Grace Hopper ' });
      expect(await profileOf(id)).toEqual({ id, display_name: 'Grace Hopper', name_chosen: true });
      const blank = await newAccount('blank@example.test', { display_name: '   ' });
      expect(await profileOf(blank)).toMatchObject({
        display_name: expect.stringMatching(/^Member /),
        name_chosen: false,
      });
    });

    it('set_display_name: the owner names themselves, trimmed, and the name counts as chosen', async () => {
      const saved = await call('member', 'set_display_name', ['  Auntie Mo  ']);
      expect(saved).toMatchObject({ id: USERS.member, display_name: 'Auntie Mo', name_chosen: true });
      expect(await profileOf(USERS.member)).toMatchObject({ display_name: 'Auntie Mo', name_chosen: true });
      const longest = 'x'.repeat(PROFILE_LIMITS.DISPLAY_NAME_MAX_LENGTH);
      expect(await call('member', 'set_display_name', [` ${longest} `])).toMatchObject({ display_name: longest });
    });

    it('refuses an empty or too long name with codes packages/contracts words', async () => {
      for (const [name, code] of [
        ['   ', 'display_name_required'],
        [null, 'display_name_required'],
        ['y'.repeat(PROFILE_LIMITS.DISPLAY_NAME_MAX_LENGTH + 1), 'display_name_too_long'],
      ] as const)
        await expect(call('author', 'set_display_name', [name]), String(name)).rejects.toThrow(new RegExp(`^${code}$`));
      const limit = await db.query<{ n: number }>(`select private.profile_limit('display_name_max') as n`);
      expect(limit.rows[0]!.n).toBe(PROFILE_LIMITS.DISPLAY_NAME_MAX_LENGTH);
      const sql = await readFile(NAMES_MIGRATION, 'utf8');
      const codes = [...sql.matchAll(/raise exception '([a-z_]+)'/g)].map((m) => m[1]!);
      expect(codes.length).toBeGreaterThan(0);
      for (const code of codes) {
        expect(Object.keys(PROFILE_RULE_MESSAGES), code).toContain(code);
        expect(profileRuleMessage(`GraphQL error: ${code}`)).toBe(
          PROFILE_RULE_MESSAGES[code as keyof typeof PROFILE_RULE_MESSAGES],
        );
      }
    });

    it('keep_display_name: skipping keeps the generated name and is not asked again', async () => {
      const before = await profileOf(USERS.admin);
      const kept = await call('admin', 'keep_display_name');
      expect(kept).toMatchObject({ id: USERS.admin, display_name: before!.display_name, name_chosen: true });
    });

    it('a visitor may not name anyone; nobody renames another profile or writes the table directly', async () => {
      await expect(call('anon', 'set_display_name', ['Visitor'])).rejects.toThrow(/permission denied/);
      await expect(call('anon', 'keep_display_name')).rejects.toThrow(/permission denied/);
      const outsiderBefore = await profileOf(USERS.outsider);
      await call('owner', 'set_display_name', ['Owner']);
      expect(await profileOf(USERS.outsider)).toEqual(outsiderBefore);
      for (const statement of [
        `update public.profile set display_name = 'Direct' where id = '${USERS.owner}'`,
        `update public.profile set name_chosen = true where id = '${USERS.owner}'`,
      ])
        await expect(
          db.asCaller(callerFor('owner'), (sql) => sql.query(statement)),
          statement,
        ).rejects.toThrow(/permission denied/);
    });

    it('renamed existing accounts: those named after their e-mail get a generated name to change, others keep theirs', async () => {
      // A database as it was before this migration: every migration but it, three accounts, then it.
      const before = await mkdtemp(join(tmpdir(), 'profile-names-'));
      await mkdir(join(before, 'migrations'));
      for (const file of await readdir(join(PROJECT_DIR, 'migrations')))
        if (file.endsWith('.sql') && file < basename(NAMES_MIGRATION))
          await symlink(join(PROJECT_DIR, 'migrations', file), join(before, 'migrations', file));
      const old = await open();
      try {
        await applyPlatformAndMigrations(old, before);
        const ids = [
          'f0000000-0000-4000-8000-000000000001',
          'f1000000-0000-4000-8000-000000000002',
          'f2000000-0000-4000-8000-000000000003',
        ];
        await old.query(
          `insert into auth.users (id, aud, role, email, raw_user_meta_data, created_at, updated_at) values
             ($1, 'authenticated', 'authenticated', 'Gran-1795778146384@example.test', '{}', now(), now()),
             ($2, 'authenticated', 'authenticated', 'named@example.test', '{"display_name": "Grace"}', now(), now()),
             ($3, 'authenticated', 'authenticated', 'renamed@example.test', '{}', now(), now())`,
          ids,
        );
        await old.query(`update public.profile set display_name = 'Ren' where id = $1`, [ids[2]]);
        const leaked = await old.query<{ display_name: string }>(
          'select display_name from public.profile where id = $1',
          [ids[0]],
        );
        expect(leaked.rows[0]!.display_name).toBe('Gran-1795778146384');
        await applyPlatformAndMigrations(old, PROJECT_DIR);
        const { rows } = await old.query<Profile>(
          'select id, display_name, name_chosen from public.profile where id = any($1::uuid[]) order by id',
          [`{${ids.join(',')}}`],
        );
        expect(rows).toEqual([
          { id: ids[0], display_name: 'Member F000', name_chosen: false },
          { id: ids[1], display_name: 'Grace', name_chosen: true },
          { id: ids[2], display_name: 'Ren', name_chosen: true },
        ]);
      } finally {
        await old.close();
        await rm(before, { recursive: true, force: true });
      }
    });
  });
}
