/**
 * remote-browse on its own (`npm run dev -w remote-browse`): the screens it exposes, with their own providers
 * and router, for the team that owns them. Inside the site the host provides all of this instead.
 */
import { Box, HStack, Link, Text } from '@chakra-ui/react';
import { paths, ROUTES, runtimeConfigSchema } from '@snapshire/contracts';
import { DataProvider } from '@snapshire/data';
import { ColorModeToggle, UiProvider } from '@snapshire/ui';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter, Navigate, Route, Link as RouterLink, Routes } from 'react-router-dom';
import GroupPage from './features/group/GroupPage.tsx';
import GroupSettingsPage from './features/group-admin/GroupSettingsPage.tsx';
import InvitationPage from './features/invitation/InvitationPage.tsx';
import NewGroupPage from './features/new-group/NewGroupPage.tsx';
import GroupsPage from './features/groups-list/GroupsPage.tsx';
import PostView from './features/post/PostView.tsx';

const config = runtimeConfigSchema.parse(await (await fetch('/config.json', { cache: 'no-store' })).json());

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <UiProvider>
      <DataProvider config={config}>
        <BrowserRouter>
          <Box as="header" borderBottomWidth="1px" px="4" py="2">
            <HStack gap="4">
              <Text fontWeight="bold">remote-browse · standalone</Text>
              <Link asChild>
                <RouterLink to={paths.groups()}>Groups</RouterLink>
              </Link>
              <Box flex="1" />
              <ColorModeToggle />
            </HStack>
          </Box>
          <Routes>
            <Route path={ROUTES.HOME} element={<Navigate to={paths.groups()} replace />} />
            <Route path={ROUTES.GROUPS} element={<GroupsPage />} />
            <Route path={ROUTES.GROUP_NEW} element={<NewGroupPage />} />
            <Route path={ROUTES.GROUP_SETTINGS} element={<GroupSettingsPage />} />
            <Route path={ROUTES.INVITATION} element={<InvitationPage />} />
            <Route path={ROUTES.GROUP_BY_ID} element={<GroupPage />}>
              <Route path={ROUTES.GROUP_POST_BY_ID.slice(ROUTES.GROUP_BY_ID.length + 1)} element={<PostView />} />
            </Route>
            <Route path="*" element={<Text p="6">Not a browse route.</Text>} />
          </Routes>
        </BrowserRouter>
      </DataProvider>
    </UiProvider>
  </StrictMode>,
);
