import { Box, Group, Paper, SimpleGrid, Skeleton, Stack, VisuallyHidden } from '@mantine/core';
import '@mantine/core/styles/VisuallyHidden.css';
import '@mantine/core/styles/Paper.css';
import '@mantine/core/styles/Group.css';
import '@mantine/core/styles/SimpleGrid.css';
import '@mantine/core/styles/Skeleton.css';
import '@mantine/core/styles/Stack.css';
import { useTranslation } from 'react-i18next';

/** The profile's outline while it loads, the size of what comes. */
export function ProfileSkeleton() {
  const { t } = useTranslation();
  return (
    <Box aria-busy="true">
      <VisuallyHidden>{t('loading')}</VisuallyHidden>
      <Stack gap="lg">
        <Paper withBorder radius="lg" p="md">
          <Skeleton radius="lg" style={{ aspectRatio: '3 / 1' }} h="auto" />
          <Group mt="md" gap="lg">
            <Skeleton circle height={112} />
            <Stack gap="xs" style={{ flex: 1 }}>
              <Skeleton height={28} width="50%" />
              <Skeleton height={16} width="30%" />
            </Stack>
          </Group>
        </Paper>
        <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
          {[0, 1, 2, 3].map((i) => (
            <Skeleton key={i} height={120} radius="lg" />
          ))}
        </SimpleGrid>
      </Stack>
    </Box>
  );
}
