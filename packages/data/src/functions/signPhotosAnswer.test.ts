// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { readSignPhotosAnswer } from './signPhotosAnswer.ts';

describe('readSignPhotosAnswer', () => {
  it('takes a sign-photos answer as its wire format has it, and nothing else', () => {
    const post = '30000000-0000-4000-8000-000000000001';
    const rendition = { width: 400, height: 300, signedPath: '/render/image/sign/photography/a.jpg?token=t' };
    const answer = { expiresIn: 3600, photos: { [post]: [rendition] } };
    expect(readSignPhotosAnswer(answer)).toEqual(answer);
    for (const other of [
      null,
      'photos',
      { photos: [] },
      { ...answer, photos: { [post]: [{ ...rendition, width: '400' }] } },
      { ...answer, extra: 1 },
    ])
      expect(readSignPhotosAnswer(other), JSON.stringify(other)).toBeUndefined();
  });
});
