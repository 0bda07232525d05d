/**
 * The wording of failures the embedded backend never produces (AuthScreen.test.tsx covers those it does):
 * older auth servers that send no codes, codes newer than this product, and a fetch that throws outside
 * supabase-js's own wrapper.
 */
import { describe, expect, it } from 'vitest';
import { MESSAGES } from '@snapshire/contracts';
import { authFailureMessage } from './authFailure.ts';

describe('authFailureMessage', () => {
  it.each([
    [
      'a legacy server’s wrong password',
      { name: 'AuthApiError', status: 400, message: 'Invalid login credentials' },
      MESSAGES.AUTH_INVALID_CREDENTIALS,
    ],
    [
      'a legacy server’s unconfirmed address',
      { name: 'AuthApiError', status: 400, message: 'Email not confirmed' },
      MESSAGES.AUTH_EMAIL_NOT_CONFIRMED,
    ],
    [
      'a code newer than this product',
      { name: 'AuthApiError', status: 400, code: 'something_new' },
      MESSAGES.AUTH_UNKNOWN,
    ],
    ['a weak password without a code', { name: 'AuthWeakPasswordError', status: 422 }, MESSAGES.AUTH_WEAK_PASSWORD],
    [
      'no answer (supabase-js’s retryable error)',
      { name: 'AuthRetryableFetchError', status: 0, message: 'Failed to fetch' },
      MESSAGES.AUTH_NETWORK,
    ],
    ['a fetch that throws outside supabase-js', new TypeError('Failed to fetch'), MESSAGES.AUTH_NETWORK],
  ])('words %s', (_case, error, message) => {
    expect(authFailureMessage(error)).toBe(message);
  });
});
