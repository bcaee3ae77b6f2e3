import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Invoice, PaymentMethods } from '@tutti/contract/payments';
import { renderWithProviders } from '../../../../test/render';
import { setCurrentUser } from '../../../lib/session';
import { cardOf, invoiceOf, json, ME } from '../test-fixtures';
import { BillingTab } from './billing-tab';

const METHODS = '/api/v1/me/payments/methods';

describe('BillingTab', () => {
  let cards: PaymentMethods;
  let invoices: Invoice[];
  let invoicesFail: boolean;
  let remove: () => Response;
  let fetchSpy: ReturnType<typeof vi.fn>;
  const called = (url: string, method: string) =>
    fetchSpy.mock.calls.filter(([u, init]) => u === url && (init as RequestInit | undefined)?.method === method);

  beforeEach(() => {
    setCurrentUser(ME);
    cards = { items: [], lastCardRequired: false };
    invoices = [];
    invoicesFail = false;
    remove = () => new Response(null, { status: 204 });
    fetchSpy = vi.fn((url: string, init?: RequestInit) => {
      if (url === METHODS && (init?.method ?? 'GET') === 'GET') return Promise.resolve(json(200, cards));
      if (url === '/api/v1/me/payments/invoices')
        return Promise.resolve(
          invoicesFail ? json(500, { error: { code: 'INTERNAL', message: 'x' } }) : json(200, invoices),
        );
      if (url === `${METHODS}/default` && init?.method === 'PUT') {
        const { paymentMethod } = JSON.parse(init.body as string) as { paymentMethod: string };
        cards = {
          ...cards,
          items: cards.items.map((c) => ({ ...c, isDefault: c.id === paymentMethod })),
        };
        return Promise.resolve(json(200, cards));
      }
      if (url.startsWith(`${METHODS}/`) && init?.method === 'DELETE') return Promise.resolve(remove());
      return Promise.resolve(json(404, { error: { code: 'NOT_FOUND', message: 'no' } }));
    });
    vi.stubGlobal('fetch', fetchSpy);
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    setCurrentUser(null);
  });

  it('with nothing yet: says so for cards and invoices', async () => {
    renderWithProviders(<BillingTab />);
    expect(await screen.findByText('No card saved yet.')).toBeInTheDocument();
    expect(await screen.findByText('No invoice yet.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Add a card' })).toBeInTheDocument();
  });

  it('lists my cards with the default badge, and makes another one the default', async () => {
    cards = {
      items: [cardOf(), cardOf({ id: 'pm_mc', brand: 'mastercard', last4: '4444', expMonth: 3, isDefault: false })],
      lastCardRequired: true,
    };
    renderWithProviders(<BillingTab />);
    const list = within(await screen.findByRole('region', { name: 'My cards' }));
    const [visa, mc] = (await list.findAllByRole('listitem')).map((li) => within(li));
    expect(visa!.getByText('Visa •••• 4242')).toBeInTheDocument();
    expect(visa!.getByText('Default')).toBeInTheDocument();
    expect(visa!.getByText('Expires 12/2030')).toBeInTheDocument();
    expect(mc!.getByText('Mastercard •••• 4444')).toBeInTheDocument();
    expect(mc!.getByText('Expires 03/2030')).toBeInTheDocument();
    // Two cards: either may go, even while subscribed.
    expect(visa!.getByRole('button', { name: /Remove/ })).toBeInTheDocument();

    await userEvent.click(mc!.getByRole('button', { name: /Make default/ }));
    expect(await screen.findByText('This card is now your default card.')).toBeInTheDocument();
    expect(JSON.parse(called(`${METHODS}/default`, 'PUT')[0]![1].body as string)).toEqual({ paymentMethod: 'pm_mc' });
    await waitFor(() => expect(mc!.getByText('Default')).toBeInTheDocument());
  });

  it('the last card of a renewing subscription: says why it stays, and shows the server’s refusal', async () => {
    cards = { items: [cardOf()], lastCardRequired: true };
    renderWithProviders(<BillingTab />);
    expect(
      await screen.findByText('Your subscription renews with this card: add another card before removing it.'),
    ).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Remove/ })).not.toBeInTheDocument();
  });

  it('removing asks first; a refusal from the server is shown', async () => {
    cards = { items: [cardOf()], lastCardRequired: false };
    remove = () => json(409, { error: { code: 'LAST_PAYMENT_METHOD', message: 'last card' } });
    renderWithProviders(<BillingTab />);
    await userEvent.click(await screen.findByRole('button', { name: /Remove/ }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Remove this card?' }));
    expect(dialog.getByText('Visa •••• 4242 will be removed from your account.')).toBeInTheDocument();
    await userEvent.click(dialog.getByRole('button', { name: 'Remove' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Your subscription renews with this card: add another one before removing it.',
    );
    expect(called(`${METHODS}/pm_visa`, 'DELETE')).toHaveLength(1);
  });

  it('lists invoices: date, number, offer, amount, status and the PDF in a new tab, in French', async () => {
    invoices = [
      invoiceOf({
        id: '99999999-9999-4999-8999-999999999990',
        status: 'open',
        number: 'TUTTI-2031-000050',
        nextAttemptAt: '2031-01-18T12:00:00.000Z',
      }),
      invoiceOf(),
      invoiceOf({ id: '99999999-9999-4999-8999-999999999991', status: 'uncollectible', number: 'TUTTI-2030-000001' }),
      invoiceOf({ id: '99999999-9999-4999-8999-999999999992', status: 'void', number: 'TUTTI-2030-000002' }),
    ];
    renderWithProviders(<BillingTab />, { locale: 'fr' });
    const table = within(await screen.findByRole('table'));
    expect(table.getAllByRole('columnheader').map((h) => h.textContent)).toEqual([
      'Date',
      'Numéro',
      'Offre',
      'Montant',
      'Statut',
      'PDF',
    ]);
    const rows = table.getAllByRole('row').slice(1);
    expect(rows).toHaveLength(4);
    const paid = within(rows[1]!);
    expect(paid.getByText('15 décembre 2030')).toBeInTheDocument();
    expect(paid.getByText('TUTTI-2030-000042')).toBeInTheDocument();
    expect(paid.getByText('Band plan')).toBeInTheDocument();
    expect(paid.getByText('9,99 €')).toBeInTheDocument();
    expect(paid.getByText('Payée')).toBeInTheDocument();
    const pdf = paid.getByRole('link', { name: 'Facture TUTTI-2030-000042 (PDF, s’ouvre dans un nouvel onglet)' });
    expect(pdf).toHaveAttribute('href', invoices[1]!.pdfUrl);
    expect(pdf).toHaveAttribute('target', '_blank');
    expect(pdf).toHaveAttribute('rel', 'noopener');
    expect(within(rows[0]!).getByText('En attente')).toBeInTheDocument();
    expect(within(rows[0]!).getByText('Prochain essai le 18 janvier 2031')).toBeInTheDocument();
    expect(within(rows[2]!).getByText('Erreur')).toBeInTheDocument();
    expect(within(rows[3]!).getByText('Annulée')).toBeInTheDocument();
  });

  it('invoices that cannot be loaded offer to try again', async () => {
    invoicesFail = true;
    renderWithProviders(<BillingTab />);
    expect(await screen.findByText('Your invoices could not be loaded.')).toBeInTheDocument();
    invoicesFail = false;
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('No invoice yet.')).toBeInTheDocument();
  });
});
