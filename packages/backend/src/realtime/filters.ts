/**
 * One postgres_changes listener of a join payload ({event, schema, table, filter}), read as hosted Realtime
 * reads it (the Realtime server's subscriptions.ex, parse_subscription_params),
 * with its words for what it refuses. Served: one filter `column=op.value` with op eq, neq, lt, lte, gt, gte
 * or in.(a,b). Hosted also has like, ilike, is, match, imatch, isdistinct, `not.` and filters joined by
 * commas; those are refused here with an error saying so, never read as something else.
 */

export type ChangeEvent = '*' | 'INSERT' | 'UPDATE' | 'DELETE';

export const FILTER_OPS = ['eq', 'neq', 'lt', 'lte', 'gt', 'gte', 'in'] as const;
export type FilterOp = (typeof FILTER_OPS)[number];

/** Operators hosted Realtime knows that this server does not apply. */
const HOSTED_ONLY_OPS = new Set(['like', 'ilike', 'is', 'match', 'imatch', 'isdistinct']);

export interface ChangeFilter {
  column: string;
  op: FilterOp;
  /** As PostgreSQL reads it after a cast to the column's type; for `in`, an array literal: {a,b}. */
  value: string;
}

export interface ChangeListener {
  event: ChangeEvent;
  /** '*' for any. */
  schema: string;
  /** '*' for any. */
  table: string;
  filter?: ChangeFilter;
}

export type Parsed<T> = { ok: true; value: T } | { ok: false; error: string };

function eventOf(params: Record<string, unknown>): ChangeEvent {
  const event = params.event;
  if (typeof event !== 'string' || event === '*') return '*';
  const upper = event.toUpperCase();
  return upper === 'INSERT' || upper === 'UPDATE' || upper === 'DELETE' ? upper : '*';
}

/** Elixir's inspect of a list of strings, as hosted's messages quote what they could not read. */
function inspectList(parts: string[]): string {
  return `[${parts.map((p) => JSON.stringify(p)).join(', ')}]`;
}

/** Elixir's inspect of a map, roughly: the params hosted quotes when none make sense. */
function inspectParams(params: unknown): string {
  if (!params || typeof params !== 'object') return '%{}';
  const entries = Object.entries(params as Record<string, unknown>).map(
    ([k, v]) => `${JSON.stringify(k)} => ${JSON.stringify(v) ?? 'nil'}`,
  );
  return `%{${entries.join(', ')}}`;
}

/** "abc" (with \" and \\ escapes) -> abc, as hosted unquotes a filter value; anything else as it is. */
function unquote(value: string): string {
  if (!value.startsWith('"')) return value;
  let out = '';
  for (let i = 1; i < value.length; i++) {
    const ch = value[i]!;
    if (ch === '\\' && i + 1 < value.length) out += value[++i];
    else if (ch === '"') return i === value.length - 1 ? out : value;
    else out += ch;
  }
  return value;
}

/** Whether `filter` has a comma outside parentheses and quotes: hosted joins such filters with AND. */
function hasTopLevelComma(filter: string): boolean {
  let depth = 0;
  let quoted = false;
  for (let i = 0; i < filter.length; i++) {
    const ch = filter[i];
    if (quoted) {
      if (ch === '\\') i++;
      else if (ch === '"') quoted = false;
    } else if (ch === '"') quoted = true;
    else if (ch === '(') depth++;
    else if (ch === ')') depth = Math.max(0, depth - 1);
    else if (ch === ',' && depth === 0) return true;
  }
  return false;
}

export function parseFilter(filter: string): Parsed<ChangeFilter | undefined> {
  const trimmed = filter.trim();
  if (trimmed === '') return { ok: true, value: undefined };
  const fail = (reason: string): Parsed<never> => ({ ok: false, error: `Error parsing \`filter\` params: ${reason}` });
  if (hasTopLevelComma(trimmed))
    return fail('filters joined by commas are not supported by this server: subscribe with one filter');
  const eq = trimmed.indexOf('=');
  if (eq < 0) return fail(inspectList([trimmed]));
  const column = trimmed.slice(0, eq);
  const rest = trimmed.slice(eq + 1);
  if (rest.startsWith('not.')) return fail('`not.` is not supported by this server');
  const dot = rest.indexOf('.');
  if (dot < 0) return fail(inspectList([rest]));
  const op = rest.slice(0, dot);
  const value = rest.slice(dot + 1);
  if (HOSTED_ONLY_OPS.has(op))
    return fail(`the \`${op}\` operator is not supported by this server (${FILTER_OPS.join(', ')} are)`);
  if (!(FILTER_OPS as readonly string[]).includes(op)) return fail(inspectList([op, value]));
  if (op === 'in') {
    if (value.length < 2 || !value.startsWith('(') || !value.endsWith(')'))
      return fail('`in` filter value must be wrapped by parentheses');
    return { ok: true, value: { column, op, value: `{${value.slice(1, -1)}}` } };
  }
  return { ok: true, value: { column, op: op as FilterOp, value: unquote(value) } };
}

/** One element of a join payload's config.postgres_changes. */
export function parseListener(params: unknown): Parsed<ChangeListener> {
  const p = params && typeof params === 'object' && !Array.isArray(params) ? (params as Record<string, unknown>) : {};
  const event = eventOf(p);
  const isString = (key: string) => typeof p[key] === 'string';
  const has = (key: string) => key in p && p[key] !== undefined;
  if (isString('schema') && isString('table') && isString('filter')) {
    const filter = parseFilter(p.filter as string);
    if (!filter.ok) return filter;
    return { ok: true, value: { event, schema: p.schema as string, table: p.table as string, filter: filter.value } };
  }
  if (isString('schema') && isString('table') && !has('filter'))
    return { ok: true, value: { event, schema: p.schema as string, table: p.table as string } };
  if (isString('schema') && !has('table') && !has('filter'))
    return { ok: true, value: { event, schema: p.schema as string, table: '*' } };
  if (isString('table') && !has('schema') && !has('filter'))
    return { ok: true, value: { event, schema: 'public', table: p.table as string } };
  return {
    ok: false,
    error: `No subscription params provided. Please provide at least a \`schema\` or \`table\` to subscribe to: ${inspectParams(params)}`,
  };
}

/** How hosted names a listener in its messages: [event: INSERT, schema: public, table: post, filters: [...]]. */
export function describeListener(l: ChangeListener): string {
  const filters = l.filter
    ? `[{${JSON.stringify(l.filter.column)}, ${JSON.stringify(l.filter.op)}, ${JSON.stringify(l.filter.value)}}]`
    : '[]';
  return `event: ${l.event}, schema: ${l.schema}, table: ${l.table}, filters: ${filters}`;
}
