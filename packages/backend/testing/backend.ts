import { rm } from 'node:fs/promises';
import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import pg from 'pg';
import sharp from 'sharp';
import ws from 'ws';
import { startBackend, type RunningBackend } from '../src/index.ts';
import type { BackendOptions } from '../src/config/config.ts';
import { startPostgres, type ThrowawayPostgres } from './postgres.ts';
import { writeTestProject } from './project.ts';
import { mailFor } from './mailbox.ts';

export { mailFor, uniqueEmail } from './mailbox.ts';

export interface TestBackend extends RunningBackend {
  projectDir: string;
  /** 'pglite' or 'postgres'. */
  kind: string;
  /** Runs SQL as the database owner (test set-up and inspection only). */
  sql<Row = Record<string, unknown>>(text: string, params?: unknown[]): Promise<Row[]>;
}

/** supabase-js as a browser would use it, minus storage of the session (each client is one "tab"). */
export function supabaseClient(
  backend: { url: string; anonKey: string },
  key = backend.anonKey,
  fetchImpl?: typeof fetch,
): SupabaseClient {
  return createClient(backend.url, key, {
    auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
    ...(fetchImpl ? { global: { fetch: fetchImpl } } : {}),
    // Node 20 has no global WebSocket; supabase-js needs a transport even when realtime is unused.
    realtime: { transport: ws as never },
  });
}

async function withOwnerSql(url: string) {
  return async <Row>(text: string, params?: unknown[]): Promise<Row[]> => {
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    try {
      return (await client.query(text, params)).rows as Row[];
    } finally {
      await client.end();
    }
  };
}

/**
 * A backend on a throwaway project (the test migration: buckets `photos` and `open`, table `note`, policies
 * by owner folder, the `echo` function), in memory on PGlite, or on a fresh database of a throwaway
 * PostgreSQL cluster when `postgres` is given.
 */
export async function startTestBackend(
  options: BackendOptions & { postgres?: ThrowawayPostgres; files?: Record<string, string> } = {},
): Promise<TestBackend> {
  const { postgres, files, ...rest } = options;
  const ownProject = !rest.projectDir;
  const projectDir = rest.projectDir ?? (await writeTestProject({ files }));
  const databaseUrl = postgres ? await postgres.createDatabase() : rest.databaseUrl;
  const backend = await startBackend({
    port: 0,
    log: false,
    refreshTokenReuseInterval: 0,
    ...rest,
    projectDir,
    databaseUrl,
  });
  const sql = await withOwnerSql(backend.dbUrl);
  return {
    ...backend,
    projectDir,
    kind: databaseUrl ? 'postgres' : 'pglite',
    sql,
    async stop() {
      await backend.stop();
      if (ownProject) await rm(projectDir, { recursive: true, force: true });
    },
  };
}

export { startPostgres };

/** Follows the newest confirmation link sent to `email`; returns the redirect's Location. */
export async function confirmFromMailbox(backend: { url: string }, email: string): Promise<string> {
  const [mail] = await mailFor(backend, email);
  const link = mail?.links[0]?.url;
  if (!link) throw new Error(`no confirmation mail for ${email}`);
  const res = await fetch(link, { redirect: 'manual' });
  if (res.status !== 303) throw new Error(`verify answered ${res.status}`);
  return res.headers.get('location') ?? '';
}

/** Signs up and confirms through the mailbox; returns a signed-in client and its user id. */
export async function confirmedUser(backend: TestBackend, email: string, password = 'correct horse battery') {
  const client = supabaseClient(backend);
  const { error } = await client.auth.signUp({ email, password });
  if (error) throw error;
  await confirmFromMailbox(backend, email);
  const { data, error: signInError } = await client.auth.signInWithPassword({ email, password });
  if (signInError || !data.session) throw signInError ?? new Error('no session');
  return { client, userId: data.user!.id, session: data.session, email, password };
}

/** A JPEG test image of the given size (and optional EXIF orientation tag). */
export async function jpeg(width: number, height: number, orientation?: number): Promise<Buffer> {
  let img = sharp({ create: { width, height, channels: 3, background: { r: 40, g: 140, b: 90 } } });
  if (orientation) img = img.withMetadata({ orientation });
  return img.jpeg({ quality: 85 }).toBuffer();
}

/** Width and height of an image, from its bytes. */
export async function dimensions(
  bytes: ArrayBuffer | Buffer,
): Promise<{ width: number; height: number; format: string }> {
  const meta = await sharp(Buffer.from(bytes as ArrayBuffer)).metadata();
  return { width: meta.width ?? 0, height: meta.height ?? 0, format: meta.format ?? '' };
}
