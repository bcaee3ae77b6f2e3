import { Button, Container, Stack, Text, Title } from '@mantine/core';
import '@mantine/core/styles/UnstyledButton.css';
import '@mantine/core/styles/Loader.css';
import '@mantine/core/styles/Text.css';
import '@mantine/core/styles/Button.css';
import '@mantine/core/styles/Container.css';
import '@mantine/core/styles/Stack.css';
import '@mantine/core/styles/Title.css';
import { useTranslation } from 'react-i18next';
import { isRouteErrorResponse, useRouteError } from 'react-router';
import { errorText } from '../lib/error-text';
import { useTitle } from '../lib/use-title';
import { ChunkLoadTimeoutError } from './load-chunk';
import { NotFoundPage } from './not-found-page';

function isChunkLoadError(error: unknown): boolean {
  return (
    error instanceof ChunkLoadTimeoutError ||
    (error instanceof Error && /dynamically imported module|Importing a module script failed/i.test(error.message))
  );
}

/** Errors of a route: a 404 (missing role) shows the not-found page; anything else says so plainly. */
export function RouteError() {
  const error = useRouteError();
  if (isRouteErrorResponse(error) && error.status === 404) return <NotFoundPage />;
  return <UnexpectedError error={error} />;
}

function UnexpectedError({ error }: { error: unknown }) {
  const { t } = useTranslation();
  useTitle(t('routeError.title'));
  // A chunk that fails to load usually means a new deployment replaced it: a reload fetches the new one.
  const message = isChunkLoadError(error) ? t('errors.NETWORK_ERROR') : errorText(t, error);
  return (
    // A marker for the link crawler: a link that lands on a broken page is as broken as one to a missing page.
    <Container size="sm" py={80} data-page="route-error">
      <Stack align="center" ta="center" gap="md">
        <Title order={1}>{t('routeError.title')}</Title>
        <Text c="dimmed">{message}</Text>
        <Button onClick={() => window.location.reload()}>{t('routeError.reload')}</Button>
      </Stack>
    </Container>
  );
}
