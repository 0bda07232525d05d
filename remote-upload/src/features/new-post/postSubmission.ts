import {
  issueMessages,
  photoFileSchema,
  POST_CREATE_FIELDS,
  postFormSchema,
  type PhotoType,
} from '@snapshire/contracts';
import type { PostFormState } from './postFormState.ts';

/** A post that passed postFormSchema, ready to send. */
export interface ValidPost {
  file: File;
  description?: string;
  photoType: PhotoType;
  cameraMake?: string;
  cameraModel?: string;
  categoryIds: string[];
  width: number;
  height: number;
}

export type Checked<T> = { ok: true; value: T } | { ok: false; issues: string[] };

/** The file rules alone (size, image, JPEG), checked as soon as a file is chosen. */
export function checkPhotoFile(file: File): Checked<File> {
  const result = photoFileSchema.safeParse(file);
  return result.success ? { ok: true, value: file } : { ok: false, issues: issueMessages(result.error) };
}

/** The whole form, checked before submit with the same schema the server applies. */
export function checkPostForm(state: PostFormState): Checked<ValidPost> {
  const result = postFormSchema.safeParse({
    file: state.file ?? undefined,
    description: state.description,
    photoType: state.photoType,
    cameraMake: state.cameraMake,
    cameraModel: state.cameraModel,
    categoryIds: state.categoryIds,
    width: state.width ?? undefined,
    height: state.height ?? undefined,
  });
  if (!result.success || !state.file) {
    return { ok: false, issues: result.success ? [] : issueMessages(result.error) };
  }
  const { description, photoType, cameraMake, cameraModel, categoryIds, width, height } = result.data;
  return {
    ok: true,
    value: { file: state.file, description, photoType, cameraMake, cameraModel, categoryIds, width, height },
  };
}

/**
 * The multipart body (docs/product.md): file (with its filename) and groupId always; the other fields
 * only when present; categoryIds comma-joined.
 */
export function buildPostCreateForm(groupId: string, post: ValidPost): FormData {
  const form = new FormData();
  form.append(POST_CREATE_FIELDS.FILE, post.file, post.file.name);
  form.append(POST_CREATE_FIELDS.GROUP_ID, groupId);
  const optional: Array<[string, string | undefined]> = [
    [POST_CREATE_FIELDS.DESCRIPTION, post.description],
    [POST_CREATE_FIELDS.PHOTO_TYPE, post.photoType],
    [POST_CREATE_FIELDS.CAMERA_MAKE, post.cameraMake],
    [POST_CREATE_FIELDS.CAMERA_MODEL, post.cameraModel],
    [POST_CREATE_FIELDS.WIDTH, String(post.width)],
    [POST_CREATE_FIELDS.HEIGHT, String(post.height)],
    [POST_CREATE_FIELDS.CATEGORY_IDS, post.categoryIds.length ? post.categoryIds.join(',') : undefined],
  ];
  for (const [name, value] of optional) if (value !== undefined && value !== '') form.append(name, value);
  return form;
}
