import type { ReactNode } from 'react';
import { Button, Stack, TextInput } from '@mantine/core';
import '@mantine/core/styles/UnstyledButton.css';
import '@mantine/core/styles/Loader.css';
import '@mantine/core/styles/CloseButton.css';
import '@mantine/core/styles/Input.css';
import '@mantine/core/styles/Button.css';
import '@mantine/core/styles/Stack.css';
import { useForm } from '@mantine/form';
import { useTranslation } from 'react-i18next';
import { FormAlert } from '../../../components/ui/form-alert';
import { ApiError } from '../../../lib/api-error';
import { errorText } from '../../../lib/error-text';
import { formatDate } from '../../../lib/format';
import { currentLanguage } from '../../../lib/i18n';
import { useClaimPromoCode } from '../api/claim-promo-code';
import { SUBSCRIPTIONS_NS } from '../translations';

interface PromoCodeFormProps {
  /** Shown under the success notice (the /promo page's way to the subscription). */
  afterSuccess?: ReactNode;
}

/**
 * A promo code (SPEC section 5: "Please input your discount code." when empty), on /me/subscription and /promo.
 * Every refusal shows under the field in the reader's language; a code applied says what it gave and until when.
 */
export function PromoCodeForm({ afterSuccess }: PromoCodeFormProps) {
  const { t } = useTranslation(SUBSCRIPTIONS_NS);
  const { t: tc } = useTranslation();
  const claim = useClaimPromoCode();
  const form = useForm({
    mode: 'controlled',
    initialValues: { code: '' },
    validate: { code: (v) => (v.trim() === '' ? t('promo.required') : null) },
  });

  const refusal = (error: unknown): string =>
    // The server judges an empty code the same way: the spec's sentence, not the generic "required".
    error instanceof ApiError && error.fields['code'] === 'required' ? t('promo.required') : errorText(tc, error);

  const submit = form.onSubmit(({ code }) => {
    claim.reset();
    // Codes are upper-case letters, digits and dashes: what was typed in lower case is the same code.
    claim.mutate(code.trim().toUpperCase(), {
      onSuccess: () => form.reset(),
      onError: (error) => form.setErrors({ code: refusal(error) }),
    });
  });
  const applied = claim.data;
  const locale = currentLanguage();

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        {applied && (
          <FormAlert kind="success">
            <Stack gap="xs">
              <span>
                {t('promo.applied', {
                  product: applied.product.name[locale],
                  date: formatDate(applied.currentPeriodEnd, locale),
                })}
              </span>
              {afterSuccess}
            </Stack>
          </FormAlert>
        )}
        <TextInput
          label={t('promo.label')}
          required
          maw={360}
          autoComplete="off"
          autoCapitalize="characters"
          spellCheck={false}
          {...form.getInputProps('code')}
        />
        <div>
          <Button type="submit" loading={claim.isPending}>
            {t('promo.submit')}
          </Button>
        </div>
      </Stack>
    </form>
  );
}
