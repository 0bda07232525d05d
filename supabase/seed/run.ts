/**
 * Runs the seed script (or a fixture) against any Supabase project, e.g. a hosted one after
 * `supabase db push --include-seed`:
 *
 *   SUPABASE_URL=https://<ref>.supabase.co SUPABASE_SERVICE_ROLE_KEY=... SUPABASE_DB_URL=postgresql://... \
 *     npx tsx supabase/seed/run.ts [fixtures/large-group]
 *
 * The embedded backend runs seed/index.ts by itself; this is only for other projects.
 */
import { createClient } from '@supabase/supabase-js';
import pg from 'pg';
import ws from 'ws';
import seed from './index.ts';
import type { SeedContext } from './lib.ts';

async function main(): Promise<void> {
  const url = process.env.SUPABASE_URL;
  const serviceKey = process.env.SUPABASE_SERVICE_ROLE_KEY;
  const dbUrl = process.env.SUPABASE_DB_URL;
  if (!url || !serviceKey || !dbUrl)
    throw new Error('Set SUPABASE_URL, SUPABASE_SERVICE_ROLE_KEY and SUPABASE_DB_URL.');
  const pool = new pg.Pool({ connectionString: dbUrl, max: 2 });
  try {
    const ctx: SeedContext = {
      sql: {
        query: async (text, params) => {
          const r = await pool.query(text, params);
          return { rows: r.rows, rowCount: r.rowCount };
        },
      },
      supabase: createClient(url, serviceKey, {
        auth: { persistSession: false, autoRefreshToken: false },
        realtime: { transport: ws as never },
      }),
      url,
      log: (message) => console.log(message),
    };
    const which = process.argv[2];
    const run = which
      ? ((await import(`../${which.replace(/\.ts$/, '')}.ts`)) as { default: (c: SeedContext) => Promise<void> })
          .default
      : seed;
    await run(ctx);
  } finally {
    await pool.end();
  }
}

main().catch((err: unknown) => {
  console.error(err instanceof Error ? err.message : String(err));
  process.exitCode = 1;
});
