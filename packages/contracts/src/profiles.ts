/**
 * Public names (supabase/migrations/20261201000100_profile_names.sql): the name others see beside a person's
 * photos, comments, likes and in member lists. Never derived from the e-mail address: an account starts with a
 * neutral generated name ("Member 4F2A") until its owner chooses one, and is asked once, after signing in.
 * The SQL rules raise the codes below; profileRuleMessage turns them into words (a backend test checks that
 * every code the migration raises is listed here).
 */
// The display name's zod schema is its own module (profiles-schemas.ts): the avatar's initials and these words
// come to every screen without zod.

/** public.profile: 1-60 characters after trimming (the migration's private.profile_limit holds the same). */
export const PROFILE_LIMITS = { DISPLAY_NAME_MAX_LENGTH: 60 } as const;

/** Every refusal of the profile rules, by code, in words. */
export const PROFILE_RULE_MESSAGES = {
  not_signed_in: 'You need to be signed in to do that.',
  display_name_required: 'Enter the name others will see.',
  display_name_too_long: `A name can be at most ${PROFILE_LIMITS.DISPLAY_NAME_MAX_LENGTH} characters.`,
} as const;
export type ProfileRuleCode = keyof typeof PROFILE_RULE_MESSAGES;

/** The code of the profile rules an error message carries, if any. */
export function profileRuleCode(message: string | null | undefined): ProfileRuleCode | undefined {
  for (const match of (message ?? '').matchAll(/\b([a-z]+(?:_[a-z]+)+)\b/g)) {
    if (match[1]! in PROFILE_RULE_MESSAGES) return match[1] as ProfileRuleCode;
  }
  return undefined;
}

/** The words for an error of the profile rules; unknown text is never shown as is (it may be a database detail). */
export function profileRuleMessage(message: string | null | undefined): string {
  const code = profileRuleCode(message);
  return code ? PROFILE_RULE_MESSAGES[code] : PROFILE_TEXTS.SAVE_FAILED;
}

/**
 * Up to two letters for an avatar: the first letters of the first and last words ("Ada Lovelace" -> "AL",
 * "Member 4F2A" -> "M4"), "?" for a blank name.
 */
export function initialsOf(name: string | null | undefined): string {
  const words = (name ?? '').trim().split(/\s+/).filter(Boolean);
  if (words.length === 0) return '?';
  const first = [...words[0]!][0]!;
  const last = words.length > 1 ? [...words[words.length - 1]!][0]! : '';
  return (first + last).toUpperCase();
}

/**
 * The top bar's link to the account page: a constant of its own, so the host's first screens carry this word
 * and not every text of the account screens (e2e/tests/budgets.spec.ts).
 */
export const ACCOUNT_LINK_TEXT = 'Account';

/** What the name prompt and the account page say. */
export const PROFILE_TEXTS = {
  PROMPT_TITLE: 'What should we call you?',
  PROMPT_INTRO:
    'This name is shown beside your photos and comments and in member lists. Your e-mail address is never shown to others.',
  PROMPT_KEEP: (generated: string) =>
    `If you skip, you will appear as “${generated}”. You can change it any time on your account page.`,
  PROMPT_SAVE: 'Save name',
  PROMPT_SKIP: 'Skip for now',
  DISPLAY_NAME_LABEL: 'Display name',
  DISPLAY_NAME_HELP: `Up to ${PROFILE_LIMITS.DISPLAY_NAME_MAX_LENGTH} characters. Shown to everyone who can see your photos and comments.`,
  ACCOUNT_TITLE: 'Your account',
  EMAIL_LABEL: 'E-mail address',
  EMAIL_HELP: 'Only you can see this.',
  NAME_SECTION: 'Your public name',
  NAME_SAVE: 'Save name',
  NAME_SAVED: 'Your name has been saved.',
  PASSWORD_SECTION: 'Change password',
  NEW_PASSWORD_LABEL: 'New password',
  CONFIRM_PASSWORD_LABEL: 'Repeat new password',
  PASSWORDS_DIFFER: 'The two passwords are not the same.',
  PASSWORD_SAVE: 'Change password',
  PASSWORD_SAVED: 'Your password has been changed.',
  SIGN_IN_FIRST: 'Sign in to see your account.',
  SIGN_IN_FIRST_NAME: 'Sign in to choose the name others see.',
  SIGN_IN: 'Sign in',
  SAVE_FAILED: 'We could not save that. Please try again.',
  LOAD_FAILED: 'We could not load your account. Please try again.',
} as const;
