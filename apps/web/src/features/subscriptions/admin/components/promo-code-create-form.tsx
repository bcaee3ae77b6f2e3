import { Button, Group, NativeSelect, Radio, SimpleGrid, Stack, TextInput } from '@mantine/core';
import '@mantine/core/styles/UnstyledButton.css';
import '@mantine/core/styles/Loader.css';
import '@mantine/core/styles/CloseButton.css';
import '@mantine/core/styles/Group.css';
import '@mantine/core/styles/Input.css';
import '@mantine/core/styles/Combobox.css';
import '@mantine/core/styles/InlineInput.css';
import '@mantine/core/styles/Button.css';
import '@mantine/core/styles/RadioCard.css';
import '@mantine/core/styles/RadioIndicator.css';
import '@mantine/core/styles/Radio.css';
import '@mantine/core/styles/SimpleGrid.css';
import '@mantine/core/styles/Stack.css';
import { useForm } from '@mantine/form';
import { useTranslation } from 'react-i18next';
import { PROMO_MONTHS_MAX, PROMO_USES_MAX, type ProductToken } from '@tutti/contract/subscriptions';
import { FormAlert } from '../../../../components/ui/form-alert';
import { ApiError } from '../../../../lib/api-error';
import { errorText, fieldErrorText } from '../../../../lib/error-text';
import { currentLanguage } from '../../../../lib/i18n';
import { useCreateProductToken } from '../api/product-tokens';
import { useProductOptions } from '../api/products';
import { SUBSCRIPTIONS_ADMIN_NS } from '../translations';
import {
  emptyPromoForm,
  promoBodyOf,
  promoFieldErrors,
  validatePromoForm,
  type PromoFormField,
  type PromoFormValues,
} from './promo-form-model';

const today = () => new Date().toISOString().slice(0, 10);

/**
 * A new promo code: its code (made up by the server when left empty), the product and months it gives, single or
 * multi-use, an optional expiry day. A code that exists already is said on the code field.
 */
export function PromoCodeCreateForm({
  onCreated,
  onCancel,
}: {
  onCreated: (token: ProductToken) => void;
  onCancel: () => void;
}) {
  const { t } = useTranslation(SUBSCRIPTIONS_ADMIN_NS);
  const { t: tc } = useTranslation();
  const products = useProductOptions();
  const create = useCreateProductToken();
  const locale = currentLanguage();
  const form = useForm<PromoFormValues>({
    mode: 'controlled',
    initialValues: emptyPromoForm(),
    validate: (values) =>
      Object.fromEntries(
        Object.entries(validatePromoForm(values)).map(([field, code]) => [field, fieldErrorText(tc, code)]),
      ),
  });

  const refusal = (error: unknown): Partial<Record<PromoFormField, string>> => {
    if (!(error instanceof ApiError)) return {};
    // 409: the code is taken; the server marks the field, the form says why in words.
    if (error.status === 409 && error.fields['code']) return { code: t('promoForm.codeTaken') };
    return Object.fromEntries(
      Object.entries(promoFieldErrors(error)).map(([field, code]) => [field, fieldErrorText(tc, code)]),
    );
  };

  const submit = form.onSubmit((values) => {
    create.reset();
    create.mutate(promoBodyOf(values), {
      onSuccess: onCreated,
      onError: (error) => form.setErrors(refusal(error)),
    });
  });
  const general = create.error && Object.keys(refusal(create.error)).length === 0 ? create.error : null;
  const options = products.data ?? [];
  const { multi } = form.getValues();

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        {general && <FormAlert kind="error">{errorText(tc, general)}</FormAlert>}
        <TextInput
          label={t('promoForm.code')}
          description={t('promoForm.codeHint')}
          autoComplete="off"
          autoCapitalize="characters"
          spellCheck={false}
          maxLength={32}
          data-autofocus
          styles={{ input: { fontFamily: 'var(--mantine-font-family-monospace)', textTransform: 'uppercase' } }}
          {...form.getInputProps('code')}
        />
        <NativeSelect
          label={t('promoForm.product')}
          required
          disabled={products.isPending}
          description={products.data && options.length === 0 ? t('promoForm.noProduct') : undefined}
          data={[
            { value: '', label: t('promoForm.productPlaceholder'), disabled: true },
            ...options.map((p) => ({
              value: p.id,
              label: p.enabled ? p.name[locale] : t('promoForm.disabledProduct', { name: p.name[locale] }),
            })),
          ]}
          {...form.getInputProps('productId')}
        />
        {products.isError && <FormAlert kind="error">{errorText(tc, products.error)}</FormAlert>}
        <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="md">
          <TextInput
            label={t('promoForm.months')}
            required
            type="number"
            min={1}
            max={PROMO_MONTHS_MAX}
            inputMode="numeric"
            {...form.getInputProps('months')}
          />
          <TextInput
            label={t('promoForm.expires')}
            description={t('promoForm.expiresHint')}
            type="date"
            min={today()}
            {...form.getInputProps('expiresOn')}
          />
        </SimpleGrid>
        <Radio.Group
          label={t('promoForm.uses')}
          value={multi ? 'multi' : 'single'}
          onChange={(v) => form.setFieldValue('multi', v === 'multi')}
        >
          <Group gap="lg" mt={6}>
            <Radio value="single" label={t('promoForm.single')} />
            <Radio value="multi" label={t('promoForm.multi')} />
          </Group>
        </Radio.Group>
        {multi && (
          <TextInput
            label={t('promoForm.maxUses')}
            required
            type="number"
            min={1}
            max={PROMO_USES_MAX}
            inputMode="numeric"
            maw={240}
            {...form.getInputProps('maxUses')}
          />
        )}
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onCancel}>
            {tc('cancel')}
          </Button>
          <Button type="submit" loading={create.isPending}>
            {t('promoForm.create')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
