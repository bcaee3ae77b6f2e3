import type { MouseEvent } from 'react';
import { Anchor, Box, Group, List, Text, VisuallyHidden } from '@mantine/core';
import '@mantine/core/styles/VisuallyHidden.css';
import '@mantine/core/styles/Group.css';
import '@mantine/core/styles/Text.css';
import '@mantine/core/styles/Anchor.css';
import '@mantine/core/styles/List.css';
import { useTranslation } from 'react-i18next';
import { openAppModal } from '../../components/ui/modal-host';
import { getRuntimeConfig } from '../../lib/runtime-config';
import { ServerStatus } from './server-status';

const TUTORIAL_STEPS = ['signup', 'hall', 'preferences', 'devices', 'audio'] as const;

/** The tutorial modal: the first steps in Tutti, and the configured tutorial (video or page) when there is one. */
export function TutorialBody({ url }: { url: string | null }) {
  const { t } = useTranslation();
  return (
    <>
      <Text mb="md">{t('tutorial.intro')}</Text>
      <List type="ordered" spacing="md" mb={url ? 'lg' : 0}>
        {TUTORIAL_STEPS.map((step) => (
          <List.Item key={step}>
            <Text fw={700}>{t(`tutorial.steps.${step}.title`)}</Text>
            <Text size="sm">{t(`tutorial.steps.${step}.body`)}</Text>
          </List.Item>
        ))}
      </List>
      {url && (
        <Anchor href={url} target="_blank" rel="noopener noreferrer" fw={600}>
          {t('tutorial.open')}
          <VisuallyHidden> {t('footer.newTab')}</VisuallyHidden>
        </Anchor>
      )}
    </>
  );
}

export function Footer() {
  const { t } = useTranslation();
  const { helpUrl, legalUrl, termsUrl, tutorialUrl } = getRuntimeConfig();
  const external = { target: '_blank', rel: 'noopener noreferrer', size: 'sm', c: 'dark.6' } as const;
  const newTab = <VisuallyHidden> {t('footer.newTab')}</VisuallyHidden>;

  const openTutorial = (event: MouseEvent) => {
    // With a configured tutorial, the entry is a real link (new tabs, no JS); a plain click opens the modal instead.
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
            {tutorialUrl ? (
              <Anchor href={tutorialUrl} onClick={openTutorial} size="sm" c="dark.6">
                {t('footer.tutorial')}
              </Anchor>
            ) : (
              // No tutorial address: a button, so there is no link to nowhere.
              <Anchor component="button" type="button" onClick={openTutorial} size="sm" c="dark.6">
                {t('footer.tutorial')}
              </Anchor>
            )}
            <Anchor href={helpUrl} {...external}>
              {t('footer.onlineHelp')}
              {newTab}
            </Anchor>
            <Anchor href={legalUrl} {...external}>
              {t('footer.legal')}
              {newTab}
            </Anchor>
            <Anchor href={termsUrl} {...external}>
              {t('footer.terms')}
              {newTab}
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
