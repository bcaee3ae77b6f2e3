import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useLocation } from 'react-router';
import type { Conversation } from '@tutti/contract/messages';
import { renderWithProviders } from '../../../../test/render';
import { setCurrentUser } from '../../../lib/session';
import { apiError, conversation, json, ME, ME_ID, message } from '../test-fixtures';
import { MessagesPage } from './messages-page';

vi.mock('../../../lib/use-bus', async () => (await import('../test-fixtures')).busModule);

const LIST = '/api/v1/me/private-messages/conversations';

function Where() {
  const { search } = useLocation();
  return <output data-testid="where">{search}</output>;
}

describe('MessagesPage, the list', () => {
  let items: Conversation[];
  let queries: URLSearchParams[];
  beforeEach(() => {
    setCurrentUser(ME);
    items = [];
    queries = [];
    vi.stubGlobal(
      'fetch',
      vi.fn((url: string) => {
        const parsed = new URL(url, 'http://x');
        if (parsed.pathname !== LIST) return Promise.resolve(apiError(404, 'NOT_FOUND'));
        queries.push(parsed.searchParams);
        const q = parsed.searchParams.get('q') ?? '';
        const shown = items.filter((c) => (c.other.displayedUsername ?? '').toLowerCase().includes(q.toLowerCase()));
        return Promise.resolve(
          json(200, { items: shown, page: 1, size: 20, total: shown.length, unreadConversations: 1 }),
        );
      }),
    );
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
    setCurrentUser(null);
  });

  it('says how to start when there is no conversation yet, titled "Messages | Tutti"', async () => {
    renderWithProviders(<MessagesPage />);
    expect(await screen.findByText('No conversation yet.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Find musicians' })).toHaveAttribute('href', '/search');
    expect(document.title).toBe('Messages | Tutti');
  });

  it('lists conversations with the last message, mine marked "You:", and the unread count', async () => {
    items = [
      conversation({ unreadCount: 2, lastMessage: message({ contents: 'Tonight?' }) }),
      conversation({
        id: '55555555-5555-4555-8555-555555555555',
        other: { ...conversation().other, id: null, username: null, displayedUsername: null, deleted: true },
        lastMessage: message({ authorId: ME_ID, contents: 'Bye' }),
      }),
    ];
    renderWithProviders(<MessagesPage />);
    const rows = await screen.findAllByTestId('conversation');
    expect(rows[0]).toHaveTextContent('Ben');
    expect(rows[0]).toHaveTextContent('Tonight?');
    expect(rows[0]).toHaveTextContent('2 unread messages');
    expect(rows[0]).toHaveAttribute('data-unread', 'true');
    expect(rows[1]).toHaveTextContent('Deleted musician');
    expect(rows[1]).toHaveTextContent('You: Bye');
  });

  it('searches by name after a pause, keeping the query in the URL', async () => {
    items = [conversation()];
    renderWithProviders(
      <>
        <MessagesPage />
        <Where />
      </>,
    );
    await screen.findAllByTestId('conversation');
    await userEvent.type(screen.getByRole('searchbox', { name: 'Search by name' }), 'zed');
    await waitFor(() => expect(screen.getByTestId('where')).toHaveTextContent('?q=zed'));
    expect(await screen.findByText('No conversation matches “zed”.')).toBeInTheDocument();
    // One search for the whole word, not one per keystroke.
    expect(queries.filter((q) => q.has('q')).map((q) => q.get('q'))).toEqual(['zed']);
  });

  it('is the not-found page for a musician under 13, without a single call', async () => {
    setCurrentUser({ ...ME, eligibleToSocial: false });
    renderWithProviders(<MessagesPage />);
    await act(async () => undefined);
    expect(document.querySelector('[data-page="not-found"]')).not.toBeNull();
    expect(vi.mocked(fetch)).not.toHaveBeenCalled();
  });
});
