import { Button, Group, List, Paper, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { APP_START_WELCOME } from 'virtual:tutti-contract';
import { PATHS } from '../../../lib/paths';
import { useCurrentUser } from '../../../lib/session';
import { useTitle } from '../../../lib/use-title';

/** /studio/welcome?t=<hint>: the app-start page. 'welcome' greets a new musician; other hints get a generic welcome. */
export function WelcomePage() {
  const { t } = useTranslation('hall');
  useTitle(t('welcome.title'));
  const user = useCurrentUser();
  const [params] = useSearchParams();
  if (!user) return null;
  const isNew = params.get('t') === APP_START_WELCOME;
  const name = user.displayedUsername;

  return (
    <Paper withBorder radius="lg" p={{ base: 'lg', sm: 40 }} maw={720} mx="auto">
      <Stack gap="lg">
        <Title order={1}>{isNew ? t('welcome.heading', { name }) : t('welcome.genericHeading', { name })}</Title>
        <Text size="lg">{isNew ? t('welcome.intro') : t('welcome.genericIntro')}</Text>
        {isNew && (
          <List spacing="sm">
            <List.Item>{t('welcome.steps.hall')}</List.Item>
            <List.Item>{t('welcome.steps.preferences')}</List.Item>
            <List.Item>{t('welcome.steps.devices')}</List.Item>
          </List>
        )}
        <Group gap="sm">
          <Button component={Link} to={PATHS.hall} size="md">
            {t('welcome.toHall')}
          </Button>
          {isNew && (
            <Button component={Link} to={PATHS.preferences} variant="default" size="md">
              {t('welcome.toPreferences')}
            </Button>
          )}
        </Group>
      </Stack>
    </Paper>
  );
}
