/**
 * The odd-photo fuzz: one function process is sent 300-odd files (odd-photos-corpus.ts) with a normal photo after
 * every ten. Every JPEG the rules accept is stored at its own size, every bad file gets the message that
 * says what is wrong with it (never the server-failure message), the normal photo is always stored, and the
 * process keeps no more memory at the end than once it was warm (WARM_AFTER_FILES; both read after a full
 * garbage collection: what the process keeps): a trap in the image step cannot outlive its request. Run
 * with the function in a process of its own, on Node and under Deno with FFI denied.
 */
import { MESSAGES } from '@snapshire/contracts';
import { expect } from 'vitest';
import type { DenoFunction } from '../../../../packages/backend/testing/deno-serve.ts';
import {
  IDS,
  postForm,
  readAnswer,
  type Answer,
  type Harness,
} from '../../../../packages/backend/testing/functions-harness.ts';
import { jpeg } from '../../../../packages/backend/testing/upload-photos.ts';
import { oddPhotoCorpus, type OddPhoto } from './odd-photos-corpus.ts';

/** What a bit-flipped file may get: stored if it still decodes, or a refusal about the file itself. */
const FILE_REFUSALS: readonly string[] = [
  MESSAGES.NOT_A_JPEG,
  MESSAGES.JPEG_KIND_UNSUPPORTED,
  MESSAGES.PHOTO_DAMAGED,
  MESSAGES.IMAGE_TOO_MANY_PIXELS,
  MESSAGES.PHOTO_SIDE_TOO_LONG,
];

/**
 * The process warms up over its first hundred files or so: code compiled for the paths each kind of file
 * takes, the second (small) decoder and the small-photo encoder sized to the largest file they met, the
 * runtime's own buffers; retained memory rises by 15-35 MB (odd-photos figures in supabase/README.md) and
 * then stays flat however many files follow (three passes over the corpus: 113, 152, 151 MB). A leak grows
 * with the files sent; so the end is compared with the memory after the first normal photo past this many.
 */
const WARM_AFTER_FILES = 100;

/**
 * How far the end may sit above the warm figure. The warm-up is not always over by file 100: a clean CI run
 * on a 2-core machine ended 10.5% above it (142 -> 157 MB) with no leak. A trap that outlived its request
 * would keep a codec instance, megabytes of WebAssembly memory, for each of the dozens of damaged files
 * past the warm point: far above this.
 */
const END_OVER_WARM_AT_MOST = 1.25;

export interface OddPhotoTarget {
  h: Harness;
  /** Sends the form as the signed-in member. */
  send(form: FormData): Promise<Answer>;
  /** Resident memory of the process that runs the function after a full garbage collection, in MB. */
  residentMb(): Promise<number>;
  /** The function's recent log, shown when a file gets an unexpected answer. */
  log?(): string;
}

/** Posts the form to a function process as the harness's signed-in member. */
export async function sendAsMember(h: Harness, fn: DenoFunction, form: FormData): Promise<Answer> {
  const res = await fetch(fn.url, {
    method: 'POST',
    body: form,
    headers: { authorization: `Bearer ${h.memberToken}`, apikey: h.backend.anonKey },
  });
  return readAnswer(res);
}

function formFor(photo: OddPhoto): FormData {
  return postForm({
    file: { bytes: photo.bytes, name: photo.name, type: 'image/jpeg' },
    groupId: IDS.pub,
    photoType: 'DIGITAL',
  });
}

async function storedSize(h: Harness, postId: string): Promise<{ width: number; height: number }> {
  const { rows } = await h.owner.query<{ meta_width: number; meta_height: number }>(
    'select meta_width, meta_height from public.post where id = $1',
    [postId],
  );
  return { width: rows[0]!.meta_width, height: rows[0]!.meta_height };
}

export async function runOddPhotoFuzz(target: OddPhotoTarget): Promise<void> {
  const corpus = await oddPhotoCorpus();
  const normal = await jpeg(2000, 1500);
  const sendNormal = async (after: string) => {
    const answer = await target.send(
      postForm({
        file: { bytes: normal, name: 'normal.jpg', type: 'image/jpeg' },
        groupId: IDS.pub,
        photoType: 'DIGITAL',
      }),
    );
    expect(
      answer.status,
      `the normal photo after ${after}: ${JSON.stringify(answer.body)}\n${target.log?.().slice(-1500) ?? ''}`,
    ).toBe(201);
    expect(await storedSize(target.h, answer.body.post!.id)).toEqual({ width: 2000, height: 1500 });
  };

  let firstMb = 0;
  let warmMb = 0;
  let sent = 0;
  const outcomes = { stored: 0, refused: 0 };
  for (let i = 0; i < corpus.length; i++) {
    const photo = corpus[i]!;
    const answer = await target.send(formFor(photo));
    sent += 1;
    const what = `${photo.name} (${photo.kind}, file ${i}): ${answer.status} ${JSON.stringify(answer.body)}\n${target.log?.().slice(-1500) ?? ''}`;
    switch (photo.kind) {
      case 'valid':
        expect(answer.status, what).toBe(201);
        expect(await storedSize(target.h, answer.body.post!.id), what).toEqual({
          width: photo.width,
          height: photo.height,
        });
        break;
      case 'truncated':
        expect([answer.status, answer.body.error], what).toEqual([400, MESSAGES.PHOTO_DAMAGED]);
        break;
      case 'not-jpeg':
        expect([answer.status, answer.body.error], what).toEqual([415, MESSAGES.NOT_A_JPEG]);
        break;
      case 'unsupported-jpeg':
        expect([answer.status, answer.body.error], what).toEqual([415, MESSAGES.JPEG_KIND_UNSUPPORTED]);
        break;
      case 'bit-flipped':
        if (answer.status !== 201) {
          expect(answer.status, what).toBeGreaterThanOrEqual(400);
          expect(answer.status, what).toBeLessThan(500);
          expect(FILE_REFUSALS, what).toContain(answer.body.error);
        }
        break;
    }
    if (answer.status === 201) outcomes.stored += 1;
    else outcomes.refused += 1;
    if ((i + 1) % 10 === 0) {
      await sendNormal(photo.name);
      sent += 1;
      if (i + 1 === 10) firstMb = await target.residentMb();
      if (i + 1 === WARM_AFTER_FILES) warmMb = await target.residentMb();
    }
  }
  await sendNormal('the last file');
  sent += 1;
  const endMb = await target.residentMb();
  console.log(
    `[odd photos] ${sent} files: ${corpus.length} odd (${outcomes.stored} stored, ${outcomes.refused} refused) ` +
      `and ${sent - corpus.length} normal; retained memory ${firstMb.toFixed(0)} MB after the first normal photo, ` +
      `${warmMb.toFixed(0)} MB after ${WARM_AFTER_FILES} files, ` +
      `${endMb.toFixed(0)} MB at the end`,
  );
  expect(sent).toBeGreaterThanOrEqual(300);
  expect(warmMb).toBeGreaterThan(0);
  expect(endMb).toBeLessThanOrEqual(warmMb * END_OVER_WARM_AT_MOST);
}
