import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { Box, Button, Container, Heading, HStack, Stack, Text } from '@snapshire/shell-components';
import { paths, PROFILE_TEXTS } from '@snapshire/contracts';
import { useSession } from '@snapshire/data';
import { ErrorPanel, LoadingState } from '@snapshire/ui';
import { NameAvatar } from '@snapshire/ui/name-avatar';
import { useMyProfile } from '../../shared/profile/useMyProfile.ts';
import { NameForm } from './NameForm.tsx';
import { PasswordForm } from './PasswordForm.tsx';

/**
 * The signed-in person's own page (route /account): the public name (editable) with its initials, the
 * e-mail address (shown here only, to its owner: the session's own user, never read from another account)
 * and a password change.
 */
export default function AccountScreen() {
  const { session, loading: reading } = useSession();
  const { profile, loading, failed, refetch } = useMyProfile();

  if (reading || loading) return <LoadingState label="Loading your account…" />;
  if (!session) {
    return (
      <Container maxW="md" py="14">
        <Stack gap="4" align="start">
          <Heading as="h1" size="2xl">
            {PROFILE_TEXTS.ACCOUNT_TITLE}
          </Heading>
          <Text>{PROFILE_TEXTS.SIGN_IN_FIRST}</Text>
          <Button asChild>
            <RouterLink to={paths.login(paths.account())}>{PROFILE_TEXTS.SIGN_IN}</RouterLink>
          </Button>
        </Stack>
      </Container>
    );
  }
  if (failed || !profile) {
    return (
      <Container maxW="2xl" py="10">
        <ErrorPanel
          message={PROFILE_TEXTS.LOAD_FAILED}
          action={
            <Button size="sm" onClick={refetch}>
              Retry
            </Button>
          }
        />
      </Container>
    );
  }

  return (
    <Container maxW="2xl" px={{ base: '4', md: '6' }} py={{ base: '6', md: '10' }} data-testid="account-page">
      <Stack gap="8">
        <HStack gap="4" align="center">
          <NameAvatar name={profile.display_name} size="lg" />
          <Box minW="0">
            <Heading as="h1" size="2xl">
              {PROFILE_TEXTS.ACCOUNT_TITLE}
            </Heading>
            <Text color="fg.muted" truncate data-testid="account-name">
              {profile.display_name}
            </Text>
          </Box>
        </HStack>
        <Section title={PROFILE_TEXTS.NAME_SECTION}>
          <NameForm current={profile.display_name} />
        </Section>
        <Section title={PROFILE_TEXTS.EMAIL_LABEL}>
          <Text data-testid="account-email" wordBreak="break-all">
            {session.user.email}
          </Text>
          <Text fontSize="sm" color="fg.muted">
            {PROFILE_TEXTS.EMAIL_HELP}
          </Text>
        </Section>
        <Section title={PROFILE_TEXTS.PASSWORD_SECTION}>
          <PasswordForm email={session.user.email ?? ''} />
        </Section>
      </Stack>
    </Container>
  );
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Stack as="section" gap="3" borderWidth="1px" rounded="l3" p={{ base: '4', md: '6' }} aria-label={title}>
      <Heading as="h2" size="lg">
        {title}
      </Heading>
      {children}
    </Stack>
  );
}
