import { describe, expect, it } from 'vitest';
import { displayNameSchema } from './profiles-schemas.ts';
import {
  initialsOf,
  PROFILE_LIMITS,
  PROFILE_RULE_MESSAGES,
  PROFILE_TEXTS,
  profileRuleMessage,
} from './profiles.ts';

describe('public names', () => {
  it('checks a name as the database does: trimmed, 1-60 characters', () => {
    expect(displayNameSchema.parse({ displayName: '  Gran  ' })).toEqual({ displayName: 'Gran' });
    const max = 'x'.repeat(PROFILE_LIMITS.DISPLAY_NAME_MAX_LENGTH);
    expect(displayNameSchema.parse({ displayName: ` ${max} ` }).displayName).toBe(max);
    const issue = (displayName: string) => displayNameSchema.safeParse({ displayName }).error?.issues[0]?.message;
    expect(issue('   ')).toBe(PROFILE_RULE_MESSAGES.display_name_required);
    expect(issue(`${max}y`)).toBe(PROFILE_RULE_MESSAGES.display_name_too_long);
  });

  it('words the rules’ refusals, never a database detail', () => {
    expect(profileRuleMessage('GraphQL error: display_name_too_long')).toBe(
      PROFILE_RULE_MESSAGES.display_name_too_long,
    );
    expect(profileRuleMessage('relation "profile" violates check constraint')).toBe(PROFILE_TEXTS.SAVE_FAILED);
    expect(profileRuleMessage(undefined)).toBe(PROFILE_TEXTS.SAVE_FAILED);
  });

  it('makes initials from the first and last words', () => {
    expect(initialsOf('Ada Lovelace')).toBe('AL');
    expect(initialsOf('Member 4F2A')).toBe('M4');
    expect(initialsOf('  gran ')).toBe('G');
    expect(initialsOf('Ana María de la Cruz')).toBe('AC');
    expect(initialsOf('')).toBe('?');
    expect(initialsOf(null)).toBe('?');
  });
});
