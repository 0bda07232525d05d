import { mkdtemp, mkdir, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** A bucket and storage policies like a real project's: for tests that must not depend on supabase/. */
export const TEST_MIGRATION = `
insert into storage.buckets (id, name, public, file_size_limit, allowed_mime_types)
values ('photos', 'photos', false, 1048576, array['image/jpeg', 'image/png']),
       ('open', 'open', true, null, null)
on conflict (id) do nothing;

create table public.note (id serial primary key, owner uuid not null default auth.uid(), body text not null);
alter table public.note enable row level security;
create policy note_owner_all on public.note for all to authenticated using (owner = auth.uid()) with check (owner = auth.uid());
create policy note_anon_read on public.note for select to anon using (body like 'public:%');

-- Signed-in users manage objects under their own folder; everyone reads 'shared/'.
create policy photos_insert_own on storage.objects for insert to authenticated
  with check (bucket_id in ('photos', 'open') and (storage.foldername(name))[1] = auth.uid()::text);
create policy photos_update_own on storage.objects for update to authenticated
  using (bucket_id in ('photos', 'open') and (storage.foldername(name))[1] = auth.uid()::text);
create policy photos_select_own on storage.objects for select to authenticated
  using (bucket_id in ('photos', 'open') and (storage.foldername(name))[1] = auth.uid()::text);
create policy photos_delete_own on storage.objects for delete to authenticated
  using (bucket_id in ('photos', 'open') and (storage.foldername(name))[1] = auth.uid()::text);
create policy photos_select_shared on storage.objects for select to anon, authenticated
  using (bucket_id in ('photos', 'open') and (storage.foldername(name))[1] = 'shared');
`;

export const ECHO_FUNCTION = `
Deno.serve(async (req: Request) => {
  const url = new URL(req.url);
  const body = req.method === 'GET' ? null : await req.text();
  return new Response(
    JSON.stringify({
      method: req.method,
      path: url.pathname,
      search: url.search,
      body,
      authorization: req.headers.get('authorization'),
      custom: req.headers.get('x-custom'),
      env: {
        url: Deno.env.get('SUPABASE_URL'),
        anon: Deno.env.get('SUPABASE_ANON_KEY'),
        service: Deno.env.get('SUPABASE_SERVICE_ROLE_KEY'),
        db: Deno.env.get('SUPABASE_DB_URL'),
      },
    }),
    { status: url.searchParams.get('status') ? Number(url.searchParams.get('status')) : 200, headers: { 'content-type': 'application/json', 'x-fn': 'echo' } },
  );
});
`;

/** Writes a throwaway Supabase project folder (migrations, optional seed and functions) and returns its path. */
export async function writeTestProject(extra: { files?: Record<string, string> } = {}): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), 'snapshire-project-'));
  const files: Record<string, string> = {
    'migrations/20240101000000_test.sql': TEST_MIGRATION,
    'functions/echo/index.ts': ECHO_FUNCTION,
    ...extra.files,
  };
  for (const [path, text] of Object.entries(files)) {
    const full = join(dir, path);
    await mkdir(join(full, '..'), { recursive: true });
    await writeFile(full, text);
  }
  return dir;
}
