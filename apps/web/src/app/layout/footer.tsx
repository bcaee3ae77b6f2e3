import type { MouseEvent } from 'react';
import { Anchor, Box, Group, VisuallyHidden } from '@mantine/core';
import '@mantine/core/styles/VisuallyHidden.css';
import '@mantine/core/styles/Group.css';
import '@mantine/core/styles/Text.css';
import '@mantine/core/styles/Anchor.css';
import { useTranslation } from 'react-i18next';
import { getRuntimeConfig } from '../../lib/runtime-config';
import { onTutorialClick } from './open-tutorial';
import { ServerStatus } from './server-status';

export function Footer() {
  const { t } = useTranslation();
  const { helpUrl, landingUrl, legalUrl, termsUrl, tutorialUrl } = getRuntimeConfig();
  const external = { target: '_blank', rel: 'noopener noreferrer', size: 'sm', c: 'dark.6' } as const;
  const newTab = <VisuallyHidden> {t('footer.newTab')}</VisuallyHidden>;

  const onTutorial = (event: MouseEvent) => onTutorialClick(event, tutorialUrl);

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
              <Anchor href={tutorialUrl} onClick={onTutorial} size="sm" c="dark.6">
                {t('footer.tutorial')}
              </Anchor>
            ) : (
              // No tutorial address: a button, so there is no link to nowhere.
              <Anchor component="button" type="button" onClick={onTutorial} size="sm" c="dark.6">
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
          {/* The copyright leads to the product's site: config.json's landing_url, or its default. */}
          <Anchor href={landingUrl} size="sm" c="dimmed">
            {t('footer.copyright', { year: new Date().getFullYear() })}
            <VisuallyHidden> {t('footer.website')}</VisuallyHidden>
          </Anchor>
          <ServerStatus />
        </Group>
      </Group>
    </Box>
  );
}
