/**
 * Runs one of supabase/functions/* on Deno itself (the npm `deno` binary), as Supabase's Edge Runtime would:
 * its deno.json import map, FFI denied (no native addon can load), only network, environment and read
 * access, and the settings Supabase gives a function, pointing at a running embedded backend.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import type { Backend } from './harness.ts';

const REPO = resolve(fileURLToPath(new URL('../../../../', import.meta.url)));
/** The npm deno binary of the repository. */
export const DENO = join(REPO, 'node_modules/.bin/deno');

/** Makes Deno.serve listen on a free loopback port and say which, then loads the function. */
const WRAPPER = `
const serve = Deno.serve.bind(Deno);
Deno.serve = (handler) => serve({ hostname: '127.0.0.1', port: 0, onListen: ({ port }) => console.log('listening ' + port) }, handler);
await import(Deno.env.get('FUNCTION_ENTRY'));
`;

export interface DenoFunction {
  url: string;
  process: ChildProcess;
  output: () => string;
  stop(): Promise<void>;
}

export async function serveWithDeno(name: string, backend: Backend): Promise<DenoFunction> {
  const dir = join(REPO, 'supabase/functions', name);
  const tmp = await mkdtemp(join(tmpdir(), 'snapshire-deno-'));
  const wrapper = join(tmp, 'serve.ts');
  await writeFile(wrapper, WRAPPER);
  const child = spawn(
    DENO,
    [
      'run',
      '--node-modules-dir=manual',
      '--no-lock',
      '--config',
      join(dir, 'deno.json'),
      '--allow-net',
      '--allow-env',
      '--allow-read',
      '--deny-ffi',
      wrapper,
    ],
    {
      cwd: REPO,
      env: {
        PATH: process.env.PATH ?? '',
        HOME: process.env.HOME ?? tmp,
        DENO_DIR: process.env.DENO_DIR ?? join(tmp, 'deno-dir'),
        NO_COLOR: '1',
        FUNCTION_ENTRY: pathToFileURL(join(dir, 'index.ts')).href,
        SUPABASE_URL: backend.url,
        SUPABASE_ANON_KEY: backend.anonKey,
        SUPABASE_SERVICE_ROLE_KEY: backend.serviceRoleKey,
        SUPABASE_DB_URL: backend.dbUrl,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  let output = '';
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) {
      const exited = new Promise((r) => child.once('exit', r));
      child.kill('SIGTERM');
      await exited;
    }
    await rm(tmp, { recursive: true, force: true });
  };
  try {
    const url = await new Promise<string>((done, fail) => {
      const timer = setTimeout(
        () => fail(new Error(`Deno did not start within 60 s:\n${output.slice(-2000)}`)),
        60_000,
      );
      const onData = (chunk: Buffer) => {
        output += chunk.toString();
        const m = /listening (\d+)/.exec(output);
        if (m) {
          clearTimeout(timer);
          done(`http://127.0.0.1:${m[1]}`);
        }
      };
      child.stdout!.on('data', onData);
      child.stderr!.on('data', onData);
      child.once('exit', (code) => {
        clearTimeout(timer);
        fail(new Error(`Deno exited with ${code}:\n${output.slice(-2000)}`));
      });
    });
    return { url, process: child, output: () => output, stop };
  } catch (err) {
    await stop();
    throw err;
  }
}
