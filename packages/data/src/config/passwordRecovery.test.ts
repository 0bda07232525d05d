import { describe, expect, it } from 'vitest';
import { nextPasswordRecovery } from './initData.ts';

describe('nextPasswordRecovery', () => {
  it('starts with PASSWORD_RECOVERY and lasts through refreshes until the password changes or the person leaves', () => {
    expect(nextPasswordRecovery(false, 'PASSWORD_RECOVERY')).toBe(true);
    expect(nextPasswordRecovery(true, 'TOKEN_REFRESHED')).toBe(true);
    expect(nextPasswordRecovery(true, 'INITIAL_SESSION')).toBe(true);
    expect(nextPasswordRecovery(true, 'USER_UPDATED')).toBe(false);
    expect(nextPasswordRecovery(true, 'SIGNED_OUT')).toBe(false);
    expect(nextPasswordRecovery(true, 'SIGNED_IN')).toBe(false);
    expect(nextPasswordRecovery(false, 'SIGNED_IN')).toBe(false);
  });
});
