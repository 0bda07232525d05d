/** Posting a photo as a person does, through the new-post screen. */
import { expect, type Page } from '@playwright/test';
import sharp from 'sharp';
import { encodePostCreateForm, MESSAGES, paths } from '@snapshire/contracts';
import type { E2EStack } from '../harness/stack.ts';

const POST_URL = /\/groups\/([0-9a-f-]{36})\/post\/([0-9a-f-]{36})$/;

/** A plain 640x480 JPEG whose colour follows `seed`. */
export async function smallJpeg(seed: number): Promise<Buffer> {
  return sharp({ create: { width: 640, height: 480, channels: 3, background: { r: seed % 255, g: 120, b: 90 } } })
    .jpeg()
    .toBuffer();
}

/** Posts a photo through the new-post screen and returns the new post's id. */
export async function postThroughScreen(page: Page, groupId: string, description: string): Promise<string> {
  await page.goto(paths.group(groupId));
  await page.getByRole('link', { name: MESSAGES.NEW_POST }).click();
  await expect(page).toHaveURL(paths.groupNewPost(groupId));
  await page.getByLabel('Choose a photo').setInputFiles({
    name: 'family.jpg',
    mimeType: 'image/jpeg',
    buffer: await smallJpeg(Date.now()),
  });
  await page.getByPlaceholder(MESSAGES.DESCRIPTION_PLACEHOLDER).fill(description);
  await page.getByRole('button', { name: /^Submit/ }).click();
  await expect(page.getByText(MESSAGES.POST_CREATED)).toBeVisible({ timeout: 60_000 });
  const href = (await page.getByRole('link', { name: MESSAGES.VIEW_YOUR_POST }).getAttribute('href')) ?? '';
  const [, postGroup, postId] = POST_URL.exec(href) ?? [];
  expect(postGroup).toBe(groupId);
  return postId!;
}

/** Posts a photo straight to handle-post-create as `token`'s owner, as the new-post screen does. */
export async function postDirectly(
  stack: E2EStack,
  token: string,
  groupId: string,
  description?: string,
): Promise<string> {
  const form = encodePostCreateForm(
    {
      file: new File([new Uint8Array(await smallJpeg(7))], 'quay.jpg', { type: 'image/jpeg' }),
      groupId,
      description,
      photoType: 'DIGITAL',
      width: 640,
      height: 480,
      categoryIds: [],
    },
    new FormData(),
  );
  const response = await fetch(`${stack.supabaseUrl}/functions/v1/handle-post-create`, {
    method: 'POST',
    headers: { apikey: stack.anonKey, Authorization: `Bearer ${token}` },
    body: form,
  });
  const body = (await response.json()) as { post?: { id: string } };
  if (!response.ok || !body.post) throw new Error(`post failed: ${response.status} ${JSON.stringify(body)}`);
  return body.post.id;
}
