import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { DashboardCourse, DashboardView } from '../../api/contracts/bff';
import { uiConfig } from '../../test/factories';
import { renderApp } from '../../test/renderApp';
import { http, HttpResponse, server } from '../../test/server';

function course(overrides: Partial<DashboardCourse>): DashboardCourse {
  return {
    objectiveId: 'c-x',
    name: 'Course',
    status: 'inProgress',
    progressPercent: 40,
    isMandatory: false,
    gradeHidden: false,
    overdue: false,
    unreadAnnouncements: 0,
    link: '/courses/c-x/view/content',
    ...overrides,
  };
}

function serveDashboard(view: Partial<DashboardView>, dashboardEnabled = true) {
  server.use(
    http.get('*/config-ui/config.json', () => HttpResponse.json(uiConfig({ dashboardEnabled }))),
    http.get('*/api/bff/dashboard', () =>
      HttpResponse.json({ inProgress: [], dueSoon: [], recentlyFinished: [], dueSoonDays: 7, ...view }),
    ),
  );
}

describe('dashboard', () => {
  it('shows the three sections with course cards linking where the view says', async () => {
    serveDashboard({
      inProgress: [course({ objectiveId: 'c-1', name: 'Negotiation Skills', link: '/courses/c-1/view/content' })],
      dueSoon: [
        course({
          objectiveId: 'c-2',
          name: 'Workplace Safety',
          status: 'notStarted',
          dueDate: '2030-01-20T00:00:00Z',
          link: '/courses/c-2/a-2',
        }),
      ],
      recentlyFinished: [
        course({ objectiveId: 'c-3', name: 'Data Privacy', status: 'finished', passed: true, link: '/courses/c-3' }),
      ],
    });
    renderApp('/learn/');

    expect(await screen.findByRole('heading', { level: 1, name: 'Welcome back, Ada' })).toBeInTheDocument();
    await waitFor(() => expect(document.title).toMatch(/^Dashboard \| /));
    const cont = screen.getByRole('region', { name: 'Continue learning' });
    expect(within(cont).getByRole('link', { name: 'Negotiation Skills' })).toHaveAttribute(
      'href',
      '/learn/courses/c-1/view/content',
    );
    const due = screen.getByRole('region', { name: 'Due soon' });
    expect(within(due).getByText('Due within the next 7 days')).toBeInTheDocument();
    expect(within(due).getByRole('link', { name: 'Workplace Safety' })).toHaveAttribute(
      'href',
      '/learn/courses/c-2/a-2',
    );
    const finished = screen.getByRole('region', { name: 'Recently finished' });
    expect(within(finished).getByRole('link', { name: 'Data Privacy' })).toHaveAttribute('href', '/learn/courses/c-3');
    expect(screen.getByRole('navigation', { name: 'Main navigation' })).toBeInTheDocument();
    expect(
      within(screen.getByRole('navigation', { name: 'Main navigation' })).getByRole('link', { name: 'Dashboard' }),
    ).toHaveAttribute('aria-current', 'page');
  });

  it('says so when a section is empty', async () => {
    serveDashboard({});
    renderApp('/learn/');
    expect(await screen.findByText('No course in progress. Start one from My courses.')).toBeInTheDocument();
    expect(screen.getByText('Nothing is due soon.')).toBeInTheDocument();
    expect(screen.getByText('No finished course yet.')).toBeInTheDocument();
  });

  it('offers a retry when the dashboard cannot be loaded', async () => {
    server.use(
      http.get('*/config-ui/config.json', () => HttpResponse.json(uiConfig({ dashboardEnabled: true }))),
      http.get('*/api/bff/dashboard', () => HttpResponse.json({}, { status: 404 })),
    );
    renderApp('/learn/');
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });

  it('is not there when the tenant turns it off: / goes to My courses keeping query and hash', async () => {
    serveDashboard({}, false);
    const { location } = renderApp('/learn/?keyword=abc#x');
    await screen.findByRole('heading', { level: 1, name: 'My courses' });
    expect(location()).toBe('/courses?keyword=abc#x');
    expect(screen.queryByRole('link', { name: 'Dashboard' })).not.toBeInTheDocument();
  });
});
