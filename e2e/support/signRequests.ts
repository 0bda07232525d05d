import type { Page, Request } from '@playwright/test';
import { SIGN_PHOTOS_FUNCTION, type SignPhotosRequest } from '@snapshire/contracts';

/** What a page asked to sign, recorded from its requests. */
export interface SignRequests {
  /** The posts of every sign-photos request, in order. */
  postIds: string[];
  /** Per sign-photos request: how many posts, and how many signatures (each post at its own widths). */
  asked: { posts: number; signatures: number }[];
  /** How many sign-photos requests. */
  count: () => number;
  /** How many one-object signings (storage's /object/sign/), which the screens never need. */
  objectSignings: () => number;
}

/** Records the page's sign requests from now on. */
export function recordSignRequests(page: Page): SignRequests {
  const recorded: SignRequests = {
    postIds: [],
    asked: [],
    count: () => recorded.asked.length,
    objectSignings: () => 0,
  };
  let objectSignings = 0;
  recorded.objectSignings = () => objectSignings;
  page.on('request', (request: Request) => {
    if (request.method() !== 'POST') return;
    if (request.url().includes('/storage/v1/object/sign/')) objectSignings += 1;
    if (!request.url().includes(`/functions/v1/${SIGN_PHOTOS_FUNCTION}`)) return;
    const body = (request.postDataJSON() as SignPhotosRequest | null) ?? { postIds: [], widths: [] };
    const widthsOf = (id: string) => (body.widthsByPost?.[id] ?? body.widths).length;
    recorded.postIds.push(...body.postIds);
    recorded.asked.push({
      posts: body.postIds.length,
      signatures: body.postIds.reduce((n, id) => n + widthsOf(id), 0),
    });
  });
  return recorded;
}
