import type { SqlClient } from '../db/types.ts';
import type { ChangeFilter } from './filters.ts';

/**
 * The realtime service's SQL: the capture of changes (src/db/embedded.sql, realtime section), the catalog
 * questions a join asks, and the one call that answers who may be sent a change.
 */

/** The channel the capture trigger NOTIFYs with the id of each writing transaction. */
export const CHANGES_CHANNEL = 'embedded_backend_realtime';

export interface PublishedTable {
  schema: string;
  table: string;
}

/** Puts the capture trigger on exactly the tables of the supabase_realtime publication; returns them. */
export async function capturePublishedTables(sql: SqlClient): Promise<PublishedTable[]> {
  const res = await sql.query<{ schema_name: string; table_name: string }>(
    'select schema_name, table_name from embedded_backend.realtime_capture_published()',
  );
  return res.rows.map((r) => ({ schema: r.schema_name, table: r.table_name }));
}

export interface PublishedTableInfo extends PublishedTable {
  hasPrimaryKey: boolean;
}

/** Tables of the publication named by schema and table ('*' for any). */
export async function publishedTablesMatching(
  sql: SqlClient,
  schema: string,
  table: string,
): Promise<PublishedTableInfo[]> {
  const res = await sql.query<{ schemaname: string; tablename: string; has_primary_key: boolean }>(
    `select p.schemaname, p.tablename,
            exists (select from pg_catalog.pg_index i
                    where i.indrelid = pg_catalog.format('%I.%I', p.schemaname, p.tablename)::regclass
                      and i.indisprimary) as has_primary_key
     from pg_catalog.pg_publication_tables p
     where p.pubname = 'supabase_realtime' and p.schemaname <> 'embedded_backend'
       and ($1 = '*' or p.schemaname = $1) and ($2 = '*' or p.tablename = $2)
     order by p.schemaname, p.tablename`,
    [schema, table],
  );
  return res.rows.map((r) => ({ schema: r.schemaname, table: r.tablename, hasPrimaryKey: r.has_primary_key }));
}

/** For each filter on a table, why `role` cannot use it (unknown or hidden column, a value of the wrong type), or null. */
export async function filterErrors(
  sql: SqlClient,
  checks: Array<PublishedTable & { role: string; filter: ChangeFilter }>,
): Promise<Array<string | null>> {
  if (checks.length === 0) return [];
  const res = await sql.query<{ error: string | null }>(
    `select embedded_backend.realtime_filter_error(
              c.item ->> 'schema', c.item ->> 'tbl', c.item ->> 'role', c.item ->> 'col', c.item ->> 'op',
              c.item ->> 'value') as error
     from pg_catalog.jsonb_array_elements($1::jsonb) with ordinality as c(item, n)
     order by c.n`,
    [
      JSON.stringify(
        checks.map((c) => ({
          schema: c.schema,
          tbl: c.table,
          role: c.role,
          col: c.filter.column,
          op: c.filter.op,
          value: c.filter.value,
        })),
      ),
    ],
  );
  return res.rows.map((r) => r.error);
}

export interface ChangeRow {
  id: string;
  schema: string;
  table: string;
  action: 'INSERT' | 'UPDATE' | 'DELETE';
}

/** The row changes of these transactions, transaction by transaction in the order given, each in its order. */
export async function changesOf(sql: SqlClient, transactions: string[]): Promise<ChangeRow[]> {
  const res = await sql.query<{ id: string; schema_name: string; table_name: string; action: ChangeRow['action'] }>(
    `select id, schema_name, table_name, action from embedded_backend.realtime_change
     where tx = any ($1::xid8[])
     order by pg_catalog.array_position($1::xid8[], tx), id`,
    [transactions],
  );
  return res.rows.map((r) => ({ id: String(r.id), schema: r.schema_name, table: r.table_name, action: r.action }));
}

/** A caller whose subscriptions share one check: its role, and the settings its requests run with. */
export interface Audience {
  role: string;
  settings: Array<[string, string]>;
  /** Indexes into the filters of the check: the audience wants the change if one passed; null: unfiltered. */
  filters: number[] | null;
}

export interface ChangeFacts {
  /** Whether the change's table has row level security enabled. */
  rls: boolean;
  /** Per filter: whether the change passes it. */
  filters: boolean[];
  /** Per role asked about. */
  roles: Array<{ bypassesRls: boolean; selectsKey: boolean; payloadJson: string }>;
  /** Per audience (INSERT and UPDATE only, empty for DELETE): whether it can select the row now. */
  visible: boolean[];
}

/**
 * What embedded_backend.realtime_check answers about change `id` (see its comment), or undefined when the
 * change or its table is gone. First statement of its transaction: the check reads at one snapshot.
 */
export async function changeFacts(
  sql: SqlClient,
  id: string,
  filters: ChangeFilter[],
  roles: string[],
  audiences: Audience[],
): Promise<ChangeFacts | undefined> {
  await sql.query('set transaction isolation level repeatable read');
  const res = await sql.query<{
    rls: boolean;
    filters: boolean[];
    roles_bypass_rls: boolean[];
    roles_select_key: boolean[];
    payloads: string[];
    visible: boolean[];
  }>('select * from embedded_backend.realtime_check($1, $2, $3, $4)', [
    id,
    JSON.stringify(filters),
    roles,
    JSON.stringify(audiences),
  ]);
  const row = res.rows[0];
  if (!row) return undefined;
  return {
    rls: row.rls,
    filters: row.filters,
    roles: roles.map((_, i) => ({
      bypassesRls: row.roles_bypass_rls[i] ?? false,
      selectsKey: row.roles_select_key[i] ?? false,
      payloadJson: row.payloads[i] ?? '{}',
    })),
    visible: row.visible,
  };
}

/** Forgets changes captured more than `olderThanMs` ago (each is read right after its commit). */
export async function pruneChanges(sql: SqlClient, olderThanMs: number): Promise<number> {
  const res = await sql.query(
    `delete from embedded_backend.realtime_change where changed_at < pg_catalog.clock_timestamp() - $1 * interval '1 millisecond'`,
    [olderThanMs],
  );
  return res.rowCount ?? 0;
}
