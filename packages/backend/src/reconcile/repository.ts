import type { SqlClient } from '../db/types.ts';

/** Which rows hold an upload whose object must exist (config.toml [storage.reconcile]). */
export interface UploadRule {
  bucket: string;
  /** schema.table of the rows that point at objects, e.g. public.post. */
  table: string;
  /** Boolean column: true once the row's object is stored. */
  readyColumn: string;
  /** timestamptz column of when the row was written. */
  createdColumn: string;
  /** SQL expression over the row giving its object's name, e.g. 'posts/' || id || '/' || file_name. */
  objectName: string;
  /** Objects in the bucket under this prefix belong to such rows. */
  objectPrefix: string;
}

const IDENTIFIER = /^[a-z_][a-z0-9_]*$/;

/** "public.post" -> "public"."post", refusing anything but plain identifiers. */
export function qualifiedName(name: string): string {
  const parts = name.split('.');
  if (parts.length > 2 || !parts.every((p) => IDENTIFIER.test(p)))
    throw new Error(`[storage.reconcile] bad table or column name "${name}"`);
  return parts.map((p) => `"${p}"`).join('.');
}

export interface Removed {
  /** Rows never marked ready, removed with their object if it had one. */
  unfinishedRows: number;
  /** Objects under the prefix that no row claims. */
  unclaimedObjects: number;
  /** Object versions (files) removed because of the above: the caller deletes them from disk. */
  versions: string[];
}

/**
 * Removes, as the owner, what an interrupted upload left before `before`: rows never marked ready (and their
 * object, if it was stored), and objects under the prefix that no row claims.
 */
export async function removeUnfinishedUploads(sql: SqlClient, rule: UploadRule, before: Date): Promise<Removed> {
  const table = qualifiedName(rule.table);
  const ready = qualifiedName(rule.readyColumn);
  const created = qualifiedName(rule.createdColumn);
  const rows = await sql.query<{ name: string }>(
    `delete from ${table} t where not t.${ready} and t.${created} < $1 returning (${rule.objectName}) as name`,
    [before],
  );
  const names = rows.rows.map((r) => r.name);
  const versions: string[] = [];
  if (names.length) {
    const gone = await sql.query<{ version: string | null }>(
      `delete from storage.objects where bucket_id = $1 and name = any ($2::text[]) returning version`,
      [rule.bucket, names],
    );
    for (const r of gone.rows) if (r.version) versions.push(r.version);
  }
  const unclaimed = await sql.query<{ version: string | null }>(
    `delete from storage.objects o
      where o.bucket_id = $1 and o.name like $2 and o.created_at < $3
        and not exists (select from ${table} r where (${rule.objectName}) = o.name)
      returning o.version`,
    [rule.bucket, `${rule.objectPrefix.replace(/[\\%_]/g, '\\$&')}%`, before],
  );
  for (const r of unclaimed.rows) if (r.version) versions.push(r.version);
  return { unfinishedRows: rows.rowCount ?? 0, unclaimedObjects: unclaimed.rowCount ?? 0, versions };
}

/** Every object version the database knows (files on disk without one are leftovers). */
export async function knownVersions(sql: SqlClient): Promise<Set<string>> {
  const { rows } = await sql.query<{ version: string }>(
    `select version from storage.objects where version is not null`,
  );
  return new Set(rows.map((r) => r.version));
}
