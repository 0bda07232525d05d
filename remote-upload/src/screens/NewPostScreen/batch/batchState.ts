import { BATCH_TEXT, LIMITS } from '@snapshire/contracts';
import type { UploadProgress } from '../postFormState.ts';

/**
 * One photo of a batch, from chosen to posted:
 * checking (its preview decodes) -> ready -> waiting -> sending -> posted, or failed (Retry: sending again
 * with the same key); refused (a file rule, its header or its decode said no, or one past the limit) is
 * left out and never sent.
 */
export type BatchItemStatus = 'checking' | 'ready' | 'refused' | 'waiting' | 'sending' | 'posted' | 'failed';

export interface BatchItem {
  /** Local id (the tile's key); never sent. */
  id: string;
  file: File;
  /** Object URL of the file for its tile (none for a file left out before it was read). */
  previewUrl: string | null;
  status: BatchItemStatus;
  /** Why it was left out (the single upload's messages). */
  issues: string[];
  /** Why its upload failed (the server's words, or the screen's for a lost connection). */
  error: string | null;
  width: number | null;
  height: number | null;
  progress: UploadProgress | null;
  /** Its own description, or null to use the shared one. */
  ownDescription: string | null;
  /** Made when the photo is chosen and kept until the server has answered for it (see PostCreateRequest). */
  idempotencyKey: string;
  postId: string | null;
}

export interface BatchState {
  items: BatchItem[];
  /** choosing: before Submit; sending: the batch runs; done: it has finished (failed ones may be retried). */
  phase: 'choosing' | 'sending' | 'done';
}

export const initialBatchState: BatchState = { items: [], phase: 'choosing' };

export type BatchAction =
  | { type: 'added'; items: BatchItem[] }
  | { type: 'refused'; id: string; issues: string[] }
  | { type: 'previewLoaded'; id: string; width: number; height: number }
  | { type: 'removed'; id: string }
  | { type: 'ownDescriptionChanged'; id: string; description: string | null }
  | { type: 'runStarted'; ids: string[] }
  | { type: 'sending'; id: string }
  | { type: 'progressed'; id: string; progress: UploadProgress }
  | { type: 'posted'; id: string; postId: string }
  | { type: 'failed'; id: string; error: string }
  | { type: 'runFinished' }
  | { type: 'reset' };

/** Items for the chosen files: the first UPLOAD_MAX_FILES are checked, the rest are left out at once. */
export function newBatchItems(files: File[], alreadyChosen: number, makeId: () => string): BatchItem[] {
  return files.map((file, index) => {
    const overLimit = alreadyChosen + index >= LIMITS.UPLOAD_MAX_FILES;
    return {
      id: makeId(),
      file,
      previewUrl: null,
      status: overLimit ? 'refused' : 'checking',
      issues: overLimit ? [BATCH_TEXT.TOO_MANY_FILES] : [],
      error: null,
      width: null,
      height: null,
      progress: null,
      ownDescription: null,
      idempotencyKey: makeId(),
      postId: null,
    };
  });
}

const update = (state: BatchState, id: string, change: (item: BatchItem) => Partial<BatchItem> | null): BatchState => ({
  ...state,
  items: state.items.map((item) => {
    if (item.id !== id) return item;
    const changed = change(item);
    return changed ? { ...item, ...changed } : item;
  }),
});

export function batchReducer(state: BatchState, action: BatchAction): BatchState {
  switch (action.type) {
    case 'added':
      return { ...state, items: [...state.items, ...action.items] };
    case 'refused':
      // A late verdict on a photo already sent or posted changes nothing: the server had its say.
      return update(state, action.id, (item) =>
        item.status === 'checking' || item.status === 'ready' ? { status: 'refused', issues: action.issues } : null,
      );
    case 'previewLoaded':
      return update(state, action.id, (item) =>
        item.status === 'checking' ? { status: 'ready', width: action.width, height: action.height } : null,
      );
    case 'removed':
      return { ...state, items: state.items.filter((item) => item.id !== action.id) };
    case 'ownDescriptionChanged':
      return update(state, action.id, () => ({ ownDescription: action.description }));
    case 'runStarted': {
      const ids = new Set(action.ids);
      return {
        phase: 'sending',
        items: state.items.map((item) =>
          ids.has(item.id) ? { ...item, status: 'waiting', error: null, progress: null } : item,
        ),
      };
    }
    case 'sending':
      return update(state, action.id, () => ({ status: 'sending', error: null, progress: null }));
    case 'progressed':
      return update(state, action.id, (item) => (item.status === 'sending' ? { progress: action.progress } : null));
    case 'posted':
      return update(state, action.id, () => ({ status: 'posted', postId: action.postId, progress: null }));
    case 'failed':
      return update(state, action.id, () => ({ status: 'failed', error: action.error, progress: null }));
    case 'runFinished':
      return { ...state, phase: 'done' };
    case 'reset':
      return initialBatchState;
  }
}

/** Bytes sent of the photos in this run, out of their sizes: a posted photo counts whole. */
export function batchProgress(items: BatchItem[]): { loaded: number; total: number } {
  let loaded = 0;
  let total = 0;
  for (const item of items) {
    if (item.status === 'refused' || item.status === 'checking' || item.status === 'ready') continue;
    const size = item.progress?.total ?? item.file.size;
    total += size;
    if (item.status === 'posted') loaded += size;
    else if (item.progress) loaded += Math.min(item.progress.loaded, size);
  }
  return { loaded, total };
}

/**
 * Runs `work` over `items`, at most `limit` at a time, in order; resolves once all have settled. `work`
 * reports its own failures (one photo's failure never stops the others).
 */
export async function runLimited<T>(
  items: readonly T[],
  limit: number,
  work: (item: T) => Promise<void>,
): Promise<void> {
  let next = 0;
  const lane = async () => {
    while (next < items.length) {
      const item = items[next++]!;
      await work(item).catch(() => undefined);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, lane));
}
