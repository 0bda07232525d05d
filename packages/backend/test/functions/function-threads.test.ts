import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestBackend, type TestBackend } from '../../testing/backend.ts';

/** A function whose work holds its thread (as decoding a photo in WebAssembly does) for 1.5 s. */
const BUSY_FUNCTION = `
Deno.serve(() => {
  const until = Date.now() + 1500;
  while (Date.now() < until) { /* the CPU-bound part of a function */ }
  return new Response('done');
});
`;

/** A function that answers at once. */
const QUICK_FUNCTION = `
Deno.serve(() => new Response('quick'));
`;

/** A function that says which thread ran it. */
const threadFunction = (name: string) => `
import { threadId } from 'node:worker_threads';
Deno.serve(() => new Response('${name} ' + threadId));
`;

describe('edge functions run off the thread that serves requests', () => {
  let backend: TestBackend;
  beforeAll(async () => {
    // Warmed, as `npm start`'s backend is (cli.ts): no call below waits for a thread to start.
    backend = await startTestBackend({
      warmFunctions: true,
      files: { 'functions/busy/index.ts': BUSY_FUNCTION, 'functions/quick/index.ts': QUICK_FUNCTION },
    });
    await backend.functionsWarmed;
  });
  const callFunction = (name: string) =>
    fetch(`${backend.url}/functions/v1/${name}`, {
      method: 'POST',
      headers: { authorization: `Bearer ${backend.anonKey}` },
    });
  afterAll(async () => backend?.stop());

  it("answers other requests while a function's work holds its own thread", async () => {
    const call = () =>
      fetch(`${backend.url}/functions/v1/busy`, {
        method: 'POST',
        headers: { authorization: `Bearer ${backend.anonKey}` },
      });
    await (await call()).text(); // imported and run once: the next call goes straight to work
    const order: string[] = [];
    const busy = call().then(async (r) => order.push(`function ${r.status} ${await r.text()}`));
    await new Promise((r) => setTimeout(r, 300));
    const other = await fetch(`${backend.url}/`);
    order.push(`other ${other.status}`);
    await busy;
    expect(order).toEqual(['other 200', 'function 200 done']);
  });

  it("answers a function's call while another function's work holds that one's thread", async () => {
    await (await callFunction('busy')).text();
    await (await callFunction('quick')).text();
    const order: string[] = [];
    const busy = callFunction('busy').then(async (r) => order.push(`busy ${await r.text()}`));
    await new Promise((r) => setTimeout(r, 300));
    const other = await callFunction('quick');
    order.push(`quick ${await other.text()}`);
    await busy;
    expect(order).toEqual(['quick quick', 'busy done']);
  });

  it('gives each call the request as sent and the response as made, headers and bytes', async () => {
    const body = new Uint8Array(300_000).map((_, i) => i % 251);
    const answer = await fetch(`${backend.url}/functions/v1/echo/sub/path?x=1&status=207`, {
      method: 'POST',
      headers: { authorization: `Bearer ${backend.anonKey}`, 'x-custom': 'kept' },
      body: new TextDecoder('latin1').decode(body),
    });
    expect(answer.status).toBe(207);
    expect(answer.headers.get('x-fn')).toBe('echo');
    const echoed = (await answer.json()) as {
      method: string;
      path: string;
      search: string;
      custom: string;
      body: string;
    };
    expect(echoed).toMatchObject({ method: 'POST', path: '/echo/sub/path', search: '?x=1&status=207', custom: 'kept' });
    expect(echoed.body.length).toBe(300_000);
  });
});

describe('a backend that loads its functions when called', () => {
  // A new thread loads tsx, @snapshire/contracts and supabase-js again: 0.7-0.9 s to a function's first call on
  // an idle machine, past the 10 s a screen test waits under `npm test`'s load.
  it("runs a function's first call in a free thread, which has the modules functions share loaded", async () => {
    const backend = await startTestBackend({
      files: {
        'functions/first/index.ts': threadFunction('first'),
        'functions/second/index.ts': threadFunction('second'),
      },
    });
    try {
      const call = async (name: string) =>
        (
          await fetch(`${backend.url}/functions/v1/${name}`, {
            headers: { authorization: `Bearer ${backend.anonKey}` },
          })
        ).text();
      const first = await call('first');
      const second = await call('second');
      expect(second.split(' ')[1]).toBe(first.split(' ')[1]);
    } finally {
      await backend.stop();
    }
  });
});
