import { Box, Flex, Heading, Text } from '@chakra-ui/react';
import { CircleExclamationPoint } from 'lucide-react';
import type { ReactNode } from 'react';

export interface ErrorPanelProps {
  title?: ReactNode;
  message: ReactNode;
  /** E.g. a Retry button or a link home. */
  action?: ReactNode;
}

/** Something could not be shown: what, why, and what the user can do about it. */
export function ErrorPanel({ title = 'Something went wrong', message, action }: ErrorPanelProps) {
  return (
    <Box
      role="alert"
      borderWidth="1px"
      borderColor="border.error"
      bg="bg.error"
      color="fg"
      rounded="l3"
      p={{ base: '5', md: '6' }}
      maxW="2xl"
      mx="auto"
      my="8"
    >
      <Flex gap="3" align="flex-start">
        <Box color="fg.error" mt="1" flexShrink={0}>
          <CircleExclamationPoint size={22} aria-hidden />
        </Box>
        <Box flex="1">
          <Heading as="h2" size="lg" mb="1">
            {title}
          </Heading>
          <Text color="fg.muted">{message}</Text>
          {action ? <Box mt="4">{action}</Box> : null}
        </Box>
      </Flex>
    </Box>
  );
}
