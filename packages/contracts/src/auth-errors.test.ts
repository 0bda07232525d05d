import { describe, expect, it } from 'vitest';
import { AUTH_NETWORK_ERROR_CODE, authErrorMessage } from './auth-errors.ts';
import { MESSAGES } from './messages.ts';

describe('authErrorMessage', () => {
  it('words the refusals the auth screen can meet', () => {
    expect(authErrorMessage('invalid_credentials')).toBe(MESSAGES.AUTH_INVALID_CREDENTIALS);
    expect(authErrorMessage('email_not_confirmed')).toBe(MESSAGES.AUTH_EMAIL_NOT_CONFIRMED);
    expect(authErrorMessage('user_already_exists')).toBe(MESSAGES.AUTH_USER_EXISTS);
    expect(authErrorMessage('email_exists')).toBe(MESSAGES.AUTH_USER_EXISTS);
    expect(authErrorMessage('weak_password')).toBe(MESSAGES.AUTH_WEAK_PASSWORD);
    expect(authErrorMessage(AUTH_NETWORK_ERROR_CODE)).toBe(MESSAGES.AUTH_NETWORK);
  });
  it('falls back to the unknown message, including for inherited property names', () => {
    expect(authErrorMessage(undefined)).toBe(MESSAGES.AUTH_UNKNOWN);
    expect(authErrorMessage('unexpected_failure')).toBe(MESSAGES.AUTH_UNKNOWN);
    expect(authErrorMessage('toString')).toBe(MESSAGES.AUTH_UNKNOWN);
  });
});
