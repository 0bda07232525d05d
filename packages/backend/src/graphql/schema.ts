import {
  GraphQLBoolean,
  GraphQLEnumType,
  GraphQLFloat,
  GraphQLID,
  GraphQLInputObjectType,
  GraphQLInt,
  GraphQLInterfaceType,
  GraphQLList,
  GraphQLNonNull,
  GraphQLObjectType,
  GraphQLScalarType,
  GraphQLSchema,
  GraphQLString,
  type GraphQLFieldConfig,
  type GraphQLFieldConfigArgumentMap,
  type GraphQLFieldConfigMap,
  type GraphQLInputFieldConfigMap,
  type GraphQLInputType,
  type GraphQLNamedType,
  type GraphQLOutputType,
} from 'graphql';
import type {
  ColumnModel,
  ComputedFieldModel,
  EnumModel,
  FieldType,
  FunctionModel,
  FunctionReturn,
  RelationModel,
  ScalarName,
  SchemaModel,
  TableModel,
  ValueModel,
} from './model.ts';
import { isValidGraphqlName } from './model.ts';

/**
 * The pg_graphql schema as graphql-js types (names, descriptions and nullability as pg_graphql reflects
 * them). It prints the SDL the frontends generate their types from and answers introspection. Each type and
 * field carries `extensions.pg`, which is how the SQL compiler knows what a field is.
 */

export type PgTypeExt =
  | { kind: 'query' }
  | { kind: 'mutation' }
  | { kind: 'node'; table: TableModel }
  | { kind: 'connection'; table: TableModel }
  | { kind: 'edge'; table: TableModel }
  | { kind: 'pageInfo' }
  | { kind: 'mutationResponse'; table: TableModel }
  | { kind: 'nodeInterface' };

export type PgFieldExt =
  | { kind: 'collection'; table: TableModel }
  | { kind: 'nodeById' }
  | { kind: 'insert'; table: TableModel }
  | { kind: 'update'; table: TableModel }
  | { kind: 'delete'; table: TableModel }
  | { kind: 'column'; column: ColumnModel }
  | { kind: 'nodeId' }
  | { kind: 'relation'; relation: RelationModel }
  | { kind: 'function'; fn: FunctionModel }
  | { kind: 'computed'; computed: ComputedFieldModel };

export function fieldExt(field: { extensions?: unknown }): PgFieldExt | undefined {
  return (field.extensions as { pg?: PgFieldExt } | undefined)?.pg;
}

const identity = (v: unknown) => v;
const scalar = (name: string, description: string) =>
  new GraphQLScalarType({
    name,
    description,
    serialize: identity,
    parseValue: identity,
    parseLiteral: () => undefined,
  });

const CUSTOM_SCALAR_DESCRIPTIONS: Record<string, string> = {
  BigFloat: 'A high precision floating point value represented as a string',
  BigInt: 'An arbitrary size integer represented as a string',
  Cursor: 'An opaque string using for tracking a position in results during pagination',
  Date: 'A date wihout time information',
  Datetime: 'A date and time',
  JSON: 'A Javascript Object Notation value serialized as a string',
  Opaque: 'Any type not handled by the type system',
  Time: 'A time without date information',
  UUID: 'A universally unique identifier',
};

/** Filter operators per scalar, as pg_graphql offers them (sorted, as its SDL lists them). */
const ORDERED_OPS = ['eq', 'gt', 'gte', 'in', 'is', 'lt', 'lte', 'neq'];
export const FILTER_OPS: Partial<Record<ScalarName, string[]>> = {
  BigFloat: ORDERED_OPS,
  BigInt: ORDERED_OPS,
  Boolean: ['eq', 'is'],
  Date: ORDERED_OPS,
  Datetime: ORDERED_OPS,
  Float: ORDERED_OPS,
  ID: ['eq'],
  Int: ORDERED_OPS,
  Opaque: ['eq', 'is'],
  String: ['eq', 'gt', 'gte', 'ilike', 'in', 'iregex', 'is', 'like', 'lt', 'lte', 'neq', 'regex', 'startsWith'],
  Time: ORDERED_OPS,
  UUID: ['eq', 'in', 'is', 'neq'],
};
export const ENUM_FILTER_OPS = ['eq', 'in', 'is', 'neq'];

const PAGINATION_ARG_DESCRIPTIONS = {
  first: 'Query the first `n` records in the collection',
  last: 'Query the last `n` records in the collection',
  before: 'Query values in the collection before the provided cursor',
  after: 'Query values in the collection after the provided cursor',
  offset: 'Skip n values from the after cursor. Alternative to cursor pagination. Backward pagination not supported.',
  filter: 'Filters to apply to the results set when querying from the collection',
  orderBy: 'Sort order to apply to the collection',
};

export interface BuildSchemaOptions {
  /** Only tables of schemas that opted in to introspection (what __schema/__type may show). */
  introspectableOnly?: boolean;
}

export function buildGraphqlSchema(model: SchemaModel, options: BuildSchemaOptions = {}): GraphQLSchema {
  const tables = options.introspectableOnly ? model.tables.filter((t) => t.introspectable) : model.tables;
  const included = new Set(tables);
  const relationsOf = (t: TableModel) => t.relations.filter((r) => included.has(r.target));

  const scalars = new Map<ScalarName, GraphQLScalarType>([
    ['ID', GraphQLID],
    ['Int', GraphQLInt],
    ['Float', GraphQLFloat],
    ['String', GraphQLString],
    ['Boolean', GraphQLBoolean],
  ]);
  for (const [name, description] of Object.entries(CUSTOM_SCALAR_DESCRIPTIONS)) {
    scalars.set(name as ScalarName, scalar(name, description));
  }
  const scalarType = (name: ScalarName) => scalars.get(name)!;

  const filterIs = new GraphQLEnumType({ name: 'FilterIs', values: { NULL: {}, NOT_NULL: {} } });
  const orderByDirection = new GraphQLEnumType({
    name: 'OrderByDirection',
    description: 'Defines a per-field sorting order',
    values: {
      AscNullsFirst: { description: 'Ascending order, nulls first' },
      AscNullsLast: { description: 'Ascending order, nulls last' },
      DescNullsFirst: { description: 'Descending order, nulls first' },
      DescNullsLast: { description: 'Descending order, nulls last' },
    },
  });

  const enumTypes = new Map<EnumModel, GraphQLEnumType>();
  for (const e of model.enums) {
    if (!isValidGraphqlName(e.typeName)) continue;
    const values: Record<string, { description?: string }> = {};
    for (const v of e.values)
      if (isValidGraphqlName(v.name) && !['true', 'false', 'null'].includes(v.name)) values[v.name] = {};
    if (!Object.keys(values).length) continue;
    enumTypes.set(e, new GraphQLEnumType({ name: e.typeName, description: e.description ?? undefined, values }));
  }

  const filterTypes = new Map<string, GraphQLInputObjectType>();
  const filterTypeFor = (name: string, inner: GraphQLInputType, ops: string[]) => {
    const key = `${name}Filter`;
    let t = filterTypes.get(key);
    if (!t) {
      const fields: GraphQLInputFieldConfigMap = {};
      for (const op of ops) {
        fields[op] = {
          type: op === 'is' ? filterIs : op === 'in' ? new GraphQLList(new GraphQLNonNull(inner)) : inner,
        };
      }
      t = new GraphQLInputObjectType({
        name: key,
        description: `Boolean expression comparing fields on type "${name}"`,
        fields,
      });
      filterTypes.set(key, t);
    }
    return t;
  };
  for (const [name, ops] of Object.entries(FILTER_OPS)) filterTypeFor(name, scalarType(name as ScalarName), ops);
  for (const [e, t] of enumTypes) filterTypeFor(e.typeName, t, ENUM_FILTER_OPS);

  /** The GraphQL type of a column's value, or undefined when it cannot be shown (unusable enum). */
  const valueType = (c: ColumnModel): (GraphQLInputType & GraphQLOutputType) | undefined => {
    const base = namedFor(c.type);
    if (!base) return undefined;
    return c.isArray ? new GraphQLList(base) : base;
  };
  const namedFor = (t: FieldType) => (t.kind === 'enum' ? enumTypes.get(t.enum) : scalarType(t.name));
  /** A function argument's or result's GraphQL type (nullable, as pg_graphql shows them). */
  const functionValueType = (v: ValueModel): (GraphQLInputType & GraphQLOutputType) | undefined => {
    const base = namedFor(v.type);
    if (!base) return undefined;
    return v.isArray ? new GraphQLList(base) : base;
  };
  /** What a function field returns; undefined when its table or type is not in this schema. */
  const functionOutput = (r: FunctionReturn): GraphQLOutputType | undefined => {
    if (r.kind === 'value') return functionValueType(r);
    if (!included.has(r.table)) return undefined;
    return r.kind === 'row' ? typesOf(r.table).node : typesOf(r.table).connection;
  };
  const functionField = (fn: FunctionModel): GraphQLFieldConfig<unknown, unknown> | undefined => {
    const type = functionOutput(fn.returns);
    if (!type) return undefined;
    const args: GraphQLFieldConfigArgumentMap = {};
    for (const a of fn.args) {
      const t = functionValueType(a);
      if (!t) return undefined;
      args[a.fieldName] = { type: t };
    }
    if (fn.returns.kind === 'rows') {
      const { offset: _offset, ...rest } = collectionArgs(fn.returns.table);
      Object.assign(args, rest);
    }
    return {
      type,
      args,
      description: fn.description ?? undefined,
      extensions: { pg: { kind: 'function', fn } satisfies PgFieldExt },
    };
  };

  const nodeInterface = new GraphQLInterfaceType({
    name: 'Node',
    fields: { nodeId: { type: new GraphQLNonNull(GraphQLID), description: 'Retrieves a record by `ID`' } },
    extensions: { pg: { kind: 'nodeInterface' } satisfies PgTypeExt },
  });

  const pageInfo = new GraphQLObjectType({
    name: 'PageInfo',
    fields: {
      endCursor: { type: GraphQLString },
      hasNextPage: { type: new GraphQLNonNull(GraphQLBoolean) },
      hasPreviousPage: { type: new GraphQLNonNull(GraphQLBoolean) },
      startCursor: { type: GraphQLString },
    },
    extensions: { pg: { kind: 'pageInfo' } satisfies PgTypeExt },
  });

  interface TableTypes {
    node: GraphQLObjectType;
    connection: GraphQLObjectType;
    edge: GraphQLObjectType;
    filter: GraphQLInputObjectType;
    orderBy: GraphQLInputObjectType;
    insertInput?: GraphQLInputObjectType;
    insertResponse?: GraphQLObjectType;
    updateInput?: GraphQLInputObjectType;
    updateResponse?: GraphQLObjectType;
    deleteResponse?: GraphQLObjectType;
  }
  const byTable = new Map<TableModel, TableTypes>();
  const typesOf = (t: TableModel) => byTable.get(t)!;

  const collectionArgs = (t: TableModel): GraphQLFieldConfigArgumentMap => ({
    first: { type: GraphQLInt, description: PAGINATION_ARG_DESCRIPTIONS.first },
    last: { type: GraphQLInt, description: PAGINATION_ARG_DESCRIPTIONS.last },
    before: { type: scalarType('Cursor'), description: PAGINATION_ARG_DESCRIPTIONS.before },
    after: { type: scalarType('Cursor'), description: PAGINATION_ARG_DESCRIPTIONS.after },
    offset: { type: GraphQLInt, description: PAGINATION_ARG_DESCRIPTIONS.offset },
    filter: { type: typesOf(t).filter, description: PAGINATION_ARG_DESCRIPTIONS.filter },
    orderBy: {
      type: new GraphQLList(new GraphQLNonNull(typesOf(t).orderBy)),
      description: PAGINATION_ARG_DESCRIPTIONS.orderBy,
    },
  });

  const mutationResponse = (t: TableModel, name: string) =>
    new GraphQLObjectType({
      name,
      fields: () => ({
        affectedCount: {
          type: new GraphQLNonNull(GraphQLInt),
          description: 'Count of the records impacted by the mutation',
        },
        records: {
          type: new GraphQLNonNull(new GraphQLList(new GraphQLNonNull(typesOf(t).node))),
          description: 'Array of records impacted by the mutation',
        },
      }),
      extensions: { pg: { kind: 'mutationResponse', table: t } satisfies PgTypeExt },
    });

  for (const t of tables) {
    const selectable = t.columns.filter((c) => c.canSelect && valueType(c));
    const node = new GraphQLObjectType({
      name: t.typeName,
      description: t.description ?? undefined,
      interfaces: [nodeInterface],
      fields: () => {
        const fields: GraphQLFieldConfigMap<unknown, unknown> = {
          nodeId: {
            type: new GraphQLNonNull(GraphQLID),
            description: 'Globally Unique Record Identifier',
            extensions: { pg: { kind: 'nodeId' } satisfies PgFieldExt },
          },
        };
        for (const c of selectable) {
          const vt = valueType(c)!;
          fields[c.fieldName] = {
            type: c.notNull ? new GraphQLNonNull(vt) : vt,
            description: c.description ?? undefined,
            extensions: { pg: { kind: 'column', column: c } satisfies PgFieldExt },
          };
        }
        for (const r of relationsOf(t)) {
          const target = typesOf(r.target);
          const field: GraphQLFieldConfig<unknown, unknown> =
            r.cardinality === 'many'
              ? { type: target.connection, args: collectionArgs(r.target) }
              : { type: r.nonNull ? new GraphQLNonNull(target.node) : target.node };
          field.extensions = { pg: { kind: 'relation', relation: r } satisfies PgFieldExt };
          fields[r.fieldName] = field;
        }
        for (const cf of t.computedFields) {
          const type = functionOutput(cf.returns);
          if (!type) continue;
          fields[cf.fieldName] = {
            type,
            args: cf.returns.kind === 'rows' ? collectionArgs(cf.returns.table) : undefined,
            description: cf.description ?? undefined,
            extensions: { pg: { kind: 'computed', computed: cf } satisfies PgFieldExt },
          };
        }
        return fields;
      },
      extensions: { pg: { kind: 'node', table: t } satisfies PgTypeExt },
    });
    const edge = new GraphQLObjectType({
      name: `${t.typeName}Edge`,
      fields: { cursor: { type: new GraphQLNonNull(GraphQLString) }, node: { type: new GraphQLNonNull(node) } },
      extensions: { pg: { kind: 'edge', table: t } satisfies PgTypeExt },
    });
    const connection = new GraphQLObjectType({
      name: `${t.typeName}Connection`,
      fields: () => ({
        edges: { type: new GraphQLNonNull(new GraphQLList(new GraphQLNonNull(edge))) },
        pageInfo: { type: new GraphQLNonNull(pageInfo) },
        ...(t.totalCount
          ? {
              totalCount: {
                type: new GraphQLNonNull(GraphQLInt),
                description: 'The total number of records matching the `filter` criteria',
              },
            }
          : {}),
      }),
      extensions: { pg: { kind: 'connection', table: t } satisfies PgTypeExt },
    });
    const filterName = `${t.typeName}Filter`;
    const filter: GraphQLInputObjectType = new GraphQLInputObjectType({
      name: filterName,
      fields: () => {
        const fields: GraphQLInputFieldConfigMap = {};
        for (const c of selectable) {
          if (c.isArray || (c.type.kind === 'scalar' && c.type.name === 'JSON')) continue;
          const ft =
            c.type.kind === 'enum'
              ? filterTypes.get(`${c.type.enum.typeName}Filter`)
              : filterTypes.get(`${c.type.name}Filter`);
          if (!ft) continue;
          fields[c.fieldName] = { type: ft, extensions: { pg: { kind: 'column', column: c } satisfies PgFieldExt } };
        }
        fields.nodeId = {
          type: filterTypes.get('IDFilter')!,
          extensions: { pg: { kind: 'nodeId' } satisfies PgFieldExt },
        };
        // A column called and/or/not takes the name; the operator is then unavailable (as in pg_graphql).
        if (!fields.and)
          fields.and = {
            type: new GraphQLList(new GraphQLNonNull(filter)),
            description: 'Returns true only if all its inner filters are true, otherwise returns false',
          };
        if (!fields.or)
          fields.or = {
            type: new GraphQLList(new GraphQLNonNull(filter)),
            description: 'Returns true if at least one of its inner filters is true, otherwise returns false',
          };
        if (!fields.not) fields.not = { type: filter, description: 'Negates a filter' };
        return fields;
      },
    });
    const orderBy = new GraphQLInputObjectType({
      name: `${t.typeName}OrderBy`,
      fields: () => {
        const fields: GraphQLInputFieldConfigMap = {};
        for (const c of selectable) {
          if (c.isArray || (c.type.kind === 'scalar' && c.type.name === 'JSON')) continue;
          fields[c.fieldName] = {
            type: orderByDirection,
            extensions: { pg: { kind: 'column', column: c } satisfies PgFieldExt },
          };
        }
        return fields;
      },
    });
    const types: TableTypes = { node, connection, edge, filter, orderBy };
    const inputFields = (pick: (c: ColumnModel) => boolean) => () => {
      const fields: GraphQLInputFieldConfigMap = {};
      for (const c of t.columns) {
        const vt = pick(c) ? valueType(c) : undefined;
        if (vt)
          fields[c.fieldName] = { type: vt, extensions: { pg: { kind: 'column', column: c } satisfies PgFieldExt } };
      }
      return fields;
    };
    if (t.columns.some((c) => c.canInsert && valueType(c))) {
      types.insertInput = new GraphQLInputObjectType({
        name: `${t.typeName}InsertInput`,
        fields: inputFields((c) => c.canInsert),
      });
      types.insertResponse = mutationResponse(t, `${t.typeName}InsertResponse`);
    }
    if (t.columns.some((c) => c.canUpdate && valueType(c))) {
      types.updateInput = new GraphQLInputObjectType({
        name: `${t.typeName}UpdateInput`,
        fields: inputFields((c) => c.canUpdate),
      });
      types.updateResponse = mutationResponse(t, `${t.typeName}UpdateResponse`);
    }
    if (t.canDelete) types.deleteResponse = mutationResponse(t, `${t.typeName}DeleteResponse`);
    byTable.set(t, types);
  }

  const queryFields: GraphQLFieldConfigMap<unknown, unknown> = {
    node: {
      type: nodeInterface,
      description: 'Retrieve a record by its `ID`',
      args: { nodeId: { type: new GraphQLNonNull(GraphQLID), description: "The record's `ID`" } },
      extensions: { pg: { kind: 'nodeById' } satisfies PgFieldExt },
    },
  };
  for (const t of tables) {
    queryFields[t.collectionFieldName] = {
      type: typesOf(t).connection,
      description: `A pagable collection of type \`${t.typeName}\``,
      args: collectionArgs(t),
      extensions: { pg: { kind: 'collection', table: t } satisfies PgFieldExt },
    };
  }

  const mutationFields: GraphQLFieldConfigMap<unknown, unknown> = {};
  for (const fn of model.functions) {
    if (options.introspectableOnly && !fn.introspectable) continue;
    const field = functionField(fn);
    if (!field) continue;
    const target = fn.volatile ? mutationFields : queryFields;
    // A function never shadows a collection, node or table mutation of the same name.
    if (!(fn.fieldName in target)) target[fn.fieldName] = field;
  }
  for (const t of tables) {
    const tt = typesOf(t);
    if (tt.insertInput && tt.insertResponse) {
      mutationFields[`insertInto${t.typeName}Collection`] = {
        type: tt.insertResponse,
        description: `Adds one or more \`${t.typeName}\` records to the collection`,
        args: { objects: { type: new GraphQLNonNull(new GraphQLList(new GraphQLNonNull(tt.insertInput))) } },
        extensions: { pg: { kind: 'insert', table: t } satisfies PgFieldExt },
      };
    }
    const filterArg = {
      type: tt.filter,
      description: "Restricts the mutation's impact to records matching the criteria",
    };
    const atMostArg = {
      type: new GraphQLNonNull(GraphQLInt),
      description: 'The maximum number of records in the collection permitted to be affected',
      defaultValue: 1,
    };
    if (tt.updateInput && tt.updateResponse) {
      mutationFields[`update${t.typeName}Collection`] = {
        type: new GraphQLNonNull(tt.updateResponse),
        description: `Updates zero or more records in the \`${t.typeName}\` collection`,
        args: {
          set: {
            type: new GraphQLNonNull(tt.updateInput),
            description: 'Fields that are set will be updated for all records matching the `filter`',
          },
          filter: filterArg,
          atMost: atMostArg,
        },
        extensions: { pg: { kind: 'update', table: t } satisfies PgFieldExt },
      };
    }
    if (tt.deleteResponse) {
      mutationFields[`deleteFrom${t.typeName}Collection`] = {
        type: new GraphQLNonNull(tt.deleteResponse),
        description: `Deletes zero or more records from the \`${t.typeName}\` collection`,
        args: { filter: filterArg, atMost: atMostArg },
        extensions: { pg: { kind: 'delete', table: t } satisfies PgFieldExt },
      };
    }
  }

  const sorted = <T>(fields: Record<string, T>) =>
    Object.fromEntries(Object.entries(fields).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));

  const query = new GraphQLObjectType({
    name: 'Query',
    description: 'The root type for querying data',
    fields: sorted(queryFields),
    extensions: { pg: { kind: 'query' } satisfies PgTypeExt },
  });
  const mutation = Object.keys(mutationFields).length
    ? new GraphQLObjectType({
        name: 'Mutation',
        description: 'The root type for creating and mutating data',
        fields: sorted(mutationFields),
        extensions: { pg: { kind: 'mutation' } satisfies PgTypeExt },
      })
    : undefined;

  // Every named type, sorted by name, so the printed SDL is stable and reads like pg_graphql's.
  const named: GraphQLNamedType[] = [
    ...[...scalars.values()].filter((s) => !['ID', 'Int', 'Float', 'String', 'Boolean'].includes(s.name)),
    filterIs,
    orderByDirection,
    nodeInterface,
    pageInfo,
    ...enumTypes.values(),
    ...filterTypes.values(),
    query,
    ...(mutation ? [mutation] : []),
  ];
  for (const tt of byTable.values()) {
    named.push(tt.node, tt.connection, tt.edge, tt.filter, tt.orderBy);
    for (const t of [tt.insertInput, tt.insertResponse, tt.updateInput, tt.updateResponse, tt.deleteResponse])
      if (t) named.push(t);
  }
  named.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
  return new GraphQLSchema({ query, mutation, types: named });
}
