import { useEffect, useRef, useState } from 'react';
import { Badge, Box, Button, Center, Heading, HStack, Link, Spinner, Stack, Text } from '@snapshire/shell-components';
import { useApolloClient, useMutation, useQuery } from '@apollo/client/react';
import { Link as RouterLink } from 'react-router-dom';
import {
  DELETE_POST_FUNCTION,
  REPORT_REASON_LABELS,
  SOCIAL_TEXT,
  groupRuleMessage,
  paths,
  type ReportReason,
} from '@snapshire/contracts';
import { useSupabase } from '@snapshire/data';
import { touchTargetLink } from '@snapshire/ui';
import { ActionFeedback } from '../../../shared/group-actions/ActionFeedback.tsx';
import { ConfirmButton } from '../../../shared/group-actions/ConfirmButton.tsx';
import { invokeDeletion } from '../../../shared/group-actions/invokeDeletion.ts';
import { useGroupAction } from '../../../shared/group-actions/useGroupAction.ts';
import { photoAlt } from '../../../shared/photos/altText.ts';
import { SignedPhoto } from '../../../shared/photos/SignedPhoto.tsx';
import {
  DismissReportDocument,
  GroupReportsDocument,
  RemoveReportedCommentDocument,
  type GroupReportsQuery,
} from './operations.generated.ts';
import { refreshAfterReport, type ReportOutcome } from './refreshAfterReport.ts';

type OpenReport = NonNullable<
  NonNullable<GroupReportsQuery['groupCollection']>['edges'][number]['node']['content_reportCollection']
>['edges'][number]['node'];

/** Reports shown at a time; "Show more reports" adds as many again. */
export const REPORTS_PAGE_SIZE = 20;

const THUMBNAIL_PX = 64;
const reportedAt = new Intl.DateTimeFormat('en-GB', { dateStyle: 'medium', timeStyle: 'short' });

const reasonLabel = (reason: string) => REPORT_REASON_LABELS[reason as ReportReason] ?? reason;

/**
 * The group's open reports, for its owner and admins (the settings page): newest first, each with its reason,
 * details and time, what it is about (the photo's thumbnail, or the comment's text and its author's public
 * name) and a link to the post; Dismiss closes it, Remove photo / Remove comment (asked first) removes the
 * content for everyone and its reports with it. Who reported is never known here: the API does not say.
 */
export function ReportsSection({ groupId }: { groupId: string }) {
  const client = useApolloClient();
  const supabase = useSupabase();
  const [pages, setPages] = useState(1);
  const { data, previousData, loading, error } = useQuery(GroupReportsDocument, {
    variables: { groupId, first: pages * REPORTS_PAGE_SIZE },
    notifyOnNetworkStatusChange: true,
  });
  const [dismissReport] = useMutation(DismissReportDocument);
  const [removeComment] = useMutation(RemoveReportedCommentDocument);
  const { feedback, busy, run } = useGroupAction();
  const list = useRef<HTMLDivElement>(null);
  /** After "Show more reports": the first new report takes the focus (the button may be gone). */
  const focusFrom = useRef<number | null>(null);

  // While a longer page or a refreshed list is on its way, the list on screen stays.
  const group = (data ?? previousData)?.groupCollection?.edges[0]?.node;
  const connection = group?.content_reportCollection;
  const reports = connection?.edges.map((edge) => edge.node) ?? [];

  useEffect(() => {
    const from = focusFrom.current;
    if (from === null || reports.length <= from) return;
    focusFrom.current = null;
    list.current?.querySelectorAll<HTMLElement>('[data-testid="open-report"]')[from]?.focus();
  }, [reports.length]);

  if (!group) {
    // Quietly (no status role): the page around it is already there and says so; only this list is on its way.
    if (loading)
      return (
        <Center minH="24">
          <Spinner size="md" color="brand.solid" />
        </Center>
      );
    if (error) return <ActionFeedback feedback={{ kind: 'error', message: groupRuleMessage(error.message) }} />;
    return null;
  }
  // Null for anyone who does not manage the group (the page itself is theirs only).
  if (group.open_report_count === null) return null;
  const count = Math.max(group.open_report_count, reports.length);

  async function act(action: () => Promise<unknown>, success: string, outcome: ReportOutcome) {
    if (await run(action, success)) await refreshAfterReport(client, groupId, outcome);
    // Refused (e.g. another admin got there first): the list is asked again, so it shows what is left.
    else await refreshAfterReport(client, groupId, { kind: 'dismissed' });
  }

  return (
    <Stack as="section" aria-labelledby="group-reports-heading" gap="4" data-testid="reports-section">
      <Heading as="h2" size="lg" id="group-reports-heading">
        {SOCIAL_TEXT.OPEN_REPORTS} ({count})
      </Heading>
      {/* Every action takes its report off the list, and the control used with it: the news takes the focus. */}
      <ActionFeedback feedback={feedback} takeFocus />
      {reports.length === 0 ? (
        <Text color="fg.muted">{SOCIAL_TEXT.NO_OPEN_REPORTS}</Text>
      ) : (
        <Stack
          as="ul"
          ref={list}
          gap="0"
          listStyleType="none"
          borderWidth="1px"
          borderRadius="md"
          divideY="1px"
          aria-labelledby="group-reports-heading"
        >
          {reports.map((report) => (
            <ReportItem
              key={report.id}
              report={report}
              groupId={groupId}
              busy={busy}
              onDismiss={() =>
                act(() => dismissReport({ variables: { reportId: report.id } }), SOCIAL_TEXT.REPORT_DISMISSED, {
                  kind: 'dismissed',
                })
              }
              onRemove={() =>
                report.comment_id
                  ? act(
                      () => removeComment({ variables: { commentId: report.comment_id! } }),
                      SOCIAL_TEXT.REPORTED_CONTENT_REMOVED,
                      { kind: 'commentRemoved', postId: report.post_id, commentId: report.comment_id! },
                    )
                  : act(
                      () => invokeDeletion(supabase, DELETE_POST_FUNCTION, { postId: report.post_id }),
                      SOCIAL_TEXT.REPORTED_CONTENT_REMOVED,
                      { kind: 'photoRemoved', postId: report.post_id },
                    )
              }
            />
          ))}
        </Stack>
      )}
      {connection?.pageInfo.hasNextPage ? (
        <Box>
          <Button
            variant="outline"
            size="sm"
            loading={loading}
            onClick={() => {
              focusFrom.current = reports.length;
              setPages((n) => n + 1);
            }}
          >
            {SOCIAL_TEXT.SHOW_MORE_REPORTS}
          </Button>
        </Box>
      ) : null}
    </Stack>
  );
}

function ReportItem({
  report,
  groupId,
  busy,
  onDismiss,
  onRemove,
}: {
  report: OpenReport;
  groupId: string;
  busy: boolean;
  onDismiss: () => Promise<void>;
  onRemove: () => Promise<void>;
}) {
  const summaryId = `report-${report.id}`;
  const isComment = Boolean(report.comment_id);
  const created = new Date(report.created_at);
  const details = report.details.trim();
  return (
    <Box
      as="li"
      px="4"
      py="3"
      tabIndex={-1}
      data-testid="open-report"
      data-report-kind={isComment ? 'comment' : 'post'}
      _focusVisible={{ outline: '2px solid', outlineColor: 'colorPalette.focusRing', outlineOffset: '-2px' }}
    >
      <Stack direction={{ base: 'column', md: 'row' }} gap="3" justify="space-between" align={{ md: 'flex-start' }}>
        <HStack align="flex-start" gap="3" minW="0" flex="1">
          {!isComment && report.post ? (
            <Box flexShrink={0} w={`${THUMBNAIL_PX}px`}>
              <SignedPhoto
                photo={report.post}
                alt={photoAlt(report.post)}
                displayWidth={THUMBNAIL_PX * Math.max(1, report.post.meta_width / Math.max(1, report.post.meta_height))}
                aspectRatio={1}
                objectFit="cover"
                borderRadius="sm"
                placeholder={report.post.th}
                data-testid="reported-photo"
              />
            </Box>
          ) : null}
          <Stack gap="1.5" minW="0" flex="1">
            <HStack gap="2" wrap="wrap" id={summaryId}>
              <Text fontWeight="semibold" overflowWrap="anywhere">
                {reasonLabel(report.reason)}
              </Text>
              <Badge colorPalette="gray" variant="subtle">
                {isComment ? SOCIAL_TEXT.REPORTED_COMMENT : SOCIAL_TEXT.REPORTED_PHOTO}
              </Badge>
            </HStack>
            {isComment && report.comment ? (
              <Box
                as="blockquote"
                borderStartWidth="3px"
                borderColor="border.emphasized"
                ps="3"
                data-testid="reported-comment"
              >
                <Text whiteSpace="pre-line" overflowWrap="anywhere" lineClamp={6}>
                  {report.comment.body}
                </Text>
                <Text color="fg.muted" textStyle="sm">
                  {SOCIAL_TEXT.reportedCommentBy(report.comment.author?.display_name ?? SOCIAL_TEXT.DELETED_ACCOUNT)}
                </Text>
              </Box>
            ) : null}
            {details ? (
              <Text whiteSpace="pre-line" overflowWrap="anywhere" data-testid="report-details">
                <Text as="span" color="fg.muted">
                  {SOCIAL_TEXT.REPORTED_DETAILS}
                </Text>{' '}
                <Text as="span" fontStyle="italic">
                  “{details}”
                </Text>
              </Text>
            ) : null}
            <HStack gap="3" wrap="wrap" textStyle="sm">
              {Number.isNaN(created.getTime()) ? null : (
                <Text color="fg.muted">
                  <time dateTime={report.created_at}>{SOCIAL_TEXT.reportedAt(reportedAt.format(created))}</time>
                </Text>
              )}
              <Link asChild variant="underline" colorPalette="brand" css={touchTargetLink}>
                <RouterLink to={paths.groupPost(groupId, report.post_id)} aria-describedby={summaryId}>
                  {SOCIAL_TEXT.VIEW_REPORTED_POST}
                </RouterLink>
              </Link>
            </HStack>
          </Stack>
        </HStack>
        <HStack gap="2" wrap="wrap" flexShrink={0}>
          <Button size="sm" variant="outline" loading={busy} aria-describedby={summaryId} onClick={onDismiss}>
            {SOCIAL_TEXT.DISMISS_REPORT}
          </Button>
          <ConfirmButton
            size="sm"
            variant="outline"
            colorPalette="red"
            loading={busy}
            aria-describedby={summaryId}
            label={isComment ? SOCIAL_TEXT.REMOVE_REPORTED_COMMENT : SOCIAL_TEXT.REMOVE_REPORTED_PHOTO}
            question={
              isComment ? SOCIAL_TEXT.CONFIRM_REMOVE_REPORTED_COMMENT : SOCIAL_TEXT.CONFIRM_REMOVE_REPORTED_PHOTO
            }
            onConfirm={onRemove}
          />
        </HStack>
      </Stack>
    </Box>
  );
}
