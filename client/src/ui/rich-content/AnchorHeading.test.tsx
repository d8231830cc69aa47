import { act, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { toastQueue } from '../toasts';
import { renderRichContent } from './testing';

function stubClipboard(writeText: (text: string) => Promise<void>) {
  Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
}

afterEach(() => {
  act(() => toastQueue.visibleToasts.forEach((t) => toastQueue.close(t.key)));
});

const HTML = '<h2 id="overview">Overview</h2><h3 id="schedule">Schedule</h3><h3>No id</h3><h4 id="deep">Deep</h4>';

describe('heading anchor copy', () => {
  it('gives each h2 and h3 with an id a button that copies the link to it', async () => {
    const writeText = vi.fn(() => Promise.resolve());
    const { user } = renderRichContent(HTML);
    stubClipboard(writeText);
    expect(screen.getAllByRole('button', { name: /Copy link to section/ })).toHaveLength(2);
    await user.click(screen.getByRole('button', { name: 'Copy link to section Overview' }));
    expect(writeText).toHaveBeenCalledWith(
      `${window.location.origin}${window.location.pathname}#user-content-overview`,
    );
    expect(await screen.findByText('Link copied to clipboard')).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 2, name: 'Overview' })).toHaveAttribute('id', 'user-content-overview');
  });

  it('says so when the link could not be copied', async () => {
    const { user } = renderRichContent(HTML);
    stubClipboard(vi.fn(async () => Promise.reject(new Error('denied'))));
    await user.click(screen.getByRole('button', { name: 'Copy link to section Schedule' }));
    expect(await screen.findByText('The link could not be copied')).toBeInTheDocument();
  });
});
