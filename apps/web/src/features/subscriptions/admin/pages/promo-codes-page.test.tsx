import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { closeModal } from '../../../../components/ui/modal-host';
import { setCurrentUser } from '../../../../lib/session';
import { ADMIN_USER, errorBody, json, pageOf, productOf, renderAdminAt, tokenOf } from '../test-render';
import { PromoCodesPage } from './promo-codes-page';

const band = productOf();
const gift = productOf({
  id: '88888888-8888-4888-8888-888888888888',
  name: { en: 'Gift', fr: 'Cadeau' },
  priceCents: 0,
  free: true,
  trial: null,
  enabled: false,
});
const spring = tokenOf();
const single = tokenOf({
  id: '77777777-7777-4777-8777-000000000001',
  code: 'ONCE-ONLY',
  months: 1,
  maxUses: 1,
  uses: 0,
  expiresAt: '2031-06-30T23:59:59.999Z',
});

type Handler = (url: string, init?: RequestInit) => Response | undefined;

describe('PromoCodesPage', () => {
  let fetchSpy: ReturnType<typeof vi.fn>;
  let handler: Handler;
  const calls = (method: string, url: string) =>
    fetchSpy.mock.calls.filter(
      ([u, init]) => u === url && ((init as RequestInit | undefined)?.method ?? 'GET') === method,
    );
  const show = (locale: 'en' | 'fr' = 'en') =>
    renderAdminAt('/admin/promo-codes', '/admin/promo-codes', <PromoCodesPage />, { locale });

  beforeEach(() => {
    setCurrentUser(ADMIN_USER);
    handler = () => undefined;
    fetchSpy = vi.fn((url: string, init?: RequestInit) => {
      const answer = handler(url, init);
      if (answer) return Promise.resolve(answer);
      if (url === '/api/v1/product-tokens' && (init?.method ?? 'GET') === 'GET')
        return Promise.resolve(json(200, [spring, single]));
      if (url.startsWith('/api/v1/products?')) return Promise.resolve(json(200, pageOf([band, gift])));
      return Promise.resolve(json(404, errorBody('NOT_FOUND')));
    });
    vi.stubGlobal('fetch', fetchSpy);
  });
  afterEach(() => {
    act(() => closeModal());
    vi.unstubAllGlobals();
    setCurrentUser(null);
  });

  it('lists the codes: product, months, uses out of the maximum, expiry and creation', async () => {
    show();
    expect(screen.getByRole('heading', { level: 1, name: 'Promo codes' })).toBeInTheDocument();
    await waitFor(() => expect(document.title).toBe('Promo codes · Administration | Tutti'));
    const table = await screen.findByRole('table');
    const rows = within(table).getAllByRole('row').slice(1);
    expect(
      rows.map((r) =>
        within(r)
          .getAllByRole('cell')
          .slice(1, 6)
          .map((c) => c.textContent),
      ),
    ).toEqual([
      ['Band plan', '3', '3 / 10', 'Never', '2 December 2030'],
      ['Band plan', '1', '0 / 1', '30 June 2031', '2 December 2030'],
    ]);
    expect(within(rows[0]!).getByText('SPRING-24')).toBeInTheDocument();
    expect(within(rows[0]!).getByRole('button', { name: 'Copy the code SPRING-24' })).toBeInTheDocument();
  });

  it('says when there is none yet', async () => {
    handler = (url, init) =>
      url === '/api/v1/product-tokens' && (init?.method ?? 'GET') === 'GET' ? json(200, []) : undefined;
    show('fr');
    expect(await screen.findByText('Aucun code promo pour l’instant.')).toBeInTheDocument();
  });

  it('creates a code for a product; a code that exists already is said on the code field', async () => {
    handler = (url, init) =>
      url === '/api/v1/product-tokens' && init?.method === 'POST'
        ? json(409, errorBody('CONFLICT', { code: 'code_taken' }))
        : undefined;
    show();
    await screen.findByRole('table');
    await userEvent.click(screen.getByRole('button', { name: 'New promo code' }));
    const dialog = await screen.findByRole('dialog', { name: 'New promo code' });
    await userEvent.type(within(dialog).getByRole('textbox', { name: /^Code/ }), 'summer-30');
    const product = within(dialog).getByRole('combobox', { name: /Product/ });
    await waitFor(() => expect(within(product).getByRole('option', { name: 'Gift (disabled)' })).toBeInTheDocument());
    await userEvent.selectOptions(product, gift.id);
    await userEvent.clear(within(dialog).getByRole('spinbutton', { name: /Months given/ }));
    await userEvent.type(within(dialog).getByRole('spinbutton', { name: /Months given/ }), '6');
    await userEvent.click(within(dialog).getByRole('radio', { name: 'Several uses' }));
    await userEvent.clear(within(dialog).getByRole('spinbutton', { name: /How many musicians/ }));
    await userEvent.type(within(dialog).getByRole('spinbutton', { name: /How many musicians/ }), '50');
    await userEvent.type(within(dialog).getByLabelText(/Expires on/), '2031-03-31');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Create the code' }));

    const code = within(dialog).getByRole('textbox', { name: /^Code/ });
    await waitFor(() => expect(code).toHaveAttribute('aria-invalid', 'true'));
    expect(within(dialog).getByText('This code exists already: choose another one.')).toBeInTheDocument();
    const [post] = calls('POST', '/api/v1/product-tokens');
    expect(JSON.parse((post![1] as RequestInit).body as string)).toEqual({
      code: 'SUMMER-30',
      productId: gift.id,
      months: 6,
      maxUses: 50,
      expiresAt: '2031-03-31T23:59:59.999Z',
    });
  });

  it('leaves the code out when empty (the server makes one up) and says which it made', async () => {
    handler = (url, init) =>
      url === '/api/v1/product-tokens' && init?.method === 'POST'
        ? json(201, tokenOf({ code: 'K7Q2-XY9P' }))
        : undefined;
    show();
    await screen.findByRole('table');
    await userEvent.click(screen.getByRole('button', { name: 'New promo code' }));
    const dialog = await screen.findByRole('dialog', { name: 'New promo code' });
    const product = within(dialog).getByRole('combobox', { name: /Product/ });
    await waitFor(() => expect(within(product).getByRole('option', { name: 'Band plan' })).toBeInTheDocument());
    await userEvent.selectOptions(product, band.id);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Create the code' }));
    expect(await screen.findByText('The code K7Q2-XY9P was created.')).toBeInTheDocument();
    const [post] = calls('POST', '/api/v1/product-tokens');
    expect(JSON.parse((post![1] as RequestInit).body as string)).toEqual({
      productId: band.id,
      months: 1,
      maxUses: 1,
      expiresAt: null,
    });
  });

  it('deletes a code after a confirmation', async () => {
    handler = (url, init) =>
      url === `/api/v1/product-tokens/${single.id}` && init?.method === 'DELETE' ? json(204, null) : undefined;
    show();
    await screen.findByRole('table');
    await userEvent.click(screen.getByRole('button', { name: 'Delete the code ONCE-ONLY' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete the code ONCE-ONLY?' });
    expect(calls('DELETE', `/api/v1/product-tokens/${single.id}`)).toHaveLength(0);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Delete the code' }));
    expect(await screen.findByText('The code ONCE-ONLY was deleted.')).toBeInTheDocument();
    expect(calls('DELETE', `/api/v1/product-tokens/${single.id}`)).toHaveLength(1);
  });
});
