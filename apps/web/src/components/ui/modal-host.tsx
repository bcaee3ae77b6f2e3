import { lazy, Suspense, type ReactNode } from 'react';
import { createStore, useStore } from 'zustand';

export type ModalSize = 'tiny' | 'small' | 'medium' | 'large';

const WIDTHS: Record<ModalSize, number> = { tiny: 320, small: 440, medium: 600, large: 880 };

/** Spec section 2: sizes tiny, small and large; any other name is medium. */
export function modalWidth(size?: string): number {
  return size === 'tiny' || size === 'small' || size === 'large' ? WIDTHS[size] : WIDTHS.medium;
}

export interface ConfirmSettings {
  confirmLabel: string;
  danger?: boolean;
  onConfirm: () => void;
}

export interface ModalEntry {
  id: string;
  title: ReactNode;
  children: ReactNode;
  width: number;
  opened: boolean;
  /** A white, high-contrast surface over a darker overlay, in either colour scheme: for media and documents. */
  bright: boolean;
  confirm?: ConfirmSettings;
  onClose?: () => void;
}

/** The host holds a single entry: opening a modal replaces the open one (one at a time). */
const modalStore = createStore<{ entry: ModalEntry | null }>(() => ({ entry: null }));
let counter = 0;

interface OpenModalOptions {
  title: ReactNode;
  children: ReactNode;
  size?: string;
  /** Spec section 2: "some are bright" (a video, a document); the others use the app's own surface. */
  bright?: boolean;
  modalId?: string;
  onClose?: () => void;
}

export function openAppModal({ title, children, size, bright = false, modalId, onClose }: OpenModalOptions): string {
  const id = modalId ?? `modal-${++counter}`;
  const previous = modalStore.getState().entry;
  if (previous?.opened) previous.onClose?.();
  modalStore.setState({ entry: { id, title, children, width: modalWidth(size), bright, opened: true, onClose } });
  return id;
}

export function openConfirmModal(options: Omit<OpenModalOptions, 'onClose'> & ConfirmSettings): string {
  const { confirmLabel, danger, onConfirm, ...rest } = options;
  const id = openAppModal({ size: 'small', ...rest });
  const entry = modalStore.getState().entry;
  if (entry) modalStore.setState({ entry: { ...entry, confirm: { confirmLabel, danger, onConfirm } } });
  return id;
}

/** Whether a modal is open (the small-screen menu closes for it). */
export const useModalOpened = (): boolean => useStore(modalStore, (s) => s.entry?.opened ?? false);

/** Closes the modal with this id (or whichever is open); it plays its closing transition first. */
export function closeModal(id?: string): void {
  const entry = modalStore.getState().entry;
  if (!entry || !entry.opened || (id && entry.id !== id)) return;
  modalStore.setState({ entry: { ...entry, opened: false } });
  entry.onClose?.();
}

// Mantine's Modal (focus trap, scroll lock, transitions) loads with the first modal, not with the page.
const ModalView = lazy(async () => ({ default: (await import('./modal-view')).ModalView }));

/** Renders the open modal; mounted once by the layout. */
export function ModalHost() {
  const entry = useStore(modalStore, (s) => s.entry);
  if (!entry) return null;
  return (
    <Suspense fallback={null}>
      <ModalView entry={entry} onClose={() => closeModal(entry.id)} />
    </Suspense>
  );
}
