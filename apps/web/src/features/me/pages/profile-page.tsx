import { Avatar, Badge, Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import '@mantine/core/styles/UnstyledButton.css';
import '@mantine/core/styles/Paper.css';
import '@mantine/core/styles/Loader.css';
import '@mantine/core/styles/Group.css';
import '@mantine/core/styles/Text.css';
import '@mantine/core/styles/Avatar.css';
import '@mantine/core/styles/Badge.css';
import '@mantine/core/styles/Button.css';
import '@mantine/core/styles/Stack.css';
import '@mantine/core/styles/Title.css';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { formatDate } from '../../../lib/format';
import { currentLanguage } from '../../../lib/i18n';
import { PATHS } from '../../../lib/paths';
import { useCurrentUser } from '../../../lib/session';
import { useTitle } from '../../../lib/use-title';

/** /me: the user's own profile as the account knows it today. */
export function ProfilePage() {
  const { t } = useTranslation('me');
  const { t: tc } = useTranslation();
  useTitle(t('profile.title'));
  const user = useCurrentUser();
  if (!user) return null;

  return (
    <Stack gap="lg">
      <Paper withBorder radius="lg" p={{ base: 'lg', sm: 40 }} maw={760}>
        <Group gap="xl" align="center" wrap="wrap">
          <Avatar
            src={user.profilePicture}
            alt={tc('avatarAlt', { name: user.displayedUsername })}
            size={120}
            radius={120}
            color="violet"
          >
            {user.displayedUsername.slice(0, 2).toUpperCase()}
          </Avatar>
          <Stack gap={6}>
            <Title order={1} fz={32} lh={1.15}>
              {user.displayedUsername}
            </Title>
            <Text c="dimmed">{t('profile.username', { username: user.username })}</Text>
            <Text c="dimmed">{t('profile.memberSince', { date: formatDate(user.createdAt, currentLanguage()) })}</Text>
            <Group gap="xs" mt={4}>
              <Badge variant="dot" color={user.publicProfile ? 'teal' : 'gray'} tt="none">
                {user.publicProfile ? t('profile.visibility.public') : t('profile.visibility.private')}
              </Badge>
            </Group>
          </Stack>
        </Group>
        <Button component={Link} to={PATHS.preferences} variant="default" mt="xl">
          {t('profile.editPreferences')}
        </Button>
      </Paper>
    </Stack>
  );
}
