import { performance } from 'node:perf_hooks';
import { SERVER_LIMITS } from '@snapshire/contracts';
import { expect, it } from 'vitest';
import type { TestBackend } from '../../testing/backend.ts';

/** The timeouts the reliability backends run with (short, so the suite stays quick). */
export const TEST_TIMEOUTS = { anon: 1500, authenticated: 3000 };

interface GraphqlAnswer {
  status: number;
  ms: number;
  body: { data?: unknown; errors?: { message: string }[] };
}

async function graphql(b: TestBackend, query: string, variables?: Record<string, unknown>): Promise<GraphqlAnswer> {
  const started = performance.now();
  const res = await fetch(`${b.url}/graphql/v1`, {
    method: 'POST',
    headers: { apikey: b.anonKey, 'content-type': 'application/json' },
    body: JSON.stringify({ query, variables }),
  });
  const body = (await res.json()) as GraphqlAnswer['body'];
  return { status: res.status, ms: performance.now() - started, body };
}

/** The abusive query on the test tables: collections nested `levels` deep, 30 rows each. */
export function nestedQuery(levels: number): string {
  let inner = 'id title';
  for (let i = 0; i < levels; i++) inner = `id bookCollection(first: 30) { edges { node { id shelf { ${inner} } } } }`;
  return `{ shelfCollection(first: 30) { edges { node { ${inner} } } } }`;
}

const PROBE = '{ shelfCollection(first: 2) { edges { node { id title } } } }';

/** A statement that outlives any statement_timeout: the read policy of slow_item sleeps 0.25 s a row. */
const SLOW = '{ slow_itemCollection(first: 60) { edges { node { id label } } } }';

export function limitsContract(get: () => TestBackend): void {
  it('refuses a deeply nested query by its cost before it runs, in pg_graphql error shape', async () => {
    const b = get();
    const answer = await graphql(b, nestedQuery(6));
    expect(answer.status).toBe(200);
    expect(answer.body.data).toBeNull();
    expect(answer.body.errors?.[0]?.message).toMatch(/exceeds the maximum (depth|cost)/);
    console.log(`[limits:${b.kind}] 6-level nested query refused in ${answer.ms.toFixed(0)} ms`);

    const cost = await graphql(b, nestedQuery(2));
    expect(cost.body.errors?.[0]?.message).toContain(
      `Query cost exceeds the maximum cost of ${SERVER_LIMITS.GRAPHQL_MAX_COST}`,
    );

    const deep = await graphql(
      b,
      `{ shelfCollection(first: 1) { edges { node { ${'bookCollection(first: 1) { edges { node { shelf { '.repeat(4)} id ${'} } } }'.repeat(4)} } } } }`,
    );
    expect(deep.body.errors?.[0]?.message).toMatch(/Query depth \d+ exceeds the maximum depth of 16/);

    // What the product asks for still answers.
    const ok = await graphql(b, nestedQuery(1));
    expect(ok.body.errors).toBeUndefined();
    expect(JSON.stringify(ok.body.data)).toContain('book');
  });

  it('refuses oversized GraphQL bodies and variables with 413 before reading them whole', async () => {
    const b = get();
    const big = await graphql(b, `{ ${'__typename '.repeat(2_000_000)} }`);
    expect(big.status).toBe(413);
    expect(big.body.errors?.[0]?.message).toContain(`${SERVER_LIMITS.BODY_MAX_BYTES.GRAPHQL} bytes`);
    const vars = await graphql(b, PROBE, { pad: 'x'.repeat(6_000_000) });
    expect(vars.status).toBe(413);
    const auth = await fetch(`${b.url}/auth/v1/signup`, {
      method: 'POST',
      headers: { apikey: b.anonKey, 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'big@example.com', password: 'x'.repeat(200_000) }),
    });
    expect(auth.status).toBe(413);
  });

  it('cancels a statement past the role statement_timeout, losing nothing', async () => {
    const b = get();
    const started = performance.now();
    const answer = await graphql(b, SLOW);
    const cancelMs = performance.now() - started;
    expect(answer.body.data).toBeNull();
    expect(answer.body.errors?.[0]?.message).toBe('canceling statement due to statement timeout');
    expect(cancelMs).toBeGreaterThanOrEqual(TEST_TIMEOUTS.anon);
    expect(cancelMs).toBeLessThan(TEST_TIMEOUTS.anon + 5000);
    console.log(
      `[limits:${b.kind}] slow statement alone cancelled after ${cancelMs.toFixed(0)} ms (anon timeout ${TEST_TIMEOUTS.anon} ms)`,
    );
    const after = await graphql(b, PROBE);
    expect(after.body.errors).toBeUndefined();
  });

  it('keeps answering other requests while a slow statement runs to its timeout, losing nothing', async () => {
    const b = get();
    const before = await b.sql<{ n: string }>('select count(*)::text as n from public.shelf');
    const started = performance.now();
    const slow = graphql(b, SLOW);
    const probes: number[] = [];
    const probeAnswers: GraphqlAnswer[] = [];
    let slowDone = false;
    void slow.then(() => (slowDone = true));
    await new Promise((r) => setTimeout(r, 200));
    while (!slowDone) {
      const probe = await graphql(b, PROBE);
      probes.push(probe.ms);
      probeAnswers.push(probe);
      await new Promise((r) => setTimeout(r, 100));
    }
    const answer = await slow;
    const cancelMs = performance.now() - started;
    expect(answer.body.data).toBeNull();
    // Only its statement_timeout cancels it, however many wait (db/fair-share.ts).
    expect(answer.body.errors?.[0]?.message).toBe('canceling statement due to statement timeout');
    expect(cancelMs).toBeLessThan(TEST_TIMEOUTS.anon + 5000);
    expect(probes.length).toBeGreaterThan(0);
    for (const p of probeAnswers) expect(p.body.errors).toBeUndefined();
    console.log(
      `[limits:${b.kind}] slow statement with probes cancelled after ${cancelMs.toFixed(0)} ms (${answer.body.errors?.[0]?.message}); ` +
        `${probes.length} probes, ${Math.min(...probes).toFixed(0)}-${Math.max(...probes).toFixed(0)} ms`,
    );
    // PostgreSQL runs the two side by side; PGlite runs one statement at a time, so a probe may wait for the
    // slow one's timeout, but not for more than that.
    const probeLimit = b.kind === 'postgres' ? 1000 : TEST_TIMEOUTS.anon + 1000;
    for (const p of probes) expect(p).toBeLessThan(probeLimit);
    // Afterwards everything answers, and nothing committed before was lost.
    const after = await graphql(b, PROBE);
    expect(after.body.errors).toBeUndefined();
    expect(await b.sql<{ n: string }>('select count(*)::text as n from public.shelf')).toEqual(before);
  });
}
