import { act, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { busTopics } from '@tutti/contract/bus';
import { renderWithProviders } from '../../../test/render';
import { ToastHost } from '../../components/ui/toast-host';
import { setCurrentUser } from '../../lib/session';
import { MessagesBadge, MessagesNavButton } from './messages-menu';
import { MessagesRuntime, preview } from './messages-runtime';
import { bus, BEN_ID, CONVERSATION_ID, conversation, json, ME, ME_ID, message } from './test-fixtures';

vi.mock('../../lib/use-bus', async () => (await import('./test-fixtures')).busModule);

const LIST = '/api/v1/me/private-messages/conversations';
const BEN_PUBLIC = `/api/v1/accounts/${BEN_ID}/public`;
const topic = busTopics.privateMessages(ME_ID);

describe('MessagesRuntime and the header’s badge', () => {
  let unread: number;
  let benPublic: () => Response;
  beforeEach(() => {
    setCurrentUser(ME);
    bus.reset();
    unread = 2;
    benPublic = () =>
      json(200, { id: BEN_ID, username: 'ben', displayedUsername: 'Ben', profilePicture: null, verified: true });
    vi.stubGlobal(
      'fetch',
      vi.fn((url: string) => {
        if (url.split('?')[0] === LIST) {
          return Promise.resolve(
            json(200, { items: [conversation()], page: 1, size: 5, total: 1, unreadConversations: unread }),
          );
        }
        if (url === BEN_PUBLIC) return Promise.resolve(benPublic());
        return Promise.resolve(json(404, { error: { code: 'NOT_FOUND', message: 'no' } }));
      }),
    );
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    setCurrentUser(null);
  });

  const show = () =>
    renderWithProviders(
      <>
        <MessagesRuntime userId={ME_ID} />
        <MessagesNavButton wide />
        <ToastHost />
      </>,
    );

  it('loads the count after sign-in, then follows the bus (another tab reading clears it)', async () => {
    show();
    expect(await screen.findByTestId('messages-badge')).toHaveTextContent('2');
    expect(screen.getByRole('link', { name: /Messages.*2 unread conversations/ })).toBeInTheDocument();
    act(() => bus.deliver(topic, { event: 'message', message: message({ authorId: ME_ID }), unreadConversations: 3 }));
    await waitFor(() => expect(screen.getByTestId('messages-badge')).toHaveTextContent('3'));
    act(() =>
      bus.deliver(topic, {
        event: 'read',
        conversationId: CONVERSATION_ID,
        readerId: ME_ID,
        readUpTo: message().messageId,
        unreadConversations: 0,
      }),
    );
    await waitFor(() => expect(screen.queryByTestId('messages-badge')).toBeNull());
    // A block changed what I see: the count, and everything of the messages, reload (the server says 1 now).
    unread = 1;
    act(() => bus.deliver(topic, { event: 'changed', unreadConversations: 1 }));
    await waitFor(() => expect(screen.getByTestId('messages-badge')).toHaveTextContent('1'));
  });

  it('ignores what is not a private-messages event', async () => {
    show();
    expect(await screen.findByTestId('messages-badge')).toHaveTextContent('2');
    act(() => bus.deliver(topic, { event: 'message', unreadConversations: 'many' }));
    expect(screen.getByTestId('messages-badge')).toHaveTextContent('2');
  });

  it('says who wrote in a toast that opens the conversation; my own messages make no toast', async () => {
    show();
    await screen.findByTestId('messages-badge');
    act(() =>
      bus.deliver(topic, {
        event: 'message',
        message: message({ authorId: ME_ID, contents: 'from my other tab' }),
        unreadConversations: 2,
      }),
    );
    act(() =>
      bus.deliver(topic, {
        event: 'message',
        message: message({ authorId: BEN_ID, contents: 'Rehearsal tonight?' }),
        unreadConversations: 3,
      }),
    );
    expect(await screen.findByText('New message from Ben: Rehearsal tonight?')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Open the conversation' })).toHaveAttribute(
      'href',
      `/messages/${CONVERSATION_ID}`,
    );
    await waitFor(() => expect(screen.queryByText(/from my other tab/)).toBeNull());
  });

  const showInFrench = () =>
    renderWithProviders(
      <>
        <MessagesRuntime userId={ME_ID} />
        <ToastHost />
      </>,
      { locale: 'fr' },
    );

  it('names a sender no loaded list holds by GET v1/accounts/{id}/public, once for several messages (French)', async () => {
    benPublic = () =>
      json(200, { id: BEN_ID, username: 'ben', displayedUsername: 'Benoît', profilePicture: null, verified: true });
    showInFrench();
    act(() =>
      bus.deliver(topic, { event: 'message', message: message({ contents: 'Salut' }), unreadConversations: 1 }),
    );
    expect(await screen.findByText('Nouveau message de Benoît : Salut')).toBeInTheDocument();
    act(() =>
      bus.deliver(topic, { event: 'message', message: message({ contents: 'Ce soir ?' }), unreadConversations: 1 }),
    );
    expect(await screen.findByText('Nouveau message de Benoît : Ce soir ?')).toBeInTheDocument();
    expect(vi.mocked(fetch).mock.calls.filter(([url]) => url === BEN_PUBLIC)).toHaveLength(1);
  });

  it('elides "de" before a name starting with a vowel, in French (issue 29)', async () => {
    benPublic = () =>
      json(200, {
        id: BEN_ID,
        username: 'alicecooper',
        displayedUsername: 'alicecooper',
        profilePicture: null,
        verified: true,
      });
    showInFrench();
    act(() =>
      bus.deliver(topic, { event: 'message', message: message({ contents: 'Salut' }), unreadConversations: 1 }),
    );
    expect(await screen.findByText('Nouveau message d’alicecooper : Salut')).toBeInTheDocument();
  });

  it('says "A musician" when the sender cannot be looked up', async () => {
    benPublic = () => json(404, { error: { code: 'NOT_FOUND', message: 'no' } });
    show();
    await screen.findByTestId('messages-badge');
    act(() => bus.deliver(topic, { event: 'message', message: message({ contents: 'Hi' }), unreadConversations: 3 }));
    expect(await screen.findByText('New message from A musician: Hi')).toBeInTheDocument();
    expect(vi.mocked(fetch).mock.calls.some(([url]) => url === BEN_PUBLIC)).toBe(true);
  });

  it('shows no badge at zero', async () => {
    unread = 0;
    renderWithProviders(<MessagesBadge />);
    await waitFor(() => expect(vi.mocked(fetch)).toHaveBeenCalled());
    expect(screen.queryByTestId('messages-badge')).toBeNull();
  });
});

describe('preview', () => {
  it('keeps one line, cut with an ellipsis', () => {
    expect(preview('a\n\nb  c')).toBe('a b c');
    expect(preview('x'.repeat(200))).toHaveLength(80);
  });
});
