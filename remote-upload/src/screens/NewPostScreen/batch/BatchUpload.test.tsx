/**
 * Several photos at once on the new-post screen (issue 25), on the real backend and data layer with the
 * post-create transport answered by hand: each photo checked on its own, one describe step for all, at most
 * LIMITS.UPLOAD_CONCURRENCY uploads in flight, a result listing what was and was not posted, Retry with the
 * photo's same idempotency key.
 */
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { BATCH_TEXT, LEAVE_NEW_POST, LIMITS, MESSAGES } from '@snapshire/contracts';
import { disposeData, initData } from '@snapshire/data';
import { startComponentBackend, uniqueEmail, type ComponentBackend } from '@snapshire/backend/testing';
import type { PostCreateRequest, PostCreateTransport } from '../postCreateTransport.ts';
import {
  insertNewPostWorld,
  jpegFile,
  PASSWORD,
  renderNewPostScreen,
  stubObjectUrls,
  type NewPostWorld,
} from '../testing/renderNewPostScreen.tsx';

let backend: ComponentBackend;
let world: NewPostWorld;

beforeAll(async () => {
  backend = await startComponentBackend({ authRateLimits: { signInSignUps: 500 } });
  world = await insertNewPostWorld(backend, uniqueEmail('batch-poster'));
});
afterAll(async () => {
  await backend?.stop();
});
beforeEach(async () => {
  localStorage.clear();
  stubObjectUrls();
  const { error } = await initData(backend.config).supabase.auth.signInWithPassword({
    email: world.email,
    password: PASSWORD,
  });
  if (error) throw error;
});
afterEach(() => {
  cleanup();
  disposeData();
});

const user = () => userEvent.setup({ applyAccept: false });
const png = (name: string) =>
  new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47, 13, 10, 26, 10])], name, { type: 'image/png' });

/** A transport the test answers request by hand, counting how many are open at once. */
function manualTransport() {
  const open: Array<{ request: PostCreateRequest; resolve: (postId: string) => void; reject: (e: unknown) => void }> =
    [];
  const requests: PostCreateRequest[] = [];
  let inFlight = 0;
  let maxInFlight = 0;
  const transport = vi.fn<PostCreateTransport>(
    (request) =>
      new Promise((resolve, reject) => {
        requests.push(request);
        inFlight++;
        maxInFlight = Math.max(maxInFlight, inFlight);
        const done = () => void inFlight--;
        open.push({
          request,
          resolve: (postId) => {
            done();
            resolve({ postId });
          },
          reject: (e) => {
            done();
            reject(e);
          },
        });
      }),
  );
  return { transport, requests, open, maxInFlight: () => maxInFlight, inFlight: () => inFlight };
}

/** Drops the files on the picker and lets "the browser" decode every preview it shows. */
async function chooseFiles(files: File[]) {
  await user().upload(screen.getByLabelText('Choose a photo'), files);
  await screen.findByRole('heading', { name: BATCH_TEXT.UPLOAD_STEP_TITLE });
  for (const image of screen.queryAllByAltText(/^Preview of /)) {
    Object.defineProperty(image, 'naturalWidth', { value: 4000, configurable: true });
    Object.defineProperty(image, 'naturalHeight', { value: 3000, configurable: true });
    fireEvent.load(image);
  }
  return screen.findByRole('heading', { name: BATCH_TEXT.DESCRIBE_STEP_TITLE });
}

const tile = (name: string) => screen.getByRole('listitem', { name });

function renderScreen(transport: PostCreateTransport) {
  return renderNewPostScreen(backend.config, { path: `/groups/${world.groupId}/photograph/new`, transport });
}

describe('NewPostScreen with several photos', () => {
  it('marks a PNG among JPEGs with its issue and leaves it out, sends the 3 JPEGs and lists the posts', async () => {
    const line = manualTransport();
    renderScreen(line.transport);
    await screen.findByRole('link', { name: 'Bristol' });
    await chooseFiles([jpegFile('a.jpg'), jpegFile('b.jpg'), png('diagram.png'), jpegFile('c.jpg')]);

    expect(within(tile('diagram.png')).getByText(BATCH_TEXT.LEFT_OUT)).toBeInTheDocument();
    expect(within(tile('diagram.png')).getByText(MESSAGES.ONLY_JPEG)).toBeInTheDocument();
    expect(screen.getByText(BATCH_TEXT.chosen(3, 1))).toBeInTheDocument();
    // The screen's opening words speak of the photos, not of one photo.
    expect(screen.getByText(/^Your photos will be uploaded into the group/)).toBeInTheDocument();

    const u = user();
    await u.type(screen.getByPlaceholderText(MESSAGES.DESCRIPTION_PLACEHOLDER), 'Harbour day');
    await u.click(screen.getByRole('checkbox', { name: 'Street' }));
    await u.click(screen.getByRole('radio', { name: 'Film' }));
    await u.click(screen.getByRole('button', { name: BATCH_TEXT.submit(3) }));

    await waitFor(() => expect(line.requests).toHaveLength(3));
    expect(line.requests.map((r) => (r.body.get('file') as File).name).sort()).toEqual(['a.jpg', 'b.jpg', 'c.jpg']);
    for (const { body } of line.requests) {
      expect(body.get('description')).toBe('Harbour day');
      expect(body.get('photoType')).toBe('FILM');
      expect(body.get('categoryIds')).toBe(world.categories[0]!.id);
    }
    const keys = line.requests.map((r) => r.body.get('idempotencyKey'));
    expect(new Set(keys).size).toBe(3);
    for (const key of keys) expect(key).toMatch(/^[0-9a-f-]{36}$/);
    expect(screen.getByRole('progressbar', { name: 'Upload progress of all photos' })).toBeInTheDocument();
    expect(screen.getByRole('progressbar', { name: 'Upload progress of a.jpg' })).toBeInTheDocument();

    line.open.forEach((o, i) => o.resolve(`0a8e4c2d-1f3b-4d5e-9a7b-c6d5e4f3a2b${i}`));
    expect(await screen.findByText(BATCH_TEXT.posted(3))).toBeInTheDocument();
    const posts = within(screen.getByRole('list', { name: 'Posts created' })).getAllByRole('link');
    expect(posts).toHaveLength(3);
    expect(posts[0]).toHaveAttribute('href', expect.stringMatching(new RegExp(`^/groups/${world.groupId}/post/`)));
    expect(screen.getByText(BATCH_TEXT.notPosted(1))).toBeInTheDocument();
  });

  it('keeps at most 3 uploads in flight, and a photo may have its own description', async () => {
    const line = manualTransport();
    renderScreen(line.transport);
    await screen.findByRole('link', { name: 'Bristol' });
    const names = ['1.jpg', '2.jpg', '3.jpg', '4.jpg', '5.jpg', '6.jpg', '7.jpg'];
    await chooseFiles(names.map((n) => jpegFile(n)));
    const u = user();
    await u.type(screen.getByPlaceholderText(MESSAGES.DESCRIPTION_PLACEHOLDER), 'Shared words');
    await u.click(within(tile('4.jpg')).getByRole('button', { name: BATCH_TEXT.OWN_DESCRIPTION }));
    await u.type(screen.getByLabelText('Description of 4.jpg'), 'Only this one');
    await u.click(screen.getByRole('button', { name: BATCH_TEXT.submit(7) }));

    await waitFor(() => expect(line.requests).toHaveLength(3));
    // Answer one at a time: each answer lets exactly one more start, never a fourth at once.
    for (let answered = 0; answered < names.length; answered++) {
      expect(line.inFlight()).toBeLessThanOrEqual(LIMITS.UPLOAD_CONCURRENCY);
      const next = line.open[answered]!;
      next.resolve(`1a8e4c2d-1f3b-4d5e-9a7b-c6d5e4f3a2b${answered}`);
      await waitFor(() => expect(line.requests.length).toBe(Math.min(names.length, answered + 1 + 3)));
    }
    expect(line.maxInFlight()).toBe(LIMITS.UPLOAD_CONCURRENCY);
    expect(await screen.findByText(BATCH_TEXT.posted(7))).toBeInTheDocument();
    const described = Object.fromEntries(
      line.requests.map((r) => [(r.body.get('file') as File).name, r.body.get('description')]),
    );
    expect(described['4.jpg']).toBe('Only this one');
    expect(described['5.jpg']).toBe('Shared words');
  });

  it('shows why a photo failed and retries it with its same key, the others unaffected', async () => {
    const line = manualTransport();
    renderScreen(line.transport);
    await screen.findByRole('link', { name: 'Bristol' });
    await chooseFiles([jpegFile('ok.jpg'), jpegFile('lost.jpg')]);
    await user().click(screen.getByRole('button', { name: BATCH_TEXT.submit(2) }));
    await waitFor(() => expect(line.requests).toHaveLength(2));
    const byName = (name: string) => line.open.find((o) => (o.request.body.get('file') as File).name === name)!;
    byName('ok.jpg').resolve('2a8e4c2d-1f3b-4d5e-9a7b-c6d5e4f3a2b1');
    byName('lost.jpg').reject(new Error('The upload could not reach the server.'));

    expect(await screen.findByText(BATCH_TEXT.posted(1))).toBeInTheDocument();
    expect(screen.getByText(MESSAGES.POST_CREATE_FAILED)).toBeInTheDocument();
    const firstKey = byName('lost.jpg').request.body.get('idempotencyKey');
    await user().click(screen.getByRole('button', { name: 'Retry lost.jpg' }));
    await waitFor(() => expect(line.requests).toHaveLength(3));
    expect(line.requests[2]!.body.get('idempotencyKey')).toBe(firstKey);
    line.open[2]!.resolve('2a8e4c2d-1f3b-4d5e-9a7b-c6d5e4f3a2b2');
    expect(await screen.findByText(BATCH_TEXT.posted(2))).toBeInTheDocument();
    expect(screen.queryByText(MESSAGES.POST_CREATE_FAILED)).not.toBeInTheDocument();
  });

  it('leaves out the files past the limit, each with a clear message', async () => {
    const line = manualTransport();
    renderScreen(line.transport);
    await screen.findByRole('link', { name: 'Bristol' });
    const files = Array.from({ length: LIMITS.UPLOAD_MAX_FILES + 1 }, (_, i) => jpegFile(`p${i + 1}.jpg`));
    await chooseFiles(files);
    const last = tile(`p${LIMITS.UPLOAD_MAX_FILES + 1}.jpg`);
    expect(within(last).getByText(BATCH_TEXT.TOO_MANY_FILES)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: BATCH_TEXT.submit(LIMITS.UPLOAD_MAX_FILES) })).toBeInTheDocument();
  });

  it('asks before leaving mid-batch (the single upload’s leave guard, in the batch’s words)', async () => {
    const line = manualTransport();
    renderScreen(line.transport);
    await screen.findByRole('link', { name: 'Bristol' });
    await chooseFiles([jpegFile('a.jpg'), jpegFile('b.jpg')]);
    const u = user();
    await u.click(screen.getByRole('link', { name: 'Cancel' }));
    const before = await screen.findByRole('alertdialog', { name: LEAVE_NEW_POST.TITLE });
    expect(within(before).getByText(LEAVE_NEW_POST.UNSAVED_BATCH)).toBeInTheDocument();
    await u.click(within(before).getByRole('button', { name: LEAVE_NEW_POST.STAY }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());

    await u.click(screen.getByRole('button', { name: BATCH_TEXT.submit(2) }));
    await waitFor(() => expect(line.requests).toHaveLength(2));
    await u.click(screen.getByRole('link', { name: 'Cancel' }));
    const during = await screen.findByRole('alertdialog', { name: LEAVE_NEW_POST.TITLE });
    expect(within(during).getByText(LEAVE_NEW_POST.UPLOADING_BATCH)).toBeInTheDocument();
    await u.click(within(during).getByRole('button', { name: LEAVE_NEW_POST.STAY }));
    expect(screen.getAllByTestId('batch-tile')).toHaveLength(2);
  });
});
