/**
 * The group page's first render filled with the real answer, in the browser, before the screen's code has
 * arrived: the template is the screen itself drawn at build time with the marked answer of firstRenderMarks.ts
 * (ScreenQuery.firstRenderTemplate in @snapshire/contracts); this repeats its one category and its one photo
 * tile for the real ones, places each tile in the box the gallery gives it (laidOutDays, the gallery's own
 * layout) and gives the photos on the first screen the signed URLs the screen will use, so they paint in their
 * final boxes and the screen's own images find them downloaded. What the screen adds over a tile (its heart
 * and counts) is left to the screen: it sits over the photo, so nothing moves when it comes. Until the screen
 * comes the drawing is only seen: nothing in it can be used, focused or read out.
 *
 * Part of the first-photos module (firstPhotosModule.ts): no React, nothing that holds state.
 */
import { paths, type FirstPhotosModule } from '@snapshire/contracts';
import { visibleCategories, type GalleryPost, type GroupByIdQuery } from '../../shared/data/types.ts';
import { photoAlt } from '../../shared/photos/altText.ts';
import { placeholderDataUrl } from '../../shared/photos/placeholder.ts';
import { fallbackRendition, photoRenditions, widthSrcSet } from '../../shared/photos/renditions.ts';
import { laidOutDays, renditionUrl, storedSignedUrls } from './firstPhotos.ts';
import { FIRST_RENDER_MARKS } from './firstRenderMarks.ts';
import { dayHeadingFormatter } from './groupPostsByDay.ts';
import { inFirstRow } from './masonry.ts';

/** The element whose own text is `text` (a mark of the template). */
function markedElement(root: DocumentFragment, text: string): Element | null {
  const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
  for (let node = walker.nextNode(); node; node = walker.nextNode())
    if (node.nodeValue === text) return node.parentElement;
  return null;
}

/** The photo as SignedPhoto draws it once signed (shared/photos/SignedPhoto.tsx), at its final size. */
function photoImage(
  post: GalleryPost,
  renditions: { url: string; width: number }[],
  displayWidth: number,
  first: boolean,
): HTMLImageElement {
  const image = document.createElement('img');
  image.src = fallbackRendition(renditions, displayWidth)!.url;
  image.srcset = widthSrcSet(renditions);
  image.sizes = `${Math.max(1, Math.round(displayWidth))}px`;
  image.alt = photoAlt(post);
  image.setAttribute('loading', first ? 'eager' : 'lazy');
  image.setAttribute('fetchpriority', first ? 'high' : 'auto');
  image.setAttribute('decoding', first ? 'auto' : 'async');
  image.width = post.meta_width;
  image.height = post.meta_height;
  image.setAttribute('style', 'position:absolute;inset:0;width:100%;height:100%;object-fit:cover;display:block');
  return image;
}

export const fillFirstRender: NonNullable<FirstPhotosModule['fillFirstRender']> = (template, result, signed, page) => {
  const group = (result as { data?: GroupByIdQuery } | null)?.data?.groupCollection?.edges[0]?.node;
  const connection = group?.postCollection;
  if (!group || !connection || typeof document === 'undefined') return null;
  const posts = connection.edges.map((edge) => edge.node);
  const hasMore = Boolean(connection.pageInfo.hasNextPage && connection.pageInfo.endCursor);
  const { columns, days } = laidOutDays(posts, hasMore, page.viewportWidth);
  // An empty gallery draws its message, which the template does not hold: the screen draws it.
  if (days.length === 0) return null;

  const holder = document.createElement('template');
  holder.innerHTML = template.split(FIRST_RENDER_MARKS.groupId).join(group.id);
  const root = holder.content;
  const name = markedElement(root, FIRST_RENDER_MARKS.name);
  const description = markedElement(root, FIRST_RENDER_MARKS.description);
  const chip = markedElement(root, FIRST_RENDER_MARKS.category);
  const firstSection = root.querySelector('section[data-day]');
  const tile = firstSection?.querySelector('[data-testid="masonry"] > *');
  // A template this code does not know (another build): the screen draws itself.
  if (!name || !description || !chip || !firstSection || !tile) return null;

  name.textContent = group.display_name;
  if (group.description) description.textContent = group.description;
  else description.remove();
  const categories = visibleCategories(group.group_categoryCollection?.edges);
  if (categories.length === 0) chip.closest('[role="group"]')?.remove();
  for (const category of categories) {
    const copy = chip.cloneNode(true) as Element;
    copy.textContent = category.display_name;
    chip.before(copy);
  }
  chip.remove();

  tile.remove();
  tile.querySelector('[data-testid="tile-social"]')?.remove();
  const otherSection = firstSection.cloneNode(true) as Element;
  // On a phone the advert follows the first day only.
  otherSection.querySelector('[data-testid="advert"]')?.remove();
  const stored = storedSignedUrls(page);
  const screenHeight = typeof window === 'undefined' ? 0 : window.innerHeight;
  /** The tiles of the first screen, whose placeholders afterDraw paints where their photo has not come. */
  const firstScreen: GalleryPost[] = [];

  days.forEach((day, dayIndex) => {
    const section = dayIndex === 0 ? firstSection : (otherSection.cloneNode(true) as Element);
    if (dayIndex > 0) firstSection.parentElement!.append(section);
    section.setAttribute('data-day', day.key);
    // Its text comes after the photos have painted (afterDraw): the page's first date formatter is slow.
    const heading = section.querySelector('[data-testid="day-heading"]');
    if (heading) heading.textContent = '\u00a0';
    const masonry = section.querySelector('[data-testid="masonry"]')!;
    masonry.setAttribute('style', `height:${day.height}px`);
    masonry.setAttribute('data-layout', day.asRow ? 'row' : 'columns');
    masonry.setAttribute('data-columns', String(columns));
    masonry.setAttribute('data-count', String(day.posts.length));
    day.posts.forEach((post, index) => {
      const box = day.boxes[index]!;
      const copy = tile.cloneNode(true) as Element;
      copy.setAttribute('style', `left:${box.left}px;top:${box.top}px;width:${box.width}px`);
      const photoTile = copy.querySelector('[data-testid="photo-tile"]');
      photoTile?.setAttribute('data-post-id', post.id);
      photoTile?.setAttribute('data-order', String(day.start + index));
      const link = copy.querySelector('a');
      link?.setAttribute('href', paths.groupPost(group.id, post.id));
      link?.setAttribute('aria-label', photoAlt(post));
      const frame = copy.querySelector('[data-photo-state]');
      if (!frame) return;
      const ratio = post.meta_width > 0 && post.meta_height > 0 ? post.meta_width / post.meta_height : 1;
      frame.setAttribute('style', `aspect-ratio:${ratio}`);
      const renditions = photoRenditions(post).flatMap((rendition) => {
        const url = renditionUrl(post.id, rendition, signed, stored, page.supabaseUrl);
        return url ? [{ url, width: rendition.transform.width }] : [];
      });
      frame.setAttribute('data-photo-state', renditions.length > 0 ? 'signed' : 'pending');
      const first = inFirstRow(dayIndex, index, columns);
      // The photos of the first screen; those further down come with the screen, as it scrolls to them.
      const onFirstScreen = first || (dayIndex === 0 && box.top < screenHeight);
      if (onFirstScreen) firstScreen.push(post);
      if (renditions.length > 0 && onFirstScreen) frame.append(photoImage(post, renditions, box.width, first));
      masonry.append(copy);
    });
  });
  root.querySelector('[data-testid="gallery-end"]')?.setAttribute('data-has-more', String(hasMore));
  // A picture of the screen until its code comes: its links and buttons do nothing yet, so they are not offered
  // (inert, and out of the accessibility tree); the screen's own are. Test ids name the screen's own parts too,
  // which tests wait for before they look or act.
  for (const element of root.querySelectorAll('[data-testid]')) element.removeAttribute('data-testid');
  for (const element of root.children) {
    element.setAttribute('inert', '');
    element.setAttribute('aria-hidden', 'true');
  }

  return {
    html: holder.innerHTML,
    afterDraw(container) {
      // Placeholders are drawn after the first frame, and only where a photo of the first screen has not come:
      // decoding a ThumbHash costs several milliseconds a tile on a phone the first time, which the photos that
      // are already there (a returning visitor's, from the browser's cache) must not wait for.
      for (const post of firstScreen) {
        const frame = container.querySelector(`[data-post-id="${post.id}"] [data-photo-state]`);
        const photo = frame?.querySelector('img');
        if (!frame || (photo?.complete && photo.naturalWidth > 0)) continue;
        const placeholder = placeholderDataUrl(post.th);
        if (!placeholder) continue;
        frame.setAttribute(
          'style',
          `${frame.getAttribute('style') ?? ''};background-image:url("${placeholder}");background-size:100% 100%`,
        );
        frame.setAttribute('data-placeholder', 'thumbhash');
      }
      // The headings' text, after the first frame (the page's first date formatter is slow) and at once then:
      // the shell's slot may take this drawing over at any time after, and keeps what it holds.
      const format = dayHeadingFormatter();
      container.querySelectorAll('section[data-day]').forEach((section, index) => {
        const day = days[index];
        if (!day) return;
        const label = format.format(day.newest);
        section.setAttribute('aria-label', label);
        const heading = section.querySelector('h2');
        if (heading) heading.textContent = label;
      });
    },
  };
};
