import { Badge, Box, Button, Container, Flex, Heading, Stack, Text } from '@snapshire/shell-components';
import { LIMITS, paths } from '@snapshire/contracts';
import { Link as RouterLink } from 'react-router-dom';
import { PRODUCT_NAME } from '../../app/product.ts';
import { useRuntimeConfig } from '../../app/runtimeConfig.tsx';
import { FloatingPhotos } from './FloatingPhotos.tsx';

/** The home page: what the site is, and the two ways in. */
export function LandingPage() {
  const { landingImageUrl } = useRuntimeConfig();
  return (
    <Flex
      as="section"
      flex="1"
      minH="calc(100dvh - 4rem)"
      position="relative"
      overflow="hidden"
      align="center"
      bgImage="{gradients.landing}"
      color="landing.fg"
    >
      <FloatingPhotos template={landingImageUrl} />
      <Container maxW={`${LIMITS.LANDING_MAX_WIDTH_PX}px`} position="relative" zIndex="1" py={{ base: '14', md: '20' }}>
        <Stack
          gap="6"
          align="flex-start"
          bg="landing.scrim"
          backdropFilter="blur(8px)"
          rounded="2xl"
          p={{ base: '5', md: '8' }}
          mx={{ base: '-1', md: '-8' }}
          data-testid="landing-content"
        >
          <Badge size="lg" variant="solid" colorPalette="brand" rounded="full" px="3">
            {PRODUCT_NAME}
          </Badge>
          <Heading
            as="h1"
            fontSize={{ base: '4xl', md: '6xl' }}
            lineHeight="1.05"
            letterSpacing="tight"
            fontWeight="extrabold"
          >
            A new home for your photographs
          </Heading>
          <Stack gap="4" fontSize={{ base: 'md', md: 'lg' }} color="landing.muted" lineHeight="tall">
            <Text>
              Share photographs, memories and experiences with your friends, family and local community, in private
              groups just for you or in public groups for everyone.
            </Text>
            <Text>
              Public groups let wider communities show off their towns and cities: the streets, the seasons and the
              people that make them home.
            </Text>
            <Text>
              {PRODUCT_NAME} is an experiment. Create an account, contribute to a group, or get in touch and tell us
              what you would like to see here.
            </Text>
          </Stack>
          <Box display="flex" gap="3" flexWrap="wrap" pt="2">
            <Button asChild size="lg" colorPalette="brand">
              <RouterLink to={paths.register()}>Create account</RouterLink>
            </Button>
            <Button asChild size="lg" variant="outline" colorPalette="brand" bg="bg/60" _hover={{ bg: 'bg/90' }}>
              <RouterLink to={paths.groups()}>Browse groups</RouterLink>
            </Button>
          </Box>
        </Stack>
      </Container>
    </Flex>
  );
}
