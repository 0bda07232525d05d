import { describe, expect, it } from 'vitest';
import { decodePostCreateForm, LIMITS, MESSAGES } from '@snapshire/contracts';
import { initialPostFormState, postFormReducer, type PostFormState } from './postFormState.ts';
import { buildPostCreateForm, checkPhotoFile, checkPostForm } from './postSubmission.ts';

const GROUP_ID = '6f1c2a7e-3b9d-4c1e-8f2a-0b1c2d3e4f50';
const jpeg = (size = 100, name = 'a.jpg') => new File([new Uint8Array(size)], name, { type: 'image/jpeg' });

function ready(overrides: Partial<PostFormState> = {}): PostFormState {
  return { ...initialPostFormState, file: jpeg(), width: 640, height: 480, previewLoaded: true, ...overrides };
}

describe('checkPhotoFile', () => {
  it('accepts a JPEG of exactly 10MB and refuses one byte more', () => {
    expect(checkPhotoFile(jpeg(LIMITS.UPLOAD_MAX_BYTES)).ok).toBe(true);
    expect(checkPhotoFile(jpeg(LIMITS.UPLOAD_MAX_BYTES + 1))).toEqual({
      ok: false,
      issues: [MESSAGES.PHOTO_TOO_LARGE],
    });
  });
  it('accepts image/jpg too', () => {
    expect(checkPhotoFile(new File(['x'], 'a.jpg', { type: 'image/jpg' })).ok).toBe(true);
  });
});

describe('checkPostForm', () => {
  it('passes a complete form and trims the description', () => {
    const checked = checkPostForm(ready({ description: '  Dusk  ', photoType: 'FILM' }));
    expect(checked).toMatchObject({
      ok: true,
      value: { description: 'Dusk', photoType: 'FILM', width: 640, height: 480 },
    });
  });
  it('needs the size read from the image', () => {
    expect(checkPostForm(ready({ width: null, height: null }))).toEqual({
      ok: false,
      issues: [MESSAGES.DIMENSIONS_REQUIRED],
    });
  });
  it('needs a file', () => {
    const checked = checkPostForm(ready({ file: null }));
    expect(checked.ok).toBe(false);
    expect(!checked.ok && checked.issues).toContain(MESSAGES.INVALID_FILE);
  });
  it('refuses a description over 200 characters', () => {
    expect(checkPostForm(ready({ description: 'x'.repeat(201) }))).toEqual({
      ok: false,
      issues: [MESSAGES.DESCRIPTION_TOO_LONG],
    });
  });
});

describe('buildPostCreateForm', () => {
  it('is read back by the server’s reader into exactly what was sent', () => {
    const checked = checkPostForm(
      ready({
        description: 'Harbour',
        photoType: 'FILM',
        cameraMake: 'Leica',
        cameraModel: 'M6',
        categoryIds: ['11111111-1111-4111-8111-111111111111', '22222222-2222-4222-8222-222222222222'],
      }),
    );
    if (!checked.ok) throw new Error('form should pass');
    const form = buildPostCreateForm(GROUP_ID, checked.value);
    expect(form.get('categoryIds')).toBe('11111111-1111-4111-8111-111111111111,22222222-2222-4222-8222-222222222222');
    expect((form.get('file') as File).name).toBe('a.jpg');
    const parsed = decodePostCreateForm(form);
    if (!parsed.success) throw new Error(parsed.issues.join(' '));
    const { file, ...fields } = parsed.data;
    expect(file).toBe(form.get('file'));
    expect(fields).toEqual({
      groupId: GROUP_ID,
      description: 'Harbour',
      photoType: 'FILM',
      cameraMake: 'Leica',
      cameraModel: 'M6',
      categoryIds: ['11111111-1111-4111-8111-111111111111', '22222222-2222-4222-8222-222222222222'],
      width: 640,
      height: 480,
    });
  });
  it('leaves out what is absent', () => {
    const checked = checkPostForm(ready());
    if (!checked.ok) throw new Error('form should pass');
    const names = [...buildPostCreateForm(GROUP_ID, checked.value).keys()];
    expect(names.sort()).toEqual(['file', 'groupId', 'height', 'photoType', 'width']);
  });
});

describe('postFormReducer', () => {
  it('shows step two only for the file whose preview loaded, and clearing goes back to step one', () => {
    let state = postFormReducer(initialPostFormState, { type: 'previewLoaded', width: 1, height: 1 });
    expect(state.previewLoaded).toBe(false); // no file: a stray load event changes nothing
    state = postFormReducer(state, { type: 'fileChosen', file: jpeg() });
    state = postFormReducer(state, { type: 'descriptionChanged', description: 'kept' });
    state = postFormReducer(state, { type: 'previewLoaded', width: 800, height: 600 });
    expect(state).toMatchObject({ previewLoaded: true, width: 800, height: 600 });
    state = postFormReducer(state, { type: 'fileCleared' });
    expect(state).toMatchObject({ file: null, previewLoaded: false, width: null, height: null, description: 'kept' });
  });
  it('clears earlier issues on submit and ends loading on failure', () => {
    let state = postFormReducer(ready({ issues: ['old'], submissionIssue: 'older' }), { type: 'submitStarted' });
    expect(state).toMatchObject({ loading: true, issues: [], submissionIssue: null });
    state = postFormReducer(state, { type: 'submitFailed', message: MESSAGES.POST_CREATE_FAILED });
    expect(state).toMatchObject({ loading: false, submissionIssue: MESSAGES.POST_CREATE_FAILED });
  });
  it('ignores progress reported after the upload ended', () => {
    const state = postFormReducer(ready(), { type: 'uploadProgressed', progress: { loaded: 1, total: 2 } });
    expect(state.progress).toBeNull();
  });
});
