import type { TFunction } from 'i18next';
import { closeModal, openAppModal } from '../../../components/ui/modal-host';
import { ConfigDialogBody } from './config-dialog';
import { LogsDialogBody } from './logs-dialog';
import { NotInstalledBody } from './not-installed-dialog';

const NOT_INSTALLED_ID = 'nals-not-installed';

export function openConfigDialog(t: TFunction<'nals'>): void {
  openAppModal({ modalId: 'nals-config', title: t('config.title'), size: 'large', children: <ConfigDialogBody /> });
}

export function openLogsDialog(t: TFunction<'nals'>): void {
  openAppModal({ modalId: 'nals-logs', title: t('logs.title'), size: 'medium', children: <LogsDialogBody /> });
}

export function openNotInstalledDialog(t: TFunction<'nals'>): void {
  openAppModal({
    modalId: NOT_INSTALLED_ID,
    title: t('notInstalled.title'),
    size: 'small',
    children: <NotInstalledBody onLeave={() => closeModal(NOT_INSTALLED_ID)} />,
  });
}
