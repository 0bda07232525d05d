import type { SupabaseClient } from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_PROJECT_DIR } from '../../../packages/backend/src/config/config.ts';
import { openDatabase, type OpenedDatabase } from '../../../packages/backend/src/db/index.ts';
import { GROUPS, insertFixture, insertPost, USERS } from './rls-world.ts';
import { startTestBackend, type TestBackend } from '../../../packages/backend/testing/backend.ts';
import {
  shouldRunPostgres,
  startPostgres,
  type ThrowawayPostgres,
} from '../../../packages/backend/testing/postgres.ts';
import {
  newHeard,
  QUIET_MS,
  realtimeClient,
  sleep,
  subscribe,
  until,
  userToken,
  type Heard,
} from '../../../packages/backend/testing/realtime.ts';

/**
 * The product's own row level security (supabase/migrations) on post: a private group's posts reach its
 * members only, a post in progress its author only, a public group's posts everyone (rls-world.ts's
 * world).
 */
function groupSuite(start: (projectDir: string) => Promise<TestBackend>): void {
  let b: TestBackend;
  /** The backend's database, as its owner: where the world and the posts the clients hear of are written. */
  let db: OpenedDatabase;
  const clients: SupabaseClient[] = [];
  beforeAll(async () => {
    // The project's own migrations, which publish post (20261129000100_social.sql).
    b = await start(DEFAULT_PROJECT_DIR);
    db = await openDatabase({ databaseUrl: b.dbUrl, log: () => undefined });
    await insertFixture(db);
  });
  afterAll(async () => {
    await Promise.all(clients.map((c) => c.removeAllChannels()));
    await db?.close();
    await b?.stop();
  });

  async function listenAs(who: keyof typeof USERS | 'anon', group: string): Promise<Heard> {
    const c = realtimeClient(b, who === 'anon' ? {} : { token: await userToken(USERS[who]) });
    clients.push(c);
    const heard = newHeard();
    const channel = c
      .channel(`group-${who}-${group}`)
      .on('postgres_changes', { event: '*', schema: 'public', table: 'post', filter: `group_id=eq.${group}` }, (p) =>
        heard.changes.push(p),
      );
    return subscribe(channel, heard);
  }

  const newPost = (group: string, done: boolean) =>
    insertPost(db, { groupId: group, authorId: USERS.author, uploaded: done });
  const ids = (h: Heard) => h.changes.map((c) => `${c.eventType} ${(c.new as { id?: string }).id}`);

  it("sends a private group's posts to its members only, and a post in progress to its author only", async () => {
    const [member, author, outsider, anon] = await Promise.all([
      listenAs('member', GROUPS.priv),
      listenAs('author', GROUPS.priv),
      listenAs('outsider', GROUPS.priv),
      listenAs('anon', GROUPS.priv),
    ]);
    const finished = await newPost(GROUPS.priv, true);
    const pending = await newPost(GROUPS.priv, false);
    await until(() => member.changes.length >= 1 && author.changes.length >= 2, 'the members');
    await b.sql('update public.post set has_uploaded_photo = true where id = $1', [pending]);
    await until(() => member.changes.length >= 2 && author.changes.length >= 3, 'the photo stored');
    await sleep(QUIET_MS);
    expect(ids(member)).toEqual([`INSERT ${finished}`, `UPDATE ${pending}`]);
    expect(ids(author)).toEqual([`INSERT ${finished}`, `INSERT ${pending}`, `UPDATE ${pending}`]);
    expect(outsider.changes).toEqual([]);
    expect(anon.changes).toEqual([]);
  });

  it("sends a public group's finished posts to everyone", async () => {
    const [outsider, anon] = await Promise.all([listenAs('outsider', GROUPS.pub), listenAs('anon', GROUPS.pub)]);
    const post = await newPost(GROUPS.pub, true);
    await newPost(GROUPS.pub, false);
    await until(() => outsider.changes.length >= 1 && anon.changes.length >= 1, 'everyone');
    await sleep(QUIET_MS);
    expect(ids(outsider)).toEqual([`INSERT ${post}`]);
    expect(ids(anon)).toEqual([`INSERT ${post}`]);
  });
}

describe('realtime on the project migrations (PGlite)', () => {
  groupSuite((projectDir) => startTestBackend({ projectDir, seed: false }));
});

describe.runIf(shouldRunPostgres())('realtime on the project migrations (PostgreSQL)', () => {
  let cluster: ThrowawayPostgres;
  beforeAll(async () => {
    cluster = await startPostgres();
  });
  afterAll(async () => {
    await cluster?.stop();
  });
  groupSuite((projectDir) => startTestBackend({ projectDir, seed: false, postgres: cluster }));
});
