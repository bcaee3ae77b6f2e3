import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { PaymentIncident } from '@tutti/contract/payments';
import { setCurrentUser } from '../../../../lib/session';
import { ADMIN_USER, json, renderAdminAt } from '../test-render';
import { PaymentIncidentsPage } from './payment-incidents-page';

const refunded: PaymentIncident = {
  id: '88888888-8888-4888-8888-888888888888',
  paymentIntentId: 'pi_lost',
  kind: 'missing_invoice',
  status: 'refunded',
  amountCents: 999,
  currency: 'EUR',
  invoiceId: '99999999-9999-4999-8999-999999999999',
  account: { id: '33333333-3333-4333-8333-333333333333', username: 'ana', email: 'ana@example.org' },
  attachedInvoiceId: null,
  refundId: 're_1',
  error: null,
  detectedBy: 'reconciliation',
  createdAt: '2030-12-15T10:00:00.000Z',
  resolvedAt: '2030-12-15T10:00:01.000Z',
};

describe('PaymentIncidentsPage', () => {
  let incidents: PaymentIncident[];
  let fetchSpy: ReturnType<typeof vi.fn>;
  beforeEach(() => {
    setCurrentUser(ADMIN_USER);
    incidents = [];
    fetchSpy = vi.fn((url: string, init?: RequestInit) => {
      if (url === '/api/v1/payments/reconciliation' && init?.method === 'POST') {
        incidents = [refunded];
        return Promise.resolve(json(200, { since: '2030-12-12T10:00:00.000Z', charges: 12, incidents: 1, settled: 0 }));
      }
      return Promise.resolve(json(200, incidents));
    });
    vi.stubGlobal('fetch', fetchSpy);
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    setCurrentUser(null);
  });

  it('runs the comparison on demand and lists what it found, with what was done', async () => {
    renderAdminAt('/admin/payment-incidents', '/admin/payment-incidents', <PaymentIncidentsPage />);
    expect(screen.getByRole('heading', { level: 1, name: 'Payment incidents' })).toBeInTheDocument();
    expect(await screen.findByText('No incident: every payment has its invoice.')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Compare now' }));
    expect(await screen.findByText('12 payments checked. New incidents: 1. Payments settled: 0.')).toHaveAttribute(
      'role',
      'status',
    );
    const table = await screen.findByRole('table');
    const [row] = within(table).getAllByRole('row').slice(1);
    const cells = within(row!)
      .getAllByRole('cell')
      .map((c) => c.textContent);
    expect(cells.slice(1)).toEqual(['anaana@example.org', '€9.99', 'No invoice', 'Refunded', 'pi_lost']);
  });

  it('speaks French', async () => {
    incidents = [{ ...refunded, status: 'open', error: 'No such payment_intent' }];
    renderAdminAt('/admin/payment-incidents', '/admin/payment-incidents', <PaymentIncidentsPage />, { locale: 'fr' });
    const table = await screen.findByRole('table');
    await waitFor(() => expect(within(table).getByText('À examiner')).toBeInTheDocument());
    expect(within(table).getByText('Aucune facture')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Comparer maintenant' })).toBeInTheDocument();
  });
});
