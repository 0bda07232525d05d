import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import { BROWSE_TEXT, paths } from '@snapshire/contracts';
import { disposeData } from '@snapshire/data';
import { startComponentBackend, uniqueEmail, type ComponentBackend } from '@snapshire/backend/testing';
import { renderOnBackend } from '../shared/testing/renderOnBackend.tsx';
import { insertAuthor, insertGroup, type WorldGroup } from '../shared/testing/browseWorld.ts';
import { galleryPosts } from '../shared/testing/fixtures.ts';
import GroupPage from '../screens/GroupPage/GroupPage.tsx';
import PostView from '../screens/PostView/PostView.tsx';

let backend: ComponentBackend;
let withCamera: WorldGroup;
let withoutCamera: WorldGroup;

beforeAll(async () => {
  backend = await startComponentBackend();
  const authorId = await insertAuthor(backend, uniqueEmail('author'));
  withCamera = await insertGroup(backend, {
    authorId,
    posts: galleryPosts(1),
    camera: { make: 'FUJIFILM', model: 'X100V', exposureTime: 1 / 250, fNumber: 2, iso: 200, focalLength: 23 },
  });
  withoutCamera = await insertGroup(backend, { authorId, name: 'No EXIF', posts: galleryPosts(1) });
});
afterAll(async () => {
  await backend?.stop();
});
beforeEach(() => localStorage.clear());
afterEach(() => disposeData());

const renderPost = (group: WorldGroup) =>
  renderOnBackend(backend.config, {
    initialEntries: [paths.groupPost(group.id, group.posts[0]!.id)],
    group: <GroupPage />,
    post: <PostView />,
  });

describe('the post’s camera line', { timeout: 30_000 }, () => {
  it('shows the camera details the photo stated, in one line', async () => {
    renderPost(withCamera);
    const line = await screen.findByTestId('post-camera');
    expect(line).toHaveTextContent(/^FUJIFILM X100V · 23 mm · f\/2 · 1\/250 s · ISO 200$/);
    expect(screen.getByText(BROWSE_TEXT.CAMERA_LABEL)).toBeInTheDocument();
  });

  it('is hidden when the photo stated none', async () => {
    renderPost(withoutCamera);
    await screen.findByTestId('post-author');
    expect(screen.queryByTestId('post-camera')).not.toBeInTheDocument();
    expect(screen.queryByText(BROWSE_TEXT.CAMERA_LABEL)).not.toBeInTheDocument();
  });
});
