import { act, cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { IntlProvider } from 'react-intl';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { SWRConfig } from 'swr';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ChatChannel, ChatMessage } from '../../api/contracts/bff';
import { http, HttpResponse, problemAnswer, server } from '../../test/server';
import { ChatPanel, chatTarget } from './ChatPanel';

const team: ChatChannel = { id: 't1', kind: 'team', name: 'Team Blue', unreadCount: 0, canPost: true };
const news: ChatChannel = {
  id: 'a1',
  kind: 'announcement',
  name: 'Data Privacy Basics',
  objectiveId: 'o1',
  unreadCount: 2,
  canPost: false,
};

function message(seq: number, text: string, mine = false): ChatMessage {
  return {
    id: `m${seq}`,
    seq,
    channelId: 't1',
    authorName: 'Grace Hopper',
    mine,
    text,
    created: '2026-11-20T10:00:00Z',
  };
}

function renderAt(
  hash: string,
  timeZone = 'UTC',
  channels: () => Response = () => HttpResponse.json({ channels: [team, news] }),
) {
  server.use(
    http.get('*/api/bff/chat/channels', channels),
    http.get('*/api/bff/chat/stream', () => new HttpResponse('', { headers: { 'Content-Type': 'text/event-stream' } })),
  );
  const router = createMemoryRouter([{ path: '/courses', element: <ChatPanel /> }], {
    initialEntries: [`/courses${hash}`],
  });
  const user = userEvent.setup({ delay: null });
  render(
    <SWRConfig value={{ provider: () => new Map(), dedupingInterval: 0 }}>
      <IntlProvider locale="en-US" defaultLocale="en-US" timeZone={timeZone}>
        <RouterProvider router={router} />
      </IntlProvider>
    </SWRConfig>,
  );
  return { user, router };
}

describe('ChatPanel', () => {
  it('reads the hash', () => {
    expect(chatTarget('#chat')).toBe('');
    expect(chatTarget('#chat=a%2Fb')).toBe('a/b');
    expect(chatTarget('#top')).toBeNull();
  });

  it('lists the channels with unread counts and opens one from the list', async () => {
    server.use(
      http.get('*/api/bff/chat/channels/t1', () =>
        HttpResponse.json({ channel: team, messages: [message(1, 'Hi Ada')], lastReadSeq: 1, maxMessageChars: 100 }),
      ),
    );
    const { user, router } = renderAt('#chat');
    const dialog = await screen.findByRole('dialog', { name: 'Messages' });
    const list = await within(dialog).findAllByRole('button', { name: /Team Blue|Data Privacy Basics/ });
    expect(list.map((b) => b.textContent)).toEqual([
      'Team BlueTeam chat',
      'Data Privacy BasicsCourse announcements2 unread messages',
    ]);
    await user.click(list[0]!);
    expect(router.state.location.hash).toBe('#chat=t1');
    expect(await within(dialog).findByText('Hi Ada')).toBeInTheDocument();
  });

  it('shows messages as text, marks them read, and posts a message', async () => {
    let read: unknown;
    let posted: unknown;
    const messages = [message(4, '<img src=x onerror=alert(1)>'), message(5, 'Second')];
    server.use(
      http.get('*/api/bff/chat/channels/t1', () =>
        HttpResponse.json({ channel: team, messages, lastReadSeq: 3, maxMessageChars: 10 }),
      ),
      http.post('*/api/bff/chat/channels/t1/read', async ({ request }) => {
        read = await request.json();
        return new HttpResponse(null, { status: 204 });
      }),
      http.post('*/api/bff/chat/channels/t1/messages', async ({ request }) => {
        posted = await request.json();
        return HttpResponse.json(message(6, 'On my way', true));
      }),
    );
    const { user } = renderAt('#chat=t1');
    const dialog = await screen.findByRole('dialog', { name: 'Messages' });
    expect(await within(dialog).findByText('<img src=x onerror=alert(1)>')).toBeInTheDocument();
    expect(within(dialog).getByText('Second')).toHaveAttribute('dir', 'auto');
    // Names from the platform are isolated, so a name ending in punctuation keeps it at its end.
    expect(within(dialog).getAllByText('Grace Hopper')[0]).toHaveProperty('tagName', 'BDI');
    expect(dialog.querySelector('img')).toBeNull();
    await waitFor(() => expect(read).toEqual({ seq: 5 }));

    const box = within(dialog).getByRole('textbox', { name: 'Message' });
    expect(box).toHaveAttribute('dir', 'auto');
    await user.type(box, 'This is far too long');
    expect(within(dialog).getByRole('alert')).toHaveTextContent('Maximum length is 10');
    await user.clear(box);
    await user.type(box, 'On my way{Enter}');
    await waitFor(() => expect(posted).toEqual({ text: 'On my way' }));
    await waitFor(() => expect(box).toHaveValue(''));
  });

  it('keeps an unsent message per channel: a new page finds it, sending it forgets it', async () => {
    let posted: unknown;
    const team2: ChatChannel = { ...team, id: 't2', name: 'Team Green' };
    server.use(
      http.get('*/api/bff/chat/channels/t1', () =>
        HttpResponse.json({ channel: team, messages: [], lastReadSeq: 0, maxMessageChars: 100 }),
      ),
      http.get('*/api/bff/chat/channels/t2', () =>
        HttpResponse.json({ channel: team2, messages: [], lastReadSeq: 0, maxMessageChars: 100 }),
      ),
      http.post('*/api/bff/chat/channels/t1/messages', async ({ request }) => {
        posted = await request.json();
        return HttpResponse.json(message(1, 'Half of what I wanted to say', true));
      }),
    );
    const first = renderAt('#chat=t1');
    let dialog = await screen.findByRole('dialog', { name: 'Messages' });
    await first.user.type(await within(dialog).findByRole('textbox', { name: 'Message' }), 'Half of what I');
    // Another channel has its own draft (none yet).
    await act(() => first.router.navigate('/courses#chat=t2'));
    expect(await within(dialog).findByRole('heading', { name: /Team Green/ })).toBeInTheDocument();
    expect(within(dialog).getByRole('textbox', { name: 'Message' })).toHaveValue('');
    cleanup();

    // The page went away (to sign in again, say) and came back.
    const again = renderAt('#chat=t1');
    dialog = await screen.findByRole('dialog', { name: 'Messages' });
    const box = await within(dialog).findByRole('textbox', { name: 'Message' });
    expect(box).toHaveValue('Half of what I');
    await again.user.type(box, ' wanted to say{Enter}');
    await waitFor(() => expect(posted).toEqual({ text: 'Half of what I wanted to say' }));
    await waitFor(() => expect(box).toHaveValue(''));
    expect(window.sessionStorage.length).toBe(0);
  });

  it('empties the composer once the message is taken, while the channel is still being fetched again', async () => {
    let fetched = 0;
    let answerRefetch: () => void = () => {};
    server.use(
      http.get('*/api/bff/chat/channels/t1', async () => {
        fetched += 1;
        // The refetch after sending waits until the test lets it go.
        if (fetched > 1) await new Promise<void>((resolve) => (answerRefetch = resolve));
        return HttpResponse.json({ channel: team, messages: [], lastReadSeq: 0, maxMessageChars: 100 });
      }),
      http.post('*/api/bff/chat/channels/t1/messages', () => HttpResponse.json(message(1, 'See you there', true))),
    );
    const { user } = renderAt('#chat=t1');
    const dialog = await screen.findByRole('dialog', { name: 'Messages' });
    const box = await within(dialog).findByRole('textbox', { name: 'Message' });
    await user.type(box, 'See you there{Enter}');
    await waitFor(() => expect(fetched).toBe(2));
    await waitFor(() => expect(box).toHaveValue(''));
    expect(window.sessionStorage.length).toBe(0);
    answerRefetch();
  });

  it('keeps what the learner typed while the message was on its way, and empties only what was sent', async () => {
    const posted: unknown[] = [];
    let answer: () => void = () => {};
    server.use(
      http.get('*/api/bff/chat/channels/t1', () =>
        HttpResponse.json({ channel: team, messages: [], lastReadSeq: 0, maxMessageChars: 100 }),
      ),
      http.post('*/api/bff/chat/channels/t1/messages', async ({ request }) => {
        posted.push(await request.json());
        await new Promise<void>((resolve) => (answer = resolve));
        return HttpResponse.json(message(posted.length, 'sent', true));
      }),
    );
    const { user } = renderAt('#chat=t1');
    const dialog = await screen.findByRole('dialog', { name: 'Messages' });
    const box = await within(dialog).findByRole('textbox', { name: 'Message' });
    const sendButton = within(dialog).getByRole('button', { name: 'Send' });

    await user.type(box, 'Running late{Enter}');
    await waitFor(() => expect(posted).toEqual([{ text: 'Running late' }]));
    await user.type(box, ', by ten minutes');
    answer();
    await waitFor(() => expect(sendButton).not.toHaveAttribute('aria-disabled'));
    expect(box).toHaveValue('Running late, by ten minutes');
    expect(within(dialog).queryByRole('alert')).not.toBeInTheDocument();
    // Still a draft: a new page would find it.
    expect(window.sessionStorage.length).toBe(1);

    // Sent as it stands, and left alone meanwhile: the box is emptied.
    await user.click(sendButton);
    await waitFor(() => expect(posted).toHaveLength(2));
    answer();
    await waitFor(() => expect(box).toHaveValue(''));
    expect(posted[1]).toEqual({ text: 'Running late, by ten minutes' });
    expect(window.sessionStorage.length).toBe(0);
  });

  describe('a send that fails', () => {
    /** A channel the learner can post in; `answer` answers each POST of a message, by its number (1, 2, ...). */
    const serveSends = (answer: (call: number, body: unknown) => Response | Promise<Response>) => {
      const posted: unknown[] = [];
      server.use(
        http.get('*/api/bff/chat/channels/t1', () =>
          HttpResponse.json({ channel: team, messages: [], lastReadSeq: 0, maxMessageChars: 100 }),
        ),
        http.post('*/api/bff/chat/channels/t1/messages', async ({ request }) => {
          const body = await request.json();
          posted.push(body);
          return answer(posted.length, body);
        }),
      );
      return posted;
    };
    const openComposer = async () => {
      const { user } = renderAt('#chat=t1');
      const dialog = await screen.findByRole('dialog', { name: 'Messages' });
      const box = await within(dialog).findByRole('textbox', { name: 'Message' });
      return { user, dialog, box, sendButton: within(dialog).getByRole('button', { name: 'Send' }) };
    };
    const unavailable =
      'The message could not be sent. The learning platform is not available right now. Please try again in a few minutes.';

    it('keeps the text, says it was not sent, and sends it again on the next press', async () => {
      const posted = serveSends((call) =>
        call === 1 ? problemAnswer(502, 'upstream_unavailable') : HttpResponse.json(message(1, 'Running late', true)),
      );
      const { user, dialog, box, sendButton } = await openComposer();
      await user.type(box, 'Running late{Enter}');
      expect(await within(dialog).findByRole('alert')).toHaveTextContent(unavailable);
      expect(box).toHaveValue('Running late');
      expect(box).toHaveAccessibleDescription(unavailable);

      await user.click(sendButton);
      await waitFor(() => expect(posted).toEqual([{ text: 'Running late' }, { text: 'Running late' }]));
      await waitFor(() => expect(box).toHaveValue(''));
      expect(within(dialog).queryByRole('alert')).not.toBeInTheDocument();
    });

    it('tries again with Enter after the network failed, and shows why a refused message was not sent', async () => {
      const posted = serveSends((call) =>
        call === 1
          ? HttpResponse.error()
          : problemAnswer(422, 'validation_failed', { fieldErrors: { text: ['Links are not allowed here.'] } }),
      );
      const { user, dialog, box } = await openComposer();
      await user.type(box, 'See example.com{Enter}');
      expect(await within(dialog).findByRole('alert')).toHaveTextContent(unavailable);
      await user.type(box, '{Enter}');
      await waitFor(() => expect(posted).toHaveLength(2));
      await waitFor(() =>
        expect(within(dialog).getByRole('alert')).toHaveTextContent(
          'The message could not be sent. Links are not allowed here.',
        ),
      );
      expect(box).toHaveValue('See example.com');
    });

    it('sends once when Send is pressed again while the message is on its way', async () => {
      let answer: () => void = () => {};
      const posted = serveSends(async () => {
        await new Promise<void>((resolve) => (answer = resolve));
        return HttpResponse.json(message(1, 'Only once', true));
      });
      const { user, box, sendButton } = await openComposer();
      await user.type(box, 'Only once');
      await user.click(sendButton);
      await waitFor(() => expect(posted).toHaveLength(1));
      // The button says it is busy; neither a press nor Enter sends the message a second time.
      await waitFor(() => expect(sendButton).toHaveAttribute('aria-disabled', 'true'));
      await user.click(sendButton);
      await user.type(box, '{Enter}');
      answer();
      await waitFor(() => expect(box).toHaveValue(''));
      expect(sendButton).not.toHaveAttribute('aria-disabled');
      expect(posted).toEqual([{ text: 'Only once' }]);
    });

    it('sends once when Enter is pressed twice at once', async () => {
      const posted = serveSends(() => HttpResponse.json(message(1, 'Twice?', true)));
      const { user, box } = await openComposer();
      await user.type(box, 'Twice?{Enter}{Enter}');
      await waitFor(() => expect(box).toHaveValue(''));
      expect(posted).toEqual([{ text: 'Twice?' }]);
    });

    it('takes the error away once the learner edits the message', async () => {
      serveSends(() => problemAnswer(503, 'upstream_unavailable'));
      const { user, dialog, box } = await openComposer();
      await user.type(box, 'Hello{Enter}');
      expect(await within(dialog).findByRole('alert')).toHaveTextContent(unavailable);
      await user.type(box, '!');
      expect(within(dialog).queryByRole('alert')).not.toBeInTheDocument();
      expect(box).toHaveValue('Hello!');
      expect(box).not.toHaveAttribute('aria-invalid');
    });

    it('still refuses a message that is too long, with its own error, without sending it', async () => {
      const posted = serveSends(() => HttpResponse.json(message(1, 'never', true)));
      const { user, dialog, box, sendButton } = await openComposer();
      await user.type(box, 'x'.repeat(101));
      await user.click(sendButton);
      expect(within(dialog).getByRole('alert')).toHaveTextContent('Maximum length is 100');
      expect(posted).toEqual([]);
      expect(box).toHaveValue('x'.repeat(101));
    });
  });

  describe('days', () => {
    afterEach(() => vi.useRealTimers());

    const at = (seq: number, created: string): ChatMessage => ({ ...message(seq, `Message ${seq}`), created });
    const serveDays = () =>
      server.use(
        http.get('*/api/bff/chat/channels/t1', () =>
          HttpResponse.json({
            channel: team,
            messages: [
              at(1, '2025-12-30T09:00:00Z'),
              at(2, '2026-11-20T10:00:00Z'),
              at(3, '2026-11-20T15:00:00Z'),
              at(4, '2026-11-26T23:30:00Z'),
              at(5, '2026-11-27T08:00:00Z'),
            ],
            lastReadSeq: 5,
            maxMessageChars: 100,
          }),
        ),
      );
    const dayLines = (dialog: HTMLElement) =>
      Array.from(dialog.querySelectorAll('.chat__day'), (line) => line.textContent);

    it('writes the day above its first message in the learner time zone, and the time on each message', async () => {
      vi.useFakeTimers({ toFake: ['Date'] });
      vi.setSystemTime(new Date('2026-11-27T12:00:00Z'));
      serveDays();
      renderAt('#chat=t1');
      const dialog = await screen.findByRole('dialog', { name: 'Messages' });
      await within(dialog).findByText('Message 5');
      // Another year's day has its year; yesterday and today are named so.
      expect(dayLines(dialog)).toEqual(['Tuesday, December 30, 2025', 'Friday, November 20', 'yesterday', 'today']);
      const item = within(dialog).getByText('Message 4').closest('li')!;
      expect(within(item).getByText('11:30 PM')).toHaveAttribute('aria-hidden', 'true');
      // A screen reader, which skips the day lines, hears each message's whole date.
      expect(within(item).getByText('Nov 26, 2026, 11:30 PM')).toHaveClass('visually-hidden');
      expect(dialog.querySelectorAll('.chat__day[aria-hidden="true"]')).toHaveLength(4);
    });

    it('counts days where the learner lives: a late evening in UTC is the next morning in Tokyo', async () => {
      vi.useFakeTimers({ toFake: ['Date'] });
      vi.setSystemTime(new Date('2026-11-27T12:00:00Z'));
      serveDays();
      renderAt('#chat=t1', 'Asia/Tokyo');
      const dialog = await screen.findByRole('dialog', { name: 'Messages' });
      await within(dialog).findByText('Message 5');
      expect(dayLines(dialog)).toEqual([
        'Tuesday, December 30, 2025',
        'Friday, November 20',
        'Saturday, November 21',
        'today',
      ]);
    });
  });

  it('says the chat is not available when the channel cannot open', async () => {
    server.use(
      http.get('*/api/bff/chat/channels/nope', () =>
        HttpResponse.json({ error: 'not_found', title: 'Not Found', status: 404 }, { status: 404 }),
      ),
    );
    renderAt('#chat=nope');
    expect(await screen.findByText('Chat is not available. Please contact administrator.')).toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent(
      'The chat could not be loaded.Chat is not available. Please contact administrator.Try again',
    );
  });

  describe('a load that fails', () => {
    const unavailable = 'The chat could not be loaded.Please try again in a few minutes.Try again';

    it('offers to load the channel list again, and lists the channels once it answers', async () => {
      let calls = 0;
      const { user } = renderAt('#chat', 'UTC', () =>
        (calls += 1) === 1 ? problemAnswer(503, 'upstream_unavailable') : HttpResponse.json({ channels: [team] }),
      );
      const dialog = await screen.findByRole('dialog', { name: 'Messages' });
      const alert = await within(dialog).findByRole('alert');
      expect(alert).toHaveTextContent(unavailable);

      await user.click(within(alert).getByRole('button', { name: 'Try again' }));
      expect(await within(dialog).findByRole('button', { name: /Team Blue/ })).toBeInTheDocument();
      expect(within(dialog).queryByRole('alert')).not.toBeInTheDocument();
      expect(calls).toBe(2);
    });

    it('offers to load the channel again, and shows its messages once it answers', async () => {
      let calls = 0;
      server.use(
        http.get('*/api/bff/chat/channels/t1', () =>
          (calls += 1) === 1
            ? HttpResponse.error()
            : HttpResponse.json({
                channel: team,
                messages: [message(1, 'Hi Ada')],
                lastReadSeq: 1,
                maxMessageChars: 100,
              }),
        ),
      );
      const { user } = renderAt('#chat=t1');
      const dialog = await screen.findByRole('dialog', { name: 'Messages' });
      const alert = await within(dialog).findByRole('alert');
      expect(alert).toHaveTextContent(unavailable);

      await user.click(within(alert).getByRole('button', { name: 'Try again' }));
      expect(await within(dialog).findByText('Hi Ada')).toBeInTheDocument();
      expect(within(dialog).queryByRole('alert')).not.toBeInTheDocument();
    });

    it('keeps the channel shown when a refresh after a new message fails', async () => {
      let calls = 0;
      server.use(
        http.get('*/api/bff/chat/channels/t1', () =>
          (calls += 1) === 1
            ? HttpResponse.json({
                channel: team,
                messages: [message(1, 'Hi Ada')],
                lastReadSeq: 1,
                maxMessageChars: 100,
              })
            : problemAnswer(502, 'upstream_unavailable'),
        ),
      );
      renderAt('#chat=t1');
      server.use(
        http.get(
          '*/api/bff/chat/stream',
          () =>
            new HttpResponse(`event: message\nid: 2\ndata: ${JSON.stringify(message(2, 'Are you there?'))}\n\n`, {
              headers: { 'Content-Type': 'text/event-stream' },
            }),
          { once: true },
        ),
      );
      const dialog = await screen.findByRole('dialog', { name: 'Messages' });
      expect(await within(dialog).findByText('Hi Ada')).toBeInTheDocument();
      await waitFor(() => expect(calls).toBeGreaterThan(1));
      await new Promise((resolve) => setTimeout(resolve, 50));
      expect(within(dialog).getByText('Hi Ada')).toBeInTheDocument();
      expect(within(dialog).getByRole('textbox', { name: 'Message' })).toBeInTheDocument();
      expect(within(dialog).queryByRole('alert')).not.toBeInTheDocument();
    });
  });

  it('closes with the close button and drops the hash', async () => {
    const { user, router } = renderAt('#chat');
    const dialog = await screen.findByRole('dialog', { name: 'Messages' });
    await user.click(within(dialog).getByRole('button', { name: 'Close messages' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(router.state.location.hash).toBe('');
  });
});
