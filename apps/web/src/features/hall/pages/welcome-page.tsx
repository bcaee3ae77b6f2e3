import { Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import '@mantine/core/styles/UnstyledButton.css';
import '@mantine/core/styles/Paper.css';
import '@mantine/core/styles/Loader.css';
import '@mantine/core/styles/Group.css';
import '@mantine/core/styles/Text.css';
import '@mantine/core/styles/Button.css';
import '@mantine/core/styles/Stack.css';
import '@mantine/core/styles/Title.css';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { APP_START_PASSWORD_RECOVERED } from 'virtual:tutti-contract';
import { PATHS } from '../../../lib/paths';
import { useCurrentUser } from '../../../lib/session';
import { useTitle } from '../../../lib/use-title';
import { HALL_NS } from '../../../lib/translations/hall';

/**
 * /studio/welcome?t=<hint>: the app-start page. A recovered password gets its explanation
 * (every device was signed out); any other hint gets a generic welcome back.
 */
export function WelcomePage() {
  const { t } = useTranslation(HALL_NS);
  useTitle(t('welcome.title'));
  const user = useCurrentUser();
  const [params] = useSearchParams();
  if (!user) return null;
  const recovered = params.get('t') === APP_START_PASSWORD_RECOVERED;
  const name = user.displayedUsername;

  return (
    <Paper withBorder radius="lg" p={{ base: 'lg', sm: 40 }} maw={720} mx="auto">
      <Stack gap="lg">
        <Title order={1}>
          {recovered ? t('welcome.recovered.heading', { name }) : t('welcome.genericHeading', { name })}
        </Title>
        <Text size="lg">{recovered ? t('welcome.recovered.intro') : t('welcome.genericIntro')}</Text>
        {recovered && <Text>{t('welcome.recovered.advice')}</Text>}
        <Group gap="sm">
          <Button component={Link} to={PATHS.hall} size="md">
            {t('welcome.toHall')}
          </Button>
          {recovered && (
            <Button component={Link} to={`${PATHS.preferences}?tab=devices`} variant="default" size="md">
              {t('welcome.recovered.toDevices')}
            </Button>
          )}
        </Group>
      </Stack>
    </Paper>
  );
}
