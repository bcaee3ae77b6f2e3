import type { ReactNode } from 'react';
import { Anchor, Badge, Group, List, Paper, SimpleGrid, Stack, Text, Title, VisuallyHidden } from '@mantine/core';
import '@mantine/core/styles/VisuallyHidden.css';
import '@mantine/core/styles/Paper.css';
import '@mantine/core/styles/Group.css';
import '@mantine/core/styles/Text.css';
import '@mantine/core/styles/Anchor.css';
import '@mantine/core/styles/Badge.css';
import '@mantine/core/styles/List.css';
import '@mantine/core/styles/SimpleGrid.css';
import '@mantine/core/styles/Stack.css';
import '@mantine/core/styles/Title.css';
import { useTranslation } from 'react-i18next';
import type { Profile } from '@tutti/contract/community';
import { currentLanguage } from '../../../../lib/i18n';
import { nameOf, useInstruments, useMusicStyles, useSocialNetworks } from '../../api/reference';
import { PROFILE_NS } from '../translations';

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Paper withBorder radius="lg" p="lg" component="section" aria-label={title}>
      <Title order={2} size="h4" mb="sm">
        {title}
      </Title>
      {children}
    </Paper>
  );
}

/** Biography, instruments, styles and links of my profile, each with its own empty text. */
export function ProfileDetails({ profile }: { profile: Profile }) {
  const { t } = useTranslation(PROFILE_NS);
  const locale = currentLanguage();
  const instruments = useInstruments();
  const styles = useMusicStyles();
  const networks = useSocialNetworks();
  const empty = (key: 'biography' | 'instruments' | 'styles' | 'links') => (
    <Text c="dimmed" size="sm">
      {t(`empty.${key}`)}
    </Text>
  );

  return (
    <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
      <Section title={t('sections.about')}>
        {profile.biography ? <Text style={{ whiteSpace: 'pre-wrap' }}>{profile.biography}</Text> : empty('biography')}
      </Section>
      <Section title={t('sections.instruments')}>
        {profile.instruments.length === 0 ? (
          empty('instruments')
        ) : (
          <List spacing="xs" listStyleType="none" p={0}>
            {profile.instruments.map((i) => (
              <List.Item key={i.instrument}>
                <Group gap="xs" wrap="wrap">
                  <Text fw={600}>{nameOf(instruments.data, i.instrument, locale)}</Text>
                  <Badge variant="light" color="violet" tt="none">
                    {t(`skill.${i.skill}`)}
                  </Badge>
                  {(i.brand || i.model) && (
                    <Text c="dimmed" size="sm">
                      {[i.brand, i.model].filter(Boolean).join(' ')}
                    </Text>
                  )}
                </Group>
              </List.Item>
            ))}
          </List>
        )}
      </Section>
      <Section title={t('sections.styles')}>
        {profile.musicStyles.length === 0 ? (
          empty('styles')
        ) : (
          <Group gap="xs">
            {profile.musicStyles.map((s) => (
              <Badge key={s} variant="default" tt="none" size="lg">
                {nameOf(styles.data, s, locale)}
              </Badge>
            ))}
          </Group>
        )}
      </Section>
      <Section title={t('sections.links')}>
        {profile.socialLinks.length === 0 ? (
          empty('links')
        ) : (
          <Stack gap="xs">
            {profile.socialLinks.map((l, index) => {
              const network = networks.data?.find((n) => n.id === l.network)?.name ?? l.network;
              return (
                <Text key={`${l.network}-${index}`} size="sm" style={{ overflowWrap: 'anywhere' }}>
                  <Text span fw={600}>
                    {network}
                  </Text>
                  {' — '}
                  <Anchor href={l.url} target="_blank" rel="noopener noreferrer">
                    {l.url}
                    <VisuallyHidden> {t('opensInNewTab')}</VisuallyHidden>
                  </Anchor>
                </Text>
              );
            })}
          </Stack>
        )}
      </Section>
    </SimpleGrid>
  );
}
