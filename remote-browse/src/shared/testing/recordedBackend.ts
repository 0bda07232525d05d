/**
 * A test file's embedded backend behind a relay that records every request as it reaches the backend (the
 * count of pages or queries a screen asked for, taken where they are sent), with an author to post as. Call
 * at the top of a test file: it starts them before the file's tests and stops them after.
 */
import { afterAll, afterEach, beforeAll } from 'vitest';
import { disposeData, type DataConfig } from '@snapshire/data';
import {
  startComponentBackend,
  startRelay,
  uniqueEmail,
  type ComponentBackend,
  type Relay,
} from '@snapshire/backend/testing';
import { insertAuthor } from './browseWorld.ts';

export interface RecordedBackend {
  backend: ComponentBackend;
  line: Relay;
  authorId: string;
  /** What the page's data layer takes to talk to the backend through the relay. */
  config: DataConfig;
}

export function recordedBackend(): () => RecordedBackend {
  let started: RecordedBackend | undefined;
  beforeAll(async () => {
    const backend = await startComponentBackend();
    const line = await startRelay(backend.url);
    const authorId = await insertAuthor(backend, uniqueEmail('author'));
    started = { backend, line, authorId, config: { supabaseUrl: line.url, supabaseAnonKey: backend.anonKey } };
  }, 120_000);
  afterAll(async () => {
    await started?.line.stop();
    await started?.backend.stop();
  });
  afterEach(() => disposeData());
  return () => {
    if (!started) throw new Error('recordedBackend() is read inside a test, once its beforeAll has run');
    return started;
  };
}
