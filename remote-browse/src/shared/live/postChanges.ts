/**
 * What a live screen reads from a change of public.post (Realtime postgres_changes: the row as the database
 * has it after the change; supabase/migrations/20261129000100_social.sql publishes the table).
 */
export interface PostChangeRow {
  id: string;
  group_id: string;
  created_at: string;
  has_uploaded_photo: boolean;
  like_count: number;
  comment_count: number;
}

export function isPostChangeRow(value: unknown): value is PostChangeRow {
  const row = value as Partial<PostChangeRow> | null;
  return (
    typeof row?.id === 'string' &&
    typeof row.created_at === 'string' &&
    typeof row.like_count === 'number' &&
    typeof row.comment_count === 'number'
  );
}

/**
 * The posts a live group page should offer as new: shown to everyone (uploaded), not on screen, and newer
 * than the newest photo on screen (an older photo's change is a count, not news).
 */
export function newPostIds(
  rows: readonly Pick<PostChangeRow, 'id' | 'created_at' | 'has_uploaded_photo'>[],
  shown: ReadonlySet<string>,
  newestShown: string | undefined,
): string[] {
  const after = newestShown ? Date.parse(newestShown) : Number.NEGATIVE_INFINITY;
  return rows
    .filter((row) => row.has_uploaded_photo && !shown.has(row.id) && Date.parse(row.created_at) > after)
    .map((row) => row.id);
}
