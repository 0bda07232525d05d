/** What is reported: a post, or one comment under it. */
export interface ReportTarget {
  postId: string;
  commentId?: string;
}
