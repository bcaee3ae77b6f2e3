import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState, type FormEvent } from 'react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { installFocusAfterSubmit } from './focus-after-submit';

/** A form that refuses an empty name at once, and any other name "from the server" a moment later. */
function Form() {
  const [nameError, setNameError] = useState(false);
  const [serverError, setServerError] = useState(false);
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const name = new FormData(event.currentTarget).get('name');
    setNameError(name === '');
    setServerError(false);
    if (name !== '') window.setTimeout(() => setServerError(true), 10);
  };
  return (
    <form onSubmit={onSubmit}>
      {serverError && <div role="alert">Wrong email or password.</div>}
      <label>
        Name <input name="name" aria-invalid={nameError} />
      </label>
      <button type="submit">Send</button>
    </form>
  );
}

describe('focus after a refused form', () => {
  let uninstall: () => void;
  beforeEach(() => {
    uninstall = installFocusAfterSubmit();
  });
  afterEach(() => uninstall());

  it('goes to the first invalid field', async () => {
    render(<Form />);
    await userEvent.click(screen.getByRole('button', { name: 'Send' }));
    expect(screen.getByRole('textbox', { name: 'Name' })).toHaveFocus();
  });

  it('goes to the error alert when the server refuses, not about a field', async () => {
    render(<Form />);
    await userEvent.type(screen.getByRole('textbox', { name: 'Name' }), 'ana');
    await userEvent.click(screen.getByRole('button', { name: 'Send' }));
    expect(screen.getByRole('button', { name: 'Send' })).toHaveFocus();
    await act(() => new Promise((resolve) => setTimeout(resolve, 30)));
    expect(screen.getByRole('alert')).toHaveFocus();
  });
});
