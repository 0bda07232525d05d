import { describe, expect, it } from 'vitest';
import { MESSAGES } from './messages.ts';
import { credentialsSchema, issueMessages, postFormSchema } from './schemas.ts';
import { imageTransform, safeRedirectPath, paths } from './index.ts';

const file = (size: number, type: string) => ({ name: 'a.jpg', size, type });
const base = { photoType: 'DIGITAL', width: 10, height: 10 } as const;

describe('credentialsSchema', () => {
  it('names a bad e-mail and a short password', () => {
    const r = credentialsSchema.safeParse({ email: 'nope', password: 'short' });
    expect(r.success).toBe(false);
    expect(issueMessages(r.error!)).toEqual([MESSAGES.INVALID_EMAIL, MESSAGES.PASSWORD_TOO_SHORT]);
  });
  it('accepts good credentials', () => {
    expect(credentialsSchema.safeParse({ email: 'a@b.co', password: '12345678' }).success).toBe(true);
  });
});

describe('postFormSchema', () => {
  it('accepts a JPEG within the limit', () => {
    expect(postFormSchema.safeParse({ ...base, file: file(10_485_760, 'image/jpeg') }).success).toBe(true);
  });
  it('refuses one byte over 10MB', () => {
    const r = postFormSchema.safeParse({ ...base, file: file(10_485_761, 'image/jpeg') });
    expect(issueMessages(r.error!)).toEqual([MESSAGES.PHOTO_TOO_LARGE]);
  });
  it('refuses a PNG as not JPEG, and text as not an image', () => {
    expect(issueMessages(postFormSchema.safeParse({ ...base, file: file(5, 'image/png') }).error!)).toEqual([
      MESSAGES.ONLY_JPEG,
    ]);
    expect(issueMessages(postFormSchema.safeParse({ ...base, file: file(5, 'text/plain') }).error!)).toEqual([
      MESSAGES.ONLY_IMAGES,
      MESSAGES.ONLY_JPEG,
    ]);
  });
  it('refuses a missing file, photo type and a 201-character description', () => {
    const r = postFormSchema.safeParse({ width: 1, height: 1, description: 'x'.repeat(201) });
    expect(issueMessages(r.error!)).toEqual(
      expect.arrayContaining([MESSAGES.INVALID_FILE, MESSAGES.PHOTO_TYPE_REQUIRED, MESSAGES.DESCRIPTION_TOO_LONG]),
    );
  });
});

describe('paths and redirects', () => {
  it('builds paths', () => {
    expect(paths.groupNewPost('g1')).toBe('/groups/g1/photograph/new');
    expect(paths.register('/groups/g1/photograph/new')).toBe('/auth/new?redirectTo=%2Fgroups%2Fg1%2Fphotograph%2Fnew');
  });
  it('follows only same-site paths', () => {
    expect(safeRedirectPath('/groups')).toBe('/groups');
    for (const bad of ['//evil.example', 'https://evil.example', '/\\evil.example', 'javascript:alert(1)', ''])
      expect(safeRedirectPath(bad)).toBe('/');
  });
});

describe('imageTransform', () => {
  it('scales wide images to 1230 with the height rounded', () => {
    expect(imageTransform({ width: 4000, height: 3000 })).toEqual({ width: 1230, height: 923, quality: 60 });
    expect(imageTransform({ width: 800, height: 600 })).toEqual({ width: 800, height: 600, quality: 60 });
    expect(imageTransform({ width: 4000, height: 3000 }, 400)).toEqual({ width: 400, height: 300, quality: 60 });
  });
});
