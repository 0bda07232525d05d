import { Box, Image } from '@snapshire/shell-components';
import { useState, useSyncExternalStore } from 'react';
import { randomFloatingPhotos } from './floatingPhotos.ts';

const subscribeToNothing = () => () => undefined;
const isBrowser = () => true;
const isBuild = () => false;

/** Decoration: round photos drifting upward behind the landing page's text. Still when motion is reduced. */
export function FloatingPhotos({ template }: { template: string }) {
  const [photos] = useState(() => randomFloatingPhotos(template));
  // Not in the page's HTML (host/build/prerenderShell.tsx): drawn at random, they appear with the app.
  const inBrowser = useSyncExternalStore(subscribeToNothing, isBrowser, isBuild);
  if (!inBrowser) return null;
  return (
    <Box
      position="absolute"
      inset="0"
      overflow="hidden"
      pointerEvents="none"
      aria-hidden="true"
      data-testid="floating-photos"
    >
      {photos.map((photo) => (
        <Box
          key={photo.src}
          position="absolute"
          left={`${photo.leftPct}%`}
          top={`${photo.topPct}%`}
          boxSize="100px" // fixed: near the right edge a shrink-to-fit box would squeeze the photo to nothing
          animation={`landingFloat ${photo.floatSeconds.toFixed(1)}s linear ${photo.delaySeconds.toFixed(1)}s infinite`}
          _motionReduce={{ animation: 'none', opacity: 0.9 }}
        >
          <Box
            animation={`landingSway ${photo.swaySeconds.toFixed(1)}s ease-in-out infinite alternate`}
            opacity={{ base: 0.5, md: 0.95 }} // on a phone they drift behind the text: keep it readable
            _motionReduce={{ animation: 'none' }}
          >
            <Image
              src={photo.src}
              alt=""
              boxSize="100px"
              maxW="none"
              rounded="full"
              objectFit="cover"
              borderWidth="3px"
              borderColor="white/80"
              boxShadow="lg"
              loading="lazy"
              animation={`landingBlur ${photo.blurSeconds.toFixed(1)}s ease-in-out infinite`}
              _motionReduce={{ animation: 'none' }}
            />
          </Box>
        </Box>
      ))}
    </Box>
  );
}
