import { act, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { CalendarView, CertificatePreview } from '../api/contracts/bff';
import { detailsView } from '../features/course-details/testData';
import { sessionView, uiConfig } from '../test/factories';
import { stubMatchMedia } from '../test/matchMedia';
import { renderApp } from '../test/renderApp';
import { http, HttpResponse, server } from '../test/server';
import { browserVerdict } from './browserSupport';
import { acceptedRedirect } from './redirectRule';

function serve(config = {}, session = {}) {
  server.use(
    http.get('*/config-ui/config.json', () => HttpResponse.json(uiConfig(config))),
    http.get('*/api/bff/session', () => HttpResponse.json(sessionView(session))),
  );
}

/** The hamburger once the drawer's code is there (a native button stands in before it). */
function drawerButton() {
  return waitFor(() => {
    const button = screen.getByRole('button', { name: 'Open menu' });
    expect(button).toHaveAttribute('data-rac');
    return button;
  });
}

describe('navigation', () => {
  it('lists the items the config and the session allow, in the spec order', async () => {
    serve(
      {
        dashboardEnabled: true,
        calendarEnabled: true,
        roomsEnabled: true,
        navPlugins: [{ label: 'Help centre', url: '/help' }],
        coursesName: 'Learning',
      },
      {
        navigation: {
          researchProjectsUrl: '/platform/research-projects?returnUrl=/',
          knowledgeModelsUrl: '/platform/knowledge-models?returnUrl=/',
          portalUrl: '/platform/',
        },
      },
    );
    server.use(
      http.get('*/api/bff/dashboard', () =>
        HttpResponse.json({ inProgress: [], dueSoon: [], recentlyFinished: [], dueSoonDays: 7 }),
      ),
    );
    renderApp('/learn/');
    const nav = await screen.findByRole('navigation', { name: 'Main navigation' });
    const links = within(nav).getAllByRole('link');
    expect(links.map((l) => [l.textContent, l.getAttribute('href')])).toEqual([
      ['Dashboard', '/learn'],
      ['Learning', '/learn/courses'],
      ['Catalog', '/learn/catalog'],
      ['Research projects', '/platform/research-projects?returnUrl=/'],
      ['Knowledge models', '/platform/knowledge-models?returnUrl=/'],
      ['Rooms', '/classroom/learner/rooms'],
      ['Calendar', '/learn/calendar'],
      ['Help centre', '/help'],
      ['Go to portal', '/platform/'],
    ]);
  });

  it('opens the drawer from the hamburger, traps focus in it and closes on choosing an item', async () => {
    serve({ calendarEnabled: true });
    server.use(
      http.get('*/api/bff/calendar', ({ request }) => {
        const url = new URL(request.url);
        const view: CalendarView = {
          from: url.searchParams.get('from') ?? '',
          to: url.searchParams.get('to') ?? '',
          timezone: 'Europe/London',
          entries: [],
        };
        return HttpResponse.json(view);
      }),
    );
    const { user, location } = renderApp('/learn/courses');
    const hamburger = await drawerButton();
    await user.click(hamburger);
    const drawer = await screen.findByRole('dialog', { name: 'Main navigation' });
    expect(within(drawer).getByRole('button', { name: 'Close menu' })).toBeInTheDocument();
    await user.click(within(drawer).getByRole('link', { name: 'Calendar' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await waitFor(() => expect(location()).toBe('/calendar'));
    expect(await screen.findByRole('heading', { level: 1, name: 'Calendar' })).toBeInTheDocument();
    expect(await screen.findByRole('grid')).toBeInTheDocument();
  });

  it('closes the drawer with Escape and returns focus to the hamburger', async () => {
    serve();
    const { user } = renderApp('/learn/courses');
    await user.click(await drawerButton());
    await screen.findByRole('dialog', { name: 'Main navigation' });
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await waitFor(() => expect(screen.getByRole('button', { name: 'Open menu' })).toHaveFocus());
  });

  it('has the skip link, the logo and the footer with privacy link and version', async () => {
    serve({ privacyPolicyUrl: 'https://acme.example/privacy', version: '1.2.3' });
    renderApp('/learn/courses');
    const skip = await screen.findByRole('link', { name: 'Skip to main content' });
    expect(skip).toHaveAttribute('href', '#main');
    expect(within(screen.getByRole('banner')).getByRole('link', { name: 'Acme Learning' })).toHaveAttribute(
      'href',
      '/learn',
    );
    // The tenant's name keeps its own direction (and is cut short at its end) in a right-to-left page.
    expect(within(screen.getByRole('banner')).getByText('Acme Learning')).toHaveAttribute('dir', 'auto');
    const footer = screen.getByRole('contentinfo');
    expect(within(footer).getByRole('link', { name: 'Privacy policy' })).toHaveAttribute(
      'href',
      'https://acme.example/privacy',
    );
    expect(within(footer).getByText('Version 1.2.3')).toBeInTheDocument();
  });

  it('says the learner is offline while the device has no network, and stops once it is back', async () => {
    serve();
    let online = true;
    const onLine = vi.spyOn(navigator, 'onLine', 'get').mockImplementation(() => online);
    try {
      renderApp('/learn/courses');
      expect(await screen.findByRole('heading', { level: 1, name: 'My courses' })).toBeInTheDocument();
      expect(screen.queryByText(/You are offline/)).not.toBeInTheDocument();

      online = false;
      act(() => void window.dispatchEvent(new Event('offline')));
      const notice = screen.getByRole('alert');
      expect(notice).toHaveTextContent(
        'You are offline. Pages you open and changes you make need a connection. Everything updates once you are back online.',
      );
      // It goes by itself: nothing to dismiss.
      expect(within(notice).queryByRole('button')).not.toBeInTheDocument();

      online = true;
      act(() => void window.dispatchEvent(new Event('online')));
      expect(screen.queryByText(/You are offline/)).not.toBeInTheDocument();
    } finally {
      onLine.mockRestore();
    }
  });

  it('keeps the feedback button by the sidebar on wide screens and in the footer on narrow ones', async () => {
    serve({ feedbackEnabled: true });
    renderApp('/learn/courses');
    const floating = await screen.findByRole('button', { name: 'Feedback' });
    expect(floating).toHaveClass('feedback__open');
    expect(within(screen.getByRole('contentinfo')).queryByRole('button')).not.toBeInTheDocument();
  });

  it('puts the feedback button in the footer below the sidebar breakpoint, where it opens the form', async () => {
    stubMatchMedia((query) => query === '(max-width: 970px)');
    serve({ feedbackEnabled: true });
    const { user } = renderApp('/learn/courses');
    const footer = await screen.findByRole('contentinfo');
    const button = await within(footer).findByRole('button', { name: 'Feedback' });
    // Only the footer's: nothing floats over the page.
    expect(screen.getAllByRole('button', { name: 'Feedback' })).toEqual([button]);
    await user.click(button);
    expect(await screen.findByRole('dialog')).toHaveTextContent('How is your experience with the learner portal?');
  });

  it('keeps the feedback form as the learner left it when the window crosses the sidebar breakpoint', async () => {
    let narrow = false;
    const resized = stubMatchMedia((query) => query === '(max-width: 970px)' && narrow);
    serve({ feedbackEnabled: true });
    const { user } = renderApp('/learn/courses');
    await user.click(await screen.findByRole('button', { name: 'Feedback' }));
    const dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByRole('radio', { name: '4 stars' }));
    await user.type(within(dialog).getByRole('textbox', { name: 'Comment (optional)' }), 'Clear');
    // The window narrows: the button moves into the footer, the form stays open and filled in.
    narrow = true;
    act(resized);
    // (The page behind the open form is hidden from assistive technology, hence `hidden`.)
    const footer = screen.getByRole('contentinfo', { hidden: true });
    await within(footer).findByRole('button', { name: 'Feedback', hidden: true });
    expect(screen.getByRole('dialog')).toBe(dialog);
    expect(within(dialog).getByRole('radio', { name: '4 stars' })).toBeChecked();
    expect(within(dialog).getByRole('textbox', { name: 'Comment (optional)' })).toHaveValue('Clear');
    // And widens again.
    narrow = false;
    act(resized);
    await waitFor(() => expect(within(footer).queryByRole('button', { hidden: true })).toBeNull());
    expect(within(dialog).getByRole('textbox', { name: 'Comment (optional)' })).toHaveValue('Clear');
    // The button that opened the form has gone; closing it focuses the one that took its place.
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.getByRole('button', { name: 'Feedback' })).toHaveFocus());
  });

  it('shows breadcrumbs on nested screens only', async () => {
    serve();
    const certificate: CertificatePreview = {
      studentName: 'Ada Lovelace',
      objectiveId: 'c-1',
      courseName: 'Workplace Safety',
      sharePath: '/learn/certificate/N-1',
      certificateNumber: 'N-1',
      issuedAt: '2026-02-01T10:00:00Z',
      expired: false,
    };
    server.use(
      http.get('*/api/bff/courses/c-1', () =>
        HttpResponse.json(detailsView({ objectiveId: 'c-1', name: 'Workplace Safety', status: 'finished' })),
      ),
      http.get('*/api/bff/certificates/N-1', () => HttpResponse.json(certificate)),
    );
    renderApp('/learn/courses/c-1/certificate/N-1');
    expect(await screen.findByRole('heading', { level: 1, name: 'Workplace Safety' })).toBeInTheDocument();
    const crumbs = await screen.findByRole('navigation', { name: 'Breadcrumbs' });
    // react-aria builds the crumbs' collection after the landmark itself: wait for its links.
    const items = await within(crumbs).findAllByRole('link');
    expect(items[0]).toHaveAttribute('href', '/learn/courses');
    expect(items[0]).toHaveTextContent('My courses');
    expect(items[1]).toHaveAttribute('href', '/learn/courses/c-1');
    expect(within(crumbs).getByText('Certificate')).toHaveAttribute('aria-current', 'page');
    expect(within(crumbs).getByText('Certificate')).toHaveAttribute('dir', 'auto');
  });

  it('shows no breadcrumbs on a top-level screen', async () => {
    serve();
    renderApp('/learn/courses');
    await screen.findByRole('heading', { level: 1, name: 'My courses' });
    expect(screen.queryByRole('navigation', { name: 'Breadcrumbs' })).not.toBeInTheDocument();
  });
});

describe('permission routing', () => {
  it('sends a user without learner access to /forbidden, which has no primary button', async () => {
    serve({}, { home: { kind: 'forbidden', url: '/learn/forbidden' }, permissions: ['Catalog.Read'] });
    const { location } = renderApp('/learn/courses');
    expect(await screen.findByRole('heading', { level: 1, name: '403 Forbidden' })).toBeInTheDocument();
    expect(location()).toBe('/forbidden');
    expect(within(screen.getByRole('main')).queryByRole('link')).not.toBeInTheDocument();
    expect(within(screen.getByRole('main')).queryByRole('button')).not.toBeInTheDocument();
    expect(screen.queryByRole('navigation', { name: 'Main navigation' })).not.toBeInTheDocument();
  });

  it('sends a research-only user to /platform', async () => {
    serve(
      {},
      {
        home: { kind: 'platform', url: '/learn/platform' },
        roles: ['Author'],
        navigation: { researchProjectsUrl: '/platform/research-projects?returnUrl=/' },
      },
    );
    const { location } = renderApp('/learn/');
    expect(await screen.findByRole('heading', { level: 1, name: 'Research and knowledge models' })).toBeInTheDocument();
    expect(location()).toBe('/platform');
    expect(screen.getByRole('link', { name: 'Open research projects' })).toHaveAttribute(
      'href',
      '/platform/research-projects?returnUrl=/',
    );
  });

  it('leaves the client for another allowed page of the platform', async () => {
    const assign = vi.fn();
    vi.spyOn(window, 'location', 'get').mockReturnValue({ ...window.location, assign });
    serve({}, { home: { kind: 'redirect', url: '/platform/content-library#chat=7' } });
    renderApp('/learn/courses');
    await waitFor(() => expect(assign).toHaveBeenCalledWith('/platform/content-library#chat=7'));
    expect(screen.queryByRole('heading', { level: 1 })).not.toBeInTheDocument();
  });
});

describe('error pages', () => {
  it('shows not found for an unknown address with the My courses button for a learner-only user', async () => {
    serve();
    renderApp('/learn/no/such/page');
    expect(await screen.findByRole('heading', { level: 1, name: 'Page not found' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to My courses' })).toHaveAttribute('href', '/learn/courses');
    await waitFor(() => expect(document.title).toMatch(/^Page not found \| /));
    expect(screen.getAllByRole('main')).toHaveLength(1);
  });

  it('leads users with more than the learner role to the content library', async () => {
    serve({}, { roles: ['Learner', 'Instructor'] });
    renderApp('/learn/no/such/page');
    expect(await screen.findByRole('link', { name: 'Go to the content library' })).toHaveAttribute(
      'href',
      '/platform/content-library',
    );
  });

  it('shows the 500 page when a page crashes (/simulate-error)', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    serve();
    renderApp('/learn/simulate-error');
    expect(await screen.findByRole('heading', { level: 1, name: '500 Something went wrong' })).toBeInTheDocument();
    expect(screen.getByText('Please try again in a few minutes.')).toBeInTheDocument();
    expect(screen.getAllByRole('main')).toHaveLength(1);
    expect(screen.queryByText(/Simulated error/)).not.toBeInTheDocument();
  });

  it('is a not-found page for a feature the tenant turned off', async () => {
    serve({ calendarEnabled: false });
    renderApp('/learn/calendar');
    expect(await screen.findByRole('heading', { level: 1, name: 'Page not found' })).toBeInTheDocument();
  });
});

describe('login callback', () => {
  it('accepts only https on the current host', () => {
    expect(acceptedRedirect('https://portal.example/learn/courses?a=1', 'portal.example')).toBe(
      'https://portal.example/learn/courses?a=1',
    );
    expect(acceptedRedirect('http://portal.example/learn/', 'portal.example')).toBeNull();
    expect(acceptedRedirect('https://evil.example/learn/', 'portal.example')).toBeNull();
    expect(acceptedRedirect('https://portal.example.evil.example/', 'portal.example')).toBeNull();
    expect(acceptedRedirect('https://user@portal.example/', 'portal.example')).toBeNull();
    expect(acceptedRedirect('/learn/courses', 'portal.example')).toBeNull();
    expect(acceptedRedirect('javascript:alert(1)', 'portal.example')).toBeNull();
    expect(acceptedRedirect(null, 'portal.example')).toBeNull();
  });

  it('goes to the client home for a foreign redirect URL', async () => {
    serve();
    const { location } = renderApp('/learn/login-callback?redirectUrl=https%3A%2F%2Fevil.example%2F');
    await waitFor(() => expect(location()).toBe('/courses'));
  });
});

describe('browser support', () => {
  const ua = {
    chrome:
      'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36',
    edge: 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36 Edg/131.0.0.0',
    safari:
      'Mozilla/5.0 (Macintosh; Intel Mac OS X 14_5) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Safari/605.1.15',
    iosSafari:
      'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1',
    iosChrome:
      'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) CriOS/131.0 Mobile/15E148 Safari/604.1',
    androidChrome:
      'Mozilla/5.0 (Linux; Android 14) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Mobile Safari/537.36',
    androidEdge:
      'Mozilla/5.0 (Linux; Android 14) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Mobile Safari/537.36 EdgA/131.0',
    firefox: 'Mozilla/5.0 (X11; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0',
    opera: 'Mozilla/5.0 (Windows NT 10.0) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36 OPR/116.0',
  };

  it('accepts desktop Chrome, Safari, Edge and mobile Chrome, Safari', () => {
    for (const name of ['chrome', 'edge', 'safari', 'iosSafari', 'iosChrome', 'androidChrome'] as const) {
      expect(browserVerdict(ua[name]), name).toBe('supported');
    }
  });

  it('flags other browsers', () => {
    for (const name of ['firefox', 'opera', 'androidEdge'] as const) {
      expect(browserVerdict(ua[name]), name).toBe('unsupported');
    }
    expect(browserVerdict('Mozilla/5.0 (linux) AppleWebKit/537.36 (KHTML, like Gecko) jsdom/27.0.0')).toBe('unknown');
  });

  it('shows a dismissible alert in an unsupported browser', async () => {
    vi.spyOn(window.navigator, 'userAgent', 'get').mockReturnValue(ua.firefox);
    serve();
    const { user } = renderApp('/learn/courses');
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Your browser is not supported');
    expect(alert).toHaveTextContent('Chrome, Safari, and Edge on a computer, Chrome and Safari on a phone or tablet');
    await user.click(await within(alert).findByRole('button', { name: 'Dismiss' }));
    expect(screen.queryByText('Your browser is not supported')).not.toBeInTheDocument();
  });
});
