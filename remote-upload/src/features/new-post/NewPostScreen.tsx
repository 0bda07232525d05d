import { Link as RouterLink, Navigate, useLocation, useParams } from 'react-router-dom';
import { useQuery } from '@apollo/client/react';
import { Button, Link, Stack, Text } from '@chakra-ui/react';
import { MESSAGES, paths } from '@snapshire/contracts';
import { useSession } from '@snapshire/data';
import { ErrorPanel, LoadingState, PageShell } from '@snapshire/ui';
import { CameraDetailsChoice } from './CameraDetailsChoice.tsx';
import { DescribePhotoStep } from './DescribePhotoStep.tsx';
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
          Your photo will be uploaded into the group{' '}
          <Link asChild fontWeight="semibold" color="fg" variant="underline">
            <RouterLink to={paths.group(group.id)}>{group.displayName}</RouterLink>
          </Link>
          .
        </Text>
        <ScreenErrorBoundary title="The upload form could not be shown">
          <NewPostSteps group={group} />
        </ScreenErrorBoundary>
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

/** Step one, then step two once the photo has loaded, then the success panel in place of both. */
function NewPostSteps({ group }: { group: NewPostGroup }) {
  const form = useNewPostForm(group.id);
  const { state } = form;

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
        onPreviewLoaded={form.previewLoaded}
        onPreviewFailed={form.previewFailed}
        onClear={form.clearFile}
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

function HomeLink() {
  return (
    <Button asChild variant="outline">
      <RouterLink to={paths.home()}>Go home</RouterLink>
    </Button>
  );
}
