import { act, fireEvent, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../../test/render';
import { ACTION_TOAST_MS, TOAST_MS, ToastHost, showToast } from './toast-host';

describe('ToastHost', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('lets a plain notice go after a glance, and keeps one with an action long enough to act on it', () => {
    renderWithProviders(<ToastHost />);
    act(() => {
      showToast({ message: 'Ana joined' });
      showToast({ message: 'Ben invited you', action: <a href="/join">Join</a> });
    });
    act(() => vi.advanceTimersByTime(TOAST_MS + 10));
    expect(screen.queryByText('Ana joined')).not.toBeInTheDocument();
    expect(screen.getByText('Ben invited you')).toBeInTheDocument();
    act(() => vi.advanceTimersByTime(ACTION_TOAST_MS - TOAST_MS));
    expect(screen.queryByText('Ben invited you')).not.toBeInTheDocument();
  });

  it('holds a toast while the pointer is on it, then gives it the rest of its time', () => {
    renderWithProviders(<ToastHost />);
    act(() => {
      showToast({ message: 'Cleo left' });
    });
    act(() => vi.advanceTimersByTime(TOAST_MS / 2));
    fireEvent.mouseEnter(screen.getByText('Cleo left'));
    act(() => vi.advanceTimersByTime(TOAST_MS * 5));
    expect(screen.getByText('Cleo left')).toBeInTheDocument();
    fireEvent.mouseLeave(screen.getByText('Cleo left'));
    act(() => vi.advanceTimersByTime(TOAST_MS / 2 - 500));
    expect(screen.getByText('Cleo left')).toBeInTheDocument();
    act(() => vi.advanceTimersByTime(1_000));
    expect(screen.queryByText('Cleo left')).not.toBeInTheDocument();
  });
});
