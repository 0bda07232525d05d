import { AsyncLocalStorage } from 'node:async_hooks';
import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { getConnInfo } from '@hono/node-server/conninfo';
import { Hono, type Context } from 'hono';
import { tsImport } from 'tsx/esm/api';
import type { BackendContext } from '../context.ts';
import { InvalidJwtError, verifyProjectJwt } from '../config/keys.ts';
import { bearerToken } from '../http/caller.ts';

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

/** The environment of the function being imported or invoked (one per backend in a process). */
const currentEnv = new AsyncLocalStorage<Record<string, string>>();
/** Where Deno.serve puts the handler while a function module is being imported. */
const registering = new AsyncLocalStorage<{ handler?: EdgeHandler }>();

/**
 * The slice of Deno's global that edge functions use: Deno.serve(handler | options, handler?) and
 * Deno.env.get/has/toObject. Installed once; per-backend values come from AsyncLocalStorage, so several
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

function functionError(c: Context, status: 401 | 404 | 500 | 503, message: string): Response {
  return c.json({ code: status, message }, status);
}

/** Each backend's function loader (functionRoutes), for warmFunctions. */
const loaders = new WeakMap<BackendContext, (name: string) => Promise<MountedFunction>>();

/** The project's edge functions: the folders of functions/ with an index.ts. */
function functionNames(dir: string): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir, { withFileTypes: true })
    .filter((entry) => entry.isDirectory() && existsSync(join(dir, entry.name, 'index.ts')))
    .map((entry) => entry.name);
}

/**
 * Loads every function of the backend's project now, as its first call would (BackendOptions.warmFunctions).
 * Settles when each has loaded or failed; a failure is logged, and the function is tried again when called.
 */
export async function warmFunctions(ctx: BackendContext): Promise<void> {
  const load = loaders.get(ctx);
  if (!load) return;
  const names = functionNames(join(ctx.config.projectDir, 'functions'));
  await Promise.all(
    names.map((name) =>
      load(name).then(
        () => ctx.log(`function ${name} loaded`),
        (err: unknown) => ctx.log(`function ${name} failed to load: ${(err as Error).message}`),
      ),
    ),
  );
}

/**
 * /functions/v1/<name>[/...]: the project's edge functions, loaded on first call (so a broken function does
 * not stop the backend) or ahead of it by warmFunctions, with the environment Supabase gives them. The
 * request reaches the handler as a Web Request whose path starts at /<name>, as on Supabase's edge runtime.
 */
export function functionRoutes(ctx: BackendContext): Hono {
  installDenoShim();
  const app = new Hono();
  const dir = join(ctx.config.projectDir, 'functions');
  const loaded = new Map<string, Promise<MountedFunction>>();

  const env = (): Record<string, string> => ({
    SUPABASE_URL: ctx.url,
    SUPABASE_ANON_KEY: ctx.keys.anonKey,
    SUPABASE_SERVICE_ROLE_KEY: ctx.keys.serviceRoleKey,
    SUPABASE_DB_URL: ctx.db.url,
  });

  function get(name: string): Promise<MountedFunction> {
    let fn = loaded.get(name);
    if (!fn) {
      fn = loadFunction(dir, name, env());
      loaded.set(name, fn);
      fn.catch(() => loaded.delete(name));
    }
    return fn;
  }
  loaders.set(ctx, get);

  app.all('/:name/*', (c) => invoke(c));
  app.all('/:name', (c) => invoke(c));

  async function invoke(c: Context): Promise<Response> {
    const name = c.req.param('name') ?? '';
    if (!/^[\w-]+$/.test(name) || !existsSync(join(dir, name, 'index.ts'))) {
      return functionError(c, 404, 'Requested function was not found');
    }
    if (ctx.config.functionVerifyJwt[name] !== false) {
      const token = bearerToken(c);
      if (!token) return functionError(c, 401, 'Missing authorization header');
      try {
        await verifyProjectJwt(token, ctx.config.jwtSecret);
      } catch (err) {
        if (err instanceof InvalidJwtError) return functionError(c, 401, 'Invalid JWT');
        throw err;
      }
    }
    let fn: MountedFunction;
    try {
      fn = await get(name);
    } catch (err) {
      ctx.log(`function ${name} failed to load: ${(err as Error).message}`);
      return functionError(c, 503, `Function ${name} failed to start: ${(err as Error).message}`);
    }
    const incoming = new URL(c.req.url);
    const rest = incoming.pathname.replace(/^\/functions\/v1/, '');
    const url = `${incoming.origin}${rest}${incoming.search}`;
    const method = c.req.method;
    const request = new Request(url, {
      method,
      headers: c.req.raw.headers,
      body: method === 'GET' || method === 'HEAD' ? undefined : c.req.raw.body,
      // Streams need half duplex in Node's fetch implementation.
      ...(method === 'GET' || method === 'HEAD' ? {} : { duplex: 'half' }),
    } as RequestInit);
    // The caller's address, as Deno.serve gives it (sign-photos counts anonymous callers by it).
    const remoteAddr = { transport: 'tcp' as const, hostname: '127.0.0.1', port: 0 };
    try {
      const remote = getConnInfo(c).remote;
      remoteAddr.hostname = remote.address ?? remoteAddr.hostname;
      remoteAddr.port = remote.port ?? 0;
    } catch {
      // Not served by @hono/node-server (app.request in a test): the loopback stands in.
    }
    try {
      return await currentEnv.run(env(), () => fn.handler(request, { remoteAddr }));
    } catch (err) {
      ctx.log(`function ${name} threw: ${(err as Error).message}`);
      return functionError(c, 500, 'Function threw an error');
    }
  }

  return app;
}
