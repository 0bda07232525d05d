import { Box, Text } from '@chakra-ui/react';

export function Footer() {
  return (
    <Box as="footer" borderTopWidth="1px" py="6" px="6" textAlign="center">
      <Text color="fg.muted" fontSize="sm">
        Footer
      </Text>
    </Box>
  );
}
