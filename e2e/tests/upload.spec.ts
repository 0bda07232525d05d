/**
 * New-post journeys (issue 7) through the host, the federated upload and browse remotes and the embedded
 * backend's handle-post-create: a signed-in member posts a real JPEG (EXIF orientation + GPS) with a
 * description, categories and Film, watches it upload, opens it, and finds it in the group page under
 * today's date without a reload; refused files each get the right message (the last two from the server);
 * the private group takes its member's post and stays out of reach of a non-member.
 */
import type { Browser, Page } from '@playwright/test';
import { expect, test } from '../harness/fixtures.ts';
import sharp from 'sharp';
import {
  encodePostCreateForm,
  LEAVE_NEW_POST,
  LIMITS,
  MESSAGES,
  PHOTO_BUCKET,
  paths,
  postObjectPath,
} from '@snapshire/contracts';
import { SAMPLE_ACCOUNTS } from '../../supabase/seed/accounts.ts';
import { SEED_GROUPS } from '../../supabase/seed/ids.ts';
import { readStack } from '../harness/stack.ts';
import { signIn, type Account } from '../support/session.ts';

const BRISTOL = { id: SEED_GROUPS.bristol, name: 'Bristol Harbourside' };
const FAMILY = { id: SEED_GROUPS.family, name: 'The Harper Family' };
const POST_URL = /\/groups\/([0-9a-f-]{36})\/post\/([0-9a-f-]{36})$/;

type Upload = { name: string; mimeType: string; buffer: Buffer };

// ---------------------------------------------------------------------------------------------------------
// Test photos, made here with sharp so the repository carries no binary fixtures.

/**
 * A 1600x1200 JPEG (stored landscape, noisy enough to weigh ~1.5 MB so the upload takes a moment) with a
 * red band along its stored top edge, EXIF orientation 6 (shown rotated: 1200x1600, band on the right),
 * a camera make/model and GPS coordinates, as a phone would write them.
 */
async function phonePhoto(): Promise<Buffer> {
  const band = Buffer.from(
    '<svg xmlns="http://www.w3.org/2000/svg" width="1600" height="200"><rect width="1600" height="200" fill="#d62828"/></svg>',
  );
  return sharp({
    create: {
      width: 1600,
      height: 1200,
      channels: 3,
      background: { r: 0, g: 0, b: 0 },
      noise: { type: 'gaussian', mean: 120, sigma: 40 },
    },
  })
    .composite([{ input: band, top: 0, left: 0 }])
    .jpeg({ quality: 92 })
    .withMetadata({ orientation: 6 })
    .withExif({
      IFD0: { Make: 'Snapshire', Model: 'E2E Phone' },
      IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '51/1 27/1 0/1', GPSLongitudeRef: 'W', GPSLongitude: '2/1 35/1 0/1' },
    })
    .toBuffer();
}

async function smallJpeg(): Promise<Buffer> {
  return sharp({ create: { width: 640, height: 480, channels: 3, background: { r: 40, g: 120, b: 90 } } })
    .jpeg()
    .toBuffer();
}

async function png(): Promise<Buffer> {
  return sharp({ create: { width: 64, height: 48, channels: 3, background: { r: 200, g: 40, b: 40 } } })
    .png()
    .toBuffer();
}

const jpegUpload = (name: string, buffer: Buffer): Upload => ({ name, mimeType: 'image/jpeg', buffer });

// ---------------------------------------------------------------------------------------------------------
// Page helpers

const fileInput = (page: Page) => page.getByLabel('Choose a photo');
const photoIssues = (page: Page) => page.getByRole('alert', { name: 'Problems with this photo' });
const describeHeading = (page: Page) => page.getByRole('heading', { name: MESSAGES.DESCRIBE_STEP_TITLE });
const submitButton = (page: Page) => page.getByRole('button', { name: /^Submit/ });

/**
 * Ticks a checkbox card or picks a radio by clicking its label, as a person does: the inputs themselves are
 * visually hidden behind their labels.
 */
async function pick(page: Page, role: 'checkbox' | 'radio', name: string) {
  const input = page.getByRole(role, { name });
  await page.locator('label').filter({ has: input }).click();
  await expect(input).toBeChecked();
}

async function choose(page: Page, upload: Upload) {
  await fileInput(page).setInputFiles(upload);
}

async function expectRefused(page: Page, messages: string[]) {
  await expect(photoIssues(page).getByRole('listitem')).toHaveText(messages);
  await expect(describeHeading(page)).toHaveCount(0);
}

/** A document mark that a full page load would lose. */
async function markDocument(page: Page) {
  await page.evaluate(() => ((window as unknown as { __noReload?: boolean }).__noReload = true));
}
async function expectSameDocument(page: Page) {
  expect(await page.evaluate(() => (window as unknown as { __noReload?: boolean }).__noReload)).toBe(true);
}

// ---------------------------------------------------------------------------------------------------------
// Server-side helpers (the embedded backend, as a script would reach it)

/** Signs in through the auth API (no browser) and returns the access token. */
async function accessTokenOf(account: Account): Promise<string> {
  const { supabaseUrl, anonKey } = readStack();
  const response = await fetch(`${supabaseUrl}/auth/v1/token?grant_type=password`, {
    method: 'POST',
    headers: { apikey: anonKey, 'Content-Type': 'application/json' },
    body: JSON.stringify(account),
  });
  const body = (await response.json()) as { access_token?: string };
  if (!response.ok || !body.access_token) throw new Error(`sign-in failed: ${response.status}`);
  return body.access_token;
}

/** Posts a multipart form to handle-post-create exactly as the screen does. */
async function postDirectly(token: string, groupId: string, upload: Upload) {
  const { supabaseUrl, anonKey } = readStack();
  const form = encodePostCreateForm(
    {
      file: new File([new Uint8Array(upload.buffer)], upload.name, { type: upload.mimeType }),
      groupId,
      photoType: 'DIGITAL',
      width: 640,
      height: 480,
      categoryIds: [],
    },
    new FormData(),
  );
  const response = await fetch(`${supabaseUrl}/functions/v1/handle-post-create`, {
    method: 'POST',
    headers: { apikey: anonKey, Authorization: `Bearer ${token}` },
    body: form,
  });
  return { status: response.status, body: (await response.json()) as { post?: { id: string }; error?: string } };
}

/** The stored photo of a post, read with the service role (past RLS), and the post's row as GraphQL shows it. */
async function storedPost(postId: string) {
  const { supabaseUrl, serviceRoleKey } = readStack();
  const response = await fetch(`${supabaseUrl}/graphql/v1`, {
    method: 'POST',
    headers: { apikey: serviceRoleKey, Authorization: `Bearer ${serviceRoleKey}`, 'Content-Type': 'application/json' },
    body: JSON.stringify({
      query: `query ($id: UUID!) { postCollection(filter: { id: { eq: $id } }) { edges { node {
        file_name meta_width meta_height photo_type description has_uploaded_photo
        post_categoryCollection { edges { node { category { display_name } } } } } } } }`,
      variables: { id: postId },
    }),
  });
  const body = (await response.json()) as {
    data: {
      postCollection: {
        edges: Array<{
          node: {
            file_name: string;
            meta_width: number;
            meta_height: number;
            photo_type: string;
            description: string | null;
            has_uploaded_photo: boolean;
            post_categoryCollection: { edges: Array<{ node: { category: { display_name: string } } }> };
          };
        }>;
      };
    };
  };
  const row = body.data.postCollection.edges[0]?.node;
  if (!row) throw new Error(`post ${postId} not found`);
  const download = await fetch(
    `${supabaseUrl}/storage/v1/object/${PHOTO_BUCKET}/${postObjectPath(postId, row.file_name)}`,
    {
      headers: { apikey: serviceRoleKey, Authorization: `Bearer ${serviceRoleKey}` },
    },
  );
  if (!download.ok) throw new Error(`download failed: ${download.status}`);
  return { row, photo: Buffer.from(await download.arrayBuffer()) };
}

/** Today's heading in the group page, as the browser formats it (its locale and time zone). */
function todaysHeading(page: Page) {
  return page.evaluate(() =>
    new Intl.DateTimeFormat(undefined, { weekday: 'long', year: 'numeric', month: 'long', day: 'numeric' }).format(
      new Date(),
    ),
  );
}

// ---------------------------------------------------------------------------------------------------------

test('a member posts a phone photo with description, categories and Film, and finds it in the group without a reload', async ({
  page,
}) => {
  test.setTimeout(120_000);
  const photo = jpegUpload('IMG_0412.jpg', await phonePhoto());
  const description = `Cranes on the quay at dusk (${Date.now()})`;

  // Visit the group page first, so the shared Apollo cache holds its (old) list of posts.
  await signIn(page, SAMPLE_ACCOUNTS.ada, paths.group(BRISTOL.id));
  await expect(page.getByRole('heading', { level: 1, name: BRISTOL.name })).toBeVisible();
  await expect(page.getByTestId('photo-tile').first()).toBeVisible();
  await markDocument(page);
  await page.getByRole('link', { name: MESSAGES.NEW_POST }).click();
  await expect(page).toHaveURL(paths.groupNewPost(BRISTOL.id));

  // The page around the form.
  await expect(page.getByRole('heading', { level: 1, name: MESSAGES.NEW_POST })).toBeVisible();
  await expect(page.getByRole('link', { name: BRISTOL.name })).toHaveAttribute('href', paths.group(BRISTOL.id));
  await expect(page.getByRole('link', { name: 'Cancel' })).toHaveAttribute('href', paths.group(BRISTOL.id));
  await expect(page.getByRole('heading', { name: MESSAGES.UPLOAD_STEP_TITLE })).toBeVisible();
  await expect(page.getByText(`no larger than ${LIMITS.UPLOAD_MAX_LABEL}`)).toBeVisible();
  await expect(page.getByRole('link', { name: 'Terms & Conditions' })).toHaveAttribute('href', paths.terms());
  await expect(describeHeading(page)).toHaveCount(0);

  // Step one: the preview is upright (the browser applies the EXIF orientation), then step two scrolls in.
  await choose(page, photo);
  const preview = page.getByAltText(`Preview of ${photo.name}`);
  await expect(preview).toBeVisible();
  expect(await preview.evaluate((img: HTMLImageElement) => [img.naturalWidth, img.naturalHeight])).toEqual([
    1200, 1600,
  ]);
  await expect(describeHeading(page)).toBeInViewport();

  // Step two.
  await expect(page.getByRole('radio', { name: 'Digital' })).toBeChecked();
  await page.getByPlaceholder(MESSAGES.DESCRIPTION_PLACEHOLDER).fill(description);
  await expect(page.getByTestId('description-count')).toHaveText(
    `${description.length}/${LIMITS.DESCRIPTION_MAX_LENGTH}`,
  );
  await pick(page, 'checkbox', 'Street');
  await pick(page, 'checkbox', 'Architecture');
  await pick(page, 'radio', 'Film');

  // Submit on a slow uplink (~3 s for this photo): the progress bar follows the upload, Submit stays disabled.
  const cdp = await page.context().newCDPSession(page);
  const uplink = (uploadThroughput: number) =>
    cdp.send('Network.emulateNetworkConditions', {
      offline: false,
      latency: 0,
      downloadThroughput: -1,
      uploadThroughput,
    });
  await uplink(400 * 1024);
  await page.evaluate(() => {
    // Every value the bar shows, however briefly.
    const seen: number[] = [];
    (window as unknown as { __uploadProgress: number[] }).__uploadProgress = seen;
    new MutationObserver(() => {
      const value = document.querySelector('[role="progressbar"]')?.getAttribute('aria-valuenow');
      if (value && Number(value) !== seen.at(-1)) seen.push(Number(value));
    }).observe(document.body, { subtree: true, childList: true, attributes: true });
  });
  await submitButton(page).click();
  await expect(page.getByRole('progressbar', { name: 'Upload progress' })).toBeVisible();
  await expect(submitButton(page)).toBeDisabled();
  await expect(page.getByText(MESSAGES.POST_CREATED)).toBeVisible({ timeout: 60_000 });
  await uplink(-1);
  const progressShown = await page.evaluate(
    () => (window as unknown as { __uploadProgress: number[] }).__uploadProgress,
  );
  expect(progressShown.filter((percent) => percent > 0 && percent < 100).length).toBeGreaterThan(2);
  expect(progressShown).toEqual([...progressShown].sort((a, b) => a - b));

  const viewLink = page.getByRole('link', { name: MESSAGES.VIEW_YOUR_POST });
  const href = (await viewLink.getAttribute('href')) ?? '';
  const [, groupId, postId] = POST_URL.exec(href) ?? [];
  expect(groupId).toBe(BRISTOL.id);
  expect(postId).toBeTruthy();

  // What the server stored: upright, without EXIF or GPS, with the fields of the form.
  const { row, photo: stored } = await storedPost(postId!);
  expect(row).toMatchObject({
    meta_width: 1200,
    meta_height: 1600,
    photo_type: 'FILM',
    description,
    has_uploaded_photo: true,
  });
  expect(row.post_categoryCollection.edges.map((e) => e.node.category.display_name).sort()).toEqual([
    'Architecture',
    'Street',
  ]);
  const meta = await sharp(stored).metadata();
  expect(meta).toMatchObject({ format: 'jpeg', width: 1200, height: 1600 });
  expect(meta.exif).toBeUndefined();
  expect(meta.orientation ?? 1).toBe(1);
  // The red band, stored along the top of the sideways original, is now on the right: upright.
  const { data: pixels, info } = await sharp(stored).raw().toBuffer({ resolveWithObject: true });
  const meanRed = (x0: number, x1: number) => {
    let sum = 0;
    let count = 0;
    for (let y = 100; y < info.height - 100; y += 7)
      for (let x = x0; x < x1; x += 3) {
        sum += pixels[(y * info.width + x) * info.channels]!;
        count += 1;
      }
    return sum / count;
  };
  expect(meanRed(info.width - 150, info.width - 50)).toBeGreaterThan(180); // the band (red 214)
  expect(meanRed(50, 150)).toBeLessThan(150); // the noise (red about 120)

  // Open the post.
  await viewLink.click();
  await expect(page).toHaveURL(href);
  const detail = page.getByTestId('post-detail');
  await expect(detail).toBeVisible();
  await expect(detail.getByText(description)).toBeVisible();
  await expect(detail.getByText('Film', { exact: true })).toBeVisible();
  await expect(detail.getByText('Street', { exact: true })).toBeVisible();
  await expect(detail.getByText('Architecture', { exact: true })).toBeVisible();
  // The photo as served (a signed, transformed render): portrait, like the upright original.
  const shown = detail.getByTestId('post-photo').locator('img');
  await expect(shown).toBeVisible();
  await expect.poll(() => shown.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
  const [shownWidth, shownHeight] = await shown.evaluate((img: HTMLImageElement) => [
    img.naturalWidth,
    img.naturalHeight,
  ]);
  expect(shownHeight).toBeGreaterThan(shownWidth!);

  // Back to the group through the app: the new post is there under today's date, no reload needed.
  await detail.getByRole('link', { name: BRISTOL.name }).click();
  await expect(page).toHaveURL(paths.group(BRISTOL.id));
  const today = await todaysHeading(page);
  const firstDay = page.getByTestId('gallery').locator('section').first();
  await expect(firstDay).toHaveAttribute('aria-label', today);
  await expect(firstDay.locator(`[data-testid="photo-tile"][data-post-id="${postId}"]`)).toBeVisible();
  await expectSameDocument(page);
});

test('a 10x10 JPEG posts, and so does the normal photo after it: both are shown in the group', async ({ page }) => {
  test.setTimeout(90_000);
  const tiny = await sharp({ create: { width: 10, height: 10, channels: 3, background: { r: 214, g: 40, b: 40 } } })
    .jpeg({ quality: 90 })
    .toBuffer();
  await signIn(page, SAMPLE_ACCOUNTS.ada, paths.groupNewPost(BRISTOL.id));
  await expect(page.getByRole('link', { name: BRISTOL.name })).toBeVisible();

  const posted: string[] = [];
  for (const upload of [jpegUpload('tiny.jpg', tiny), jpegUpload('harbour.jpg', await smallJpeg())]) {
    await choose(page, upload);
    await expect(describeHeading(page)).toBeVisible();
    await submitButton(page).click();
    await expect(page.getByText(MESSAGES.POST_CREATED)).toBeVisible();
    const href = (await page.getByRole('link', { name: MESSAGES.VIEW_YOUR_POST }).getAttribute('href')) ?? '';
    posted.push(POST_URL.exec(href)![2]!);
    await page.goto(paths.groupNewPost(BRISTOL.id));
  }
  expect((await storedPost(posted[0]!)).row).toMatchObject({ meta_width: 10, meta_height: 10 });

  await page.goto(paths.group(BRISTOL.id));
  for (const postId of posted) {
    const photo = page.locator(`[data-testid="photo-tile"][data-post-id="${postId}"] img`);
    await expect(photo).toBeVisible();
    await expect
      .poll(() => photo.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth))
      .toBeGreaterThan(0);
  }
});

test('refuses a PNG, a file over 10MB and a text file named .jpg, each with its reason', async ({ page }) => {
  await signIn(page, SAMPLE_ACCOUNTS.ada, paths.groupNewPost(BRISTOL.id));
  await expect(page.getByRole('link', { name: BRISTOL.name })).toBeVisible();

  await choose(page, { name: 'harbour.png', mimeType: 'image/png', buffer: await png() });
  await expectRefused(page, [MESSAGES.ONLY_JPEG]);

  // A real JPEG padded to one byte over the limit (decoders ignore what follows the image).
  const jpeg = await smallJpeg();
  const huge = Buffer.concat([jpeg, Buffer.alloc(LIMITS.UPLOAD_MAX_BYTES + 1 - jpeg.length)]);
  await choose(page, jpegUpload('huge.jpg', huge));
  await expectRefused(page, [MESSAGES.PHOTO_TOO_LARGE]);

  // Text named .jpg: the browser cannot decode it, so the screen refuses it before sending anything...
  const text = jpegUpload('notes.jpg', Buffer.from('These are my notes, not a photograph.\n'));
  await choose(page, text);
  await expectRefused(page, [MESSAGES.NOT_A_JPEG]);
  // ...and the server refuses the same bytes by their content, whatever the name and declared type say.
  const refused = await postDirectly(await accessTokenOf(SAMPLE_ACCOUNTS.ada), BRISTOL.id, text);
  expect(refused).toEqual({ status: 415, body: { error: MESSAGES.NOT_A_JPEG } });

  // A good photo after all that clears the reasons.
  await choose(page, jpegUpload('harbour.jpg', jpeg));
  await expect(describeHeading(page)).toBeVisible();
  await expect(photoIssues(page)).toHaveCount(0);
});

test('the screen refuses a PNG named .jpg from its bytes, before sending anything', async ({ page }) => {
  await signIn(page, SAMPLE_ACCOUNTS.ada, paths.groupNewPost(BRISTOL.id));
  // The browser would show a PNG whatever its name; the screen reads the file's first bytes, as the server does.
  await choose(page, jpegUpload('disguised.jpg', await png()));
  await expectRefused(page, [MESSAGES.NOT_A_JPEG]);
});

test('the server’s refusal is shown and the user can try again (a JPEG cut short)', async ({ page }) => {
  await signIn(page, SAMPLE_ACCOUNTS.ada, paths.groupNewPost(BRISTOL.id));
  // A JPEG cut off in its image data: its header reads and the browser shows the part it has (grey below),
  // so it passes the screen's checks; only the server, decoding all of it, finds it incomplete.
  const whole = await phonePhoto();
  await choose(page, jpegUpload('cut.jpg', whole.subarray(0, Math.floor(whole.length * 0.6))));
  await expect(describeHeading(page)).toBeVisible();
  await submitButton(page).click();
  await expect(page.getByRole('alert').filter({ hasText: MESSAGES.PHOTO_DAMAGED })).toBeVisible();
  await expect(submitButton(page)).toBeEnabled();
  await expect(page.getByText(MESSAGES.POST_CREATED)).toHaveCount(0);

  // Clearing goes back to step one; a real JPEG then posts.
  await page.getByRole('button', { name: 'Clear' }).click();
  await expect(describeHeading(page)).toHaveCount(0);
  await expect(fileInput(page)).toBeAttached();
  await choose(page, jpegUpload('harbour.jpg', await smallJpeg()));
  await submitButton(page).click();
  await expect(page.getByText(MESSAGES.POST_CREATED)).toBeVisible();
});

test('a member posts into the private group; a non-member cannot reach its new-post page', async ({
  page,
  browser,
}) => {
  await signIn(page, SAMPLE_ACCOUNTS.ada, paths.groupNewPost(FAMILY.id));
  await expect(page.getByRole('link', { name: FAMILY.name })).toBeVisible();
  await choose(page, jpegUpload('garden.jpg', await smallJpeg()));
  await page.getByPlaceholder(MESSAGES.DESCRIPTION_PLACEHOLDER).fill('Sunday lunch in the garden');
  await pick(page, 'checkbox', 'People');
  await submitButton(page).click();
  await page.getByRole('link', { name: MESSAGES.VIEW_YOUR_POST }).click();
  await expect(page.getByTestId('post-detail').getByText('Sunday lunch in the garden')).toBeVisible();

  const ben = await signedInPage(browser, SAMPLE_ACCOUNTS.ben, paths.groupNewPost(FAMILY.id));
  await expect(ben.getByText(MESSAGES.MISSING_GROUP_PAGE)).toBeVisible();
  await expect(ben.getByLabel('Choose a photo')).toHaveCount(0);
  await expect(ben.getByText(FAMILY.name)).toHaveCount(0);
  // Nor can he post there by calling the function himself.
  const refused = await postDirectly(
    await accessTokenOf(SAMPLE_ACCOUNTS.ben),
    FAMILY.id,
    jpegUpload('x.jpg', await smallJpeg()),
  );
  expect(refused).toEqual({ status: 404, body: { error: MESSAGES.GROUP_NOT_FOUND } });
  await ben.context().close();
});

test('a signed-out visitor is sent to register and back to the new-post page', async ({ page }) => {
  const newPostPath = paths.groupNewPost(BRISTOL.id);
  await page.goto(newPostPath);
  await expect(page).toHaveURL(paths.register(newPostPath));
});

test('leaving with a photo chosen asks first: Stay keeps it, Back during the upload says it goes on', async ({
  page,
}) => {
  await signIn(page, SAMPLE_ACCOUNTS.ada, paths.group(BRISTOL.id));
  await page.getByRole('link', { name: MESSAGES.NEW_POST }).click();
  await expect(page).toHaveURL(paths.groupNewPost(BRISTOL.id));
  await choose(page, jpegUpload('harbour.jpg', await smallJpeg()));
  await expect(describeHeading(page)).toBeVisible();
  const description = page.getByPlaceholder(MESSAGES.DESCRIPTION_PLACEHOLDER);
  await description.fill('Not posted yet');

  // Cancel asks; Stay keeps the photo and the text.
  await page.getByRole('link', { name: 'Cancel' }).click();
  const dialog = page.getByRole('alertdialog', { name: LEAVE_NEW_POST.TITLE });
  await expect(dialog).toContainText(LEAVE_NEW_POST.UNSAVED);
  await expect(dialog.getByRole('button', { name: LEAVE_NEW_POST.STAY })).toBeFocused();
  await dialog.getByRole('button', { name: LEAVE_NEW_POST.STAY }).click();
  await expect(dialog).toHaveCount(0);
  await expect(page).toHaveURL(paths.groupNewPost(BRISTOL.id));
  await expect(description).toHaveValue('Not posted yet');

  // Back in the middle of an upload (held here) says the upload goes on; Leave goes back to the group.
  let releaseUpload!: () => void;
  const held = new Promise<void>((resolve) => (releaseUpload = resolve));
  await page.route('**/functions/v1/handle-post-create', async (route) => {
    await held;
    await route.abort();
  });
  await submitButton(page).click();
  await page.goBack();
  await expect(dialog).toContainText(LEAVE_NEW_POST.UPLOADING);
  await dialog.getByRole('button', { name: LEAVE_NEW_POST.LEAVE }).click();
  await expect(page).toHaveURL(paths.group(BRISTOL.id));
  await expect(page.getByRole('heading', { level: 1, name: BRISTOL.name })).toBeVisible();
  releaseUpload();
});

async function signedInPage(browser: Browser, account: Account, then: string): Promise<Page> {
  const context = await browser.newContext();
  const page = await context.newPage();
  await signIn(page, account, then);
  return page;
}
