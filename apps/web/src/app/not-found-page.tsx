import { Button, Container, Group, Stack, Text, Title } from '@mantine/core';
import '@mantine/core/styles/UnstyledButton.css';
import '@mantine/core/styles/Loader.css';
import '@mantine/core/styles/Group.css';
import '@mantine/core/styles/Text.css';
import '@mantine/core/styles/Button.css';
import '@mantine/core/styles/Container.css';
import '@mantine/core/styles/Stack.css';
import '@mantine/core/styles/Title.css';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { PATHS } from '../lib/paths';
import { useCurrentUser } from '../lib/session';
import { useTitle } from '../lib/use-title';

/**
 * Any other path (SPEC section 2): a way back to the hall. A guest would only bounce off the hall to the login page
 * (issue 29), so a guest is offered the login page itself, and the sign-up.
 */
export function NotFoundPage() {
  const { t } = useTranslation();
  const user = useCurrentUser();
  useTitle(t('notFound.title'));
  return (
    // The marker the link crawler (e2e/tests/links.spec.ts) looks for, whatever the language or the way here.
    <Container size="sm" py={80} data-page="not-found">
      <Stack align="center" ta="center" gap="md">
        <Text fz={72} fw={800} c="violet.7" lh={1} aria-hidden="true">
          404
        </Text>
        <Title order={1}>{t('notFound.title')}</Title>
        <Text c="dimmed">{t('notFound.body')}</Text>
        {user ? (
          <Button component={Link} to={PATHS.hall} size="md" mt="sm">
            {t('notFound.back')}
          </Button>
        ) : (
          <Group justify="center" gap="sm" mt="sm">
            <Button component={Link} to={PATHS.login} size="md">
              {t('notFound.logIn')}
            </Button>
            <Button component={Link} to={PATHS.signup} size="md" variant="default">
              {t('notFound.signUp')}
            </Button>
          </Group>
        )}
      </Stack>
    </Container>
  );
}
