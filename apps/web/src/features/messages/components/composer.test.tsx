import { fireEvent, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { MESSAGE_CONTENTS_MAX } from '@tutti/contract/messages';
import { renderWithProviders } from '../../../../test/render';
import { Composer, COUNTER_FROM } from './composer';

function setup() {
  const onSend = vi.fn();
  const onInput = vi.fn();
  renderWithProviders(<Composer name="Ben" onSend={onSend} onInput={onInput} />);
  return { onSend, onInput, field: screen.getByRole('textbox', { name: 'Message to Ben' }) };
}

describe('Composer', () => {
  it('sends on Enter (trimmed) and empties the field', async () => {
    const { onSend, onInput, field } = setup();
    await userEvent.type(field, '  Hello Ben  {Enter}');
    expect(onSend).toHaveBeenCalledExactlyOnceWith('Hello Ben');
    expect(field).toHaveValue('');
    expect(onInput).toHaveBeenCalled();
  });

  it('starts a new line on Shift+Enter, without sending', async () => {
    const { onSend, field } = setup();
    await userEvent.type(field, 'Line one{Shift>}{Enter}{/Shift}Line two');
    expect(onSend).not.toHaveBeenCalled();
    expect(field).toHaveValue('Line one\nLine two');
    await userEvent.type(field, '{Enter}');
    expect(onSend).toHaveBeenCalledExactlyOnceWith('Line one\nLine two');
  });

  it('sends nothing blank, and the send button waits for text', async () => {
    const { onSend, field } = setup();
    expect(screen.getByRole('button', { name: 'Send' })).toBeDisabled();
    await userEvent.type(field, '   {Enter}');
    expect(onSend).not.toHaveBeenCalled();
    await userEvent.type(field, 'x');
    await userEvent.click(screen.getByRole('button', { name: 'Send' }));
    expect(onSend).toHaveBeenCalledExactlyOnceWith('x');
  });

  it('counts near the limit and refuses a message over it', async () => {
    const { onSend, field } = setup();
    fireEvent.change(field, { target: { value: 'a'.repeat(COUNTER_FROM - 1) } });
    expect(screen.queryByText(/characters/)).toBeNull();
    fireEvent.change(field, { target: { value: 'a'.repeat(COUNTER_FROM) } });
    expect(screen.getByText(`${COUNTER_FROM} / ${MESSAGE_CONTENTS_MAX} characters`)).toBeInTheDocument();
    fireEvent.change(field, { target: { value: 'a'.repeat(MESSAGE_CONTENTS_MAX + 1) } });
    expect(screen.getByText(`A message holds at most ${MESSAGE_CONTENTS_MAX} characters.`)).toBeInTheDocument();
    fireEvent.keyDown(field, { key: 'Enter' });
    expect(onSend).not.toHaveBeenCalled();
  });
});
