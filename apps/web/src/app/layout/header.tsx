import { lazy, Suspense, useEffect, useId, type FocusEvent } from 'react';
import { Anchor, Box, Burger, Button, Collapse, Group, Stack } from '@mantine/core';
import '@mantine/core/styles/UnstyledButton.css';
import '@mantine/core/styles/Loader.css';
import '@mantine/core/styles/Group.css';
import '@mantine/core/styles/Text.css';
import '@mantine/core/styles/Anchor.css';
import '@mantine/core/styles/Burger.css';
import '@mantine/core/styles/Button.css';
import '@mantine/core/styles/Stack.css';
import { useDisclosure } from '@mantine/hooks';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { Logo } from '../../components/ui/logo';
import { useModalOpened } from '../../components/ui/modal-host';
import { PATHS } from '../../lib/paths';
import { useCurrentUser } from '../../lib/session';
import { useAfterFirstCommit } from '../../lib/use-after-first-commit';

// The dropdown (and its positioning engine) is for signed-in users only: guests never download it.
const UserMenu = lazy(async () => ({ default: (await import('./user-menu')).UserMenu }));
// Same for the audio client's menu, its store and the broker client behind it.
const AudioMenu = lazy(async () => ({
  default: (await import('../../features/nals/components/audio-menu')).AudioMenu,
}));

interface NavItem {
  to: string;
  label: string;
  primary?: boolean;
  /** Shown after the label (and read with it): the Sessions entry's pending invitations. */
  badge?: boolean;
}

// Musicians of the social age only (SPEC section 6, eligibleToSocial), with the community's texts.
const CommunityMenu = lazy(async () => ({ default: (await import('./community-menu')).CommunityMenu }));
const CommunityNavLinks = lazy(async () => ({ default: (await import('./community-menu')).CommunityNavLinks }));

// The Messages entry and its unread badge: musicians of the social age only, with the messages' texts.
const MessagesNavButton = lazy(async () => ({
  default: (await import('../../features/messages/messages-menu')).MessagesNavButton,
}));
const MessagesIconLink = lazy(async () => ({
  default: (await import('../../features/messages/messages-menu')).MessagesIconLink,
}));

// The Help dropdown (tutorial, online help): signed-in users only, like the other menus.
const HelpMenu = lazy(async () => ({ default: (await import('./help-menu')).HelpMenu }));

// Signed-in users only, like the menus: its query code stays out of the guest pages' first load.
const InvitationsBadge = lazy(async () => ({
  default: (await import('../../features/sessions/invitation-notices')).InvitationsBadge,
}));

export function Header() {
  const { t } = useTranslation();
  const user = useCurrentUser();
  const { pathname } = useLocation();
  const [opened, { toggle, close }] = useDisclosure(false);
  const menuId = useId();
  // The signed-in extras below load once the first page has been committed (see useAfterFirstCommit).
  const extras = useAfterFirstCommit();

  // The small-screen menu closes once the user has gone somewhere.
  useEffect(close, [pathname, close]);
  // ...and when a modal opens (the rehearsal's "leave?" question asked from the menu's own links, any dialog):
  // it must not stay open behind the modal.
  const modalOpened = useModalOpened();
  useEffect(() => {
    if (modalOpened) close();
  }, [modalOpened, close]);
  // Dialogs a page renders itself are not in the modal host: the menu closes when focus leaves the header for them
  // (or for anything else on the page).
  const onBlur = (event: FocusEvent<HTMLElement>) => {
    const next = event.relatedTarget;
    if (opened && next instanceof Node && !event.currentTarget.contains(next)) close();
  };

  const guestItems: NavItem[] = [
    { to: PATHS.signup, label: t('nav.createAccount') },
    { to: PATHS.login, label: t('nav.logIn'), primary: true },
  ];
  // A guest already on the login (or sign-up) page is not offered that same page again.
  const items: NavItem[] = user
    ? [
        { to: PATHS.hall, label: t('nav.hall') },
        { to: PATHS.sessions, label: t('nav.sessions'), badge: true },
      ]
    : guestItems.filter((item) => item.to !== pathname);

  return (
    <Box component="header" className="app-header" onBlur={onBlur}>
      <Group justify="space-between" h={64} px={{ base: 'md', sm: 'xl' }} maw={1200} mx="auto" wrap="nowrap">
        <Anchor
          component={Link}
          to={user ? PATHS.hall : PATHS.login}
          aria-label={user ? t('logo.toHall') : t('logo.toLogin')}
          c="dark.8"
          underline="never"
          style={{ display: 'inline-flex', borderRadius: 8 }}
        >
          <Logo height={34} />
        </Anchor>
        <Group gap="sm" wrap="nowrap">
          <Box component="nav" aria-label={t('nav.label')} visibleFrom="sm">
            <Group gap="xs">
              {items.map((item) => (
                <Button
                  key={item.to}
                  component={Link}
                  to={item.to}
                  variant={item.primary ? 'filled' : 'subtle'}
                  aria-current={pathname === item.to ? 'page' : undefined}
                >
                  {item.label}
                  {item.badge && extras && (
                    <Suspense fallback={null}>
                      <InvitationsBadge />
                    </Suspense>
                  )}
                </Button>
              ))}
              {user?.eligibleToSocial && extras && (
                <Suspense fallback={null}>
                  <CommunityMenu />
                </Suspense>
              )}
              {user && extras && (
                <Suspense fallback={null}>
                  <HelpMenu />
                </Suspense>
              )}
              {user?.eligibleToSocial && extras && (
                // Its own boundary: the community menu loading its texts never holds the badge back.
                <Suspense fallback={null}>
                  <MessagesNavButton wide />
                </Suspense>
              )}
            </Group>
          </Box>
          {user && extras && (
            <Suspense fallback={null}>
              <AudioMenu user={user} />
              <UserMenu user={user} />
            </Suspense>
          )}
          {user?.eligibleToSocial && extras && (
            <Box hiddenFrom="sm">
              <Suspense fallback={null}>
                <MessagesIconLink />
              </Suspense>
            </Box>
          )}
          <Burger
            hiddenFrom="sm"
            opened={opened}
            onClick={toggle}
            aria-label={t('nav.toggle')}
            aria-expanded={opened}
            aria-controls={menuId}
            size="sm"
          />
        </Group>
      </Group>
      <Collapse expanded={opened} hiddenFrom="sm" id={menuId}>
        <Box component="nav" aria-label={t('nav.label')} px="md" pb="md">
          <Stack gap="xs">
            {items.map((item) => (
              <Button
                key={item.to}
                component={Link}
                to={item.to}
                variant={item.primary ? 'filled' : 'light'}
                fullWidth
                aria-current={pathname === item.to ? 'page' : undefined}
              >
                {item.label}
                {item.badge && extras && (
                  <Suspense fallback={null}>
                    <InvitationsBadge />
                  </Suspense>
                )}
              </Button>
            ))}
            {user?.eligibleToSocial && extras && (
              <>
                <Suspense fallback={null}>
                  <MessagesNavButton wide={false} />
                </Suspense>
                <Suspense fallback={null}>
                  <CommunityNavLinks />
                </Suspense>
              </>
            )}
            {user && extras && (
              <Suspense fallback={null}>
                <HelpMenu />
              </Suspense>
            )}
          </Stack>
        </Box>
      </Collapse>
    </Box>
  );
}
