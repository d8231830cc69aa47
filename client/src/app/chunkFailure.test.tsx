// A route whose chunk cannot be fetched shows the error page inside the shell, never a blank
// page: the data router renders nothing below the topmost layout for a route whose `lazy`
// rejected, so `routes.tsx` turns the failure into a component that throws it.
import { screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderApp } from '../test/renderApp';

// The catalog's module fails to load, as its chunk does with the network gone.
vi.mock('../features/catalog/CatalogPage', () => {
  throw new Error('Loading chunk catalog failed.');
});

describe('a page whose chunk cannot be loaded', () => {
  // React and the router log the error the page shows.
  beforeEach(() => vi.spyOn(console, 'error').mockImplementation(() => undefined));
  afterEach(() => vi.restoreAllMocks());

  it('shows the error page in the shell when the learner goes there', async () => {
    const { user, location } = renderApp('/learn/courses');
    expect(await screen.findByRole('heading', { level: 1, name: 'My courses' })).toBeInTheDocument();
    const nav = screen.getByRole('navigation', { name: 'Main navigation' });
    await user.click(within(nav).getByRole('link', { name: 'Catalog' }));

    expect(await screen.findByRole('heading', { level: 1, name: /Something went wrong/ })).toBeInTheDocument();
    expect(location()).toBe('/catalog');
    // The shell stays: the learner can go on to another page.
    await user.click(
      within(screen.getByRole('navigation', { name: 'Main navigation' })).getByRole('link', { name: 'My courses' }),
    );
    expect(await screen.findByRole('heading', { level: 1, name: 'My courses' })).toBeInTheDocument();
  });

  it('shows the error page when the page is opened at that address', async () => {
    renderApp('/learn/catalog');
    expect(await screen.findByRole('heading', { level: 1, name: /Something went wrong/ })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Skip to main content' })).toBeInTheDocument();
  });
});
