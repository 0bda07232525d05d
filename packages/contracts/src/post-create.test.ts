import { describe, expect, it } from 'vitest';
import { MESSAGES } from './messages.ts';
import {
  decodePostCreateForm,
  decodePostCreateResponse,
  encodePostCreateForm,
  functionErrorResponseSchema,
  POST_CREATE_FIELDS,
  postCreatedResponseSchema,
  type PostCreateRequest,
} from './post-create.ts';
import { type FileLike, issueMessages, postFormSchema } from './schemas.ts';

// The runtime's own FormData and File (vitest runs on Node): contracts' types name no runtime's globals.
interface RuntimeFile extends FileLike {
  arrayBuffer(): Promise<ArrayBuffer>;
}
interface RuntimeFormData {
  append(name: string, value: string | RuntimeFile, fileName?: string): void;
  set(name: string, value: string): void;
  get(name: string): string | RuntimeFile | null;
  keys(): IterableIterator<string>;
}
declare const FormData: new () => RuntimeFormData;
declare const File: new (bits: Uint8Array[], name: string, options: { type: string }) => RuntimeFile;

const GROUP = '6f1c2a7e-3b9d-4c1e-8f2a-0b1c2d3e4f50';
const CAT_A = '11111111-1111-4111-8111-111111111111';
const CAT_B = '22222222-2222-4222-8222-222222222222';
const photo = () => new File([new Uint8Array(64).fill(0xff)], 'harbour at dusk.jpg', { type: 'image/jpeg' });
const request = (overrides: Partial<PostCreateRequest<RuntimeFile>> = {}): PostCreateRequest<RuntimeFile> => ({
  groupId: GROUP,
  file: photo(),
  photoType: 'FILM',
  categoryIds: [],
  ...overrides,
});

describe('encodePostCreateForm', () => {
  it('writes the field names of POST_CREATE_FIELDS, categoryIds comma-joined, and leaves out what is absent', () => {
    const form = encodePostCreateForm(
      request({ description: 'Dusk', categoryIds: [CAT_A, CAT_B], width: 4000, height: 3000 }),
      new FormData(),
    );
    expect([...form.keys()].sort()).toEqual(
      [
        POST_CREATE_FIELDS.FILE,
        POST_CREATE_FIELDS.GROUP_ID,
        POST_CREATE_FIELDS.DESCRIPTION,
        POST_CREATE_FIELDS.PHOTO_TYPE,
        POST_CREATE_FIELDS.WIDTH,
        POST_CREATE_FIELDS.HEIGHT,
        POST_CREATE_FIELDS.CATEGORY_IDS,
      ].sort(),
    );
    expect(form.get('categoryIds')).toBe(`${CAT_A},${CAT_B}`);
    expect(form.get('width')).toBe('4000');
    expect((form.get('file') as RuntimeFile).name).toBe('harbour at dusk.jpg');
    expect([...encodePostCreateForm(request(), new FormData()).keys()].sort()).toEqual([
      'file',
      'groupId',
      'photoType',
    ]);
  });
});

describe('decodePostCreateForm', () => {
  it('reads back exactly what the encoder wrote, keeping the runtime’s file', () => {
    const sent = request({
      description: 'Dusk',
      cameraMake: 'Leica',
      cameraModel: 'M6',
      categoryIds: [CAT_A, CAT_B],
      width: 4000,
      height: 3000,
    });
    const decoded = decodePostCreateForm(encodePostCreateForm(sent, new FormData()));
    expect(decoded.success).toBe(true);
    if (!decoded.success) return;
    const { file, ...fields } = decoded.data;
    const { file: sentFile, ...sentFields } = sent;
    expect(file).toBeInstanceOf(File);
    expect([file.name, file.size, file.type]).toEqual([sentFile.name, sentFile.size, sentFile.type]);
    expect(fields).toEqual(sentFields);
  });

  it('accepts a request without width and height: they are advisory, the server reads the image’s size', () => {
    const decoded = decodePostCreateForm(encodePostCreateForm(request(), new FormData()));
    expect(decoded).toMatchObject({ success: true, data: { width: undefined, height: undefined } });
  });

  it('refuses a width or height that is not a positive whole number', () => {
    for (const bad of ['abc', '0', '-3', '2.5']) {
      const form = encodePostCreateForm(request({ width: 10 }), new FormData());
      form.set(POST_CREATE_FIELDS.WIDTH, bad);
      expect(decodePostCreateForm(form), bad).toEqual({ success: false, issues: [MESSAGES.DIMENSIONS_REQUIRED] });
    }
  });

  it('lists every issue: no group, a text where the file goes, no photo type', () => {
    const form = new FormData();
    form.append(POST_CREATE_FIELDS.FILE, 'not a file');
    expect(decodePostCreateForm(form)).toEqual({
      success: false,
      issues: [MESSAGES.MISSING_GROUP_ID, MESSAGES.INVALID_FILE, MESSAGES.PHOTO_TYPE_REQUIRED],
    });
  });

  it('lower-cases the ids and lists each category once', () => {
    const decoded = decodePostCreateForm(
      encodePostCreateForm(
        request({ groupId: GROUP.toUpperCase(), categoryIds: [CAT_A, CAT_A.toUpperCase(), CAT_B] }),
        new FormData(),
      ),
    );
    expect(decoded).toMatchObject({ success: true, data: { groupId: GROUP, categoryIds: [CAT_A, CAT_B] } });
  });
});

describe('the screen’s form still needs the size its preview decoded', () => {
  it('refuses a form without width and height', () => {
    const r = postFormSchema.safeParse({ file: photo(), photoType: 'DIGITAL' });
    expect(issueMessages(r.error!)).toEqual([MESSAGES.DIMENSIONS_REQUIRED]);
  });
});

describe('the answer', () => {
  it('has one schema for 201 {post: {id}} and one for {error, issues?}', () => {
    expect(postCreatedResponseSchema.safeParse({ post: { id: 'p1' } }).success).toBe(true);
    expect(postCreatedResponseSchema.safeParse({ post: {} }).success).toBe(false);
    expect(functionErrorResponseSchema.safeParse({ error: 'No.', issues: ['No.', 'Never.'] }).success).toBe(true);
    expect(functionErrorResponseSchema.safeParse({ error: '  ' }).success).toBe(false);
  });

  it('decodes created, refused (any status) and unreadable answers', () => {
    expect(decodePostCreateResponse(201, JSON.stringify({ post: { id: 'p1' } }))).toEqual({
      outcome: 'created',
      postId: 'p1',
    });
    expect(decodePostCreateResponse(413, JSON.stringify({ error: MESSAGES.PHOTO_TOO_LARGE }))).toEqual({
      outcome: 'refused',
      status: 413,
      error: MESSAGES.PHOTO_TOO_LARGE,
    });
    expect(
      decodePostCreateResponse(400, JSON.stringify({ error: MESSAGES.ONLY_JPEG, issues: [MESSAGES.ONLY_JPEG] })),
    ).toEqual({ outcome: 'refused', status: 400, error: MESSAGES.ONLY_JPEG, issues: [MESSAGES.ONLY_JPEG] });
    for (const [status, body] of [
      [502, '<html>Bad gateway</html>'],
      [201, '{}'],
      [500, ''],
      [400, JSON.stringify({ post: { id: 'p1' } })],
    ] as const) {
      expect(decodePostCreateResponse(status, body)).toEqual({ outcome: 'unreadable', status });
    }
  });
});
