import { MantineProvider } from '@mantine/core';
import { render, screen, within } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { MemoryRouter, Route, Routes } from 'react-router';
import { describe, expect, it } from 'vitest';
import type { Locale } from '@tutti/contract/common';
import { cssVariablesResolver, theme } from '../../app/theme';
import { initI18n } from '../../lib/i18n';
import { AdminLayout } from './admin-layout';

function showAt(url: string, locale: Locale = 'en') {
  return render(
    <I18nextProvider i18n={initI18n(locale)}>
      <MantineProvider theme={theme} cssVariablesResolver={cssVariablesResolver}>
        <MemoryRouter initialEntries={[url]}>
          <Routes>
            <Route element={<AdminLayout />}>
              <Route path="/admin/products" element={<h1>products page</h1>} />
              <Route path="/admin/subscriptions" element={<h1>subscriptions page</h1>} />
            </Route>
          </Routes>
        </MemoryRouter>
      </MantineProvider>
    </I18nextProvider>,
  );
}

describe('AdminLayout', () => {
  it('names its sections in a navigation landmark, the current one marked, around the page', () => {
    showAt('/admin/subscriptions');
    const nav = screen.getByRole('navigation', { name: 'Administration' });
    const links = within(nav).getAllByRole('link');
    expect(links.map((l) => [l.textContent, l.getAttribute('href')])).toEqual([
      ['Dashboard', '/admin/dashboard'],
      ['Accounts', '/admin/accounts'],
      ['Audit log', '/admin/audit-log'],
      ['Room servers', '/admin/rooms'],
      ['Audio client', '/admin/audio-client'],
      ['Test rehearsals', '/admin/test-rehearsals'],
      ['A/B tests', '/admin/ab-tests'],
      ['Products', '/admin/products'],
      ['Promo codes', '/admin/promo-codes'],
      ['Subscriptions', '/admin/subscriptions'],
      ['Payment incidents', '/admin/payment-incidents'],
      ['News', '/admin/news'],
      ['Blog posts', '/admin/blog-posts'],
      ['Banners', '/admin/banners'],
    ]);
    expect(within(nav).getByRole('link', { name: 'Subscriptions' })).toHaveAttribute('aria-current', 'page');
    expect(within(nav).getByRole('link', { name: 'Products' })).not.toHaveAttribute('aria-current');
    expect(screen.getByRole('heading', { name: 'subscriptions page' })).toBeInTheDocument();
  });

  it('speaks French', () => {
    showAt('/admin/products', 'fr');
    const nav = screen.getByRole('navigation', { name: 'Administration' });
    expect(
      within(nav)
        .getAllByRole('link')
        .map((l) => l.textContent),
    ).toEqual([
      'Tableau de bord',
      'Comptes',
      'Journal d’audit',
      'Serveurs de salles',
      'Client audio',
      'Répétitions de test',
      'Tests A/B',
      'Produits',
      'Codes promo',
      'Abonnements',
      'Écarts de paiement',
      'Actualités',
      'Blog',
      'Bannières',
    ]);
    expect(within(nav).getByRole('link', { name: 'Produits' })).toHaveAttribute('aria-current', 'page');
  });
});
