/**
 * remote-auth on its own (`npm run dev -w remote-auth`): the auth screen in both modes, with its own
 * providers and router, for the team that owns it. Inside the site the host provides all of this instead.
 */
import { Box, Button, HStack, Link, Text } from '@chakra-ui/react';
import { paths, ROUTES, runtimeConfigSchema } from '@snapshire/contracts';
import { DataProvider, useSession, useSupabase } from '@snapshire/data';
import { ColorModeToggle, UiProvider } from '@snapshire/ui';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter, Navigate, Route, Link as RouterLink, Routes } from 'react-router-dom';
import AuthScreen from './features/auth/AuthScreen.tsx';

const config = runtimeConfigSchema.parse(await (await fetch('/config.json', { cache: 'no-store' })).json());

/** Who is signed in, to see the screen's effect without the host's top bar. */
function SessionStatus() {
  const { user } = useSession();
  const supabase = useSupabase();
  if (!user) return <Text color="fg.muted">signed out</Text>;
  return (
    <HStack>
      <Text color="fg.muted">{user.email}</Text>
      <Button size="xs" variant="outline" onClick={() => void supabase.auth.signOut()}>
        Sign out
      </Button>
    </HStack>
  );
}

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <UiProvider>
      <DataProvider config={config}>
        <BrowserRouter>
          <Box as="header" borderBottomWidth="1px" px="4" py="2">
            <HStack gap="4">
              <Text fontWeight="bold">remote-auth · standalone</Text>
              <Link asChild>
                <RouterLink to={paths.login()}>Login</RouterLink>
              </Link>
              <Link asChild>
                <RouterLink to={paths.register()}>Register</RouterLink>
              </Link>
              <Box flex="1" />
              <SessionStatus />
              <ColorModeToggle />
            </HStack>
          </Box>
          <Routes>
            <Route path={ROUTES.AUTH_REGISTER} element={<AuthScreen />} />
            <Route path={ROUTES.AUTH_LOGIN} element={<AuthScreen />} />
            <Route path="*" element={<Navigate to={paths.login()} replace />} />
          </Routes>
        </BrowserRouter>
      </DataProvider>
    </UiProvider>
  </StrictMode>,
);
