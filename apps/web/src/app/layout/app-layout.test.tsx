import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { I18nextProvider } from 'react-i18next';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { closeModal, openAppModal } from '../../components/ui/modal-host';
import { initI18n } from '../../lib/i18n';
import { cssVariablesResolver, theme } from '../theme';
import { AppLayout } from './app-layout';

// The header's and footer's own parts have their tests; here, the frame around the page.
vi.mock('./header', () => ({ Header: () => <header>header</header> }));
vi.mock('./server-status', () => ({ ServerStatus: () => null }));
vi.mock('../../components/ui/toast-host', () => ({ ToastHost: () => null }));

function renderLayout(locale: 'en' | 'fr' = 'en') {
  const router = createMemoryRouter([
    { path: '/', element: <AppLayout />, children: [{ index: true, element: <h1>The page</h1> }] },
  ]);
  return render(
    <I18nextProvider i18n={initI18n(locale)}>
      <MantineProvider theme={theme} cssVariablesResolver={cssVariablesResolver}>
        <QueryClientProvider client={new QueryClient()}>
          <RouterProvider router={router} />
        </QueryClientProvider>
      </MantineProvider>
    </I18nextProvider>,
  );
}

describe('AppLayout (SPEC section 2 layout)', () => {
  it('starts with a skip link to the main content, before the header, and ends with the footer', async () => {
    renderLayout();
    const skip = screen.getByRole('link', { name: 'Skip to content' });
    expect(skip).toHaveAttribute('href', '#main-content');
    const main = screen.getByRole('main');
    expect(main).toHaveAttribute('id', 'main-content');
    // Focusable by the link, not by Tab.
    expect(main).toHaveAttribute('tabindex', '-1');
    expect(main).toContainElement(screen.getByRole('heading', { name: 'The page' }));
    await userEvent.tab();
    expect(skip).toHaveFocus();
    const order = [skip, screen.getByText('header'), main, screen.getByRole('contentinfo')];
    for (let i = 1; i < order.length; i++) {
      expect(order[i - 1]!.compareDocumentPosition(order[i]!) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    }
  });

  it('says it in French too', () => {
    renderLayout('fr');
    expect(screen.getByRole('link', { name: 'Aller au contenu' })).toHaveAttribute('href', '#main-content');
  });

  it('hosts the modals: one opened from anywhere shows over the page', async () => {
    renderLayout();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    act(() => {
      openAppModal({ title: 'Hello', children: <p>Inside</p> });
    });
    expect(await screen.findByRole('dialog', { name: 'Hello' })).toHaveTextContent('Inside');
    act(() => closeModal());
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });
});
