import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { AvailableProduct, MySubscriptions } from '@tutti/contract/subscriptions';
import { renderWithProviders } from '../../../../test/render';
import { setCurrentUser } from '../../../lib/session';
import { json, ME, mySessionsWith, noSubscriptions, offerOf, subscriptionOf } from '../test-fixtures';
import { SubscriptionPage } from './subscription-page';

const CLAIM = '/api/v1/subscriptions/tokens/claim';

describe('SubscriptionPage', () => {
  let mine: MySubscriptions;
  let mineFails: boolean;
  let offers: AvailableProduct[];
  let minutes: number | null;
  let claim: (code: string) => Response;
  let fetchSpy: ReturnType<typeof vi.fn>;
  const called = (prefix: string) => fetchSpy.mock.calls.filter(([url]) => (url as string).startsWith(prefix));

  beforeEach(() => {
    setCurrentUser(ME);
    mine = noSubscriptions();
    mineFails = false;
    offers = [offerOf()];
    minutes = 42;
    claim = () => json(404, { error: { code: 'PROMO_CODE_UNKNOWN', message: 'unknown code' } });
    fetchSpy = vi.fn((url: string, init?: RequestInit) => {
      if (url === '/api/v2/me/subscriptions')
        return Promise.resolve(
          mineFails ? json(500, { error: { code: 'INTERNAL', message: 'boom' } }) : json(200, mine),
        );
      if (url === '/api/v1/me/available-products') return Promise.resolve(json(200, offers));
      if (url.startsWith('/api/v1/me/sessions?')) return Promise.resolve(json(200, mySessionsWith(minutes)));
      if (url === CLAIM && init?.method === 'POST') {
        const { code } = JSON.parse(init.body as string) as { code: string };
        return Promise.resolve(claim(code));
      }
      return Promise.resolve(json(404, { error: { code: 'NOT_FOUND', message: 'no' } }));
    });
    vi.stubGlobal('fetch', fetchSpy);
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    setCurrentUser(null);
  });

  it('without a subscription: says so, with the free minutes left and what subscribing changes', async () => {
    renderWithProviders(<SubscriptionPage />);
    expect(screen.getByRole('heading', { level: 1, name: 'My offer' })).toBeInTheDocument();
    await waitFor(() => expect(document.title).toBe('My offer | Tutti'));
    const current = within(screen.getByRole('region', { name: 'My subscription' }));
    expect(await current.findByText('You have no subscription')).toBeInTheDocument();
    expect(await current.findByText('42 minutes of open rehearsal left this month.')).toBeInTheDocument();
    expect(await current.findByText(/A subscription removes this limit/)).toBeInTheDocument();
  });

  it('with every product disabled: the minutes left, no promise that subscribing removes the limit', async () => {
    offers = [];
    renderWithProviders(<SubscriptionPage />);
    const current = within(screen.getByRole('region', { name: 'My subscription' }));
    expect(await current.findByText('42 minutes of open rehearsal left this month.')).toBeInTheDocument();
    expect(await screen.findByText('No offer is available at the moment.')).toBeInTheDocument();
    expect(current.queryByText(/A subscription removes this limit/)).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Subscribe|trial/ })).not.toBeInTheDocument();
  });

  it('a promo-code subscription: product, status, the day it ends (no renewal) and its source', async () => {
    mine = noSubscriptions({ current: subscriptionOf() });
    renderWithProviders(<SubscriptionPage />);
    const current = within(screen.getByRole('region', { name: 'My subscription' }));
    expect(await current.findByRole('heading', { name: 'Band plan' })).toBeInTheDocument();
    expect(current.getByText('Active')).toBeInTheDocument();
    expect(current.getByText('Ends on 15 March 2031')).toBeInTheDocument();
    expect(current.getByText('Given by a promo code')).toBeInTheDocument();
    expect(current.queryByText(/Renews on/)).not.toBeInTheDocument();
    expect(current.queryByText('You have no subscription')).not.toBeInTheDocument();
    // Subscribed: no minutes to count, so they are not asked for.
    expect(called('/api/v1/me/sessions')).toHaveLength(0);
  });

  it('a trial: its end, and the renewal after it, in French', async () => {
    mine = noSubscriptions({
      current: subscriptionOf({
        status: 'trialing',
        source: 'card',
        trialEnd: '2031-01-10T12:00:00.000Z',
        currentPeriodEnd: '2031-01-10T12:00:00.000Z',
        cancelAtPeriodEnd: false,
      }),
    });
    renderWithProviders(<SubscriptionPage />, { locale: 'fr' });
    const current = within(screen.getByRole('region', { name: 'Mon abonnement' }));
    expect(await current.findByRole('heading', { name: 'Formule groupe' })).toBeInTheDocument();
    expect(current.getByText('Essai gratuit')).toBeInTheDocument();
    expect(current.getByText('Essai gratuit jusqu’au 10 janvier 2031')).toBeInTheDocument();
    expect(current.getByText('Se renouvelle le 10 janvier 2031')).toBeInTheDocument();
  });

  it('lists the offers: name, description, price per month and trial, in English', async () => {
    offers = [
      offerOf(),
      offerOf({
        id: '77777777-7777-4777-8777-777777777777',
        name: { en: 'Studio', fr: 'Studio' },
        priceCents: 1990,
        trial: { length: 14, unit: 'day' },
      }),
      offerOf({ id: '88888888-8888-4888-8888-888888888888', name: { en: 'Pro', fr: 'Pro' }, trialAvailable: false }),
    ];
    renderWithProviders(<SubscriptionPage />);
    const section = within(screen.getByRole('region', { name: 'Offers' }));
    const cards = await section.findAllByRole('listitem');
    expect(cards).toHaveLength(3);
    const [band, studio, pro] = cards.map((c) => within(c));
    expect(band!.getByRole('heading', { name: 'Band plan' })).toBeInTheDocument();
    expect(band!.getByText('Unlimited open rehearsals.')).toBeInTheDocument();
    expect(band!.getByText('€9.99 / month')).toBeInTheDocument();
    expect(band!.getByText('1 month free')).toBeInTheDocument();
    expect(band!.getByRole('button', { name: 'Start my free trial' })).toBeInTheDocument();
    expect(studio!.getByText('€19.90 / month')).toBeInTheDocument();
    expect(studio!.getByText('14 days free')).toBeInTheDocument();
    expect(studio!.getByRole('button', { name: 'Start my free trial' })).toBeInTheDocument();
    // Its trial is used: not offered again, the offer is paid from the first month.
    expect(pro!.queryByText(/free$/)).not.toBeInTheDocument();
    expect(pro!.getByRole('button', { name: 'Subscribe' })).toBeInTheDocument();
    expect(pro!.queryByRole('button', { name: 'Start my free trial' })).not.toBeInTheDocument();
  });

  it('writes prices and trials the French way', async () => {
    offers = [offerOf(), offerOf({ id: '77777777-7777-4777-8777-777777777777', trial: { length: 14, unit: 'day' } })];
    renderWithProviders(<SubscriptionPage />, { locale: 'fr' });
    const section = within(screen.getByRole('region', { name: 'Offres' }));
    const [first] = await section.findAllByText('9,99 € / mois');
    // A no-break space between the amount and the euro sign.
    expect(first!.textContent).toBe('9,99\u00a0€ / mois');
    expect(section.getByText('1 mois offert')).toBeInTheDocument();
    expect(section.getByText('14 jours offerts')).toBeInTheDocument();
    expect(await section.findAllByRole('button', { name: 'Commencer mon essai gratuit' })).toHaveLength(2);
  });

  it('says when no offer is available', async () => {
    offers = [];
    renderWithProviders(<SubscriptionPage />);
    const section = within(screen.getByRole('region', { name: 'Offers' }));
    expect(await section.findByText('No offer is available at the moment.')).toBeInTheDocument();
    expect(section.queryByRole('list')).not.toBeInTheDocument();
  });

  it('an empty promo code gets the spec’s message, and nothing is sent', async () => {
    renderWithProviders(<SubscriptionPage />);
    await userEvent.click(screen.getByRole('button', { name: 'Apply' }));
    expect(await screen.findByText('Please input your discount code.')).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: /Promo code/ })).toHaveAttribute('aria-invalid', 'true');
    expect(called(CLAIM)).toHaveLength(0);
  });

  it('an unknown code: the server’s refusal under the field, in the reader’s language', async () => {
    renderWithProviders(<SubscriptionPage />, { locale: 'fr' });
    await userEvent.type(screen.getByRole('textbox', { name: /Code promo/ }), 'nope-42');
    await userEvent.click(screen.getByRole('button', { name: 'Appliquer' }));
    expect(await screen.findByText('Ce code n’existe pas ou a expiré. Vérifiez son orthographe.')).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: /Code promo/ })).toHaveAttribute('aria-invalid', 'true');
    // Sent as the code is written (upper case), trimmed.
    expect(JSON.parse(called(CLAIM)[0]![1].body as string)).toEqual({ code: 'NOPE-42' });
  });

  it('a code already used: its own message', async () => {
    claim = () => json(409, { error: { code: 'PROMO_CODE_USED', message: 'used' } });
    renderWithProviders(<SubscriptionPage />);
    await userEvent.type(screen.getByRole('textbox', { name: /Promo code/ }), 'SPRING-24');
    await userEvent.click(screen.getByRole('button', { name: 'Apply' }));
    expect(await screen.findByText('This code has already been used.')).toBeInTheDocument();
  });

  it('a code applied: says what it gave and until when, and the page shows the new subscription', async () => {
    const given = subscriptionOf();
    claim = (code) => {
      if (code !== 'SPRING-24') return json(404, { error: { code: 'PROMO_CODE_UNKNOWN', message: 'unknown' } });
      mine = noSubscriptions({ current: given });
      minutes = null;
      return json(200, given);
    };
    renderWithProviders(<SubscriptionPage />);
    const current = within(screen.getByRole('region', { name: 'My subscription' }));
    expect(await current.findByText('You have no subscription')).toBeInTheDocument();

    const input = screen.getByRole('textbox', { name: /Promo code/ });
    await userEvent.type(input, ' spring-24 ');
    await userEvent.click(screen.getByRole('button', { name: 'Apply' }));
    expect(await screen.findByRole('status')).toHaveTextContent('Code applied: Band plan until 15 March 2031');
    expect(input).toHaveValue('');
    expect(await current.findByText('Ends on 15 March 2031')).toBeInTheDocument();
    expect(current.queryByText('You have no subscription')).not.toBeInTheDocument();
    expect(called('/api/v2/me/subscriptions').length).toBeGreaterThanOrEqual(2);
  });

  it('lists past subscriptions with their period and status', async () => {
    mine = noSubscriptions({
      past: [
        subscriptionOf({
          status: 'canceled',
          currentPeriodStart: '2030-01-15T12:00:00.000Z',
          currentPeriodEnd: '2030-04-15T12:00:00.000Z',
        }),
      ],
    });
    renderWithProviders(<SubscriptionPage />);
    const past = within(await screen.findByRole('region', { name: 'Past subscriptions' }));
    expect(past.getByText('Band plan')).toBeInTheDocument();
    expect(past.getByText('15 January 2030 – 15 April 2030')).toBeInTheDocument();
    expect(past.getByText('Ended')).toBeInTheDocument();
  });

  it('a subscription that cannot be loaded offers to try again', async () => {
    mineFails = true;
    renderWithProviders(<SubscriptionPage />);
    expect(await screen.findByText('Your subscription could not be loaded.')).toBeInTheDocument();
    mineFails = false;
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('You have no subscription')).toBeInTheDocument();
  });
});
