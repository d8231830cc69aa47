import { render, screen, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { IntlProvider } from 'react-intl';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { SWRConfig } from 'swr';
import { describe, expect, it } from 'vitest';
import type { ChatChannel } from '../../api/contracts/bff';
import { problemAnswer, server } from '../../test/server';
import { MessagesLink } from './MessagesLink';

function channel(id: string, unreadCount: number): ChatChannel {
  return { id, kind: 'team', name: `Team ${id}`, unreadCount, canPost: true };
}

function renderLink() {
  const router = createMemoryRouter([{ path: '/catalog', element: <MessagesLink /> }], {
    initialEntries: ['/catalog?keyword=safety'],
  });
  return render(
    <SWRConfig value={{ provider: () => new Map(), shouldRetryOnError: false }}>
      <IntlProvider locale="en-US" defaultLocale="en-US">
        <RouterProvider router={router} />
      </IntlProvider>
    </SWRConfig>,
  );
}

describe('MessagesLink', () => {
  it('opens the chat panel on the current page, keeping its query', () => {
    renderLink();
    expect(screen.getByRole('link', { name: 'Messages' })).toHaveAttribute('href', '/catalog?keyword=safety#chat');
  });

  it('counts the unread messages of every channel', async () => {
    server.use(
      http.get('*/api/bff/chat/channels', () =>
        HttpResponse.json({ channels: [channel('a', 2), channel('b', 0), channel('c', 1)] }),
      ),
    );
    renderLink();
    const link = await screen.findByRole('link', { name: 'Messages, 3 unread' });
    expect(link).toHaveTextContent('Messages3');
  });

  it('shows no count when everything is read or the chat service does not answer', async () => {
    for (const answer of [
      () => HttpResponse.json({ channels: [channel('a', 0)] }),
      () => problemAnswer(502, 'bad_gateway'),
    ]) {
      let answered = 0;
      server.use(
        http.get('*/api/bff/chat/channels', () => {
          answered += 1;
          return answer();
        }),
      );
      const { unmount } = renderLink();
      await waitFor(() => expect(answered).toBe(1));
      await new Promise((resolve) => setTimeout(resolve, 20));
      expect(screen.getByRole('link', { name: 'Messages' })).toHaveTextContent(/^Messages$/);
      unmount();
    }
  });

  it('says 99+ beyond 99', async () => {
    server.use(http.get('*/api/bff/chat/channels', () => HttpResponse.json({ channels: [channel('a', 120)] })));
    renderLink();
    const link = await screen.findByRole('link', { name: 'Messages, 120 unread' });
    expect(link).toHaveTextContent('Messages99+');
  });
});
