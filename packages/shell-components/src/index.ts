/**
 * The Chakra components the host's shell draws and a remote draws too, shared once on the page (SHARED_PACKAGES in
 * packages/federation/src/shared.ts): a remote imports these from here, not from '@chakra-ui/react', and uses
 * the host's copy instead of downloading its own (their dialog, focus trap and zag-js core were 70% of a
 * remote's components chunk). A component not listed here a remote bundles itself, and deploys alone; on a host
 * that does not provide this package (one released before it, or the remote's own page) the remote loads its
 * own copy of the list. eslint.config.js reads the list: importing one of these from '@chakra-ui/react' in an
 * app is an error.
 *
 * A package of its own, not a subpath of @snapshire/ui: shared as '@snapshire/ui/chakra', @module-federation/vite
 * put the remote's fallback copy of @snapshire/ui (its theme, 24 KB) into the chunk every shared import loads.
 *
 * Remotes already deployed import what is listed: a component may be added, never removed.
 */
export {
  Alert,
  Badge,
  Box,
  Button,
  Center,
  CloseButton,
  Container,
  Dialog,
  Flex,
  HStack,
  Heading,
  IconButton,
  Image,
  Link,
  List,
  Portal,
  Spinner,
  Stack,
  Text,
  VisuallyHidden,
} from '@chakra-ui/react';
