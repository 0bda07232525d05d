import { DEFAULT_PHOTO_TYPE, type PhotoType } from '@snapshire/contracts';

/** Bytes sent so far while the photo uploads; total is null when the browser cannot tell. */
export interface UploadProgress {
  loaded: number;
  total: number | null;
}

/** The new-post form (docs/product.md, "What it keeps"), plus what the two steps need to know about the preview. */
export interface PostFormState {
  description: string;
  file: File | null;
  /** Read from the decoded image (its preview), never from the file's name or headers. */
  width: number | null;
  height: number | null;
  /** Step two shows only once the chosen file has decoded as an image. */
  previewLoaded: boolean;
  photoType: PhotoType;
  /** No input on the screen; sent when set. */
  cameraMake: string;
  cameraModel: string;
  /** Keep the camera details the server reads from the photo's EXIF (the uploader may leave them out). */
  includeCameraDetails: boolean;
  categoryIds: string[];
  loading: boolean;
  progress: UploadProgress | null;
  /** Validation issues, listed in red beneath the picker. */
  issues: string[];
  /** Why the last submission failed. */
  submissionIssue: string | null;
  createdPostId: string | null;
  /**
   * The idempotency key of this photo's upload: made at its first Submit and kept through every retry until
   * the server has answered for it, so a retry after a lost answer never posts it twice. A new file, a
   * cleared one or a created post drops it.
   */
  idempotencyKey: string | null;
}

export const initialPostFormState: PostFormState = {
  description: '',
  file: null,
  width: null,
  height: null,
  previewLoaded: false,
  photoType: DEFAULT_PHOTO_TYPE,
  cameraMake: '',
  cameraModel: '',
  includeCameraDetails: true,
  categoryIds: [],
  loading: false,
  progress: null,
  issues: [],
  submissionIssue: null,
  createdPostId: null,
  idempotencyKey: null,
};

export type PostFormAction =
  | { type: 'fileChosen'; file: File }
  | { type: 'fileRefused'; issues: string[] }
  | { type: 'previewLoaded'; width: number; height: number }
  | { type: 'previewFailed'; issues: string[] }
  | { type: 'fileCleared' }
  | { type: 'descriptionChanged'; description: string }
  | { type: 'categoriesChanged'; categoryIds: string[] }
  | { type: 'photoTypeChanged'; photoType: PhotoType }
  | { type: 'cameraDetailsChanged'; include: boolean }
  | { type: 'validationFailed'; issues: string[] }
  | { type: 'submitStarted'; idempotencyKey?: string }
  | { type: 'uploadProgressed'; progress: UploadProgress }
  | { type: 'submitSucceeded'; postId: string }
  | { type: 'submitFailed'; message: string }
  | { type: 'reset' };

const withoutFile = {
  file: null,
  width: null,
  height: null,
  previewLoaded: false,
  submissionIssue: null,
  idempotencyKey: null,
} as const;

export function postFormReducer(state: PostFormState, action: PostFormAction): PostFormState {
  switch (action.type) {
    case 'fileChosen':
      return { ...state, ...withoutFile, file: action.file, issues: [] };
    case 'fileRefused':
      // A refused file is not kept: the picker stays on step one with the reasons beneath it.
      return { ...state, ...withoutFile, issues: action.issues };
    case 'previewLoaded':
      if (!state.file) return state;
      return { ...state, width: action.width, height: action.height, previewLoaded: true };
    case 'previewFailed':
      return { ...state, ...withoutFile, issues: action.issues };
    case 'fileCleared':
      // Back to step one; what was typed in step two is kept for the next photo.
      return { ...state, ...withoutFile, issues: [], progress: null };
    case 'descriptionChanged':
      return { ...state, description: action.description };
    case 'categoriesChanged':
      return { ...state, categoryIds: action.categoryIds };
    case 'photoTypeChanged':
      return { ...state, photoType: action.photoType };
    case 'cameraDetailsChanged':
      return { ...state, includeCameraDetails: action.include };
    case 'validationFailed':
      return { ...state, issues: action.issues, loading: false };
    case 'submitStarted':
      return {
        ...state,
        loading: true,
        issues: [],
        submissionIssue: null,
        progress: null,
        idempotencyKey: action.idempotencyKey ?? state.idempotencyKey,
      };
    case 'uploadProgressed':
      return state.loading ? { ...state, progress: action.progress } : state;
    case 'submitSucceeded':
      return { ...state, loading: false, progress: null, createdPostId: action.postId, idempotencyKey: null };
    case 'submitFailed':
      return { ...state, loading: false, progress: null, submissionIssue: action.message };
    case 'reset':
      return initialPostFormState;
  }
}
