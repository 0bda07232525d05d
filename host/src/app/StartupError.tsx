import { Button, Center, Text } from '@snapshire/shell-components';
import { MESSAGES } from '@snapshire/contracts';
import { ErrorPanel, UiProvider } from '@snapshire/ui';
import { RotateCw } from 'lucide-react';

/**
 * Shown when the shell itself cannot start (no usable /config.json): what the visitor can do (Reload) and,
 * for whoever runs the site, what is wrong with the configuration, in plain words.
 */
export function StartupError({ detail }: { detail?: string }) {
  return (
    <UiProvider>
      <Center minH="100dvh" px="4">
        <ErrorPanel
          title="Snapshire is unavailable"
          message={
            <>
              {MESSAGES.RUNTIME_CONFIG_FAILED}
              {detail && (
                <Text as="span" display="block" mt="2" fontSize="sm" data-testid="startup-error-detail">
                  {MESSAGES.RUNTIME_CONFIG_DETAILS} {detail}
                </Text>
              )}
            </>
          }
          action={
            <Button onClick={() => window.location.reload()} colorPalette="brand">
              <RotateCw /> {MESSAGES.RELOAD}
            </Button>
          }
        />
      </Center>
    </UiProvider>
  );
}
