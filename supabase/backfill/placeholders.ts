/**
 * One-off backfill (issue 25): the placeholder (ThumbHash) of every post stored before handle-post-create
 * computed one. Run once after `supabase db push` brings 20261128000100_photo_details.sql, against any
 * project, with the seed's runner:
 *
 *   SUPABASE_URL=... SUPABASE_SERVICE_ROLE_KEY=... SUPABASE_DB_URL=... npx tsx supabase/seed/run.ts backfill/placeholders
 *
 * (the embedded backend prints its API URL, service_role key and database URL at start). A script rather
 * than the embedded backend's start-up reconcile: a hosted project has no start-up of ours, and reading every
 * stored photo is work to do once, not at each start. Each stored photo is read through the storage API
 * (service role), its placeholder computed by the function's own code (placeholder.ts), and set through
 * post_set_thumbhash, which never replaces one already there: safe to stop and run again, and to run while
 * people post.
 */
import { PHOTO_BUCKET, postObjectPath } from '@snapshire/contracts';
import { inPool, jpegPlaceholder, type SeedContext } from '../seed/lib.ts';

/** Posts read per round: the memory of a round's photos stays small. */
const BATCH = 50;

export interface BackfillReport {
  done: number;
  failed: number;
}

export async function backfillPlaceholders(ctx: SeedContext): Promise<BackfillReport> {
  const started = performance.now();
  const report: BackfillReport = { done: 0, failed: 0 };
  // Posts that failed keep a null placeholder; they are skipped by id so a broken photo cannot loop forever.
  const failed: string[] = [];
  for (;;) {
    const { rows } = await ctx.sql.query<{ id: string; file_name: string }>(
      `select id, file_name from public.post
       where thumbhash is null and has_uploaded_photo and not (id = any ($1::uuid[]))
       order by created_at desc, id limit $2`,
      [failed, BATCH],
    );
    if (rows.length === 0) break;
    await inPool(rows, 2, async (post) => {
      try {
        const { data, error } = await ctx.supabase.storage
          .from(PHOTO_BUCKET)
          .download(postObjectPath(post.id, post.file_name));
        if (error || !data) throw new Error(error?.message ?? 'no photo');
        const placeholder = await jpegPlaceholder(new Uint8Array(await data.arrayBuffer()));
        const set = await ctx.supabase.rpc('post_set_thumbhash', { p_id: post.id, p_thumbhash: placeholder });
        if (set.error) throw new Error(set.error.message);
        report.done++;
      } catch (err) {
        failed.push(post.id);
        report.failed++;
        ctx.log(`backfill: post ${post.id} has no placeholder: ${err instanceof Error ? err.message : String(err)}`);
      }
    });
  }
  ctx.log(
    `backfill: ${report.done} placeholders computed, ${report.failed} failed, in ${((performance.now() - started) / 1000).toFixed(1)} s`,
  );
  return report;
}

export default async function run(ctx: SeedContext): Promise<void> {
  await backfillPlaceholders(ctx);
}
