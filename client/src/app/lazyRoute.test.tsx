// A route whose chunk could not be fetched fetches it again when the learner comes back to it:
// the data router keeps the component the route's `lazy` gave for the page's lifetime, so before,
// the error page stayed there until a reload, the network long back.
import { act, render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { lazyRoute } from './routes';

const chunkError = () => Object.assign(new Error('Loading chunk catalog failed.'), { name: 'ChunkLoadError' });

describe('a lazy route whose chunk could not be fetched', () => {
  // React and the router log the error the route shows.
  beforeEach(() => vi.spyOn(console, 'error').mockImplementation(() => undefined));
  afterEach(() => vi.restoreAllMocks());

  it('fetches the chunk again on the next visit, and keeps the page once it came', async () => {
    let reachable = false;
    const load = vi.fn(() =>
      reachable
        ? Promise.resolve(function CatalogPage() {
            return <h1>Catalog</h1>;
          })
        : Promise.reject(chunkError()),
    );
    const router = createMemoryRouter(
      [
        { path: '/', element: <h1>My courses</h1> },
        { path: '/catalog', lazy: lazyRoute(load), errorElement: <h1>Something went wrong</h1> },
      ],
      { initialEntries: ['/'] },
    );
    render(<RouterProvider router={router} />);

    await act(() => router.navigate('/catalog'));
    expect(await screen.findByRole('heading', { name: 'Something went wrong' })).toBeInTheDocument();

    // The network is back; the learner goes elsewhere, then to the catalog again.
    reachable = true;
    await act(() => router.navigate('/'));
    expect(screen.getByRole('heading', { name: 'My courses' })).toBeInTheDocument();
    await act(() => router.navigate('/catalog'));
    expect(await screen.findByRole('heading', { name: 'Catalog' })).toBeInTheDocument();
    const fetches = load.mock.calls.length;

    // Later visits show the page at once, without fetching it again.
    await act(() => router.navigate('/'));
    await act(() => router.navigate('/catalog'));
    expect(screen.getByRole('heading', { name: 'Catalog' })).toBeInTheDocument();
    expect(load).toHaveBeenCalledTimes(fetches);
  });
});
