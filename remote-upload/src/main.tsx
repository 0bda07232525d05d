/**
 * remote-upload on its own (`npm run dev -w remote-upload`): the new-post screen, for the team that owns it.
 * Open /groups/<group id>/photograph/new (sign in through remote-auth or the site first: the session is shared
 * through localStorage on the same host name). Inside the site the host provides the providers and router.
 */
import { Code } from '@chakra-ui/react/code';
import { Stack, Text } from '@snapshire/shell-components';
import { screenRoutes, startStandalone } from '@snapshire/standalone';
import { Route } from 'react-router-dom';
import { screens } from './screens/index.ts';

await startStandalone({
  name: 'remote-upload',
  routes: (
    <>
      {screenRoutes('remote_upload', screens)}
      <Route
        path="*"
        element={
          <Stack p="6" gap="2">
            <Text>Open the new-post screen of a group:</Text>
            <Code>/groups/&lt;group id&gt;/photograph/new</Code>
          </Stack>
        }
      />
    </>
  ),
});
