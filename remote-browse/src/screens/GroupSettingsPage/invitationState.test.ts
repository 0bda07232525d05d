import { describe, expect, it } from 'vitest';
import { GROUP_LIMITS } from '@snapshire/contracts';
import { INVITATION_EXPIRY_CHOICES, invitationStatus } from './invitationState.ts';

const now = Date.parse('2026-11-24T12:00:00Z');
const row = { expires_at: '2026-11-25T12:00:00Z', max_uses: null, use_count: 0, revoked_at: null };

describe('invitationStatus', () => {
  it('says why a link no longer works, in the order the database does', () => {
    expect(invitationStatus(row, now)).toBe('valid');
    expect(invitationStatus({ ...row, expires_at: '2026-11-24T12:00:00Z' }, now)).toBe('expired');
    expect(invitationStatus({ ...row, max_uses: 2, use_count: 2 }, now)).toBe('used_up');
    expect(invitationStatus({ ...row, max_uses: 2, use_count: 1 }, now)).toBe('valid');
    expect(
      invitationStatus({ ...row, revoked_at: '2026-11-24T11:00:00Z', expires_at: '2026-11-24T10:00:00Z' }, now),
    ).toBe('revoked');
  });

  it('offers only expiries the rules accept', () => {
    for (const { hours } of INVITATION_EXPIRY_CHOICES) {
      expect(hours).toBeGreaterThanOrEqual(1);
      expect(hours).toBeLessThanOrEqual(GROUP_LIMITS.INVITATION_HOURS_MAX);
    }
  });
});
