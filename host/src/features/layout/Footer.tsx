import { Box, Text } from '@snapshire/shell-components';

export function Footer() {
  return (
    <Box as="footer" borderTopWidth="1px" py="6" px="6" textAlign="center">
      <Text color="fg.muted" fontSize="sm">
        Footer
      </Text>
    </Box>
  );
}
