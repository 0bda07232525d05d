import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import {
  EARLY_SCREEN_DATA_KEY,
  MESSAGES,
  RETURN_TEXT,
  paths,
  screenVariables,
  SOCIAL_TEXT,
  type EarlyScreenAnswer,
} from '@snapshire/contracts';
import { disposeData, initData } from '@snapshire/data';
import { startComponentBackend, uniqueEmail, type ComponentBackend } from '@snapshire/backend/testing';
import { renderOnBackend } from '../../shared/testing/renderOnBackend.tsx';
import {
  AUTHOR_PASSWORD,
  insertAuthor,
  insertCategory,
  insertGroup,
  type WorldGroup,
} from '../../shared/testing/browseWorld.ts';
import { galleryPosts } from '../../shared/testing/fixtures.ts';
import { publishScreenQueries } from '@snapshire/data/screen-queries';
import { SCREEN_QUERIES } from '../../../build/screenData.ts';
import GroupPage from './GroupPage.tsx';

let backend: ComponentBackend;
let authorEmail: string;
let authorId: string;
/** Four photos, two a day; one photo; five photos, two a day; none; a private group nobody here belongs to. */
let four: WorldGroup;
let one: WorldGroup;
let five: WorldGroup;
let none: WorldGroup;
let hidden: WorldGroup;

beforeAll(async () => {
  backend = await startComponentBackend();
  authorEmail = uniqueEmail('author');
  authorId = await insertAuthor(backend, authorEmail);
  const street = await insertCategory(backend, 'Street');
  const group = { authorId, categories: [street] };
  four = await insertGroup(backend, { ...group, posts: galleryPosts(4) });
  one = await insertGroup(backend, { ...group, posts: galleryPosts(1) });
  five = await insertGroup(backend, { ...group, posts: galleryPosts(5, 2) });
  none = await insertGroup(backend, { ...group, posts: [] });
  hidden = await insertGroup(backend, { ...group, name: 'The Harper Family', isPrivate: true, posts: galleryPosts(2) });
});
afterAll(async () => {
  await backend?.stop();
});
beforeEach(() => localStorage.clear());
afterEach(() => disposeData());

const renderGroup = (id: string) =>
  renderOnBackend(backend.config, { initialEntries: [paths.group(id)], group: <GroupPage /> });

describe('GroupPage', () => {
  it('shows the missing-group page with a link home when the group is not visible', async () => {
    renderGroup(hidden.id);
    expect(await screen.findByText(MESSAGES.MISSING_GROUP_PAGE)).toBeInTheDocument();
    await userEvent.click(screen.getByRole('link', { name: /home/i }));
    expect(screen.getByTestId('location')).toHaveTextContent(/^\/$/);
  });

  it('offers a signed-out visitor Sign in and Create account that come back to the group', async () => {
    renderGroup(hidden.id);
    expect(await screen.findByText(MESSAGES.MISSING_GROUP_PAGE)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: RETURN_TEXT.SIGN_IN })).toHaveAttribute(
      'href',
      paths.login(paths.group(hidden.id)),
    );
    expect(screen.getByRole('link', { name: RETURN_TEXT.CREATE_ACCOUNT })).toHaveAttribute(
      'href',
      paths.register(paths.group(hidden.id)),
    );
  });

  it('tells a signed-in non-member plainly that the group is not available, as for no group at all', async () => {
    const { error } = await initData(backend.config).supabase.auth.signInWithPassword({
      email: authorEmail,
      password: AUTHOR_PASSWORD,
    });
    if (error) throw error;
    renderGroup(hidden.id);
    expect(await screen.findByText(RETURN_TEXT.GROUP_NOT_AVAILABLE)).toBeInTheDocument();
    expect(screen.queryByText('The Harper Family')).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: RETURN_TEXT.SIGN_IN })).not.toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    disposeData();
    renderGroup(crypto.randomUUID());
    expect(await screen.findAllByText(RETURN_TEXT.GROUP_NOT_AVAILABLE)).not.toHaveLength(0);
  });

  it('says a group could not be loaded, with Retry, when the server does not answer: never that it is missing', async () => {
    // A backend that is down: nothing listens on its port (a real refused connection, asked twice).
    const down = { ...backend.config, supabaseUrl: 'http://127.0.0.1:9' };
    renderOnBackend(down, { initialEntries: [paths.group(four.id)], group: <GroupPage /> });
    expect(await screen.findByText(MESSAGES.GROUP_LOAD_FAILED)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: MESSAGES.RETRY })).toBeInTheDocument();
    expect(screen.queryByText(MESSAGES.MISSING_GROUP_PAGE)).not.toBeInTheDocument();
  });

  it('shows the missing-group page for a group that does not exist', async () => {
    renderGroup(crypto.randomUUID());
    expect(await screen.findByText(MESSAGES.MISSING_GROUP_PAGE)).toBeInTheDocument();
  });

  it('shows the missing-group page for an id that is not a UUID, without asking the server', async () => {
    renderGroup('not-a-group');
    expect(await screen.findByText(MESSAGES.MISSING_GROUP_PAGE)).toBeInTheDocument();
  });

  it('shows name, description, advert and Sign in to post (to register, back to new post) when signed out', async () => {
    renderGroup(four.id);
    expect(await screen.findByRole('heading', { level: 1, name: 'Harbour Town' })).toBeInTheDocument();
    expect(screen.getByText('Boats, gulls and fog.')).toBeInTheDocument();
    // Beside the header and after the first day: CSS shows the one for the screen's width (e2e checks which).
    expect(screen.getAllByTestId('advert').map((advert) => advert.textContent)).toEqual(['Advert', 'Advert']);
    expect(screen.getByRole('link', { name: MESSAGES.SIGN_IN_TO_POST })).toHaveAttribute(
      'href',
      paths.register(paths.groupNewPost(four.id)),
    );
    expect(screen.queryByRole('link', { name: MESSAGES.NEW_POST })).not.toBeInTheDocument();
  });

  it('shows New Post to the new-post route when signed in', async () => {
    const { error } = await initData(backend.config).supabase.auth.signInWithPassword({
      email: authorEmail,
      password: AUTHOR_PASSWORD,
    });
    if (error) throw error;
    renderGroup(one.id);
    expect(await screen.findByRole('link', { name: MESSAGES.NEW_POST })).toHaveAttribute(
      'href',
      paths.groupNewPost(one.id),
    );
  });

  it('groups photos under day headings, newest day first, tiles named by their description', async () => {
    renderGroup(five.id);
    const headings = await screen.findAllByTestId('day-heading');
    expect(headings).toHaveLength(3);
    const days = headings.map((h) => Date.parse(h.textContent!));
    // Each heading is a full date in the viewer's locale; they run newest first.
    expect([...days].sort((a, b) => b - a)).toEqual(days);
    const firstDay = headings[0]!.closest('section')!;
    expect(within(firstDay).getByRole('link', { name: 'Photo number 1' })).toHaveAttribute(
      'href',
      paths.groupPost(five.id, five.posts[0]!.id),
    );
    expect(within(firstDay).getAllByTestId('photo-tile')).toHaveLength(2);
    // The DOM (and so Tab) runs newest to oldest, whatever column a photo shows in.
    expect(screen.getAllByTestId('photo-tile').map((t) => t.getAttribute('data-post-id'))).toEqual(
      five.posts.map((p) => p.id),
    );
  });

  it('says No posts for a group without photos', async () => {
    renderGroup(none.id);
    expect(await screen.findByText(MESSAGES.NO_POSTS)).toBeInTheDocument();
  });

  it('offers a signed-out visitor sign-in on the heart, coming back to that photo', async () => {
    renderGroup(four.id);
    const tiles = await screen.findAllByTestId('photo-tile');
    await userEvent.click(within(tiles[0]!).getByRole('button', { name: SOCIAL_TEXT.SIGN_IN_TO_LIKE }));
    // To sign in (the probe shows the path; e2e social.spec follows redirectTo back to the photo).
    expect(screen.getByTestId('location')).toHaveTextContent(paths.login().split('?')[0]!);
  });

  it('likes a photo for a member: pressed and counted at once, kept by the server, and undone', async () => {
    await backend.sql(`insert into public.group_member (group_id, user_id, role) values ($1, $2, 'member')`, [
      four.id,
      authorId,
    ]);
    const { error } = await initData(backend.config).supabase.auth.signInWithPassword({
      email: authorEmail,
      password: AUTHOR_PASSWORD,
    });
    if (error) throw error;
    renderGroup(four.id);
    await screen.findAllByTestId('photo-tile');
    const heart = (n: number) =>
      within(screen.getAllByTestId('photo-tile')[n]!).getByRole('button', { name: /^Like / });
    expect(heart(0)).toHaveAccessibleName(SOCIAL_TEXT.likeLabel(four.posts[0]!.description!));
    expect(heart(0)).toHaveAttribute('aria-pressed', 'false');
    await userEvent.click(heart(0));
    expect(heart(0)).toHaveAttribute('aria-pressed', 'true');
    expect(within(screen.getAllByTestId('photo-tile')[0]!).getByTestId('like-count')).toHaveTextContent(
      SOCIAL_TEXT.likeCount(1),
    );
    expect(heart(1)).toHaveAttribute('aria-pressed', 'false');
    // Still on the group page: the heart is not the zoom link.
    expect(screen.getByTestId('location')).toHaveTextContent(paths.group(four.id));
    const stored = async () =>
      (
        await backend.sql<{ n: number }>('select like_count as n from public.post where id = $1', [four.posts[0]!.id])
      )[0]!.n;
    await vi.waitFor(async () => expect(await stored()).toBe(1));
    await userEvent.click(heart(0));
    expect(heart(0)).toHaveAttribute('aria-pressed', 'false');
    await vi.waitFor(async () => expect(await stored()).toBe(0));
  });

  it('tells a signed-in visitor who is not a member to join, and stores nothing', async () => {
    const visitor = uniqueEmail('visitor');
    await backend.createUser(visitor, AUTHOR_PASSWORD);
    const { error } = await initData(backend.config).supabase.auth.signInWithPassword({
      email: visitor,
      password: AUTHOR_PASSWORD,
    });
    if (error) throw error;
    renderGroup(one.id);
    const [tile] = await screen.findAllByTestId('photo-tile');
    await userEvent.click(within(tile!).getByRole('button', { name: /^Like / }));
    expect(within(tile!).getByRole('status')).toHaveTextContent(SOCIAL_TEXT.JOIN_TO_COMMENT);
    expect(within(tile!).getByRole('button', { name: /^Like / })).toHaveAttribute('aria-pressed', 'false');
    expect(await backend.sql('select 1 from public.post_like where post_id = $1', [one.posts[0]!.id])).toHaveLength(0);
  });
});

describe('GroupPage with its first query answered by the page’s first script (screen-data.json)', () => {
  afterEach(() => {
    vi.restoreAllMocks();
    Reflect.deleteProperty(window, Symbol.for(EARLY_SCREEN_DATA_KEY));
  });

  it.each([
    ['still on its way when the screen renders (handed over by the Apollo link)', false],
    ['in before the screen renders (read from the cache in its first render)', true],
  ])('shows the group and its photos from that answer %s, without asking the server again', async (_, arrived) => {
    // What host/src/features/remotes/earlyRemote.ts sends, from what this remote publishes.
    const published = publishScreenQueries(SCREEN_QUERIES).GroupPage!;
    const variables = screenVariables(published.variables, { groupId: four.id })!;
    const authorization = `Bearer ${backend.config.supabaseAnonKey}`;
    const body = fetch(`${backend.config.supabaseUrl}/graphql/v1`, {
      method: 'POST',
      headers: {
        apikey: backend.config.supabaseAnonKey,
        Authorization: authorization,
        'Content-Type': 'application/json',
      },
      body: JSON.stringify({ operationName: published.operationName, query: published.query, variables }),
    }).then((r) => r.json() as Promise<unknown>);
    const result = arrived ? await body : undefined;
    const early: EarlyScreenAnswer = {
      result,
      sentAt: Date.now(),
      operationName: published.operationName,
      query: published.query,
      variables,
      authorization,
      body,
    };
    Reflect.set(window, Symbol.for(EARLY_SCREEN_DATA_KEY), early);

    const asked: string[] = [];
    const realFetch = globalThis.fetch;
    vi.spyOn(globalThis, 'fetch').mockImplementation((input, init) => {
      if (
        String(input instanceof Request ? input.url : input).includes('/graphql/v1') &&
        typeof init?.body === 'string'
      )
        asked.push((JSON.parse(init.body) as { operationName?: string }).operationName ?? '?');
      return realFetch(input, init);
    });
    renderGroup(four.id);
    expect(await screen.findByRole('heading', { level: 1, name: 'Harbour Town' })).toBeInTheDocument();
    expect(await screen.findAllByTestId('photo-tile')).toHaveLength(4);
    expect(asked).not.toContain('GroupById');
    expect(Reflect.get(window, Symbol.for(EARLY_SCREEN_DATA_KEY))).toBeUndefined(); // taken
  });
});
