import { describe, expect, it } from 'vitest';
import { readInvitationPreview } from './invitationPreview.ts';

/** A group's id as the server sends it (contracts' invitationPreviewSchema reads a UUID). */
const GROUP_ID = '10000000-0000-4000-8000-000000000008';

describe('readInvitationPreview', () => {
  it('reads what the server says about a link', () => {
    expect(
      readInvitationPreview({
        status: 'valid',
        group_id: GROUP_ID,
        group_name: 'Family',
        expires_at: 'x',
        is_member: false,
      }),
    ).toEqual({ status: 'valid', group_id: GROUP_ID, group_name: 'Family', expires_at: 'x', is_member: false });
    expect(readInvitationPreview({ status: 'revoked', group_id: GROUP_ID, group_name: 'Family' }).status).toBe(
      'revoked',
    );
  });

  it('reads the JSON scalar as pg_graphql sends it: serialized as a string', () => {
    const answer = JSON.stringify({ status: 'expired', group_id: GROUP_ID, group_name: 'Family', is_member: false });
    expect(readInvitationPreview(answer)).toMatchObject({ status: 'expired', group_name: 'Family' });
    expect(readInvitationPreview('{not json')).toEqual({ status: 'not_found' });
  });

  it('treats an answer it does not understand as a link that does not work', () => {
    expect(readInvitationPreview(null)).toEqual({ status: 'not_found' });
    expect(readInvitationPreview({ status: 'maybe' })).toEqual({ status: 'not_found' });
  });
});
