/** The display name's form schema (the limits and words are in profiles.ts). */
import { z } from './zod.ts';
import { PROFILE_LIMITS, PROFILE_RULE_MESSAGES } from './profiles.ts';

/** The same rule as the database's, checked before asking it: trimmed, 1-60 characters. */
export const displayNameSchema = z.object({
  displayName: z
    .string()
    .check(
      z.trim(),
      z.minLength(1, { message: PROFILE_RULE_MESSAGES.display_name_required }),
      z.maxLength(PROFILE_LIMITS.DISPLAY_NAME_MAX_LENGTH, { message: PROFILE_RULE_MESSAGES.display_name_too_long }),
    ),
});
