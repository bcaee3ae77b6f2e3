import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { closeModal } from '../../../../components/ui/modal-host';
import { setCurrentUser } from '../../../../lib/session';
import { ADMIN_USER, errorBody, json, pageOf, productOf, renderAdminAt } from '../test-render';
import { ProductsPage } from './products-page';

const band = productOf();
const gift = productOf({
  id: '88888888-8888-4888-8888-888888888888',
  name: { en: 'Gift', fr: 'Cadeau' },
  priceCents: 0,
  free: true,
  trial: null,
  enabled: false,
});
const duo = productOf({
  id: '99999999-9999-4999-8999-999999999999',
  name: { en: 'Duo', fr: 'Duo' },
  priceCents: 1250,
  trial: { length: 1, unit: 'month' },
});

type Handler = (url: string, init?: RequestInit) => Response | undefined;

describe('ProductsPage', () => {
  let fetchSpy: ReturnType<typeof vi.fn>;
  let handler: Handler;
  const calls = (method: string, url: string) =>
    fetchSpy.mock.calls.filter(
      ([u, init]) => u === url && ((init as RequestInit | undefined)?.method ?? 'GET') === method,
    );
  const show = (locale: 'en' | 'fr' = 'en') =>
    renderAdminAt('/admin/products', '/admin/products', <ProductsPage />, { locale });

  beforeEach(() => {
    setCurrentUser(ADMIN_USER);
    handler = () => undefined;
    fetchSpy = vi.fn((url: string, init?: RequestInit) => {
      const answer = handler(url, init);
      if (answer) return Promise.resolve(answer);
      if (url.startsWith('/api/v1/products?')) return Promise.resolve(json(200, pageOf([band, gift, duo])));
      return Promise.resolve(json(404, errorBody('NOT_FOUND')));
    });
    vi.stubGlobal('fetch', fetchSpy);
  });
  afterEach(() => {
    act(() => closeModal());
    vi.unstubAllGlobals();
    setCurrentUser(null);
  });

  it('lists every product: name, price per month in euros, trial, whether it is offered', async () => {
    show();
    expect(screen.getByRole('heading', { level: 1, name: 'Products' })).toBeInTheDocument();
    await waitFor(() => expect(document.title).toBe('Products · Administration | Tutti'));
    const table = await screen.findByRole('table');
    const rows = within(table).getAllByRole('row').slice(1);
    expect(
      rows.map((r) =>
        within(r)
          .getAllByRole('cell')
          .slice(0, 4)
          .map((c) => c.textContent),
      ),
    ).toEqual([
      ['Band planFormule groupe', '€9.99 / month', '14 days', 'Enabled'],
      ['GiftCadeau', 'Free', 'None', 'Disabled'],
      ['DuoDuo', '€12.50 / month', '1 month', 'Enabled'],
    ]);
    expect(screen.getByText('3 in all')).toBeInTheDocument();
    expect(fetchSpy).toHaveBeenCalledWith('/api/v1/products?p=1&size=20', expect.anything());
  });

  it('speaks French: names, prices and trials in the reader’s language', async () => {
    show('fr');
    expect(screen.getByRole('heading', { level: 1, name: 'Produits' })).toBeInTheDocument();
    const table = await screen.findByRole('table');
    expect(within(table).getByText('Formule groupe')).toBeInTheDocument();
    // Intl writes a narrow no-break space before the euro sign in French.
    expect(within(table).getByText(/^9,99\s€ \/ mois$/)).toBeInTheDocument();
    expect(within(table).getByText('14 jours')).toBeInTheDocument();
    expect(within(table).getByText('Gratuit')).toBeInTheDocument();
  });

  it('says when there is no product yet, and when the list could not be loaded (Try again)', async () => {
    handler = (url) => (url.startsWith('/api/v1/products?') ? json(200, pageOf([])) : undefined);
    const view = show();
    expect(await screen.findByText('No product yet. Create the first one.')).toBeInTheDocument();
    view.unmount();

    let failing = true;
    handler = (url) =>
      url.startsWith('/api/v1/products?')
        ? failing
          ? json(500, errorBody('INTERNAL'))
          : json(200, pageOf([band]))
        : undefined;
    show();
    expect(await screen.findByRole('alert')).toHaveTextContent('The products could not be loaded.');
    failing = false;
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('table')).toBeInTheDocument();
  });

  it('creates a product in cents; a field the server refuses shows its reason on that field', async () => {
    handler = (url, init) =>
      url === '/api/v1/products' && init?.method === 'POST'
        ? json(400, errorBody('VALIDATION_FAILED', { priceCents: 'price_too_low' }))
        : undefined;
    show();
    await screen.findByRole('table');
    await userEvent.click(screen.getByRole('button', { name: 'New product' }));
    const dialog = await screen.findByRole('dialog', { name: 'New product' });
    await userEvent.type(within(dialog).getByRole('textbox', { name: /Name in English/ }), 'Solo');
    await userEvent.type(within(dialog).getByRole('textbox', { name: /Name in French/ }), 'Solo');
    await userEvent.type(within(dialog).getByRole('textbox', { name: /Price per month/ }), '0,4');
    await userEvent.click(within(dialog).getByRole('switch', { name: 'Free trial' }));
    await userEvent.clear(within(dialog).getByRole('spinbutton', { name: 'Trial length' }));
    await userEvent.type(within(dialog).getByRole('spinbutton', { name: 'Trial length' }), '2');
    await userEvent.selectOptions(within(dialog).getByRole('combobox', { name: 'Trial unit' }), 'month');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Create the product' }));

    const price = within(dialog).getByRole('textbox', { name: /Price per month/ });
    await waitFor(() => expect(price).toHaveAttribute('aria-invalid', 'true'));
    expect(within(dialog).getByText('A paid product costs at least €0.50 a month.')).toBeInTheDocument();
    const [post] = calls('POST', '/api/v1/products');
    expect(JSON.parse((post![1] as RequestInit).body as string)).toEqual({
      name: { en: 'Solo', fr: 'Solo' },
      description: { en: '', fr: '' },
      priceCents: 40,
      free: false,
      trial: { length: 2, unit: 'month' },
    });
  });

  it('shows the server’s field error in French too', async () => {
    handler = (url, init) =>
      url === '/api/v1/products' && init?.method === 'POST'
        ? json(400, errorBody('VALIDATION_FAILED', { 'name.fr': 'too_long' }))
        : undefined;
    show('fr');
    await screen.findByRole('table');
    await userEvent.click(screen.getByRole('button', { name: 'Nouveau produit' }));
    const dialog = await screen.findByRole('dialog', { name: 'Nouveau produit' });
    await userEvent.type(within(dialog).getByRole('textbox', { name: /Nom en anglais/ }), 'Solo');
    await userEvent.type(within(dialog).getByRole('textbox', { name: /Nom en français/ }), 'Solo');
    await userEvent.click(within(dialog).getByRole('switch', { name: /Produit gratuit/ }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Créer le produit' }));
    await waitFor(() =>
      expect(within(dialog).getByRole('textbox', { name: /Nom en français/ })).toHaveAttribute('aria-invalid', 'true'),
    );
    expect(within(dialog).getByText('Cette valeur est trop longue.')).toBeInTheDocument();
  });

  it('edits a product with its values filled in, and enables or disables one', async () => {
    handler = (url, init) => {
      if (url === `/api/v1/products/${gift.id}` && init?.method === 'PUT') return json(200, gift);
      if (url === `/api/v1/products/${gift.id}` && (init?.method ?? 'GET') === 'GET') return json(200, gift);
      if (url === `/api/v1/products/${gift.id}/enable`) return json(200, { ...gift, enabled: true });
      return undefined;
    };
    show();
    await screen.findByRole('table');
    await userEvent.click(screen.getByRole('button', { name: 'Edit Gift' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit “Gift”' });
    expect(within(dialog).getByRole('textbox', { name: /Name in French/ })).toHaveValue('Cadeau');
    expect(within(dialog).getByRole('switch', { name: /Free product/ })).toBeChecked();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('“Gift” was saved.')).toBeInTheDocument();
    expect(
      JSON.parse((calls('PUT', `/api/v1/products/${gift.id}`)[0]![1] as RequestInit).body as string),
    ).toMatchObject({
      priceCents: 0,
      free: true,
      trial: null,
    });

    await userEvent.click(screen.getByRole('button', { name: 'Enable Gift' }));
    expect(await screen.findByText('“Gift” is now offered to musicians.')).toBeInTheDocument();
    expect(calls('POST', `/api/v1/products/${gift.id}/enable`)).toHaveLength(1);
  });

  it('reads the product again by id before editing: the form holds what the server has now', async () => {
    const changed = { ...duo, name: { en: 'Duo plus', fr: 'Duo plus' }, priceCents: 1500, trial: null };
    handler = (url, init) =>
      url === `/api/v1/products/${duo.id}` && (init?.method ?? 'GET') === 'GET' ? json(200, changed) : undefined;
    show();
    await screen.findByRole('table');
    await userEvent.click(screen.getByRole('button', { name: 'Edit Duo' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit “Duo”' });
    expect(await within(dialog).findByRole('textbox', { name: /Name in English/ })).toHaveValue('Duo plus');
    expect(within(dialog).getByRole('textbox', { name: /Price per month/ })).toHaveValue('15.00');
    expect(within(dialog).getByRole('switch', { name: 'Free trial' })).not.toBeChecked();
    expect(calls('GET', `/api/v1/products/${duo.id}`)).toHaveLength(1);
  });

  it('says when the product to edit was deleted meanwhile, or could not be read (Try again), in French too', async () => {
    let answer = json(404, errorBody('NOT_FOUND'));
    handler = (url, init) =>
      url === `/api/v1/products/${duo.id}` && (init?.method ?? 'GET') === 'GET' ? answer.clone() : undefined;
    const view = show();
    await screen.findByRole('table');
    await userEvent.click(screen.getByRole('button', { name: 'Edit Duo' }));
    let dialog = await screen.findByRole('dialog', { name: 'Edit “Duo”' });
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'This product no longer exists: it was deleted meanwhile.',
    );
    expect(within(dialog).queryByRole('textbox')).toBeNull();
    act(() => closeModal());
    view.unmount();

    answer = json(500, errorBody('INTERNAL'));
    show('fr');
    await screen.findByRole('table');
    await userEvent.click(screen.getByRole('button', { name: 'Modifier Duo' }));
    dialog = await screen.findByRole('dialog', { name: /Duo/ });
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('Ce produit n’a pas pu être chargé.');
    answer = json(200, duo);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Réessayer' }));
    expect(await within(dialog).findByRole('textbox', { name: /Nom en anglais/ })).toHaveValue('Duo');
  });

  it('deletes after a confirmation; a product in use says to disable it instead', async () => {
    handler = (url, init) =>
      url === `/api/v1/products/${band.id}` && init?.method === 'DELETE'
        ? json(409, errorBody('PRODUCT_IN_USE'))
        : undefined;
    show();
    await screen.findByRole('table');
    await userEvent.click(screen.getByRole('button', { name: 'Delete Band plan' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete “Band plan”?' });
    expect(calls('DELETE', `/api/v1/products/${band.id}`)).toHaveLength(0);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Delete the product' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      '“Band plan” cannot be deleted: musicians subscribed to it. Disable it instead',
    );
    expect(calls('DELETE', `/api/v1/products/${band.id}`)).toHaveLength(1);
  });
});
