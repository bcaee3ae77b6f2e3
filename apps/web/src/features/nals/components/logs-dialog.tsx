import { Badge, Table, Text } from '@mantine/core';
import '@mantine/core/styles/ScrollArea.css';
import '@mantine/core/styles/Text.css';
import '@mantine/core/styles/Badge.css';
import '@mantine/core/styles/Table.css';
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import enNals from '../../../locales/en/nals.json';
import { formatTime } from '../../../lib/format';
import { currentLanguage } from '../../../lib/i18n';
import { useNals } from '../../../lib/nals/nals-store';
import { NALS_NS } from '../translations';

type KnownCode = keyof typeof enNals.codes;
const isKnownCode = (code: string): code is KnownCode => Object.hasOwn(enNals.codes, code);

/** A code's sentence when we know it, else what the client said, else the bare code. */
export function codeText(t: TFunction<'nals'>, code: string, message?: string): string {
  return isKnownCode(code) ? t(`codes.${code}`) : (message ?? code);
}

/** The audio client's log (spec section 8): newest first, "No NALS error" when empty. */
export function LogsDialogBody() {
  const { t } = useTranslation(NALS_NS);
  const messages = useNals((s) => s.messages);

  if (messages.length === 0) return <Text c="dimmed">{t('logs.empty')}</Text>;

  return (
    // Wider than a phone: it scrolls sideways, so keyboard users need to reach it (focusable, named region).
    <Table.ScrollContainer
      minWidth={420}
      maxHeight={420}
      scrollAreaProps={{ viewportProps: { tabIndex: 0, role: 'region', 'aria-label': t('logs.title') } }}
    >
      <Table striped verticalSpacing="xs" stickyHeader>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('logs.time')}</Table.Th>
            <Table.Th>{t('logs.kind')}</Table.Th>
            <Table.Th>{t('logs.message')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {[...messages].reverse().map((m, index) => (
            <Table.Tr key={`${m.timestamp}-${index}`}>
              <Table.Td style={{ whiteSpace: 'nowrap' }}>
                {formatTime(new Date(m.timestamp), currentLanguage())}
              </Table.Td>
              <Table.Td>
                <Badge color={m.isError ? 'red.9' : 'gray.7'} tt="none">
                  {m.isError ? t('logs.error') : t('logs.info')}
                </Badge>
              </Table.Td>
              <Table.Td>
                <Text size="sm">{codeText(t, m.code, m.message)}</Text>
                <Text size="xs" c="dimmed" ff="monospace">
                  {m.code}
                </Text>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
