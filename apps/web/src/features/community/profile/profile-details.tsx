import { Anchor, Badge, Group, Stack, Text } from '@mantine/core';
import '@mantine/core/styles/Group.css';
import '@mantine/core/styles/Text.css';
import '@mantine/core/styles/Anchor.css';
import '@mantine/core/styles/Badge.css';
import '@mantine/core/styles/Stack.css';
import type { Profile } from '@tutti/contract/community';
import { useTranslation } from 'react-i18next';
import { SectionCard } from '../../../components/ui/section-card';
import { currentLanguage } from '../../../lib/i18n';
import { nameOf, useInstruments, useMusicStyles, useSocialNetworks } from '../api/reference';
import { COMMUNITY_NS } from '../translations';

/** What a musician tells about themself: biography, instruments, styles and links (not for a restricted view). */
export function ProfileDetails({ profile }: { profile: Profile }) {
  const { t } = useTranslation(COMMUNITY_NS);
  const locale = currentLanguage();
  const instruments = useInstruments();
  const styles = useMusicStyles();
  const networks = useSocialNetworks();

  return (
    <Stack gap="md">
      {profile.biography && (
        <SectionCard title={t('profile.biography')}>
          <Text style={{ whiteSpace: 'pre-line', overflowWrap: 'anywhere' }}>{profile.biography}</Text>
        </SectionCard>
      )}
      <SectionCard title={t('profile.instruments')} empty={t('profile.noInstrument')}>
        {profile.instruments.length > 0 && (
          <Stack gap="xs" component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
            {profile.instruments.map((played) => (
              <Group key={played.instrument} component="li" gap="xs" wrap="wrap">
                <Text fw={600}>{nameOf(instruments.data, played.instrument, locale)}</Text>
                <Badge variant="light" tt="none">
                  {t(`skill.${played.skill}`)}
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
      {profile.socialLinks.length > 0 && (
        <SectionCard title={t('profile.links')}>
          <Stack gap={6} component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
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
                    {t('profile.linkLabel', { network })}
                  </Anchor>
                  <Text span c="dimmed" size="sm" ml="xs" style={{ overflowWrap: 'anywhere' }}>
                    {link.url}
                  </Text>
                </li>
              );
            })}
          </Stack>
        </SectionCard>
      )}
    </Stack>
  );
}
