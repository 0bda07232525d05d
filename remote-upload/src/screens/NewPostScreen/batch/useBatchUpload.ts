import { useCallback, useEffect, useLayoutEffect, useReducer, useRef } from 'react';
import { useApolloClient } from '@apollo/client/react';
import { LIMITS, MESSAGES } from '@snapshire/contracts';
import { evictGroupPosts } from '@snapshire/data';
import { submissionMessage, usePostCreateTransport } from '../postCreateTransport.ts';
import type { PostFormState } from '../postFormState.ts';
import { buildPostCreateForm, checkPhotoFile, checkPostForm, type ValidPost } from '../postSubmission.ts';
import { usePostCreateTarget } from '../usePostCreateTarget.ts';
import { readHeaderVerdict } from '../useNewPostForm.ts';
import {
  batchReducer,
  initialBatchState,
  newBatchItems,
  runLimited,
  type BatchItem,
  type BatchState,
} from './batchState.ts';

export interface BatchUpload {
  state: BatchState;
  addFiles: (files: File[]) => void;
  previewLoaded: (id: string, width: number, height: number) => void;
  previewFailed: (id: string) => void;
  remove: (id: string) => void;
  setOwnDescription: (id: string, description: string | null) => void;
  /** Sends every ready photo, at most LIMITS.UPLOAD_CONCURRENCY at a time. */
  submit: () => Promise<void>;
  /** Sends one failed photo again, with its same idempotency key. */
  retry: (id: string) => Promise<void>;
  reset: () => void;
}

/**
 * Several photos posted in one go (issue 25): each is checked on its own by the single upload's rules, the
 * shared description, categories and type (the single form's state, `shared`) apply to all unless a photo
 * has its own description, and each photo carries its own idempotency key from the moment it is chosen.
 */
export function useBatchUpload(groupId: string, shared: PostFormState): BatchUpload {
  const [state, dispatch] = useReducer(batchReducer, initialBatchState);
  const transport = usePostCreateTransport();
  const target = usePostCreateTarget();
  const client = useApolloClient();
  /** The items as last rendered, for callbacks that run later (a header verdict, a retry). */
  const current = useRef(state.items);
  useLayoutEffect(() => {
    current.current = state.items;
  }, [state.items]);
  const urls = useRef(new Set<string>());

  useEffect(() => {
    const owned = urls.current;
    return () => {
      for (const url of owned) URL.revokeObjectURL(url);
      owned.clear();
    };
  }, []);

  const release = (item: BatchItem | undefined) => {
    if (item?.previewUrl) {
      URL.revokeObjectURL(item.previewUrl);
      urls.current.delete(item.previewUrl);
    }
  };

  const addFiles = useCallback((files: File[]) => {
    const items = newBatchItems(files, current.current.length, () => crypto.randomUUID()).map((item) => {
      if (item.status === 'refused') return item;
      const checked = checkPhotoFile(item.file);
      if (!checked.ok) return { ...item, status: 'refused' as const, issues: checked.issues };
      const previewUrl = URL.createObjectURL(item.file);
      urls.current.add(previewUrl);
      return { ...item, previewUrl };
    });
    dispatch({ type: 'added', items });
    // The header's verdict (too many pixels, an unreadable kind of JPEG) in the server's words, as for one photo.
    for (const item of items) {
      if (item.status !== 'checking') continue;
      void readHeaderVerdict(item.file).then((verdict) => {
        if (verdict.ok === false) dispatch({ type: 'refused', id: item.id, issues: [verdict.refusal.message] });
      });
    }
  }, []);

  const previewLoaded = useCallback((id: string, width: number, height: number) => {
    if (width > 0 && height > 0) dispatch({ type: 'previewLoaded', id, width, height });
    else dispatch({ type: 'refused', id, issues: [MESSAGES.DIMENSIONS_REQUIRED] });
  }, []);

  // Not decodable: not a JPEG photo, unless its header already said more precisely why (that refusal stands).
  const previewFailed = useCallback((id: string) => {
    const item = current.current.find((i) => i.id === id);
    if (!item) return;
    void readHeaderVerdict(item.file).then((verdict) => {
      if (verdict.ok !== false) dispatch({ type: 'refused', id, issues: [MESSAGES.NOT_A_JPEG] });
    });
  }, []);

  const remove = useCallback((id: string) => {
    release(current.current.find((i) => i.id === id));
    dispatch({ type: 'removed', id });
  }, []);

  /** The photo's request, checked with the single upload's schema; issues when it does not pass. */
  const checked = useCallback(
    (item: BatchItem) =>
      checkPostForm({
        ...shared,
        file: item.file,
        width: item.width,
        height: item.height,
        previewLoaded: true,
        description: item.ownDescription ?? shared.description,
      }),
    [shared],
  );

  const send = useCallback(
    async (item: BatchItem, post: ValidPost) => {
      dispatch({ type: 'sending', id: item.id });
      try {
        const { url, apiKey, accessToken } = await target();
        const { postId } = await transport({
          url,
          apiKey,
          accessToken,
          body: buildPostCreateForm(groupId, { ...post, idempotencyKey: item.idempotencyKey }),
          onProgress: (progress) => dispatch({ type: 'progressed', id: item.id, progress }),
        });
        dispatch({ type: 'posted', id: item.id, postId });
        return true;
      } catch (error) {
        dispatch({ type: 'failed', id: item.id, error: submissionMessage(error) });
        return false;
      }
    },
    [groupId, target, transport],
  );

  const refreshGroup = useCallback(() => {
    // The posts exist whatever happens to the refresh; a failed one only means the group page fetches later.
    evictGroupPosts(client, groupId).catch((error: unknown) =>
      console.warn('Could not refresh the group after posting:', error instanceof Error ? error.message : error),
    );
  }, [client, groupId]);

  const submit = useCallback(async () => {
    if (state.phase !== 'choosing') return;
    const jobs: Array<{ item: BatchItem; post: ValidPost }> = [];
    for (const item of state.items) {
      if (item.status !== 'ready') continue;
      const result = checked(item);
      if (result.ok) jobs.push({ item, post: result.value });
      else dispatch({ type: 'refused', id: item.id, issues: result.issues });
    }
    if (jobs.length === 0) return;
    dispatch({ type: 'runStarted', ids: jobs.map((job) => job.item.id) });
    let posted = 0;
    await runLimited(jobs, LIMITS.UPLOAD_CONCURRENCY, async ({ item, post }) => {
      if (await send(item, post)) posted++;
    });
    dispatch({ type: 'runFinished' });
    if (posted > 0) refreshGroup();
  }, [checked, refreshGroup, send, state.items, state.phase]);

  const retry = useCallback(
    async (id: string) => {
      const item = current.current.find((i) => i.id === id);
      if (!item || item.status !== 'failed') return;
      const result = checked(item);
      if (!result.ok) {
        dispatch({ type: 'failed', id, error: result.issues[0] ?? MESSAGES.POST_CREATE_FAILED });
        return;
      }
      if (await send(item, result.value)) refreshGroup();
    },
    [checked, refreshGroup, send],
  );

  const reset = useCallback(() => {
    for (const item of current.current) release(item);
    dispatch({ type: 'reset' });
  }, []);

  return {
    state,
    addFiles,
    previewLoaded,
    previewFailed,
    remove,
    setOwnDescription: useCallback(
      (id: string, description: string | null) => dispatch({ type: 'ownDescriptionChanged', id, description }),
      [],
    ),
    submit,
    retry,
    reset,
  };
}
