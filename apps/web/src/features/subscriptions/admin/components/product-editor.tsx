import { Loader } from '@mantine/core';
import '@mantine/core/styles/Loader.css';
import { useTranslation } from 'react-i18next';
import type { Product } from '@tutti/contract/subscriptions';
import { FormAlert } from '../../../../components/ui/form-alert';
import { LoadError } from '../../../../components/ui/load-error';
import { ApiError } from '../../../../lib/api-error';
import { useProduct } from '../api/products';
import { SUBSCRIPTIONS_ADMIN_NS } from '../translations';
import { ProductForm } from './product-form';

interface ProductEditorProps {
  /** The product to edit, read again by id before its form opens. */
  id: string;
  onSaved: (product: Product) => void;
  onCancel: () => void;
}

/**
 * The edit dialog's body: GET v1/products/{id} first, so the form starts from the product as the server holds it now
 * (another administrator may have changed it since the list was loaded), then the form filled with it. A product
 * deleted meanwhile says so; a failed read offers Try again.
 */
export function ProductEditor({ id, onSaved, onCancel }: ProductEditorProps) {
  const { t } = useTranslation(SUBSCRIPTIONS_ADMIN_NS);
  const { t: tc } = useTranslation();
  const product = useProduct(id);

  if (product.data) return <ProductForm product={product.data} onSaved={onSaved} onCancel={onCancel} />;
  if (!product.isError) return <Loader size="sm" aria-label={tc('loading')} />;
  const gone = product.error instanceof ApiError && product.error.status === 404;
  // The dialog's own close button is the way out.
  return gone ? (
    <FormAlert kind="error">{t('productForm.gone')}</FormAlert>
  ) : (
    <LoadError text={t('productForm.loadError')} onRetry={() => void product.refetch()} />
  );
}
