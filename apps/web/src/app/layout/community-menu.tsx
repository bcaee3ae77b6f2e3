import { Button, Menu, Stack, Text } from '@mantine/core';
import '@mantine/core/styles/UnstyledButton.css';
import '@mantine/core/styles/VisuallyHidden.css';
import '@mantine/core/styles/Overlay.css';
import '@mantine/core/styles/Popover.css';
import '@mantine/core/styles/Loader.css';
import '@mantine/core/styles/CloseButton.css';
import '@mantine/core/styles/Input.css';
import '@mantine/core/styles/Text.css';
import '@mantine/core/styles/Button.css';
import '@mantine/core/styles/Menu.css';
import '@mantine/core/styles/Stack.css';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { ChevronDown } from '../../components/ui/chevron-down';
import { COMMUNITY_NS } from '../../features/community/translations';
import { PATHS } from '../../lib/paths';

/** The Community entries (SPEC section 2, logged-in menu): only for musicians of the social age. */
function useCommunityEntries() {
  const { t } = useTranslation(COMMUNITY_NS);
  return [
    { to: PATHS.search, label: t('menu.search') },
    { to: PATHS.me, label: t('menu.myProfile') },
  ];
}

const isCommunityPath = (pathname: string): boolean =>
  pathname === PATHS.search || pathname.startsWith('/users/profiles/');

/** The wide header's Community dropdown. */
export function CommunityMenu() {
  const { t } = useTranslation(COMMUNITY_NS);
  const { pathname } = useLocation();
  const entries = useCommunityEntries();
  return (
    <Menu position="bottom-start" width={220} shadow="md" withinPortal withInitialFocusPlaceholder={false}>
      <Menu.Target>
        <Button variant={isCommunityPath(pathname) ? 'light' : 'subtle'} rightSection={<ChevronDown />}>
          {t('menu.community')}
        </Button>
      </Menu.Target>
      <Menu.Dropdown aria-label={t('menu.label')}>
        {entries.map((entry) => (
          <Menu.Item
            key={entry.to}
            component={Link}
            to={entry.to}
            aria-current={pathname === entry.to ? 'page' : undefined}
          >
            {entry.label}
          </Menu.Item>
        ))}
      </Menu.Dropdown>
    </Menu>
  );
}

/** The small-screen menu's Community entries, under their heading. */
export function CommunityNavLinks() {
  const { t } = useTranslation(COMMUNITY_NS);
  const { pathname } = useLocation();
  const entries = useCommunityEntries();
  return (
    <Stack gap="xs" mt="xs">
      <Text size="xs" fw={700} c="dimmed" tt="uppercase">
        {t('menu.community')}
      </Text>
      {entries.map((entry) => (
        <Button
          key={entry.to}
          component={Link}
          to={entry.to}
          variant="light"
          fullWidth
          aria-current={pathname === entry.to ? 'page' : undefined}
        >
          {entry.label}
        </Button>
      ))}
    </Stack>
  );
}
