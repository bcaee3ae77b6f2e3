import { Badge, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { SectionCard } from '../../../components/ui/section-card';
import { useCurrentUser } from '../../../lib/session';
import { useTitle } from '../../../lib/use-title';
import { useOnlineCount } from '../api/online-count';

/** The hall's frame: greeting, then the sections later features fill, each empty until then. */
export function HallPage() {
  const { t } = useTranslation('hall');
  useTitle(t('hall.title'));
  const user = useCurrentUser();
  const online = useOnlineCount();
  if (!user) return null;

  return (
    <Stack gap="xl">
      <Group justify="space-between" align="flex-end" gap="md">
        <Stack gap={4}>
          <Title order={1}>{t('hall.greeting', { name: user.displayedUsername })}</Title>
          <Text c="dimmed">{t('hall.intro')}</Text>
        </Stack>
        {online.data && (
          <Badge size="lg" variant="dot" color="teal" radius="sm" tt="none">
            {t('hall.online', { count: online.data.online })}
          </Badge>
        )}
      </Group>
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
        <SectionCard title={t('hall.sections.live.title')} empty={t('hall.sections.live.empty')} />
        <SectionCard title={t('hall.sections.upcoming.title')} empty={t('hall.sections.upcoming.empty')} />
        <SectionCard title={t('hall.sections.invitations.title')} empty={t('hall.sections.invitations.empty')} />
        <SectionCard title={t('hall.sections.musicians.title')} empty={t('hall.sections.musicians.empty')} />
      </SimpleGrid>
    </Stack>
  );
}
