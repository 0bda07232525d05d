import { describe, expect, it } from 'vitest';
import { AUTH_NETWORK_ERROR_CODE, authErrorMessage, authLinkError } from './auth-errors.ts';
import { MESSAGES, RETURN_TEXT } from './messages.ts';

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

describe('authLinkError', () => {
  it('words an expired or used confirmation link', () => {
    const hash = '#error=access_denied&error_code=otp_expired&error_description=Email+link+is+invalid+or+has+expired';
    expect(authLinkError(hash)).toEqual({
      code: 'otp_expired',
      title: RETURN_TEXT.LINK_EXPIRED_TITLE,
      text: RETURN_TEXT.LINK_EXPIRED_TEXT,
    });
  });
  it('words any other link error in general terms, never echoing the server description', () => {
    const found = authLinkError('error=server_error&error_description=%3Cb%3Eboom%3C%2Fb%3E');
    expect(found).toEqual({
      code: 'server_error',
      title: RETURN_TEXT.LINK_EXPIRED_TITLE,
      text: RETURN_TEXT.LINK_FAILED_TEXT,
    });
  });
  it('ignores fragments without an error: none, a session, a heading anchor', () => {
    expect(authLinkError('')).toBeUndefined();
    expect(authLinkError(undefined)).toBeUndefined();
    expect(authLinkError('#access_token=x&refresh_token=y&type=signup')).toBeUndefined();
    expect(authLinkError('#photos')).toBeUndefined();
  });
});
