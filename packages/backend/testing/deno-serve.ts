/**
 * Runs one of supabase/functions/* on Deno itself (the npm `deno` binary), as Supabase's Edge Runtime would:
 * its deno.json import map, FFI denied (no native addon can load), only network, environment and read
 * access, and the settings Supabase gives a function, pointing at a running embedded backend.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import type { Backend } from './functions-harness.ts';

const REPO = resolve(fileURLToPath(new URL('../../../', import.meta.url)));
/** The npm deno binary of the repository. */
export const DENO = join(REPO, 'node_modules/.bin/deno');

/**
 * Makes Deno.serve listen on a free loopback port and say which, then loads the function. With
 * MEMORY_PROBE=1 (and V8's gc exposed), GET /__memory collects garbage and answers the process's memory:
 * what the process keeps, not what waits for the collector. Test-only; the function itself is unchanged.
 */
const WRAPPER = `
const serve = Deno.serve.bind(Deno);
const probe = Deno.env.get('MEMORY_PROBE') === '1';
const withProbe = (handler) => (req, info) =>
  probe && new URL(req.url).pathname === '/__memory' ? (globalThis.gc(), Response.json(Deno.memoryUsage())) : handler(req, info);
Deno.serve = (handler) => serve({ hostname: '127.0.0.1', port: 0, onListen: ({ port }) => console.log('listening ' + port) }, withProbe(handler));
await import(Deno.env.get('FUNCTION_ENTRY'));
`;

/**
 * Memory a function may use on Supabase's Edge Runtime, in MB: the per-worker limit of the runtime's own
 * main service (the Edge Runtime's example main service: memoryLimitMb 150; the hosted platform states 256).
 */
export const EDGE_MEMORY_BUDGET_MB = 150;

/** Peak resident memory of a process, from /proc (Linux). */
export function peakMemoryMb(pid: number): number {
  const m = /VmHWM:\s+(\d+)\s+kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
  if (!m) throw new Error(`no VmHWM for process ${pid}`);
  return Number(m[1]) / 1024;
}

/**
 * Peak memory of a Deno process that runs nothing: the runtime itself, shared by all workers on the Edge
 * Runtime. Starts `deno eval` that waits on its standard input, reads its peak memory, and ends it.
 */
export async function measureBareRuntime(tmp: string): Promise<number> {
  const bare = spawn(DENO, ['eval', "console.log('ready'); await Deno.stdin.read(new Uint8Array(1));"], {
    env: {
      PATH: process.env.PATH ?? '',
      HOME: process.env.HOME ?? tmp,
      DENO_DIR: process.env.DENO_DIR ?? join(tmp, 'deno-dir'),
      NO_COLOR: '1',
    },
    stdio: ['pipe', 'pipe', 'inherit'],
  });
  await new Promise<void>((ready, fail) => {
    bare.stdout!.on('data', (chunk: Buffer) => chunk.toString().includes('ready') && ready());
    bare.once('exit', (code) => fail(new Error(`deno eval exited with ${code}`)));
  });
  const peak = peakMemoryMb(bare.pid!);
  const exited = new Promise((r) => bare.once('exit', r));
  bare.stdin!.end();
  await exited;
  return peak;
}

/**
 * The arguments that run one of this folder's scripts (image-run.ts, cmyk-run.ts, placeholder-run.ts) on
 * handle-post-create's code as the Edge Runtime would: its import map, FFI denied, read and environment only.
 */
export function denoScriptArgs(script: string, args: readonly string[]): string[] {
  return [
    'run',
    '--node-modules-dir=manual',
    '--no-lock',
    '--config',
    join(REPO, 'supabase/functions/handle-post-create/deno.json'),
    '--allow-read',
    '--allow-env',
    '--deny-ffi',
    join(REPO, 'packages/backend/testing', script),
    ...args,
  ];
}

/**
 * Runs such a script (denoScriptArgs) in a fresh Deno process: its first line of output, and the process's
 * peak resident memory by then (the script waits for its standard input to close before it exits, since a
 * process denied FFI may not read its own /proc entry).
 */
export async function runDenoScript(
  script: string,
  args: readonly string[],
): Promise<{ line: string; peakMb: number }> {
  const child = spawn(DENO, denoScriptArgs(script, args), {
    cwd: REPO,
    env: { ...process.env, NO_COLOR: '1' },
    stdio: ['pipe', 'pipe', 'inherit'],
  });
  const line = await new Promise<string>((done, fail) => {
    let out = '';
    child.stdout!.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      if (out.includes('\n')) done(out.trim());
    });
    child.once('exit', (code) => fail(new Error(`deno exited with ${code}: ${out}`)));
  });
  const peakMb = peakMemoryMb(child.pid!);
  const exited = new Promise((r) => child.once('exit', r));
  child.stdin!.end();
  await exited;
  return { line, peakMb };
}

/** `median (min-max)` of benchmark figures, with `digits` decimals. */
export function medianRange(values: readonly number[], digits = 0): string {
  const sorted = [...values].sort((a, b) => a - b);
  const median = sorted[Math.floor(sorted.length / 2)]!;
  return `${median.toFixed(digits)} (${sorted[0]!.toFixed(digits)}-${sorted.at(-1)!.toFixed(digits)})`;
}

export interface DenoFunction {
  url: string;
  process: ChildProcess;
  output: () => string;
  stop(): Promise<void>;
}

/** Resident memory of a function process after a full garbage collection (memoryProbe), in MB. */
export async function retainedMemoryMb(fn: DenoFunction): Promise<number> {
  const res = await fetch(`${fn.url}/__memory`);
  if (!res.ok) throw new Error(`memory probe answered ${res.status}`);
  const usage = (await res.json()) as { rss: number };
  return usage.rss / 1048576;
}

/**
 * Starts a process that serves one function and prints "listening <port>", and waits for that line.
 * `tmp` is removed when it stops.
 */
async function startFunctionProcess(
  command: string,
  args: string[],
  env: Record<string, string>,
  tmp: string,
  runtime: string,
): Promise<DenoFunction> {
  const child = spawn(command, args, { cwd: REPO, env, stdio: ['ignore', 'pipe', 'pipe'] });
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
        () => fail(new Error(`${runtime} did not start within 60 s:\n${output.slice(-2000)}`)),
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
        fail(new Error(`${runtime} exited with ${code}:\n${output.slice(-2000)}`));
      });
    });
    return { url, process: child, output: () => output, stop };
  } catch (err) {
    await stop();
    throw err;
  }
}

/** The settings Supabase gives a function, pointing at a running embedded backend. */
function functionSettings(backend: Backend, name: string, memoryProbe: boolean): Record<string, string> {
  return {
    FUNCTION_ENTRY: pathToFileURL(join(REPO, 'supabase/functions', name, 'index.ts')).href,
    SUPABASE_URL: backend.url,
    SUPABASE_ANON_KEY: backend.anonKey,
    SUPABASE_SERVICE_ROLE_KEY: backend.serviceRoleKey,
    SUPABASE_DB_URL: backend.dbUrl,
    ...(memoryProbe ? { MEMORY_PROBE: '1' } : {}),
  };
}

export async function serveWithDeno(
  name: string,
  backend: Backend,
  options: { memoryProbe?: boolean } = {},
): Promise<DenoFunction> {
  const dir = join(REPO, 'supabase/functions', name);
  const tmp = await mkdtemp(join(tmpdir(), 'snapshire-deno-'));
  const wrapper = join(tmp, 'serve.ts');
  await writeFile(wrapper, WRAPPER);
  const args = [
    'run',
    '--node-modules-dir=manual',
    '--no-lock',
    '--config',
    join(dir, 'deno.json'),
    '--allow-net',
    '--allow-env',
    '--allow-read',
    '--deny-ffi',
    ...(options.memoryProbe ? ['--v8-flags=--expose-gc'] : []),
    wrapper,
  ];
  const env = {
    PATH: process.env.PATH ?? '',
    HOME: process.env.HOME ?? tmp,
    DENO_DIR: process.env.DENO_DIR ?? join(tmp, 'deno-dir'),
    NO_COLOR: '1',
    ...functionSettings(backend, name, options.memoryProbe ?? false),
  };
  return startFunctionProcess(DENO, args, env, tmp, 'Deno');
}

/**
 * The same function served by a Node process of its own (node-function-wrapper.mjs: the Deno.serve and
 * Deno.env the embedded backend's shim gives it), so its memory can be read apart from the backend's.
 */
export async function serveWithNode(
  name: string,
  backend: Backend,
  options: { memoryProbe?: boolean } = {},
): Promise<DenoFunction> {
  const tmp = await mkdtemp(join(tmpdir(), 'snapshire-node-fn-'));
  const wrapper = fileURLToPath(new URL('./node-function-wrapper.mjs', import.meta.url));
  const args = ['--import', 'tsx', ...(options.memoryProbe ? ['--expose-gc'] : []), wrapper];
  const env = {
    PATH: process.env.PATH ?? '',
    HOME: process.env.HOME ?? tmp,
    ...functionSettings(backend, name, options.memoryProbe ?? false),
  };
  return startFunctionProcess(process.execPath, args, env, tmp, 'Node');
}
