import { Button, Loader, Paper, Stack, Text } from '@mantine/core';
import '@mantine/core/styles/UnstyledButton.css';
import '@mantine/core/styles/Paper.css';
import '@mantine/core/styles/Loader.css';
import '@mantine/core/styles/Text.css';
import '@mantine/core/styles/Button.css';
import '@mantine/core/styles/Stack.css';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ProductToken } from '@tutti/contract/subscriptions';
import { LoadError } from '../../../../components/ui/load-error';
import { closeModal, openAppModal, openConfirmModal } from '../../../../components/ui/modal-host';
import { errorText } from '../../../../lib/error-text';
import { useDeleteProductToken, useProductTokens } from '../api/product-tokens';
import { AdminPageHeader } from '../../../../components/ui/admin-page-header';
import { PageNotice, useNotice } from '../../../../components/ui/page-notice';
import { PromoCodeCreateForm } from '../components/promo-code-create-form';
import { PromoCodesTable } from '../components/promo-codes-table';
import { SUBSCRIPTIONS_ADMIN_NS } from '../translations';

/** /admin/promo-codes (issue 12): the promo codes with their uses; create one in a dialog, delete one. */
export function PromoCodesPage() {
  const { t } = useTranslation(SUBSCRIPTIONS_ADMIN_NS);
  const { t: tc } = useTranslation();
  const tokens = useProductTokens();
  const remove = useDeleteProductToken();
  const notice = useNotice();
  const [busyId, setBusyId] = useState<string | null>(null);

  const openForm = () => {
    const id = openAppModal({
      title: t('promoForm.title'),
      size: 'medium',
      children: (
        <PromoCodeCreateForm
          onCancel={() => closeModal(id)}
          onCreated={(token) => {
            closeModal(id);
            notice.success(t('promoForm.created', { code: token.code }));
          }}
        />
      ),
    });
  };

  const onDelete = (token: ProductToken) =>
    openConfirmModal({
      title: t('promoCodes.deleteTitle', { code: token.code }),
      children: t('promoCodes.deleteBody'),
      confirmLabel: t('promoCodes.deleteConfirm'),
      danger: true,
      onConfirm: () => {
        setBusyId(token.id);
        remove.mutate(token.id, {
          onSuccess: () => notice.success(t('promoCodes.deleted', { code: token.code })),
          onError: (error) => notice.error(errorText(tc, error)),
          onSettled: () => setBusyId(null),
        });
      },
    });

  let body;
  if (tokens.isError && !tokens.data) {
    body = <LoadError text={t('promoCodes.loadError')} onRetry={() => void tokens.refetch()} />;
  } else if (!tokens.data) {
    body = <Loader size="sm" aria-label={tc('loading')} />;
  } else if (tokens.data.length === 0) {
    body = <Text c="dimmed">{t('promoCodes.empty')}</Text>;
  } else {
    body = <PromoCodesTable tokens={tokens.data} onDelete={onDelete} busyId={busyId} />;
  }

  return (
    <Stack gap="lg">
      <AdminPageHeader
        title={t('promoCodes.title')}
        intro={t('promoCodes.intro')}
        action={<Button onClick={openForm}>{t('promoCodes.add')}</Button>}
      />
      <PageNotice notice={notice.notice} onClose={notice.clear} />
      <Paper withBorder radius="lg" p={{ base: 'sm', sm: 'lg' }}>
        {body}
      </Paper>
    </Stack>
  );
}
