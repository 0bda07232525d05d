import { useEffect, useState } from 'react';
import { Link as RouterLink, Navigate, useLocation, useParams } from 'react-router-dom';
import { useQuery } from '@apollo/client/react';
import { Button, Link, Stack, Text } from '@snapshire/shell-components';
import { BATCH_TEXT, LEAVE_NEW_POST, MESSAGES, paths } from '@snapshire/contracts';
import { useSession } from '@snapshire/data';
import { ErrorPanel, LoadingState, PageShell } from '@snapshire/ui';
import { BatchProgress } from './batch/BatchProgress.tsx';
import { BatchResultPanel } from './batch/BatchResultPanel.tsx';
import { BatchUploadStep } from './batch/BatchUploadStep.tsx';
import { useBatchUpload, type BatchUpload } from './batch/useBatchUpload.ts';
import { CameraDetailsChoice } from './CameraDetailsChoice.tsx';
import { DescribePhotoStep } from './DescribePhotoStep.tsx';
import { JoinToPostPanel } from './JoinToPostPanel.tsx';
import { LeaveGuard } from './LeaveGuard.tsx';
import { NewPostGroupDocument, toNewPostGroup, type NewPostGroup } from './newPostGroupQuery.ts';
import { PostCreatedPanel } from './PostCreatedPanel.tsx';
import { ScreenErrorBoundary } from './ScreenErrorBoundary.tsx';
import { UploadPhotoStep } from './UploadPhotoStep.tsx';
import { useNewPostForm } from './useNewPostForm.ts';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * The new-post screen (route GROUP_NEW_POST, /groups/:groupId/photograph/new): choose a photo, describe it,
 * post it into the group. Exposed to the host as remote_upload/NewPostScreen.
 */
export default function NewPostScreen() {
  return (
    <ScreenErrorBoundary title="The new-post screen could not be shown">
      <NewPostRoute />
    </ScreenErrorBoundary>
  );
}

function NewPostRoute() {
  const { groupId } = useParams();
  const location = useLocation();
  const { session, loading } = useSession();

  if (!groupId) {
    return (
      <PageShell title={MESSAGES.NEW_POST}>
        <ErrorPanel message={MESSAGES.MISSING_GROUP_ID} action={<HomeLink />} />
      </PageShell>
    );
  }
  if (loading) return <LoadingState label="Checking your session…" />;
  // Posting needs an account: register (or log in from there), then come straight back here.
  if (!session) return <Navigate replace to={paths.register(`${location.pathname}${location.search}`)} />;
  return <NewPostForGroup groupId={groupId} />;
}

function NewPostForGroup({ groupId }: { groupId: string }) {
  const validId = UUID.test(groupId);
  const { data, loading, error, refetch } = useQuery(NewPostGroupDocument, {
    variables: { id: groupId },
    skip: !validId,
    fetchPolicy: 'cache-and-network',
  });
  const group = toNewPostGroup(data);
  /** Joined from this screen: the form then takes the Join button's place, and the focus with it. */
  const [joinedHere, setJoinedHere] = useState(false);
  /** Several photos chosen at once: the opening words speak of them all. */
  const [severalPhotos, setSeveralPhotos] = useState(false);

  const cancel = (
    <Button asChild variant="outline">
      <RouterLink to={paths.group(groupId)}>Cancel</RouterLink>
    </Button>
  );

  let content;
  if (group) {
    content = (
      <Stack gap="8">
        <Text color="fg.muted">
          {severalPhotos ? 'Your photos' : 'Your photo'} will be uploaded into the group{' '}
          <Link asChild fontWeight="semibold" color="fg" variant="underline">
            <RouterLink to={paths.group(group.id)}>{group.displayName}</RouterLink>
          </Link>
          .
        </Text>
        {group.isMember ? (
          <ScreenErrorBoundary title="The upload form could not be shown">
            <NewPostSteps group={group} focusUpload={joinedHere} onSeveralPhotosChange={setSeveralPhotos} />
          </ScreenErrorBoundary>
        ) : (
          <JoinToPostPanel groupId={group.id} onJoined={() => setJoinedHere(true)} />
        )}
      </Stack>
    );
  } else if (validId && loading) {
    content = <LoadingState label="Loading the group…" />;
  } else if (error) {
    content = (
      <ErrorPanel
        title={MESSAGES.GROUP_NOT_FOUND}
        message={MESSAGES.MISSING_GROUP_PAGE}
        action={
          <Button variant="outline" onClick={() => void refetch().catch(() => undefined)}>
            Try again
          </Button>
        }
      />
    );
  } else {
    // An unknown id, or a private group the user is not a member of: RLS hides both alike.
    content = (
      <ErrorPanel title={MESSAGES.GROUP_NOT_FOUND} message={MESSAGES.MISSING_GROUP_PAGE} action={<HomeLink />} />
    );
  }

  return (
    <PageShell title={MESSAGES.NEW_POST} actions={cancel}>
      {content}
    </PageShell>
  );
}

/**
 * Step one, then step two once the photo has loaded, then the success panel in place of both. Several
 * photos chosen at once take the batch's path (BatchSteps); one photo stays on this one, unchanged.
 */
function NewPostSteps({
  group,
  focusUpload,
  onSeveralPhotosChange,
}: {
  group: NewPostGroup;
  focusUpload: boolean;
  onSeveralPhotosChange: (several: boolean) => void;
}) {
  const form = useNewPostForm(group.id);
  const batch = useBatchUpload(group.id, form.state);
  const { state } = form;
  const severalPhotos = batch.state.items.length > 1;
  useEffect(() => onSeveralPhotosChange(severalPhotos), [severalPhotos, onSeveralPhotosChange]);

  if (batch.state.items.length > 0) {
    return (
      <BatchSteps
        group={group}
        form={form}
        batch={batch}
        onPostMore={() => {
          batch.reset();
          form.reset();
        }}
      />
    );
  }
  if (state.createdPostId) {
    return <PostCreatedPanel groupId={group.id} postId={state.createdPostId} onPostAnother={form.reset} />;
  }
  return (
    <Stack gap="10" maxW="3xl">
      <LeaveGuard active={state.file !== null} uploading={state.loading} />
      <UploadPhotoStep
        file={state.file}
        previewUrl={form.previewUrl}
        issues={state.issues}
        disabled={state.loading}
        onFileChosen={form.chooseFile}
        onFilesChosen={batch.addFiles}
        onPreviewLoaded={form.previewLoaded}
        onPreviewFailed={form.previewFailed}
        onClear={form.clearFile}
        focusOnShow={focusUpload}
      />
      {state.file && state.previewLoaded && (
        <DescribePhotoStep
          categories={group.categories}
          description={state.description}
          categoryIds={state.categoryIds}
          photoType={state.photoType}
          loading={state.loading}
          progress={state.progress}
          submissionIssue={state.submissionIssue}
          onDescriptionChange={form.setDescription}
          onCategoriesChange={form.setCategoryIds}
          onPhotoTypeChange={form.setPhotoType}
          onSubmit={() => void form.submit()}
          cameraDetails={
            <CameraDetailsChoice
              file={state.file}
              include={state.includeCameraDetails}
              disabled={state.loading}
              onIncludeChange={form.setIncludeCameraDetails}
            />
          }
        />
      )}
    </Stack>
  );
}

/** The batch: the grid of photos, one describe step for all, a bar per photo and one for the batch, the result. */
function BatchSteps({
  group,
  form,
  batch,
  onPostMore,
}: {
  group: NewPostGroup;
  form: ReturnType<typeof useNewPostForm>;
  batch: BatchUpload;
  onPostMore: () => void;
}) {
  const { items, phase } = batch.state;
  const uploading = items.some((item) => item.status === 'waiting' || item.status === 'sending');
  const unposted = items.some((item) => item.status !== 'posted' && item.status !== 'refused');
  const ready = items.filter((item) => item.status === 'ready').length;
  const guard = (
    <LeaveGuard
      active={unposted}
      uploading={uploading}
      texts={{ unsaved: LEAVE_NEW_POST.UNSAVED_BATCH, uploading: LEAVE_NEW_POST.UPLOADING_BATCH }}
    />
  );
  if (phase === 'done') {
    return (
      <Stack gap="10" maxW="3xl">
        {guard}
        <BatchResultPanel
          groupId={group.id}
          items={items}
          onRetry={(id) => void batch.retry(id)}
          onPostMore={onPostMore}
        />
      </Stack>
    );
  }
  const sending = phase === 'sending';
  return (
    <Stack gap="10" maxW="3xl">
      {guard}
      <BatchUploadStep
        items={items}
        editable={!sending}
        onPreviewLoaded={batch.previewLoaded}
        onPreviewFailed={batch.previewFailed}
        onRemove={batch.remove}
        onOwnDescriptionChange={batch.setOwnDescription}
        onRetry={(id) => void batch.retry(id)}
        onClearAll={onPostMore}
      />
      {(ready > 0 || sending) && (
        <DescribePhotoStep
          title={BATCH_TEXT.DESCRIBE_STEP_TITLE}
          hint={BATCH_TEXT.DESCRIBE_STEP_HINT}
          submitLabel={BATCH_TEXT.submit(ready)}
          progressView={<BatchProgress items={items} />}
          categories={group.categories}
          description={form.state.description}
          categoryIds={form.state.categoryIds}
          photoType={form.state.photoType}
          loading={sending}
          progress={null}
          submissionIssue={null}
          onDescriptionChange={form.setDescription}
          onCategoriesChange={form.setCategoryIds}
          onPhotoTypeChange={form.setPhotoType}
          onSubmit={() => void batch.submit()}
        />
      )}
    </Stack>
  );
}

function HomeLink() {
  return (
    <Button asChild variant="outline">
      <RouterLink to={paths.home()}>Go home</RouterLink>
    </Button>
  );
}
