import { MESSAGES, RETURN_TEXT } from '@snapshire/contracts';
import { UnavailableNotice } from '../../shared/return-paths/UnavailableNotice.tsx';

/**
 * Shown when a group is absent, not visible to the caller (private), or not a group id at all. Signed out:
 * the missing-group message, with Sign in / Create account that come back here (a private group shows once
 * its member signs in). Signed in: plain "not available", the same for a private group as for no group.
 * Either way also the group list, home, and back.
 */
export function MissingGroupPage() {
  return (
    <UnavailableNotice
      testId="missing-group"
      signedOut={MESSAGES.MISSING_GROUP_PAGE}
      signedIn={RETURN_TEXT.GROUP_NOT_AVAILABLE}
      withHome
    />
  );
}
