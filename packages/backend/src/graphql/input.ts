import {
  GraphQLEnumType,
  GraphQLInputObjectType,
  GraphQLList,
  GraphQLNonNull,
  GraphQLScalarType,
  Kind,
  type GraphQLInputType,
  type ValueNode,
  type VariableDefinitionNode,
} from 'graphql';
import { GqlError } from './errors.ts';

/**
 * Argument values as pg_graphql reads them: GraphQL literals and variables become plain JSON, `undefined`
 * standing for "absent" (an unset variable), then checked against the argument's type with pg_graphql's
 * messages ("Invalid input for Int type", "Input for type BlogFilter contains extra keys [...]").
 */

export interface VariableScope {
  values: Record<string, unknown>;
  definitions: Map<string, VariableDefinitionNode>;
}

export function valueFromAst(node: ValueNode, scope: VariableScope): unknown {
  switch (node.kind) {
    case Kind.NULL:
      return null;
    case Kind.BOOLEAN:
      return node.value;
    case Kind.INT: {
      const n = Number(node.value);
      if (!Number.isSafeInteger(n)) throw new GqlError('Invalid Int input');
      return n;
    }
    case Kind.FLOAT:
      return Number(node.value);
    case Kind.STRING:
    case Kind.ENUM:
      return node.value;
    case Kind.LIST:
      return node.values.map((v) => valueFromAst(v, scope));
    case Kind.OBJECT: {
      const out: Record<string, unknown> = {};
      for (const f of node.fields) out[f.name.value] = valueFromAst(f.value, scope);
      return out;
    }
    case Kind.VARIABLE: {
      const name = node.name.value;
      if (Object.prototype.hasOwnProperty.call(scope.values, name)) return scope.values[name];
      const def = scope.definitions.get(name)?.defaultValue;
      return def ? valueFromAst(def, scope) : undefined;
    }
  }
}

/** Rust's Debug format for a list of names, as pg_graphql prints it: ["a", "b"]. */
export function debugList(names: string[]): string {
  return `[${names.map((n) => JSON.stringify(n)).join(', ')}]`;
}

function isPlainObject(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

/** pg_graphql's validate_arg_from_type: returns the value with lists coerced, or throws its message. */
export function validateInput(type: GraphQLInputType, value: unknown): unknown {
  if (type instanceof GraphQLNonNull) {
    const inner = validateInput(type.ofType, value);
    if (inner === undefined || inner === null) throw new GqlError('Invalid input for NonNull type');
    return inner;
  }
  if (value === undefined || value === null) return value;
  if (type instanceof GraphQLList) {
    if (Array.isArray(value)) return value.map((v) => validateInput(type.ofType, v));
    // A single value where a list is expected is a list of one (GraphQL input coercion).
    return [validateInput(type.ofType, value)];
  }
  if (type instanceof GraphQLInputObjectType) {
    if (!isPlainObject(value)) throw new GqlError(`Invalid input for ${type.name} type`);
    const fields = type.getFields();
    const extra = Object.keys(value).filter((k) => !(k in fields));
    if (extra.length) throw new GqlError(`Input for type ${type.name} contains extra keys ${debugList(extra)}`);
    const out: Record<string, unknown> = {};
    for (const [name, field] of Object.entries(fields)) {
      if (name in value) out[name] = validateInput(field.type, value[name]);
      else validateInput(field.type, null);
    }
    return out;
  }
  if (type instanceof GraphQLEnumType) {
    if (typeof value === 'string' && type.getValue(value)) return value;
    throw new GqlError(`Invalid input for ${type.name} type`);
  }
  if (type instanceof GraphQLScalarType) {
    const ok = (() => {
      switch (type.name) {
        case 'Int':
          return typeof value === 'number' && Number.isInteger(value);
        case 'Float':
          return typeof value === 'number';
        case 'Boolean':
          return typeof value === 'boolean';
        case 'BigInt':
        case 'BigFloat':
          return typeof value === 'string' || typeof value === 'number';
        case 'Opaque':
          return true;
        default:
          return typeof value === 'string';
      }
    })();
    if (!ok) throw new GqlError(`Invalid input for ${type.name} type`);
    return value;
  }
  throw new GqlError('Invalid Type used as input argument');
}
