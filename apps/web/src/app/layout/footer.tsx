import type { MouseEvent } from 'react';
import { Anchor, Box, Group, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { openAppModal } from '../../components/ui/modal-host';
import { landingLink } from '../../lib/runtime-config';
import { ServerStatus } from './server-status';

function TutorialBody({ url }: { url: string }) {
  const { t } = useTranslation();
  return (
    <>
      <Text mb="md">{t('tutorial.body')}</Text>
      <Anchor href={url} target="_blank" rel="noopener noreferrer" fw={600}>
        {t('tutorial.open')}
      </Anchor>
    </>
  );
}

export function Footer() {
  const { t } = useTranslation();
  const tutorialUrl = landingLink('tutorial');
  const external = { target: '_blank', rel: 'noopener noreferrer' } as const;

  const openTutorial = (event: MouseEvent) => {
    // A real link for new tabs and no-JS; a plain click opens the tutorial modal instead.
    if (event.metaKey || event.ctrlKey || event.shiftKey || event.button !== 0) return;
    event.preventDefault();
    openAppModal({ title: t('tutorial.title'), size: 'medium', children: <TutorialBody url={tutorialUrl} /> });
  };

  return (
    <Box
      component="footer"
      py="lg"
      px={{ base: 'md', sm: 'xl' }}
      bg="white"
      style={{ borderTop: '1px solid var(--mantine-color-gray-3)' }}
    >
      <Group justify="space-between" maw={1200} mx="auto" gap="md">
        <Box component="nav" aria-label={t('footer.label')}>
          <Group gap="lg" wrap="wrap">
            <Anchor href={tutorialUrl} onClick={openTutorial} size="sm" c="dark.6">
              {t('footer.tutorial')}
            </Anchor>
            <Anchor href={landingLink('help')} {...external} size="sm" c="dark.6">
              {t('footer.onlineHelp')}
            </Anchor>
            <Anchor href={landingLink('legal')} {...external} size="sm" c="dark.6">
              {t('footer.legal')}
            </Anchor>
            <Anchor href={landingLink('terms')} {...external} size="sm" c="dark.6">
              {t('footer.terms')}
            </Anchor>
          </Group>
        </Box>
        <Group gap="sm">
          <Text size="sm" c="dimmed">
            {t('footer.copyright', { year: new Date().getFullYear() })}
          </Text>
          <ServerStatus />
        </Group>
      </Group>
    </Box>
  );
}
