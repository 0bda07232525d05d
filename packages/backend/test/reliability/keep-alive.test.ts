import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestBackend, type TestBackend } from '../../testing/backend.ts';

const run = promisify(execFile);

/**
 * A caller that is busy between two requests (an edge function decoding a photo in WebAssembly holds its
 * thread for seconds on a loaded machine) sends its next request on the connection its fetch kept open. If
 * the server closed that connection meanwhile, the request dies with EPIPE or "other side closed": a POST is
 * never retried, so the upload fails. Supabase's gateway keeps idle connections for a minute; so must we.
 */
const CALLER = `
const [url, anonKey, busyMs] = process.argv.slice(1);
const headers = { apikey: anonKey, 'content-type': 'application/json' };
const answers = [];
for (let i = 0; i < 3; i++) {
  try {
    await (await fetch(url + '/auth/v1/health', { headers })).text();
    // Holds the thread as a long synchronous task would, without spending the CPU.
    Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, Number(busyMs));
    const res = await fetch(url + '/auth/v1/token?grant_type=password', {
      method: 'POST',
      headers,
      body: JSON.stringify({ email: 'nobody@example.com', password: 'not a password' }),
    });
    await res.text();
    answers.push('status ' + res.status);
  } catch (err) {
    answers.push('failed: ' + err.message + ' <- ' + (err.cause?.code ?? err.cause?.message));
  }
}
console.log(answers.join('\\n'));
`;

describe('connections kept alive', () => {
  let b: TestBackend;
  beforeAll(async () => {
    b = await startTestBackend();
  });
  afterAll(async () => {
    await b?.stop();
  });

  it('answers a caller whose thread was busy for 6 s, three times, on the connection it kept (no EPIPE)', async () => {
    const { stdout } = await run(process.execPath, ['--input-type=module', '-e', CALLER, b.url, b.anonKey, '6000'], {
      timeout: 60_000,
    });
    expect(stdout.trim().split('\n')).toEqual(['status 400', 'status 400', 'status 400']);
  }, 90_000);
});
