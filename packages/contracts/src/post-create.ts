/**
 * The wire format of handle-post-create, both ways: the multipart request the new-post screen sends
 * (one field list, the encoder the screen uses and the decoder the function uses) and the JSON answer (one
 * schema the function writes and the screen reads).
 *
 * Width and height are advisory: the screen sends the size its preview decoded, the function validates them
 * when present but records the size of the image it stores, read from the bytes (a client's claim can lie).
 * They stay on the wire so a function deployed before or after the screen accepts what the other sends.
 */
import { z } from './zod.ts';
import { CAMERA_DETAILS, type CameraDetailsChoice, type PhotoType } from './enums.ts';
import { MESSAGES } from './messages.ts';
import { type FileLike, issueMessages, photoFileSchema, postFieldsSchema } from './schemas.ts';

/** Form field names of the handle-post-create multipart request (docs/product.md, "What it asks the backend"). */
export const POST_CREATE_FIELDS = {
  FILE: 'file',
  GROUP_ID: 'groupId',
  DESCRIPTION: 'description',
  PHOTO_TYPE: 'photoType',
  CAMERA_MAKE: 'cameraMake',
  CAMERA_MODEL: 'cameraModel',
  CAMERA_DETAILS: 'cameraDetails',
  WIDTH: 'width',
  HEIGHT: 'height',
  CATEGORY_IDS: 'categoryIds',
  IDEMPOTENCY_KEY: 'idempotencyKey',
} as const;

/** The request's values, as the screen encodes them and the function decodes them; F is the runtime's file. */
export interface PostCreateRequest<F extends FileLike> {
  groupId: string;
  file: F;
  photoType: PhotoType;
  description?: string | undefined;
  cameraMake?: string | undefined;
  cameraModel?: string | undefined;
  /** Default 'keep'; see CAMERA_DETAILS. */
  cameraDetails?: CameraDetailsChoice | undefined;
  categoryIds: readonly string[];
  /** Advisory: the size the client decoded; the stored post records the image's own. */
  width?: number | undefined;
  height?: number | undefined;
  /**
   * Made by the client per photo (a UUID) and kept until the server has answered for it: the function stores
   * one post per key per user, so a retry after a lost answer gets the same post back, never a second one.
   * Optional on the wire, so a client deployed before it still posts (without that protection).
   */
  idempotencyKey?: string | undefined;
}

/** The multipart request's fields as the function validates them (postFieldsSchema is the screen's own). */
export const postCreateRequestSchema = z.object({
  groupId: z.uuid({ message: MESSAGES.MISSING_GROUP_ID }),
  file: photoFileSchema,
  fields: postFieldsSchema,
  idempotencyKey: z.optional(z.uuid({ message: MESSAGES.IDEMPOTENCY_KEY_INVALID })),
});

/**
 * What the encoder writes into: a FormData of any runtime (browser, Node, Deno). Taken as an argument so
 * contracts itself touches no runtime's globals.
 */
export interface PostCreateFormTarget<F extends FileLike> {
  append(name: string, value: string): void;
  append(name: string, value: F, fileName: string): void;
}

/**
 * Writes the request into `form` and returns it: file (with its name) and groupId always; the other fields
 * only when present; categoryIds comma-joined, width and height as decimal strings.
 */
export function encodePostCreateForm<F extends FileLike, T extends PostCreateFormTarget<F>>(
  request: PostCreateRequest<F>,
  form: T,
): T {
  form.append(POST_CREATE_FIELDS.FILE, request.file, request.file.name);
  form.append(POST_CREATE_FIELDS.GROUP_ID, request.groupId);
  const optional: Array<[string, string | undefined]> = [
    [POST_CREATE_FIELDS.DESCRIPTION, request.description],
    [POST_CREATE_FIELDS.PHOTO_TYPE, request.photoType],
    [POST_CREATE_FIELDS.CAMERA_MAKE, request.cameraMake],
    [POST_CREATE_FIELDS.CAMERA_MODEL, request.cameraModel],
    [
      POST_CREATE_FIELDS.CAMERA_DETAILS,
      request.cameraDetails === CAMERA_DETAILS.OMIT ? CAMERA_DETAILS.OMIT : undefined,
    ],
    [POST_CREATE_FIELDS.WIDTH, request.width === undefined ? undefined : String(request.width)],
    [POST_CREATE_FIELDS.HEIGHT, request.height === undefined ? undefined : String(request.height)],
    [POST_CREATE_FIELDS.CATEGORY_IDS, request.categoryIds.length ? request.categoryIds.join(',') : undefined],
    [POST_CREATE_FIELDS.IDEMPOTENCY_KEY, request.idempotencyKey],
  ];
  for (const [name, value] of optional) if (value !== undefined && value !== '') form.append(name, value);
  return form;
}

/** A read multipart form: FormData, or the function's own parser's map (first value of each name). */
export interface PostCreateFormSource<F extends FileLike> {
  get(name: string): string | F | null | undefined;
}

export type PostCreateDecoded<F extends FileLike> =
  { success: true; data: PostCreateRequest<F> & { categoryIds: string[] } } | { success: false; issues: string[] };

/**
 * Reads and validates the request as the function receives it. The group and category ids come back in
 * lower case and the categories once each, so they compare equal to the database's; every issue is listed.
 */
export function decodePostCreateForm<F extends FileLike>(form: PostCreateFormSource<F>): PostCreateDecoded<F> {
  const text = (name: string): string | undefined => {
    const v = form.get(name);
    return typeof v === 'string' ? v : undefined;
  };
  const num = (name: string): number | undefined => {
    const v = text(name);
    return v === undefined || v === '' ? undefined : Number(v);
  };
  const sent = form.get(POST_CREATE_FIELDS.FILE);
  const file = typeof sent === 'object' && sent !== null ? sent : undefined;
  const categories = text(POST_CREATE_FIELDS.CATEGORY_IDS);
  const parsed = postCreateRequestSchema.safeParse({
    groupId: text(POST_CREATE_FIELDS.GROUP_ID),
    idempotencyKey: text(POST_CREATE_FIELDS.IDEMPOTENCY_KEY) || undefined,
    file,
    fields: {
      description: text(POST_CREATE_FIELDS.DESCRIPTION),
      photoType: text(POST_CREATE_FIELDS.PHOTO_TYPE),
      cameraMake: text(POST_CREATE_FIELDS.CAMERA_MAKE),
      cameraModel: text(POST_CREATE_FIELDS.CAMERA_MODEL),
      cameraDetails: text(POST_CREATE_FIELDS.CAMERA_DETAILS),
      categoryIds: categories ? categories.split(',').filter(Boolean) : [],
      width: num(POST_CREATE_FIELDS.WIDTH),
      height: num(POST_CREATE_FIELDS.HEIGHT),
    },
  });
  if (!parsed.success) return { success: false, issues: issueMessages(parsed.error) };
  // The schema accepted the file, so `file` is set; this keeps its runtime type (with its bytes) for the caller.
  if (!file) return { success: false, issues: [MESSAGES.INVALID_FILE] };
  const { groupId, fields, idempotencyKey } = parsed.data;
  return {
    success: true,
    data: {
      groupId: groupId.toLowerCase(),
      file,
      photoType: fields.photoType,
      description: fields.description,
      cameraMake: fields.cameraMake,
      cameraModel: fields.cameraModel,
      cameraDetails: fields.cameraDetails,
      categoryIds: [...new Set(fields.categoryIds.map((id) => id.toLowerCase()))],
      width: fields.width,
      height: fields.height,
      idempotencyKey: idempotencyKey?.toLowerCase(),
    },
  };
}

/** 201: the post was created (and shown). */
export const postCreatedResponseSchema = z.object({ post: z.object({ id: z.string().check(z.minLength(1)) }) });
export type PostCreatedResponse = z.infer<typeof postCreatedResponseSchema>;

/** Any refusal or failure: the message the screen shows, and every validation issue when there were several. */
export const functionErrorResponseSchema = z.object({
  error: z.string().check(z.trim(), z.minLength(1)),
  issues: z.optional(z.array(z.string())),
});
export type FunctionErrorResponse = z.infer<typeof functionErrorResponseSchema>;

export type PostCreateAnswer =
  | { outcome: 'created'; postId: string }
  | { outcome: 'refused'; status: number; error: string; issues?: string[] | undefined }
  | { outcome: 'unreadable'; status: number };

/**
 * Reads handle-post-create's answer: a 2xx {post: {id}} is created, {error} with any status is refused;
 * anything else (a proxy's HTML page, an empty body) is unreadable.
 */
export function decodePostCreateResponse(status: number, bodyText: string): PostCreateAnswer {
  let body: unknown;
  try {
    body = JSON.parse(bodyText);
  } catch {
    return { outcome: 'unreadable', status };
  }
  const created = postCreatedResponseSchema.safeParse(body);
  if (status >= 200 && status < 300 && created.success) return { outcome: 'created', postId: created.data.post.id };
  const refused = functionErrorResponseSchema.safeParse(body);
  if (refused.success) return { outcome: 'refused', status, ...refused.data };
  return { outcome: 'unreadable', status };
}
