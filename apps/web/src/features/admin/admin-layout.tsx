import { Box, Button, Container, Flex, Text, useMatches } from '@mantine/core';
import '@mantine/core/styles/UnstyledButton.css';
import '@mantine/core/styles/Loader.css';
import '@mantine/core/styles/Flex.css';
import '@mantine/core/styles/Text.css';
import '@mantine/core/styles/Button.css';
import '@mantine/core/styles/Container.css';
import { useTranslation } from 'react-i18next';
import { Link, Outlet, useLocation } from 'react-router';
import { PATHS } from '../../lib/paths';
import { ADMIN_NS } from './translations';

/** The administration's sections, in the order of the navigation. */
function useSections() {
  const { t } = useTranslation(ADMIN_NS);
  return [
    { to: PATHS.adminDashboard, label: t('nav.dashboard') },
    { to: PATHS.adminAccounts, label: t('nav.accounts') },
    { to: PATHS.adminAuditLog, label: t('nav.auditLog') },
    { to: PATHS.adminRooms, label: t('nav.rooms') },
    { to: PATHS.adminAudioClient, label: t('nav.audioClient') },
    { to: PATHS.adminTestRehearsals, label: t('nav.testRehearsals') },
    { to: PATHS.adminAbTests, label: t('nav.abTests') },
    { to: PATHS.adminProducts, label: t('nav.products') },
    { to: PATHS.adminPromoCodes, label: t('nav.promoCodes') },
    { to: PATHS.adminSubscriptions, label: t('nav.subscriptions') },
    { to: PATHS.adminPaymentIncidents, label: t('nav.paymentIncidents') },
    { to: PATHS.adminNews, label: t('nav.news') },
    { to: PATHS.adminBlogPosts, label: t('nav.blogPosts') },
    { to: PATHS.adminBanners, label: t('nav.banners') },
  ];
}

/**
 * The administration's frame (issue 12): its sections' navigation beside the page on wide screens, above it on
 * phones (a row that wraps), and a wider column than the musicians' pages since its lists are tables. The pages
 * themselves are the domains' (the accounts, the audit log, the subscriptions' products, promo codes and
 * subscriptions).
 */
export function AdminLayout() {
  const { t } = useTranslation(ADMIN_NS);
  const { pathname } = useLocation();
  const sections = useSections();
  // Compact on phones, so the sections fit on two rows above the page.
  const size = useMatches({ base: 'compact-sm', md: 'sm' });
  return (
    <Container size="xl" py={{ base: 'lg', sm: 'xl' }} px={{ base: 'md', sm: 'xl' }}>
      <Flex direction={{ base: 'column', md: 'row' }} gap={{ base: 'md', md: 'xl' }} align="flex-start">
        <Box component="nav" aria-label={t('nav.label')} w={{ base: '100%', md: 200 }} style={{ flexShrink: 0 }}>
          <Text size="xs" fw={700} c="dimmed" tt="uppercase" mb="xs" aria-hidden="true">
            {t('heading')}
          </Text>
          <Flex direction={{ base: 'row', md: 'column' }} gap="xs" wrap="wrap">
            {sections.map((section) => {
              // An account's page is under Accounts.
              const current = pathname === section.to || pathname.startsWith(`${section.to}/`);
              return (
                <Button
                  key={section.to}
                  component={Link}
                  to={section.to}
                  variant={current ? 'light' : 'subtle'}
                  justify="flex-start"
                  size={size}
                  aria-current={current ? 'page' : undefined}
                  w={{ base: 'auto', md: '100%' }}
                >
                  {section.label}
                </Button>
              );
            })}
          </Flex>
        </Box>
        <Box flex={1} miw={0} w="100%">
          <Outlet />
        </Box>
      </Flex>
    </Container>
  );
}
