import { Navigate } from 'react-router-dom';
import { paths } from '@snapshire/contracts';
import { LoadingState } from '@snapshire/ui';
import { useMyProfile } from '../../shared/profile/useMyProfile.ts';

/**
 * Where a signed-in person goes next: on to `destination`, except that a person who has not yet chosen a
 * public name is asked for one first (once: saving or skipping settles it). A profile that cannot be read
 * does not stand in the way of signing in.
 */
export function AfterSignIn({ destination }: { destination: string }) {
  const { profile, loading, failed } = useMyProfile();
  if (loading) return <LoadingState label="Signing you in…" minH="xs" />;
  if (!failed && profile && !profile.name_chosen) return <Navigate to={paths.chooseName(destination)} replace />;
  return <Navigate to={destination} replace />;
}
