import { AspectRatio, Box, Image } from '@mantine/core';
import '@mantine/core/styles/AspectRatio.css';
import '@mantine/core/styles/Image.css';

/** The 3:1 cover band: the musician's cover picture, or a quiet gradient when they have none. */
export function ProfileCover({ src, alt }: { src: string | null; alt: string }) {
  return (
    <AspectRatio ratio={3} w="100%">
      {src ? (
        <Image src={src} alt={alt} fit="cover" radius="lg" />
      ) : (
        <Box
          aria-hidden
          style={{
            borderRadius: 'var(--mantine-radius-lg)',
            background:
              'linear-gradient(120deg, var(--mantine-color-violet-1), var(--mantine-color-teal-1) 60%, var(--mantine-color-yellow-1))',
          }}
        />
      )}
    </AspectRatio>
  );
}
