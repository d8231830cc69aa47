// The toast region's chunk cannot be fetched (the network gone, a new deploy) when a toast is
// due: the region sits outside the router's error pages, and unguarded its failure emptied the
// whole page. The page stays, and the toast shows once the network is back.
import { act, render, screen } from '@testing-library/react';
import { IntlProvider } from 'react-intl';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { showToast, toastQueue, Toasts } from './toasts';

const network = vi.hoisted(() => ({ reachable: false }));

// The region fails as React.lazy does when webpack cannot fetch its chunk: rendering it throws
// webpack's error; once reachable, it is the real region.
vi.mock('./ToastRegion', async (importOriginal) => {
  const real = await importOriginal<typeof import('./ToastRegion')>();
  return {
    default: function ToastRegion() {
      if (!network.reachable) {
        throw Object.assign(new Error('Loading chunk toasts failed.'), { name: 'ChunkLoadError' });
      }
      return <real.default />;
    },
  };
});

describe('toasts whose region cannot be fetched', () => {
  // React reports the failure its boundary caught.
  beforeEach(() => vi.spyOn(console, 'error').mockImplementation(() => undefined));
  afterEach(() => {
    vi.restoreAllMocks();
    toastQueue.clear();
  });

  it('leave the page as it is, and show once the network is back', async () => {
    render(
      <IntlProvider locale="en-US" messages={{}} onError={() => undefined}>
        <main>
          <h1>Share this course</h1>
        </main>
        <Toasts />
      </IntlProvider>,
    );
    act(() => showToast('The link was copied', 'success'));
    await act(() => new Promise((resolve) => setTimeout(resolve, 50)));
    expect(screen.getByRole('heading', { name: 'Share this course' })).toBeInTheDocument();
    expect(screen.queryByText('The link was copied')).not.toBeInTheDocument();

    network.reachable = true;
    act(() => {
      window.dispatchEvent(new Event('online'));
    });
    expect(await screen.findByText('The link was copied')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Share this course' })).toBeInTheDocument();
  });
});
