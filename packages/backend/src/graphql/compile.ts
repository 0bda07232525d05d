import {
  GraphQLInputObjectType,
  GraphQLObjectType,
  Kind,
  type DirectiveNode,
  type FieldNode,
  type FragmentDefinitionNode,
  type GraphQLField,
  type GraphQLInputType,
  type GraphQLSchema,
  type SelectionSetNode,
} from 'graphql';
import { GqlError } from './errors.ts';
import { debugList, validateInput, valueFromAst, type VariableScope } from './input.ts';
import type {
  ColumnModel,
  ComputedFieldModel,
  FunctionModel,
  FunctionReturn,
  RelationModel,
  SchemaModel,
  TableModel,
  ValueModel,
} from './model.ts';
import { fieldExt } from './schema.ts';
import type { Params } from './sql.ts';
import { base64JsonArray, jsonbObject, quoteIdent, quoteLiteral } from './sql.ts';

/**
 * Compiles GraphQL selections into SQL the way pg_graphql transpiles them: each top-level field becomes one
 * SQL expression that builds its whole JSON result in the database (jsonb_build_object / jsonb_agg), with a
 * correlated subquery per relationship level, keyset pagination on the order-by columns plus the primary
 * key, and every value bound as a text parameter cast to the column's type.
 */

export interface CompileContext {
  schema: GraphQLSchema;
  model: SchemaModel;
  fragments: Map<string, FragmentDefinitionNode>;
  scope: VariableScope;
  params: Params;
}

// ---------------------------------------------------------------------------------------------------------
// Selections

/** Fields of a selection set after fragments and @skip/@include, grouped by response key (merged). */
export function collectFields(
  ctx: CompileContext,
  selectionSet: SelectionSetNode | undefined,
  typeName: string,
  interfaces: string[] = [],
): FieldNode[] {
  const byKey = new Map<string, FieldNode[]>();
  const visit = (set: SelectionSetNode, activeFragments: Set<string>) => {
    for (const sel of set.selections) {
      if (!included(ctx, sel.directives)) continue;
      if (sel.kind === Kind.FIELD) {
        const key = sel.alias?.value ?? sel.name.value;
        const list = byKey.get(key);
        if (list) list.push(sel);
        else byKey.set(key, [sel]);
      } else if (sel.kind === Kind.INLINE_FRAGMENT) {
        const cond = sel.typeCondition?.name.value;
        if (!cond || cond === typeName || interfaces.includes(cond)) visit(sel.selectionSet, activeFragments);
      } else {
        const name = sel.name.value;
        const frag = ctx.fragments.get(name);
        if (!frag) throw new GqlError(`Unknown fragment "${name}"`);
        if (activeFragments.has(name)) throw new GqlError('Found a cycle between fragments');
        const cond = frag.typeCondition.name.value;
        if (cond === typeName || interfaces.includes(cond))
          visit(frag.selectionSet, new Set([...activeFragments, name]));
      }
    }
  };
  if (selectionSet) visit(selectionSet, new Set());
  const out: FieldNode[] = [];
  for (const [key, nodes] of byKey) {
    const first = nodes[0]!;
    if (nodes.length === 1) {
      out.push(first);
      continue;
    }
    for (const other of nodes) {
      if (other.name.value !== first.name.value) {
        throw new GqlError(
          `Fields "${key}" conflict because "${first.name.value}" and "${other.name.value}" are different fields`,
        );
      }
    }
    // Same field selected more than once (directly or through fragments): one field, selections combined.
    const selections = nodes.flatMap((n) => n.selectionSet?.selections ?? []);
    out.push({ ...first, selectionSet: first.selectionSet ? { kind: Kind.SELECTION_SET, selections } : undefined });
  }
  return out;
}

function included(ctx: CompileContext, directives: readonly DirectiveNode[] | undefined): boolean {
  for (const d of directives ?? []) {
    const name = d.name.value;
    if (name !== 'skip' && name !== 'include') continue;
    const arg = d.arguments?.find((a) => a.name.value === 'if');
    const value = arg ? valueFromAst(arg.value, ctx.scope) : undefined;
    if (typeof value !== 'boolean') throw new GqlError(`Directive "${name}" requires a Boolean "if" argument`);
    if (name === 'skip' && value) return false;
    if (name === 'include' && !value) return false;
  }
  return true;
}

export function responseKey(node: FieldNode): string {
  return node.alias?.value ?? node.name.value;
}

/** Reads a field's arguments: unknown ones are refused, each is validated against its type. */
function readArgs(
  field: GraphQLField<unknown, unknown>,
  node: FieldNode,
  ctx: CompileContext,
): Record<string, unknown> {
  const allowed = new Set(field.args.map((a) => a.name));
  const extra = (node.arguments ?? []).map((a) => a.name.value).filter((n) => !allowed.has(n));
  if (extra.length) throw new GqlError(`Input contains extra keys ${debugList(extra)}`);
  const out: Record<string, unknown> = {};
  for (const arg of field.args) {
    const given = node.arguments?.find((a) => a.name.value === arg.name);
    let raw = given ? valueFromAst(given.value, ctx.scope) : undefined;
    if (raw === undefined && arg.defaultValue !== undefined) raw = arg.defaultValue; // atMost: Int! = 1
    out[arg.name] = validateInput(arg.type, raw);
  }
  return out;
}

function noArgs(node: FieldNode): void {
  const extra = (node.arguments ?? []).map((a) => a.name.value);
  if (extra.length) throw new GqlError(`Input contains extra keys ${debugList(extra)}`);
}

function objectType(schema: GraphQLSchema, name: string): GraphQLObjectType {
  const t = schema.getType(name);
  if (!(t instanceof GraphQLObjectType)) throw new GqlError(`Unknown type ${name}`);
  return t;
}

// ---------------------------------------------------------------------------------------------------------
// Values

function col(block: string, c: ColumnModel | string): string {
  return `${block}.${quoteIdent(typeof c === 'string' ? c : c.name)}`;
}

/** A column's value as pg_graphql returns it: bigint/numeric as strings, JSON stringified, enums mapped. */
function columnValue(block: string, c: ColumnModel): string {
  return valueSql(col(block, c), c);
}

/** The SQL value `ref` (of the given type) as pg_graphql returns it. */
function valueSql(ref: string, c: ValueModel): string {
  if (c.type.kind === 'enum' && c.type.enum.mapped && !c.isArray) {
    const cases = c.type.enum.values
      .map((v) => `when ${quoteLiteral(v.sqlValue)} then ${quoteLiteral(v.name)}`)
      .join(' ');
    return `(case ${ref}::text ${cases} else ${ref}::text end)`;
  }
  switch (c.typeOid) {
    case 20: // bigint
    case 1700: // numeric
      return `${ref}::text`;
    case 114: // json
    case 3802: // jsonb
      return `(${ref} #>> '{}')`;
    case 1016: // bigint[]
    case 1231: // numeric[]
    case 199: // json[]
    case 3807: // jsonb[]
      return `${ref}::text[]`;
    default:
      return ref;
  }
}

/** A GraphQL input value as the text the column's type parses (enum names mapped back to SQL labels). */
function sqlInputValue(c: ValueModel, value: unknown): unknown {
  if (c.type.kind !== 'enum' || !c.type.enum.mapped) return value;
  const map = (v: unknown) =>
    c.type.kind === 'enum' ? (c.type.enum.values.find((e) => e.name === v)?.sqlValue ?? v) : v;
  return Array.isArray(value) ? value.map(map) : map(value);
}

function bindColumn(ctx: CompileContext, c: ColumnModel, value: unknown): string {
  if (c.type.kind === 'scalar' && c.type.name === 'JSON' && !c.isArray && value !== null && typeof value !== 'string') {
    throw new GqlError('Invalid input for JSON type');
  }
  return c.isArray
    ? ctx.params.castArray(sqlInputValue(c, value), elementType(c))
    : ctx.params.cast(sqlInputValue(c, value), c.sqlType);
}

function elementType(c: ColumnModel): string {
  return c.sqlType.endsWith('[]') ? c.sqlType.slice(0, -2) : c.sqlType;
}

function nodeIdValue(block: string, table: TableModel): string {
  return base64JsonArray([
    quoteLiteral(table.schema),
    quoteLiteral(table.name),
    ...table.primaryKey.map((c) => `to_jsonb(${col(block, c)})`),
  ]);
}

interface NodeIdInstance {
  schema: string;
  table: string;
  values: unknown[];
}

export function parseNodeId(value: unknown): NodeIdInstance {
  if (typeof value !== 'string') throw new GqlError('Invalid value passed to nodeId argument, Error 1');
  let parsed: unknown;
  try {
    const text = Buffer.from(value, 'base64').toString('utf8');
    parsed = JSON.parse(text);
  } catch {
    throw new GqlError('Invalid value passed to nodeId argument. Error 4');
  }
  if (!Array.isArray(parsed)) throw new GqlError('Invalid value passed to nodeId argument. Error 10');
  if (parsed.length < 3) throw new GqlError('Invalid value passed to nodeId argument. Error 5');
  const [schema, table, ...values] = parsed as unknown[];
  if (typeof schema !== 'string') throw new GqlError('Invalid value passed to nodeId argument. Error 6');
  if (typeof table !== 'string') throw new GqlError('Invalid value passed to nodeId argument. Error 7');
  return { schema, table, values };
}

function nodeIdCondition(ctx: CompileContext, block: string, table: TableModel, id: NodeIdInstance): string {
  if (id.schema !== table.schema || id.table !== table.name)
    throw new GqlError('nodeId belongs to a different collection');
  if (id.values.length !== table.primaryKey.length)
    throw new GqlError('Invalid value passed to nodeId argument. Error 8');
  return `(${table.primaryKey.map((c, i) => `${col(block, c)} = ${ctx.params.cast(id.values[i], c.sqlType)}`).join(' and ')})`;
}

// ---------------------------------------------------------------------------------------------------------
// Filters and ordering

const FILTER_SQL_OPS: Record<string, string> = {
  eq: '=',
  neq: '<>',
  lt: '<',
  lte: '<=',
  gt: '>',
  gte: '>=',
  like: 'like',
  ilike: 'ilike',
  regex: '~',
  iregex: '~*',
  startsWith: '^@',
};

/** The conditions of a validated `<Table>Filter` value (to be and-ed); empty filters add nothing. */
function filterConditions(
  ctx: CompileContext,
  filterType: GraphQLInputObjectType,
  value: unknown,
  block: string,
  table: TableModel,
): string[] {
  if (value === undefined || value === null) return [];
  const fields = filterType.getFields();
  const out: string[] = [];
  for (const [key, v] of Object.entries(value as Record<string, unknown>)) {
    if (v === undefined || v === null) continue;
    const field = fields[key]!;
    const ext = fieldExt(field);
    if (key === 'not' && field.type === filterType) {
      const inner = filterConditions(ctx, filterType, v, block, table);
      if (inner.length) out.push(`not(${inner.join(' and ')})`);
      continue;
    }
    if ((key === 'and' || key === 'or') && !ext) {
      const parts = (v as unknown[])
        .map((x) => filterConditions(ctx, filterType, x, block, table))
        .filter((p) => p.length)
        .map((p) => `(${p.join(' and ')})`);
      if (parts.length) out.push(`(${parts.join(key === 'and' ? ' and ' : ' or ')})`);
      continue;
    }
    for (const [op, opValue] of Object.entries(v as Record<string, unknown>)) {
      if (opValue === undefined) continue;
      if (ext?.kind === 'nodeId') {
        out.push(nodeIdCondition(ctx, block, table, parseNodeId(opValue)));
      } else if (ext?.kind === 'column') {
        const c = ext.column;
        const ref = col(block, c);
        if (op === 'is') {
          if (opValue === 'NULL') out.push(`${ref} is null`);
          else if (opValue === 'NOT_NULL') out.push(`${ref} is not null`);
          else throw new GqlError('Error transpiling Is filter value');
        } else if (op === 'in') {
          out.push(`${ref} = any(${ctx.params.castArray(sqlInputValue(c, opValue), c.sqlType)})`);
        } else {
          const sqlOp = FILTER_SQL_OPS[op];
          if (!sqlOp) throw new GqlError(`Invalid filter operation ${op}`);
          // A null literal is compared as such (and matches nothing), as pg_graphql does.
          out.push(`${ref} ${sqlOp} ${ctx.params.cast(sqlInputValue(c, opValue), c.sqlType)}`);
        }
      } else {
        throw new GqlError('Filter type error, attempted filter on non-column');
      }
    }
  }
  return out;
}

interface OrderElem {
  column: ColumnModel;
  asc: boolean;
  nullsFirst: boolean;
}

function readOrderBy(orderByType: GraphQLInputObjectType, value: unknown, table: TableModel): OrderElem[] {
  const out: OrderElem[] = [];
  const fields = orderByType.getFields();
  for (const elem of (value as unknown[] | null | undefined) ?? []) {
    if (elem === null || elem === undefined) continue;
    for (const [key, dir] of Object.entries(elem as Record<string, unknown>)) {
      if (dir === null || dir === undefined) continue;
      const ext = fieldExt(fields[key]!);
      if (ext?.kind !== 'column') throw new GqlError('Order re-validation error 4');
      const d = String(dir);
      out.push({ column: ext.column, asc: d.startsWith('Asc'), nullsFirst: d.endsWith('NullsFirst') });
    }
  }
  // Keyset pagination needs a total order: the primary key always ends the ordering.
  for (const c of table.primaryKey) out.push({ column: c, asc: true, nullsFirst: false });
  return out;
}

const reverse = (order: OrderElem[]): OrderElem[] =>
  order.map((o) => ({ column: o.column, asc: !o.asc, nullsFirst: !o.nullsFirst }));

function orderClause(block: string, order: OrderElem[]): string {
  return order
    .map((o) => `${col(block, o.column)} ${o.asc ? 'asc' : 'desc'} nulls ${o.nullsFirst ? 'first' : 'last'}`)
    .join(', ');
}

function cursorValue(block: string, order: OrderElem[]): string {
  return base64JsonArray(order.map((o) => `to_jsonb(${col(block, o.column)})`));
}

function decodeCursor(value: string): unknown[] {
  const bytes = Buffer.from(value, 'base64');
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    throw new GqlError('Failed to decode cursor, error 2');
  }
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    throw new GqlError('Failed to decode cursor, error 3');
  }
  if (!Array.isArray(parsed)) throw new GqlError('Failed to decode cursor, error 4');
  return parsed;
}

/** Rows strictly after the cursor in `order` (pg_graphql's to_pagination_clause). */
function paginationClause(ctx: CompileContext, block: string, order: OrderElem[], cursor: unknown[]): string {
  if (!cursor.length) return 'false';
  if (!order.length) throw new GqlError('orderBy clause incompatible with pagination cursor');
  const [o, ...restOrder] = order as [OrderElem, ...OrderElem[]];
  const [value, ...restCursor] = cursor;
  const ref = col(block, o.column);
  const v = ctx.params.cast(value, o.column.sqlType);
  const rest = paginationClause(ctx, block, restOrder, restCursor);
  const op = o.asc ? '>' : '<';
  // Nulls sort first or last: a null on one side only is after the other exactly when that order says so.
  const nullAfter = o.nullsFirst ? `(${ref} is not null and ${v} is null)` : `(${ref} is null and ${v} is not null)`;
  return `((${ref} ${op} ${v} or ${nullAfter}) or ((${ref} = ${v} or (${ref} is null and ${v} is null)) and ${rest}))`;
}

// ---------------------------------------------------------------------------------------------------------
// Connections, nodes and relationships

function unsignedArg(value: unknown, name: string): number | undefined {
  if (value === undefined || value === null) return undefined;
  if ((value as number) < 0) throw new GqlError(`\`${name}\` must be an unsigned integer`);
  return value as number;
}

function selectableColumns(table: TableModel): string {
  return table.columns
    .filter((c) => c.canSelect)
    .map((c) => quoteIdent(c.name))
    .join(', ');
}

function joinCondition(block: string, parentBlock: string, relation: RelationModel): string {
  return relation.targetColumns
    .map((t, i) => `${col(block, t)} = ${col(parentBlock, relation.sourceColumns[i]!)}`)
    .join(' and ');
}

let blockCounter = 0;
function newBlock(): string {
  blockCounter = (blockCounter + 1) % 1_000_000;
  return `b${blockCounter}`;
}

/** A connection (collection) as one SQL expression yielding its jsonb. */
export function connectionSql(
  ctx: CompileContext,
  field: GraphQLField<unknown, unknown>,
  node: FieldNode,
  table: TableModel,
  parent?: { block: string; relation: RelationModel },
  /** Rows come from this set-returning call (a function exposed as a collection), not from the table. */
  source?: string,
): string {
  const args = readArgs(field, node, ctx);
  const first = unsignedArg(args.first, 'first');
  const last = unsignedArg(args.last, 'last');
  const offset = unsignedArg(args.offset, 'offset');
  const before = args.before === undefined || args.before === null ? undefined : decodeCursor(args.before as string);
  const after = args.after === undefined || args.after === null ? undefined : decodeCursor(args.after as string);
  if (first !== undefined && last !== undefined) throw new GqlError('only one of "first" and "last" may be provided');
  if (before && after) throw new GqlError('only one of "before" and "after" may be provided');
  if (first !== undefined && before) throw new GqlError('"first" may only be used with "after"');
  if (last !== undefined && after) throw new GqlError('"last" may only be used with "before"');
  if (offset !== undefined && (last !== undefined || before))
    throw new GqlError('"offset" may only be used with "first" and "after"');

  const connectionType =
    field.type instanceof GraphQLObjectType ? field.type : objectType(ctx.schema, `${table.typeName}Connection`);
  const filterArg = field.args.find((a) => a.name === 'filter')!;
  const orderByArg = field.args.find((a) => a.name === 'orderBy')!;
  const b = newBlock();
  const where = [
    ...(parent ? [joinCondition(b, parent.block, parent.relation)] : []),
    ...filterConditions(ctx, namedInput(filterArg.type), args.filter, b, table),
  ];
  const order = readOrderBy(namedInput(orderByArg.type), args.orderBy, table);
  const reversed = last !== undefined || before !== undefined;
  const recordsOrder = reversed ? reverse(order) : order;
  const cursor = before ?? after;
  const pagination = cursor ? paginationClause(ctx, b, recordsOrder, cursor) : 'true';
  const limit = Math.min(first ?? last ?? table.maxRows, table.maxRows);
  // A function's rows are computed once per request (materialized), however often the page queries read them.
  const from = source ? `__source ${b}` : `${quoteIdent(table.schema)}.${quoteIdent(table.name)} ${b}`;
  const whereSql = where.length ? where.join(' and ') : 'true';

  const parts: string[] = [];
  let wantTotal = false;
  let wantNext = false;
  let wantPrev = false;
  for (const sel of collectFields(ctx, node.selectionSet, connectionType.name)) {
    const key = quoteLiteral(responseKey(sel));
    const name = sel.name.value;
    if (name === '__typename') {
      parts.push(key, quoteLiteral(connectionType.name));
      continue;
    }
    const def = connectionType.getFields()[name];
    if (!def) throw new GqlError('unknown field in connection');
    noArgs(sel);
    if (name === 'totalCount') {
      wantTotal = true;
      parts.push(key, 'coalesce(min(__total_count.___total_count), 0)');
    } else if (name === 'edges') {
      parts.push(key, edgesSql(ctx, sel, table, b, order));
    } else if (name === 'pageInfo') {
      const info: string[] = [];
      for (const p of collectFields(ctx, sel.selectionSet, 'PageInfo')) {
        const pk = quoteLiteral(responseKey(p));
        noArgs(p);
        switch (p.name.value) {
          case 'startCursor':
            info.push(pk, `(array_agg(${cursorValue(b, order)} order by ${orderClause(b, order)}))[1]`);
            break;
          case 'endCursor':
            info.push(pk, `(array_agg(${cursorValue(b, order)} order by ${orderClause(b, reverse(order))}))[1]`);
            break;
          case 'hasNextPage':
            wantNext = true;
            info.push(pk, 'coalesce(bool_and(__has_next_page.___has_next_page), false)');
            break;
          case 'hasPreviousPage':
            wantPrev = true;
            info.push(pk, 'coalesce(bool_and(__has_previous_page.___has_previous_page), false)');
            break;
          case '__typename':
            info.push(pk, quoteLiteral('PageInfo'));
            break;
          default:
            throw new GqlError('unknown field in pageInfo');
        }
      }
      parts.push(key, jsonbObject(info));
    } else {
      throw new GqlError('unknown field in connection');
    }
  }

  // "Is there a page beyond this one in the paging direction": one more row past the limit.
  const pagePlusOne = `select count(*) > ${limit} from (select 1 from ${from} where ${whereSql} and ${pagination} order by ${orderClause(b, recordsOrder)} limit ${limit + 1}${offset ? ` offset ${offset}` : ''}) __page_plus_1`;
  // "Is there a row before this page": the first row (in paging order) without pagination is not on the page.
  const pk = (blk: string) => `(${table.primaryKey.map((c) => col(blk, c)).join(', ')})`;
  const firstNotOnPage = `select coalesce(bool_and(__not_seen), false) from (select not (${pk(b)} = any(__seen.seen)) as __not_seen from ${from} left join (select array_agg(${pk('__r')}) from __records __r) __seen(seen) on true where ${whereSql} order by ${orderClause(b, recordsOrder)} limit 1) __page_minus_1`;
  const nextQuery = reversed ? firstNotOnPage : pagePlusOne;
  const prevQuery = reversed ? pagePlusOne : firstNotOnPage;

  const ctes = [
    ...(source ? [`__source as materialized (select * from ${source})`] : []),
    `__records as (select ${selectableColumns(table)} from ${from} where ${whereSql} and ${pagination} order by ${orderClause(b, recordsOrder)} limit ${limit}${offset ? ` offset ${offset}` : ''})`,
  ];
  const joins = [`__records ${b}`];
  if (wantTotal) {
    ctes.push(`__total_count(___total_count) as (select count(*) from ${from} where ${whereSql})`);
    joins.push('__total_count');
  }
  if (wantNext) {
    ctes.push(`__has_next_page(___has_next_page) as (${nextQuery})`);
    joins.push('__has_next_page');
  }
  if (wantPrev) {
    ctes.push(`__has_previous_page(___has_previous_page) as (${prevQuery})`);
    joins.push('__has_previous_page');
  }
  // group by (): exactly one row, also when the page is empty or nothing aggregated was asked for.
  return `(with ${ctes.join(', ')} select ${jsonbObject(parts)} from ${joins.join(', ')} group by ())`;
}

function namedInput(type: GraphQLInputType): GraphQLInputObjectType {
  let t: GraphQLInputType = type;
  while ('ofType' in t) t = t.ofType as GraphQLInputType;
  if (!(t instanceof GraphQLInputObjectType)) throw new GqlError('Internal error: expected an input object');
  return t;
}

function edgesSql(ctx: CompileContext, edgesNode: FieldNode, table: TableModel, b: string, order: OrderElem[]): string {
  const edgeTypeName = `${table.typeName}Edge`;
  const parts: string[] = [];
  for (const sel of collectFields(ctx, edgesNode.selectionSet, edgeTypeName)) {
    const key = quoteLiteral(responseKey(sel));
    noArgs(sel);
    switch (sel.name.value) {
      case 'cursor':
        parts.push(key, cursorValue(b, order));
        break;
      case 'node':
        parts.push(key, nodeObject(ctx, sel, table, b));
        break;
      case '__typename':
        parts.push(key, quoteLiteral(edgeTypeName));
        break;
      default:
        throw new GqlError('unknown field in edge');
    }
  }
  return `coalesce(jsonb_agg(${jsonbObject(parts)} order by ${orderClause(b, order)}), jsonb_build_array())`;
}

/** A row of `table` (aliased `block`) as the jsonb of the selected node fields. */
export function nodeObject(ctx: CompileContext, node: FieldNode, table: TableModel, block: string): string {
  const type = objectType(ctx.schema, table.typeName);
  const fields = type.getFields();
  const parts: string[] = [];
  for (const sel of collectFields(
    ctx,
    node.selectionSet,
    type.name,
    type.getInterfaces().map((i) => i.name),
  )) {
    const key = quoteLiteral(responseKey(sel));
    const name = sel.name.value;
    if (name === '__typename') {
      parts.push(key, quoteLiteral(type.name));
      continue;
    }
    const def = fields[name];
    if (!def) throw new GqlError(`Unknown field '${name}' on type '${type.name}'`);
    const ext = fieldExt(def);
    if (ext?.kind === 'column') {
      noArgs(sel);
      parts.push(key, columnValue(block, ext.column));
    } else if (ext?.kind === 'nodeId') {
      noArgs(sel);
      parts.push(key, nodeIdValue(block, table));
    } else if (ext?.kind === 'relation') {
      const r = ext.relation;
      if (r.cardinality === 'many') {
        parts.push(key, connectionSql(ctx, def, sel, r.target, { block, relation: r }));
      } else {
        noArgs(sel);
        const rb = newBlock();
        parts.push(
          key,
          `(select ${nodeObject(ctx, sel, r.target, rb)} from ${quoteIdent(r.target.schema)}.${quoteIdent(r.target.name)} ${rb} where ${joinCondition(rb, block, r)})`,
        );
      }
    } else if (ext?.kind === 'computed') {
      parts.push(key, computedFieldSql(ctx, def, sel, ext.computed, rowOf(block, table)));
    } else {
      throw new GqlError(`unexpected field type on node ${name}`);
    }
  }
  return jsonbObject(parts);
}

/** The row of `table` aliased `block` as the table's own row type (columns the role cannot read are null). */
function rowOf(block: string, table: TableModel): string {
  const cells = table.columns.map((c) => (c.canSelect ? col(block, c) : `null::${c.sqlType}`));
  return `row(${cells.join(', ')})::${quoteIdent(table.schema)}.${quoteIdent(table.name)}`;
}

/** What a function call (SQL text) returns, as the jsonb of the selection. */
function functionResultSql(
  ctx: CompileContext,
  field: GraphQLField<unknown, unknown>,
  node: FieldNode,
  returns: FunctionReturn,
  call: string,
): string {
  if (returns.kind === 'value') {
    noSelection(node);
    return `to_jsonb(${valueSql(`(${call})`, returns)})`;
  }
  if (returns.kind === 'rows') return connectionSql(ctx, field, node, returns.table, undefined, call);
  // A row of all nulls is null, as in pg_graphql (Postgres cannot tell it from no row).
  const fb = newBlock();
  return `(select case when ${fb} is null then null else ${nodeObject(ctx, node, returns.table, fb)} end from ${call} ${fb})`;
}

function noSelection(node: FieldNode): void {
  if (node.selectionSet?.selections.length) throw new GqlError(`Field "${node.name.value}" must not have a selection`);
}

function computedFieldSql(
  ctx: CompileContext,
  field: GraphQLField<unknown, unknown>,
  node: FieldNode,
  computed: ComputedFieldModel,
  row: string,
): string {
  if (computed.returns.kind !== 'rows') noArgs(node);
  const call = `${quoteIdent(computed.schema)}.${quoteIdent(computed.functionName)}(${row})`;
  return functionResultSql(ctx, field, node, computed.returns, call);
}

/**
 * A function exposed as a Query or Mutation field: called with named arguments (those left out use the
 * function's defaults; a required one left out is null), its result shaped as pg_graphql shapes it.
 */
export function functionFieldSql(
  ctx: CompileContext,
  field: GraphQLField<unknown, unknown>,
  node: FieldNode,
  fn: FunctionModel,
): string {
  const args = readArgs(field, node, ctx);
  const named: string[] = [];
  for (const a of fn.args) {
    const value = args[a.fieldName];
    if (value === undefined && a.hasDefault) continue;
    const bound =
      value === undefined || value === null
        ? `null::${a.sqlType}`
        : a.isArray
          ? ctx.params.castArray(sqlInputValue(a, value), a.sqlType.endsWith('[]') ? a.sqlType.slice(0, -2) : a.sqlType)
          : ctx.params.cast(sqlInputValue(a, value), a.sqlType);
    named.push(`${quoteIdent(a.name)} => ${bound}`);
  }
  const call = `${quoteIdent(fn.schema)}.${quoteIdent(fn.name)}(${named.join(', ')})`;
  return functionResultSql(ctx, field, node, fn.returns, call);
}

/** Query.node(nodeId:): the record the id names, or null. */
export function nodeByIdSql(ctx: CompileContext, field: GraphQLField<unknown, unknown>, node: FieldNode): string {
  const args = readArgs(field, node, ctx);
  const id = parseNodeId(args.nodeId);
  const table = ctx.model.tables.find(
    (t) => t.schema === id.schema && t.name === id.table && ctx.schema.getType(t.typeName),
  );
  if (!table) throw new GqlError('Collection referenced by nodeId did not match any known collection');
  const b = newBlock();
  return `(select ${nodeObject(ctx, node, table, b)} from ${quoteIdent(table.schema)}.${quoteIdent(table.name)} ${b} where ${nodeIdCondition(ctx, b, table, id)})`;
}

// ---------------------------------------------------------------------------------------------------------
// Mutations

export interface MutationStatement {
  text: string;
  /** Raise when more rows than this were affected (update/delete atMost). */
  atMost?: number;
  kind: 'insert' | 'update' | 'delete';
}

function responseObject(
  ctx: CompileContext,
  node: FieldNode,
  table: TableModel,
  typeName: string,
  kind: string,
  b: string,
): string {
  const parts: string[] = [];
  for (const sel of collectFields(ctx, node.selectionSet, typeName)) {
    const key = quoteLiteral(responseKey(sel));
    switch (sel.name.value) {
      case 'affectedCount':
        noArgs(sel);
        parts.push(key, 'count(*)');
        break;
      case 'records':
        noArgs(sel);
        parts.push(key, `coalesce(jsonb_agg(${nodeObject(ctx, sel, table, b)}), jsonb_build_array())`);
        break;
      case '__typename':
        parts.push(key, quoteLiteral(typeName));
        break;
      default:
        throw new GqlError(`unknown field in ${kind}`);
    }
  }
  return jsonbObject(parts);
}

function returnTypeName(field: GraphQLField<unknown, unknown>): string {
  let t = field.type as { ofType?: unknown; name?: string };
  while (t.ofType) t = t.ofType as typeof t;
  return t.name!;
}

export function mutationSql(
  ctx: CompileContext,
  field: GraphQLField<unknown, unknown>,
  node: FieldNode,
  kind: 'insert' | 'update' | 'delete',
  table: TableModel,
): MutationStatement {
  const args = readArgs(field, node, ctx);
  const target = `${quoteIdent(table.schema)}.${quoteIdent(table.name)}`;
  const returning = selectableColumns(table);
  const b = newBlock();
  const typeName = returnTypeName(field);

  if (kind === 'insert') {
    const objectsArg = field.args.find((a) => a.name === 'objects')!;
    const inputFields = namedInput(objectsArg.type).getFields();
    const rows = ((args.objects as unknown[] | undefined) ?? []).filter((r) => r !== null && r !== undefined) as Record<
      string,
      unknown
    >[];
    if (!rows.length) throw new GqlError('At least one record must be provided to objects');
    const columns: ColumnModel[] = [];
    for (const row of rows) {
      for (const [k, v] of Object.entries(row)) {
        if (v === undefined) continue;
        const ext = fieldExt(inputFields[k]!);
        if (ext?.kind !== 'column') throw new GqlError('Insert re-validation error 4');
        if (!columns.includes(ext.column)) columns.push(ext.column);
      }
    }
    const ordered = table.columns.filter((c) => columns.includes(c));
    const values = rows.map((row) => {
      const cells = ordered.map((c) => {
        const v = row[c.fieldName];
        return v === undefined ? 'default' : bindColumn(ctx, c, v);
      });
      return `(${cells.join(', ')})`;
    });
    const insert = ordered.length
      ? `insert into ${target} (${ordered.map((c) => quoteIdent(c.name)).join(', ')}) values ${values.join(', ')} returning ${returning}`
      : `insert into ${target} select from generate_series(1, ${rows.length}) returning ${returning}`;
    return {
      kind,
      text: `with __affected as (${insert}) select count(*)::int as n, (${responseObject(ctx, node, table, typeName, 'insert', b)})::text as r from __affected ${b}`,
    };
  }

  const filterArg = field.args.find((a) => a.name === 'filter')!;
  const where = filterConditions(ctx, namedInput(filterArg.type), args.filter, b, table);
  const whereSql = where.length ? where.join(' and ') : 'true';
  const atMost = typeof args.atMost === 'number' ? args.atMost : 1;

  if (kind === 'update') {
    const setArg = field.args.find((a) => a.name === 'set')!;
    const setFields = namedInput(setArg.type).getFields();
    const assignments: string[] = [];
    for (const [k, v] of Object.entries((args.set as Record<string, unknown> | undefined) ?? {})) {
      if (v === undefined) continue;
      const ext = fieldExt(setFields[k]!);
      if (ext?.kind !== 'column') throw new GqlError('Update re-validation error 4');
      assignments.push(`${quoteIdent(ext.column.name)} = ${bindColumn(ctx, ext.column, v)}`);
    }
    if (!assignments.length) throw new GqlError('At least one mapping must be provided to set argument');
    const update = `update ${target} as ${b} set ${assignments.join(', ')} where ${whereSql} returning ${returning}`;
    return {
      kind,
      atMost,
      text: `with __impacted as (${update}) select count(*)::int as n, (${responseObject(ctx, node, table, typeName, 'update', b)})::text as r from __impacted ${b}`,
    };
  }

  const del = `delete from ${target} as ${b} where ${whereSql} returning ${returning}`;
  return {
    kind,
    atMost,
    text: `with __impacted as (${del}) select count(*)::int as n, (${responseObject(ctx, node, table, typeName, 'delete', b)})::text as r from __impacted ${b}`,
  };
}
