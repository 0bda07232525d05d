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

/** The threads one function's calls may hold at once: one fewer than the machine's cores (at least one), at most four. */
const FUNCTION_THREADS = Math.max(1, Math.min(4, availableParallelism() - 1));
/** The threads of all functions together. */
const MAX_FUNCTION_THREADS = 8;
const THREAD_ENTRY = fileURLToPath(new URL('./function-thread.mjs', import.meta.url));

type CallRequest = Omit<FunctionCall, 'id'>;

interface FunctionThread {
  worker: Worker;
  /** The calls under way in the thread: what answers each, and which function it is for. */
  pending: Map<number, { resolve: (answer: FunctionThreadAnswer) => void; name: string }>;
  /** The functions the thread has imported. */
  loaded: Set<string>;
}

/**
 * The threads that run one backend's function calls (function-thread.ts), off the thread that serves requests.
 * As Supabase's edge runtime gives each function workers of its own, a call never waits behind another
 * function's work (a visitor's photos being signed behind someone's upload being decoded), and one function's
 * calls hold at most FUNCTION_THREADS threads at once, queueing on the least busy of them beyond that. Unlike
 * it, a free thread runs any function: a function's first call in a thread that has run another finds tsx,
 * @snapshire/contracts and supabase-js loaded (30-40 ms; a new thread loads them again, 0.7-0.9 s on an idle
 * machine). So a call goes to a free thread (one that has imported its function first), else to a new one (up
 * to MAX_FUNCTION_THREADS). A thread that dies fails its calls; the next call starts another.
 */
class FunctionThreads {
  private readonly threads: FunctionThread[] = [];
  private nextId = 0;
  private closed = false;

  constructor(private readonly log: (message: string) => void) {}

  /** Sends the call to `to`, or to the thread pick() chooses; refused once the backend is stopping. */
  call(request: CallRequest, to?: FunctionThread): Promise<FunctionThreadAnswer> {
    if (this.closed) return Promise.reject(new Error('the backend is stopping'));
    const thread = to ?? this.pick(request.name);
    const id = ++this.nextId;
    return new Promise((resolve) => {
      thread.pending.set(id, {
        name: request.name,
        resolve: (answer) => {
          if (answer.ok) thread.loaded.add(request.name);
          resolve(answer);
        },
      });
      const call: FunctionCall = { ...request, id };
      thread.worker.postMessage(call, call.body ? [call.body] : []);
    });
  }

  /**
   * Starts a thread for each function (at least FUNCTION_THREADS) and has each import every function, so that
   * neither a first call nor a call that finds the others busy waits for a thread to start. Answers each
   * request with its first failure, if any.
   */
  async warm(requests: CallRequest[]): Promise<FunctionThreadAnswer[]> {
    if (this.closed)
      return requests.map(() => ({ id: 0, ok: false, stage: 'load', message: 'the backend is stopping' }));
    const wanted = Math.min(MAX_FUNCTION_THREADS, Math.max(FUNCTION_THREADS, requests.length));
    while (this.threads.length < wanted) this.start();
    return Promise.all(
      requests.map(async (request) => {
        const answers = await Promise.all(this.threads.map((thread) => this.call(request, thread)));
        return answers.find((answer) => !answer.ok) ?? answers[0]!;
      }),
    );
  }

  async close(): Promise<void> {
    this.closed = true;
    await Promise.all(this.threads.splice(0).map((t) => t.worker.terminate()));
  }

  private pick(name: string): FunctionThread {
    const leastBusy = (threads: FunctionThread[]) =>
      threads.reduce((a, b) => (b.pending.size < a.pending.size ? b : a));
    const running = this.threads.filter(
      (t) => t.pending.size > 0 && [...t.pending.values()].every((call) => call.name === name),
    );
    if (running.length >= FUNCTION_THREADS) return leastBusy(running);
    const free = this.threads.filter((t) => t.pending.size === 0);
    if (free.length > 0) return free.find((t) => t.loaded.has(name)) ?? free[0]!;
    if (this.threads.length < MAX_FUNCTION_THREADS) return this.start();
    return leastBusy(running.length > 0 ? running : this.threads);
  }

  private start(): FunctionThread {
    const worker = new Worker(THREAD_ENTRY);
    const thread: FunctionThread = { worker, pending: new Map(), loaded: new Set() };
    worker.on('message', (answer: FunctionThreadAnswer) => {
      const call = thread.pending.get(answer.id);
      thread.pending.delete(answer.id);
      call?.resolve(answer);
    });
    const fail = (message: string) => {
      const index = this.threads.indexOf(thread);
      if (index >= 0) this.threads.splice(index, 1);
      for (const [id, call] of thread.pending) call.resolve({ id, ok: false, stage: 'run', message });
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
  { threads: FunctionThreads; dir: string; env: () => Record<string, string> }
>();

/** The project's edge functions: the folders of functions/ with an index.ts. */
export function functionNames(dir: string): string[] {
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
  const answers = await runtime.threads.warm(names.map((name) => warmCall(runtime.dir, name, runtime.env())));
  names.forEach((name, i) => {
    const answer = answers[i]!;
    if (!answer.ok) ctx.log(`function ${name} failed to load: ${answer.message}`);
    else ctx.log(`function ${name} loaded`);
  });
}

/** Stops the backend's function threads (its stop()). */
export async function closeFunctions(ctx: BackendContext): Promise<void> {
  await runtimes.get(ctx)?.threads.close();
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
  const threads = new FunctionThreads(ctx.log);
  runtimes.set(ctx, { threads, dir, env });

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
    const answer = await threads.call({
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
