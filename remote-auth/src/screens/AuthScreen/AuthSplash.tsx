import { Box, Text } from '@snapshire/shell-components';

/** Credit line under the splash picture. */
export const SPLASH_CREDIT = 'Evening over the Shire hills · illustration by the Snapshire team';
const SPLASH_DESCRIPTION = 'Sunset over layered green hills and a still lake';

/**
 * The splash picture beside the form on medium and wider screens. Drawn inline as SVG so it needs no
 * network (the site can run with no internet), no federated asset URL and weighs about 2 kB.
 */
export function AuthSplash() {
  return (
    <Box
      as="figure"
      hideBelow="md"
      position="relative"
      overflow="hidden"
      borderRadius="l3"
      minH="lg"
      h="full"
      bg="green.900"
      data-testid="auth-splash"
    >
      <svg
        viewBox="0 0 800 640"
        preserveAspectRatio="xMidYMid slice"
        role="img"
        aria-label={SPLASH_DESCRIPTION}
        style={{ position: 'absolute', inset: 0, width: '100%', height: '100%', display: 'block' }}
      >
        <defs>
          <linearGradient id="snapshire-auth-sky" x1="0" y1="0" x2="0" y2="1">
            <stop offset="0" stopColor="#243b55" />
            <stop offset="0.38" stopColor="#c86b5a" />
            <stop offset="0.56" stopColor="#f3b562" />
          </linearGradient>
          <linearGradient id="snapshire-auth-lake" x1="0" y1="0" x2="0" y2="1">
            <stop offset="0" stopColor="#f0a95c" stopOpacity="0.9" />
            <stop offset="0.7" stopColor="#1d3a3a" />
          </linearGradient>
          <radialGradient id="snapshire-auth-sun" cx="0.5" cy="0.5" r="0.5">
            <stop offset="0" stopColor="#fff6d5" />
            <stop offset="0.6" stopColor="#ffd98a" />
            <stop offset="1" stopColor="#ffd98a" stopOpacity="0" />
          </radialGradient>
        </defs>
        <rect width="800" height="640" fill="url(#snapshire-auth-sky)" />
        <circle cx="500" cy="330" r="90" fill="url(#snapshire-auth-sun)" />
        <path d="M0 340 L120 270 L220 310 L340 230 L460 300 L560 250 L680 305 L800 265 V420 H0 Z" fill="#7d7488" />
        <path d="M0 375 C100 320 200 345 290 315 S480 345 570 320 S720 345 800 325 V440 H0 Z" fill="#3f6b4f" />
        <path d="M0 410 C120 375 240 400 340 382 S560 405 660 388 S760 398 800 395 V450 H0 Z" fill="#2c5240" />
        <rect y="440" width="800" height="200" fill="url(#snapshire-auth-lake)" />
        <g fill="#fff3d1" opacity="0.7">
          <rect x="445" y="458" width="110" height="3" rx="1.5" />
          <rect x="462" y="476" width="76" height="3" rx="1.5" />
          <rect x="480" y="494" width="40" height="2" rx="1" />
        </g>
        <path d="M0 432 C90 422 170 442 260 432 C330 426 400 436 480 448 H0 Z" fill="#1f3b2f" />
        <g fill="none" stroke="#1d2733" strokeWidth="3" strokeLinecap="round">
          <path d="M190 140 q12 -10 24 0 q12 -10 24 0" />
          <path d="M250 172 q9 -8 18 0 q9 -8 18 0" />
          <path d="M158 196 q7 -6 14 0 q7 -6 14 0" />
        </g>
      </svg>
      <Text
        as="figcaption"
        position="absolute"
        insetX="0"
        bottom="0"
        px="4"
        py="3"
        fontSize="xs"
        color="white"
        bgGradient="to-t"
        gradientFrom="blackAlpha.700"
        gradientTo="transparent"
      >
        {SPLASH_CREDIT}
      </Text>
    </Box>
  );
}
