import {
  ApolloClient,
  ApolloLink,
  HttpLink,
  InMemoryCache,
  type ObservableQuery,
  type OperationVariables,
} from '@apollo/client';
import type { DocumentNode } from 'graphql';
import { SetContextLink } from '@apollo/client/link/context';
import { print } from '@apollo/client/utilities';
import { EARLY_SCREEN_DATA_KEY, EARLY_SCREEN_DATA_MAX_AGE_MS, type EarlyScreenAnswer } from '@snapshire/contracts';
import type { Session } from '@supabase/auth-js';
import type { ProjectClient } from '../config/createSupabase.ts';
import { readStoredSession } from '../config/storedSession.ts';
import { Observable } from 'rxjs';
import { diagnostics } from '../diagnostics.ts';
import { typePolicies } from './cachePolicies.ts';

/** The GraphQL endpoint of a Supabase project (pg_graphql). */
export function graphqlUrl(supabaseUrl: string): string {
  return `${supabaseUrl.replace(/\/+$/, '')}/graphql/v1`;
}

/**
 * The one Apollo Client: POST /graphql/v1 with the anon key as `apikey`, and as bearer the signed-in user's
 * access token (read per request, so a refreshed token is used at once) or else the anon key.
 */
export function createApolloClient(supabase: ProjectClient, supabaseUrl: string, anonKey: string) {
  // The session of the latest auth event wins over the stored one: when another tab signs in or out,
  // supabase-js tells this tab (BroadcastChannel) before this tab's localStorage has caught up, and a query
  // refetched then would go out as the previous identity and fill the fresh cache with its answers.
  let held: { session: Session | null } | null = null;
  supabase.auth.onAuthStateChange((_event, session) => {
    held = { session };
  });
  const auth = new SetContextLink(async (prev) => {
    const session = held ? held.session : (await supabase.auth.getSession()).data.session;
    const token = session?.access_token ?? anonKey;
    return {
      headers: {
        ...(prev.headers as Record<string, string> | undefined),
        apikey: anonKey,
        Authorization: `Bearer ${token}`,
      },
    };
  });
  const http = new HttpLink({ uri: graphqlUrl(supabaseUrl) });
  const early = earlyAnswerLink();
  const cache = new InMemoryCache({ typePolicies });
  const counters = diagnostics();
  counters.apolloClients += 1;
  counters.caches += 1;
  // The Authorization a request would carry now, known without waiting for supabase-js: the latest auth
  // event's session, else the stored one (as the page's first script read it), else the visitor's.
  const authorizationNow = () => {
    if (held) return `Bearer ${held.session?.access_token ?? anonKey}`;
    return `Bearer ${readStoredSession(supabaseUrl)?.accessToken ?? anonKey}`;
  };
  return new ScreenApolloClient({ link: ApolloLink.from([auth, early, http]), cache }, authorizationNow);
}

/**
 * The early answer waiting for this operation, if it matches it (the query as sent, identity, variables, age).
 * `queryText` is read only when the rest matches: printing is the costly part.
 */
function matchingEarlyAnswer(
  operationName: string | null,
  queryText: () => string,
  variables: Record<string, unknown>,
  authorization: string | undefined,
): EarlyScreenAnswer | undefined {
  const answer = Reflect.get(globalThis, Symbol.for(EARLY_SCREEN_DATA_KEY)) as EarlyScreenAnswer | undefined;
  if (
    !answer ||
    answer.operationName !== operationName ||
    Date.now() - answer.sentAt > EARLY_SCREEN_DATA_MAX_AGE_MS ||
    answer.authorization !== authorization ||
    !sameVariables(answer.variables, variables) ||
    answer.query !== queryText()
  )
    return undefined;
  return answer;
}

const completeAnswer = (body: unknown): body is ApolloLink.Result & { data: object } => {
  const answer = body as { data?: unknown; errors?: unknown[] } | null | undefined;
  return Boolean(answer?.data) && !answer?.errors?.length;
};

/**
 * The Apollo Client, but a query first watched (a screen's useQuery, while it first renders) whose answer the
 * page's first script already holds reads it from the cache at once: the screen draws its data in its first
 * render instead of a loading state, then the answer.
 */
class ScreenApolloClient extends ApolloClient {
  constructor(
    options: ApolloClient.Options,
    private readonly authorizationNow: () => string,
  ) {
    super(options);
  }

  override watchQuery<TData = unknown, TVariables extends OperationVariables = OperationVariables>(
    options: ApolloClient.WatchQueryOptions<TData, TVariables>,
  ): ObservableQuery<TData, TVariables> {
    const variables = (options.variables ?? {}) as Record<string, unknown>;
    const operation = options.query.definitions.find((d) => d.kind === 'OperationDefinition');
    // As the request would send it: with the __typename fields the cache adds.
    const queryText = () => print(this.cache.transformDocument(options.query as DocumentNode));
    const answer = matchingEarlyAnswer(operation?.name?.value ?? null, queryText, variables, this.authorizationNow());
    if (answer && completeAnswer(answer.result)) {
      Reflect.deleteProperty(globalThis, Symbol.for(EARLY_SCREEN_DATA_KEY));
      this.cache.writeQuery<Record<string, unknown>, OperationVariables>({
        query: options.query as DocumentNode,
        variables,
        data: answer.result.data as Record<string, unknown>,
      });
    }
    return super.watchQuery(options);
  }
}

/** Variables compared by value whatever their key order. */
function sameVariables(a: Record<string, unknown>, b: Record<string, unknown>): boolean {
  const keys = Object.keys(a);
  return (
    keys.length === Object.keys(b).length && keys.every((key) => JSON.stringify(a[key]) === JSON.stringify(b[key]))
  );
}

/**
 * Hands the screen's first query the answer the page's first script fetched for it (EarlyScreenAnswer in
 * @snapshire/contracts, host/src/features/remotes/earlyRemote.ts), once: only the same operation with the same
 * variables under the same identity, within EARLY_SCREEN_DATA_MAX_AGE_MS, and only a complete answer; anything
 * else goes to the server as ever.
 */
function earlyAnswerLink(): ApolloLink {
  return new ApolloLink((operation, forward) => {
    const key = Symbol.for(EARLY_SCREEN_DATA_KEY);
    const headers = (operation.getContext().headers ?? {}) as Record<string, string>;
    const answer = matchingEarlyAnswer(
      operation.operationName ?? null,
      () => print(operation.query),
      operation.variables,
      headers.Authorization,
    );
    if (!answer) return forward(operation);
    Reflect.deleteProperty(globalThis, key);
    return new Observable((observer) => {
      let forwarded: { unsubscribe(): void } | undefined;
      answer.body
        .catch(() => null)
        .then((body) => {
          if (observer.closed) return;
          if (completeAnswer(body)) {
            observer.next(body);
            observer.complete();
          } else forwarded = forward(operation).subscribe(observer);
        });
      return () => forwarded?.unsubscribe();
    });
  });
}
