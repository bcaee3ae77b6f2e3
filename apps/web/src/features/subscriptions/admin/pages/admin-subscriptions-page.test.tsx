import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setCurrentUser } from '../../../../lib/session';
import { ADMIN_USER, adminSubscriptionOf, errorBody, json, pageOf, renderAdminAt } from '../test-render';
import { AdminSubscriptionsPage } from './admin-subscriptions-page';

const ana = adminSubscriptionOf();
const ben = adminSubscriptionOf({
  id: '66666666-6666-4666-8666-000000000002',
  account: { id: '33333333-3333-4333-8333-333333333333', username: 'ben', email: 'ben@example.org' },
  status: 'trialing',
  source: 'promo',
  cancelAtPeriodEnd: true,
  cancellation: { at: '2031-01-02T10:00:00.000Z', reason: 'connection_issues', text: 'Too much lag at home.' },
});

describe('AdminSubscriptionsPage', () => {
  let fetchSpy: ReturnType<typeof vi.fn>;
  let answer: (url: string) => Response;
  const location = () => screen.getByTestId('location').textContent;
  const requested = () => fetchSpy.mock.calls.map(([url]) => url as string);
  const show = (url = '/admin/subscriptions', locale: 'en' | 'fr' = 'en') =>
    renderAdminAt(url, '/admin/subscriptions', <AdminSubscriptionsPage />, { locale });

  beforeEach(() => {
    setCurrentUser(ADMIN_USER);
    answer = () => json(200, pageOf([ana, ben]));
    fetchSpy = vi.fn((url: string) => Promise.resolve(answer(url)));
    vi.stubGlobal('fetch', fetchSpy);
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    setCurrentUser(null);
  });

  it('lists every subscription: musician, product, status, source, period end, cancellation', async () => {
    show();
    expect(screen.getByRole('heading', { level: 1, name: 'Subscriptions' })).toBeInTheDocument();
    await waitFor(() => expect(document.title).toBe('Subscriptions · Administration | Tutti'));
    const table = await screen.findByRole('table');
    const rows = within(table).getAllByRole('row').slice(1);
    expect(
      within(rows[0]!)
        .getAllByRole('cell')
        .map((c) => c.textContent),
    ).toEqual(['anaana@example.org', 'Band plan', 'Active', 'Card', '15 December 2030', '15 January 2031renews', '—']);
    expect(
      within(rows[1]!)
        .getAllByRole('cell')
        .map((c) => c.textContent),
    ).toEqual([
      'benben@example.org',
      'Band plan',
      'Free trial',
      'Promo code',
      '15 December 2030',
      '15 January 2031does not renew',
      '2 January 2031Connection issuesToo much lag at home.',
    ]);
    expect(screen.getByText('2 in all')).toBeInTheDocument();
    expect(requested()).toEqual(['/api/v1/subscriptions?p=1&size=20&filter=all&sort=createdAt&order=desc']);
  });

  it('reads the filter and the page from the address, and keeps a new filter there (from its first page)', async () => {
    answer = () => json(200, pageOf([ben], 45, 2));
    show('/admin/subscriptions?filter=canceling&p=2');
    await screen.findByRole('table');
    expect(requested()).toEqual(['/api/v1/subscriptions?p=2&size=20&filter=canceling&sort=createdAt&order=desc']);
    const filter = screen.getByRole('combobox', { name: 'Show' });
    expect(filter).toHaveValue('canceling');

    await userEvent.selectOptions(filter, 'past_due');
    await waitFor(() => expect(location()).toBe('/admin/subscriptions?filter=past_due'));
    await waitFor(() =>
      expect(requested()).toContain('/api/v1/subscriptions?p=1&size=20&filter=past_due&sort=createdAt&order=desc'),
    );

    // The pager moves through the filtered list, in the address too.
    await userEvent.click(await screen.findByRole('button', { name: 'Page 3' }));
    await waitFor(() => expect(location()).toBe('/admin/subscriptions?filter=past_due&p=3'));
    await waitFor(() =>
      expect(requested()).toContain('/api/v1/subscriptions?p=3&size=20&filter=past_due&sort=createdAt&order=desc'),
    );

    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Show' }), 'all');
    await waitFor(() => expect(location()).toBe('/admin/subscriptions'));
  });

  it('finds a musician’s subscriptions and sorts by a column, both kept in the address', async () => {
    show('/admin/subscriptions?filter=active&p=2');
    await screen.findByRole('table');
    await userEvent.type(screen.getByRole('searchbox', { name: 'Musician' }), '  ana@example.org ');
    await userEvent.click(screen.getByRole('button', { name: 'Search' }));
    // A new search starts at its first page, and keeps the filter.
    await waitFor(() => expect(location()).toBe('/admin/subscriptions?filter=active&q=ana%40example.org'));
    await waitFor(() =>
      expect(requested()).toContain(
        '/api/v1/subscriptions?p=1&size=20&filter=active&sort=createdAt&order=desc&q=ana%40example.org',
      ),
    );

    // The musician column sorts A to Z first, then Z to A; the header says which.
    const byMusician = screen.getByRole('button', { name: 'Sort by Musician' });
    await userEvent.click(byMusician);
    await waitFor(() =>
      expect(location()).toBe('/admin/subscriptions?filter=active&q=ana%40example.org&sort=username&order=asc'),
    );
    expect(byMusician.closest('th')).toHaveAttribute('aria-sort', 'ascending');
    await userEvent.click(screen.getByRole('button', { name: 'Sort by Musician' }));
    await waitFor(() =>
      expect(location()).toBe('/admin/subscriptions?filter=active&q=ana%40example.org&sort=username'),
    );
    await waitFor(() =>
      expect(requested()).toContain(
        '/api/v1/subscriptions?p=1&size=20&filter=active&sort=username&order=desc&q=ana%40example.org',
      ),
    );
    // The next renewals first.
    await userEvent.click(screen.getByRole('button', { name: 'Sort by Period ends' }));
    await waitFor(() =>
      expect(location()).toBe('/admin/subscriptions?filter=active&q=ana%40example.org&sort=currentPeriodEnd&order=asc'),
    );
  });

  it('an unknown filter in the address shows them all', async () => {
    show('/admin/subscriptions?filter=bogus');
    await screen.findByRole('table');
    expect(requested()).toEqual(['/api/v1/subscriptions?p=1&size=20&filter=all&sort=createdAt&order=desc']);
  });

  it('says when none matches, and when the list could not be loaded, in French', async () => {
    answer = () => json(200, pageOf([]));
    const view = show('/admin/subscriptions?filter=past_due', 'fr');
    expect(await screen.findByText('Aucun abonnement ne correspond.')).toBeInTheDocument();
    view.unmount();

    answer = () => json(500, errorBody('INTERNAL'));
    show('/admin/subscriptions', 'fr');
    expect(await screen.findByRole('alert')).toHaveTextContent('Les abonnements n’ont pas pu être chargés.');
    expect(screen.getByRole('button', { name: 'Réessayer' })).toBeInTheDocument();
  });
});
