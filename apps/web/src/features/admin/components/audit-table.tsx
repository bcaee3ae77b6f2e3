import { Anchor, Table, Text } from '@mantine/core';
import '@mantine/core/styles/ScrollArea.css';
import '@mantine/core/styles/Text.css';
import '@mantine/core/styles/Anchor.css';
import '@mantine/core/styles/Table.css';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { AuditEntry } from '@tutti/contract/audit';
import { formatDateTime } from '../../../lib/format';
import { currentLanguage } from '../../../lib/i18n';
import { adminAccountPath } from '../../../lib/paths';
import { ADMIN_NS } from '../translations';

const list = (value: unknown): string => (Array.isArray(value) ? value.map(String).join(', ') : '');

/** What changed, in words: privileges added and removed, a flag on or off, the customer synced. */
export function detailsText(t: TFunction<'admin'>, entry: AuditEntry): string {
  const d = entry.details;
  const parts: string[] = [];
  if (list(d['added'])) parts.push(t('audit.details.added', { list: list(d['added']) }));
  if (list(d['removed'])) parts.push(t('audit.details.removed', { list: list(d['removed']) }));
  if (typeof d['state'] === 'boolean') parts.push(d['state'] ? t('audit.details.on') : t('audit.details.off'));
  if (typeof d['customerId'] === 'string') parts.push(t('audit.details.customer', { id: d['customerId'] }));
  // News, blog posts and banners: what the entry is about, as the administrator wrote it.
  if (typeof d['title'] === 'string') parts.push(`“${d['title']}”`);
  if (typeof d['link'] === 'string') parts.push(d['link']);
  // What a write on a region, a server, a product... wrote: its name (or code, or version), else its id.
  const named = [d['name'], d['code'], d['version'], d['id']].find((v): v is string => typeof v === 'string');
  if (named && entry.target === null && parts.length === 0) parts.push(t('audit.details.named', { name: named }));
  return parts.join(' · ');
}

function Party({ party, fallback }: { party: AuditEntry['actor']; fallback: string }) {
  const { t } = useTranslation(ADMIN_NS);
  if (!party) return <Text size="sm">{fallback}</Text>;
  if (!party.username) return <Text size="sm">{t('audit.deleted')}</Text>;
  return (
    <Anchor component={Link} to={adminAccountPath(party.id)} size="sm">
      {party.username}
    </Anchor>
  );
}

/** The log's entries: when, who, what, on whom, and what changed. */
export function AuditTable({ entries }: { entries: readonly AuditEntry[] }) {
  const { t } = useTranslation(ADMIN_NS);
  const locale = currentLanguage();
  return (
    <Table.ScrollContainer
      minWidth={720}
      scrollAreaProps={{ viewportProps: { tabIndex: 0, role: 'region', 'aria-label': t('audit.tableLabel') } }}
    >
      <Table verticalSpacing="sm">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('audit.columns.at')}</Table.Th>
            <Table.Th>{t('audit.columns.actor')}</Table.Th>
            <Table.Th>{t('audit.columns.action')}</Table.Th>
            <Table.Th>{t('audit.columns.target')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {entries.map((e) => (
            <Table.Tr key={e.id}>
              <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatDateTime(e.at, locale)}</Table.Td>
              <Table.Td>
                <Party party={e.actor} fallback={t('audit.server')} />
              </Table.Td>
              <Table.Td>
                <Text size="sm" fw={500}>
                  {t(`audit.action.${e.action}`)}
                </Text>
                {detailsText(t, e) && (
                  <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
                    {detailsText(t, e)}
                  </Text>
                )}
              </Table.Td>
              <Table.Td>
                <Party party={e.target} fallback="—" />
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
