// The widgets' chunks fail apart: the feedback widget's chunk cannot be fetched (the network
// gone at the first idle moment), and the chat panel still opens.
import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderApp } from '../test/renderApp';
import { http, HttpResponse, server } from '../test/server';

// Reading the module's parts fails as webpack's chunk loading does.
vi.mock('../features/feedback/FeedbackWidget', () => {
  const unfetchable = () => {
    throw Object.assign(new Error('Loading chunk feedback failed.'), { name: 'ChunkLoadError' });
  };
  return {
    get FeedbackButton() {
      return unfetchable();
    },
    get FeedbackDialog() {
      return unfetchable();
    },
  };
});

describe('widgets whose chunk cannot be fetched', () => {
  it('leave the other widgets and the page: the chat opens without the feedback button', async () => {
    server.use(
      http.get('*/api/bff/chat/channels', () => HttpResponse.json({ channels: [] })),
      http.get(
        '*/api/bff/chat/stream',
        () => new HttpResponse('', { headers: { 'Content-Type': 'text/event-stream' } }),
      ),
    );
    // React reports the failure its boundary caught.
    const logged = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    try {
      renderApp('/learn/courses#chat');
      expect(await screen.findByRole('heading', { level: 1, name: 'My courses' })).toBeInTheDocument();
      expect(await screen.findByRole('dialog', { name: 'Messages' })).toBeInTheDocument();
      await waitFor(() =>
        expect(logged.mock.calls.flat().some((arg) => String(arg).includes('Loading chunk feedback'))).toBe(true),
      );
      // After the failure: the chat is still open, the page still there, no feedback button.
      expect(screen.getByRole('dialog', { name: 'Messages' })).toBeInTheDocument();
      // (the open dialog hides the page from the accessibility tree, hence `hidden`)
      expect(screen.getByRole('heading', { level: 1, name: 'My courses', hidden: true })).toBeInTheDocument();
      expect(screen.queryByRole('button', { name: 'Feedback', hidden: true })).not.toBeInTheDocument();
    } finally {
      logged.mockRestore();
    }
  });
});
