import { useState, type FormEvent } from 'react';
import { Link as RouterLink, Navigate, useNavigate, useSearchParams } from 'react-router-dom';
import { Alert, Button, Container, Heading, HStack, Stack, Text } from '@snapshire/shell-components';
import { paths, PROFILE_TEXTS, REDIRECT_TO_PARAM, ROUTES, safeRedirectPath } from '@snapshire/contracts';
import { useAuthLinkFailure, useSession } from '@snapshire/data';
import { LoadingState } from '@snapshire/ui';
import { NameAvatar } from '@snapshire/ui/name-avatar';
import { DisplayNameField } from '../../shared/profile/DisplayNameField.tsx';
import { useDisplayNameForm } from '../../shared/profile/useDisplayNameForm.ts';
import { useMyProfile } from '../../shared/profile/useMyProfile.ts';

/**
 * "What should we call you?" (route /account/name), asked once after the first sign-in (the confirmation
 * link lands here; the sign-in screen comes here while no name is chosen). Saving or skipping settles it;
 * then the person goes on to redirectTo. Someone who has already chosen goes straight on.
 */
/**
 * A host of the release before shares a @snapshire/data without it (e2e/tests/compat.spec.ts): no notice there. Goes
 * once e2e/compat/previous-release names a release that has useAuthLinkFailure (054994d or later).
 */
const useLinkFailure = typeof useAuthLinkFailure === 'function' ? useAuthLinkFailure : () => ({ failure: undefined });

export default function NamePromptScreen() {
  const [searchParams] = useSearchParams();
  const destination = safeRedirectPath(searchParams.get(REDIRECT_TO_PARAM), ROUTES.HOME);
  const navigate = useNavigate();
  const { session, loading: reading } = useSession();
  const { failure: linkFailed } = useLinkFailure();
  const { profile, loading, failed } = useMyProfile();
  const { actions, name, field, save } = useDisplayNameForm('');
  const [refusal, setRefusal] = useState<string>();

  if (reading || loading) return <LoadingState label="Loading your account…" />;
  // Signed out (a used or expired confirmation link lands here too): the layout's notice says why, so no
  // redirect that would drop the link's fragment; only a way to sign in and come back, which the notice
  // offers itself when it is there.
  if (!session) {
    return (
      <Container maxW="md" py="14">
        <Stack gap="4" align="start">
          <Heading as="h1" size="2xl">
            {PROFILE_TEXTS.PROMPT_TITLE}
          </Heading>
          <Text>{PROFILE_TEXTS.SIGN_IN_FIRST_NAME}</Text>
          {linkFailed ? null : (
            <Button asChild>
              <RouterLink to={paths.login(paths.chooseName(destination))}>{PROFILE_TEXTS.SIGN_IN}</RouterLink>
            </Button>
          )}
        </Stack>
      </Container>
    );
  }
  // Already settled (or not readable: signing in goes on rather than stopping here).
  if (failed || !profile || profile.name_chosen) return <Navigate to={destination} replace />;

  const goOn = () => navigate(destination, { replace: true });
  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (actions.saving || actions.keeping) return;
    setRefusal(undefined);
    const outcome = await save();
    if (!outcome) return;
    if (outcome.ok) goOn();
    else setRefusal(outcome.message);
  };
  const skip = async () => {
    if (actions.saving || actions.keeping) return;
    setRefusal(undefined);
    const outcome = await actions.keep();
    if (outcome.ok) goOn();
    else setRefusal(outcome.message);
  };

  return (
    <Container maxW="md" px={{ base: '4', md: '6' }} py={{ base: '8', md: '14' }} data-testid="name-prompt">
      <Stack gap="6">
        <HStack gap="4" align="center">
          <NameAvatar name={name.trim() || profile.display_name} size="lg" />
          <Heading as="h1" size="2xl">
            {PROFILE_TEXTS.PROMPT_TITLE}
          </Heading>
        </HStack>
        <Text color="fg.muted">{PROFILE_TEXTS.PROMPT_INTRO}</Text>
        <form noValidate onSubmit={onSubmit} aria-label={PROFILE_TEXTS.PROMPT_TITLE}>
          <Stack gap="5">
            {refusal && (
              <Alert.Root status="error" role="alert">
                <Alert.Indicator />
                <Alert.Content>
                  <Alert.Description>{refusal}</Alert.Description>
                </Alert.Content>
              </Alert.Root>
            )}
            <DisplayNameField {...field} />
            <Text fontSize="sm" color="fg.muted">
              {PROFILE_TEXTS.PROMPT_KEEP(profile.display_name)}
            </Text>
            <Stack direction={{ base: 'column', sm: 'row' }} gap="3">
              <Button type="submit" loading={actions.saving} loadingText="Saving..." flex={{ base: 'none', sm: '1' }}>
                {PROFILE_TEXTS.PROMPT_SAVE}
              </Button>
              <Button
                type="button"
                variant="outline"
                onClick={skip}
                loading={actions.keeping}
                flex={{ base: 'none', sm: '1' }}
              >
                {PROFILE_TEXTS.PROMPT_SKIP}
              </Button>
            </Stack>
          </Stack>
        </form>
      </Stack>
    </Container>
  );
}
