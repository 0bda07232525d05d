import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import { LIMITS, MESSAGES, paths } from '@snapshire/contracts';
import { disposeData } from '@snapshire/data';
import { startComponentBackend, uniqueEmail, type ComponentBackend } from '@snapshire/backend/testing';
import { renderOnBackend } from '../../shared/testing/renderOnBackend.tsx';
import { insertAuthor, insertGroup, type WorldGroup } from '../../shared/testing/browseWorld.ts';
import { galleryPosts } from '../../shared/testing/fixtures.ts';
import GroupsPage from './GroupsPage.tsx';

let backend: ComponentBackend;
let withPhotos: WorldGroup;
let empty: WorldGroup;

beforeAll(async () => {
  backend = await startComponentBackend();
  const authorId = await insertAuthor(backend, uniqueEmail('author'));
  withPhotos = await insertGroup(backend, { authorId, posts: galleryPosts(3), ageDays: 2 });
  empty = await insertGroup(backend, { authorId, name: 'Empty Club', ageDays: 1 });
});
afterAll(async () => {
  await backend?.stop();
});
beforeEach(() => localStorage.clear());
afterEach(() => disposeData());

/** The claims of a signed URL's token: what the server agreed to sign. */
function signedClaims(src: string): { iat: number; exp: number; transformations: string; url: string } {
  const token = new URL(src).searchParams.get('token')!;
  return JSON.parse(atob(token.split('.')[1]!.replace(/-/g, '+').replace(/_/g, '/')));
}

describe('GroupsPage', () => {
  it('lists groups as cards linking to the group: 3 slots with up to 2 photos, or No Photos', async () => {
    renderOnBackend(backend.config, { initialEntries: [paths.groups()], groups: <GroupsPage /> });
    expect(screen.getByRole('heading', { level: 1, name: MESSAGES.GROUPS_TITLE })).toBeInTheDocument();
    expect(screen.getByText(MESSAGES.GROUPS_INTRO)).toBeInTheDocument();
    const cards = await screen.findAllByTestId('group-card');
    expect(cards.map((c) => c.getAttribute('href'))).toEqual([paths.group(withPhotos.id), paths.group(empty.id)]);
    expect(within(cards[0]!).getByText('Harbour Town')).toBeInTheDocument();
    expect(within(cards[1]!).getByText(MESSAGES.NO_PHOTOS)).toBeInTheDocument();

    // The two newest photos, signed by the server for a day at their displayed size, not at 1230.
    await waitFor(() => expect(within(cards[0]!).getAllByRole('img')).toHaveLength(2));
    const shown = within(cards[0]!).getAllByRole('img');
    expect(shown.map((img) => img.getAttribute('alt'))).toEqual(withPhotos.posts.slice(0, 2).map((p) => p.description));
    for (const img of shown) {
      const claims = signedClaims(img.getAttribute('src')!);
      expect(claims.exp - claims.iat).toBe(LIMITS.SIGNED_URL_EXPIRES_IN_S);
      expect(LIMITS.SIGNED_URL_EXPIRES_IN_S).toBe(86_400);
      const width = Number(/width:(\d+)/.exec(claims.transformations)?.[1]);
      expect(width).toBeGreaterThan(0);
      expect(width).toBeLessThan(1230);
    }
  });
});
