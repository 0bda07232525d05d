import type {
  Catalog,
  CatalogColumn,
  CatalogForeignKey,
  CatalogFunction,
  CatalogTable,
  CatalogType,
} from './reflect.ts';

/**
 * The catalog turned into pg_graphql's vocabulary: which tables are exposed, their GraphQL type and field
 * names (inflection and comment directives), scalar types and relationships. Everything the schema builder
 * and the SQL compiler need, and nothing per table written by hand.
 */

export type ScalarName =
  | 'ID'
  | 'Int'
  | 'Float'
  | 'String'
  | 'Boolean'
  | 'Date'
  | 'Time'
  | 'Datetime'
  | 'BigInt'
  | 'BigFloat'
  | 'UUID'
  | 'JSON'
  | 'Opaque'
  | 'Cursor';

export interface EnumModel {
  oid: number;
  schema: string;
  name: string;
  /** GraphQL enum type name. */
  typeName: string;
  /** GraphQL value name -> SQL label, in sort order. */
  values: { name: string; sqlValue: string }[];
  /** True when a mapping directive renames a value (output then needs translating). */
  mapped: boolean;
  description: string | null;
}

export type FieldType = { kind: 'scalar'; name: ScalarName } | { kind: 'enum'; enum: EnumModel };

export interface ColumnModel {
  name: string;
  fieldName: string;
  /** Cast for parameters compared with or written to the column (no type modifier). */
  sqlType: string;
  typeOid: number;
  type: FieldType;
  /** An array column: a list of `type`. */
  isArray: boolean;
  /** The element type oid of an array column. */
  elemTypeOid: number | null;
  notNull: boolean;
  canSelect: boolean;
  canInsert: boolean;
  canUpdate: boolean;
  description: string | null;
}

export interface RelationModel {
  fieldName: string;
  /** 'one' = to-one object field, 'many' = a collection. */
  cardinality: 'one' | 'many';
  target: TableModel;
  /** Columns on the source table (the one the field is on), matched pairwise with targetColumns. */
  sourceColumns: string[];
  targetColumns: string[];
  nonNull: boolean;
  constraintName: string;
  /** True on the table holding the foreign key (the reference), false on the referenced table. */
  forward: boolean;
}

/** A value a function takes or gives: a scalar or enum, or a list of them. */
export interface ValueModel {
  type: FieldType;
  isArray: boolean;
  typeOid: number;
  /** What a parameter is cast to (no type modifier). */
  sqlType: string;
}

export interface FunctionArgModel extends ValueModel {
  name: string;
  fieldName: string;
  /** A trailing argument with a default: may be left out of the call. */
  hasDefault: boolean;
}

/** What a function returns, as pg_graphql shows it. */
export type FunctionReturn =
  | ({ kind: 'value' } & ValueModel)
  /** One row of an exposed table: its node type (null when the row is all nulls). */
  | { kind: 'row'; table: TableModel }
  /** setof an exposed table: a connection. */
  | { kind: 'rows'; table: TableModel };

export interface FunctionModel {
  oid: number;
  schema: string;
  name: string;
  fieldName: string;
  description: string | null;
  /** volatile functions are mutations; stable and immutable ones are queries. */
  volatile: boolean;
  args: FunctionArgModel[];
  returns: FunctionReturn;
  introspectable: boolean;
}

/** A function taking a table's row (name starting with an underscore): a field on that table's type. */
export interface ComputedFieldModel {
  fieldName: string;
  schema: string;
  functionName: string;
  description: string | null;
  returns: FunctionReturn;
}

export interface TableModel {
  oid: number;
  schema: string;
  schemaOid: number;
  name: string;
  /** Base GraphQL type name (Blog); the collection is `${lowerFirst}Collection`. */
  typeName: string;
  collectionFieldName: string;
  description: string | null;
  columns: ColumnModel[];
  primaryKey: ColumnModel[];
  relations: RelationModel[];
  computedFields: ComputedFieldModel[];
  totalCount: boolean;
  maxRows: number;
  rowSecurity: boolean;
  canSelect: boolean;
  canInsert: boolean;
  canUpdate: boolean;
  canDelete: boolean;
  introspectable: boolean;
}

export interface SchemaModel {
  tables: TableModel[];
  /** Functions exposed as Query (stable, immutable) or Mutation (volatile) fields. */
  functions: FunctionModel[];
  enums: EnumModel[];
  /** Any exposed schema opted in to introspection (`@graphql({"introspection": true})`). */
  introspection: boolean;
}

interface SchemaDirectives {
  inflectNames: boolean;
  maxRows: number;
  introspection: boolean;
  resolveBaseType: boolean;
}

/** The JSON inside a `@graphql(...)` comment directive, or {} when there is none or it does not parse. */
export function commentDirective(comment: string | null | undefined): Record<string, unknown> {
  if (!comment) return {};
  const start = comment.indexOf('@graphql(');
  if (start < 0) return {};
  const body = comment.slice(start + '@graphql('.length);
  // The JSON runs to the last ')' of the directive; try the longest candidate first.
  for (let end = body.lastIndexOf(')'); end >= 0; end = body.lastIndexOf(')', end - 1)) {
    try {
      const parsed = JSON.parse(body.slice(0, end)) as unknown;
      if (parsed && typeof parsed === 'object' && !Array.isArray(parsed)) return parsed as Record<string, unknown>;
      return {};
    } catch {
      // keep looking for an earlier ')'
    }
  }
  return {};
}

/** pg_graphql's to_base_type_name: `account_BY_email` -> `AccountByEmail` when inflecting. */
export function toBaseTypeName(name: string, override: unknown, inflect: boolean): string {
  if (typeof override === 'string') return override;
  if (!inflect) return name;
  let out = '';
  let prev = '+';
  for (const ch of name) {
    out += /[\p{L}\p{N}]/u.test(prev) ? ch : ch.toUpperCase();
    prev = ch;
  }
  return out.replace(/_/g, '');
}

export function lowerFirst(s: string): string {
  return s.length ? s[0]!.toLowerCase() + s.slice(1) : s;
}

const GRAPHQL_NAME = /^[_A-Za-z][_0-9A-Za-z]*$/;
export function isValidGraphqlName(name: string): boolean {
  return GRAPHQL_NAME.test(name);
}

function descriptionOf(directive: Record<string, unknown>): string | null {
  return typeof directive.description === 'string' ? directive.description : null;
}

/** Scalar for a built-in type oid; undefined for types pg_graphql shows as Opaque. */
function scalarForOid(oid: number, typeName: string): ScalarName | undefined {
  switch (oid) {
    case 16:
      return 'Boolean';
    case 21:
    case 23:
      return 'Int';
    case 20:
      return 'BigInt';
    case 700:
    case 701:
      return 'Float';
    case 1700:
      return 'BigFloat';
    case 25:
    case 1042:
    case 1043:
      return 'String';
    case 114:
    case 3802:
      return 'JSON';
    case 2950:
      return 'UUID';
    case 1082:
      return 'Date';
    case 1083:
      return 'Time';
    case 1114:
    case 1184:
      return 'Datetime';
    default:
      return typeName === 'citext' ? 'String' : undefined;
  }
}

export function buildModel(catalog: Catalog): SchemaModel {
  const schemaDirectives = new Map<number, SchemaDirectives>();
  for (const s of catalog.schemas) {
    const d = commentDirective(s.comment);
    schemaDirectives.set(s.oid, {
      inflectNames: d.inflect_names === true,
      maxRows: typeof d.max_rows === 'number' ? d.max_rows : 30,
      introspection: d.introspection === true,
      resolveBaseType: d.resolve_base_type === true,
    });
  }
  const dirsOf = (schemaOid: number): SchemaDirectives =>
    schemaDirectives.get(schemaOid) ?? {
      inflectNames: false,
      maxRows: 30,
      introspection: false,
      resolveBaseType: false,
    };

  const enums = new Map<number, EnumModel>();
  for (const e of catalog.enums) {
    if (!e.canUse) continue;
    const d = commentDirective(e.comment);
    const mappings = (d.mappings && typeof d.mappings === 'object' ? d.mappings : {}) as Record<string, unknown>;
    let mapped = false;
    const values = e.values.map((label) => {
      const m = mappings[label];
      if (typeof m === 'string') {
        mapped = true;
        return { name: m, sqlValue: label };
      }
      return { name: label, sqlValue: label };
    });
    enums.set(e.oid, {
      oid: e.oid,
      schema: e.schema,
      name: e.name,
      typeName: toBaseTypeName(e.name, d.name, dirsOf(e.schemaOid).inflectNames),
      values,
      mapped,
      description: descriptionOf(d),
    });
  }

  const typeOf = (
    oid: number,
    typeName: string,
    typeType: string | null,
    baseOid: number | null,
    resolveBase: boolean,
  ): FieldType => {
    const en = enums.get(oid);
    if (en) return { kind: 'enum', enum: en };
    if (typeType === 'd' && baseOid && resolveBase) return typeOf(baseOid, '', null, null, false);
    const scalar = typeType === 'd' ? undefined : scalarForOid(oid, typeName);
    return { kind: 'scalar', name: scalar ?? 'Opaque' };
  };

  const column = (c: CatalogColumn, inflect: boolean, resolveBase: boolean): ColumnModel => {
    const d = commentDirective(c.comment);
    const isArray = c.typeCategory === 'A' && c.elemTypeOid !== null;
    const type = isArray
      ? typeOf(c.elemTypeOid!, c.elemTypeName ?? '', c.elemTypeType, null, resolveBase)
      : typeOf(c.typeOid, c.typeNameRaw, c.typeType, c.baseTypeOid, resolveBase);
    const base = toBaseTypeName(c.name, undefined, inflect);
    return {
      name: c.name,
      fieldName: typeof d.name === 'string' ? d.name : inflect ? lowerFirst(base) : base,
      sqlType: c.typeName,
      typeOid: c.typeOid,
      type,
      isArray,
      elemTypeOid: isArray ? c.elemTypeOid : null,
      notNull: c.notNull,
      canSelect: c.canSelect,
      // Serial, identity and generated columns are filled by the database: pg_graphql leaves them out of inputs.
      canInsert: c.canInsert && !c.isSerial && !c.isGenerated && c.identity === '',
      canUpdate: c.canUpdate && !c.isSerial && !c.isGenerated && c.identity === '',
      description: descriptionOf(d),
    };
  };

  const tables: TableModel[] = [];
  const byOid = new Map<number, { table: TableModel; source: CatalogTable; inflect: boolean }>();
  for (const t of catalog.tables) {
    const dirs = dirsOf(t.schemaOid);
    const d = commentDirective(t.comment);
    const columns = t.columns.map((c) => column(c, dirs.inflectNames, dirs.resolveBaseType));
    const pkNames = t.primaryKey ?? (Array.isArray(d.primary_key_columns) ? (d.primary_key_columns as string[]) : null);
    const primaryKey = (pkNames ?? [])
      .map((n) => columns.find((c) => c.name === n))
      .filter((c): c is ColumnModel => !!c);
    const typeName = toBaseTypeName(t.name, d.name, dirs.inflectNames);
    const totalCount = !!(
      d.totalCount &&
      typeof d.totalCount === 'object' &&
      (d.totalCount as Record<string, unknown>).enabled === true
    );
    const table: TableModel = {
      oid: t.oid,
      schema: t.schema,
      schemaOid: t.schemaOid,
      name: t.name,
      typeName,
      collectionFieldName: `${lowerFirst(typeName)}Collection`,
      description: descriptionOf(d),
      columns,
      primaryKey,
      relations: [],
      computedFields: [],
      totalCount,
      maxRows: typeof d.max_rows === 'number' ? d.max_rows : dirs.maxRows,
      rowSecurity: t.rowSecurity,
      canSelect: t.canSelect,
      canInsert: t.canInsert,
      canUpdate: t.canUpdate,
      canDelete: t.canDelete,
      introspectable: dirs.introspection,
    };
    // pg_graphql exposes a table only with a valid name, a primary key and at least one selectable column.
    const exposed =
      isValidGraphqlName(typeName) &&
      primaryKey.length > 0 &&
      primaryKey.length === (pkNames ?? []).length &&
      columns.some((c) => c.canSelect);
    if (!exposed) continue;
    tables.push(table);
    byOid.set(t.oid, { table, source: t, inflect: dirs.inflectNames });
  }

  for (const fk of catalog.foreignKeys) addRelations(fk, byOid);
  const functions = buildFunctions(catalog.functions, byOid, typeOf, dirsOf);

  // Names must not collide with columns, nodeId or each other.
  for (const table of tables) {
    const taken = new Set<string>([
      'nodeId',
      '__typename',
      ...table.columns.filter((c) => c.canSelect).map((c) => c.fieldName),
    ]);
    // As pg_graphql lists them: references first, then what references this table.
    table.relations.sort((a, b) => Number(b.forward) - Number(a.forward));
    table.relations = table.relations.filter((r) => {
      if (taken.has(r.fieldName) || !isValidGraphqlName(r.fieldName)) return false;
      taken.add(r.fieldName);
      return true;
    });
    table.computedFields = table.computedFields.filter((f) => {
      if (taken.has(f.fieldName) || !isValidGraphqlName(f.fieldName)) return false;
      taken.add(f.fieldName);
      return true;
    });
  }

  return {
    tables,
    functions,
    enums: [...enums.values()],
    introspection: catalog.schemas.some((s) => dirsOf(s.oid).introspection),
  };
}

/** pg_graphql's fkey_is_locally_unique: a non-partial unique index on exactly the foreign key's columns. */
function isLocallyUnique(fk: CatalogForeignKey, local: CatalogTable): boolean {
  const cols = new Set(fk.localColumns);
  return local.indexes.some(
    (i) => i.isUnique && !i.isPartial && i.columns.length === cols.size && i.columns.every((c) => cols.has(c)),
  );
}

function relationFieldName(
  referenced: TableModel,
  columnNames: string[],
  inflect: boolean,
  override: unknown,
  isUnique: boolean,
): string {
  if (typeof override === 'string') return override;
  const baseField = lowerFirst(referenced.typeName);
  let singular = baseField;
  if (columnNames.length === 1) {
    const col = columnNames[0]!;
    const suffix = inflect ? '_id' : 'Id';
    if (col.endsWith(suffix)) singular = lowerFirst(toBaseTypeName(col.slice(0, -suffix.length), undefined, inflect));
  }
  return isUnique ? singular : `${baseField}Collection`;
}

function addRelations(
  fk: CatalogForeignKey,
  byOid: Map<number, { table: TableModel; source: CatalogTable; inflect: boolean }>,
): void {
  const local = byOid.get(fk.localTableOid);
  const referenced = byOid.get(fk.referencedTableOid);
  if (!local || !referenced) return;
  const d = commentDirective(fk.comment);
  const localCols = fk.localColumns.map((n) => local.table.columns.find((c) => c.name === n));
  const refCols = fk.referencedColumns.map((n) => referenced.table.columns.find((c) => c.name === n));
  if (localCols.some((c) => !c?.canSelect) || refCols.some((c) => !c?.canSelect)) return;

  // Forward: the row this one points at. Non-null when every key column is, unless RLS may hide the target.
  local.table.relations.push({
    fieldName: relationFieldName(referenced.table, fk.localColumns, referenced.inflect, d.foreign_name, true),
    cardinality: 'one',
    target: referenced.table,
    sourceColumns: fk.localColumns,
    targetColumns: fk.referencedColumns,
    nonNull: localCols.every((c) => c!.notNull) && !referenced.table.rowSecurity,
    constraintName: fk.name,
    forward: true,
  });
  // Reverse: the rows pointing at this one, a collection unless the key is unique.
  const unique = isLocallyUnique(fk, local.source);
  referenced.table.relations.push({
    fieldName: relationFieldName(local.table, fk.referencedColumns, local.inflect, d.local_name, unique),
    cardinality: unique ? 'one' : 'many',
    target: local.table,
    sourceColumns: fk.referencedColumns,
    targetColumns: fk.localColumns,
    nonNull: false,
    constraintName: fk.name,
    forward: false,
  });
}

type TypeOf = (
  oid: number,
  typeName: string,
  typeType: string | null,
  baseOid: number | null,
  resolveBase: boolean,
) => FieldType;

/**
 * pg_graphql's function reflection (its documentation's Functions and Computed Fields pages): a function of an exposed
 * schema the role may execute, not overloaded, with named plain IN arguments of supported types, returning a
 * scalar, an enum, a list of them, a row of an exposed table or a set of such rows. One taking a single row of
 * an exposed table with a name starting with an underscore extends that table's type instead.
 */
function buildFunctions(
  catalogFunctions: CatalogFunction[],
  byOid: Map<number, { table: TableModel; source: CatalogTable; inflect: boolean }>,
  typeOf: TypeOf,
  dirsOf: (schemaOid: number) => SchemaDirectives,
): FunctionModel[] {
  const out: FunctionModel[] = [];
  for (const f of catalogFunctions) {
    if (!f.canExecute || f.overloaded || f.isVariadic || !f.onlyInArgs) continue;
    const dirs = dirsOf(f.schemaOid);
    const d = commentDirective(f.comment);
    const returns = functionReturn(f, byOid, typeOf, dirs.resolveBaseType);
    if (!returns) continue;

    // Computed field: exactly one argument, the row type of an exposed table.
    const rowTable = f.argTypes.length === 1 ? byOid.get(f.argTypes[0]!.relid ?? -1) : undefined;
    if (rowTable && f.argTypes[0]!.typtype === 'c') {
      if (!f.name.startsWith('_') || f.volatility === 'v') continue;
      const base = f.name.slice(1);
      rowTable.table.computedFields.push({
        fieldName:
          typeof d.name === 'string'
            ? d.name
            : dirs.inflectNames
              ? lowerFirst(toBaseTypeName(base, undefined, true))
              : base,
        schema: f.schema,
        functionName: f.name,
        description: descriptionOf(d),
        returns,
      });
      continue;
    }

    if (f.argNames.length !== f.argTypes.length || f.argNames.some((n) => !n)) continue;
    const args: FunctionArgModel[] = [];
    let supported = true;
    f.argTypes.forEach((t, i) => {
      const value = valueOf(t, typeOf, dirs.resolveBaseType);
      if (!value) {
        supported = false;
        return;
      }
      const name = f.argNames[i]!;
      args.push({
        ...value,
        name,
        fieldName: dirs.inflectNames ? lowerFirst(toBaseTypeName(name, undefined, true)) : name,
        hasDefault: i >= f.argTypes.length - f.numDefaults,
      });
    });
    if (!supported) continue;
    // A connection's own arguments would clash with a set-returning function's.
    if (returns.kind === 'rows' && args.some((a) => COLLECTION_ARGS.has(a.fieldName))) continue;
    if (new Set(args.map((a) => a.fieldName)).size !== args.length) continue;
    const fieldName =
      typeof d.name === 'string'
        ? d.name
        : dirs.inflectNames
          ? lowerFirst(toBaseTypeName(f.name, undefined, true))
          : f.name;
    if (!isValidGraphqlName(fieldName) || args.some((a) => !isValidGraphqlName(a.fieldName))) continue;
    out.push({
      oid: f.oid,
      schema: f.schema,
      name: f.name,
      fieldName,
      description: descriptionOf(d),
      volatile: f.volatility === 'v',
      args,
      returns,
      introspectable: dirs.introspection,
    });
  }
  return out;
}

const COLLECTION_ARGS = new Set(['first', 'last', 'before', 'after', 'offset', 'filter', 'orderBy']);

/** A scalar, enum or list of them; undefined for what pg_graphql does not take (composites, pseudo types). */
function valueOf(t: CatalogType, typeOf: TypeOf, resolveBase: boolean): ValueModel | undefined {
  if (t.typtype === 'p' || t.typtype === 'c') return undefined;
  const isArray = t.category === 'A' && t.elemOid !== null;
  if (isArray && (t.elemTyptype === 'c' || t.elemTyptype === 'p')) return undefined;
  const type = isArray
    ? typeOf(t.elemOid!, t.elemTypname ?? '', t.elemTyptype, null, resolveBase)
    : typeOf(t.oid, t.typname, t.typtype, t.baseOid, resolveBase);
  return { type, isArray, typeOid: t.oid, sqlType: t.name };
}

function functionReturn(
  f: CatalogFunction,
  byOid: Map<number, { table: TableModel }>,
  typeOf: TypeOf,
  resolveBase: boolean,
): FunctionReturn | undefined {
  const t = f.returnType;
  if (t.typtype === 'c') {
    const table = byOid.get(t.relid ?? -1)?.table;
    if (!table) return undefined;
    return { kind: f.returnsSet ? 'rows' : 'row', table };
  }
  if (f.returnsSet) return undefined;
  const value = valueOf(t, typeOf, resolveBase);
  return value ? { kind: 'value', ...value } : undefined;
}
