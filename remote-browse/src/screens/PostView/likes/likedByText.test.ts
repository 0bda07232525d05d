import { describe, expect, it } from 'vitest';
import { likedByText } from './likedByText.ts';

describe('likedByText', () => {
  it.each([
    [[], 0, null],
    [['Ada'], 1, 'Liked by Ada'],
    [['Ada', 'Ben'], 2, 'Liked by Ada and Ben'],
    [['Ada', 'Ben', 'Cy'], 3, 'Liked by Ada, Ben, and Cy'],
    [['Ada', 'Ben'], 3, 'Liked by Ada, Ben, and 1 other'],
    [['Ada', 'Ben'], 12, 'Liked by Ada, Ben, and 10 others'],
    // The names arrived before an unlike lowered the count: never more names than likes.
    [['Ada', 'Ben'], 1, 'Liked by Ada'],
  ] as const)('%j of %i', (names, total, expected) => {
    expect(likedByText(names, total)).toBe(expected);
  });
});
