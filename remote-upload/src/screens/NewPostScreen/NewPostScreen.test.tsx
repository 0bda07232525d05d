import { gql, type ApolloClient } from '@apollo/client';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { LEAVE_NEW_POST, LIMITS, MESSAGES } from '@snapshire/contracts';
import { disposeData, getSupabase, initData } from '@snapshire/data';
import {
  cameraPhoto,
  startComponentBackend,
  startRelay,
  uniqueEmail,
  type ComponentBackend,
  type Relay,
} from '@snapshire/backend/testing';
import { PostCreateRefusedError, type PostCreateRequest, type PostCreateTransport } from './postCreateTransport.ts';
import {
  insertNewPostWorld,
  jpegFile,
  PASSWORD,
  renderNewPostScreen,
  stubObjectUrls,
  type NewPostWorld,
  type RenderOptions,
} from './testing/renderNewPostScreen.tsx';

const POST_ID = '0a8e4c2d-1f3b-4d5e-9a7b-c6d5e4f3a2b1';

let backend: ComponentBackend;
let world: NewPostWorld;
let GROUP_ID: string;

beforeAll(async () => {
  // Every test signs in afresh, more than config.toml's 30 sign-ins per 5 minutes from one address allow.
  backend = await startComponentBackend({ authRateLimits: { signInSignUps: 500 } });
  world = await insertNewPostWorld(backend, uniqueEmail('poster'));
  GROUP_ID = world.groupId;
});
afterAll(async () => {
  await backend?.stop();
});

/** The group's normalized record in the Apollo cache. */
function cachedGroup(client: ApolloClient): Record<string, unknown> | undefined {
  return (client.cache.extract() as Record<string, Record<string, unknown>>)[`group:${GROUP_ID}`];
}

const user = () => userEvent.setup({ applyAccept: false });

/** Signs in through the page's one Supabase client, as the auth screen would have. */
async function signIn() {
  const { error } = await initData(backend.config).supabase.auth.signInWithPassword({
    email: world.email,
    password: PASSWORD,
  });
  if (error) throw error;
}

/** The screen at the group's new-post route (or `path`), on the real backend. */
function renderScreen(options: Partial<RenderOptions> = {}, config = backend.config) {
  return renderNewPostScreen(config, { path: `/groups/${GROUP_ID}/photograph/new`, ...options });
}

beforeEach(async () => {
  localStorage.clear();
  stubObjectUrls();
  await signIn();
});
afterEach(() => {
  cleanup();
  disposeData();
});

function fileInput(): HTMLInputElement {
  return screen.getByLabelText('Choose a photo');
}

/** Chooses a file and lets "the browser" decode it at the given size. */
async function choosePhoto(file = jpegFile(), size = { width: 4000, height: 3000 }) {
  await user().upload(fileInput(), file);
  const preview = await screen.findByAltText(`Preview of ${file.name}`);
  Object.defineProperty(preview, 'naturalWidth', { value: size.width, configurable: true });
  Object.defineProperty(preview, 'naturalHeight', { value: size.height, configurable: true });
  fireEvent.load(preview);
  return screen.findByRole('heading', { name: MESSAGES.DESCRIBE_STEP_TITLE });
}

describe('NewPostScreen: the page around the form', () => {
  it('names the group, links to it and cancels back to it', async () => {
    renderScreen();
    expect(await screen.findByRole('heading', { name: MESSAGES.NEW_POST })).toBeInTheDocument();
    const groupLink = await screen.findByRole('link', { name: 'Bristol' });
    expect(groupLink).toHaveAttribute('href', `/groups/${GROUP_ID}`);
    expect(screen.getByText(/will be uploaded into the group/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Cancel' })).toHaveAttribute('href', `/groups/${GROUP_ID}`);
    expect(screen.getByRole('heading', { name: MESSAGES.UPLOAD_STEP_TITLE })).toBeInTheDocument();
    expect(screen.getByText(/no larger than 10MB/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Terms & Conditions' })).toHaveAttribute('href', '/terms-and-conditions');
  });

  it('says the group id is missing', async () => {
    renderScreen({ path: '/new-post-without-group' });
    expect(await screen.findByText(MESSAGES.MISSING_GROUP_ID)).toBeInTheDocument();
  });

  it('sends a signed-out visitor to register, coming back here afterwards', async () => {
    await getSupabase().auth.signOut();
    renderScreen();
    const newPostPath = `/groups/${GROUP_ID}/photograph/new`;
    expect(
      await screen.findByText(`Register page at /auth/new?redirectTo=${encodeURIComponent(newPostPath)}`),
    ).toBeInTheDocument();
  });

  it("offers a public group's non-member to join, and shows the form once they have, one tap later", async () => {
    const path = `/groups/${world.openGroupId}/photograph/new`;
    const { client } = renderScreen({ path });
    expect(await screen.findByRole('heading', { name: MESSAGES.JOIN_TO_POST_TITLE })).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: MESSAGES.NEW_POST })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Keswick' })).toHaveAttribute('href', `/groups/${world.openGroupId}`);
    expect(screen.queryByRole('heading', { name: MESSAGES.UPLOAD_STEP_TITLE })).not.toBeInTheDocument();
    expect(screen.queryByLabelText('Choose a photo')).not.toBeInTheDocument();

    await user().click(screen.getByRole('button', { name: MESSAGES.JOIN_TO_POST_BUTTON }));
    expect(await screen.findByRole('heading', { name: MESSAGES.UPLOAD_STEP_TITLE })).toBeInTheDocument();
    // The button that was pressed has gone: the focus is on what comes next, choosing the photo.
    await waitFor(() => expect(screen.getByTestId('photo-dropzone')).toHaveFocus());
    expect(screen.queryByRole('heading', { name: MESSAGES.JOIN_TO_POST_TITLE })).not.toBeInTheDocument();
    // Joined for real, and the group's cached role and count (which the group page shows) say so.
    const [row] = await backend.sql<{ role: string }>(
      `select m.role from public.group_member m join auth.users u on u.id = m.user_id
       where m.group_id = $1 and u.email = $2`,
      [world.openGroupId, world.email],
    );
    expect(row).toEqual({ role: 'member' });
    const cached = (client().cache.extract() as Record<string, Record<string, unknown>>)[`group:${world.openGroupId}`];
    expect(cached?.my_role).toBe('member');
  });

  it.each([
    ['private and not a member', () => world.privateGroupId],
    ['unknown', () => crypto.randomUUID()],
  ])('shows the missing-group page for a group it cannot see (%s)', async (_case, groupId) => {
    renderScreen({ path: `/groups/${groupId()}/photograph/new` });
    expect(await screen.findByText(MESSAGES.MISSING_GROUP_PAGE)).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: MESSAGES.UPLOAD_STEP_TITLE })).not.toBeInTheDocument();
  });

  it('treats a malformed group id as not found without asking the server', async () => {
    let line: Relay | undefined;
    try {
      line = await startRelay(backend.url);
      renderScreen({ path: '/groups/not-a-uuid/photograph/new' }, { ...backend.config, supabaseUrl: line.url });
      expect(await screen.findByText(MESSAGES.MISSING_GROUP_PAGE)).toBeInTheDocument();
      expect(line.requests.filter((r) => r.url.pathname.startsWith('/graphql/'))).toEqual([]);
    } finally {
      await line?.stop();
    }
  });
});

describe('NewPostScreen: step one refuses files with the reasons listed in red', () => {
  it.each([
    ['a PNG', new File([new Uint8Array(10)], 'photo.png', { type: 'image/png' }), [MESSAGES.ONLY_JPEG]],
    [
      'a JPEG of 10MB + 1 byte',
      new File([new Uint8Array(LIMITS.UPLOAD_MAX_BYTES + 1)], 'huge.jpg', { type: 'image/jpeg' }),
      [MESSAGES.PHOTO_TOO_LARGE],
    ],
    [
      'a text file',
      new File(['hello'], 'notes.txt', { type: 'text/plain' }),
      [MESSAGES.ONLY_IMAGES, MESSAGES.ONLY_JPEG],
    ],
  ])('refuses %s', async (_, file, messages) => {
    renderScreen();
    await screen.findByRole('link', { name: 'Bristol' });
    await user().upload(fileInput(), file);
    const list = await screen.findByRole('alert', { name: 'Problems with this photo' });
    expect(
      within(list)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(messages);
    expect(getComputedStyle(list).color).toBe('var(--chakra-colors-fg-error)');
    expect(screen.queryByAltText(/Preview of/)).not.toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: MESSAGES.DESCRIBE_STEP_TITLE })).not.toBeInTheDocument();
  });

  it('refuses a text file named .jpg as not a JPEG, from its bytes', async () => {
    renderScreen();
    await screen.findByRole('link', { name: 'Bristol' });
    await user().upload(fileInput(), new File(['not a photo'], 'fake.jpg', { type: 'image/jpeg' }));
    expect(await screen.findByText(MESSAGES.NOT_A_JPEG)).toBeInTheDocument();
    expect(screen.queryByAltText('Preview of fake.jpg')).not.toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: MESSAGES.DESCRIBE_STEP_TITLE })).not.toBeInTheDocument();
  });

  it('refuses a file whose header reads but whose pixels the browser cannot decode, as not a JPEG', async () => {
    renderScreen();
    await screen.findByRole('link', { name: 'Bristol' });
    await user().upload(fileInput(), jpegFile('broken.jpg'));
    fireEvent.error(await screen.findByAltText('Preview of broken.jpg'));
    expect(await screen.findByText(MESSAGES.NOT_A_JPEG)).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: MESSAGES.DESCRIBE_STEP_TITLE })).not.toBeInTheDocument();
  });

  it.each([
    [
      'a side longer than JPEG decoders read',
      { width: LIMITS.PHOTO_MAX_SIDE_PX + 1, height: 2 },
      MESSAGES.PHOTO_SIDE_TOO_LONG,
    ],
    ['more than 50 megapixels', { width: 10_000, height: 6_000 }, MESSAGES.IMAGE_TOO_MANY_PIXELS],
  ])('refuses a photo with %s before Submit, in the server’s words', async (_, frame, message) => {
    renderScreen();
    await screen.findByRole('link', { name: 'Bristol' });
    await user().upload(fileInput(), jpegFile('odd.jpg', 2048, frame));
    expect(await screen.findByText(message)).toBeInTheDocument();
    // Even when the browser manages to show it, the refusal stands and step two never opens.
    const preview = screen.queryByAltText('Preview of odd.jpg');
    if (preview) fireEvent.load(preview);
    expect(screen.queryByRole('heading', { name: MESSAGES.DESCRIBE_STEP_TITLE })).not.toBeInTheDocument();
  });

  it('clears the reasons when a good photo follows a refused one', async () => {
    renderScreen();
    await screen.findByRole('link', { name: 'Bristol' });
    await user().upload(fileInput(), new File([new Uint8Array(10)], 'photo.png', { type: 'image/png' }));
    expect(await screen.findByText(MESSAGES.ONLY_JPEG)).toBeInTheDocument();
    await choosePhoto();
    expect(screen.queryByText(MESSAGES.ONLY_JPEG)).not.toBeInTheDocument();
  });
});

describe('NewPostScreen: step two', () => {
  it('appears only once the chosen photo has loaded, then scrolls into view after the delay', async () => {
    // When it scrolled, not whether it had by the time the heading was found: finding it can take longer than
    // the delay on a busy machine.
    let scrolledAt = 0;
    const scrollIntoView = vi.fn(() => void (scrolledAt ||= Date.now()));
    Element.prototype.scrollIntoView = scrollIntoView;
    renderScreen();
    await screen.findByRole('link', { name: 'Bristol' });
    await user().upload(fileInput(), jpegFile());
    const preview = await screen.findByAltText('Preview of harbour.jpg');
    expect(screen.queryByRole('heading', { name: MESSAGES.DESCRIBE_STEP_TITLE })).not.toBeInTheDocument();

    Object.defineProperty(preview, 'naturalWidth', { value: 800 });
    Object.defineProperty(preview, 'naturalHeight', { value: 600 });
    const shownAt = Date.now();
    fireEvent.load(preview);
    expect(await screen.findByRole('heading', { name: MESSAGES.DESCRIBE_STEP_TITLE })).toBeInTheDocument();
    await waitFor(() => expect(scrollIntoView).toHaveBeenCalledTimes(1));
    expect(scrolledAt - shownAt).toBeGreaterThanOrEqual(LIMITS.SCROLL_INTO_VIEW_DELAY_MS - 20);

    const description = screen.getByPlaceholderText(MESSAGES.DESCRIPTION_PLACEHOLDER);
    expect(description).toHaveAttribute('maxLength', String(LIMITS.DESCRIPTION_MAX_LENGTH));
    expect(screen.getByRole('checkbox', { name: 'Street' })).not.toBeChecked();
    expect(screen.getByRole('checkbox', { name: 'Architecture' })).not.toBeChecked();
    expect(screen.getByRole('radio', { name: 'Digital' })).toBeChecked();
    expect(screen.getByRole('radio', { name: 'Film' })).not.toBeChecked();
  });

  it('counts the description as it is typed', async () => {
    renderScreen();
    await screen.findByRole('link', { name: 'Bristol' });
    await choosePhoto();
    await user().type(screen.getByPlaceholderText(MESSAGES.DESCRIPTION_PLACEHOLDER), 'Harbour at dusk');
    expect(screen.getByTestId('description-count')).toHaveTextContent('15/200');
  });

  it('goes back to step one when the photo is cleared', async () => {
    const { revoked, created } = stubObjectUrls();
    renderScreen();
    await screen.findByRole('link', { name: 'Bristol' });
    await choosePhoto();
    await user().click(screen.getByRole('button', { name: 'Clear' }));
    expect(screen.queryByRole('heading', { name: MESSAGES.DESCRIBE_STEP_TITLE })).not.toBeInTheDocument();
    expect(screen.queryByAltText(/Preview of/)).not.toBeInTheDocument();
    expect(screen.getByLabelText('Choose a photo')).toBeInTheDocument();
    expect(revoked).toEqual(created);
  });
});

describe('NewPostScreen: submission', () => {
  /** A transport the test answers by hand, recording what it was sent. */
  function manualTransport() {
    const requests: PostCreateRequest[] = [];
    let settle: { resolve: (postId: string) => void; reject: (reason: unknown) => void } | undefined;
    const transport = vi.fn<PostCreateTransport>(
      (request) =>
        new Promise((resolve, reject) => {
          requests.push(request);
          settle = { resolve: (postId) => resolve({ postId }), reject };
        }),
    );
    return { transport, requests, settle: () => settle! };
  }

  async function fillAndSubmit() {
    await choosePhoto(jpegFile('harbour.jpg'), { width: 4000, height: 3000 });
    const u = user();
    await u.type(screen.getByPlaceholderText(MESSAGES.DESCRIPTION_PLACEHOLDER), 'Harbour at dusk');
    await u.click(screen.getByRole('checkbox', { name: 'Street' }));
    await u.click(screen.getByRole('checkbox', { name: 'Architecture' }));
    await u.click(screen.getByRole('radio', { name: 'Film' }));
    await u.click(screen.getByRole('button', { name: 'Submit' }));
  }

  it('sends the multipart form, shows progress while loading, then the success panel', async () => {
    const { transport, requests, settle } = manualTransport();
    renderScreen({ transport });
    await screen.findByRole('link', { name: 'Bristol' });
    await fillAndSubmit();

    expect(transport).toHaveBeenCalledTimes(1);
    const [request] = requests;
    expect(request!.url).toBe(`${backend.url}/functions/v1/handle-post-create`);
    expect(request!.apiKey).toBe(backend.anonKey);
    const { data } = await getSupabase().auth.getSession();
    expect(request!.accessToken).toBe(data.session!.access_token);
    const form = request!.body;
    expect((form.get('file') as File).name).toBe('harbour.jpg');
    expect(form.get('groupId')).toBe(GROUP_ID);
    expect(form.get('description')).toBe('Harbour at dusk');
    expect(form.get('photoType')).toBe('FILM');
    expect(form.get('width')).toBe('4000');
    expect(form.get('height')).toBe('3000');
    expect((form.get('categoryIds') as string).split(',').sort()).toEqual(world.categories.map((c) => c.id).sort());
    expect(form.has('cameraMake')).toBe(false);

    // Loading: the button is disabled and the bar follows the upload.
    expect(screen.getByRole('button', { name: /Submit/ })).toBeDisabled();
    request!.onProgress!({ loaded: 512, total: 1024 });
    expect(await screen.findByText('50%')).toBeInTheDocument();
    expect(screen.getByRole('progressbar', { name: 'Upload progress' })).toHaveAttribute('aria-valuenow', '50');
    expect(screen.getByText('Uploading your photo…')).toBeInTheDocument();

    settle().resolve(POST_ID);
    expect(await screen.findByText(MESSAGES.POST_CREATED)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: MESSAGES.VIEW_YOUR_POST })).toHaveAttribute(
      'href',
      `/groups/${GROUP_ID}/post/${POST_ID}`,
    );
    expect(screen.queryByRole('heading', { name: MESSAGES.DESCRIBE_STEP_TITLE })).not.toBeInTheDocument();
  });

  it('shows the camera details read from the photo and sends the choice to leave them out', async () => {
    const photo = new File([new Uint8Array(await cameraPhoto(400, 300, 1))], 'x100v.jpg', { type: 'image/jpeg' });
    const { transport, requests, settle } = manualTransport();
    renderScreen({ transport });
    await screen.findByRole('link', { name: 'Bristol' });
    await choosePhoto(photo, { width: 400, height: 300 });
    const choice = await screen.findByRole('checkbox', { name: MESSAGES.CAMERA_DETAILS_LABEL });
    expect(choice).toBeChecked();
    expect(choice).toHaveAccessibleDescription(MESSAGES.CAMERA_DETAILS_HINT);
    expect(screen.getByTestId('camera-details-line')).toHaveTextContent(
      'FUJIFILM X100V · XF23mmF2 R WR · 23 mm · f/2 · 1/250 s · ISO 200',
    );
    const u = user();
    await u.click(choice);
    expect(choice).not.toBeChecked();
    await u.click(screen.getByRole('button', { name: 'Submit' }));
    expect(requests[0]!.body.get('cameraDetails')).toBe('omit');
    settle().resolve(POST_ID);
    expect(await screen.findByText(MESSAGES.POST_CREATED)).toBeInTheDocument();
  });

  it('offers no camera choice for a photo that states no camera, and sends none', async () => {
    const { transport, requests, settle } = manualTransport();
    renderScreen({ transport });
    await screen.findByRole('link', { name: 'Bristol' });
    await fillAndSubmit();
    expect(screen.queryByTestId('camera-details-choice')).not.toBeInTheDocument();
    expect(requests[0]!.body.has('cameraDetails')).toBe(false);
    settle().resolve(POST_ID);
    expect(await screen.findByText(MESSAGES.POST_CREATED)).toBeInTheDocument();
  });

  it.each([
    ['the server’s message when it refuses', new PostCreateRefusedError(MESSAGES.NOT_A_JPEG, 415), MESSAGES.NOT_A_JPEG],
    ['the general failure for any other error', new Error('network down'), MESSAGES.POST_CREATE_FAILED],
    ['the unknown error for a non-error throw', 'a string', MESSAGES.UNKNOWN_ERROR],
  ])('shows %s, and lets the user try again', async (_, failure, message) => {
    const { transport, settle } = manualTransport();
    renderScreen({ transport });
    await screen.findByRole('link', { name: 'Bristol' });
    await fillAndSubmit();
    settle().reject(failure);

    expect(await screen.findByText(message)).toBeInTheDocument();
    const submit = screen.getByRole('button', { name: 'Submit' });
    expect(submit).toBeEnabled();
    expect(screen.queryByText(MESSAGES.POST_CREATED)).not.toBeInTheDocument();

    // Retrying clears the previous issue while loading, and can succeed.
    await user().click(submit);
    expect(transport).toHaveBeenCalledTimes(2);
    expect(screen.queryByText(message)).not.toBeInTheDocument();
    settle().resolve(POST_ID);
    expect(await screen.findByText(MESSAGES.POST_CREATED)).toBeInTheDocument();
  });

  it('refuses to send when the session has gone, saying so', async () => {
    const { transport } = manualTransport();
    renderScreen({ transport });
    await screen.findByRole('link', { name: 'Bristol' });
    await choosePhoto();
    // Another tab signed out: the stored session is gone before this tab has heard of it.
    localStorage.clear();
    await user().click(screen.getByRole('button', { name: 'Submit' }));
    expect(await screen.findByText(MESSAGES.NOT_SIGNED_IN)).toBeInTheDocument();
    expect(transport).not.toHaveBeenCalled();
  });

  it('drops the group’s cached posts so the group page shows the new one without a reload', async () => {
    const { transport, settle } = manualTransport();
    const client = renderScreen({ transport }).client();
    await screen.findByRole('link', { name: 'Bristol' });
    // What the group page left in the shared cache on an earlier visit.
    client.cache.writeFragment({
      id: `group:${GROUP_ID}`,
      fragment: gql`
        fragment GroupPostsForTest on group {
          postCollection {
            edges {
              cursor
            }
          }
        }
      `,
      data: { __typename: 'group', postCollection: { __typename: 'postConnection', edges: [] } },
    });
    expect(cachedGroup(client)).toHaveProperty('postCollection');

    await fillAndSubmit();
    settle().resolve(POST_ID);
    await screen.findByText(MESSAGES.POST_CREATED);
    const group = cachedGroup(client);
    expect(group).toHaveProperty('display_name', 'Bristol');
    expect(group).not.toHaveProperty('postCollection');
  });

  it.each([
    ['the page to its top when the title and the panel fit on the screen from there', 300, 'top'],
    ['the panel below the top bar when they do not', 2000, 'panel'],
  ] as const)('gives the success panel the focus Submit had and scrolls %s', async (_, panelBottom, target) => {
    const scrollIntoView = vi.fn();
    Element.prototype.scrollIntoView = scrollIntoView;
    const scrollTo = vi.fn();
    vi.stubGlobal('scrollTo', scrollTo);
    const { transport, settle } = manualTransport();
    renderScreen({ transport });
    await screen.findByRole('link', { name: 'Bristol' });
    await fillAndSubmit();
    scrollIntoView.mockClear();
    const rect = vi
      .spyOn(HTMLElement.prototype, 'getBoundingClientRect')
      .mockReturnValue({ bottom: panelBottom } as DOMRect);
    settle().resolve(POST_ID);
    const panel = (await screen.findByText(MESSAGES.POST_CREATED)).closest<HTMLElement>('[role="status"]')!;
    expect(panel).toHaveFocus();
    if (target === 'top') {
      expect(scrollTo).toHaveBeenCalledWith({ top: 0 });
      expect(scrollIntoView).not.toHaveBeenCalled();
    } else {
      expect(scrollTo).not.toHaveBeenCalled();
      expect(scrollIntoView).toHaveBeenCalledTimes(1);
      expect(scrollIntoView.mock.contexts[0]).toBe(panel);
      expect(scrollIntoView).toHaveBeenCalledWith({ block: 'start' });
    }
    rect.mockRestore();
    vi.unstubAllGlobals();
  });

  it('starts over with "Post another photo"', async () => {
    const { transport, settle } = manualTransport();
    renderScreen({ transport });
    await screen.findByRole('link', { name: 'Bristol' });
    await fillAndSubmit();
    settle().resolve(POST_ID);
    await user().click(await screen.findByRole('button', { name: 'Post another photo' }));
    expect(screen.getByLabelText('Choose a photo')).toBeInTheDocument();
    expect(screen.queryByText(MESSAGES.POST_CREATED)).not.toBeInTheDocument();
  });
});

describe('NewPostScreen: leaving with a photo chosen asks first', () => {
  it('asks before Cancel drops a chosen photo and its description; Stay keeps both, Leave goes', async () => {
    renderScreen();
    await screen.findByRole('link', { name: 'Bristol' });
    await choosePhoto(jpegFile('harbour.jpg'));
    const u = user();
    await u.type(screen.getByPlaceholderText(MESSAGES.DESCRIPTION_PLACEHOLDER), 'Harbour at dusk');

    await u.click(screen.getByRole('link', { name: 'Cancel' }));
    const dialog = await screen.findByRole('alertdialog', { name: LEAVE_NEW_POST.TITLE });
    expect(within(dialog).getByText(LEAVE_NEW_POST.UNSAVED)).toBeInTheDocument();
    await u.click(within(dialog).getByRole('button', { name: LEAVE_NEW_POST.STAY }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
    expect(screen.getByPlaceholderText(MESSAGES.DESCRIPTION_PLACEHOLDER)).toHaveValue('Harbour at dusk');
    expect(screen.getByAltText('Preview of harbour.jpg')).toBeInTheDocument();

    await u.click(screen.getByRole('link', { name: 'Cancel' }));
    const again = await screen.findByRole('alertdialog', { name: LEAVE_NEW_POST.TITLE });
    await u.click(within(again).getByRole('button', { name: LEAVE_NEW_POST.LEAVE }));
    expect(await screen.findByText(`Group page at /groups/${GROUP_ID}`)).toBeInTheDocument();
  });

  it('says so when the photo is still uploading', async () => {
    renderScreen({ transport: vi.fn<PostCreateTransport>(() => new Promise(() => undefined)) });
    await screen.findByRole('link', { name: 'Bristol' });
    await choosePhoto(jpegFile('harbour.jpg'));
    const u = user();
    await u.click(screen.getByRole('button', { name: 'Submit' }));
    await u.click(screen.getByRole('link', { name: 'Cancel' }));
    const dialog = await screen.findByRole('alertdialog', { name: LEAVE_NEW_POST.TITLE });
    expect(within(dialog).getByText(LEAVE_NEW_POST.UPLOADING)).toBeInTheDocument();
  });

  it('leaves without asking when nothing was chosen, and after the post was created', async () => {
    const { unmount } = renderScreen();
    await screen.findByRole('link', { name: 'Bristol' });
    await user().click(screen.getByRole('link', { name: 'Cancel' }));
    expect(await screen.findByText(`Group page at /groups/${GROUP_ID}`)).toBeInTheDocument();
    unmount();

    renderScreen({ transport: vi.fn<PostCreateTransport>(() => Promise.resolve({ postId: POST_ID })) });
    await screen.findByRole('link', { name: 'Bristol' });
    await choosePhoto(jpegFile('harbour.jpg'));
    await user().click(screen.getByRole('button', { name: 'Submit' }));
    await user().click(await screen.findByRole('link', { name: MESSAGES.VIEW_YOUR_POST }));
    expect(await screen.findByText(`Post page at /groups/${GROUP_ID}/post/${POST_ID}`)).toBeInTheDocument();
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
  });

  it('asks the browser to confirm closing or reloading the tab while a photo is chosen', async () => {
    renderScreen();
    await screen.findByRole('link', { name: 'Bristol' });
    const before = new Event('beforeunload', { cancelable: true });
    window.dispatchEvent(before);
    expect(before.defaultPrevented).toBe(false);
    await choosePhoto(jpegFile('harbour.jpg'));
    const after = new Event('beforeunload', { cancelable: true });
    window.dispatchEvent(after);
    expect(after.defaultPrevented).toBe(true);
  });
});
