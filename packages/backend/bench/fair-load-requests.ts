/**
 * What the fair-load bench (fair-load.ts) and its load clients (fair-load-client.ts) send: the visitor's and the
 * flooders' GraphQL reads, the member's sign-in and photo posts.
 */
import { request } from 'node:http';
import { encodePostCreateForm } from '@snapshire/contracts';
import sharp from 'sharp';
import { SAMPLE_ACCOUNTS } from '../../../supabase/seed/accounts.ts';
import { SEED_GROUPS } from '../../../supabase/seed/ids.ts';

export const VISITOR_QUERY = '{ groupCollection(first: 20) { edges { node { id display_name description } } } }';
export const FLOOD_QUERY = '{ categoryCollection(first: 1) { edges { node { id } } } }';

/** A GraphQL POST as anon from `localAddress` (node:http: fetch cannot choose the client's address). */
export function graphql(url: string, anonKey: string, query: string, localAddress: string): Promise<void> {
  const body = JSON.stringify({ query });
  return new Promise((resolve, reject) => {
    const req = request(
      `${url}/graphql/v1`,
      {
        method: 'POST',
        localAddress,
        agent: false,
        headers: { apikey: anonKey, 'Content-Type': 'application/json', 'Content-Length': Buffer.byteLength(body) },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => {
          const text = Buffer.concat(chunks).toString();
          if (res.statusCode !== 200 || text.includes('"errors"'))
            reject(new Error(`${res.statusCode} ${text.slice(0, 200)}`));
          else resolve();
        });
      },
    );
    req.on('error', reject);
    req.end(body);
  });
}

export async function signIn(url: string, anonKey: string): Promise<string> {
  const response = await fetch(`${url}/auth/v1/token?grant_type=password`, {
    method: 'POST',
    headers: { apikey: anonKey, 'Content-Type': 'application/json' },
    body: JSON.stringify(SAMPLE_ACCOUNTS.ada),
  });
  const body = (await response.json()) as { access_token?: string };
  if (!body.access_token) throw new Error(`sign-in failed: ${response.status}`);
  return body.access_token;
}

/** A phone-sized photo (about 1 MB: noise does not compress). */
export async function photo(): Promise<Uint8Array<ArrayBuffer>> {
  const width = 1600;
  const height = 1200;
  const noise = Buffer.alloc(width * height * 3);
  for (let i = 0; i < noise.length; i++) noise[i] = (i * 2654435761) >>> 24;
  return new Uint8Array(
    await sharp(noise, { raw: { width, height, channels: 3 } })
      .jpeg({ quality: 85 })
      .toBuffer(),
  );
}

/** Posts `jpeg` as a new photo of the sample family group through handle-post-create; true when it was made. */
export async function postPhoto(url: string, anonKey: string, token: string, jpeg: Uint8Array<ArrayBuffer>) {
  const form = encodePostCreateForm(
    {
      file: new File([jpeg], 'bench.jpg', { type: 'image/jpeg' }),
      groupId: SEED_GROUPS.family,
      photoType: 'DIGITAL',
      width: 1600,
      height: 1200,
      categoryIds: [],
    },
    new FormData(),
  );
  const response = await fetch(`${url}/functions/v1/handle-post-create`, {
    method: 'POST',
    headers: { apikey: anonKey, Authorization: `Bearer ${token}` },
    body: form,
  });
  await response.arrayBuffer();
  return response.ok;
}
