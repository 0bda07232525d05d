/**
 * A running embedded backend for the handle-post-create tests, without the heavy seed: two groups (public
 * and private), categories, a member and an outsider signed in through supabase-js, and helpers to send the
 * multipart form and to count what got stored.
 */
import { createClient, FunctionsHttpError, type SupabaseClient } from '@supabase/supabase-js';
import { PHOTO_BUCKET, POST_CREATE_FIELDS, POST_CREATE_FUNCTION } from '@snapshire/contracts';
import pg from 'pg';
import ws from 'ws';
import { startBackend } from '../index.ts';

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
  memberId: string;
  outsiderId: string;
  memberToken: string;
  stop(): Promise<void>;
}

export function supabaseClient(url: string, key: string): SupabaseClient {
  return createClient(url, key, {
    auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
    realtime: { transport: ws as never },
  });
}

async function signedIn(
  backend: Backend,
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
    await owner.query(
      `insert into public."group" (id, display_name, description, is_private) values ($1, 'Open Town', 'Public', false), ($2, 'Closed Family', 'Private', true);
       insert into public.category (id, name, display_name) values ($3, 'fn-shared', 'Shared'), ($4, 'fn-private', 'Private only'), ($5, 'fn-unused', 'Unused');
       insert into public.group_category (group_id, category_id) values ($1, $3), ($2, $3), ($2, $4);
       insert into public.group_member (group_id, user_id, role) values ($2, $6, 'member');`.replace(
        /\$(\d)/g,
        (_, n) => `'${[IDS.pub, IDS.priv, IDS.shared, IDS.privOnly, IDS.unused, member.id][Number(n) - 1]}'`,
      ),
    );
    return {
      backend,
      owner,
      admin,
      anon: supabaseClient(backend.url, backend.anonKey),
      member: member.client,
      outsider: outsider.client,
      memberId: member.id,
      outsiderId: outsider.id,
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

export interface PostForm {
  file?: { bytes: Uint8Array; name: string; type: string } | string;
  groupId?: string;
  description?: string;
  photoType?: string;
  cameraMake?: string;
  cameraModel?: string;
  width?: number;
  height?: number;
  categoryIds?: string[];
}

/** The multipart form as the new-post screen sends it (field names: POST_CREATE_FIELDS in @snapshire/contracts). */
export function postForm(form: PostForm): FormData {
  const data = new FormData();
  if (typeof form.file === 'string') data.append(POST_CREATE_FIELDS.FILE, form.file);
  else if (form.file)
    data.append(
      POST_CREATE_FIELDS.FILE,
      new Blob([form.file.bytes as BlobPart], { type: form.file.type }),
      form.file.name,
    );
  if (form.groupId !== undefined) data.append(POST_CREATE_FIELDS.GROUP_ID, form.groupId);
  if (form.description !== undefined) data.append(POST_CREATE_FIELDS.DESCRIPTION, form.description);
  if (form.photoType !== undefined) data.append(POST_CREATE_FIELDS.PHOTO_TYPE, form.photoType);
  if (form.cameraMake !== undefined) data.append(POST_CREATE_FIELDS.CAMERA_MAKE, form.cameraMake);
  if (form.cameraModel !== undefined) data.append(POST_CREATE_FIELDS.CAMERA_MODEL, form.cameraModel);
  if (form.width !== undefined) data.append(POST_CREATE_FIELDS.WIDTH, String(form.width));
  if (form.height !== undefined) data.append(POST_CREATE_FIELDS.HEIGHT, String(form.height));
  if (form.categoryIds?.length) data.append(POST_CREATE_FIELDS.CATEGORY_IDS, form.categoryIds.join(','));
  return data;
}

export interface Answer {
  status: number;
  body: { post?: { id: string }; error?: string; issues?: string[] };
}

/** Calls the function with supabase-js's functions.invoke, as the product does, and reads either outcome. */
export async function invoke(client: SupabaseClient, form: FormData): Promise<Answer> {
  const { data, error, response } = await client.functions.invoke(POST_CREATE_FUNCTION, { body: form });
  if (error) {
    if (!(error instanceof FunctionsHttpError)) throw error;
    const res = error.context as Response;
    return { status: res.status, body: (await res.json()) as Answer['body'] };
  }
  return { status: response?.status ?? 0, body: data as Answer['body'] };
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
  return { status: res.status, body: (await res.json()) as Answer['body'] };
}

/** Everything a post creation could leave behind: rows and stored objects. */
export async function storedCounts(h: Harness): Promise<{ posts: number; postCategories: number; objects: number }> {
  const { rows } = await h.owner.query<{ posts: number; post_categories: number; objects: number }>(
    `select (select count(*)::int from public.post) as posts,
            (select count(*)::int from public.post_category) as post_categories,
            (select count(*)::int from storage.objects where bucket_id = $1) as objects`,
    [PHOTO_BUCKET],
  );
  return { posts: rows[0]!.posts, postCategories: rows[0]!.post_categories, objects: rows[0]!.objects };
}
