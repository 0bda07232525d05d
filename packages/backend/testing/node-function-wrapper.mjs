/**
 * Serves one edge function (FUNCTION_ENTRY) from a Node process of its own, on a free loopback port, with
 * the slice of Deno's global the embedded backend's shim gives functions (Deno.serve, Deno.env); prints
 * "listening <port>". With MEMORY_PROBE=1 (and --expose-gc), GET /__memory collects garbage and answers
 * the process's memory. Started by serveWithNode in deno-serve.ts; test-only.
 */
import { serve } from '@hono/node-server';

const probe = process.env.MEMORY_PROBE === '1';
globalThis.Deno = {
  env: { get: (name) => process.env[name], has: (name) => process.env[name] !== undefined },
  serve(handler) {
    serve(
      {
        hostname: '127.0.0.1',
        port: 0,
        fetch: (req) =>
          probe && new URL(req.url).pathname === '/__memory'
            ? (globalThis.gc(), Response.json(process.memoryUsage()))
            : handler(req, { remoteAddr: { transport: 'tcp', hostname: '127.0.0.1', port: 0 } }),
      },
      (info) => console.log(`listening ${info.port}`),
    );
  },
};
await import(process.env.FUNCTION_ENTRY);
