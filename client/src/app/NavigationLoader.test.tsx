import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { IntlProvider } from 'react-intl';
import { createMemoryRouter, Link, Outlet, RouterProvider } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { NavigationLoader, useSlowNavigation } from './NavigationLoader';

function Layout() {
  const slow = useSlowNavigation();
  return (
    <>
      <Link to="/slow">slow</Link>
      <Link to="/quick">quick</Link>
      <Outlet />
      <NavigationLoader show={slow} />
    </>
  );
}

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function renderRouter(delays: Record<string, number>) {
  const lazyPage = (name: string) => async () => {
    await wait(delays[name] ?? 0);
    return { Component: () => <h1>{name}</h1> };
  };
  const router = createMemoryRouter([
    {
      path: '/',
      element: <Layout />,
      children: [
        { index: true, element: <h1>home</h1> },
        { path: 'slow', lazy: lazyPage('slow') },
        { path: 'quick', lazy: lazyPage('quick') },
      ],
    },
  ]);
  render(
    <IntlProvider locale="en-US" messages={{}} onError={() => undefined}>
      <RouterProvider router={router} />
    </IntlProvider>,
  );
}

describe('blocking loader', () => {
  it('shows only when a navigation takes longer than 300 ms, and goes when the page arrives', async () => {
    renderRouter({ slow: 900, quick: 100 });
    const user = userEvent.setup();
    await user.click(screen.getByRole('link', { name: 'quick' }));
    expect(await screen.findByRole('heading', { name: 'quick' })).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('status')).not.toBeInTheDocument());

    const before = Date.now();
    await user.click(screen.getByRole('link', { name: 'slow' }));
    // Not at once (no flash), but once the 300 ms have passed while the page still loads.
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
    expect(await screen.findByRole('status')).toHaveTextContent('Loading the page…');
    expect(Date.now() - before).toBeGreaterThanOrEqual(300);
    expect(await screen.findByRole('heading', { name: 'slow' }, { timeout: 3000 })).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('status')).not.toBeInTheDocument());
  });
});
