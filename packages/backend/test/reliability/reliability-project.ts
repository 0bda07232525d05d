import { mkdtemp, symlink } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
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
 */
export async function writeProductProjectWithoutPhotos(): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), 'snapshire-product-'));
  for (const entry of ['config.toml', 'migrations', 'functions', 'seed.sql'])
    await symlink(join(PRODUCT_PROJECT, entry), join(dir, entry));
  return dir;
}
