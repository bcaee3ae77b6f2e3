import { Alert, Code, List, Text } from '@mantine/core';
import '@mantine/core/styles/UnstyledButton.css';
import '@mantine/core/styles/CloseButton.css';
import '@mantine/core/styles/Alert.css';
import '@mantine/core/styles/Text.css';
import '@mantine/core/styles/Code.css';
import '@mantine/core/styles/List.css';
import { useTranslation } from 'react-i18next';
import { SUBSCRIPTIONS_NS } from '../translations';

/** Stripe's test cards, which the sandbox answers the same way (apps/server/.../sandbox-cards.ts). */
const TEST_CARDS = [
  ['4242 4242 4242 4242', 'ok'],
  ['4000 0000 0000 0002', 'declined'],
  ['4000 0000 0000 9995', 'insufficient'],
  ['4000 0000 0000 0341', 'failsWhenCharged'],
  ['4000 0025 0000 3155', 'authentication'],
] as const;

/** With the sandbox, nothing is ever charged: the payment form says so, with the cards to try. */
export function SandboxNote() {
  const { t } = useTranslation(SUBSCRIPTIONS_NS);
  return (
    <Alert role="note" color="violet" variant="light" radius="md" title={t('card.sandboxTitle')}>
      <Text size="sm" mb={4}>
        {t('card.sandboxIntro')}
      </Text>
      <List size="sm" spacing={2}>
        {TEST_CARDS.map(([number, key]) => (
          <List.Item key={number}>
            <Code>{number}</Code> — {t(`card.sandboxCards.${key}`)}
          </List.Item>
        ))}
      </List>
    </Alert>
  );
}
