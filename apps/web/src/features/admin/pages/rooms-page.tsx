import { Stack } from '@mantine/core';
import '@mantine/core/styles/Stack.css';
import { useTranslation } from 'react-i18next';
import { AdminPageHeader } from '../../../components/ui/admin-page-header';
import { PageNotice, useNotice } from '../../../components/ui/page-notice';
import { RegionsSection } from '../rooms/regions-section';
import { ServersSection } from '../rooms/servers-section';
import { ADMIN_NS } from '../translations';

/** /admin/rooms (issue 14): the regions and the room servers sessions get their rooms from. */
export function RoomsPage() {
  const { t } = useTranslation(ADMIN_NS);
  const notice = useNotice();
  const onNotice = (kind: 'success' | 'error', text: string) =>
    kind === 'success' ? notice.success(text) : notice.error(text);
  return (
    <Stack gap="lg">
      <AdminPageHeader title={t('rooms.title')} intro={t('rooms.intro')} />
      <PageNotice notice={notice.notice} onClose={notice.clear} />
      <ServersSection onNotice={onNotice} />
      <RegionsSection onNotice={onNotice} />
    </Stack>
  );
}
