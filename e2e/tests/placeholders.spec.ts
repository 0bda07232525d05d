/**
 * Placeholders and camera details (issue 25, items 3 and 4) through the built site: a photo posted through
 * handle-post-create gets its ThumbHash, and its tile in the group page paints it in the photo's box before
 * the photo arrives (the image requests are held back, and the tile's pixels read); the post page shows the
 * camera line the photo's EXIF stated. Screenshots at 360 and 1280 px go to SHOTS_DIR for a person to look at.
 */
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Page, Route } from '@playwright/test';
import { expect, test } from '../harness/fixtures.ts';
import sharp from 'sharp';
import { encodePostCreateForm, MESSAGES, paths } from '@snapshire/contracts';
import { SAMPLE_ACCOUNTS } from '../../supabase/seed/accounts.ts';
import { SEED_GROUPS } from '../../supabase/seed/ids.ts';
import { readStack } from '../harness/stack.ts';
import { accessTokenOf, signIn } from '../support/session.ts';

const SHOTS_DIR = process.env.SHOTS_DIR ?? join(process.cwd(), 'test-results', 'placeholders');
const GROUP = SEED_GROUPS.bristol;
const CAMERA_LINE = 'FUJIFILM X100V · XF23mmF2 R WR · 23 mm · f/2 · 1/250 s · ISO 200';

/**
 * A 1200x800 photo, red on its left half and blue on its right, with a camera's EXIF (and a GPS position,
 * which the server drops), as an X100V would write it.
 */
async function splitPhoto(): Promise<Buffer> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="1200" height="800">
    <rect width="600" height="800" fill="#d62828"/><rect x="600" width="600" height="800" fill="#1d4ed8"/></svg>`;
  return sharp(Buffer.from(svg))
    .withExif({
      IFD0: { Make: 'FUJIFILM', Model: 'X100V' },
      IFD2: {
        ExposureTime: '1/250',
        FNumber: '2/1',
        ISOSpeedRatings: '200',
        FocalLength: '23/1',
        LensModel: 'XF23mmF2 R WR',
      },
      IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '51/1 27/1 0/1', GPSLongitudeRef: 'W', GPSLongitude: '2/1 35/1 0/1' },
    })
    .jpeg({ quality: 90 })
    .toBuffer();
}

/** Posts the photo into the group through handle-post-create, as ada, and returns the new post's id. */
async function postPhoto(): Promise<string> {
  const stack = readStack();
  const token = await accessTokenOf(stack, SAMPLE_ACCOUNTS.ada);
  const form = encodePostCreateForm(
    {
      file: new File([new Uint8Array(await splitPhoto())], 'DSCF0042.jpg', { type: 'image/jpeg' }),
      groupId: GROUP,
      photoType: 'DIGITAL',
      description: `Half and half (${Date.now()})`,
      categoryIds: [],
    },
    new FormData(),
  );
  const response = await fetch(`${stack.supabaseUrl}/functions/v1/handle-post-create`, {
    method: 'POST',
    headers: { apikey: stack.anonKey, Authorization: `Bearer ${token}` },
    body: form,
  });
  const body = (await response.json()) as { post?: { id: string }; error?: string };
  expect(response.status, JSON.stringify(body)).toBe(201);
  return body.post!.id;
}

/** Holds back every transformed-photo request of the page until released. */
async function holdPhotos(page: Page): Promise<{ held: Route[]; release: () => Promise<void> }> {
  const held: Route[] = [];
  let holding = true;
  await page.route('**/storage/v1/render/image/**', (route) => {
    if (holding) held.push(route);
    else void route.continue();
  });
  return {
    held,
    release: async () => {
      holding = false;
      await Promise.all(held.splice(0).map((route) => route.continue().catch(() => undefined)));
    },
  };
}

/** The RGB of the screenshot's pixel at (fx, fy), fractions of its width and height. */
async function pixelAt(png: Buffer, fx: number, fy: number): Promise<[number, number, number]> {
  const { data, info } = await sharp(png).removeAlpha().raw().toBuffer({ resolveWithObject: true });
  const x = Math.floor(info.width * fx);
  const y = Math.floor(info.height * fy);
  const at = (y * info.width + x) * info.channels;
  return [data[at]!, data[at + 1]!, data[at + 2]!];
}

let postId: string;

test.beforeAll(async () => {
  mkdirSync(SHOTS_DIR, { recursive: true });
  postId = await postPhoto();
});

/** The group page's query shape (remote-browse GroupById's posts), with or without the placeholder. */
const groupPostsQuery = (withPlaceholder: boolean) => `query ($id: UUID!) {
  groupCollection(filter: { id: { eq: $id } }, first: 1) { edges { node { id
    postCollection(first: 30, filter: { has_uploaded_photo: { eq: true } },
                   orderBy: [{ created_at: DescNullsLast }, { id: DescNullsLast }]) {
      edges { cursor node { id created_at file_name meta_width meta_height description${withPlaceholder ? ' th: thumbhash' : ''} } }
    } } } } }`;

test('every seeded post has its placeholder, and it adds at most 40 bytes a post to the group query', async () => {
  const stack = readStack();
  const ask = async (withPlaceholder: boolean) => {
    const response = await fetch(`${stack.supabaseUrl}/graphql/v1`, {
      method: 'POST',
      headers: { apikey: stack.anonKey, 'Content-Type': 'application/json' },
      body: JSON.stringify({ query: groupPostsQuery(withPlaceholder), variables: { id: GROUP } }),
    });
    const text = await response.text();
    const posts = (
      JSON.parse(text) as {
        data: {
          groupCollection: {
            edges: Array<{ node: { postCollection: { edges: Array<{ node: { th?: string | null } }> } } }>;
          };
        };
      }
    ).data.groupCollection.edges[0]!.node.postCollection.edges.map((edge) => edge.node);
    return { bytes: Buffer.byteLength(text), posts };
  };
  const without = await ask(false);
  const withTh = await ask(true);
  expect(withTh.posts.length).toBeGreaterThan(5);
  expect(withTh.posts.filter((post) => !post.th)).toEqual([]);
  const perPost = (withTh.bytes - without.bytes) / withTh.posts.length;
  console.log(
    `group query, ${withTh.posts.length} posts: ${without.bytes} -> ${withTh.bytes} bytes, ${perPost.toFixed(1)} bytes a post more`,
  );
  expect(perPost).toBeLessThanOrEqual(40);
});

for (const width of [360, 1280]) {
  test(`a new post's tile paints its placeholder before its photo arrives, then the photo (${width} px)`, async ({
    page,
  }) => {
    test.setTimeout(90_000);
    await page.setViewportSize({ width, height: 800 });
    const photos = await holdPhotos(page);
    await page.goto(paths.group(GROUP));
    const tile = page.locator(`[data-testid="photo-tile"][data-post-id="${postId}"]`);
    const box = tile.locator('[data-photo-state]');
    await expect(box).toHaveAttribute('data-placeholder', 'thumbhash');
    // Its photo has been asked for (and held): what shows is the placeholder alone.
    await expect.poll(() => photos.held.length).toBeGreaterThan(0);
    await expect(box).toHaveAttribute('data-photo-state', 'signed');
    await expect(box).not.toHaveAttribute('data-photo-loaded', 'true');
    const rendered = await box.boundingBox();
    expect(rendered!.width / rendered!.height).toBeCloseTo(1200 / 800, 1);

    const shot = await box.screenshot({
      path: join(SHOTS_DIR, `tile-placeholder-${width}.png`),
      animations: 'disabled',
    });
    const [lr, lg, lb] = await pixelAt(shot, 0.2, 0.5);
    const [rr, rg, rb] = await pixelAt(shot, 0.8, 0.5);
    // Red on the left, blue on the right, blurred: the photo's ThumbHash, not an empty box.
    expect(lr, `left ${[lr, lg, lb]}`).toBeGreaterThan(lb + 60);
    expect(lr).toBeGreaterThan(lg + 60);
    expect(rb, `right ${[rr, rg, rb]}`).toBeGreaterThan(rr + 40);

    // The first screen with every photo held back: each tile its own placeholder.
    await page.screenshot({ path: join(SHOTS_DIR, `gallery-placeholders-${width}.png`), animations: 'disabled' });

    await photos.release();
    await expect(box).toHaveAttribute('data-photo-loaded', 'true');
    await expect(box.locator('img')).toHaveCSS('opacity', '1');
    await box.screenshot({ path: join(SHOTS_DIR, `tile-photo-${width}.png`), animations: 'disabled' });
  });

  test(`the post page shows the camera line the photo stated (${width} px)`, async ({ page }) => {
    await page.setViewportSize({ width, height: 800 });
    await page.goto(paths.groupPost(GROUP, postId));
    const line = page.getByTestId('post-camera');
    await expect(line).toHaveText(CAMERA_LINE);
    const photo = page.getByTestId('post-photo');
    await expect(photo).toHaveAttribute('data-placeholder', 'thumbhash');
    // The photo in full, its fade over the placeholder finished.
    await expect(photo).toHaveAttribute('data-photo-loaded', 'true');
    await line.scrollIntoViewIfNeeded();
    await page.screenshot({ path: join(SHOTS_DIR, `camera-line-${width}.png`), animations: 'disabled' });
  });

  test(`the new-post screen shows the photo's camera details with a checkbox to leave them out (${width} px)`, async ({
    page,
  }) => {
    test.setTimeout(90_000);
    await page.setViewportSize({ width, height: 800 });
    await signIn(page, SAMPLE_ACCOUNTS.ada, paths.groupNewPost(GROUP));
    await page.getByLabel('Choose a photo').setInputFiles({
      name: 'DSCF0042.jpg',
      mimeType: 'image/jpeg',
      buffer: await splitPhoto(),
    });
    const choice = page.getByRole('checkbox', { name: MESSAGES.CAMERA_DETAILS_LABEL });
    await expect(choice).toBeChecked();
    await expect(page.getByTestId('camera-details-line')).toHaveText(CAMERA_LINE);
    const control = page.getByTestId('camera-details-choice');
    await control.scrollIntoViewIfNeeded();
    await control.screenshot({ path: join(SHOTS_DIR, `new-post-camera-${width}.png`), animations: 'disabled' });
    await page.locator('label').filter({ has: choice }).click();
    await expect(choice).not.toBeChecked();
  });
}
