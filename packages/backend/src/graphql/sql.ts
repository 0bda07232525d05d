import { toPgArray } from './reflect.ts';

/** SQL text helpers for the compiler. Every value reaches the database as a text parameter ($n::type). */

export function quoteIdent(name: string): string {
  return `"${name.replace(/"/g, '""')}"`;
}

export function quoteLiteral(value: string): string {
  return `'${value.replace(/'/g, "''")}'`;
}

/** A value as pg_graphql binds it: text, or a text[] literal for list operators. */
export type ParamValue = string | null;

export class Params {
  readonly values: ParamValue[] = [];

  /** `($n::type)`: the value bound as text and cast to the column's type. */
  cast(value: unknown, sqlType: string): string {
    this.values.push(toText(value));
    return `($${this.values.length}::${sqlType})`;
  }

  /** `($n::type[])` for `in` and array columns. */
  castArray(values: unknown, sqlType: string): string {
    if (!Array.isArray(values)) throw new Error('Expected a list');
    this.values.push(toPgArray(values.map((v) => toText(v))));
    return `($${this.values.length}::${sqlType}[])`;
  }
}

function toText(value: unknown): ParamValue {
  if (value === null || value === undefined) return null;
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean' || typeof value === 'bigint') return String(value);
  if (Array.isArray(value)) return toPgArray(value.map((v) => toText(v)));
  throw new Error('Unexpected object in input value');
}

/** jsonb_build_object takes at most 100 arguments: chunk the key/value pairs and concatenate. */
export function jsonbObject(pairs: string[]): string {
  if (!pairs.length) return `jsonb_build_object()`;
  const chunks: string[] = [];
  for (let i = 0; i < pairs.length; i += 50) chunks.push(`jsonb_build_object(${pairs.slice(i, i + 50).join(', ')})`);
  return chunks.join(' || ');
}

/** base64 of the jsonb text of an array, as pg_graphql encodes cursors and node ids (no line breaks). */
export function base64JsonArray(elements: string[]): string {
  return `translate(encode(convert_to(jsonb_build_array(${elements.join(', ')})::text, 'utf-8'), 'base64'), E'\\n', '')`;
}
