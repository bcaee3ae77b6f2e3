import { Anchor, Badge, Group, SimpleGrid, Stack, Text, VisuallyHidden } from '@mantine/core';
import '@mantine/core/styles/VisuallyHidden.css';
import '@mantine/core/styles/Group.css';
import '@mantine/core/styles/Text.css';
import '@mantine/core/styles/Anchor.css';
import '@mantine/core/styles/Badge.css';
import '@mantine/core/styles/SimpleGrid.css';
import '@mantine/core/styles/Stack.css';
import type { Profile } from '@tutti/contract/community';
import { useTranslation } from 'react-i18next';
import { SectionCard } from '../../../components/ui/section-card';
import { currentLanguage } from '../../../lib/i18n';
import { nameOf, useInstruments, useMusicStyles, useSkillName, useSocialNetworks } from '../api/reference';
import { COMMUNITY_NS } from '../translations';

const bare = { listStyle: 'none', padding: 0, margin: 0 } as const;

/**
 * Biography, instruments, connection, styles and links of a profile, on `/me` and on another musician's page. My own
 * profile shows every section, empty ones saying so (what I have yet to fill in); another's leaves out an empty
 * biography, connection and links.
 */
export function ProfileDetails({ profile }: { profile: Profile }) {
  const { t } = useTranslation(COMMUNITY_NS);
  const locale = currentLanguage();
  const skillName = useSkillName();
  const instruments = useInstruments();
  const styles = useMusicStyles();
  const networks = useSocialNetworks();
  const own = profile.self;

  return (
    <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
      {(profile.biography || own) && (
        <SectionCard title={t('profile.biography')} empty={t('profile.noBiography')}>
          {profile.biography && (
            <Text style={{ whiteSpace: 'pre-line', overflowWrap: 'anywhere' }}>{profile.biography}</Text>
          )}
        </SectionCard>
      )}
      <SectionCard title={t('profile.instruments')} empty={t('profile.noInstrument')}>
        {profile.instruments.length > 0 && (
          <Stack gap="xs" component="ul" style={bare}>
            {profile.instruments.map((played) => (
              <Group key={played.instrument} component="li" gap="xs" wrap="wrap">
                <Text fw={600}>{nameOf(instruments.data, played.instrument, locale)}</Text>
                <Badge variant="light" tt="none">
                  {skillName(played.skill)}
                </Badge>
                {(played.brand || played.model) && (
                  <Text c="dimmed" size="sm">
                    {[played.brand, played.model].filter(Boolean).join(' ')}
                  </Text>
                )}
              </Group>
            ))}
          </Stack>
        )}
      </SectionCard>
      {(profile.connectionType || own) && (
        <SectionCard title={t('profile.connection')} empty={t('profile.noConnection')}>
          {profile.connectionType && <Text fw={600}>{t(`connectionTypes.${profile.connectionType}`)}</Text>}
        </SectionCard>
      )}
      <SectionCard title={t('profile.styles')} empty={t('profile.noStyle')}>
        {profile.musicStyles.length > 0 && (
          <Group gap="xs">
            {profile.musicStyles.map((id) => (
              <Badge key={id} variant="outline" color="violet" tt="none">
                {nameOf(styles.data, id, locale)}
              </Badge>
            ))}
          </Group>
        )}
      </SectionCard>
      {(profile.socialLinks.length > 0 || own) && (
        <SectionCard title={t('profile.links')} empty={t('profile.noLink')}>
          {profile.socialLinks.length > 0 && (
            <Stack gap={6} component="ul" style={bare}>
              {profile.socialLinks.map((link) => {
                const network = networks.data?.find((n) => n.id === link.network)?.name ?? link.network;
                return (
                  <li key={`${link.network}-${link.url}`}>
                    <Anchor
                      href={link.url}
                      target="_blank"
                      rel="noopener noreferrer"
                      style={{ overflowWrap: 'anywhere' }}
                    >
                      <Text span fw={600}>
                        {network}
                      </Text>{' '}
                      {link.url}
                      <VisuallyHidden> {t('profile.opensInNewTab')}</VisuallyHidden>
                    </Anchor>
                  </li>
                );
              })}
            </Stack>
          )}
        </SectionCard>
      )}
    </SimpleGrid>
  );
}
