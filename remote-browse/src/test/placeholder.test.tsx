import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { fireEvent, waitFor, within } from '@testing-library/react';
import { paths } from '@snapshire/contracts';
import { disposeData } from '@snapshire/data';
import { startComponentBackend, uniqueEmail, type ComponentBackend } from '@snapshire/backend/testing';
import { rgbaToThumbHash, thumbHashToDataURL } from 'thumbhash';
import { renderOnBackend } from '../shared/testing/renderOnBackend.tsx';
import { insertAuthor, insertGroup, type WorldGroup } from '../shared/testing/browseWorld.ts';
import { galleryPosts } from '../shared/testing/fixtures.ts';
import GroupPage from '../screens/GroupPage/GroupPage.tsx';
import PostView from '../screens/PostView/PostView.tsx';
import { placeholderDataUrl } from '../shared/photos/placeholder.ts';

/**
 * The ThumbHash of a real picture (100x75: red on the left, blue on the right), computed as handle-post-create
 * computes it, in base64 without padding as the post stores it.
 */
function pictureThumbHash(): string {
  const w = 100;
  const h = 75;
  const rgba = new Uint8Array(w * h * 4);
  for (let i = 0; i < w * h; i++) {
    const left = i % w < w / 2;
    rgba.set(left ? [200, 40, 30, 255] : [30, 60, 200, 255], i * 4);
  }
  const bytes = rgbaToThumbHash(w, h, rgba);
  return btoa(String.fromCharCode(...bytes)).replace(/=+$/, '');
}

const HASH = pictureThumbHash();

let backend: ComponentBackend;
let group: WorldGroup;

beforeAll(async () => {
  backend = await startComponentBackend();
  const authorId = await insertAuthor(backend, uniqueEmail('author'));
  const posts = galleryPosts(2).map((post, i) => ({ ...post, th: i === 0 ? HASH : null }));
  group = await insertGroup(backend, { authorId, posts });
});
afterAll(async () => {
  await backend?.stop();
});
beforeEach(() => localStorage.clear());
afterEach(() => disposeData());

describe('placeholderDataUrl', () => {
  it('renders a stored ThumbHash (no padding) as the PNG the thumbhash package draws, and nothing for none', () => {
    const bytes = Uint8Array.from(atob(HASH), (c) => c.charCodeAt(0));
    expect(placeholderDataUrl(HASH)).toBe(thumbHashToDataURL(bytes));
    expect(placeholderDataUrl(HASH)).toMatch(/^data:image\/png;base64,/);
    expect(placeholderDataUrl(null)).toBeNull();
    expect(placeholderDataUrl('')).toBeNull();
    expect(placeholderDataUrl('***')).toBeNull();
  });
});

describe('a gallery tile', { timeout: 30_000 }, () => {
  it('paints its placeholder in the photo’s box at once, and fades to the photo when it arrives', async () => {
    renderOnBackend(backend.config, {
      initialEntries: [paths.group(group.id)],
      group: <GroupPage />,
      post: <PostView />,
    });
    const [withHash, without] = await Promise.all(
      group.posts.map(async (post) => {
        const tile = await waitFor(() => {
          const found = document.querySelector<HTMLElement>(`[data-testid="photo-tile"][data-post-id="${post.id}"]`);
          expect(found).not.toBeNull();
          return found!;
        });
        return tile.querySelector<HTMLElement>('[data-photo-state]')!;
      }),
    );
    // The box has the photo's shape from the first paint, and the placeholder fills it.
    expect(withHash!.dataset.placeholder).toBe('thumbhash');
    expect(withHash!.style.backgroundImage).toBe(`url("${placeholderDataUrl(HASH)}")`);
    expect(withHash!.style.backgroundSize).toBe('100% 100%');
    expect(without!.dataset.placeholder).toBeUndefined();
    expect(without!.style.backgroundImage).toBe('');

    // Once signed, the photo is there but transparent until it has loaded; then it shows, over its placeholder.
    const image = await waitFor(() => within(withHash!).getByRole('img'));
    expect(image.style.opacity).toBe('0');
    fireEvent.load(image);
    await waitFor(() => expect(image.style.opacity).toBe('1'));
    expect(withHash!.dataset.photoLoaded).toBe('true');
    expect(withHash!.style.backgroundImage).toBe(`url("${placeholderDataUrl(HASH)}")`);
    // A photo without a placeholder is never hidden.
    const plain = await waitFor(() => within(without!).getByRole('img'));
    expect(plain.style.opacity).toBe('');
  });
});
