import { useState } from 'react';
import { Badge, Button, Group, Modal, Paper, Stack, Text } from '@mantine/core';
import '@mantine/core/styles/ScrollArea.css';
import '@mantine/core/styles/UnstyledButton.css';
import '@mantine/core/styles/VisuallyHidden.css';
import '@mantine/core/styles/Paper.css';
import '@mantine/core/styles/Overlay.css';
import '@mantine/core/styles/Loader.css';
import '@mantine/core/styles/CloseButton.css';
import '@mantine/core/styles/Group.css';
import '@mantine/core/styles/ModalBase.css';
import '@mantine/core/styles/Text.css';
import '@mantine/core/styles/Badge.css';
import '@mantine/core/styles/Button.css';
import '@mantine/core/styles/Modal.css';
import '@mantine/core/styles/Stack.css';
import { useTranslation } from 'react-i18next';
import type { PaymentCard } from '@tutti/contract/payments';
import { FormAlert } from '../../../components/ui/form-alert';
import { LoadError } from '../../../components/ui/load-error';
import { errorText } from '../../../lib/error-text';
import { useDeleteCard, usePaymentMethods, useSetDefaultCard } from '../api/payments';
import { cardExpiry, cardName } from '../payments/card-label';
import { PaymentForm } from '../payments/payment-form';
import { SUBSCRIPTIONS_NS } from '../translations';

type Notice = 'saved' | 'removed' | 'defaultSet';

/** The billing tab's cards: each with its default badge, "Make default" and "Remove"; "Add a card" in a dialog. */
export function CardsList() {
  const { t } = useTranslation(SUBSCRIPTIONS_NS);
  const { t: tc } = useTranslation();
  const cards = usePaymentMethods();
  const setDefault = useSetDefaultCard();
  const remove = useDeleteCard();
  const [adding, setAdding] = useState(false);
  const [removing, setRemoving] = useState<PaymentCard | null>(null);
  const [notice, setNotice] = useState<Notice | null>(null);
  const error = setDefault.error ?? remove.error;

  if (cards.isError && !cards.data)
    return <LoadError text={t('billing.cardsLoadError')} onRetry={() => void cards.refetch()} />;
  if (!cards.data) return <Text c="dimmed">{tc('loading')}</Text>;
  const { items, lastCardRequired } = cards.data;

  const makeDefault = (card: PaymentCard) => {
    setNotice(null);
    remove.reset();
    setDefault.mutate(card.id, { onSuccess: () => setNotice('defaultSet') });
  };
  const confirmRemove = () => {
    const card = removing;
    setRemoving(null);
    if (!card) return;
    setNotice(null);
    setDefault.reset();
    remove.mutate(card.id, { onSuccess: () => setNotice('removed') });
  };

  return (
    <Stack gap="md">
      {notice && <FormAlert kind="success">{t(`billing.${notice}`)}</FormAlert>}
      {error && <FormAlert kind="error">{errorText(tc, error)}</FormAlert>}
      {items.length === 0 ? (
        <Text c="dimmed">{t('billing.noCard')}</Text>
      ) : (
        <Stack component="ul" gap="sm" m={0} p={0} style={{ listStyle: 'none' }}>
          {items.map((card) => {
            // The only card of a renewing subscription stays: say why instead of offering to remove it.
            const kept = lastCardRequired && items.length === 1;
            return (
              <Paper component="li" key={card.id} withBorder radius="md" p="md">
                <Group justify="space-between" align="center" gap="sm" wrap="wrap">
                  <Stack gap={2}>
                    <Group gap="xs">
                      <Text fw={600}>{cardName(t, card)}</Text>
                      {card.isDefault && (
                        <Badge color="violet.7" variant="filled" size="sm" radius="sm" tt="none">
                          {t('billing.default')}
                        </Badge>
                      )}
                    </Group>
                    <Text size="sm" c="dimmed">
                      {cardExpiry(t, card)}
                    </Text>
                    {kept && (
                      <Text size="sm" c="dimmed">
                        {t('billing.lastCard')}
                      </Text>
                    )}
                  </Stack>
                  <Group gap="xs">
                    {!card.isDefault && (
                      <Button
                        variant="light"
                        size="sm"
                        loading={setDefault.isPending && setDefault.variables === card.id}
                        onClick={() => makeDefault(card)}
                        aria-label={`${t('billing.makeDefault')} (${cardName(t, card)})`}
                      >
                        {t('billing.makeDefault')}
                      </Button>
                    )}
                    {!kept && (
                      <Button
                        variant="light"
                        color="red"
                        size="sm"
                        loading={remove.isPending && remove.variables === card.id}
                        onClick={() => setRemoving(card)}
                        aria-label={`${t('billing.remove')} (${cardName(t, card)})`}
                      >
                        {t('billing.remove')}
                      </Button>
                    )}
                  </Group>
                </Group>
              </Paper>
            );
          })}
        </Stack>
      )}
      <div>
        <Button
          onClick={() => {
            setNotice(null);
            setAdding(true);
          }}
        >
          {t('billing.addCard')}
        </Button>
      </div>
      <Modal
        opened={adding}
        onClose={() => setAdding(false)}
        title={t('billing.addCard')}
        closeButtonProps={{ 'aria-label': tc('close') }}
        centered
        radius="md"
      >
        {adding && (
          <PaymentForm
            defaultOption={items.length > 0}
            onCancel={() => setAdding(false)}
            onSaved={() => {
              setAdding(false);
              setNotice('saved');
            }}
          />
        )}
      </Modal>
      <Modal
        opened={removing !== null}
        onClose={() => setRemoving(null)}
        title={t('billing.removeTitle')}
        closeButtonProps={{ 'aria-label': tc('close') }}
        centered
        radius="md"
        size="sm"
      >
        <Stack gap="lg">
          <Text>{removing && t('billing.removeBody', { card: cardName(t, removing) })}</Text>
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={() => setRemoving(null)}>
              {tc('cancel')}
            </Button>
            <Button color="red.8" onClick={confirmRemove}>
              {t('billing.remove')}
            </Button>
          </Group>
        </Stack>
      </Modal>
    </Stack>
  );
}
