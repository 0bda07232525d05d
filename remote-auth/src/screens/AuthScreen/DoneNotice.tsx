import { useEffect, useRef } from 'react';
import { Heading, Stack, Text } from '@snapshire/shell-components';

/**
 * What replaces a form once it has done its work (account created, recovery mail sent, password changed):
 * a titled status panel that takes the focus, so a screen reader reads it out in place of the form that went.
 */
export function DoneNotice({ title, text, testId }: { title: string; text: string; testId: string }) {
  const headingRef = useRef<HTMLHeadingElement>(null);
  useEffect(() => headingRef.current?.focus(), []);
  return (
    <Stack
      gap="3"
      role="status"
      data-testid={testId}
      bg="colorPalette.subtle"
      borderWidth="1px"
      borderColor="colorPalette.muted"
      borderRadius="l3"
      p="6"
    >
      <Heading as="h2" size="xl" ref={headingRef} tabIndex={-1} outline="none">
        {title}
      </Heading>
      <Text>{text}</Text>
    </Stack>
  );
}
