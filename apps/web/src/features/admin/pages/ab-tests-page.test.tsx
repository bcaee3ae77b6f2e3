import type { AbTest } from '@tutti/contract/experiments';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ADMIN_USER, errorBody, json, renderAdminAt } from '../../../../test/admin-render';
import { setCurrentUser } from '../../../lib/session';
import { AbTestsPage } from './ab-tests-page';

const healthy: AbTest = {
  id: '33333333-3333-4333-8333-333333333333',
  key: 'onboarding-step-order',
  status: 'running',
  createdAt: '2026-11-27T00:00:00.000Z',
  variants: [
    { key: 'selfcheck-first', weight: 1, assignments: 510, exposures: 500 },
    { key: 'profile-first', weight: 1, assignments: 490, exposures: 480 },
  ],
  srm: { chiSquare: 0.41, pValue: 0.522, mismatch: false },
};
const broken: AbTest = {
  id: '44444444-4444-4444-8444-444444444444',
  key: 'hall-banner',
  status: 'stopped',
  createdAt: '2026-11-27T01:00:00.000Z',
  variants: [
    { key: 'control', weight: 3, assignments: 700, exposures: 690 },
    { key: 'bold', weight: 1, assignments: 300, exposures: 120 },
  ],
  srm: { chiSquare: 39.7, pValue: 2.9e-10, mismatch: true },
};

describe('the A/B tests administration', () => {
  let fetchSpy: ReturnType<typeof vi.fn>;
  let answer: (url: string, init?: RequestInit) => Response;
  const calls = () =>
    fetchSpy.mock.calls.map(([url, init]) => ({
      what: `${(init as RequestInit | undefined)?.method ?? 'GET'} ${url as string}`,
      body: (init as RequestInit | undefined)?.body,
    }));

  beforeEach(() => {
    setCurrentUser(ADMIN_USER);
    answer = () => json(200, [healthy, broken]);
    fetchSpy = vi.fn((url: string, init?: RequestInit) => Promise.resolve(answer(url, init)));
    vi.stubGlobal('fetch', fetchSpy);
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    setCurrentUser(null);
  });

  it('lists each test with its counts per variant and flags the broken split only', async () => {
    renderAdminAt('/admin/ab-tests', '/admin/ab-tests', <AbTestsPage />);
    const first = await screen.findByRole('region', { name: 'onboarding-step-order' });
    expect(document.title).toBe('A/B tests · Administration | Tutti');
    const rows = within(first)
      .getAllByRole('row')
      .map((r) => r.textContent);
    expect(rows).toEqual(['VariantShareAssignedExposed', 'selfcheck-first50 %510500', 'profile-first50 %490480']);
    expect(within(first).getByText('Split as expected (p = 0.522).')).toBeInTheDocument();
    expect(within(first).queryByText('Sample ratio mismatch')).not.toBeInTheDocument();

    const second = screen.getByRole('region', { name: 'hall-banner' });
    expect(within(second).getByText('Sample ratio mismatch')).toBeInTheDocument();
    expect(within(second).getByText('Stopped')).toBeInTheDocument();
    expect(within(second).getByText(/Broken split/)).toHaveTextContent('p = 2.90e-10 < 0.001');
    expect(within(second).getByText('control').closest('tr')).toHaveTextContent('75 %');
  });

  it('creates a test with its variants and weights, and shows the error the server gives', async () => {
    answer = (_url, init) => (init?.method === 'POST' ? json(409, errorBody('AB_TEST_EXISTS')) : json(200, [healthy]));
    renderAdminAt('/admin/ab-tests', '/admin/ab-tests', <AbTestsPage />);
    await screen.findByRole('region', { name: 'onboarding-step-order' });
    await userEvent.type(screen.getByRole('textbox', { name: /^Key/ }), 'pricing-copy');
    await userEvent.click(screen.getByRole('button', { name: 'Add a variant' }));
    await userEvent.type(screen.getByRole('textbox', { name: 'Variant 3' }), 'short');
    const weight = screen.getByRole('textbox', { name: 'Weight 3' });
    await userEvent.clear(weight);
    await userEvent.type(weight, '2');
    await userEvent.click(screen.getByRole('button', { name: 'Create the test' }));
    await waitFor(() => expect(calls().some((c) => c.what === 'POST /api/v1/ab-tests')).toBe(true));
    const sent = calls().find((c) => c.what === 'POST /api/v1/ab-tests')?.body;
    expect(JSON.parse(sent as string)).toEqual({
      key: 'pricing-copy',
      status: 'running',
      variants: [
        { key: 'control', weight: 1 },
        { key: 'treatment', weight: 1 },
        { key: 'short', weight: 2 },
      ],
    });
    expect(await screen.findByText('An A/B test with this key exists already.')).toBeInTheDocument();
  });

  it('deletes a test only once confirmed', async () => {
    renderAdminAt('/admin/ab-tests', '/admin/ab-tests', <AbTestsPage />);
    const second = await screen.findByRole('region', { name: 'hall-banner' });
    await userEvent.click(within(second).getByRole('button', { name: 'Delete' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete this A/B test?' });
    expect(calls().some((c) => c.what.startsWith('DELETE'))).toBe(false);
    answer = (_url, init) => (init?.method === 'DELETE' ? new Response(null, { status: 204 }) : json(200, [healthy]));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(calls().map((c) => c.what)).toContain(`DELETE /api/v1/ab-tests/${broken.id}`));
    await waitFor(() => expect(screen.queryByRole('region', { name: 'hall-banner' })).not.toBeInTheDocument());
  });

  it('speaks French', async () => {
    renderAdminAt('/admin/ab-tests', '/admin/ab-tests', <AbTestsPage />, { locale: 'fr' });
    const second = await screen.findByRole('region', { name: 'hall-banner' });
    expect(within(second).getByText('Déséquilibre de répartition')).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: 'Tests A/B' })).toBeInTheDocument();
  });
});
