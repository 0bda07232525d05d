import type { GraphQLError, GraphQLObjectType } from 'graphql';
import {
  execute as executeGraphql,
  Kind,
  parse,
  type DocumentNode,
  type FieldNode,
  type FragmentDefinitionNode,
  type GraphQLSchema,
  type OperationDefinitionNode,
} from 'graphql';
import type { Caller, Database, SqlClient } from '../db/types.ts';
import {
  collectFields,
  connectionSql,
  functionFieldSql,
  mutationSql,
  nodeByIdSql,
  responseKey,
  type CompileContext,
} from './compile.ts';
import { GqlError, type GraphqlErrorEntry, type GraphqlResponse } from './errors.ts';
import { buildModel, type SchemaModel } from './model.ts';
import { reflectCatalog } from './reflect.ts';
import { buildGraphqlSchema, fieldExt } from './schema.ts';
import { checkGraphqlLimits, type GraphqlLimits } from './limits.ts';
import { jsonbObject, Params, quoteLiteral } from './sql.ts';

/** What a request carries (the JSON body of POST /graphql/v1). */
export interface GraphqlRequest {
  query: string;
  variables?: Record<string, unknown> | null;
  operationName?: string | null;
}

export interface GraphqlServiceOptions {
  /** Schemas exposed to the API (pg_graphql: the search path). Default ['public']. */
  schemas?: string[];
  /** Depth and cost ceilings (default: SERVER_LIMITS of @snapshire/contracts). */
  limits?: GraphqlLimits;
}

export interface GraphqlService {
  /** Resolves one request in one transaction as the caller (RLS decides), answering as pg_graphql does. */
  execute(caller: Caller, request: GraphqlRequest): Promise<GraphqlResponse>;
  /** Drops the reflected schemas (after DDL, e.g. migrations): the next request per role reflects again. */
  invalidate(): void;
  /** The reflected schema for a role (reflected in a transaction of its own if not cached). */
  schemaFor(caller: Caller): Promise<ReflectedSchema>;
}

/** The catalog of one role in pg_graphql's shape: the model, the full schema, and what introspection shows. */
export interface ReflectedSchema {
  model: SchemaModel;
  schema: GraphQLSchema;
  introspectionSchema: GraphQLSchema | null;
}

/** Reflects the exposed schemas as the client's current role into pg_graphql's GraphQL schema. */
export async function reflectSchema(sql: SqlClient, schemas: readonly string[] = ['public']): Promise<ReflectedSchema> {
  const model = buildModel(await reflectCatalog(sql, schemas));
  return {
    model,
    schema: buildGraphqlSchema(model),
    introspectionSchema: model.introspection ? buildGraphqlSchema(model, { introspectableOnly: true }) : null,
  };
}

/** A failure that ends the request: the transaction rolls back and the client gets this body. */
class RequestFailed extends Error {
  constructor(readonly response: GraphqlResponse) {
    super(response.errors?.[0]?.message ?? 'request failed');
  }
}

const fail = (message: string): GraphqlResponse => ({ errors: [{ message }] });

export function createGraphqlService(db: Database, options: GraphqlServiceOptions = {}): GraphqlService {
  const schemas = options.schemas ?? ['public'];
  // Privileges (and so the schema) depend on the role only, never on the claims.
  const cache = new Map<string, Promise<ReflectedSchema>>();

  const schemaIn = (role: string, sql: SqlClient): Promise<ReflectedSchema> => {
    const cached = cache.get(role);
    if (cached) return cached;
    // Concurrent first requests share one reflection; invalidate() during it drops it from the cache.
    const pending = reflectSchema(sql, schemas);
    cache.set(role, pending);
    pending.catch(() => {
      if (cache.get(role) === pending) cache.delete(role);
    });
    return pending;
  };

  return {
    invalidate() {
      cache.clear();
    },
    schemaFor(caller) {
      return cache.get(caller.role) ?? db.asCaller(caller, (sql) => schemaIn(caller.role, sql));
    },
    async execute(caller, request) {
      if (typeof request?.query !== 'string') return fail('query must be a string');
      const variables = request.variables ?? {};
      if (typeof variables !== 'object' || Array.isArray(variables)) return fail('variables must be an object');

      let document: DocumentNode;
      try {
        document = parse(request.query);
      } catch (err) {
        return fail((err as Error).message);
      }
      const picked = pickOperation(document, request.operationName ?? null);
      if ('errors' in picked) return picked;
      // Depth and cost are judged before the transaction: an abusive query never reaches the database.
      const overLimit = checkGraphqlLimits(
        document,
        picked.operation,
        variables as Record<string, unknown>,
        options.limits,
      );
      if (overLimit) return { data: null, errors: [{ message: overLimit }] };

      try {
        return await db.asCaller(caller, async (sql) => {
          const reflected = await schemaIn(caller.role, sql);
          const operation: Operation = { reflected, document, op: picked.operation, variables };
          return picked.operation.operation === 'mutation'
            ? await runMutation(sql, operation)
            : await runQuery(sql, operation);
        });
      } catch (err) {
        if (err instanceof RequestFailed) return err.response;
        if (err instanceof GqlError) return { data: null, errors: [{ message: err.message }] };
        // A database error (RLS refusal, constraint, bad input syntax): pg_graphql answers with its message.
        return { data: null, errors: [{ message: (err as Error).message }] };
      }
    },
  };
}

type Picked = { operation: OperationDefinitionNode } | { errors: GraphqlErrorEntry[] };

/** pg_graphql's choice of operation, with its messages. */
function pickOperation(document: DocumentNode, operationName: string | null): Picked {
  const ops = document.definitions.filter((d): d is OperationDefinitionNode => d.kind === Kind.OPERATION_DEFINITION);
  const names = ops.map((o) => o.name?.value ?? null);
  if (names.some((n) => n === null) && names.length > 1) {
    return { errors: [{ message: 'Anonymous operations must be the only defined operation' }] };
  }
  if (new Set(names).size !== names.length) return { errors: [{ message: 'Operation names must be unique' }] };
  const op = ops.find((o, i) => names[i] === operationName || (ops.length === 1 && !operationName));
  if (!op) return { errors: [{ message: 'Operation not found' }] };
  if (op.operation === 'subscription') return { errors: [{ message: 'Subscriptions are not supported' }] };
  return { operation: op };
}

/** The operation a request runs, with what it runs against. */
interface Operation {
  reflected: ReflectedSchema;
  document: DocumentNode;
  op: OperationDefinitionNode;
  variables: Record<string, unknown>;
}

function contextFor({ reflected, document, op, variables }: Operation): CompileContext {
  const fragments = new Map<string, FragmentDefinitionNode>();
  for (const d of document.definitions) if (d.kind === Kind.FRAGMENT_DEFINITION) fragments.set(d.name.value, d);
  return {
    schema: reflected.schema,
    model: reflected.model,
    fragments,
    scope: {
      values: variables,
      definitions: new Map((op.variableDefinitions ?? []).map((v) => [v.variable.name.value, v])),
    },
    params: new Params(),
  };
}

/**
 * The compile context of an operation and the fields it selects on its root type (Query or Mutation), or
 * pg_graphql's error response when the selection names what the type lacks.
 */
function planFields(
  operation: Operation,
  rootType: GraphQLObjectType,
): { ctx: CompileContext; fields: FieldNode[] } | { failure: GraphqlResponse } {
  const ctx = contextFor(operation);
  try {
    return { ctx, fields: collectFields(ctx, operation.op.selectionSet, rootType.name) };
  } catch (err) {
    if (err instanceof GqlError) return { failure: fail(err.message) };
    throw err;
  }
}

async function runQuery(sql: SqlClient, operation: Operation): Promise<GraphqlResponse> {
  const { reflected, document, op, variables } = operation;
  const queryType = reflected.schema.getQueryType()!;
  const planned = planFields(operation, queryType);
  if ('failure' in planned) return planned.failure;
  const { ctx, fields } = planned;

  const data: Record<string, unknown> = {};
  const errors: GraphqlErrorEntry[] = [];
  const sqlFields: { key: string; expr: string }[] = [];
  const order: string[] = [];
  for (const field of fields) {
    const key = responseKey(field);
    const name = field.name.value;
    try {
      if (name === '__typename') {
        data[key] = queryType.name;
      } else if (name === '__schema' || name === '__type') {
        if (!reflected.introspectionSchema) throw new GqlError(`Unknown field ${JSON.stringify(name)} on type Query`);
        const result = introspect(reflected.introspectionSchema, document, op, field, variables);
        if (result.errors?.length) errors.push(...result.errors);
        else data[key] = result.value;
      } else {
        const def = queryType.getFields()[name];
        const ext = def && fieldExt(def);
        if (!def || !ext) throw new GqlError(`Unknown field ${JSON.stringify(name)} on type Query`);
        const expr =
          ext.kind === 'collection'
            ? connectionSql(ctx, def, field, ext.table)
            : ext.kind === 'function'
              ? functionFieldSql(ctx, def, field, ext.fn)
              : nodeByIdSql(ctx, def, field);
        sqlFields.push({ key, expr });
      }
      order.push(key);
    } catch (err) {
      if (!(err instanceof GqlError)) throw err;
      errors.push({ message: err.message });
    }
  }

  if (sqlFields.length) {
    // Every top-level field in one statement; the JSON is built in the database and read back as text.
    const text = `select (${jsonbObject(sqlFields.flatMap((f) => [quoteLiteral(f.key), f.expr]))})::text as r`;
    const { rows } = await sql.query<{ r: string }>(text, ctx.params.values);
    const result = JSON.parse(rows[0]!.r) as Record<string, unknown>;
    for (const f of sqlFields) data[f.key] = result[f.key] ?? null;
  }
  const ordered = Object.fromEntries(order.filter((k) => k in data).map((k) => [k, data[k]]));
  const anySucceeded = Object.keys(ordered).length > 0;
  return {
    data: errors.length && !anySucceeded ? null : ordered,
    ...(errors.length ? { errors } : {}),
  };
}

/** __schema / __type answered by graphql-js over the schema introspection may show. */
function introspect(
  schema: GraphQLSchema,
  document: DocumentNode,
  op: OperationDefinitionNode,
  field: FieldNode,
  variables: Record<string, unknown>,
): { value?: unknown; errors?: GraphqlErrorEntry[] } {
  const single: DocumentNode = {
    kind: Kind.DOCUMENT,
    definitions: [
      {
        ...op,
        operation: 'query' as OperationDefinitionNode['operation'],
        selectionSet: { kind: Kind.SELECTION_SET, selections: [field] },
      },
      ...document.definitions.filter((d) => d.kind === Kind.FRAGMENT_DEFINITION),
    ],
  };
  const result = executeGraphql({ schema, document: single, variableValues: variables }) as {
    data?: Record<string, unknown> | null;
    errors?: readonly GraphQLError[];
  };
  if (result.errors?.length) return { errors: result.errors.map((e) => ({ message: e.message })) };
  return { value: result.data?.[responseKey(field)] ?? null };
}

async function runMutation(sql: SqlClient, operation: Operation): Promise<GraphqlResponse> {
  const mutationType = operation.reflected.schema.getMutationType();
  if (!mutationType) throw new RequestFailed({ data: null, errors: [{ message: 'Unknown type Mutation' }] });
  const planned = planFields(operation, mutationType);
  if ('failure' in planned) throw new RequestFailed(planned.failure);
  const { ctx, fields } = planned;
  const data: Record<string, unknown> = {};
  // Fields run in order, each its own statement; any failure rolls back the whole request.
  for (const field of fields) {
    const key = responseKey(field);
    const name = field.name.value;
    if (name === '__typename') {
      data[key] = mutationType.name;
      continue;
    }
    const def = (mutationType as GraphQLObjectType).getFields()[name];
    const ext = def && fieldExt(def);
    if (def && ext?.kind === 'function') {
      // A volatile function: called once, in this request's transaction, as the caller.
      ctx.params = new Params();
      const text = `select (${functionFieldSql(ctx, def, field, ext.fn)})::text as r`;
      const { rows } = await sql.query<{ r: string | null }>(text, ctx.params.values);
      data[key] = rows[0]?.r == null ? null : JSON.parse(rows[0].r);
      continue;
    }
    if (!def || !ext || (ext.kind !== 'insert' && ext.kind !== 'update' && ext.kind !== 'delete')) {
      throw new GqlError(`Unknown field ${JSON.stringify(name)} on type Mutation`);
    }
    ctx.params = new Params();
    const statement = mutationSql(ctx, def, field, ext.kind, ext.table);
    const { rows } = await sql.query<{ n: number | string; r: string }>(statement.text, ctx.params.values);
    const row = rows[0]!;
    if (statement.atMost !== undefined && Number(row.n) > statement.atMost) {
      throw new GqlError(`${statement.kind} impacts too many records`);
    }
    data[key] = JSON.parse(row.r);
  }
  return { data };
}
