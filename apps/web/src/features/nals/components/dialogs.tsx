import { lazy, Suspense, type ReactNode } from 'react';
import type { TFunction } from 'i18next';
import { closeModal, openAppModal } from '../../../components/ui/modal-host';

// The dialogs' bodies (the configuration's sliders, selects and recordings, the logs' scroll area) load when one is
// opened: the header's audio menu, the driver alert and the audio client's link, on every signed-in page, only open
// them.
const ConfigDialogBody = lazy(async () => ({ default: (await import('./config-dialog')).ConfigDialogBody }));
const LogsDialogBody = lazy(async () => ({ default: (await import('./logs-dialog')).LogsDialogBody }));
const NotInstalledBody = lazy(async () => ({ default: (await import('./not-installed-dialog')).NotInstalledBody }));

const NOT_INSTALLED_ID = 'nals-not-installed';

/** The dialog's frame and title show at once; its body as soon as its code is there. */
const body = (children: ReactNode) => <Suspense fallback={null}>{children}</Suspense>;

export function openConfigDialog(t: TFunction<'nals'>): void {
  openAppModal({
    modalId: 'nals-config',
    title: t('config.title'),
    size: 'large',
    children: body(<ConfigDialogBody />),
  });
}

/** The client's log is a document to read: a bright modal. */
export function openLogsDialog(t: TFunction<'nals'>): void {
  openAppModal({
    modalId: 'nals-logs',
    title: t('logs.title'),
    size: 'medium',
    bright: true,
    children: body(<LogsDialogBody />),
  });
}

export function openNotInstalledDialog(t: TFunction<'nals'>): void {
  openAppModal({
    modalId: NOT_INSTALLED_ID,
    title: t('notInstalled.title'),
    size: 'small',
    children: body(<NotInstalledBody onLeave={() => closeModal(NOT_INSTALLED_ID)} />),
  });
}
