import { useCallback, useId, useState, type ChangeEvent, type FormEvent } from 'react';
import { Button, Checkbox, Group, Loader, Stack, TextInput } from '@mantine/core';
import '@mantine/core/styles/UnstyledButton.css';
import '@mantine/core/styles/Loader.css';
import '@mantine/core/styles/CloseButton.css';
import '@mantine/core/styles/Group.css';
import '@mantine/core/styles/Input.css';
import '@mantine/core/styles/InlineInput.css';
import '@mantine/core/styles/CheckboxCard.css';
import '@mantine/core/styles/CheckboxIndicator.css';
import '@mantine/core/styles/Checkbox.css';
import '@mantine/core/styles/Button.css';
import '@mantine/core/styles/Stack.css';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { CardSetup } from '@tutti/contract/payments';
import { FormAlert } from '../../../components/ui/form-alert';
import { LoadError } from '../../../components/ui/load-error';
import { errorText } from '../../../lib/error-text';
import { currentLanguage } from '../../../lib/i18n';
import { useCardSetup, useSetDefaultCard } from '../api/payments';
import { subscriptionKeys } from '../api/query-keys';
import { SUBSCRIPTIONS_NS } from '../translations';
import { BankPanel } from './bank-panel';
import { sandboxSetupConfirmer, type CardFailure, type SetupConfirmer, type SetupResult } from './card-confirmer';
import {
  cardProblems,
  formatCardNumber,
  formatExpiry,
  type CardField,
  type CardFieldProblem,
  type CardInput,
} from './card-input';
import { failureText } from './failure-text';
import { SandboxNote } from './sandbox-note';
import { StripeCardField } from './stripe-card';

interface PaymentFormProps {
  /** Offer "make it my default card" (not for a first card, which becomes the default by itself). */
  defaultOption: boolean;
  /** The saved card's id (pm_…), once saved (and made the default when asked). */
  onSaved: (paymentMethod: string) => void;
  onCancel?: () => void;
}

const EMPTY: CardInput = { number: '', expiry: '', cvc: '' };

/** The payment form (SPEC section 2): a card saved at the payment service, never sent to Tutti's server. */
export function PaymentForm(props: PaymentFormProps) {
  const { t } = useTranslation(SUBSCRIPTIONS_NS);
  const { t: tc } = useTranslation();
  const formId = useId();
  const setup = useCardSetup(formId);
  if (setup.isError) return <LoadError text={t('card.setupError')} onRetry={() => void setup.refetch()} />;
  if (!setup.data) return <Loader size="sm" aria-label={tc('loading')} />;
  return <CardForm setup={setup.data} {...props} />;
}

function CardForm({ setup, defaultOption, onSaved, onCancel }: PaymentFormProps & { setup: CardSetup }) {
  const { t } = useTranslation(SUBSCRIPTIONS_NS);
  const { t: tc } = useTranslation();
  const queryClient = useQueryClient();
  const setDefault = useSetDefaultCard();
  const sandbox = setup.provider === 'sandbox';
  const [card, setCard] = useState<CardInput>(EMPTY);
  const [errors, setErrors] = useState<Partial<Record<CardField, string>>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [makeDefault, setMakeDefault] = useState(false);
  const [busy, setBusy] = useState(false);
  const [bank, setBank] = useState(false);
  const [stripeConfirmer, setStripeConfirmer] = useState<SetupConfirmer | null>(null);
  const onStripeReady = useCallback((c: SetupConfirmer | null) => setStripeConfirmer(() => c), []);
  const confirmer = sandbox ? sandboxSetupConfirmer(setup) : stripeConfirmer;

  const showFailure = (problem: CardFailure) => {
    const text = failureText(t, problem);
    if (problem.field && sandbox) setErrors({ [problem.field]: text });
    else setFailure(text);
  };

  const settle = async (result: SetupResult) => {
    if (result.status === 'requires_action') {
      setBank(true);
      return;
    }
    setBank(false);
    if (result.status === 'failed') {
      showFailure(result.failure);
      return;
    }
    try {
      if (defaultOption && makeDefault) await setDefault.mutateAsync(result.paymentMethod);
    } catch (error) {
      // The card is saved all the same; only the default did not change.
      setFailure(errorText(tc, error));
    }
    await queryClient.invalidateQueries({ queryKey: subscriptionKeys.cards });
    onSaved(result.paymentMethod);
  };

  const run = async (step: () => Promise<SetupResult>) => {
    setBusy(true);
    setFailure(null);
    try {
      await settle(await step());
    } finally {
      setBusy(false);
    }
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (busy || !confirmer) return;
    if (sandbox) {
      const problems = cardProblems(card);
      const found = Object.entries(problems) as [CardField, CardFieldProblem][];
      setErrors(Object.fromEntries(found.map(([field, problem]) => [field, t(`card.problems.${field}.${problem}`)])));
      if (found.length > 0) return;
    }
    void run(() => confirmer.confirm(sandbox ? card : null));
  };

  const field = (name: CardField, format: (v: string) => string = (v) => v) => ({
    value: card[name],
    error: errors[name],
    onChange: (event: ChangeEvent<HTMLInputElement>) => {
      const value = format(event.currentTarget.value);
      setCard((c) => ({ ...c, [name]: value }));
      if (errors[name]) setErrors((e) => ({ ...e, [name]: undefined }));
    },
  });

  if (bank && confirmer) {
    return (
      <Stack gap="md">
        <BankPanel
          title={t('bank.cardTitle')}
          busy={busy}
          onAnswer={(result) => void run(() => confirmer.authenticate(result))}
        />
      </Stack>
    );
  }

  return (
    <form onSubmit={submit} noValidate aria-busy={busy}>
      <Stack gap="md">
        {sandbox && <SandboxNote />}
        {failure && <FormAlert kind="error">{failure}</FormAlert>}
        {sandbox ? (
          <>
            <TextInput
              label={t('card.number')}
              required
              inputMode="numeric"
              autoComplete="cc-number"
              placeholder="1234 1234 1234 1234"
              {...field('number', formatCardNumber)}
            />
            <Group grow align="flex-start" gap="sm">
              <TextInput
                label={t('card.expiry')}
                required
                inputMode="numeric"
                autoComplete="cc-exp"
                placeholder="MM/YY"
                {...field('expiry', formatExpiry)}
              />
              <TextInput
                label={t('card.cvc')}
                required
                inputMode="numeric"
                autoComplete="cc-csc"
                maxLength={4}
                {...field('cvc', (v) => v.replace(/\D/g, ''))}
              />
            </Group>
          </>
        ) : (
          <StripeCardField
            setup={setup}
            locale={currentLanguage()}
            label={t('card.stripeLabel')}
            loadError={t('card.stripeLoadError')}
            onReady={onStripeReady}
          />
        )}
        {defaultOption && (
          <Checkbox
            label={t('card.makeDefault')}
            checked={makeDefault}
            onChange={(e) => setMakeDefault(e.currentTarget.checked)}
          />
        )}
        <Group justify="flex-end" gap="sm">
          {onCancel && (
            <Button variant="default" onClick={onCancel} disabled={busy}>
              {tc('cancel')}
            </Button>
          )}
          <Button type="submit" loading={busy} disabled={!confirmer}>
            {t('card.save')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
