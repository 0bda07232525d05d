/**
 * A running embedded backend for the handle-post-create tests, without the heavy seed: two groups (public
 * and private), categories, users signed in through supabase-js (a member of both groups, an outsider of the
 * private group who has joined the public one, a stranger in neither), and helpers to send the multipart form
 * and to count what got stored.
 */
import { createClient, FunctionsHttpError, type SupabaseClient } from '@supabase/supabase-js';
import {
  encodePostCreateForm,
  functionErrorResponseSchema,
  PHOTO_BUCKET,
  POST_CREATE_FUNCTION,
  postCreatedResponseSchema,
  postObjectPath,
  type FunctionErrorResponse,
  type PostCreatedResponse,
  type PostCreateRequest,
} from '@snapshire/contracts';
import pg from 'pg';
import { expect } from 'vitest';
import ws from 'ws';
import { startBackend } from '../src/index.ts';

export const IDS = {
  pub: '61000000-0000-4000-8000-000000000001',
  priv: '61000000-0000-4000-8000-000000000002',
  shared: '62000000-0000-4000-8000-000000000001',
  privOnly: '62000000-0000-4000-8000-000000000002',
  unused: '62000000-0000-4000-8000-000000000003',
} as const;

export type Backend = Awaited<ReturnType<typeof startBackend>>;

export interface Harness {
  backend: Backend;
  owner: pg.Pool;
  admin: SupabaseClient;
  anon: SupabaseClient;
  member: SupabaseClient;
  outsider: SupabaseClient;
  /** Signed in, a member of no group: may see the public group, not post in it (posting needs membership). */
  stranger: SupabaseClient;
  memberId: string;
  outsiderId: string;
  strangerId: string;
  memberToken: string;
  stop(): Promise<void>;
}

export function supabaseClient(url: string, key: string): SupabaseClient {
  return createClient(url, key, {
    auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
    realtime: { transport: ws as never },
  });
}

/** A new confirmed user (made with the service role), signed in with a password; also for a backend in its own process. */
export async function signedIn(
  backend: Pick<Backend, 'url' | 'anonKey'>,
  admin: SupabaseClient,
  email: string,
): Promise<{ client: SupabaseClient; id: string; token: string }> {
  const password = `pw-${email}-2026`;
  const created = await admin.auth.admin.createUser({ email, password, email_confirm: true });
  if (created.error) throw new Error(`createUser ${email}: ${created.error.message}`);
  const client = supabaseClient(backend.url, backend.anonKey);
  const { data, error } = await client.auth.signInWithPassword({ email, password });
  if (error || !data.session) throw new Error(`sign in ${email}: ${error?.message}`);
  return { client, id: data.user.id, token: data.session.access_token };
}

export async function startHarness(options: { databaseUrl?: string } = {}): Promise<Harness> {
  const backend = await startBackend({ port: 0, seed: false, log: false, databaseUrl: options.databaseUrl });
  const owner = new pg.Pool({ connectionString: backend.dbUrl, max: 2 });
  try {
    const admin = supabaseClient(backend.url, backend.serviceRoleKey);
    const member = await signedIn(backend, admin, 'member@functions.test');
    const outsider = await signedIn(backend, admin, 'outsider@functions.test');
    const stranger = await signedIn(backend, admin, 'stranger@functions.test');
    await owner.query(
      `insert into public."group" (id, display_name, description, is_private) values ($1, 'Open Town', 'Public', false), ($2, 'Closed Family', 'Private', true);
       insert into public.category (id, name, display_name) values ($3, 'fn-shared', 'Shared'), ($4, 'fn-private', 'Private only'), ($5, 'fn-unused', 'Unused');
       insert into public.group_category (group_id, category_id) values ($1, $3), ($2, $3), ($2, $4);
       insert into public.group_member (group_id, user_id, role) values ($2, $6, 'member'), ($1, $6, 'member'), ($1, $7, 'member');`.replace(
        /\$(\d)/g,
        (_, n) =>
          `'${[IDS.pub, IDS.priv, IDS.shared, IDS.privOnly, IDS.unused, member.id, outsider.id][Number(n) - 1]}'`,
      ),
    );
    return {
      backend,
      owner,
      admin,
      anon: supabaseClient(backend.url, backend.anonKey),
      member: member.client,
      outsider: outsider.client,
      stranger: stranger.client,
      memberId: member.id,
      outsiderId: outsider.id,
      strangerId: stranger.id,
      memberToken: member.token,
      async stop() {
        await owner.end();
        await backend.stop();
      },
    };
  } catch (err) {
    await owner.end();
    await backend.stop();
    throw err;
  }
}

/** The new-post screen's values, with the photo as bytes. */
export interface PostForm extends Omit<PostCreateRequest<File>, 'file' | 'categoryIds'> {
  file: { bytes: Uint8Array; name: string; type: string };
  categoryIds?: string[];
}

/** The form's file field for a JPEG: `bytes`, named `name`, declared as image/jpeg. */
export function jpegFile(bytes: Uint8Array, name: string): PostForm['file'] {
  return { bytes, name, type: 'image/jpeg' };
}

/**
 * The multipart form exactly as the new-post screen sends it (encodePostCreateForm of @snapshire/contracts);
 * `alter` then breaks it on purpose (a field removed, a text where the file goes) for the refusal cases.
 */
export function postForm(form: PostForm, alter?: (data: FormData) => void): FormData {
  const file = new File([form.file.bytes as BlobPart], form.file.name, { type: form.file.type });
  const data = encodePostCreateForm({ ...form, file, categoryIds: form.categoryIds ?? [] }, new FormData());
  alter?.(data);
  return data;
}

export interface Answer {
  status: number;
  body: Partial<PostCreatedResponse> & Partial<FunctionErrorResponse>;
}

/** Reads the function's answer with the response schemas of @snapshire/contracts: anything else fails the test. */
export async function readAnswer(res: Response): Promise<Answer> {
  const json: unknown = await res.json();
  const body = res.ok ? postCreatedResponseSchema.parse(json) : functionErrorResponseSchema.parse(json);
  return { status: res.status, body };
}

/** Calls the function with supabase-js's functions.invoke, as the product does, and reads either outcome. */
export async function invoke(client: SupabaseClient, form: FormData): Promise<Answer> {
  const { data, error, response } = await client.functions.invoke(POST_CREATE_FUNCTION, { body: form });
  if (error) {
    if (!(error instanceof FunctionsHttpError)) throw error;
    return readAnswer(error.context as Response);
  }
  return { status: response?.status ?? 0, body: postCreatedResponseSchema.parse(data) };
}

/** Calls the function with plain fetch and any Authorization header (forged tokens, none at all). */
export async function invokeRaw(backend: Backend, form: FormData, authorization?: string): Promise<Answer> {
  const headers: Record<string, string> = { apikey: backend.anonKey };
  if (authorization) headers.authorization = authorization;
  const res = await fetch(`${backend.url}/functions/v1/${POST_CREATE_FUNCTION}`, {
    method: 'POST',
    body: form,
    headers,
  });
  return readAnswer(res);
}

/** Everything a post creation could leave behind: post rows, category links and stored objects. */
export interface StoredCounts {
  posts: number;
  postCategories: number;
  objects: number;
}

/** The counts one more post leaves: its row, its photo's object and `categoryLinks` links. */
export function withOnePostMore(before: StoredCounts, categoryLinks = 0): StoredCounts {
  return {
    posts: before.posts + 1,
    postCategories: before.postCategories + categoryLinks,
    objects: before.objects + 1,
  };
}

export async function storedCounts(h: Harness): Promise<StoredCounts> {
  const { rows } = await h.owner.query<{ posts: number; post_categories: number; objects: number }>(
    `select (select count(*)::int from public.post) as posts,
            (select count(*)::int from public.post_category) as post_categories,
            (select count(*)::int from storage.objects where bucket_id = $1) as objects`,
    [PHOTO_BUCKET],
  );
  return { posts: rows[0]!.posts, postCategories: rows[0]!.post_categories, objects: rows[0]!.objects };
}

/**
 * Sends through `send` and expects it to store nothing: no post row, category link or object beyond those
 * before it. Resolves with the answer, for the caller to check the refusal it expects.
 */
export async function answerStoringNothing(h: Harness, send: () => Promise<Answer>): Promise<Answer> {
  const before = await storedCounts(h);
  const answer = await send();
  expect(await storedCounts(h)).toEqual(before);
  return answer;
}

/** Expects the answer to be a post created (201; its body printed otherwise) and resolves with the post's id. */
export function createdPostId(answer: Answer, context = ''): string {
  expect(answer.status, `${JSON.stringify(answer.body)}${context}`).toBe(201);
  return answer.body.post!.id;
}

/** The post's row as stored (the owner reads it, no RLS): `columns` of it, all by default. */
export async function postRow<Row = Record<string, unknown>>(h: Harness, postId: string, columns = '*'): Promise<Row> {
  const { rows } = await h.owner.query(`select ${columns} from public.post where id = $1`, [postId]);
  return rows[0] as Row;
}

/** The post's photo as storage keeps it, downloaded by `reader` (the service role unless told). */
export async function storedPhoto(h: Harness, postId: string, reader: SupabaseClient = h.admin): Promise<Buffer> {
  const { file_name } = await postRow<{ file_name: string }>(h, postId, 'file_name');
  const stored = await reader.storage.from(PHOTO_BUCKET).download(postObjectPath(postId, file_name));
  if (stored.error) throw stored.error;
  return Buffer.from(await stored.data.arrayBuffer());
}
