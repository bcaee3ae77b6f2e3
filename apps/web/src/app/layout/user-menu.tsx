import { Group, Menu, Text, UnstyledButton } from '@mantine/core';
import '@mantine/core/styles/UnstyledButton.css';
import '@mantine/core/styles/VisuallyHidden.css';
import '@mantine/core/styles/Overlay.css';
import '@mantine/core/styles/Popover.css';
import '@mantine/core/styles/Loader.css';
import '@mantine/core/styles/CloseButton.css';
import '@mantine/core/styles/Group.css';
import '@mantine/core/styles/Input.css';
import '@mantine/core/styles/Text.css';
import '@mantine/core/styles/Menu.css';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import type { CurrentUser } from '@tutti/contract/accounts';
import { signOut } from '../../features/auth/api/sign-out';
import { PATHS } from '../../lib/paths';
import { ChevronDown } from '../../components/ui/chevron-down';
import { confirmLeave } from './navigation-guard';
import { MusicianAvatar } from '../../features/community/components/musician-avatar';

/** Who may open the administration pages (app/guards.ts ADMIN). */
const ADMIN_ROLE = 'CORE_ADMIN';

/**
 * The signed-in user's dropdown (SPEC section 2): displayed username, profile, preferences, manage offer, sign out;
 * for administrators, the administration pages too. The same dropdown serves wide screens and phones.
 */
export function UserMenu({ user }: { user: CurrentUser }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();

  const onSignOut = async () => {
    // In a rehearsal: asked first, then quit while still signed in (a quit after sign-out would be refused).
    if (!(await confirmLeave('signOut'))) return;
    await signOut();
    queryClient.clear();
    await navigate(PATHS.login, { replace: true });
  };

  return (
    // No focus placeholder: its role=presentation child inside role=menu is an axe violation.
    <Menu position="bottom-end" width={220} shadow="md" withinPortal withInitialFocusPlaceholder={false}>
      <Menu.Target>
        {/* The name starts with the visible text (WCAG 2.5.3, label in name): "ana, user menu". */}
        <UnstyledButton
          aria-label={t('userMenu.labelFor', { name: user.displayedUsername })}
          px={6}
          py={4}
          style={{ borderRadius: 999 }}
        >
          <Group gap="xs" wrap="nowrap">
            <MusicianAvatar picture={user.profilePicture} size={34} />
            <Text fw={600} size="sm" visibleFrom="xs" maw={160} truncate="end">
              {user.displayedUsername}
            </Text>
            <ChevronDown />
          </Group>
        </UnstyledButton>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Label>{user.displayedUsername}</Menu.Label>
        <Menu.Item component={Link} to={PATHS.me}>
          {t('userMenu.profile')}
        </Menu.Item>
        <Menu.Item component={Link} to={PATHS.preferences}>
          {t('userMenu.preferences')}
        </Menu.Item>
        <Menu.Item component={Link} to={PATHS.subscription}>
          {t('userMenu.subscription')}
        </Menu.Item>
        {user.privileges.includes(ADMIN_ROLE) && (
          <Menu.Item component={Link} to={PATHS.admin}>
            {t('userMenu.admin')}
          </Menu.Item>
        )}
        <Menu.Divider />
        <Menu.Item color="red.9" onClick={() => void onSignOut()}>
          {t('userMenu.signOut')}
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}
