import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { busTopics } from '@tutti/contract/bus';
import { TYPING_EXPIRY_MS, type MessagePage, type PrivateMessage } from '@tutti/contract/messages';
import { renderWithProviders } from '../../../../test/render';
import { setCurrentUser } from '../../../lib/session';
import {
  apiError,
  bus,
  BEN_ID,
  CONVERSATION_ID,
  conversation,
  json,
  ME,
  ME_ID,
  message,
  messagePage,
} from '../test-fixtures';
import { Thread } from './thread';

vi.mock('../../../lib/use-bus', async () => (await import('../test-fixtures')).busModule);

const BASE = `/api/v2/me/private-messages/conversations/${CONVERSATION_ID}`;
const SEND = `/api/v1/me/private-messages/conversations/${CONVERSATION_ID}`;

describe('Thread', () => {
  let page: MessagePage;
  let sendAnswers: (() => Response)[];
  let sent: { contents: string; clientMessageId: string }[];
  let reads: string[];
  let fetchSpy: ReturnType<typeof vi.fn>;
  beforeEach(() => {
    setCurrentUser(ME);
    bus.reset();
    page = messagePage([message({ contents: 'Hi Ana' })]);
    sendAnswers = [];
    sent = [];
    reads = [];
    fetchSpy = vi.fn((url: string, init?: RequestInit) => {
      const path = url.split('?')[0];
      if (path === BASE) return Promise.resolve(json(200, page));
      if (path === SEND && init?.method === 'POST') {
        const body = JSON.parse(init.body as string) as { contents: string; clientMessageId: string };
        sent.push(body);
        const next = sendAnswers.shift();
        if (next) return Promise.resolve(next());
        const stored: PrivateMessage = message({
          authorId: ME_ID,
          contents: body.contents,
          clientMessageId: body.clientMessageId,
          sentAt: new Date().toISOString(),
        });
        return Promise.resolve(json(201, stored));
      }
      if (path === `${SEND}/read` && init?.method === 'POST') {
        const { messageId } = JSON.parse(init.body as string) as { messageId: string };
        reads.push(messageId);
        return Promise.resolve(
          json(200, { conversationId: CONVERSATION_ID, readUpTo: messageId, unreadConversations: 0 }),
        );
      }
      return Promise.resolve(apiError(404, 'NOT_FOUND'));
    });
    vi.stubGlobal('fetch', fetchSpy);
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
    setCurrentUser(null);
  });

  const show = () => renderWithProviders(<Thread conversationId={CONVERSATION_ID} myId={ME_ID} />);

  it('shows the messages by day with the other member’s name, and marks unread ones read', async () => {
    const older = message({ contents: 'Yesterday’s', sentAt: '2026-11-25T09:00:00.000Z' });
    const newest = message({ contents: 'Fresh', sentAt: '2026-11-26T09:00:00.000Z' });
    page = messagePage([newest, older], {
      myReadUpTo: older.messageId,
      conversation: conversation({ unreadCount: 1 }),
    });
    show();
    expect(await screen.findByText('Fresh')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Ben' })).toBeInTheDocument();
    const days = screen.getAllByRole('heading', { level: 3 });
    expect(days).toHaveLength(2);
    await waitFor(() => expect(reads).toEqual([newest.messageId]));
  });

  it('appends my message at once, then sends it with its own id', async () => {
    show();
    await userEvent.type(await screen.findByRole('textbox', { name: 'Message to Ben' }), 'See you at 8{Enter}');
    expect(screen.getByText('See you at 8')).toBeInTheDocument();
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]?.clientMessageId).toMatch(/^[0-9a-f-]{36}$/);
    await waitFor(() => expect(screen.queryByText('Sending…')).toBeNull());
    expect(screen.getAllByText('See you at 8')).toHaveLength(1);
    // Typing said "typing", then sending said "stopped".
    expect(bus.published.map((p) => p.data)).toEqual([{ typing: true }, { typing: false }]);
  });

  it('says "Not sent" when the network fails, and retries with the same id', async () => {
    sendAnswers = [
      () => {
        throw new TypeError('network down');
      },
    ];
    show();
    await userEvent.type(await screen.findByRole('textbox', { name: 'Message to Ben' }), 'Hello?{Enter}');
    expect(await screen.findByText('Not sent')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Retry' }));
    await waitFor(() => expect(sent).toHaveLength(2));
    expect(sent[1]?.clientMessageId).toBe(sent[0]?.clientMessageId);
    await waitFor(() => expect(screen.queryByText('Not sent')).toBeNull());
    expect(screen.getAllByText('Hello?')).toHaveLength(1);
  });

  it('puts "Seen" under my last message the other member has read', async () => {
    const mine1 = message({ authorId: ME_ID, contents: 'One' });
    const mine2 = message({ authorId: ME_ID, contents: 'Two' });
    page = messagePage([mine2, mine1], { otherReadUpTo: mine1.messageId });
    show();
    const one = (await screen.findByText('One')).closest<HTMLElement>('[data-testid="message"]');
    expect(one && within(one).getByText('Seen')).toBeInTheDocument();
    expect(screen.getAllByText('Seen')).toHaveLength(1);
  });

  it('shows "Ben is typing…" on the signal, and hides it by itself after TYPING_EXPIRY_MS', async () => {
    show();
    await screen.findByText('Hi Ana');
    vi.useFakeTimers();
    act(() => bus.deliver(busTopics.typing(CONVERSATION_ID), { accountId: BEN_ID, typing: true }));
    expect(screen.getByText('Ben is typing…')).toBeInTheDocument();
    act(() => vi.advanceTimersByTime(TYPING_EXPIRY_MS - 100));
    expect(screen.getByText('Ben is typing…')).toBeInTheDocument();
    act(() => vi.advanceTimersByTime(200));
    expect(screen.queryByText('Ben is typing…')).toBeNull();
    // My own signal from another tab is not "Ben is typing".
    act(() => bus.deliver(busTopics.typing(CONVERSATION_ID), { accountId: ME_ID, typing: true }));
    expect(screen.queryByText(/is typing/)).toBeNull();
  });

  it('hides "typing" when they say they stopped', async () => {
    show();
    await screen.findByText('Hi Ana');
    act(() => bus.deliver(busTopics.typing(CONVERSATION_ID), { accountId: BEN_ID, typing: true }));
    expect(screen.getByText('Ben is typing…')).toBeInTheDocument();
    act(() => bus.deliver(busTopics.typing(CONVERSATION_ID), { accountId: BEN_ID, typing: false }));
    expect(screen.queryByText('Ben is typing…')).toBeNull();
  });

  it('replaces the composer with a notice when the conversation is closed', async () => {
    page = messagePage([message()], { conversation: conversation({ canWrite: false }) });
    show();
    expect(await screen.findByText(/You can no longer write in this conversation/)).toBeInTheDocument();
    expect(screen.queryByRole('textbox')).toBeNull();
  });

  it('closes the composer when a send is refused CONVERSATION_CLOSED, keeping me signed in', async () => {
    sendAnswers = [() => apiError(409, 'CONVERSATION_CLOSED')];
    show();
    await userEvent.type(await screen.findByRole('textbox', { name: 'Message to Ben' }), 'Still there?{Enter}');
    expect(await screen.findByText(/You can no longer write in this conversation/)).toBeInTheDocument();
    expect(screen.getByText('Not sent')).toBeInTheDocument();
    expect(screen.queryByRole('textbox')).toBeNull();
  });

  it('shows a deleted member as "Deleted musician"', async () => {
    page = messagePage([message({ authorId: null })], {
      conversation: conversation({
        other: {
          id: null,
          username: null,
          displayedUsername: null,
          profilePicture: null,
          verified: false,
          deleted: true,
        },
      }),
    });
    show();
    expect(await screen.findByRole('heading', { name: 'Deleted musician' })).toBeInTheDocument();
  });

  it('says so when the conversation is unknown', async () => {
    page = undefined as unknown as MessagePage;
    fetchSpy.mockImplementation(() => Promise.resolve(apiError(404, 'NOT_FOUND')));
    show();
    expect(await screen.findByText(/does not exist or is no longer available/)).toBeInTheDocument();
  });
});
