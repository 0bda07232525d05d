import { beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import { MESSAGES, paths } from '@snapshire/contracts';
import { AllGroupsDocument } from '../browse-data/documents.ts';
import { FAKE_PROJECT_URL, fakeSupabase, renderBrowse } from '../testing/renderBrowse.tsx';
import { galleryPosts } from '../testing/fixtures.ts';
import GroupsPage from './GroupsPage.tsx';

const supabase = vi.hoisted(() => ({ current: null as unknown }));
vi.mock('@snapshire/data', async (importOriginal) => ({
  ...(await importOriginal<Record<string, unknown>>()),
  useSession: () => ({ session: null, user: null, loading: false }),
  useSupabase: () => supabase.current,
  getDataConfig: () => ({ supabaseUrl: FAKE_PROJECT_URL, supabaseAnonKey: 'anon' }),
}));

beforeEach(() => {
  supabase.current = fakeSupabase();
  localStorage.clear();
});

const group = (id: string, name: string, posts: ReturnType<typeof galleryPosts>) => ({
  __typename: 'groupEdge',
  node: {
    __typename: 'group',
    id,
    display_name: name,
    is_private: false,
    member_count: null,
    postCollection: { __typename: 'postConnection', edges: posts.map((node) => ({ __typename: 'postEdge', node })) },
  },
});

describe('GroupsPage', () => {
  it('lists groups as cards linking to the group: 3 slots with up to 2 photos, or No Photos', async () => {
    const withPhotos = '44444444-4444-4444-8444-444444444444';
    const empty = '55555555-5555-4555-8555-555555555555';
    renderBrowse({
      mocks: [
        {
          request: { query: AllGroupsDocument },
          result: {
            data: {
              groupCollection: {
                __typename: 'groupConnection',
                edges: [group(withPhotos, 'Harbour Town', galleryPosts(2)), group(empty, 'Empty Club', [])],
              },
            },
          },
        },
      ],
      initialEntries: [paths.groups()],
      groups: <GroupsPage />,
    });
    expect(screen.getByRole('heading', { level: 1, name: MESSAGES.GROUPS_TITLE })).toBeInTheDocument();
    expect(screen.getByText(MESSAGES.GROUPS_INTRO)).toBeInTheDocument();
    const cards = await screen.findAllByTestId('group-card');
    expect(cards.map((c) => c.getAttribute('href'))).toEqual([paths.group(withPhotos), paths.group(empty)]);
    expect(within(cards[0]!).getByText('Harbour Town')).toBeInTheDocument();
    await waitFor(() => expect(within(cards[0]!).getAllByRole('img')).toHaveLength(2));
    expect(within(cards[1]!).getByText(MESSAGES.NO_PHOTOS)).toBeInTheDocument();
    // The photos of every card are signed in one request at the width step a thumbnail needs (not 1230),
    // offered as a width-described srcset whose sizes is the thumbnail's shown width.
    const { invoke } = supabase.current as ReturnType<typeof fakeSupabase>;
    expect(invoke).toHaveBeenCalledTimes(1);
    for (const img of within(cards[0]!).getAllByRole('img')) {
      expect(img.getAttribute('srcset')).toMatch(
        /^https:\/\/project\.test\/storage\/v1\/render\/image\/sign\/\S+ 320w$/,
      );
      expect(Number(/^(\d+)px$/.exec(img.getAttribute('sizes') ?? '')?.[1])).toBeLessThan(1230);
    }
  });
});
