import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { testUser } from '../../../../test/current-user';
import { renderWithProviders } from '../../../../test/render';
import { getCurrentUser, setCurrentUser } from '../../../lib/session';
import { BirthdatePrompt } from './birthdate-prompt';

const NO_BIRTHDATE = testUser({ birthdate: null, eligibleToSocial: false });

describe('BirthdatePrompt (SPEC section 5: the birthdate is required on the birthdate prompt)', () => {
  let bodies: unknown[];
  beforeEach(() => {
    bodies = [];
    setCurrentUser(NO_BIRTHDATE);
    vi.stubGlobal(
      'fetch',
      vi.fn(async (_url: string, init?: RequestInit) => {
        bodies.push(JSON.parse(String(init?.body)));
        return Response.json({ ...NO_BIRTHDATE, birthdate: '1990-05-01', eligibleToSocial: true });
      }),
    );
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    setCurrentUser(null);
  });

  it('refuses to go on without a birthdate, in the spec words, and sends nothing', async () => {
    const onDone = vi.fn();
    renderWithProviders(<BirthdatePrompt onDone={onDone} />);
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Please enter your birthdate.')).toBeInTheDocument();
    expect(bodies).toEqual([]);
    expect(onDone).not.toHaveBeenCalled();
  });

  it('saves the birthdate, which makes the musician of the social age at once, and closes', async () => {
    const onDone = vi.fn();
    renderWithProviders(<BirthdatePrompt onDone={onDone} />);
    await userEvent.type(screen.getByLabelText(/Birthdate/), '1990-05-01');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(onDone).toHaveBeenCalledOnce());
    expect(bodies).toEqual([{ birthdate: '1990-05-01' }]);
    expect(getCurrentUser()).toMatchObject({ birthdate: '1990-05-01', eligibleToSocial: true });
  });
});
