/**
 * The edge runtime of a function thread (function-thread.mjs starts it): the slice of Deno's global that edge
 * functions use, the functions' modules, and their calls, which functions.ts sends here so that a function's
 * CPU-bound work (decoding a photo in WebAssembly) never holds up the thread that serves requests.
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { parentPort } from 'node:worker_threads';
import { tsImport } from 'tsx/esm/api';
import type { FunctionCall, FunctionThreadAnswer } from './function-protocol.ts';

/** What an edge function hands to Deno.serve. */
export type EdgeHandler = (
  request: Request,
  info: { remoteAddr: { transport: 'tcp'; hostname: string; port: number } },
) => Response | Promise<Response>;

interface ServeOptions {
  handler?: EdgeHandler;
  port?: number;
  hostname?: string;
  onListen?: (addr: unknown) => void;
}

/** The environment of the function being imported or invoked (each call carries its backend's). */
const currentEnv = new AsyncLocalStorage<Record<string, string>>();
/** Where Deno.serve puts the handler while a function module is being imported. */
const registering = new AsyncLocalStorage<{ handler?: EdgeHandler }>();

/**
 * The slice of Deno's global that edge functions use: Deno.serve(handler | options, handler?) and
 * Deno.env.get/has/toObject. Installed once per thread; per-call values come from AsyncLocalStorage, so several
 * backends in one process (tests) each give their functions their own SUPABASE_URL and keys.
 */
function installDenoShim(): void {
  const g = globalThis as { Deno?: unknown; __snapshireDenoShim?: boolean };
  if (g.__snapshireDenoShim) return;
  if (g.Deno) return; // a real Deno: nothing to emulate
  const env = {
    get: (key: string) => currentEnv.getStore()?.[key] ?? process.env[key],
    has: (key: string) => currentEnv.getStore()?.[key] !== undefined || process.env[key] !== undefined,
    toObject: () => ({ ...(process.env as Record<string, string>), ...currentEnv.getStore() }),
    set: (key: string, value: string) => {
      const store = currentEnv.getStore();
      if (store) store[key] = value;
      else process.env[key] = value;
    },
    delete: (key: string) => {
      const store = currentEnv.getStore();
      if (store) delete store[key];
    },
  };
  g.Deno = {
    env,
    serve(a: EdgeHandler | ServeOptions, b?: EdgeHandler) {
      const handler = typeof a === 'function' ? a : (b ?? a.handler);
      const slot = registering.getStore();
      if (!handler) throw new Error('Deno.serve needs a handler');
      if (!slot) throw new Error('Deno.serve called outside the embedded backend');
      slot.handler = handler;
      const finished = new Promise<void>(() => {});
      return {
        finished,
        shutdown: async () => {},
        ref() {},
        unref() {},
        addr: { transport: 'tcp', hostname: '127.0.0.1', port: 0 },
      };
    },
  };
  g.__snapshireDenoShim = true;
}

interface MountedFunction {
  name: string;
  handler: EdgeHandler;
}

/** Imports supabase/functions/<name>/index.ts (via tsx) and captures the handler it gives Deno.serve. */
async function loadFunction(dir: string, name: string, env: Record<string, string>): Promise<MountedFunction> {
  const entry = join(dir, name, 'index.ts');
  const slot: { handler?: EdgeHandler } = {};
  await currentEnv.run(env, () => registering.run(slot, () => tsImport(pathToFileURL(entry).href, import.meta.url)));
  if (!slot.handler) throw new Error(`functions/${name}/index.ts did not call Deno.serve(handler)`);
  return { name, handler: slot.handler };
}

/** Each function's handler, imported once per folder and name. */
const handlers = new Map<string, Promise<EdgeHandler>>();

function handlerOf(call: Pick<FunctionCall, 'dir' | 'name' | 'env'>): Promise<EdgeHandler> {
  const key = join(call.dir, call.name);
  let handler = handlers.get(key);
  if (!handler) {
    handler = loadFunction(call.dir, call.name, call.env).then((fn) => fn.handler);
    handlers.set(key, handler);
    // A function that failed to load is tried again on its next call.
    handler.catch(() => handlers.delete(key));
  }
  return handler;
}

async function answer(call: FunctionCall): Promise<FunctionThreadAnswer> {
  let handler: EdgeHandler;
  try {
    handler = await handlerOf(call);
  } catch (err) {
    return { id: call.id, ok: false, stage: 'load', message: (err as Error).message };
  }
  if (call.type === 'warm') return { id: call.id, ok: true, status: 204, statusText: '', headers: [], body: null };
  try {
    const request = new Request(call.url, { method: call.method, headers: call.headers, body: call.body });
    const response = await currentEnv.run(call.env, () => handler(request, { remoteAddr: call.remoteAddr }));
    const body = response.body ? await response.arrayBuffer() : null;
    return {
      id: call.id,
      ok: true,
      status: response.status,
      statusText: response.statusText,
      headers: [...response.headers],
      body,
    };
  } catch (err) {
    return { id: call.id, ok: false, stage: 'run', message: (err as Error).message };
  }
}

installDenoShim();
parentPort!.on('message', (call: FunctionCall) => {
  void answer(call).then((reply) => parentPort!.postMessage(reply, reply.ok && reply.body ? [reply.body] : []));
});
