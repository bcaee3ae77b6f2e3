import { useState } from 'react';
import { Button, Group, Modal, Radio, Stack, Text, Textarea } from '@mantine/core';
import '@mantine/core/styles/ScrollArea.css';
import '@mantine/core/styles/UnstyledButton.css';
import '@mantine/core/styles/VisuallyHidden.css';
import '@mantine/core/styles/Paper.css';
import '@mantine/core/styles/Overlay.css';
import '@mantine/core/styles/Loader.css';
import '@mantine/core/styles/CloseButton.css';
import '@mantine/core/styles/Group.css';
import '@mantine/core/styles/ModalBase.css';
import '@mantine/core/styles/Input.css';
import '@mantine/core/styles/Text.css';
import '@mantine/core/styles/InlineInput.css';
import '@mantine/core/styles/Button.css';
import '@mantine/core/styles/Modal.css';
import '@mantine/core/styles/RadioCard.css';
import '@mantine/core/styles/RadioIndicator.css';
import '@mantine/core/styles/Radio.css';
import '@mantine/core/styles/Stack.css';
import { useTranslation } from 'react-i18next';
import { CANCELLATION_REASONS, CANCELLATION_TEXT_MAX, type Subscription } from '@tutti/contract/subscriptions';
import { FormAlert } from '../../../components/ui/form-alert';
import { errorText } from '../../../lib/error-text';
import { formatDate } from '../../../lib/format';
import { currentLanguage } from '../../../lib/i18n';
import { useCancelSubscription } from '../api/payments';
import { SUBSCRIPTIONS_NS } from '../translations';

type Reason = (typeof CANCELLATION_REASONS)[number];

interface CancelDialogProps {
  subscription: Subscription;
  opened: boolean;
  onClose: () => void;
  onCancelled: () => void;
}

/** SPEC section 9: cancelling takes no password, an optional reason, and "other" a text with its characters left. */
export function CancelDialog({ subscription, opened, onClose, onCancelled }: CancelDialogProps) {
  const { t } = useTranslation(SUBSCRIPTIONS_NS);
  const { t: tc } = useTranslation();
  const cancel = useCancelSubscription();
  const [reason, setReason] = useState<Reason | null>(null);
  const [text, setText] = useState('');
  const close = () => {
    cancel.reset();
    onClose();
  };
  const confirm = () =>
    cancel.mutate(
      {
        id: subscription.id,
        body: {
          ...(reason && { reason }),
          ...(reason === 'other' && text.trim() !== '' && { text: text.trim() }),
        },
      },
      { onSuccess: onCancelled },
    );
  return (
    <Modal
      opened={opened}
      onClose={close}
      title={t('cancel.title')}
      closeButtonProps={{ 'aria-label': tc('close') }}
      centered
      radius="md"
    >
      <Stack gap="md">
        <Text>{t('cancel.body', { date: formatDate(subscription.currentPeriodEnd, currentLanguage()) })}</Text>
        {cancel.isError && <FormAlert kind="error">{errorText(tc, cancel.error)}</FormAlert>}
        <Radio.Group label={t('cancel.reason')} value={reason} onChange={(v) => setReason(v as Reason)}>
          <Stack gap="xs" mt="xs">
            {CANCELLATION_REASONS.map((value) => (
              <Radio key={value} value={value} label={t(`cancel.reasons.${value}`)} />
            ))}
          </Stack>
        </Radio.Group>
        {reason === 'other' && (
          <Textarea
            label={t('cancel.text')}

            rows={3}
            maxLength={CANCELLATION_TEXT_MAX}
            value={text}
            onChange={(e) => setText(e.currentTarget.value)}
            description={t('cancel.remaining', { count: CANCELLATION_TEXT_MAX - text.length })}
            inputWrapperOrder={['label', 'input', 'description', 'error']}
          />
        )}
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={close} disabled={cancel.isPending}>
            {t('cancel.keep')}
          </Button>
          <Button color="red.8" loading={cancel.isPending} onClick={confirm}>
            {t('cancel.confirm')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
