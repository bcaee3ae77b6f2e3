import { Button, Group, NativeSelect, SimpleGrid, Stack, Switch, Textarea, TextInput } from '@mantine/core';
import '@mantine/core/styles/UnstyledButton.css';
import '@mantine/core/styles/Loader.css';
import '@mantine/core/styles/CloseButton.css';
import '@mantine/core/styles/Group.css';
import '@mantine/core/styles/Input.css';
import '@mantine/core/styles/Combobox.css';
import '@mantine/core/styles/InlineInput.css';
import '@mantine/core/styles/Button.css';
import '@mantine/core/styles/SimpleGrid.css';
import '@mantine/core/styles/Stack.css';
import '@mantine/core/styles/Switch.css';
import { useForm } from '@mantine/form';
import { useTranslation } from 'react-i18next';
import { PRODUCT_DESCRIPTION_MAX, PRODUCT_NAME_MAX, type Product } from '@tutti/contract/subscriptions';
import { FormAlert } from '../../../../components/ui/form-alert';
import { errorText, fieldErrorText } from '../../../../lib/error-text';
import { useSaveProduct } from '../api/products';
import { SUBSCRIPTIONS_ADMIN_NS } from '../translations';
import {
  emptyProductForm,
  productBodyOf,
  productFieldErrors,
  productFormOf,
  validateProductForm,
  type ProductFormValues,
} from './product-form-model';

interface ProductFormProps {
  /** The product to edit; a new one without. */
  product?: Product;
  onSaved: (product: Product) => void;
  onCancel: () => void;
}

/**
 * A product's names and descriptions in both languages, its price per month in euros (sent as integer cents), free
 * or paid, and its optional trial. The server's verdict on a field shows on that field, in the reader's language.
 */
export function ProductForm({ product, onSaved, onCancel }: ProductFormProps) {
  const { t } = useTranslation(SUBSCRIPTIONS_ADMIN_NS);
  const { t: tc } = useTranslation();
  const save = useSaveProduct();
  const form = useForm<ProductFormValues>({
    mode: 'controlled',
    initialValues: product ? productFormOf(product) : emptyProductForm(),
    validate: (values) =>
      Object.fromEntries(
        Object.entries(validateProductForm(values)).map(([field, code]) => [field, fieldErrorText(tc, code)]),
      ),
  });
  const { free, hasTrial } = form.getValues();

  const submit = form.onSubmit((values) => {
    save.reset();
    save.mutate(
      { id: product?.id, body: productBodyOf(values) },
      {
        onSuccess: onSaved,
        onError: (error) => {
          const fields = productFieldErrors(error);
          form.setErrors(
            Object.fromEntries(Object.entries(fields).map(([field, code]) => [field, fieldErrorText(tc, code)])),
          );
        },
      },
    );
  });
  // A refusal the fields do not explain (a lost connection, a product deleted meanwhile) shows above them.
  const general = save.error && Object.keys(productFieldErrors(save.error)).length === 0 ? save.error : null;

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        {general && <FormAlert kind="error">{errorText(tc, general)}</FormAlert>}
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
          <TextInput
            label={t('productForm.nameEn')}
            required
            maxLength={PRODUCT_NAME_MAX}
            data-autofocus
            {...form.getInputProps('nameEn')}
          />
          <TextInput
            label={t('productForm.nameFr')}
            required
            lang="fr"
            maxLength={PRODUCT_NAME_MAX}
            {...form.getInputProps('nameFr')}
          />
          <Textarea
            label={t('productForm.descriptionEn')}
            rows={3}
            maxLength={PRODUCT_DESCRIPTION_MAX}
            {...form.getInputProps('descriptionEn')}
          />
          <Textarea
            label={t('productForm.descriptionFr')}
            lang="fr"
            rows={3}
            maxLength={PRODUCT_DESCRIPTION_MAX}
            {...form.getInputProps('descriptionFr')}
          />
        </SimpleGrid>
        <Switch label={t('productForm.free')} {...form.getInputProps('free', { type: 'checkbox' })} />
        {!free && (
          <TextInput
            label={t('productForm.price')}
            description={t('productForm.priceHint')}
            required
            inputMode="decimal"
            autoComplete="off"
            maw={240}
            {...form.getInputProps('price')}
          />
        )}
        {!free && <Switch label={t('productForm.trial')} {...form.getInputProps('hasTrial', { type: 'checkbox' })} />}
        {!free && hasTrial && (
          <Group gap="md" align="flex-start" wrap="wrap">
            <TextInput
              label={t('productForm.trialLength')}
              type="number"
              min={1}
              inputMode="numeric"
              w={140}
              {...form.getInputProps('trialLength')}
            />
            <NativeSelect
              label={t('productForm.trialUnit')}
              data={[
                { value: 'day', label: t('productForm.units.day') },
                { value: 'month', label: t('productForm.units.month') },
              ]}
              w={160}
              {...form.getInputProps('trialUnit')}
            />
          </Group>
        )}
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onCancel}>
            {tc('cancel')}
          </Button>
          <Button type="submit" loading={save.isPending}>
            {product ? t('productForm.save') : t('productForm.create')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
