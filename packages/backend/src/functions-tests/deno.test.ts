/**
 * handle-post-create run by Deno itself (the npm `deno` binary), as Supabase's edge runtime would run it:
 * its deno.json import map turns the bare imports into npm: specifiers (resolved from the repository's
 * node_modules) and contracts into a relative path. It talks to a running embedded backend.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { MESSAGES } from '@snapshire/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { IDS, postForm, startHarness, storedCounts, type Answer, type Harness } from './harness.ts';
import { jpeg, png } from './images.ts';

const REPO = resolve(fileURLToPath(new URL('../../../../', import.meta.url)));
const FUNCTION_DIR = join(REPO, 'supabase/functions/handle-post-create');
const DENO = join(REPO, 'node_modules/.bin/deno');

/** Makes Deno.serve listen on a free loopback port and say which, then loads the function. */
const WRAPPER = `
const serve = Deno.serve.bind(Deno);
Deno.serve = (handler) => serve({ hostname: '127.0.0.1', port: 0, onListen: ({ port }) => console.log('listening ' + port) }, handler);
await import(Deno.env.get('FUNCTION_ENTRY'));
`;

let h: Harness;
let deno: ChildProcess;
let functionUrl: string;
let tmp: string;
let output = '';

beforeAll(async () => {
  h = await startHarness();
  tmp = await mkdtemp(join(tmpdir(), 'snapshire-deno-'));
  const wrapper = join(tmp, 'serve.ts');
  await writeFile(wrapper, WRAPPER);
  deno = spawn(
    DENO,
    [
      'run',
      '--node-modules-dir=manual',
      '--no-lock',
      '--config',
      join(FUNCTION_DIR, 'deno.json'),
      '--allow-all',
      wrapper,
    ],
    {
      cwd: REPO,
      env: {
        PATH: process.env.PATH ?? '',
        HOME: process.env.HOME ?? tmp,
        DENO_DIR: process.env.DENO_DIR ?? join(tmp, 'deno-dir'),
        NO_COLOR: '1',
        FUNCTION_ENTRY: pathToFileURL(join(FUNCTION_DIR, 'index.ts')).href,
        SUPABASE_URL: h.backend.url,
        SUPABASE_ANON_KEY: h.backend.anonKey,
        SUPABASE_SERVICE_ROLE_KEY: h.backend.serviceRoleKey,
        SUPABASE_DB_URL: h.backend.dbUrl,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  functionUrl = await new Promise<string>((done, fail) => {
    const timer = setTimeout(() => fail(new Error(`Deno did not start within 60 s:\n${output.slice(-2000)}`)), 60_000);
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      const m = /listening (\d+)/.exec(output);
      if (m) {
        clearTimeout(timer);
        done(`http://127.0.0.1:${m[1]}`);
      }
    };
    deno.stdout!.on('data', onData);
    deno.stderr!.on('data', onData);
    deno.once('exit', (code) => {
      clearTimeout(timer);
      fail(new Error(`Deno exited with ${code}:\n${output.slice(-2000)}`));
    });
  });
}, 120_000);

afterAll(async () => {
  if (deno && deno.exitCode === null) {
    const exited = new Promise((r) => deno.once('exit', r));
    deno.kill('SIGTERM');
    await exited;
  }
  await h?.stop();
  if (tmp) await rm(tmp, { recursive: true, force: true });
});

async function send(form: FormData, token?: string): Promise<Answer> {
  const res = await fetch(functionUrl, {
    method: 'POST',
    body: form,
    headers: token ? { authorization: `Bearer ${token}`, apikey: h.backend.anonKey } : { apikey: h.backend.anonKey },
  });
  return { status: res.status, body: (await res.json()) as Answer['body'] };
}

describe('handle-post-create under Deno', () => {
  it('runs on Deno itself, not on the embedded shim', async () => {
    expect(output).toMatch(/listening \d+/);
    expect(deno.exitCode).toBeNull();
  });

  it('creates a post in the private group for a member', async () => {
    const before = await storedCounts(h);
    const bytes = await jpeg(320, 240, { orientation: 6, gps: true });
    const answer = await send(
      postForm({
        file: { bytes, name: '../x.jpg', type: 'image/jpeg' },
        groupId: IDS.priv,
        photoType: 'DIGITAL',
        width: 320,
        height: 240,
        categoryIds: [IDS.privOnly],
      }),
      h.memberToken,
    );
    expect(answer.status, JSON.stringify(answer.body) + output.slice(-1000)).toBe(201);
    const { rows } = await h.owner.query(
      'select meta_width, meta_height, has_uploaded_photo, file_name from public.post where id = $1',
      [answer.body.post!.id],
    );
    expect(rows[0]).toMatchObject({ meta_width: 240, meta_height: 320, has_uploaded_photo: true });
    expect(rows[0].file_name).toMatch(/^[0-9a-f-]{36}\.jpg$/);
    expect(await storedCounts(h)).toEqual({
      posts: before.posts + 1,
      postCategories: before.postCategories + 1,
      objects: before.objects + 1,
    });
  });

  it('refuses a PNG sent as image/jpeg and stores nothing', async () => {
    const before = await storedCounts(h);
    const answer = await send(
      postForm({
        file: { bytes: await png(), name: 'a.jpg', type: 'image/jpeg' },
        groupId: IDS.pub,
        photoType: 'DIGITAL',
        width: 64,
        height: 64,
      }),
      h.memberToken,
    );
    expect(answer).toEqual({ status: 415, body: { error: MESSAGES.NOT_A_JPEG } });
    expect(await storedCounts(h)).toEqual(before);
  });

  it('refuses a caller without a token', async () => {
    const answer = await send(
      postForm({
        file: { bytes: await jpeg(), name: 'a.jpg', type: 'image/jpeg' },
        groupId: IDS.pub,
        photoType: 'DIGITAL',
        width: 640,
        height: 480,
      }),
    );
    expect(answer).toEqual({ status: 401, body: { error: MESSAGES.NOT_SIGNED_IN } });
  });
});
