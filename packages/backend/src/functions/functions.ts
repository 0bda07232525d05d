import { existsSync, readdirSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import { getConnInfo } from '@hono/node-server/conninfo';
import { Hono, type Context } from 'hono';
import type { BackendContext } from '../context.ts';
import { InvalidJwtError, verifyProjectJwt } from '../config/keys.ts';
import { bearerToken } from '../http/caller.ts';
import type { FunctionCall, FunctionThreadAnswer } from './function-protocol.ts';

/** Threads that run function calls: one fewer than the machine's cores (at least one), at most four. */
const FUNCTION_THREADS = Math.max(1, Math.min(4, availableParallelism() - 1));
const THREAD_ENTRY = fileURLToPath(new URL('./function-thread.mjs', import.meta.url));

type CallRequest = Omit<FunctionCall, 'id'>;

/**
 * The threads of one function of one backend (function-thread.ts), as Supabase's edge runtime gives each
 * function workers of its own, so a function's calls never wait behind another's work (a visitor's photos
 * being signed behind someone's upload being decoded): started on the first call, each call sent to an idle
 * thread or, with all busy, a new one (up to FUNCTION_THREADS), else the one with the fewest under way. A
 * thread that dies fails its calls; the next call starts another.
 */
class FunctionThreads {
  private readonly threads: { worker: Worker; pending: Map<number, (answer: FunctionThreadAnswer) => void> }[] = [];
  private nextId = 0;
  private closed = false;

  constructor(private readonly log: (message: string) => void) {}

  call(request: CallRequest): Promise<FunctionThreadAnswer> {
    if (this.closed) return Promise.reject(new Error('the backend is stopping'));
    const thread = this.pick();
    const id = ++this.nextId;
    return new Promise((resolve) => {
      thread.pending.set(id, resolve);
      const call: FunctionCall = { ...request, id };
      thread.worker.postMessage(call, call.body ? [call.body] : []);
    });
  }

  /** The first thread (and every other already started) imports the function, so no first call waits for it. */
  async warm(request: CallRequest): Promise<FunctionThreadAnswer[]> {
    if (!this.closed && this.threads.length === 0) this.start();
    return Promise.all(
      this.threads.map(
        (thread) =>
          new Promise<FunctionThreadAnswer>((resolve) => {
            const id = ++this.nextId;
            thread.pending.set(id, resolve);
            thread.worker.postMessage({ ...request, id } satisfies FunctionCall);
          }),
      ),
    );
  }

  async close(): Promise<void> {
    this.closed = true;
    await Promise.all(this.threads.splice(0).map((t) => t.worker.terminate()));
  }

  private pick() {
    if (this.threads.length < FUNCTION_THREADS) {
      const idle = this.threads.find((t) => t.pending.size === 0);
      return idle ?? this.start();
    }
    return this.threads.reduce((a, b) => (b.pending.size < a.pending.size ? b : a));
  }

  private start() {
    const worker = new Worker(THREAD_ENTRY);
    const thread = { worker, pending: new Map<number, (answer: FunctionThreadAnswer) => void>() };
    worker.on('message', (answer: FunctionThreadAnswer) => {
      const resolve = thread.pending.get(answer.id);
      thread.pending.delete(answer.id);
      resolve?.(answer);
    });
    const fail = (message: string) => {
      const index = this.threads.indexOf(thread);
      if (index >= 0) this.threads.splice(index, 1);
      for (const [id, resolve] of thread.pending) resolve({ id, ok: false, stage: 'run', message });
      thread.pending.clear();
    };
    worker.on('error', (err) => {
      this.log(`a function thread failed: ${err.message}`);
      fail(err.message);
    });
    worker.on('exit', (code) => fail(`the function thread exited (code ${code})`));
    worker.unref();
    this.threads.push(thread);
    return thread;
  }
}

function functionError(c: Context, status: 401 | 404 | 500 | 503, message: string): Response {
  return c.json({ code: status, message }, status);
}

/** Each backend's functions' threads and environment (functionRoutes), for warmFunctions and closeFunctions. */
const runtimes = new WeakMap<
  BackendContext,
  {
    threadsOf: (name: string) => FunctionThreads;
    closeAll: () => Promise<void>;
    dir: string;
    env: () => Record<string, string>;
  }
>();

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
  const runtime = runtimes.get(ctx);
  if (!runtime) return;
  const names = functionNames(runtime.dir);
  await Promise.all(
    names.map(async (name) => {
      const answers = await runtime.threadsOf(name).warm(warmCall(runtime.dir, name, runtime.env()));
      const failed = answers.find((answer) => !answer.ok);
      if (failed && !failed.ok) ctx.log(`function ${name} failed to load: ${failed.message}`);
      else ctx.log(`function ${name} loaded`);
    }),
  );
}

/** Stops the backend's function threads (its stop()). */
export async function closeFunctions(ctx: BackendContext): Promise<void> {
  await runtimes.get(ctx)?.closeAll();
}

function warmCall(dir: string, name: string, env: Record<string, string>): CallRequest {
  const remoteAddr = { transport: 'tcp' as const, hostname: '127.0.0.1', port: 0 };
  return { type: 'warm', dir, name, env, url: 'http://localhost/', method: 'GET', headers: [], body: null, remoteAddr };
}

/**
 * /functions/v1/<name>[/...]: the project's edge functions, loaded on first call (so a broken function does
 * not stop the backend) or ahead of it by warmFunctions, with the environment Supabase gives them. The
 * request reaches the handler as a Web Request whose path starts at /<name>, as on Supabase's edge runtime.
 */
export function functionRoutes(ctx: BackendContext): Hono {
  const app = new Hono();
  const dir = join(ctx.config.projectDir, 'functions');
  const env = (): Record<string, string> => ({
    SUPABASE_URL: ctx.url,
    SUPABASE_ANON_KEY: ctx.keys.anonKey,
    SUPABASE_SERVICE_ROLE_KEY: ctx.keys.serviceRoleKey,
    SUPABASE_DB_URL: ctx.db.url,
  });
  const threadsByFunction = new Map<string, FunctionThreads>();
  let closed = false;
  const threadsOf = (name: string): FunctionThreads => {
    let threads = threadsByFunction.get(name);
    if (!threads) {
      threadsByFunction.set(name, (threads = new FunctionThreads(ctx.log)));
      // A call after the backend stopped is refused, as before any thread had started.
      if (closed) void threads.close();
    }
    return threads;
  };
  const closeAll = async (): Promise<void> => {
    closed = true;
    await Promise.all([...threadsByFunction.values()].map((threads) => threads.close()));
  };
  runtimes.set(ctx, { threadsOf, closeAll, dir, env });

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
    const incoming = new URL(c.req.url);
    const rest = incoming.pathname.replace(/^\/functions\/v1/, '');
    const url = `${incoming.origin}${rest}${incoming.search}`;
    const method = c.req.method;
    const body = method === 'GET' || method === 'HEAD' ? null : await c.req.raw.arrayBuffer();
    // The caller's address, as Deno.serve gives it (sign-photos counts anonymous callers by it).
    const remoteAddr = { transport: 'tcp' as const, hostname: '127.0.0.1', port: 0 };
    try {
      const remote = getConnInfo(c).remote;
      remoteAddr.hostname = remote.address ?? remoteAddr.hostname;
      remoteAddr.port = remote.port ?? 0;
    } catch {
      // Not served by @hono/node-server (app.request in a test): the loopback stands in.
    }
    const answer = await threadsOf(name).call({
      type: 'invoke',
      dir,
      name,
      env: env(),
      url,
      method,
      headers: [...c.req.raw.headers],
      body,
      remoteAddr,
    });
    if (answer.ok) return new Response(answer.body, answer);
    if (answer.stage === 'load') {
      ctx.log(`function ${name} failed to load: ${answer.message}`);
      return functionError(c, 503, `Function ${name} failed to start: ${answer.message}`);
    }
    ctx.log(`function ${name} threw: ${answer.message}`);
    return functionError(c, 500, 'Function threw an error');
  }

  return app;
}
