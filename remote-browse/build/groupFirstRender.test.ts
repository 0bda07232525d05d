/**
 * The group page's published first render with data (screenData.ts): drawn as the build draws it, then filled
 * as the page's first script has the first-photos module fill it (src/screens/GroupPage/firstRenderFill.ts).
 */
import { rgbaToThumbHash } from 'thumbhash';
import { beforeAll, describe, expect, it } from 'vitest';
import { ROUTES, paths, screenVariables } from '@snapshire/contracts';
import { publishScreenQueries } from '@snapshire/data/screen-queries';
import { renderFirst } from '../../packages/standalone/build/firstRender.tsx';
import { SCREEN_QUERIES } from './screenData.ts';
import { laidOutDays } from '../src/screens/GroupPage/firstPhotos.ts';
import { fillFirstRender } from '../src/screens/GroupPage/firstRenderFill.ts';
import { FIRST_RENDER_MARKS, FIRST_RENDER_PARAMS, FIRST_RENDER_RESULT } from '../src/screens/GroupPage/firstRenderMarks.ts';
import GroupPage from '../src/screens/GroupPage/GroupPage.tsx';

const GROUP = '00000000-0000-4000-8000-0000000000aa';
const id = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;
const PROJECT = 'http://127.0.0.1:54321';
/** A post of 2026-11-`day`, noon UTC, 4000x3000 unless given. */
const post = (n: number, day: number, width = 4000, height = 3000) => ({
  __typename: 'post' as const,
  id: id(n),
  created_at: `2026-11-${String(day).padStart(2, '0')}T12:00:${String(60 - n).padStart(2, '0')}Z`,
  file_name: `p${n}.jpg`,
  meta_width: width,
  meta_height: height,
  description: n === 1 ? 'The Shambles at dawn' : null,
  th: null as string | null,
  like_count: 0,
  comment_count: 0,
  liked_by_me: false,
});
type Post = ReturnType<typeof post>;
const answer = (
  posts: Post[],
  { description = 'Photographs of York.', categories = ['Street', 'People'], hasNextPage = false } = {},
) => ({
  data: {
    groupCollection: {
      edges: [
        {
          node: {
            id: GROUP,
            display_name: 'York Within the Walls',
            description,
            is_private: false,
            can_take_part: false,
            postCollection: {
              totalCount: posts.length,
              edges: posts.map((node) => ({ cursor: node.id, node })),
              pageInfo: { hasNextPage, endCursor: hasNextPage ? 'next' : null },
            },
            group_categoryCollection: {
              edges: categories.map((name, i) => ({ node: { category: { id: id(900 + i), display_name: name } } })),
            },
          },
        },
      ],
    },
  },
});
/** The sign-photos answer for `posts` at one width each. */
const signed = (posts: Post[], width: number) => ({
  expiresIn: 86_400,
  photos: Object.fromEntries(
    posts.map((p) => [p.id, [{ width, height: (width * 3) / 4, signedPath: `/render/image/sign/photography/${p.id}` }]]),
  ),
});
const phone = { viewportWidth: 412, devicePixelRatio: 2, supabaseUrl: PROJECT, storage: undefined };

/** The template as this remote's build draws it (renderFirst, as loadScreenData has firstRenderer call it). */
let template: string;
beforeAll(() => {
  const published = publishScreenQueries(SCREEN_QUERIES).GroupPage!;
  template = renderFirst(GroupPage, {
    module: 'GroupPage.tsx',
    route: ROUTES.GROUP_BY_ID,
    path: paths.group(FIRST_RENDER_MARKS.groupId),
    answer: {
      operationName: published.operationName,
      query: published.query,
      variables: screenVariables(published.variables, FIRST_RENDER_PARAMS)!,
      result: FIRST_RENDER_RESULT,
    },
  }).html;
});

const draw = (html: string) => {
  const container = document.createElement('div');
  container.innerHTML = html;
  return container;
};

describe('fillFirstRender: the group page drawn at build time, filled with the real answer', () => {
  it('the build draws the screen with its marked answer (not its loading state)', () => {
    expect(template).toContain(`>${FIRST_RENDER_MARKS.name}</h1>`);
    expect(template).toContain(FIRST_RENDER_MARKS.category);
    expect(template).toContain('data-testid="photo-tile"');
    expect(template).toContain('data-testid="tile-social"');
  });

  it("gives the group's texts and categories, every photo its tile in the gallery's box, no mark left", () => {
    const posts = [post(1, 20), post(2, 20), post(3, 20), post(4, 19), post(5, 19, 3000, 4000)];
    const filled = fillFirstRender(template, answer(posts), signed(posts, 400), phone)!;
    expect(filled.html).not.toContain('first-render');
    expect(filled.html).not.toContain(FIRST_RENDER_MARKS.groupId);
    const page = draw(filled.html);
    expect(page.querySelector('h1')!.textContent).toBe('York Within the Walls');
    expect(page.textContent).toContain('Photographs of York.');
    const chips = [...page.querySelectorAll('[role="group"] button')].map((b) => b.textContent);
    expect(chips).toEqual(['Street', 'People']);

    const { days } = laidOutDays(posts, false, 412);
    const sections = [...page.querySelectorAll('section[data-day]')];
    expect(sections.map((s) => s.getAttribute('data-day'))).toEqual(days.map((d) => d.key));
    days.forEach((day, d) => {
      const masonry = sections[d]!.querySelector<HTMLElement>('[data-layout]')!;
      expect(masonry.style.height).toBe(`${day.height}px`);
      const boxes = [...masonry.children].map((tile) => {
        const style = (tile as HTMLElement).style;
        return { left: style.left, top: style.top, width: style.width };
      });
      expect(boxes).toEqual(day.boxes.map((b) => ({ left: `${b.left}px`, top: `${b.top}px`, width: `${b.width}px` })));
    });
    const tiles = [...page.querySelectorAll('[data-post-id]')];
    expect(tiles.map((t) => t.getAttribute('data-post-id'))).toEqual(posts.map((p) => p.id));
    expect(tiles.map((t) => t.getAttribute('data-order'))).toEqual(['0', '1', '2', '3', '4']);
    expect(tiles[0]!.querySelector('a')!.getAttribute('href')).toBe(paths.groupPost(GROUP, id(1)));
    expect(tiles[0]!.querySelector('a')!.getAttribute('aria-label')).toBe('The Shambles at dawn');
    // The heart and counts come with the screen, over the photo.
    expect(page.querySelector('button[aria-label*="like" i]')).toBeNull();
    // Only seen until the screen comes: nothing to use, focus or read out, and no test ids (the screen's own).
    for (const drawn of page.children) {
      expect(drawn.hasAttribute('inert')).toBe(true);
      expect(drawn.getAttribute('aria-hidden')).toBe('true');
    }
    expect(page.querySelector('[data-testid]')).toBeNull();
    // The portrait photo's box keeps its own shape.
    expect(tiles[4]!.querySelector('[data-photo-state]')!.getAttribute('style')).toBe('aspect-ratio:0.75');
    // On a phone the advert follows the first day only.
    expect(sections.map((s) => s.textContent!.includes('Advert'))).toEqual([true, false]);
  });

  it('gives the first row its photo at the URL the screen signs, at the size it is shown, fetched first', () => {
    const posts = [post(1, 20), post(2, 20), post(3, 20)];
    const page = draw(fillFirstRender(template, answer(posts), signed(posts, 400), phone)!.html);
    const image = page.querySelector('img')!;
    const url = `${PROJECT}/storage/v1/render/image/sign/photography/${id(1)}`;
    expect(image.getAttribute('src')).toBe(url);
    expect(image.getAttribute('srcset')).toBe(`${url} 400w`);
    const width = laidOutDays(posts, false, 412).days[0]!.boxes[0]!.width;
    expect(image.getAttribute('sizes')).toBe(`${Math.round(width)}px`);
    expect(image.getAttribute('fetchpriority')).toBe('high');
    expect(image.getAttribute('loading')).toBe('eager');
    expect(image.getAttribute('alt')).toBe('The Shambles at dawn');
    // A photo the answer did not sign has no image (the screen asks again).
    const unsigned = draw(fillFirstRender(template, answer(posts), null, phone)!.html);
    expect(unsigned.querySelector('img')).toBeNull();
    expect(unsigned.querySelector('[data-photo-state]')!.getAttribute('data-photo-state')).toBe('pending');
  });

  it('leaves out the description and the category filter when the group has none', () => {
    const posts = [post(1, 20)];
    const page = draw(
      fillFirstRender(template, answer(posts, { description: '', categories: [] }), null, phone)!.html,
    );
    expect(page.querySelector('[role="group"]')).toBeNull();
    expect(page.textContent).not.toContain('first-render');
    expect(page.querySelector('h1')!.nextElementSibling!.tagName).not.toBe('P');
  });

  it('writes the day headings after drawing (the first date formatter is slow), and keeps their line meanwhile', () => {
    const posts = [post(1, 20), post(4, 19)];
    const filled = fillFirstRender(template, answer(posts, { hasNextPage: true }), null, phone)!;
    const page = document.body.appendChild(draw(filled.html));
    try {
      const headings = () => [...page.querySelectorAll('section h2')].map((h) => h.textContent);
      expect(headings()).toEqual(['\u00a0', '\u00a0']);
      expect(page.querySelector('[data-has-more]')!.getAttribute('data-has-more')).toBe('true');
      filled.afterDraw!(page);
      const format = new Intl.DateTimeFormat(undefined, { weekday: 'long', year: 'numeric', month: 'long', day: 'numeric' });
      expect(headings()).toEqual([
        format.format(Date.parse(posts[0]!.created_at)),
        format.format(Date.parse(posts[1]!.created_at)),
      ]);
    } finally {
      page.remove();
    }
  });

  it("paints the first screen's placeholders after drawing, where no photo has come; the HTML carries none", () => {
    // A 4x4 red square's ThumbHash.
    const rgba = new Uint8Array(4 * 4 * 4).map((_, i) => (i % 4 === 0 || i % 4 === 3 ? 255 : 0));
    const th = btoa(String.fromCharCode(...rgbaToThumbHash(4, 4, rgba))).replace(/=+$/, '');
    const posts = [post(1, 20), post(2, 20)].map((p) => ({ ...p, th }));
    const filled = fillFirstRender(template, answer(posts), null, phone)!;
    expect(filled.html).not.toContain('data:image');
    expect(filled.html).not.toContain('data-placeholder');
    const page = document.body.appendChild(draw(filled.html));
    try {
      filled.afterDraw!(page);
      for (const frame of page.querySelectorAll('[data-photo-state]')) {
        expect(frame.getAttribute('data-placeholder')).toBe('thumbhash');
        expect(frame.getAttribute('style')).toMatch(/^aspect-ratio:[\d.]+;background-image:url\("data:image\/png;base64,/);
      }
      expect(page.querySelectorAll('[data-placeholder]')).toHaveLength(2);
    } finally {
      page.remove();
    }
  });

  it('draws nothing for an empty group, an answer that is not the group page, or a template it does not know', () => {
    expect(fillFirstRender(template, answer([]), null, phone)).toBeNull();
    expect(fillFirstRender(template, { errors: [{ message: 'x' }] }, null, phone)).toBeNull();
    expect(fillFirstRender('<div>another build</div>', answer([post(1, 20)]), null, phone)).toBeNull();
  });
});
