/**
 * The public name of an account (supabase/migrations/20261201000100_profile_names.sql): never derived from
 * its e-mail, a neutral generated name until its owner chooses one, changed only through the rule functions.
 * Defined once, run on PGlite and on PostgreSQL.
 */
import { mkdir, mkdtemp, readdir, rm, symlink } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { basename, join, resolve } from 'node:path';
import { PROFILE_LIMITS, PROFILE_RULE_MESSAGES, profileRuleMessage } from '@snapshire/contracts';
import { describe, expect, it } from 'vitest';
import { DEFAULT_PROJECT_DIR } from '../../../packages/backend/src/config/config.ts';
import { applyPlatformAndMigrations, type OpenedDatabase } from '../../../packages/backend/src/db/index.ts';
import { codesRaisedBy, expectWordsForEach, ruleCallsOn } from './rule-calls.ts';
import { USERS, insertAccount, worldForSuite, type Who } from './rls-world.ts';

const NAMES_MIGRATION = resolve(DEFAULT_PROJECT_DIR, 'migrations/20261201000100_profile_names.sql');

type Profile = { id: string; display_name: string; name_chosen: boolean };

export function defineProfileRules(label: string, open: () => Promise<OpenedDatabase>): void {
  describe(`public names on ${label}`, () => {
    const db = worldForSuite(open);
    const { call, queryAs } = ruleCallsOn(db);

    const profileOf = async (id: string) =>
      (await db.query<Profile>('select id, display_name, name_chosen from public.profile where id = $1', [id])).rows[0];
    /** Renames as `who` through public.set_display_name: the saved profile. */
    const rename = (who: Who, displayName: string | null) =>
      call<Profile>(who, 'set_display_name', { display_name: displayName });
    const keepName = (who: Who) => call<Profile>(who, 'keep_display_name');
    const newAccount = (email: string, metadata: Record<string, unknown> = {}) =>
      insertAccount(db, email, { metadata });

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
      const saved = await rename('member', '  Auntie Mo  ');
      expect(saved).toMatchObject({ id: USERS.member, display_name: 'Auntie Mo', name_chosen: true });
      expect(await profileOf(USERS.member)).toMatchObject({ display_name: 'Auntie Mo', name_chosen: true });
      const longest = 'x'.repeat(PROFILE_LIMITS.DISPLAY_NAME_MAX_LENGTH);
      expect(await rename('member', ` ${longest} `)).toMatchObject({ display_name: longest });
    });

    it('refuses an empty or too long name with codes packages/contracts words', async () => {
      for (const [name, code] of [
        ['   ', 'display_name_required'],
        [null, 'display_name_required'],
        ['y'.repeat(PROFILE_LIMITS.DISPLAY_NAME_MAX_LENGTH + 1), 'display_name_too_long'],
      ] as const)
        await expect(rename('author', name), String(name)).rejects.toThrow(new RegExp(`^${code}$`));
      const limit = await db.query<{ n: number }>(`select private.profile_limit('display_name_max') as n`);
      expect(limit.rows[0]!.n).toBe(PROFILE_LIMITS.DISPLAY_NAME_MAX_LENGTH);
      const codes = await codesRaisedBy(NAMES_MIGRATION);
      expect(codes.size).toBeGreaterThan(0);
      expectWordsForEach(codes, PROFILE_RULE_MESSAGES, profileRuleMessage);
    });

    it('keep_display_name: skipping keeps the generated name and is not asked again', async () => {
      const before = await profileOf(USERS.admin);
      const kept = await keepName('admin');
      expect(kept).toMatchObject({ id: USERS.admin, display_name: before!.display_name, name_chosen: true });
    });

    it('a visitor may not name anyone; nobody renames another profile or writes the table directly', async () => {
      await expect(rename('anon', 'Visitor')).rejects.toThrow(/permission denied/);
      await expect(keepName('anon')).rejects.toThrow(/permission denied/);
      const outsiderBefore = await profileOf(USERS.outsider);
      await rename('owner', 'Owner');
      expect(await profileOf(USERS.outsider)).toEqual(outsiderBefore);
      for (const statement of [
        `update public.profile set display_name = 'Direct' where id = '${USERS.owner}'`,
        `update public.profile set name_chosen = true where id = '${USERS.owner}'`,
      ])
        await expect(queryAs('owner', statement), statement).rejects.toThrow(/permission denied/);
    });

    it('renamed existing accounts: those named after their e-mail get a generated name to change, others keep theirs', async () => {
      // A database as it was before this migration: every migration but it, three accounts, then it.
      const before = await mkdtemp(join(tmpdir(), 'profile-names-'));
      await mkdir(join(before, 'migrations'));
      for (const file of await readdir(join(DEFAULT_PROJECT_DIR, 'migrations')))
        if (file.endsWith('.sql') && file < basename(NAMES_MIGRATION))
          await symlink(join(DEFAULT_PROJECT_DIR, 'migrations', file), join(before, 'migrations', file));
      const old = await open();
      try {
        await applyPlatformAndMigrations(old, before);
        const ids = [
          await insertAccount(old, 'Gran-1795778146384@example.test', { id: 'f0000000-0000-4000-8000-000000000001' }),
          await insertAccount(old, 'named@example.test', {
            id: 'f1000000-0000-4000-8000-000000000002',
            metadata: { display_name: 'Grace' },
          }),
          await insertAccount(old, 'renamed@example.test', { id: 'f2000000-0000-4000-8000-000000000003' }),
        ];
        await old.query(`update public.profile set display_name = 'Ren' where id = $1`, [ids[2]]);
        const leaked = await old.query<{ display_name: string }>(
          'select display_name from public.profile where id = $1',
          [ids[0]],
        );
        expect(leaked.rows[0]!.display_name).toBe('Gran-1795778146384');
        await applyPlatformAndMigrations(old, DEFAULT_PROJECT_DIR);
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
