import { Badge, Button, CopyButton, Group, Table, Text } from '@mantine/core';
import '@mantine/core/styles/ScrollArea.css';
import '@mantine/core/styles/UnstyledButton.css';
import '@mantine/core/styles/Loader.css';
import '@mantine/core/styles/Group.css';
import '@mantine/core/styles/Text.css';
import '@mantine/core/styles/Badge.css';
import '@mantine/core/styles/Button.css';
import '@mantine/core/styles/Table.css';
import { useTranslation } from 'react-i18next';
import type { ProductToken } from '@tutti/contract/subscriptions';
import { formatDate } from '../../../../lib/format';
import { currentLanguage } from '../../../../lib/i18n';
import { SUBSCRIPTIONS_ADMIN_NS } from '../translations';

interface PromoCodesTableProps {
  tokens: readonly ProductToken[];
  onDelete: (token: ProductToken) => void;
  busyId: string | null;
  now?: number;
}

/** The promo codes: code (to copy), product, months, uses, expiry, creation, and Delete. */
export function PromoCodesTable({ tokens, onDelete, busyId, now = Date.now() }: PromoCodesTableProps) {
  const { t } = useTranslation(SUBSCRIPTIONS_ADMIN_NS);
  const locale = currentLanguage();
  return (
    <Table.ScrollContainer minWidth={820}>
      <Table verticalSpacing="sm" highlightOnHover>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('promoCodes.columns.code')}</Table.Th>
            <Table.Th>{t('promoCodes.columns.product')}</Table.Th>
            <Table.Th>{t('promoCodes.columns.months')}</Table.Th>
            <Table.Th>{t('promoCodes.columns.uses')}</Table.Th>
            <Table.Th>{t('promoCodes.columns.expires')}</Table.Th>
            <Table.Th>{t('promoCodes.columns.created')}</Table.Th>
            <Table.Th>{t('promoCodes.columns.actions')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {tokens.map((token) => {
            const expired = token.expiresAt !== null && new Date(token.expiresAt).getTime() < now;
            return (
              <Table.Tr key={token.id}>
                <Table.Td style={{ whiteSpace: 'nowrap' }}>
                  <Group gap="xs" wrap="nowrap">
                    <Text ff="monospace" fw={600} size="sm">
                      {token.code}
                    </Text>
                    <CopyButton value={token.code}>
                      {({ copied, copy }) => (
                        <Button
                          size="compact-xs"
                          variant={copied ? 'light' : 'subtle'}
                          color={copied ? 'teal.9' : undefined}
                          onClick={copy}
                          aria-label={copied ? t('promoCodes.copied') : t('promoCodes.copyLabel', { code: token.code })}
                        >
                          {copied ? t('promoCodes.copied') : t('promoCodes.copy')}
                        </Button>
                      )}
                    </CopyButton>
                  </Group>
                </Table.Td>
                <Table.Td>{token.product.name[locale]}</Table.Td>
                <Table.Td>{token.months}</Table.Td>
                <Table.Td style={{ whiteSpace: 'nowrap' }}>
                  {t('promoCodes.uses', { uses: token.uses, maxUses: token.maxUses })}
                </Table.Td>
                <Table.Td>
                  <Group gap={6} wrap="nowrap">
                    <Text size="sm" style={{ whiteSpace: 'nowrap' }}>
                      {token.expiresAt ? formatDate(token.expiresAt, locale) : t('promoCodes.never')}
                    </Text>
                    {expired && (
                      <Badge color="gray.7" variant="filled" radius="sm" tt="none">
                        {t('promoCodes.expired')}
                      </Badge>
                    )}
                  </Group>
                </Table.Td>
                <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatDate(token.createdAt, locale)}</Table.Td>
                <Table.Td>
                  <Button
                    size="xs"
                    variant="outline"
                    color="red.9"
                    loading={busyId === token.id}
                    onClick={() => onDelete(token)}
                    aria-label={t('promoCodes.deleteLabel', { code: token.code })}
                  >
                    {t('promoCodes.delete')}
                  </Button>
                </Table.Td>
              </Table.Tr>
            );
          })}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
