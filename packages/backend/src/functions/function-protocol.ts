/** What functions.ts and a function thread (function-thread.ts) say to each other. */

/** A call of a function (or, for `warm`, only its import), with the request as the function will see it. */
export interface FunctionCall {
  type: 'invoke' | 'warm';
  id: number;
  /** The project's functions folder and the function's name (its folder). */
  dir: string;
  name: string;
  /** The environment Supabase gives functions (SUPABASE_URL, keys, SUPABASE_DB_URL). */
  env: Record<string, string>;
  url: string;
  method: string;
  headers: [string, string][];
  /** The request's body, read whole (the body limit of server.ts bounds it), or null. */
  body: ArrayBuffer | null;
  remoteAddr: { transport: 'tcp'; hostname: string; port: number };
}

export type FunctionThreadAnswer =
  | {
      id: number;
      ok: true;
      status: number;
      statusText: string;
      headers: [string, string][];
      body: ArrayBuffer | null;
    }
  | { id: number; ok: false; stage: 'load' | 'run'; message: string };
