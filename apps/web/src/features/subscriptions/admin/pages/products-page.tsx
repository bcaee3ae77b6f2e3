import { Button, Loader, Paper, Stack, Text } from '@mantine/core';
import '@mantine/core/styles/UnstyledButton.css';
import '@mantine/core/styles/Paper.css';
import '@mantine/core/styles/Loader.css';
import '@mantine/core/styles/Text.css';
import '@mantine/core/styles/Button.css';
import '@mantine/core/styles/Stack.css';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import type { Product } from '@tutti/contract/subscriptions';
import { LoadError } from '../../../../components/ui/load-error';
import { closeModal, openAppModal, openConfirmModal } from '../../../../components/ui/modal-host';
import { ApiError } from '../../../../lib/api-error';
import { errorText } from '../../../../lib/error-text';
import { currentLanguage } from '../../../../lib/i18n';
import { PRODUCTS_PAGE_SIZE, useDeleteProduct, useProducts, useSetProductEnabled } from '../api/products';
import { AdminPageHeader } from '../../../../components/ui/admin-page-header';
import { Pager } from '../../../../components/ui/pager';
import { pageParam, withPage } from '../components/page-param';
import { PageNotice, useNotice } from '../../../../components/ui/page-notice';
import { ProductEditor } from '../components/product-editor';
import { ProductForm } from '../components/product-form';
import { ProductsTable } from '../components/products-table';
import { SUBSCRIPTIONS_ADMIN_NS } from '../translations';

/** /admin/products (issue 12): every product, created and edited in a dialog, enabled, disabled or deleted. */
export function ProductsPage() {
  const { t } = useTranslation(SUBSCRIPTIONS_ADMIN_NS);
  const { t: tc } = useTranslation();
  const [params, setParams] = useSearchParams();
  const page = pageParam(params);
  const products = useProducts(page);
  const setEnabled = useSetProductEnabled();
  const remove = useDeleteProduct();
  const notice = useNotice();
  const [busyId, setBusyId] = useState<string | null>(null);
  const locale = currentLanguage();

  /** A saved product closes its dialog and says so above the list. */
  const onSaved = (modalId: string, key: 'productForm.saved' | 'productForm.created', saved: Product) => {
    closeModal(modalId);
    notice.success(t(key, { name: saved.name[currentLanguage()] }));
  };
  const openForm = (product?: Product) => {
    const id = openAppModal({
      title: product ? t('productForm.editTitle', { name: product.name[locale] }) : t('productForm.createTitle'),
      size: 'large',
      // Editing starts from the product read again by id (ProductEditor); a new one from an empty form.
      children: product ? (
        <ProductEditor
          id={product.id}
          onCancel={() => closeModal(id)}
          onSaved={(saved) => onSaved(id, 'productForm.saved', saved)}
        />
      ) : (
        <ProductForm onCancel={() => closeModal(id)} onSaved={(saved) => onSaved(id, 'productForm.created', saved)} />
      ),
    });
  };

  const onSetEnabled = (product: Product, enabled: boolean) => {
    const name = product.name[locale];
    setBusyId(product.id);
    setEnabled.mutate(
      { id: product.id, enabled },
      {
        onSuccess: () => notice.success(t(enabled ? 'products.enabledNotice' : 'products.disabledNotice', { name })),
        onError: (error) => notice.error(errorText(tc, error)),
        onSettled: () => setBusyId(null),
      },
    );
  };

  const onDelete = (product: Product) => {
    const name = product.name[locale];
    openConfirmModal({
      title: t('products.deleteTitle', { name }),
      children: t('products.deleteBody'),
      confirmLabel: t('products.deleteConfirm'),
      danger: true,
      onConfirm: () => {
        setBusyId(product.id);
        remove.mutate(product.id, {
          onSuccess: () => notice.success(t('products.deleted', { name })),
          // Someone subscribed to it: the way out is to stop offering it, and the message says so.
          onError: (error) =>
            notice.error(
              error instanceof ApiError && error.code === 'PRODUCT_IN_USE'
                ? t('products.inUse', { name })
                : errorText(tc, error),
            ),
          onSettled: () => setBusyId(null),
        });
      },
    });
  };

  let body;
  if (products.isError && !products.data) {
    body = <LoadError text={t('products.loadError')} onRetry={() => void products.refetch()} />;
  } else if (!products.data) {
    body = <Loader size="sm" aria-label={tc('loading')} />;
  } else if (products.data.total === 0) {
    body = <Text c="dimmed">{t('products.empty')}</Text>;
  } else {
    body = (
      <Stack gap="md">
        {products.data.items.length > 0 && (
          <ProductsTable
            products={products.data.items}
            onEdit={openForm}
            onSetEnabled={onSetEnabled}
            onDelete={onDelete}
            busyId={busyId}
          />
        )}
        <Pager
          showTotal
          page={page}
          total={products.data.total}
          size={PRODUCTS_PAGE_SIZE}
          onChange={(p) => setParams(withPage(params, p))}
          label={t('products.pages')}
        />
      </Stack>
    );
  }

  return (
    <Stack gap="lg">
      <AdminPageHeader
        title={t('products.title')}
        intro={t('products.intro')}
        action={<Button onClick={() => openForm()}>{t('products.add')}</Button>}
      />
      <PageNotice notice={notice.notice} onClose={notice.clear} />
      <Paper withBorder radius="lg" p={{ base: 'sm', sm: 'lg' }}>
        {body}
      </Paper>
    </Stack>
  );
}
