import { Center } from '@chakra-ui/react';
import { MESSAGES } from '@snapshire/contracts';
import { ErrorPanel, UiProvider } from '@snapshire/ui';

/** Shown when the runtime config cannot be loaded: nothing else can start without it. */
export function StartupError() {
  return (
    <UiProvider>
      <Center minH="100dvh" px="4">
        <ErrorPanel title="Snapshire is unavailable" message={MESSAGES.RUNTIME_CONFIG_FAILED} />
      </Center>
    </UiProvider>
  );
}
