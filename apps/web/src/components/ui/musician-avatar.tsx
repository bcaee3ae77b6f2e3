import { Avatar, type AvatarProps } from '@mantine/core';
import '@mantine/core/styles/Avatar.css';
import { useState } from 'react';
import { DEFAULT_AVATAR_DATA_URL } from '@tutti/contract/default-avatar';

export interface MusicianAvatarProps extends Omit<AvatarProps, 'src' | 'children'> {
  /** The stored picture's URL; null or undefined: the default avatar. */
  picture: string | null | undefined;
  /** Spoken name; empty when a visible name sits beside the avatar (it is then decoration). */
  alt?: string;
}

/**
 * A musician's picture, or the default avatar when they have none or theirs fails to load (SPEC section 3): the
 * header, cards, profiles and lists all show musicians through this one component.
 */
export function MusicianAvatar({ picture, alt = '', radius = 'xl', ...props }: MusicianAvatarProps) {
  const [broken, setBroken] = useState<string | null>(null);
  const src = picture && picture !== broken ? picture : DEFAULT_AVATAR_DATA_URL;
  return (
    <Avatar
      {...props}
      radius={radius}
      src={src}
      alt={alt}
      imageProps={{ onError: () => setBroken(picture ?? null), loading: 'lazy', decoding: 'async' }}
    />
  );
}
