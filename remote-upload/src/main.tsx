/**
 * remote-upload on its own (`npm run dev -w remote-upload`): the new-post screen with its own providers and
 * router, for the team that owns it. Open /groups/<group id>/photograph/new (sign in through remote-auth or
 * the site first: the session is shared through localStorage on the same host name).
 */
import { Box, Code, HStack, Stack, Text } from '@chakra-ui/react';
import { ROUTES, runtimeConfigSchema } from '@snapshire/contracts';
import { DataProvider, useSession } from '@snapshire/data';
import { ColorModeToggle, UiProvider } from '@snapshire/ui';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter, Route, Routes } from 'react-router-dom';
import NewPostScreen from './features/new-post/NewPostScreen.tsx';

const config = runtimeConfigSchema.parse(await (await fetch('/config.json', { cache: 'no-store' })).json());

function SessionStatus() {
  const { user } = useSession();
  return <Text color="fg.muted">{user ? user.email : 'signed out'}</Text>;
}

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <UiProvider>
      <DataProvider config={config}>
        <BrowserRouter>
          <Box as="header" borderBottomWidth="1px" px="4" py="2">
            <HStack gap="4">
              <Text fontWeight="bold">remote-upload · standalone</Text>
              <Box flex="1" />
              <SessionStatus />
              <ColorModeToggle />
            </HStack>
          </Box>
          <Routes>
            <Route path={ROUTES.GROUP_NEW_POST} element={<NewPostScreen />} />
            <Route
              path="*"
              element={
                <Stack p="6" gap="2">
                  <Text>Open the new-post screen of a group:</Text>
                  <Code>/groups/&lt;group id&gt;/photograph/new</Code>
                </Stack>
              }
            />
          </Routes>
        </BrowserRouter>
      </DataProvider>
    </UiProvider>
  </StrictMode>,
);
