import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../../../../test/render';
import { messageParts } from './message-links';
import { MessageText } from './message-text';

describe('messageParts', () => {
  it('cuts a text into runs and http(s) links, leaving the sentence’s punctuation out of the link', () => {
    expect(messageParts('See https://tutti.example/a?b=1, then (http://x.example/y).')).toEqual([
      { kind: 'text', text: 'See ' },
      { kind: 'link', text: 'https://tutti.example/a?b=1', href: 'https://tutti.example/a?b=1' },
      { kind: 'text', text: ', then (' },
      { kind: 'link', text: 'http://x.example/y', href: 'http://x.example/y' },
      { kind: 'text', text: ').' },
    ]);
  });

  it('keeps the parentheses a link opened itself', () => {
    expect(messageParts('https://en.example/wiki/Foo_(bar)')).toEqual([
      { kind: 'link', text: 'https://en.example/wiki/Foo_(bar)', href: 'https://en.example/wiki/Foo_(bar)' },
    ]);
  });

  it('makes no link of any other scheme', () => {
    for (const text of ['javascript:alert(1)', 'data:text/html,<b>x</b>', 'ftp://x.example', 'www.example.com']) {
      expect(messageParts(text)).toEqual([{ kind: 'text', text }]);
    }
  });
});

describe('MessageText', () => {
  it('shows markup as the text it is: no element is created from a message', () => {
    const { container } = renderWithProviders(
      <p>
        <MessageText contents={'<b>bold</b> <img src=x onerror="alert(1)"> <a href="javascript:alert(1)">x</a>'} />
      </p>,
    );
    const paragraph = container.querySelector('p');
    expect(paragraph?.querySelector('b, img, script, a')).toBeNull();
    expect(screen.queryByRole('link')).toBeNull();
    expect(paragraph?.textContent).toBe(
      '<b>bold</b> <img src=x onerror="alert(1)"> <a href="javascript:alert(1)">x</a>',
    );
  });

  it('makes http(s) links clickable, opening elsewhere without a handle on the page', () => {
    renderWithProviders(
      <p>
        <MessageText contents={'Our track: https://music.example/t/1 — and javascript:alert(1) stays text'} />
      </p>,
    );
    const links = screen.getAllByRole('link');
    expect(links).toHaveLength(1);
    expect(links[0]).toHaveAttribute('href', 'https://music.example/t/1');
    expect(links[0]).toHaveAttribute('target', '_blank');
    expect(links[0]).toHaveAttribute('rel', 'noopener noreferrer nofollow');
    expect(screen.getByText(/javascript:alert\(1\) stays text/)).toBeInTheDocument();
  });
});
