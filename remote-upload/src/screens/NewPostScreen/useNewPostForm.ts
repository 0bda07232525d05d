import { useCallback, useEffect, useReducer, useRef, useState } from 'react';
import { useApolloClient } from '@apollo/client/react';
import { evictGroupPosts } from '@snapshire/data';
import { initialPostFormState, postFormReducer, type PostFormState } from './postFormState.ts';
import { usePostCreateTransport, submissionMessage } from './postCreateTransport.ts';
import { buildPostCreateForm, checkPhotoFile, checkPostForm } from './postSubmission.ts';
import { usePostCreateTarget } from './usePostCreateTarget.ts';
import {
  checkJpegHeader,
  JPEG_HEADER_READ_BYTES,
  MESSAGES,
  type JpegHeaderVerdict,
  type PhotoType,
} from '@snapshire/contracts';

export interface NewPostForm {
  state: PostFormState;
  /** Object URL of the chosen file for the preview (revoked when the file changes or the screen closes). */
  previewUrl: string | null;
  chooseFile: (file: File) => void;
  previewLoaded: (width: number, height: number) => void;
  previewFailed: () => void;
  clearFile: () => void;
  setDescription: (description: string) => void;
  setCategoryIds: (categoryIds: string[]) => void;
  setPhotoType: (photoType: PhotoType) => void;
  setIncludeCameraDetails: (include: boolean) => void;
  submit: () => Promise<void>;
  reset: () => void;
}

/**
 * What the chosen file's first bytes say, by the rules the server applies to the whole upload: a photo
 * with too many pixels, a side longer than JPEG decoders read, or of a kind the server does not decode is
 * refused before Submit, with the server's own words. A read that fails decides nothing.
 */
export function readHeaderVerdict(file: File): Promise<JpegHeaderVerdict> {
  return file
    .slice(0, JPEG_HEADER_READ_BYTES)
    .arrayBuffer()
    .then(
      (start) => checkJpegHeader(new Uint8Array(start), { partial: file.size > JPEG_HEADER_READ_BYTES }),
      (): JpegHeaderVerdict => ({ ok: 'unknown' }),
    );
}

/** The new-post form: its state (docs/product.md) and what happens on each step, including submission. */
export function useNewPostForm(groupId: string): NewPostForm {
  const [state, dispatch] = useReducer(postFormReducer, initialPostFormState);
  const [previewUrl, setPreviewUrl] = useState<string | null>(null);
  /** The header check of the file on screen; a later file's replaces it, so a late answer is ignored. */
  const headerCheck = useRef<{ file: File; verdict: Promise<JpegHeaderVerdict> } | null>(null);
  const transport = usePostCreateTransport();
  const target = usePostCreateTarget();
  const client = useApolloClient();

  useEffect(() => {
    if (!previewUrl) return;
    return () => URL.revokeObjectURL(previewUrl);
  }, [previewUrl]);

  const chooseFile = useCallback((file: File) => {
    const checked = checkPhotoFile(file);
    if (!checked.ok) {
      dispatch({ type: 'fileRefused', issues: checked.issues });
      setPreviewUrl(null);
      return;
    }
    const check = { file, verdict: readHeaderVerdict(file) };
    headerCheck.current = check;
    dispatch({ type: 'fileChosen', file });
    setPreviewUrl(URL.createObjectURL(file));
    void check.verdict.then((verdict) => {
      if (verdict.ok !== false || headerCheck.current !== check) return;
      headerCheck.current = null;
      dispatch({ type: 'fileRefused', issues: [verdict.refusal.message] });
      setPreviewUrl(null);
    });
  }, []);

  const previewLoaded = useCallback((width: number, height: number) => {
    if (width > 0 && height > 0) dispatch({ type: 'previewLoaded', width, height });
    else dispatch({ type: 'previewFailed', issues: [MESSAGES.DIMENSIONS_REQUIRED] });
  }, []);

  // The browser could not decode it: whatever its name and declared type say, it is not a JPEG photo
  // (the server says the same of such bytes), unless its header says more precisely why (a side longer
  // than decoders read, a kind of JPEG they do not read): then that refusal, from chooseFile, stands.
  const previewFailed = useCallback(() => {
    const check = headerCheck.current;
    const refuse = () => {
      if (headerCheck.current !== check) return;
      headerCheck.current = null;
      dispatch({ type: 'previewFailed', issues: [MESSAGES.NOT_A_JPEG] });
      setPreviewUrl(null);
    };
    if (!check) return refuse();
    void check.verdict.then((verdict) => verdict.ok !== false && refuse());
  }, []);

  const clearFile = useCallback(() => {
    headerCheck.current = null;
    dispatch({ type: 'fileCleared' });
    setPreviewUrl(null);
  }, []);

  const submit = useCallback(async () => {
    if (state.loading) return;
    const checked = checkPostForm(state);
    if (!checked.ok) {
      dispatch({ type: 'validationFailed', issues: checked.issues });
      return;
    }
    // The same key on every retry of this photo: a retry after a lost answer gets the same post back.
    const idempotencyKey = state.idempotencyKey ?? crypto.randomUUID();
    dispatch({ type: 'submitStarted', idempotencyKey });
    try {
      const { url, apiKey, accessToken } = await target();
      const { postId } = await transport({
        url,
        apiKey,
        accessToken,
        body: buildPostCreateForm(groupId, { ...checked.value, idempotencyKey }),
        onProgress: (progress) => dispatch({ type: 'uploadProgressed', progress }),
      });
      dispatch({ type: 'submitSucceeded', postId });
      setPreviewUrl(null);
      // The post exists whatever happens to the refresh; a failed refetch only means the group page
      // fetches on its next visit instead.
      evictGroupPosts(client, groupId).catch((error: unknown) =>
        console.warn('Could not refresh the group after posting:', error instanceof Error ? error.message : error),
      );
    } catch (error) {
      dispatch({ type: 'submitFailed', message: submissionMessage(error) });
    }
  }, [client, groupId, state, target, transport]);

  return {
    state,
    previewUrl,
    chooseFile,
    previewLoaded,
    previewFailed,
    clearFile,
    setDescription: useCallback((description: string) => dispatch({ type: 'descriptionChanged', description }), []),
    setCategoryIds: useCallback((categoryIds: string[]) => dispatch({ type: 'categoriesChanged', categoryIds }), []),
    setPhotoType: useCallback((photoType: PhotoType) => dispatch({ type: 'photoTypeChanged', photoType }), []),
    setIncludeCameraDetails: useCallback((include: boolean) => dispatch({ type: 'cameraDetailsChanged', include }), []),
    submit,
    reset: useCallback(() => {
      headerCheck.current = null;
      dispatch({ type: 'reset' });
      setPreviewUrl(null);
    }, []),
  };
}
