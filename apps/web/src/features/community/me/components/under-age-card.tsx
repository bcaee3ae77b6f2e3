import { Alert, Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import '@mantine/core/styles/UnstyledButton.css';
import '@mantine/core/styles/Paper.css';
import '@mantine/core/styles/Loader.css';
import '@mantine/core/styles/CloseButton.css';
import '@mantine/core/styles/Group.css';
import '@mantine/core/styles/Alert.css';
import '@mantine/core/styles/Text.css';
import '@mantine/core/styles/Button.css';
import '@mantine/core/styles/Stack.css';
import '@mantine/core/styles/Title.css';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { CurrentUser } from '@tutti/contract/accounts';
import { formatDate } from '../../../../lib/format';
import { currentLanguage } from '../../../../lib/i18n';
import { PATHS } from '../../../../lib/paths';
import { MusicianAvatar } from '../../components/musician-avatar';
import { PROFILE_NS } from '../translations';
import { named } from '../../../../lib/elision';

/**
 * /me for a musician under 13 (SPEC section 6, eligibleToSocial): every social call would be refused, so none is
 * made. Their account as it is, and when the musician profile opens.
 */
export function UnderAgeCard({ user }: { user: CurrentUser }) {
  const { t } = useTranslation(PROFILE_NS);
  return (
    <Paper withBorder radius="lg" p={{ base: 'lg', sm: 40 }} maw={760}>
      <Stack gap="lg">
        <Group gap="xl" align="center" wrap="wrap">
          <MusicianAvatar
            picture={user.profilePicture}
            alt={t('avatarAlt', named(user.displayedUsername))}
            size={112}
            radius={112}
          />
          <Stack gap={6}>
            <Title order={1} fz={{ base: 26, sm: 32 }} lh={1.15}>
              {user.displayedUsername}
            </Title>
            <Text c="dimmed">{t('username', { username: user.username })}</Text>
            <Text c="dimmed">{t('memberSince', { date: formatDate(user.createdAt, currentLanguage()) })}</Text>
          </Stack>
        </Group>
        <Alert color="violet" variant="light" radius="md" title={t('underAge.heading')}>
          {t('underAge.note')}
        </Alert>
        <div>
          <Button component={Link} to={PATHS.preferences} variant="default">
            {t('underAge.preferences')}
          </Button>
        </div>
      </Stack>
    </Paper>
  );
}
