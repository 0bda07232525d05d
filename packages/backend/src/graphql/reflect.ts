import type { SqlClient } from '../db/types.ts';

/**
 * What the catalog says about the exposed schemas, as the current role sees it (privileges are checked for
 * current_user, so reflect inside the caller's transaction). One statement, returned as JSON text so the
 * driver's type parsing never matters.
 */
export interface Catalog {
  schemas: CatalogSchema[];
  tables: CatalogTable[];
  foreignKeys: CatalogForeignKey[];
  enums: CatalogEnum[];
  functions: CatalogFunction[];
}

/** A type as a function's argument or result names it. */
export interface CatalogType {
  oid: number;
  /** format_type without modifier (what a parameter is cast to). */
  name: string;
  typname: string;
  /** pg_type.typtype: 'b' base, 'c' composite, 'd' domain, 'e' enum, 'p' pseudo. */
  typtype: string;
  category: string;
  elemOid: number | null;
  elemTypname: string | null;
  elemTyptype: string | null;
  /** For a composite type: the table (pg_class oid) whose row type it is. */
  relid: number | null;
  baseOid: number | null;
}

export interface CatalogFunction {
  oid: number;
  schema: string;
  schemaOid: number;
  name: string;
  comment: string | null;
  /** pg_proc.provolatile: 'i' immutable, 's' stable, 'v' volatile. */
  volatility: string;
  returnsSet: boolean;
  isVariadic: boolean;
  /** Every argument is a plain IN argument (no OUT, INOUT, VARIADIC or TABLE columns). */
  onlyInArgs: boolean;
  canExecute: boolean;
  /** Another function of the same schema has the same name. */
  overloaded: boolean;
  /** How many trailing arguments have defaults. */
  numDefaults: number;
  argNames: (string | null)[];
  argTypes: CatalogType[];
  returnType: CatalogType;
}

export interface CatalogSchema {
  oid: number;
  name: string;
  comment: string | null;
}

export interface CatalogColumn {
  name: string;
  num: number;
  typeOid: number;
  /** format_type without the type modifier: what parameters are cast to (varchar(3) would truncate). */
  typeName: string;
  /** 'A' array, 'E' enum, ... (pg_type.typcategory). */
  typeCategory: string;
  /** 'b' base, 'd' domain, 'e' enum, 'c' composite ... (pg_type.typtype). */
  typeType: string;
  typeNameRaw: string;
  elemTypeOid: number | null;
  elemTypeName: string | null;
  elemTypeType: string | null;
  /** For a domain: the base type's oid. */
  baseTypeOid: number | null;
  notNull: boolean;
  hasDefault: boolean;
  isSerial: boolean;
  isGenerated: boolean;
  identity: string;
  comment: string | null;
  canSelect: boolean;
  canInsert: boolean;
  canUpdate: boolean;
}

export interface CatalogIndex {
  columns: string[];
  isUnique: boolean;
  isPrimaryKey: boolean;
  isPartial: boolean;
}

export interface CatalogTable {
  oid: number;
  schema: string;
  schemaOid: number;
  name: string;
  relkind: string;
  comment: string | null;
  rowSecurity: boolean;
  canSelect: boolean;
  canInsert: boolean;
  canUpdate: boolean;
  canDelete: boolean;
  primaryKey: string[] | null;
  columns: CatalogColumn[];
  indexes: CatalogIndex[];
}

export interface CatalogForeignKey {
  oid: number;
  name: string;
  comment: string | null;
  localTableOid: number;
  localColumns: string[];
  referencedTableOid: number;
  referencedColumns: string[];
}

export interface CatalogEnum {
  oid: number;
  schemaOid: number;
  schema: string;
  name: string;
  comment: string | null;
  values: string[];
  canUse: boolean;
}

/** A pg_type row (alias ty, its array element el) as CatalogType JSON. */
const TYPE_JSON = `json_build_object('oid', ty.oid::int8, 'name', format_type(ty.oid, null), 'typname', ty.typname::text,
  'typtype', ty.typtype::text, 'category', ty.typcategory::text, 'elemOid', nullif(ty.typelem, 0)::int8,
  'elemTypname', el.typname::text, 'elemTyptype', el.typtype::text, 'relid', nullif(ty.typrelid, 0)::int8,
  'baseOid', nullif(ty.typbasetype, 0)::int8)`;

// oids are cast to int8: to_json renders the oid type as a string.
const CATALOG_SQL = `
with schemas as (
  select n.oid, n.nspname::text as name, obj_description(n.oid, 'pg_namespace') as comment
  from pg_namespace n
  where n.nspname = any($1::text[]) and has_schema_privilege(n.oid, 'USAGE')
),
tables as (
  select c.oid, c.relname::text as name, c.relkind::text as relkind, c.relrowsecurity, c.relnamespace,
         s.name as schema
  from pg_class c join schemas s on s.oid = c.relnamespace
  where c.relkind in ('r', 'v', 'm', 'f', 'p') and not c.relispartition
)
select json_build_object(
  'schemas', coalesce((select json_agg(json_build_object('oid', s.oid::int8, 'name', s.name, 'comment', s.comment)
                                       order by s.name) from schemas s), '[]'),
  'tables', coalesce((select json_agg(json_build_object(
      'oid', t.oid::int8, 'schema', t.schema, 'schemaOid', t.relnamespace::int8, 'name', t.name, 'relkind', t.relkind,
      'comment', obj_description(t.oid, 'pg_class'),
      'rowSecurity', t.relrowsecurity,
      'canSelect', has_table_privilege(t.oid, 'SELECT'),
      'canInsert', has_table_privilege(t.oid, 'INSERT'),
      'canUpdate', has_table_privilege(t.oid, 'UPDATE'),
      'canDelete', has_table_privilege(t.oid, 'DELETE'),
      'primaryKey', (
        select json_agg(a.attname::text order by k.ord)
        from pg_constraint pk
        cross join lateral unnest(pk.conkey) with ordinality k(attnum, ord)
        join pg_attribute a on a.attrelid = pk.conrelid and a.attnum = k.attnum
        where pk.conrelid = t.oid and pk.contype = 'p'
      ),
      'columns', coalesce((
        select json_agg(json_build_object(
          'name', a.attname::text, 'num', a.attnum, 'typeOid', a.atttypid::int8,
          'typeName', format_type(a.atttypid, null), 'typeNameRaw', ty.typname::text,
          'typeCategory', ty.typcategory::text, 'typeType', ty.typtype::text,
          'elemTypeOid', nullif(ty.typelem, 0)::int8, 'elemTypeName', el.typname::text, 'elemTypeType', el.typtype::text,
          'baseTypeOid', nullif(ty.typbasetype, 0)::int8,
          'notNull', a.attnotnull, 'hasDefault', a.atthasdef,
          'isSerial', pg_get_serial_sequence(quote_ident(t.schema) || '.' || quote_ident(t.name), a.attname) is not null,
          'isGenerated', a.attgenerated <> '', 'identity', a.attidentity::text,
          'comment', col_description(t.oid, a.attnum),
          'canSelect', has_column_privilege(t.oid, a.attnum, 'SELECT'),
          'canInsert', has_column_privilege(t.oid, a.attnum, 'INSERT'),
          'canUpdate', has_column_privilege(t.oid, a.attnum, 'UPDATE')
        ) order by a.attnum)
        from pg_attribute a
        join pg_type ty on ty.oid = a.atttypid
        left join pg_type el on el.oid = ty.typelem and ty.typcategory = 'A'
        where a.attrelid = t.oid and a.attnum > 0 and not a.attisdropped
      ), '[]'),
      'indexes', coalesce((
        select json_agg(json_build_object(
          'columns', (select coalesce(json_agg(a.attname::text order by k.ord), '[]')
                      from unnest(i.indkey::int2[]) with ordinality k(attnum, ord)
                      join pg_attribute a on a.attrelid = i.indrelid and a.attnum = k.attnum),
          'isUnique', i.indisunique, 'isPrimaryKey', i.indisprimary, 'isPartial', i.indpred is not null))
        from pg_index i where i.indrelid = t.oid
      ), '[]')
    ) order by t.schema, t.name) from tables t), '[]'),
  'foreignKeys', coalesce((select json_agg(json_build_object(
      'oid', fk.oid::int8, 'name', fk.conname::text, 'comment', obj_description(fk.oid, 'pg_constraint'),
      'localTableOid', fk.conrelid::int8, 'referencedTableOid', fk.confrelid::int8,
      'localColumns', (select json_agg(a.attname::text order by k.ord) from unnest(fk.conkey) with ordinality k(attnum, ord)
                       join pg_attribute a on a.attrelid = fk.conrelid and a.attnum = k.attnum),
      'referencedColumns', (select json_agg(a.attname::text order by k.ord) from unnest(fk.confkey) with ordinality k(attnum, ord)
                       join pg_attribute a on a.attrelid = fk.confrelid and a.attnum = k.attnum)
    ) order by fk.conname, fk.oid)
    from pg_constraint fk
    where fk.contype = 'f'
      and fk.conrelid in (select oid from tables) and fk.confrelid in (select oid from tables)), '[]'),
  'enums', coalesce((select json_agg(json_build_object(
      'oid', ty.oid::int8, 'schemaOid', ty.typnamespace::int8, 'schema', s.name, 'name', ty.typname::text,
      'comment', obj_description(ty.oid, 'pg_type'),
      'canUse', has_type_privilege(ty.oid, 'USAGE'),
      'values', (select json_agg(e.enumlabel::text order by e.enumsortorder) from pg_enum e where e.enumtypid = ty.oid)
    ) order by s.name, ty.typname)
    from pg_type ty join schemas s on s.oid = ty.typnamespace
    where ty.typtype = 'e'), '[]'),
  'functions', coalesce((select json_agg(json_build_object(
      'oid', p.oid::int8, 'schema', s.name, 'schemaOid', p.pronamespace::int8, 'name', p.proname::text,
      'comment', obj_description(p.oid, 'pg_proc'),
      'volatility', p.provolatile::text, 'returnsSet', p.proretset, 'isVariadic', p.provariadic <> 0,
      'onlyInArgs', p.proargmodes is null,
      'canExecute', has_function_privilege(p.oid, 'EXECUTE'),
      'overloaded', (select count(*) > 1 from pg_proc o where o.pronamespace = p.pronamespace and o.proname = p.proname),
      'numDefaults', p.pronargdefaults,
      'argNames', coalesce((select json_agg(nullif(n, '') order by ord) from unnest(p.proargnames) with ordinality a(n, ord)), '[]'),
      'argTypes', coalesce((select json_agg(${TYPE_JSON} order by a.ord)
                            from unnest(p.proargtypes::oid[]) with ordinality a(t, ord)
                            join pg_type ty on ty.oid = a.t
                            left join pg_type el on el.oid = ty.typelem and ty.typcategory = 'A'), '[]'),
      'returnType', (select ${TYPE_JSON} from pg_type ty left join pg_type el on el.oid = ty.typelem and ty.typcategory = 'A'
                     where ty.oid = p.prorettype)
    ) order by s.name, p.proname, p.oid)
    from pg_proc p join schemas s on s.oid = p.pronamespace
    where p.prokind = 'f'), '[]')
)::text as catalog
`;

/** Reads the catalog of `schemas` (default: public) as the role the client runs as. */
export async function reflectCatalog(sql: SqlClient, schemas: readonly string[] = ['public']): Promise<Catalog> {
  const { rows } = await sql.query<{ catalog: string }>(CATALOG_SQL, [toPgArray(schemas)]);
  const text = rows[0]?.catalog;
  if (!text) throw new Error('catalog reflection returned nothing');
  return JSON.parse(text) as Catalog;
}

/** A text[] literal: parameters are sent as text so PGlite and node-postgres behave alike. */
export function toPgArray(values: readonly (string | null)[]): string {
  const items = values.map((v) => (v === null ? 'NULL' : `"${v.replace(/\\/g, '\\\\').replace(/"/g, '\\"')}"`));
  return `{${items.join(',')}}`;
}
