import { afterEach, describe, expect, it } from 'vitest';
import { startTestBackend, type TestBackend } from '../../testing/backend.ts';

/**
 * A function that says how often its module has been imported in its thread (functions run in threads of
 * their own: function-thread.ts) and when it was first imported.
 */
const COUNTING_FUNCTION = `
const counts = ((globalThis as { __warmTestImports?: number }).__warmTestImports ?? 0) + 1;
(globalThis as { __warmTestImports?: number }).__warmTestImports = counts;
const importedAt = Date.now();
Deno.serve(() => Response.json({ counts, importedAt }));
`;
async function callCounting(b: TestBackend): Promise<{ counts: number; importedAt: number }> {
  const answer = await fetch(`${b.url}/functions/v1/counting`, { headers: { authorization: `Bearer ${b.anonKey}` } });
  return (await answer.json()) as { counts: number; importedAt: number };
}

describe('warmFunctions', () => {
  let backend: TestBackend | undefined;
  afterEach(async () => {
    await backend?.stop();
    backend = undefined;
  });

  it('loads every function right after start, so the first call does not import it', async () => {
    const lines: string[] = [];
    backend = await startTestBackend({
      warmFunctions: true,
      log: (line) => lines.push(line),
      files: { 'functions/counting/index.ts': COUNTING_FUNCTION },
    });
    await backend.functionsWarmed;
    const calledAt = Date.now();
    expect(lines).toEqual(expect.arrayContaining(['function counting loaded', 'function echo loaded']));
    const first = await callCounting(backend);
    expect(first.counts).toBe(1);
    expect(first.importedAt).toBeLessThanOrEqual(calledAt);
    expect((await callCounting(backend)).counts).toBe(1);
  });

  it('logs a function that fails to load, serves the others, and tries the broken one again when called', async () => {
    const lines: string[] = [];
    backend = await startTestBackend({
      warmFunctions: true,
      log: (line) => lines.push(line),
      files: { 'functions/broken/index.ts': `throw new Error('broken on purpose');\n` },
    });
    await backend.functionsWarmed;
    expect(lines.filter((line) => line.startsWith('function broken failed to load:'))).toHaveLength(1);
    expect(lines.find((line) => line.startsWith('function broken'))).toContain('broken on purpose');
    const headers = { authorization: `Bearer ${backend.anonKey}` };
    expect((await fetch(`${backend.url}/functions/v1/echo`, { headers })).status).toBe(200);
    const broken = await fetch(`${backend.url}/functions/v1/broken`, { headers });
    expect(broken.status).toBe(503);
    expect(((await broken.json()) as { message: string }).message).toContain('broken on purpose');
  });

  it('is off by default: nothing is imported until called', async () => {
    backend = await startTestBackend({ files: { 'functions/counting/index.ts': COUNTING_FUNCTION } });
    await backend.functionsWarmed;
    const calledAt = Date.now();
    const first = await callCounting(backend);
    expect(first.counts).toBe(1);
    expect(first.importedAt).toBeGreaterThanOrEqual(calledAt);
  });
});
