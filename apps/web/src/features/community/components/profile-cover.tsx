import { AspectRatio, Box, Image } from '@mantine/core';
import '@mantine/core/styles/AspectRatio.css';
import '@mantine/core/styles/Image.css';

/** The 3:1 cover band: the musician's cover picture, or a quiet gradient when they have none. `radius` 0 when the
 *  band is the top of a card that clips it. */
export function ProfileCover({ src, alt, radius = 'lg' }: { src: string | null; alt: string; radius?: 0 | 'lg' }) {
  const rounded = radius === 0 ? 0 : 'var(--mantine-radius-lg)';
  return (
    <AspectRatio ratio={3} w="100%">
      {src ? (
        <Image src={src} alt={alt} fit="cover" radius={radius} />
      ) : (
        <Box
          aria-hidden
          style={{
            borderRadius: rounded,
            background:
              'linear-gradient(120deg, var(--mantine-color-violet-1), var(--mantine-color-teal-1) 60%, var(--mantine-color-yellow-1))',
          }}
        />
      )}
    </AspectRatio>
  );
}
