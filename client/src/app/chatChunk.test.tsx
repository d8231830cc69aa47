// The chat panel's chunk cannot be fetched (the network gone, a new deploy) when the learner opens
// the chat: the page says so where the panel would be, rather than ignoring the press, and the
// learner can close that or reload.
import { screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderApp } from '../test/renderApp';

// The chat panel fails as React.lazy does when webpack cannot fetch its chunk: rendering it
// throws webpack's error, which the chat's boundary catches.
vi.mock('../features/chat/ChatPanel', () => ({
  default: function ChatPanel() {
    throw Object.assign(new Error('Loading chunk chat failed.'), { name: 'ChunkLoadError' });
  },
}));

describe('the chat whose chunk cannot be fetched', () => {
  // React reports the failure its boundary caught.
  beforeEach(() => vi.spyOn(console, 'error').mockImplementation(() => undefined));
  afterEach(() => vi.restoreAllMocks());

  it('says the chat could not be loaded, offers a reload, and closes with the page left as it was', async () => {
    const { user, location } = renderApp('/learn/courses?keyword=safety#chat');
    expect(await screen.findByRole('heading', { level: 1, name: 'My courses' })).toBeInTheDocument();

    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('A part of the page could not be loaded. Please reload the page.');
    expect(within(alert).getByRole('button', { name: 'Reload the page' })).toBeInTheDocument();

    await user.click(within(alert).getByRole('button', { name: 'Close messages' }));
    expect(screen.queryByText(/could not be loaded/)).not.toBeInTheDocument();
    expect(location()).toBe('/courses?keyword=safety');
    expect(screen.getByRole('heading', { level: 1, name: 'My courses' })).toBeInTheDocument();
  });
});
