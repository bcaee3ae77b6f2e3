import { Button, Paper, Stack, Text, Title } from '@mantine/core';
import '@mantine/core/styles/UnstyledButton.css';
import '@mantine/core/styles/Paper.css';
import '@mantine/core/styles/Loader.css';
import '@mantine/core/styles/Text.css';
import '@mantine/core/styles/Button.css';
import '@mantine/core/styles/Stack.css';
import '@mantine/core/styles/Title.css';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { PATHS } from '../../../lib/paths';
import { useCurrentUser } from '../../../lib/session';
import { useTitle } from '../../../lib/use-title';
import { COMMUNITY_NS } from '../translations';

function UnderAgePage() {
  const { t } = useTranslation(COMMUNITY_NS);
  useTitle(t('underAge.title'));
  return (
    <Paper withBorder radius="lg" p={{ base: 'lg', sm: 'xl' }} maw={640} mx="auto">
      <Stack gap="md" align="flex-start">
        <Title order={1} size="h2">
          {t('underAge.title')}
        </Title>
        <Text>{t('underAge.body')}</Text>
        <Button component={Link} to={PATHS.hall}>
          {t('underAge.back')}
        </Button>
      </Stack>
    </Paper>
  );
}

/**
 * The community's pages are for musicians of the social age (SPEC section 6, eligibleToSocial): under it, a clear
 * page says so, and no social call is made (the server would refuse it, and a 403 signs out).
 */
export function CommunityGate({ children }: { children: ReactNode }) {
  const user = useCurrentUser();
  if (!user?.eligibleToSocial) return <UnderAgePage />;
  return <>{children}</>;
}
