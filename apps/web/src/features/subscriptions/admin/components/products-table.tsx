import { Badge, Button, Group, Table, Text } from '@mantine/core';
import '@mantine/core/styles/ScrollArea.css';
import '@mantine/core/styles/UnstyledButton.css';
import '@mantine/core/styles/Loader.css';
import '@mantine/core/styles/Group.css';
import '@mantine/core/styles/Text.css';
import '@mantine/core/styles/Badge.css';
import '@mantine/core/styles/Button.css';
import '@mantine/core/styles/Table.css';
import { useTranslation } from 'react-i18next';
import type { Product } from '@tutti/contract/subscriptions';
import { formatPrice } from '../../../../lib/format';
import { currentLanguage } from '../../../../lib/i18n';
import { SUBSCRIPTIONS_ADMIN_NS } from '../translations';

interface ProductsTableProps {
  products: readonly Product[];
  onEdit: (product: Product) => void;
  onSetEnabled: (product: Product, enabled: boolean) => void;
  onDelete: (product: Product) => void;
  /** The product an action is under way for: its buttons wait. */
  busyId: string | null;
}

/** Every product: its name in the reader's language, price per month, trial, whether offered, and what to do. */
export function ProductsTable({ products, onEdit, onSetEnabled, onDelete, busyId }: ProductsTableProps) {
  const { t } = useTranslation(SUBSCRIPTIONS_ADMIN_NS);
  const locale = currentLanguage();
  const other = locale === 'en' ? 'fr' : 'en';
  return (
    // Wider than a phone: it scrolls sideways there (its buttons are in the tab order, so keyboards reach it).
    <Table.ScrollContainer minWidth={760}>
      <Table verticalSpacing="sm" highlightOnHover>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('products.columns.name')}</Table.Th>
            <Table.Th>{t('products.columns.price')}</Table.Th>
            <Table.Th>{t('products.columns.trial')}</Table.Th>
            <Table.Th>{t('products.columns.state')}</Table.Th>
            <Table.Th>{t('products.columns.actions')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {products.map((product) => {
            const name = product.name[locale];
            const busy = busyId === product.id;
            return (
              <Table.Tr key={product.id}>
                <Table.Td>
                  <Text fw={600} size="sm">
                    {name}
                  </Text>
                  <Text size="xs" c="dimmed" lang={other}>
                    {product.name[other]}
                  </Text>
                </Table.Td>
                <Table.Td style={{ whiteSpace: 'nowrap' }}>
                  {product.free
                    ? t('products.free')
                    : t('products.perMonth', { price: formatPrice(product.priceCents, locale, product.currency) })}
                </Table.Td>
                <Table.Td style={{ whiteSpace: 'nowrap' }}>
                  {product.trial
                    ? t(`products.trial.${product.trial.unit}`, { count: product.trial.length })
                    : t('products.noTrial')}
                </Table.Td>
                <Table.Td>
                  <Badge color={product.enabled ? 'teal.9' : 'gray.7'} variant="filled" radius="sm" tt="none">
                    {product.enabled ? t('products.enabled') : t('products.disabled')}
                  </Badge>
                </Table.Td>
                <Table.Td>
                  <Group gap="xs" wrap="nowrap">
                    <Button
                      size="xs"
                      variant="default"
                      onClick={() => onEdit(product)}
                      aria-label={t('products.editLabel', { name })}
                    >
                      {t('products.edit')}
                    </Button>
                    <Button
                      size="xs"
                      variant={product.enabled ? 'default' : 'filled'}
                      loading={busy}
                      onClick={() => onSetEnabled(product, !product.enabled)}
                      aria-label={t(product.enabled ? 'products.disableLabel' : 'products.enableLabel', { name })}
                    >
                      {product.enabled ? t('products.disable') : t('products.enable')}
                    </Button>
                    <Button
                      size="xs"
                      variant="outline"
                      color="red.9"
                      disabled={busy}
                      onClick={() => onDelete(product)}
                      aria-label={t('products.deleteLabel', { name })}
                    >
                      {t('products.delete')}
                    </Button>
                  </Group>
                </Table.Td>
              </Table.Tr>
            );
          })}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
