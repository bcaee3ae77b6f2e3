import { Anchor, Box, Button, Group, Image, Loader, Paper, SimpleGrid, Stack, Text } from '@mantine/core';
import '@mantine/core/styles/UnstyledButton.css';
import '@mantine/core/styles/Paper.css';
import '@mantine/core/styles/Loader.css';
import '@mantine/core/styles/Group.css';
import '@mantine/core/styles/Text.css';
import '@mantine/core/styles/Anchor.css';
import '@mantine/core/styles/Button.css';
import '@mantine/core/styles/Image.css';
import '@mantine/core/styles/SimpleGrid.css';
import '@mantine/core/styles/Stack.css';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Banner } from '@tutti/contract/content';
import { AdminPageHeader } from '../../../components/ui/admin-page-header';
import { LoadError } from '../../../components/ui/load-error';
import { closeModal, openAppModal, openConfirmModal } from '../../../components/ui/modal-host';
import { errorText } from '../../../lib/error-text';
import { useBanners, useDeleteBanner } from '../api/content';
import { BannerForm } from '../content/banner-form';
import { PageNotice, useNotice } from '../../../components/ui/page-notice';
import { ADMIN_NS } from '../translations';

/** /admin/banners (issue 14): the hall's banners by rank, each with its two images; added with both images, rank
 *  and link changed, removed after a confirmation. */
export function BannersAdminPage() {
  const { t } = useTranslation(ADMIN_NS);
  const { t: tc } = useTranslation();
  const banners = useBanners();
  const remove = useDeleteBanner();
  const notice = useNotice();
  const [busyId, setBusyId] = useState<string | null>(null);

  const openForm = (banner?: Banner) => {
    const id = openAppModal({
      title: banner ? t('content.banners.editTitle') : t('content.banners.createTitle'),
      size: 'large',
      children: (
        <BannerForm
          banner={banner}
          onCancel={() => closeModal(id)}
          onSaved={() => {
            closeModal(id);
            notice.success(t(banner ? 'content.banners.saved' : 'content.banners.created'));
          }}
        />
      ),
    });
  };

  const onDelete = (banner: Banner) => {
    openConfirmModal({
      title: t('content.banners.deleteTitle'),
      children: t('content.banners.deleteBody', { link: banner.link }),
      confirmLabel: t('content.deleteConfirm'),
      danger: true,
      onConfirm: () => {
        setBusyId(banner.id);
        remove.mutate(banner.id, {
          onSuccess: () => notice.success(t('content.banners.deleted')),
          onError: (error) => notice.error(errorText(tc, error)),
          onSettled: () => setBusyId(null),
        });
      },
    });
  };

  let body;
  if (banners.isError && !banners.data) {
    body = <LoadError text={t('content.loadError')} onRetry={() => void banners.refetch()} />;
  } else if (!banners.data) {
    body = <Loader size="sm" aria-label={tc('loading')} />;
  } else if (banners.data.length === 0) {
    body = <Text c="dimmed">{t('content.banners.empty')}</Text>;
  } else {
    body = (
      <Stack gap="md" component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
        {banners.data.map((b) => (
          <Paper key={b.id} component="li" withBorder radius="md" p="md">
            <Stack gap="sm">
              <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="sm">
                <Box>
                  <Text size="xs" c="dimmed" mb={4}>
                    {t('content.banners.small')}
                  </Text>
                  <Image
                    src={b.smallUrl}
                    alt={t('content.banners.smallAlt')}
                    radius="sm"
                    style={{ aspectRatio: '2 / 1' }}
                  />
                </Box>
                <Box style={{ gridColumn: 'span 2' }}>
                  <Text size="xs" c="dimmed" mb={4}>
                    {t('content.banners.large')}
                  </Text>
                  {b.largeUrl ? (
                    <Image
                      src={b.largeUrl}
                      alt={t('content.banners.largeAlt')}
                      radius="sm"
                      style={{ aspectRatio: '4 / 1' }}
                    />
                  ) : (
                    <Text size="sm" c="dimmed">
                      {t('content.banners.noLarge')}
                    </Text>
                  )}
                </Box>
              </SimpleGrid>
              <Group justify="space-between" gap="sm" wrap="wrap">
                <Text size="sm">
                  {t('content.banners.rankValue', { rank: b.rank })} ·{' '}
                  <Anchor href={b.link} target="_blank" rel="noopener noreferrer" size="sm">
                    {b.link}
                  </Anchor>
                </Text>
                <Group gap="xs">
                  <Button size="compact-sm" variant="default" onClick={() => openForm(b)}>
                    {t('content.edit')}
                  </Button>
                  <Button
                    size="compact-sm"
                    variant="outline"
                    color="red.9"
                    loading={busyId === b.id && remove.isPending}
                    onClick={() => onDelete(b)}
                  >
                    {t('content.delete')}
                  </Button>
                </Group>
              </Group>
            </Stack>
          </Paper>
        ))}
      </Stack>
    );
  }

  return (
    <Stack gap="lg">
      <AdminPageHeader
        title={t('content.banners.title')}
        intro={t('content.banners.intro')}
        action={<Button onClick={() => openForm()}>{t('content.banners.create')}</Button>}
      />
      <PageNotice notice={notice.notice} onClose={notice.clear} />
      {body}
    </Stack>
  );
}
