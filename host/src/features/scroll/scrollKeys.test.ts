import { POST_MODAL_STATE } from '@snapshire/contracts';
import { describe, expect, it } from 'vitest';
import { createScrollKeys } from './scrollKeys.ts';

const page = (key: string) => ({ key, state: null });
const modal = (key: string) => ({ key, state: POST_MODAL_STATE });

describe('createScrollKeys', () => {
  it('gives every page entry its own key, so a new page has no saved position and starts at its top', () => {
    const keyOf = createScrollKeys();
    expect(keyOf(page('list'))).toBe('list');
    expect(keyOf(page('group'))).toBe('group');
    expect(keyOf(page('list'))).toBe('list');
  });

  it('keys a post modal, and each photo stepped to in it, as the group page under it', () => {
    const keyOf = createScrollKeys();
    // The router saves the page being left, then looks up the page arriving.
    expect(keyOf(page('group'))).toBe('group');
    expect(keyOf(modal('photo-1'))).toBe('group');
    // Next photo: a replace with a new key.
    expect(keyOf(modal('photo-1'))).toBe('group');
    expect(keyOf(modal('photo-2'))).toBe('group');
    // Closed (Back): the group page's own key.
    expect(keyOf(modal('photo-2'))).toBe('group');
    expect(keyOf(page('group'))).toBe('group');
  });

  it('remembers the page under a modal when coming back to it from a page opened out of it', () => {
    const keyOf = createScrollKeys();
    keyOf(page('group'));
    expect(keyOf(modal('photo'))).toBe('group');
    // A link in the modal to another page, then Back to the modal.
    expect(keyOf(page('author'))).toBe('author');
    expect(keyOf(modal('photo'))).toBe('group');
  });

  it('keeps a modal entry seen first (a reload with the modal open) on its own key', () => {
    const keyOf = createScrollKeys();
    expect(keyOf(modal('photo'))).toBe('photo');
    expect(keyOf(page('group'))).toBe('group');
    expect(keyOf(modal('photo'))).toBe('photo');
  });

  it('keeps each creator separate', () => {
    const a = createScrollKeys();
    const b = createScrollKeys();
    a(page('group'));
    expect(b(modal('photo'))).toBe('photo');
  });
});
