/**
 * Removes the stored photos of deleted posts. Deleting a post (alone, with its group, or with its author's
 * account) queues its object in public.photo_deletion in the same transaction (see
 * supabase/migrations/20261124000200_groups.sql); this drains the queue through the storage API, which is
 * the only way to delete objects on hosted Supabase. A queue row goes only once the storage API has removed
 * its object (or reports it already gone), so a failure leaves it for the next drain: nothing is orphaned.
 */
import type { RequestPlatform } from './platform.ts';

/** pg_graphql's default page size: one page per round. */
const PAGE = 30;
/** Bounds one call's work; what is left waits for the next drain. */
const MAX_ROUNDS = 20;

interface QueuePage {
  photo_deletionCollection: { edges: { node: { bucket_id: string; name: string } }[] };
}

export interface PurgeResult {
  removed: number;
  pending: number;
}

export async function purgeDeletedPhotos(platform: RequestPlatform): Promise<PurgeResult> {
  const { service } = platform;
  const asService = <T>(query: string, variables?: Record<string, unknown>) =>
    platform.serviceGraphql<T>(query, variables);
  let removed = 0;
  // Objects the storage API refused stay queued and are skipped for the rest of this call, so one bad object
  // cannot block the others.
  const refused: string[] = [];
  for (let round = 0; round < MAX_ROUNDS; round++) {
    const page = await asService<QueuePage>(
      `query($refused: [String!]) { photo_deletionCollection(first: ${PAGE}, orderBy: [{ queued_at: AscNullsLast }],
         filter: { not: { name: { in: $refused } } }) { edges { node { bucket_id name } } } }`,
      { refused },
    );
    const rows = page.photo_deletionCollection.edges.map((e) => e.node);
    const byBucket = new Map<string, string[]>();
    for (const row of rows) byBucket.set(row.bucket_id, [...(byBucket.get(row.bucket_id) ?? []), row.name]);
    for (const [bucket, names] of byBucket) {
      let gone = names;
      if ((await service.storage.from(bucket).remove(names)).error) {
        // One refusal fails the whole batch: find which, one object at a time.
        gone = [];
        for (const name of names) {
          if ((await service.storage.from(bucket).remove([name])).error) refused.push(name);
          else gone.push(name);
        }
      }
      if (!gone.length) continue;
      await asService(
        `mutation($bucket: String, $names: [String!]) {
           deleteFromphoto_deletionCollection(filter: { bucket_id: { eq: $bucket }, name: { in: $names } }, atMost: ${PAGE}) {
             affectedCount } }`,
        { bucket, names: gone },
      );
      removed += gone.length;
    }
    if (rows.length < PAGE) break;
  }
  return { removed, pending: refused.length ? await pendingCount(asService) : 0 };
}

async function pendingCount(
  asService: <T>(query: string, variables?: Record<string, unknown>) => Promise<T>,
): Promise<number> {
  const page = await asService<QueuePage>(
    `query { photo_deletionCollection(first: ${PAGE}) { edges { node { name } } } }`,
  );
  return page.photo_deletionCollection.edges.length;
}
