import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../../../test/render';
import { setCurrentUser } from '../../../lib/session';
import { CARD_SETUP, cardOf, json, ME } from '../test-fixtures';
import { PaymentForm } from './payment-form';

const CONFIRM = CARD_SETUP.confirmUrl!;
const AUTHENTICATE = CONFIRM.replace(/confirm$/, 'authenticate');

describe('PaymentForm (sandbox)', () => {
  let confirm: (body: Record<string, string>) => Response;
  let authenticate: (body: Record<string, string>) => Response;
  let fetchSpy: ReturnType<typeof vi.fn>;
  const called = (url: string) => fetchSpy.mock.calls.filter(([u]) => u === url);
  const bodyOf = (url: string, i = 0) => JSON.parse(called(url)[i]![1].body as string) as Record<string, string>;

  beforeEach(() => {
    setCurrentUser(ME);
    confirm = () => json(200, { id: 'seti_1', status: 'succeeded', payment_method: 'pm_new' });
    authenticate = () => json(200, { id: 'seti_1', status: 'succeeded', payment_method: 'pm_new' });
    fetchSpy = vi.fn((url: string, init?: RequestInit) => {
      const body = init?.body ? (JSON.parse(init.body as string) as Record<string, string>) : {};
      if (url === '/api/v1/me/payments/methods' && init?.method === 'POST')
        return Promise.resolve(json(201, CARD_SETUP));
      if (url === '/api/v1/me/payments/methods/default' && init?.method === 'PUT')
        return Promise.resolve(json(200, { items: [cardOf({ id: 'pm_new' })], lastCardRequired: false }));
      if (url === '/api/v1/me/payments/methods')
        return Promise.resolve(json(200, { items: [], lastCardRequired: false }));
      if (url === CONFIRM) return Promise.resolve(confirm(body));
      if (url === AUTHENTICATE) return Promise.resolve(authenticate(body));
      return Promise.resolve(json(404, { error: { code: 'NOT_FOUND', message: 'no' } }));
    });
    vi.stubGlobal('fetch', fetchSpy);
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    setCurrentUser(null);
  });

  const fill = async (number: string, expiry: string, cvc: string) => {
    if (number) await userEvent.type(await screen.findByRole('textbox', { name: /Card number/ }), number);
    if (expiry) await userEvent.type(screen.getByRole('textbox', { name: /Expiry date/ }), expiry);
    if (cvc) await userEvent.type(screen.getByRole('textbox', { name: /Security code/ }), cvc);
  };
  const save = () => userEvent.click(screen.getByRole('button', { name: 'Save the card' }));

  it('groups the number by four as typed, writes the expiry as MM/YY, and lists the test cards', async () => {
    renderWithProviders(<PaymentForm defaultOption={false} onSaved={vi.fn()} />);
    await fill('4242424242424242', '1230', '123');
    expect(screen.getByRole('textbox', { name: /Card number/ })).toHaveValue('4242 4242 4242 4242');
    expect(screen.getByRole('textbox', { name: /Expiry date/ })).toHaveValue('12/30');
    expect(screen.getByRole('note')).toHaveTextContent('Test mode: no real card is charged here');
    expect(screen.getByText('4000 0025 0000 3155')).toBeInTheDocument();
  });

  it('checks every field in the page before sending anything', async () => {
    renderWithProviders(<PaymentForm defaultOption={false} onSaved={vi.fn()} />);
    await screen.findByRole('textbox', { name: /Card number/ });
    await save();
    expect(screen.getByText('Enter your card number.')).toBeInTheDocument();
    expect(screen.getByText('Enter the expiry date.')).toBeInTheDocument();
    expect(screen.getByText('Enter the security code.')).toBeInTheDocument();

    // A wrong check digit (Luhn), a 13th month, a 2-digit CVC.
    await fill('4242424242424241', '1330', '12');
    await save();
    expect(screen.getByText('This card number is not valid: check its digits.')).toBeInTheDocument();
    expect(screen.getByText('Enter the expiry date as MM/YY, with a month from 01 to 12.')).toBeInTheDocument();
    expect(screen.getByText('The security code has 3 or 4 digits.')).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: /Card number/ })).toHaveAttribute('aria-invalid', 'true');

    // A month already past.
    await userEvent.clear(screen.getByRole('textbox', { name: /Expiry date/ }));
    await userEvent.type(screen.getByRole('textbox', { name: /Expiry date/ }), '0120');
    await save();
    expect(screen.getByText('This card has expired.')).toBeInTheDocument();
    expect(called(CONFIRM)).toHaveLength(0);
  });

  it('in French too', async () => {
    renderWithProviders(<PaymentForm defaultOption={false} onSaved={vi.fn()} />, { locale: 'fr' });
    await userEvent.type(await screen.findByRole('textbox', { name: /Numéro de carte/ }), '1234');
    await userEvent.click(screen.getByRole('button', { name: 'Enregistrer la carte' }));
    expect(screen.getByText('Ce numéro de carte n’est pas valide : vérifiez ses chiffres.')).toBeInTheDocument();
    expect(screen.getByText('Saisissez la date d’expiration.')).toBeInTheDocument();
  });

  it('posts the card to the sandbox with the publishable key, and makes it the default when asked', async () => {
    const onSaved = vi.fn();
    renderWithProviders(<PaymentForm defaultOption onSaved={onSaved} />);
    await fill('4242424242424242', '1230', '123');
    await userEvent.click(screen.getByRole('checkbox', { name: 'Make it my default card' }));
    await save();
    await waitFor(() => expect(onSaved).toHaveBeenCalledWith('pm_new'));
    expect(called(CONFIRM)[0]![1].headers).toMatchObject({ authorization: 'Bearer pk_sandbox_test' });
    expect(bodyOf(CONFIRM)).toEqual({
      client_secret: CARD_SETUP.clientSecret,
      'payment_method_data[type]': 'card',
      'payment_method_data[card][number]': '4242424242424242',
      'payment_method_data[card][exp_month]': '12',
      'payment_method_data[card][exp_year]': '2030',
      'payment_method_data[card][cvc]': '123',
    });
    expect(JSON.parse(called('/api/v1/me/payments/methods/default')[0]![1].body as string)).toEqual({
      paymentMethod: 'pm_new',
    });
  });

  it('a card the sandbox refuses: the decline in words, or the error on its field', async () => {
    confirm = () =>
      json(402, {
        error: { type: 'card_error', code: 'card_declined', decline_code: 'insufficient_funds', message: 'x' },
      });
    const onSaved = vi.fn();
    renderWithProviders(<PaymentForm defaultOption={false} onSaved={onSaved} />);
    await fill('4000000000009995', '1230', '123');
    await save();
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'This card has insufficient funds. Nothing was charged: try another card.',
    );
    confirm = () => json(402, { error: { type: 'card_error', code: 'expired_card', message: 'x', param: 'exp_year' } });
    await save();
    expect(
      await screen.findByText('This card has expired. Nothing was charged: try another card.'),
    ).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: /Expiry date/ })).toHaveAttribute('aria-invalid', 'true');
    expect(onSaved).not.toHaveBeenCalled();
  });

  it('a card that asks for the bank: Refuse says so, Confirm saves it', async () => {
    confirm = () => json(200, { id: 'seti_1', status: 'requires_action' });
    authenticate = (body) =>
      body.result === 'pass'
        ? json(200, { id: 'seti_1', status: 'succeeded', payment_method: 'pm_3ds' })
        : json(200, {
            id: 'seti_1',
            status: 'requires_payment_method',
            last_setup_error: { code: 'setup_intent_authentication_failure' },
          });
    const onSaved = vi.fn();
    renderWithProviders(<PaymentForm defaultOption={false} onSaved={onSaved} />);
    await fill('4000002500003155', '1230', '123');
    await save();
    const bank = await screen.findByRole('group', { name: 'Your bank asks you to confirm this card' });
    expect(bank).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Refuse' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Your bank did not confirm.');
    expect(bodyOf(AUTHENTICATE)).toEqual({ client_secret: CARD_SETUP.clientSecret, result: 'fail' });

    await save();
    await userEvent.click(await screen.findByRole('button', { name: 'Confirm' }));
    await waitFor(() => expect(onSaved).toHaveBeenCalledWith('pm_3ds'));
    expect(bodyOf(AUTHENTICATE, 1)).toEqual({ client_secret: CARD_SETUP.clientSecret, result: 'pass' });
  });
});
