import type { ComponentType } from 'react';
import { redirect, type LoaderFunctionArgs, type RouteObject } from 'react-router';
import { PATHS } from '../lib/paths';
import { BootScreen } from './boot-screen';
import { ADMIN } from './guards';
import { guard } from './route-guard';
import { loadChunk } from './load-chunk';

/** An administration page: administrators only (a musician gets the not-found page, without the administration's
 *  frame around it), its code loaded when opened so that no musician downloads it. */
const page = (path: string, Component: () => Promise<ComponentType>): RouteObject => ({
  path,
  loader: guard(ADMIN),
  lazy: { Component },
});

/**
 * The administration (issues 12 and 14): `/admin` goes to the dashboard; the pages share a wider layout with the
 * sections' navigation (features/admin/admin-layout.tsx). The subscriptions' pages are that domain's.
 */
export const adminRoutes: RouteObject[] = [
  {
    path: 'admin',
    loader: async (args: LoaderFunctionArgs) => {
      await guard(ADMIN)(args);
      return redirect(PATHS.adminDashboard);
    },
    Component: BootScreen,
  },
  {
    lazy: { Component: async () => (await loadChunk(import('../features/admin/admin-layout'))).AdminLayout },
    children: [
      page(
        'admin/dashboard',
        async () => (await loadChunk(import('../features/admin/pages/dashboard-page'))).DashboardPage,
      ),
      page(
        'admin/accounts',
        async () => (await loadChunk(import('../features/admin/pages/accounts-page'))).AccountsPage,
      ),
      page(
        'admin/accounts/:id',
        async () => (await loadChunk(import('../features/admin/pages/account-page'))).AccountPage,
      ),
      page(
        'admin/audit-log',
        async () => (await loadChunk(import('../features/admin/pages/audit-log-page'))).AuditLogPage,
      ),
      page('admin/rooms', async () => (await loadChunk(import('../features/admin/pages/rooms-page'))).RoomsPage),
      page(
        'admin/audio-client',
        async () => (await loadChunk(import('../features/admin/pages/nals-versions-page'))).NalsVersionsPage,
      ),
      page(
        'admin/test-rehearsals',
        async () => (await loadChunk(import('../features/admin/pages/test-rehearsals-page'))).TestRehearsalsPage,
      ),
      page(
        'admin/ab-tests',
        async () => (await loadChunk(import('../features/admin/pages/ab-tests-page'))).AbTestsPage,
      ),
      page(
        'admin/products',
        async () => (await loadChunk(import('../features/subscriptions/admin/pages/products-page'))).ProductsPage,
      ),
      page(
        'admin/promo-codes',
        async () => (await loadChunk(import('../features/subscriptions/admin/pages/promo-codes-page'))).PromoCodesPage,
      ),
      page(
        'admin/subscriptions',
        async () =>
          (await loadChunk(import('../features/subscriptions/admin/pages/admin-subscriptions-page')))
            .AdminSubscriptionsPage,
      ),
      page(
        'admin/payment-incidents',
        async () =>
          (await loadChunk(import('../features/subscriptions/admin/pages/payment-incidents-page')))
            .PaymentIncidentsPage,
      ),
      page('admin/news', async () => (await loadChunk(import('../features/admin/pages/articles-page'))).NewsAdminPage),
      page(
        'admin/blog-posts',
        async () => (await loadChunk(import('../features/admin/pages/articles-page'))).BlogPostsAdminPage,
      ),
      page(
        'admin/banners',
        async () => (await loadChunk(import('../features/admin/pages/banners-page'))).BannersAdminPage,
      ),
    ],
  },
];
