import { startBackend } from './index.ts';
import pg from 'pg';
const backend = await startBackend({ port: 0, seed: true, log: false, fixtures: ['large-group'], dataDir: undefined });
const owner = new pg.Pool({ connectionString: backend.dbUrl, max: 1 });
const { rows } = await owner.query(`select id from public.post order by created_at desc limit 90`);
const ids = rows.map((r) => r.id as string);
async function call(postIds: string[], widths: number[]) {
  const t = performance.now();
  const res = await fetch(`${backend.url}/functions/v1/sign-photos`, { method: 'POST', headers: { apikey: backend.anonKey, authorization: `Bearer ${backend.anonKey}`, 'content-type': 'application/json' }, body: JSON.stringify({ postIds, widths }) });
  const body = await res.json() as { photos: Record<string, unknown[]> };
  return { ms: Math.round(performance.now() - t), photos: Object.keys(body.photos ?? {}).length, renditions: Object.values(body.photos ?? {}).flat().length };
}
await call(ids.slice(60, 62), [320]); // warm up (function load)
for (let i = 0; i < 3; i++) {
  console.log('30x4', JSON.stringify(await call(ids.slice(i * 30, i * 30 + 30), [320, 480, 800, 1230])));
  console.log('30x1', JSON.stringify(await call(ids.slice(i * 30, i * 30 + 30).reverse(), [400])));
  console.log('5x1 single signs', JSON.stringify(await call(ids.slice(i * 5, i * 5 + 1), [400])));
}
await owner.end();
await backend.stop();
