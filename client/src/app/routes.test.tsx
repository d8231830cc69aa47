import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { matchRoutes } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import type { CatalogView } from '../api/contracts/bff';
import { SIGN_IN_ROUND_KEY } from '../api/http';
import { uiConfig } from '../test/factories';
import { renderApp } from '../test/renderApp';
import { failingOnce, http, HttpResponse, server } from '../test/server';
import { type RouteHandle, routes } from './routes';

describe('routes', () => {
  it("says which pages hold a place for the tutor's button (the course page, the player), so it waits for it", () => {
    const holdsPlace = (path: string) =>
      (matchRoutes(routes, path) ?? []).some((m) => (m.route.handle as RouteHandle | undefined)?.tutorInPage);
    expect(holdsPlace('/courses/c1')).toBe(true);
    expect(holdsPlace('/courses/c1/view/details')).toBe(true);
    expect(holdsPlace('/courses/c1/a1')).toBe(true);
    expect(holdsPlace('/courses/c1/view/content/2')).toBe(true);
    expect(holdsPlace('/courses/c1/certificate/ACME-1')).toBe(false);
    expect(holdsPlace('/courses/c1/workflow/w1/view')).toBe(false);
  });

  it('redirects / to /courses keeping the query string and hash', async () => {
    const { location } = renderApp('/learn/?a=1#x');

    expect(await screen.findByRole('heading', { level: 1, name: 'My courses' })).toBeInTheDocument();
    expect(location()).toBe('/courses?a=1#x');
  });

  it('shows an accessible loading state while the session loads', async () => {
    renderApp('/learn/courses');

    expect(screen.getByRole('status')).toHaveTextContent('Loading…');
    expect(await screen.findByRole('heading', { level: 1, name: 'My courses' })).toBeInTheDocument();
  });

  it('renders the shell: skip link, product name, navigation with the active page marked', async () => {
    server.use(
      http.get('*/config-ui/config.json', () =>
        HttpResponse.json(uiConfig({ coursesName: 'Learning', calendarEnabled: true, dashboardEnabled: true })),
      ),
    );
    renderApp('/learn/courses');

    await screen.findByRole('heading', { level: 1, name: 'Learning' });
    expect(screen.getByRole('link', { name: 'Skip to main content' })).toHaveAttribute('href', '#main');
    expect(screen.getByRole('main')).toHaveAttribute('id', 'main');
    const nav = screen.getByRole('navigation', { name: 'Main navigation' });
    expect(within(nav).getByRole('link', { name: 'Learning' })).toHaveAttribute('aria-current', 'page');
    expect(within(nav).getByRole('link', { name: 'Catalog' })).not.toHaveAttribute('aria-current');
    expect(within(nav).getByRole('link', { name: 'Dashboard' })).toHaveAttribute('href', '/learn');
    expect(within(nav).getByRole('link', { name: 'Calendar' })).toHaveAttribute('href', '/learn/calendar');
    await waitFor(() => expect(document.title).toBe('Learning | Acme Learning'));
  });

  it('hides catalog, dashboard and calendar links when they are off', async () => {
    server.use(http.get('*/config-ui/config.json', () => HttpResponse.json(uiConfig({ catalogEnabled: false }))));
    renderApp('/learn/courses');

    const nav = await screen.findByRole('navigation', { name: 'Main navigation' });
    expect(
      within(nav)
        .getAllByRole('link')
        .map((l) => l.textContent),
    ).toEqual(['My courses']);
  });

  it('moves focus to the new page heading after navigation', async () => {
    const catalog: CatalogView = {
      items: [
        { objectiveId: 'o-neg', name: 'Negotiation Skills', code: 'NEG-1', isDraft: false, link: '/catalog/o-neg' },
      ],
      totalCount: 1,
      keyword: '',
      filter: { collections: [], terms: [], progress: [], priority: [] },
      filtersUnavailable: false,
      collections: [],
      terms: [],
    };
    server.use(http.get('*/api/bff/catalog', () => HttpResponse.json(catalog)));
    const { user } = renderApp('/learn/courses');

    await user.click(await screen.findByRole('link', { name: 'Catalog' }));

    const heading = await screen.findByRole('heading', { level: 1, name: 'Catalog' });
    await waitFor(() => expect(heading).toHaveFocus());
    await waitFor(() => expect(document.title).toBe('Catalog | Acme Learning'));
    const list = await screen.findByRole('list', { name: 'Catalog courses' });
    expect(within(list).getByRole('link', { name: 'Negotiation Skills' })).toBeInTheDocument();
    expect(heading).toHaveFocus();
  });

  it('shows the not-found page for unknown paths', async () => {
    renderApp('/learn/no/such/page');
    expect(await screen.findByRole('heading', { level: 1, name: 'Page not found' })).toBeInTheDocument();
  });

  it('shows the forbidden page with no button', async () => {
    renderApp('/learn/forbidden');
    expect(await screen.findByRole('heading', { level: 1, name: '403 Forbidden' })).toBeInTheDocument();
    expect(within(screen.getByRole('main')).queryByRole('button')).not.toBeInTheDocument();
  });

  it('offers a retry when the config cannot be loaded', async () => {
    server.use(
      http.get(
        '*/config-ui/config.json',
        failingOnce(500, () => uiConfig()),
      ),
    );
    const { user } = renderApp('/learn/courses');

    await user.click(await screen.findByRole('button', { name: 'Try again' }, { timeout: 15000 }));

    expect(await screen.findByRole('heading', { level: 1, name: 'My courses' })).toBeInTheDocument();
  }, 20000);
});

describe('sign-in failure page', () => {
  it.each([
    ['unavailable', 'The sign-in service is not available right now. Please try again in a few minutes.'],
    ['refused', 'The sign-in could not be completed. Please try again.'],
    ['no_cookie', /did not keep the cookies this site needs to sign you in\. Allow cookies for this site/],
    ['anything', 'The sign-in could not be completed. Please try again.'],
    ['constructor', 'The sign-in could not be completed. Please try again.'],
  ])('reason=%s says what happened and offers to sign in again, with no session to read', async (reason, text) => {
    let sessionReads = 0;
    server.use(
      http.get('*/api/bff/session', () => {
        sessionReads += 1;
        return HttpResponse.json({ error: 'unauthorized' }, { status: 401 });
      }),
    );
    renderApp(`/learn/sign-in-failed?reason=${reason}`);
    expect(await screen.findByRole('heading', { level: 1, name: 'You could not be signed in' })).toBeInTheDocument();
    expect(screen.getByText(text)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Sign in' })).toHaveAttribute('href', '/oidc/login');
    await waitFor(() => expect(document.title).toMatch(/^You could not be signed in/));
    // The title names no status, and neither does the mark above it: a picture, not "401" or "500".
    const mark = document.querySelector('.error-view__art');
    expect(mark?.querySelector('svg')).not.toBeNull();
    expect(mark?.textContent).toBe('');
    expect(sessionReads).toBe(0);
  });
});

describe('sign-in failure page after a sign-in loop', () => {
  it('says the platform did not accept the sign-in, and its button returns to the page and counts as a round', async () => {
    const back = `${window.location.origin}/learn/courses`;
    renderApp(`/learn/sign-in-failed?${new URLSearchParams({ reason: 'not_accepted', redirectUrl: back })}`);
    expect(await screen.findByRole('heading', { level: 1, name: 'You could not be signed in' })).toBeInTheDocument();
    expect(screen.getByText(/the learning platform did not accept it/)).toBeInTheDocument();
    const signIn = screen.getByRole('link', { name: 'Sign in' });
    expect(signIn).toHaveAttribute('href', `/oidc/login?${new URLSearchParams({ redirectUrl: back })}`);
    signIn.addEventListener('click', (event) => event.preventDefault());
    await userEvent.click(signIn);
    expect(Number(window.sessionStorage.getItem(SIGN_IN_ROUND_KEY))).toBeGreaterThan(0);
  });

  it('returns only to pages of this origin', async () => {
    renderApp('/learn/sign-in-failed?reason=not_accepted&redirectUrl=https%3A%2F%2Fevil.example%2F');
    expect(await screen.findByRole('link', { name: 'Sign in' })).toHaveAttribute('href', '/oidc/login');
  });
});

describe('error elements', () => {
  it('shows the 500 page when a page crashes (/simulate-error), never a blank page', async () => {
    const quiet = console.error;
    console.error = () => undefined;
    try {
      renderApp('/learn/simulate-error');
      expect(await screen.findByRole('heading', { level: 1, name: '500 Something went wrong' })).toBeInTheDocument();
      expect(screen.getByRole('link', { name: 'Go to My courses' })).toHaveAttribute('href', '/learn/courses');
    } finally {
      console.error = quiet;
    }
  });

  it('treats a feature the tenant turned off as not found', async () => {
    server.use(http.get('*/config-ui/config.json', () => HttpResponse.json(uiConfig({ calendarEnabled: false }))));
    renderApp('/learn/calendar');
    expect(await screen.findByRole('heading', { level: 1, name: 'Page not found' })).toBeInTheDocument();
  });
});
