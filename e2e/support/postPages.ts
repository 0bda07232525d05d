import type { Page } from '@playwright/test';

export interface PostPages {
  /** The pages the server answered, by cursor ('first' for the first page), in the order asked. */
  answered: string[];
  /** The pages the server refused (a GraphQL error, e.g. its statement time-out on a busy machine). */
  refused: string[];
}

/**
 * The pages of posts a group page asks GraphQL for (first page and every "more"), as the server answered
 * them. A page the server refused is asked again by the screen, which is not a second copy of that page: the
 * two are told apart so a test can hold "each page once" to the answered ones. Read with `settled()` once the
 * page is done (the answers' bodies are read as they come).
 */
export function recordPostPages(
  page: Page,
  operations: readonly string[] = ['GroupById', 'GroupPostsByCategoryIds'],
): { settled: () => Promise<PostPages> } {
  const reads: Promise<{ cursor: string; ok: boolean }>[] = [];
  page.on('response', (response) => {
    const request = response.request();
    if (request.method() !== 'POST' || !request.url().includes('/graphql/v1')) return;
    const body = request.postDataJSON() as { operationName?: string; variables?: { after?: string } } | null;
    if (!body?.operationName || !operations.includes(body.operationName)) return;
    const cursor = body.variables?.after ?? 'first';
    reads.push(
      response
        .json()
        .then((answer: { data?: unknown; errors?: unknown[] }) => ({
          cursor,
          ok: response.ok() && Boolean(answer.data) && !answer.errors?.length,
        }))
        .catch(() => ({ cursor, ok: false })),
    );
  });
  return {
    settled: async () => {
      const all = await Promise.all(reads);
      return {
        answered: all.filter((p) => p.ok).map((p) => p.cursor),
        refused: all.filter((p) => !p.ok).map((p) => p.cursor),
      };
    },
  };
}
