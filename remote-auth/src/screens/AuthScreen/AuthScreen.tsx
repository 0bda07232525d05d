import type { MouseEvent } from 'react';
import { Link as RouterLink, Navigate, useNavigate } from 'react-router-dom';
import { ButtonGroup } from '@chakra-ui/react/button';
import { Grid } from '@chakra-ui/react/grid';
import { Box, Button, Container, Heading, Stack, Text } from '@snapshire/shell-components';
import { useSession } from '@snapshire/data';
import { LoadingState } from '@snapshire/ui';
import { MESSAGES, paths, type AuthMode } from '@snapshire/contracts';
import { AfterSignIn } from './AfterSignIn.tsx';
import { AuthForm } from './AuthForm.tsx';
import { AuthSplash } from './AuthSplash.tsx';
import { authModePath, useAuthRedirect, useAuthView, type AuthView } from './authRoute.ts';
import { ForgotPasswordForm } from './ForgotPasswordForm.tsx';
import { NewPasswordForm } from './NewPasswordForm.tsx';

const HEADINGS: Record<AuthView, { title: string; intro: string }> = {
  LOGIN: { title: 'Welcome back', intro: 'Sign in to post photos to your groups.' },
  SIGN_UP: { title: 'Create your account', intro: 'Join to share photographs with your groups.' },
  FORGOT_PASSWORD: { title: MESSAGES.FORGOT_PASSWORD_TITLE, intro: MESSAGES.FORGOT_PASSWORD_INTRO },
  RESET_PASSWORD: { title: MESSAGES.NEW_PASSWORD_TITLE, intro: MESSAGES.NEW_PASSWORD_INTRO },
};

/**
 * The auth screen (routes /auth/login, /auth/new, /auth/forgot-password and /auth/reset-password): splash
 * picture on medium and wider screens, the Login/Register toggle and the form the route names. Signed-in
 * visitors go straight on to redirectTo (same-site only) or home, by way of the name prompt while they have
 * not chosen a public name, except on "Set a new password", where the recovery link has just signed them in.
 */
export default function AuthScreen() {
  const view = useAuthView();
  const { destination, carried } = useAuthRedirect();
  const { session, loading, passwordRecovery } = useSession();
  const resetting = view === 'RESET_PASSWORD';

  // The recovery mail's code, entered on "Forgot password?", has signed in for a new password: ask for it,
  // carrying where the person was going.
  if (session && passwordRecovery && view === 'FORGOT_PASSWORD')
    return <Navigate replace to={paths.resetPassword(carried)} />;
  if (session && !resetting) return <AfterSignIn destination={destination} />;

  const heading = HEADINGS[view];
  const mode: AuthMode | undefined = view === 'LOGIN' || view === 'SIGN_UP' ? view : undefined;
  return (
    <Container maxW="6xl" px={{ base: '4', md: '6' }} py={{ base: '6', md: '10' }}>
      <Grid templateColumns={{ base: '1fr', md: '1fr 1fr' }} gap={{ base: '6', md: '10' }} alignItems="stretch">
        <AuthSplash />
        <Stack
          gap="6"
          justify="flex-start"
          pt={{ base: 0, md: 8 }}
          maxW="md"
          w="full"
          mx="auto"
          data-testid="auth-panel"
        >
          {/* The toggle names the two forms; the recovery screens are neither, and show no half-selected pair. */}
          {mode && (
            <ButtonGroup attached variant="outline" size="sm" asChild>
              <nav aria-label="Sign in or create an account">
                <ModeLink mode="LOGIN" current={mode} carried={carried} label="Login" />
                <ModeLink mode="SIGN_UP" current={mode} carried={carried} label="Register" />
              </nav>
            </ButtonGroup>
          )}
          <Box>
            <Heading as="h1" size="2xl">
              {heading.title}
            </Heading>
            {/* A reset link that signed nobody in: the warning below says what to do, not "choose a password". */}
            {!(resetting && !loading && !session) && (
              <Text color="fg.muted" mt="1">
                {heading.intro}
              </Text>
            )}
          </Box>
          {resetting ? (
            <NewPasswordForm destination={destination} carried={carried} />
          ) : loading ? (
            <LoadingState label="Checking whether you are signed in…" minH="xs" />
          ) : mode ? (
            // A new form per mode: switching from Register to Login starts clean (no notice, no stale errors).
            <AuthForm key={mode} mode={mode} destination={destination} carried={carried} />
          ) : (
            <ForgotPasswordForm carried={carried} />
          )}
        </Stack>
      </Grid>
    </Container>
  );
}

function ModeLink(props: {
  mode: AuthMode;
  current: AuthMode | undefined;
  carried: string | undefined;
  label: string;
}) {
  const navigate = useNavigate();
  const active = props.mode === props.current;
  const to = authModePath(props.mode, props.carried);
  // The switch is drawn at once (flushSync), not as a background transition: on a phone-speed CPU the old
  // form stayed on screen for a moment after the tap and took the first keystrokes, then gave way to an empty
  // one. A modified click (new tab, new window) is left to the link.
  const switchNow = (event: MouseEvent<HTMLAnchorElement>) => {
    if (event.button !== 0 || event.metaKey || event.altKey || event.ctrlKey || event.shiftKey) return;
    event.preventDefault();
    void navigate(to, { flushSync: true });
  };
  return (
    <Button asChild variant={active ? 'solid' : 'outline'} flex="1">
      <RouterLink to={to} onClick={switchNow} aria-current={active ? 'page' : undefined}>
        {props.label}
      </RouterLink>
    </Button>
  );
}
