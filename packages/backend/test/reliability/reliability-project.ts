import { mkdir, mkdtemp, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { writeTestProject } from '../../testing/project.ts';

const PRODUCT_PROJECT = fileURLToPath(new URL('../../../../supabase', import.meta.url));

/**
 * The test project plus what the reliability suites abuse: two related tables (for deeply nested
 * collections, as `group` and `post` are in the product) and a table whose read policy sleeps per row (a
 * statement that outlives any statement_timeout).
 */
export const RELIABILITY_MIGRATION = `
create table public.shelf (id serial primary key, title text not null);
create table public.book (id serial primary key, shelf_id int not null references public.shelf (id), title text not null);
alter table public.shelf enable row level security;
alter table public.book enable row level security;
create policy shelf_read on public.shelf for select to anon, authenticated using (true);
create policy book_read on public.book for select to anon, authenticated using (true);
insert into public.shelf (title) select 'shelf ' || i from generate_series(1, 30) i;
insert into public.book (shelf_id, title) select 1 + (i % 30), 'book ' || i from generate_series(1, 900) i;

create table public.slow_item (id serial primary key, label text not null);
alter table public.slow_item enable row level security;
create policy slow_item_read on public.slow_item for select to anon, authenticated using (pg_sleep(0.25) is not null);
insert into public.slow_item (label) select 'item ' || i from generate_series(1, 60) i;
`;

export function writeReliabilityProject(files: Record<string, string> = {}): Promise<string> {
  return writeTestProject({ files: { 'migrations/20240101000100_reliability.sql': RELIABILITY_MIGRATION, ...files } });
}

/**
 * The product's project (its migrations, functions and seed.sql's groups and categories) without
 * seed/index.ts: no sample accounts and no sixty painted photos, which on a loaded machine make a first
 * start take over a minute. Returns its path; linked, not copied, so it is always this checkout's.
 *
 * With `functionsApiUrl`, its functions are handle-post-create alone, the product's handler given that URL as
 * SUPABASE_URL instead of the backend's own: its calls to auth, storage and the RPCs go through whatever
 * listens there (testing/relay.ts), in the test's hands. The backend itself is unchanged.
 */
export async function writeProductProjectWithoutPhotos(options: { functionsApiUrl?: string } = {}): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), 'snapshire-product-'));
  for (const entry of ['config.toml', 'migrations', 'seed.sql'])
    await symlink(join(PRODUCT_PROJECT, entry), join(dir, entry));
  if (!options.functionsApiUrl) {
    await symlink(join(PRODUCT_PROJECT, 'functions'), join(dir, 'functions'));
    return dir;
  }
  const handler = pathToFileURL(join(PRODUCT_PROJECT, 'functions/handle-post-create/handler.ts')).href;
  await mkdir(join(dir, 'functions/handle-post-create'), { recursive: true });
  // An ES module, as the repository's own code is (its package.json): else the handler's modules would be
  // loaded as CommonJS, where import.meta.resolve (the image step's WebAssembly) does not exist.
  await writeFile(join(dir, 'functions/package.json'), '{ "type": "module" }\n');
  await writeFile(
    join(dir, 'functions/handle-post-create/index.ts'),
    `import { handlePostCreate } from ${JSON.stringify(handler)};
// Deno.env is this call's environment: the platform module reads SUPABASE_URL from it.
Deno.serve((req) => {
  Deno.env.set('SUPABASE_URL', ${JSON.stringify(options.functionsApiUrl)});
  return handlePostCreate(req);
});
`,
  );
  return dir;
}
