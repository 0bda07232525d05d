/**
 * Members, comments and reports inserted into a real backend (@snapshire/backend/testing) as the database
 * stores them (as its owner, past the rules: the screens under test are what reads them).
 */
import type { GroupRole, ReportReason } from '@snapshire/contracts';
import type { ComponentBackend } from '@snapshire/backend/testing';
import { AUTHOR_PASSWORD } from './browseWorld.ts';

/** A confirmed account with the given public name; returns its id. */
export async function insertPerson(backend: ComponentBackend, email: string, displayName: string): Promise<string> {
  const id = await backend.createUser(email, AUTHOR_PASSWORD);
  await backend.sql('update public.profile set display_name = $2 where id = $1', [id, displayName]);
  return id;
}

export async function insertMember(backend: ComponentBackend, groupId: string, userId: string, role: GroupRole) {
  await backend.sql('insert into public.group_member (group_id, user_id, role) values ($1, $2, $3)', [
    groupId,
    userId,
    role,
  ]);
}

export async function insertComment(
  backend: ComponentBackend,
  postId: string,
  authorId: string,
  body: string,
): Promise<string> {
  const [row] = await backend.sql<{ id: string }>(
    `insert into public.post_comment (post_id, group_id, author_id, body)
     select p.id, p.group_id, $2, $3 from public.post p where p.id = $1 returning id`,
    [postId, authorId, body],
  );
  return row!.id;
}

export interface WorldReport {
  postId: string;
  commentId?: string;
  reporterId: string;
  reason: ReportReason;
  details?: string;
  /** Sent this many minutes ago (the list runs newest first). */
  minutesAgo?: number;
}

export async function insertReport(backend: ComponentBackend, report: WorldReport): Promise<string> {
  const [row] = await backend.sql<{ id: string }>(
    `insert into public.content_report (group_id, post_id, comment_id, reporter_id, reason, details, created_at)
     select p.group_id, p.id, $2, $3, $4, $5, now() - make_interval(mins => $6)
     from public.post p where p.id = $1 returning id`,
    [
      report.postId,
      report.commentId ?? null,
      report.reporterId,
      report.reason,
      report.details ?? '',
      report.minutesAgo ?? 0,
    ],
  );
  return row!.id;
}

/** The reports stored about a post (or one of its comments), as the database holds them. */
export async function storedReports(backend: ComponentBackend, postId: string) {
  return backend.sql<{ reason: string; details: string; comment_id: string | null; reporter_id: string }>(
    'select reason, details, comment_id, reporter_id from public.content_report where post_id = $1 order by created_at',
    [postId],
  );
}
