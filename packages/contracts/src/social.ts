/**
 * Likes, comments and reports (supabase/migrations/20261129000100_social.sql): their limits, the reasons a
 * report may give, and what the screens say. The refusals' words are in GROUP_RULE_MESSAGES (groups.ts), with
 * the other rules of a group.
 */

/** The same numbers as private.social_limit() in the migration (a backend test holds them equal). */
export const SOCIAL_LIMITS = {
  COMMENT_MAX_LENGTH: 1000,
  COMMENTS_PER_MINUTE: 20,
  LIKES_PER_MINUTE: 120,
  REPORT_DETAILS_MAX_LENGTH: 500,
  REPORTS_PER_HOUR: 20,
  /**
   * Comments a post shows at a time; "Show earlier comments" loads the page before. pg_graphql's most rows a
   * collection answers (its max_rows default, kept by the embedded backend).
   */
  COMMENTS_PAGE_SIZE: 30,
  /** Names listed under "Liked by". */
  LIKED_BY_SHOWN: 20,
} as const;

/** The reasons content_report.reason accepts, in the order the report dialog offers them. */
export const REPORT_REASONS = ['spam', 'harassment', 'nudity', 'violence', 'copyright', 'other'] as const;
export type ReportReason = (typeof REPORT_REASONS)[number];

export const REPORT_REASON_LABELS: Record<ReportReason, string> = {
  spam: 'Spam or advertising',
  harassment: 'Harassment or hate',
  nudity: 'Nudity or sexual content',
  violence: 'Violence or danger',
  copyright: 'Not theirs to share (copyright)',
  other: 'Something else',
};

/** The words of the like, comment and report controls. */
export const SOCIAL_TEXT = {
  LIKED_BY: 'Liked by',
  DELETED_ACCOUNT: 'deleted account',
  COMMENTS: 'Comments',
  NO_COMMENTS: 'No comments yet.',
  ADD_COMMENT: 'Add a comment',
  POST_COMMENT: 'Post',
  SHOW_EARLIER_COMMENTS: 'Show earlier comments',
  EDIT_COMMENT: 'Edit',
  SAVE_COMMENT: 'Save',
  CANCEL_EDIT: 'Cancel',
  DELETE_COMMENT: 'Delete',
  CONFIRM_DELETE_COMMENT: 'Delete this comment?',
  COMMENT_DELETED: 'The comment has been deleted.',
  EDITED: 'edited',
  WHO_MAY_COMMENT: 'Members of the group can comment.',
  JOIN_TO_COMMENT: 'Join the group to like photos and comment.',
  GO_TO_GROUP: 'Go to the group',
  SIGN_IN_TO_COMMENT: 'Sign in to comment',
  SIGN_IN_TO_LIKE: 'Sign in to like photos',
  REPORT: 'Report',
  /** Report's name on a post: beside the comments' own Report buttons, each says what it reports. */
  REPORT_PHOTO: 'Report photo',
  reportComment: (author: string) => `Report comment by ${author}`,
  /** In place of Report once the viewer has reported the item (one open report per person per item). */
  REPORTED: 'Reported',
  REPORT_POST_TITLE: 'Report this photo',
  REPORT_COMMENT_TITLE: 'Report this comment',
  REPORT_REASON: 'Why are you reporting it?',
  REPORT_DETAILS: 'Anything the group admins should know (optional)',
  SEND_REPORT: 'Send report',
  REPORT_SENT: "Thank you. The group's admins will look at it; they won't tell anyone who reported it.",
  OPEN_REPORTS: 'Reports',
  NO_OPEN_REPORTS: 'No open reports.',
  DISMISS_REPORT: 'Dismiss',
  REMOVE_REPORTED_PHOTO: 'Remove photo',
  REMOVE_REPORTED_COMMENT: 'Remove comment',
  REPORT_DISMISSED: 'The report has been dismissed.',
  REPORTED_CONTENT_REMOVED: 'The content has been removed for everyone.',
  CANCEL_REPORT: 'Cancel',
  REPORTED_PHOTO: 'Photo',
  REPORTED_COMMENT: 'Comment',
  VIEW_REPORTED_POST: 'Open the post',
  SHOW_MORE_REPORTS: 'Show more reports',
  /** Before a report's details in the reports list. */
  REPORTED_DETAILS: 'Details:',
  CONFIRM_REMOVE_REPORTED_PHOTO: 'Remove this photo for everyone? Its reports go with it. This cannot be undone.',
  CONFIRM_REMOVE_REPORTED_COMMENT: 'Remove this comment for everyone? Its reports go with it. This cannot be undone.',
  /** The report dialog's counter under its details box. */
  reportDetailsCount: (n: number) => `${n} of ${SOCIAL_LIMITS.REPORT_DETAILS_MAX_LENGTH} characters`,
  /** Under a reported comment in the reports list: who wrote it (their public name). */
  reportedCommentBy: (author: string) => `Written by ${author}`,
  reportedAt: (when: string) => `Reported ${when}`,
  /** What the number on the group settings link means, for screen readers. */
  openReportCount: (n: number) => (n === 1 ? '1 open report' : `${n} open reports`),
  newPhotos: (n: number) => (n === 1 ? '1 new photo' : `${n} new photos`),
  likeCount: (n: number) => (n === 1 ? '1 like' : `${n} likes`),
  commentCount: (n: number) => (n === 1 ? '1 comment' : `${n} comments`),
  /** The heart's accessible name: what it likes. */
  likeLabel: (photo: string) => `Like ${photo}`,
} as const;
