import { Button, type ButtonProps } from '@mantine/core';
import '@mantine/core/styles/UnstyledButton.css';
import '@mantine/core/styles/Loader.css';
import '@mantine/core/styles/Button.css';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { showToast } from '../../../components/ui/toast-host';
import { errorText } from '../../../lib/error-text';
import { useFollowToggle } from '../api/follows';
import { COMMUNITY_NS } from '../translations';

export interface FollowButtonProps extends Omit<ButtonProps, 'children' | 'onClick'> {
  musician: { id: string; displayedUsername: string; followed: boolean };
}

/**
 * Follow / Following for one musician, on cards, suggestions and profiles. It shows the new state as soon as it is
 * clicked; a refusal puts the old one back and says why.
 */
export function FollowButton({ musician, size = 'xs', ...props }: FollowButtonProps) {
  const { t } = useTranslation(COMMUNITY_NS);
  const { t: tc } = useTranslation();
  const toggle = useFollowToggle();
  // The state the musician asked for, until the reloaded lists bring the server's.
  const [wanted, setWanted] = useState<boolean | null>(null);
  const followed = wanted ?? musician.followed;
  const name = musician.displayedUsername;

  const onClick = () => {
    const follow = !followed;
    setWanted(follow);
    toggle.mutate(
      { id: musician.id, follow },
      {
        onSuccess: () => showToast({ message: t(follow ? 'follow.followed' : 'follow.unfollowed', { name }) }),
        onError: (error) => {
          setWanted(null);
          showToast({ message: errorText(tc, error), color: 'red' });
        },
        onSettled: () => setWanted(null),
      },
    );
  };

  return (
    <Button
      {...props}
      size={size}
      variant={followed ? 'light' : 'filled'}
      aria-pressed={followed}
      aria-label={t(followed ? 'follow.unfollowName' : 'follow.followName', { name })}
      loading={toggle.isPending}
      onClick={onClick}
    >
      {t(followed ? 'follow.following' : 'follow.follow')}
    </Button>
  );
}
