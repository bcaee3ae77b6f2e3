import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Invoice, PaymentMethods, SubscriptionQuote } from '@tutti/contract/payments';
import type { AvailableProduct, MySubscriptions } from '@tutti/contract/subscriptions';
import { renderWithProviders } from '../../../../test/render';
import { setCurrentUser } from '../../../lib/session';
import { SubscriptionPage } from '../pages/subscription-page';
import {
  CARD_SETUP,
  cardOf,
  invoiceOf,
  json,
  ME,
  mySessionsWith,
  noSubscriptions,
  offerOf,
  subscriptionOf,
} from '../test-fixtures';

type Body = Record<string, string | number>;
const SUBSCRIBE = '/api/v2/me/subscriptions';
const QUOTE = '/api/v1/me/subscriptions/quote';
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

/** What the server quotes for a card: the trial (ending on 15 January 2031) or the first month today. */
const quoteOf = (body: Body, patch: Partial<SubscriptionQuote> = {}): SubscriptionQuote => ({
  productId: String(body.productId),
  paymentMethod: String(body.paymentMethod),
  trial: false,
  amountTodayCents: 999,
  priceCents: 999,
  currency: 'EUR',
  trialEnd: null,
  ...patch,
});
const TRIAL = { trial: true, amountTodayCents: 0, trialEnd: '2031-01-15T12:00:00.000Z' } as const;
const AUTHENTICATE = '/api/payments/sandbox/v1/payment_intents/pi_1/authenticate';
const SUBSCRIPTION_ID = '66666666-6666-4666-8666-666666666666';
const VALIDATE = `/api/v1/subscriptions/${SUBSCRIPTION_ID}/validate`;

describe('subscribing from an offer', () => {
  let mine: MySubscriptions;
  let offers: AvailableProduct[];
  let cards: PaymentMethods;
  let invoices: Invoice[];
  let subscribe: (body: Body) => Response;
  let quote: (body: Body) => Response;
  let validate: () => Response;
  let fetchSpy: ReturnType<typeof vi.fn>;
  const called = (url: string) => fetchSpy.mock.calls.filter(([u, init]) => u === url && init?.method === 'POST');
  const bodyOf = (url: string, i = 0) => JSON.parse(called(url)[i]![1].body as string) as Body;

  beforeEach(() => {
    setCurrentUser(ME);
    mine = noSubscriptions();
    offers = [offerOf()];
    cards = { items: [], lastCardRequired: false };
    invoices = [];
    subscribe = () => json(400, { error: { code: 'INTERNAL', message: 'unset' } });
    quote = (body) => json(200, quoteOf(body));
    validate = () => json(500, { error: { code: 'INTERNAL', message: 'unset' } });
    fetchSpy = vi.fn((url: string, init?: RequestInit) => {
      const method = init?.method ?? 'GET';
      const body = init?.body ? (JSON.parse(init.body as string) as Body) : {};
      if (url === SUBSCRIBE && method === 'GET') return Promise.resolve(json(200, mine));
      if (url === SUBSCRIBE) return Promise.resolve(subscribe(body));
      if (url === QUOTE) return Promise.resolve(quote(body));
      if (url === '/api/v1/me/available-products') return Promise.resolve(json(200, offers));
      if (url.startsWith('/api/v1/me/sessions?')) return Promise.resolve(json(200, mySessionsWith(42)));
      if (url === '/api/v1/me/payments/methods' && method === 'POST') return Promise.resolve(json(201, CARD_SETUP));
      if (url === '/api/v1/me/payments/methods') return Promise.resolve(json(200, cards));
      if (url === '/api/v1/me/payments/invoices') return Promise.resolve(json(200, invoices));
      if (url === CARD_SETUP.confirmUrl) {
        cards = { items: [cardOf({ id: 'pm_new' })], lastCardRequired: false };
        return Promise.resolve(json(200, { id: 'seti_1', status: 'succeeded', payment_method: 'pm_new' }));
      }
      if (url === AUTHENTICATE) return Promise.resolve(json(200, { id: 'pi_1', status: 'succeeded' }));
      if (url === VALIDATE) return Promise.resolve(validate());
      return Promise.resolve(json(404, { error: { code: 'NOT_FOUND', message: 'no' } }));
    });
    vi.stubGlobal('fetch', fetchSpy);
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    setCurrentUser(null);
  });

  it('a trial without a card: the payment form first, then the password (a wrong one on its field), then what I got', async () => {
    const trialing = subscriptionOf({
      status: 'trialing',
      source: 'card',
      cancelAtPeriodEnd: false,
      trialEnd: '2031-01-15T12:00:00.000Z',
      currentPeriodEnd: '2031-01-15T12:00:00.000Z',
    });
    subscribe = (body) => {
      if (body.password !== 'right-password')
        return json(400, {
          error: { code: 'WRONG_PASSWORD', message: 'wrong', fields: { password: 'wrong_password' } },
        });
      mine = noSubscriptions({ current: trialing });
      return json(201, { subscription: trialing, payment: null });
    };
    quote = (body) => json(200, quoteOf(body, TRIAL));
    renderWithProviders(<SubscriptionPage />);
    await userEvent.click(await screen.findByRole('button', { name: 'Start my free trial' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Start your free trial of Band plan' }));
    await userEvent.type(await dialog.findByRole('textbox', { name: /Card number/ }), '4242424242424242');
    await userEvent.type(dialog.getByRole('textbox', { name: /Expiry date/ }), '1230');
    await userEvent.type(dialog.getByRole('textbox', { name: /Security code/ }), '123');
    await userEvent.click(dialog.getByRole('button', { name: 'Save the card' }));

    expect(await dialog.findByText('Visa •••• 4242')).toBeInTheDocument();
    expect(await dialog.findByText('Free until 15 January 2031, then €9.99 a month.')).toBeInTheDocument();
    const password = dialog.getByLabelText(/Your password/);
    await userEvent.type(password, 'nope');
    await userEvent.click(dialog.getByRole('button', { name: 'Start my free trial' }));
    expect(await dialog.findByText('This password is not correct.')).toBeInTheDocument();

    await userEvent.clear(password);
    await userEvent.type(password, 'right-password');
    await userEvent.click(dialog.getByRole('button', { name: 'Start my free trial' }));
    expect(await dialog.findByText('Welcome to Band plan!')).toBeInTheDocument();
    expect(screen.getByRole('dialog', { name: 'Your free trial of Band plan has started' })).toBeInTheDocument();
    expect(
      dialog.getByText('Your free trial runs until 15 January 2031. Then €9.99 a month, unless you cancel before.'),
    ).toBeInTheDocument();
    expect(dialog.getByRole('link', { name: 'Back to the hall' })).toHaveAttribute('href', '/studio/hall');
    expect(bodyOf(QUOTE)).toEqual({ productId: offers[0]!.id, paymentMethod: 'pm_new' });
    expect(bodyOf(SUBSCRIBE, 1)).toEqual({
      productId: offers[0]!.id,
      password: 'right-password',
      paymentMethod: 'pm_new',
      idempotencyKey: expect.stringMatching(UUID),
      expectedAmountCents: 0,
    });
    // The same confirmation tried again (after the wrong password) keeps its key.
    expect(bodyOf(SUBSCRIBE, 0).idempotencyKey).toBe(bodyOf(SUBSCRIBE, 1).idempotencyKey);

    // The page behind shows the trial, and no offer button any more.
    const current = within(screen.getByRole('region', { name: 'My subscription', hidden: true }));
    expect(await current.findByText('Free trial until 15 January 2031')).toBeInTheDocument();
    // Types a whole card key by key, then two passwords.
  }, 20_000);

  it('a declined payment: the reason in my language, the button back, another card offered', async () => {
    offers = [offerOf({ trial: null, trialAvailable: false })];
    cards = { items: [cardOf({ id: 'pm_0341', last4: '0341' })], lastCardRequired: false };
    subscribe = () =>
      json(402, {
        error: { code: 'PAYMENT_FAILED', message: 'refused', details: { declineCode: 'insufficient_funds' } },
      });
    renderWithProviders(<SubscriptionPage />, { locale: 'fr' });
    await userEvent.click(await screen.findByRole('button', { name: 'S’abonner' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'S’abonner à Formule groupe' }));
    expect(await dialog.findByText('Visa •••• 0341')).toBeInTheDocument();
    expect(await dialog.findByText(/^9,99\s€ aujourd’hui, puis 9,99\s€ par mois\.$/)).toBeInTheDocument();
    await userEvent.type(dialog.getByLabelText(/Votre mot de passe/), 'secret-password');
    const pay = dialog.getByRole('button', { name: /^M’abonner – 9,99\s€ aujourd’hui$/ });
    await userEvent.click(pay);
    expect(await dialog.findByRole('alert')).toHaveTextContent(
      'La provision de cette carte est insuffisante. Rien n’a été prélevé : essayez une autre carte.',
    );
    expect(pay).toBeEnabled();
    await userEvent.click(dialog.getByRole('button', { name: 'Utiliser une autre carte' }));
    expect(await dialog.findByRole('checkbox', { name: 'En faire ma carte par défaut' })).toBeInTheDocument();
  });

  it('a retry after a failure sends the same key, so the server replays the same charge; a refusal starts anew', async () => {
    offers = [offerOf({ trial: null, trialAvailable: false })];
    cards = { items: [cardOf({ id: 'pm_4242' })], lastCardRequired: false };
    const answers = [
      json(503, { error: { code: 'PAYMENTS_UNAVAILABLE', message: 'later', details: { retryAfterSeconds: 30 } } }),
      json(402, { error: { code: 'PAYMENT_FAILED', message: 'refused', details: { declineCode: 'generic_decline' } } }),
      json(503, { error: { code: 'PAYMENTS_UNAVAILABLE', message: 'later', details: { retryAfterSeconds: 30 } } }),
    ];
    subscribe = () => answers.shift()!;
    renderWithProviders(<SubscriptionPage />);
    await userEvent.click(await screen.findByRole('button', { name: 'Subscribe' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Subscribe to Band plan' }));
    await userEvent.type(await dialog.findByLabelText(/Your password/), 'secret-password');
    const pay = await dialog.findByRole('button', { name: /^Subscribe – / });
    for (let i = 1; i <= 3; i++) {
      await userEvent.click(pay);
      await waitFor(() => expect(called(SUBSCRIBE)).toHaveLength(i));
      await waitFor(() => expect(pay).toBeEnabled());
    }
    const keys = [0, 1, 2].map((i) => bodyOf(SUBSCRIBE, i).idempotencyKey);
    expect(keys[1]).toBe(keys[0]);
    expect(keys[2]).not.toBe(keys[1]);
  });

  it('a bank that asks: the confirmation dialog, then validate, then the subscription', async () => {
    offers = [offerOf({ trial: null, trialAvailable: false })];
    cards = { items: [cardOf({ id: 'pm_3155', last4: '3155' })], lastCardRequired: false };
    const incomplete = subscriptionOf({ status: 'incomplete', source: 'card', cancelAtPeriodEnd: false });
    const active = { ...incomplete, status: 'active' as const };
    subscribe = () =>
      json(201, {
        subscription: incomplete,
        payment: {
          status: 'requires_action',
          paymentIntentId: 'pi_1',
          clientSecret: 'pi_1_secret',
          publishableKey: CARD_SETUP.publishableKey,
          authenticateUrl: AUTHENTICATE,
        },
      });
    validate = () => json(200, active);
    renderWithProviders(<SubscriptionPage />);
    await userEvent.click(await screen.findByRole('button', { name: 'Subscribe' }));
    const dialog = within(await screen.findByRole('dialog'));
    await userEvent.type(await dialog.findByLabelText(/Your password/), 'secret-password');
    await userEvent.click(await dialog.findByRole('button', { name: 'Subscribe – €9.99 today' }));
    const bank = within(await dialog.findByRole('group', { name: 'Your bank asks you to confirm this payment' }));
    expect(bank.getByText('€9.99 to Tutti for Band plan.')).toBeInTheDocument();
    expect(called(VALIDATE)).toHaveLength(0);
    await userEvent.click(bank.getByRole('button', { name: 'Confirm' }));
    expect(await dialog.findByText('Welcome to Band plan!')).toBeInTheDocument();
    expect(dialog.getByText('€9.99 paid. Your subscription renews on 15 March 2031.')).toBeInTheDocument();
    expect(bodyOf(AUTHENTICATE)).toEqual({ client_secret: 'pi_1_secret', result: 'pass' });
    expect(called(AUTHENTICATE)[0]![1].headers).toMatchObject({ authorization: 'Bearer pk_sandbox_test' });
    expect(called(VALIDATE)).toHaveLength(1);
  });

  it('a refused authentication: validate says so, nothing charged', async () => {
    offers = [offerOf({ trial: null, trialAvailable: false })];
    cards = { items: [cardOf({ id: 'pm_3155', last4: '3155' })], lastCardRequired: false };
    subscribe = () =>
      json(201, {
        subscription: subscriptionOf({ status: 'incomplete', source: 'card' }),
        payment: {
          status: 'requires_action',
          paymentIntentId: 'pi_1',
          clientSecret: 's',
          publishableKey: CARD_SETUP.publishableKey,
          authenticateUrl: AUTHENTICATE,
        },
      });
    validate = () =>
      json(402, {
        error: {
          code: 'PAYMENT_FAILED',
          message: 'refused',
          details: { declineCode: 'payment_intent_authentication_failure' },
        },
      });
    renderWithProviders(<SubscriptionPage />);
    await userEvent.click(await screen.findByRole('button', { name: 'Subscribe' }));
    const dialog = within(await screen.findByRole('dialog'));
    await userEvent.type(await dialog.findByLabelText(/Your password/), 'secret-password');
    await userEvent.click(await dialog.findByRole('button', { name: 'Subscribe – €9.99 today' }));
    await userEvent.click(await dialog.findByRole('button', { name: 'Refuse' }));
    expect(await dialog.findByRole('alert')).toHaveTextContent('Your bank did not confirm. Nothing was charged');
    expect(bodyOf(AUTHENTICATE)).toMatchObject({ result: 'fail' });
  });

  it('a trial offered, but this card already had one: the first month today, said before confirming', async () => {
    cards = { items: [cardOf({ id: 'pm_4242' })], lastCardRequired: false };
    const active = subscriptionOf({ status: 'active', source: 'card', cancelAtPeriodEnd: false });
    subscribe = () => json(201, { subscription: active, payment: null });
    renderWithProviders(<SubscriptionPage />);
    await userEvent.click(await screen.findByRole('button', { name: 'Start my free trial' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Subscribe to Band plan' }));
    expect(await dialog.findByText('€9.99 today, then €9.99 a month.')).toBeInTheDocument();
    expect(dialog.queryByText(/^Free until/)).not.toBeInTheDocument();
    expect(
      dialog.getByText('This card or your account has already had a free trial, so the first month is paid today.'),
    ).toBeInTheDocument();
    await userEvent.type(dialog.getByLabelText(/Your password/), 'secret-password');
    await userEvent.click(dialog.getByRole('button', { name: 'Subscribe – €9.99 today' }));
    expect(
      await screen.findByRole('dialog', { name: 'Your subscription to Band plan has started' }),
    ).toBeInTheDocument();
    expect(dialog.getByText('€9.99 paid. Your subscription renews on 15 March 2031.')).toBeInTheDocument();
    expect(bodyOf(SUBSCRIBE)).toMatchObject({ paymentMethod: 'pm_4242', expectedAmountCents: 999 });
  });

  it('an amount changed before the confirm: nothing charged, the new amount explained, confirmed again', async () => {
    offers = [offerOf({ trial: null, trialAvailable: false })];
    cards = { items: [cardOf({ id: 'pm_4242' })], lastCardRequired: false };
    const active = subscriptionOf({ status: 'active', source: 'card', cancelAtPeriodEnd: false });
    subscribe = (body) =>
      body.expectedAmountCents === 1299
        ? json(201, { subscription: active, payment: null })
        : json(409, {
            error: {
              code: 'AMOUNT_CHANGED',
              message: 'changed',
              details: { quote: quoteOf(body, { amountTodayCents: 1299, priceCents: 1299 }) },
            },
          });
    renderWithProviders(<SubscriptionPage />, { locale: 'fr' });
    await userEvent.click(await screen.findByRole('button', { name: 'S’abonner' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'S’abonner à Formule groupe' }));
    await userEvent.type(await dialog.findByLabelText(/Votre mot de passe/), 'secret-password');
    await userEvent.click(await dialog.findByRole('button', { name: /^M’abonner – 9,99\s€ aujourd’hui$/ }));
    expect(await dialog.findByRole('alert')).toHaveTextContent(
      /^Rien n’a été débité : le montant dû aujourd’hui est désormais de 12,99\s€, et non de 9,99\s€\./,
    );
    expect(dialog.getByText(/^12,99\s€ aujourd’hui, puis 12,99\s€ par mois\.$/)).toBeInTheDocument();
    await userEvent.click(dialog.getByRole('button', { name: /^M’abonner – 12,99\s€ aujourd’hui$/ }));
    expect(
      await screen.findByRole('dialog', { name: 'Votre abonnement à Formule groupe a commencé' }),
    ).toBeInTheDocument();
    expect(bodyOf(SUBSCRIBE, 0)).toMatchObject({ expectedAmountCents: 999 });
    expect(bodyOf(SUBSCRIBE, 1)).toMatchObject({ expectedAmountCents: 1299, password: 'secret-password' });
    // A new amount is a new confirmation: its own idempotency key.
    expect(bodyOf(SUBSCRIBE, 1).idempotencyKey).not.toBe(bodyOf(SUBSCRIBE, 0).idempotencyKey);
  });

  it('a quote the server cannot give: said, and nothing to confirm', async () => {
    cards = { items: [cardOf({ id: 'pm_4242' })], lastCardRequired: false };
    quote = () =>
      json(503, {
        error: { code: 'PAYMENTS_UNAVAILABLE', message: 'down', details: { retryAfterSeconds: 30 } },
      });
    renderWithProviders(<SubscriptionPage />);
    await userEvent.click(await screen.findByRole('button', { name: 'Start my free trial' }));
    const dialog = within(await screen.findByRole('dialog'));
    expect(await dialog.findByRole('alert')).toHaveTextContent('The payment service cannot be reached right now');
    const buttons = dialog.getAllByRole('button').filter((b) => b.getAttribute('type') === 'submit');
    expect(buttons).toHaveLength(1);
    expect(buttons[0]).toBeDisabled();
    expect(called(SUBSCRIBE)).toHaveLength(0);
  });

  it('past due: the warning with the next attempt and the way to the billing tab; cancel with a reason', async () => {
    mine = noSubscriptions({
      current: subscriptionOf({ status: 'past_due', source: 'card', cancelAtPeriodEnd: false }),
    });
    invoices = [invoiceOf({ status: 'open', nextAttemptAt: '2031-01-18T12:00:00.000Z' })];
    renderWithProviders(<SubscriptionPage />);
    const current = within(screen.getByRole('region', { name: 'My subscription' }));
    expect(
      await current.findByText(/Your last payment failed; we will try again on 18 January 2031/),
    ).toBeInTheDocument();
    expect(current.getByRole('link', { name: 'Update my card' })).toHaveAttribute(
      'href',
      '/me/preferences?tab=billing',
    );
    // Signed in with a subscription: no offer button.
    expect(screen.queryByRole('button', { name: 'Start my free trial' })).not.toBeInTheDocument();

    await userEvent.click(current.getByRole('button', { name: 'Cancel my subscription' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Cancel my subscription' }));
    await userEvent.click(dialog.getByRole('radio', { name: 'Other' }));
    await userEvent.type(dialog.getByRole('textbox', { name: 'Tell us more' }), 'Moving abroad');
    expect(dialog.getByText('487 characters left')).toBeInTheDocument();
    await waitFor(() => expect(dialog.getByRole('button', { name: 'Cancel my subscription' })).toBeEnabled());
  });
});
