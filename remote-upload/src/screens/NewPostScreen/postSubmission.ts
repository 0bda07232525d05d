import {
  CAMERA_DETAILS,
  encodePostCreateForm,
  issueMessages,
  photoFileSchema,
  postFormSchema,
  type PostCreateRequest,
} from '@snapshire/contracts';
import type { PostFormState } from './postFormState.ts';

/** A post that passed postFormSchema, ready to send: the request without its group, and the preview's size. */
export interface ValidPost extends Omit<PostCreateRequest<File>, 'groupId'> {
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
    cameraDetails: state.includeCameraDetails ? undefined : CAMERA_DETAILS.OMIT,
    categoryIds: state.categoryIds,
    width: state.width ?? undefined,
    height: state.height ?? undefined,
  });
  if (!result.success || !state.file) {
    return { ok: false, issues: result.success ? [] : issueMessages(result.error) };
  }
  const { description, photoType, cameraMake, cameraModel, cameraDetails, categoryIds, width, height } = result.data;
  return {
    ok: true,
    value: {
      file: state.file,
      description,
      photoType,
      // Left out: none of the camera details, not even a make and model the form carried.
      ...(cameraDetails === CAMERA_DETAILS.OMIT
        ? { cameraDetails, cameraMake: undefined, cameraModel: undefined }
        : { cameraMake, cameraModel }),
      categoryIds,
      width,
      height,
    },
  };
}

/** The multipart body, encoded by the wire format's own encoder (encodePostCreateForm in @snapshire/contracts). */
export function buildPostCreateForm(groupId: string, post: ValidPost): FormData {
  return encodePostCreateForm({ ...post, groupId }, new FormData());
}
