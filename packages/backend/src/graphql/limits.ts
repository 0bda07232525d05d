import {
  Kind,
  type DocumentNode,
  type FragmentDefinitionNode,
  type OperationDefinitionNode,
  type SelectionSetNode,
  type ValueNode,
} from 'graphql';
import { LIMITS, SERVER_LIMITS, SERVER_LIMIT_MESSAGES } from '@snapshire/contracts';

export interface GraphqlLimits {
  maxDepth: number;
  maxCost: number;
}

export const DEFAULT_GRAPHQL_LIMITS: GraphqlLimits = {
  maxDepth: SERVER_LIMITS.GRAPHQL_MAX_DEPTH,
  maxCost: SERVER_LIMITS.GRAPHQL_MAX_COST,
};

/** A page size no table is configured past (pg_graphql's max_rows directive); caps a huge `first`. */
const LARGEST_PAGE = 1000;
/** Selections visited before giving up: fragments spread into each other can grow a small text exponentially. */
const MAX_VISITS = 200_000;

class LimitExceeded extends Error {}

function intArg(value: ValueNode | undefined, variables: Record<string, unknown>): number | undefined {
  if (!value) return undefined;
  if (value.kind === Kind.INT) return Number(value.value);
  if (value.kind === Kind.VARIABLE) {
    const v = variables[value.name.value];
    return typeof v === 'number' && Number.isFinite(v) ? v : undefined;
  }
  return undefined;
}

/**
 * Rejects an operation before any SQL runs when it nests deeper than `maxDepth` fields or asks for more than
 * `maxCost` (each field once per row it is read for; a collection multiplies its selection by its page
 * size). Walks the document as written, fragments expanded, without the schema: a cheap, conservative
 * estimate (directives that drop a field still count). Returns pg_graphql-shaped error text, or null.
 */
export function checkGraphqlLimits(
  document: DocumentNode,
  operation: OperationDefinitionNode,
  variables: Record<string, unknown>,
  limits: GraphqlLimits = DEFAULT_GRAPHQL_LIMITS,
): string | null {
  const fragments = new Map<string, FragmentDefinitionNode>();
  for (const d of document.definitions) if (d.kind === Kind.FRAGMENT_DEFINITION) fragments.set(d.name.value, d);
  let cost = 0;
  let visits = 0;
  let deepest = 0;

  const walk = (set: SelectionSetNode, depth: number, rows: number, spreading: Set<string>) => {
    for (const sel of set.selections) {
      if (++visits > MAX_VISITS) throw new LimitExceeded(SERVER_LIMIT_MESSAGES.graphqlCost(limits.maxCost));
      if (sel.kind === Kind.FIELD) {
        const fieldDepth = depth + 1;
        if (fieldDepth > deepest) deepest = fieldDepth;
        if (fieldDepth > limits.maxDepth)
          throw new LimitExceeded(SERVER_LIMIT_MESSAGES.graphqlDepth(fieldDepth, limits.maxDepth));
        cost += Math.max(rows, 1);
        if (cost > limits.maxCost) throw new LimitExceeded(SERVER_LIMIT_MESSAGES.graphqlCost(limits.maxCost));
        if (!sel.selectionSet) continue;
        let inner = rows;
        if (sel.name.value.endsWith('Collection')) {
          const arg = (name: string) => sel.arguments?.find((a) => a.name.value === name)?.value;
          const page = intArg(arg('first'), variables) ?? intArg(arg('last'), variables) ?? LIMITS.GRAPHQL_PAGE_SIZE;
          inner = rows * Math.min(Math.max(page, 1), LARGEST_PAGE);
        }
        walk(sel.selectionSet, fieldDepth, inner, spreading);
      } else if (sel.kind === Kind.INLINE_FRAGMENT) {
        walk(sel.selectionSet, depth, rows, spreading);
      } else {
        const name = sel.name.value;
        const frag = fragments.get(name);
        // Unknown fragments and cycles are reported by the compiler with pg_graphql's messages.
        if (!frag || spreading.has(name)) continue;
        walk(frag.selectionSet, depth, rows, new Set([...spreading, name]));
      }
    }
  };

  try {
    walk(operation.selectionSet, 0, 1, new Set());
  } catch (err) {
    if (err instanceof LimitExceeded) return err.message;
    throw err;
  }
  return null;
}
