import { act, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { CourseDetailsView, EnrollResult, StartResult } from '../../api/contracts/bff';
import { uiConfig } from '../../test/factories';
import { renderApp } from '../../test/renderApp';
import { failingOnce, http, HttpResponse, server } from '../../test/server';
import { activityView, treeItem, treeView } from '../course-content/testData';
import { actions, COURSE_ID, DETAILS, detailsView, heading, serve, WORKFLOW_ID } from './testData';
import { sentence } from '../../test/text';

afterEach(() => {
  vi.useRealTimers();
});

describe('course details: the buttons and notices of the seed table', () => {
  it.each<[string, Partial<CourseDetailsView>, string[]]>([
    ['not started (Data Privacy Basics)', { buttons: ['start'] }, ['Start']],
    [
      'in progress (Time Management)',
      { status: 'inProgress', progressPercent: 60, buttons: ['continue'] },
      ['Continue'],
    ],
    [
      'finished, failed, retake allowed (Financial Literacy)',
      { status: 'finished', progressPercent: 100, buttons: ['retake', 'review'] },
      ['Start again', 'Review'],
    ],
    ['catalog access (Negotiation Skills)', { buttons: ['addToMyCourses'] }, ['Add to my courses']],
  ])('%s shows its buttons', async (_, overrides, names) => {
    serve(detailsView(overrides));
    renderApp(DETAILS);
    await heading();
    const buttons = within(actions())
      .getAllByRole('button')
      .map((b) => b.textContent);
    expect(buttons).toEqual([...names, 'Share']);
  });

  it('shows Enrolled as a state, not a button, for a self-enrolled course', async () => {
    serve(detailsView({ buttons: ['enrolled'] }));
    renderApp(DETAILS);
    await heading();
    expect(within(actions()).getByText('Enrolled')).toBeInTheDocument();
    expect(within(actions()).queryByRole('button', { name: 'Enrolled' })).toBeNull();
  });

  it("puts the AI tutor's button among the course's actions, not floating over the page", async () => {
    serve(detailsView({ buttons: ['start'] }));
    server.use(http.get('*/config-ui/config.json', () => HttpResponse.json(uiConfig({ aiTutorEnabled: true }))));
    renderApp(DETAILS);
    await heading();
    const tutor = await within(actions()).findByRole('button', { name: 'Ask the AI tutor' });
    expect(tutor).not.toHaveClass('tutor__open');
    expect(screen.getAllByRole('button', { name: 'Ask the AI tutor' })).toEqual([tutor]);
  });

  it.each<[string, Partial<CourseDetailsView>, RegExp]>([
    [
      'imported result (Excel for Analysts)',
      { status: 'finished', buttons: [], notices: ['noReviewRetake'] },
      /result was imported, so the course cannot be reviewed or started again/,
    ],
    [
      'available later (Advanced Negotiation)',
      { buttons: [], notices: ['willBeAvailable'], availabilityDate: '2030-03-14T09:00:00Z' },
      /Will be available to start on Mar 14, 2030/,
    ],
    [
      'start period over (Legacy Systems Overview)',
      { buttons: [], notices: ['wasAvailableBefore'], availabilityEndDate: '2024-02-01T09:00:00Z' },
      /Was available to start before Feb 1, 2024/,
    ],
    [
      'grades not revealed yet (Customer Service Excellence)',
      { status: 'graded', buttons: [], notices: ['gradingInProgress'], result: { gradeHidden: true } },
      /Grading in progress/,
    ],
    ['draft (Cloud Fundamentals)', { buttons: [], notices: ['comingSoon'] }, /Coming soon/],
    ['not available', { buttons: [], notices: ['notAvailable'] }, /This content is not available at the moment/],
  ])('%s shows its notice', async (_, overrides, text) => {
    serve(detailsView(overrides));
    renderApp(DETAILS);
    await heading();
    expect(screen.getByText(text)).toBeInTheDocument();
    expect(
      within(actions())
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual(['Share']);
  });
});

describe('course details: content', () => {
  it('shows code, chips, progress, result badges and dates from the view', async () => {
    serve(
      detailsView({
        name: 'Workplace Safety',
        code: 'SAF-100',
        collections: ['Onboarding'],
        status: 'finished',
        progressPercent: 100,
        dueDate: '2030-05-01T10:00:00Z',
        buttons: ['review'],
        result: {
          gradeHidden: false,
          passed: true,
          grade: 'A',
          score: { percent: 92, points: { score: 92, maxScore: 100 }, color: 'success' },
        },
      }),
    );
    renderApp(DETAILS);
    await heading('Workplace Safety');
    expect(screen.getByText(sentence('Code: SAF-100'))).toBeInTheDocument();
    const chips = screen.getByRole('list', { name: 'Collections' });
    expect(within(chips).getByText('Onboarding')).toBeInTheDocument();
    expect(within(chips).getByText('Mandatory')).toBeInTheDocument();
    const result = screen.getByRole('group', { name: 'Result of your last attempt' });
    expect(within(result).getByText('Passed')).toBeInTheDocument();
    expect(within(result).getByText(sentence('Grade A'))).toBeInTheDocument();
    expect(within(result).getByText('92%')).toBeInTheDocument();
    expect(screen.getByRole('progressbar', { name: 'Progress' })).toHaveAttribute('aria-valuenow', '100');
    expect(screen.getByText('Finished')).toBeInTheDocument();
    expect(screen.getByText('May 1, 2030')).toBeInTheDocument();
    expect(screen.getByText('92 out of 100 points')).toBeInTheDocument();
  });

  it('collapses a long description at about 70 characters with Show more / Hide', async () => {
    const description =
      'Learn how personal data is collected, stored and protected in everyday work, and what to do when something goes wrong.';
    serve(detailsView({ description }));
    const { user } = renderApp(DETAILS);
    await heading();
    const toggle = screen.getByRole('button', { name: 'Show more' });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    expect(screen.queryByText(description)).toBeNull();
    const cut = screen.getByText(/^Learn how personal data/);
    expect(cut.textContent.length).toBeLessThanOrEqual(71);
    await user.click(toggle);
    expect(screen.getByText(description)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Hide' })).toHaveAttribute('aria-expanded', 'true');
    await user.click(screen.getByRole('button', { name: 'Hide' }));
    expect(screen.queryByText(description)).toBeNull();
  });

  it('says the due date has passed when the view says the course is overdue', async () => {
    serve(detailsView({ status: 'inProgress', dueDate: '2026-11-25T11:00:00Z', overdue: true }));
    renderApp(DETAILS);
    await heading();
    const due = screen.getByText('Due date').closest('div')!;
    expect(within(due).getByText('Overdue since Nov 25, 2026')).toHaveClass('details-facts__overdue');
  });

  it('covers a course without image in its own colour, as its cards do', async () => {
    serve(detailsView({ color: '#0c8599' }));
    const { container } = renderApp(DETAILS);
    await heading();
    const cover = container.querySelector<HTMLElement>('.details-cover')!;
    expect(cover.style.backgroundColor).toBe('rgb(12, 133, 153)');
    expect(cover.querySelector('img')).toBeNull();
  });

  it('shows a short description whole, without a toggle', async () => {
    serve(detailsView({ description: 'A short course.' }));
    renderApp(DETAILS);
    await heading();
    expect(screen.getByText('A short course.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Show more' })).toBeNull();
  });

  it('lists previous attempts with the score column only when the view says so', async () => {
    const attempts = [
      {
        id: 'r-2',
        finished: '2026-03-02T10:00:00Z',
        score: { percent: 30, color: 'danger' as const },
        grade: 'F',
        passed: false,
      },
      {
        id: 'r-1',
        finished: '2026-01-15T10:00:00Z',
        score: { percent: 88, color: 'success' as const },
        grade: 'B',
        passed: true,
      },
    ];
    serve(detailsView({ status: 'finished', buttons: ['retake'], attempts, attemptsScoreColumn: true }));
    renderApp(DETAILS);
    await heading();
    const table = screen.getByRole('grid', { name: 'Previous attempts' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((c) => c.textContent),
    ).toEqual(['Finished on', 'Score', 'Grade', 'Result']);
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows).toHaveLength(2);
    expect(within(rows[0]!).getByText('30%')).toBeInTheDocument();
    expect(within(rows[0]!).getByText('Not passed')).toBeInTheDocument();
    expect(within(rows[1]!).getByText('Jan 15, 2026')).toBeInTheDocument();
  });

  it('leaves the score column out when the view hides it', async () => {
    serve(
      detailsView({
        status: 'finished',
        attempts: [{ id: 'r-1', finished: '2026-01-15T10:00:00Z', grade: 'B', passed: true }],
        attemptsScoreColumn: false,
      }),
    );
    renderApp(DETAILS);
    await heading();
    const table = screen.getByRole('grid', { name: 'Previous attempts' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((c) => c.textContent),
    ).toEqual(['Finished on', 'Grade', 'Result']);
  });

  it('links each certificate to its preview and marks an expired one', async () => {
    serve(
      detailsView({
        certificates: [
          {
            certificateNumber: 'C-2',
            name: 'Python certificate',
            issued: '2025-01-10T00:00:00Z',
            expires: '2026-01-10T00:00:00Z',
            expired: true,
          },
        ],
      }),
    );
    renderApp(DETAILS);
    await heading();
    const section = screen.getByRole('region', { name: 'Certificates' });
    expect(within(section).getByRole('link', { name: 'Python certificate' })).toHaveAttribute(
      'href',
      `/learn/courses/${COURSE_ID}/certificate/C-2`,
    );
    expect(within(section).getByText('Expired')).toBeInTheDocument();
    expect(within(section).getByText('Expired on Jan 10, 2026')).toBeInTheDocument();
  });

  it('shows the page when only its certificates and earlier attempts could not be read, and Try again loads them', async () => {
    const certificate = {
      certificateNumber: 'C-3',
      name: 'Privacy certificate',
      issued: '2025-01-10T00:00:00Z',
      expired: false,
    };
    const attempt = { id: 'r-1', finished: '2025-01-09T00:00:00Z', grade: 'B', passed: true };
    let reads = 0;
    serve(() => {
      reads += 1;
      return reads === 1
        ? detailsView({ unavailable: ['attempts', 'certificates'] })
        : detailsView({ certificates: [certificate], attempts: [attempt] });
    });
    const { user } = renderApp(DETAILS);
    await heading();
    const certificates = screen.getByRole('region', { name: 'Certificates' });
    expect(within(certificates).getByRole('alert')).toHaveTextContent('Your certificates could not be loaded.');
    const attempts = screen.getByRole('region', { name: 'Previous attempts' });
    expect(within(attempts).getByRole('alert')).toHaveTextContent('Your earlier attempts could not be loaded.');
    expect(within(attempts).queryByRole('grid')).toBeNull();
    // The rest of the page is there.
    expect(within(actions()).getByRole('button', { name: 'Start' })).toBeInTheDocument();

    await user.click(within(certificates).getByRole('button', { name: 'Try again' }));

    expect(await within(certificates).findByRole('link', { name: 'Privacy certificate' })).toBeInTheDocument();
    expect(within(screen.getByRole('region', { name: 'Previous attempts' })).queryByRole('alert')).toBeNull();
    expect(screen.queryAllByRole('alert')).toEqual([]);
    expect(reads).toBe(2);
  });

  it('renders the About HTML sanitised', async () => {
    serve(
      detailsView({
        about: '<h3>What you learn</h3><p>Rules<img src=x onerror="alert(1)"></p><script>alert(2)</script>',
      }),
    );
    renderApp(DETAILS);
    await heading();
    const about = screen.getByRole('region', { name: 'About this course' });
    expect(within(about).getByRole('heading', { name: 'What you learn' })).toBeInTheDocument();
    expect(about.querySelector('script')).toBeNull();
    expect(about.querySelector('[onerror]')).toBeNull();
  });
});

describe('course details: behaviour', () => {
  it('sends about_the_course_page_load once when the page loads', async () => {
    const { events } = serve(detailsView({ workflowId: WORKFLOW_ID, status: 'inProgress', buttons: ['continue'] }));
    renderApp(DETAILS);
    await heading();
    await waitFor(() =>
      expect(events).toEqual([
        { name: 'about_the_course_page_load', objectiveId: COURSE_ID, objectiveWorkflowId: WORKFLOW_ID },
      ]),
    );
  });

  it('passes review mode to the view', async () => {
    const { requests } = serve(detailsView({ buttons: ['review'] }));
    renderApp(`${DETAILS}/view/details?viewType=REVIEW`);
    await heading();
    expect(requests.some((url) => url.searchParams.get('viewType') === 'REVIEW')).toBe(true);
    expect(screen.getByText('Review mode')).toBeInTheDocument();
  });

  it('renders at the aggregate route too', async () => {
    serve(detailsView());
    renderApp(`${DETAILS}/a-123`);
    await heading();
  });

  it('Start runs the start command and goes where it answers', async () => {
    serve(detailsView());
    let started = 0;
    server.use(
      http.post(`*/api/bff/courses/${COURSE_ID}/start`, () => {
        started += 1;
        const result: StartResult = {
          objectiveId: COURSE_ID,
          workflowId: WORKFLOW_ID,
          newWorkflow: true,
          enrolled: false,
          activityWorkflowIds: [],
          destination: 'content',
          activityPathId: '1.1',
          url: `/courses/${COURSE_ID}/view/content/1.1`,
        };
        return HttpResponse.json(result);
      }),
      // The course player the start answered: the new attempt's contents and its first activity.
      http.get(`*/api/bff/courses/${COURSE_ID}/tree`, () =>
        HttpResponse.json(
          treeView(
            [
              treeItem({ activityId: 'act-1', activityPathId: '1', name: 'Module 1', kind: 'composite' }),
              treeItem({ activityId: 'act-1-1', activityPathId: '1.1', depth: 1, name: 'Welcome' }),
              treeItem({ activityId: 'act-2', activityPathId: '2', name: 'Quiz', kind: 'lti' }),
            ],
            { openNext: '1.1' },
          ),
        ),
      ),
      http.get(`*/api/bff/courses/${COURSE_ID}/activities/1.1`, () =>
        HttpResponse.json(activityView({}, { activityPathId: '1.1', activityId: 'act-1-1', name: 'Welcome' })),
      ),
    );
    const { user, location } = renderApp(DETAILS);
    await heading();
    await user.click(screen.getByRole('button', { name: 'Start' }));
    await waitFor(() => expect(location()).toBe(`/courses/${COURSE_ID}/view/content/1.1`));
    expect(await screen.findByRole('heading', { level: 1, name: 'Welcome' })).toBeInTheDocument();
    expect(started).toBe(1);
  });

  it('Continue that answers reloadCourse refetches the view and stays', async () => {
    let version = 0;
    serve(() => {
      version += 1;
      return detailsView({ status: 'inProgress', buttons: ['continue'], progressPercent: version > 1 ? 50 : 20 });
    });
    server.use(
      http.post(`*/api/bff/courses/${COURSE_ID}/start`, () =>
        HttpResponse.json({
          objectiveId: COURSE_ID,
          workflowId: WORKFLOW_ID,
          newWorkflow: false,
          enrolled: false,
          activityWorkflowIds: [],
          destination: 'reloadCourse',
          url: `/courses/${COURSE_ID}`,
        } satisfies StartResult),
      ),
    );
    const { user, location } = renderApp(DETAILS);
    await heading();
    expect(screen.getByRole('progressbar', { name: 'Progress' })).toHaveAttribute('aria-valuenow', '20');
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    await waitFor(() =>
      expect(screen.getByRole('progressbar', { name: 'Progress' })).toHaveAttribute('aria-valuenow', '50'),
    );
    expect(location()).toBe(`/courses/${COURSE_ID}`);
  });

  it('Add to my courses enrols, says so, and shows Enrolled after the refetch', async () => {
    let enrolled = false;
    serve(() => detailsView({ name: 'Negotiation Skills', buttons: [enrolled ? 'enrolled' : 'addToMyCourses'] }));
    server.use(
      http.post(`*/api/bff/courses/${COURSE_ID}/enroll`, () => {
        enrolled = true;
        return HttpResponse.json({
          objectiveId: COURSE_ID,
          aggregateId: 'a-1',
          courseName: 'Negotiation Skills',
          alreadyEnrolled: false,
        } satisfies EnrollResult);
      }),
    );
    const { user } = renderApp(DETAILS);
    await heading('Negotiation Skills');
    await user.click(screen.getByRole('button', { name: 'Add to my courses' }));
    expect(
      await screen.findByText(sentence('You have successfully been enrolled to Negotiation Skills')),
    ).toBeInTheDocument();
    expect(await within(actions()).findByText('Enrolled')).toBeInTheDocument();
  });

  it('Review opens the content in review mode', async () => {
    serve(detailsView({ status: 'finished', buttons: ['review'] }));
    server.use(http.get(`*/api/bff/courses/${COURSE_ID}/tree`, () => HttpResponse.json({}, { status: 503 })));
    const { user, location } = renderApp(DETAILS);
    await heading();
    await user.click(screen.getByRole('button', { name: 'Review' }));
    await waitFor(() => expect(location()).toBe(`/courses/${COURSE_ID}/view/content?viewType=REVIEW`));
  });

  it('share copies the public course link and shows the copied state for 10 s', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    serve(detailsView());
    const { user } = renderApp(DETAILS, { advanceTimers: vi.advanceTimersByTime });
    await heading();
    await user.click(screen.getByRole('button', { name: 'Share' }));
    expect(await screen.findByRole('button', { name: 'Link copied' })).toBeInTheDocument();
    expect(await navigator.clipboard.readText()).toBe(
      `${window.location.origin}/learn/open-catalog/${COURSE_ID}/view/details`,
    );
    expect(screen.getByText('Link copied to clipboard')).toBeInTheDocument();
    act(() => {
      vi.advanceTimersByTime(9_000);
    });
    expect(screen.getByRole('button', { name: 'Link copied' })).toBeInTheDocument();
    act(() => {
      vi.advanceTimersByTime(1_100);
    });
    expect(screen.getByRole('button', { name: 'Share' })).toBeInTheDocument();
  });

  it('redirects to the catalog page when the view says so', async () => {
    serve(detailsView({ buttons: ['addToMyCourses'], redirect: 'catalog' }));
    server.use(http.get(`*/api/bff/catalog/${COURSE_ID}`, () => HttpResponse.json({}, { status: 503 })));
    const { location } = renderApp(DETAILS);
    await waitFor(() => expect(location()).toBe(`/catalog/${COURSE_ID}`));
  });

  it('refetches the view at refreshAt, without a reload', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    let calls = 0;
    serve(() => {
      calls += 1;
      return calls === 1
        ? detailsView({
            buttons: [],
            notices: ['willBeAvailable'],
            availabilityDate: new Date(Date.now() + 60_000).toISOString(),
            refreshAt: new Date(Date.now() + 60_000).toISOString(),
          })
        : detailsView({ buttons: ['start'] });
    });
    // The session's heartbeat, which the minute waited for also brings.
    server.use(http.post('*/api/bff/session/touch', () => new HttpResponse(null, { status: 204 })));
    renderApp(DETAILS, { advanceTimers: vi.advanceTimersByTime });
    await heading();
    expect(screen.queryByRole('button', { name: 'Start' })).toBeNull();
    await act(() => vi.advanceTimersByTimeAsync(62_000));
    expect(await screen.findByRole('button', { name: 'Start' })).toBeInTheDocument();
    expect(calls).toBe(2);
  });
});

describe('course details: loading', () => {
  it('announces loading at once and draws the placeholder only after 300 ms', async () => {
    server.use(
      http.get(`*/api/bff/courses/${COURSE_ID}`, async () => {
        await new Promise((resolve) => setTimeout(resolve, 800));
        return HttpResponse.json(detailsView());
      }),
      http.post('*/api/events', () => new HttpResponse(null, { status: 202 })),
    );
    const { container } = renderApp(DETAILS);
    const status = await screen.findByRole('status', { busy: true });
    expect(status).toHaveTextContent('Loading…');
    expect(container.querySelector('.page-skeleton__hero')).toBeNull();
    await waitFor(() => expect(container.querySelector('.page-skeleton__hero')).not.toBeNull());
    await heading();
  });
});

describe('course unavailable', () => {
  it.each([403, 404, 400])('shows the course-unavailable page on %i', async (status) => {
    server.use(
      http.get(`*/api/bff/courses/${COURSE_ID}`, () => HttpResponse.json({ title: 'No', status }, { status })),
    );
    renderApp(DETAILS);
    expect(await screen.findByRole('heading', { level: 1, name: 'Course is not available' })).toBeInTheDocument();
    expect(
      screen.getByText('You do not have the necessary access rights to open or enroll in this course or program.'),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to my courses' })).toHaveAttribute('href', '/learn/courses');
  });

  it('shows an error with retry on a server failure', async () => {
    server.use(
      http.get(`*/api/bff/courses/${COURSE_ID}`, failingOnce(503, detailsView)),
      http.post('*/api/events', () => new HttpResponse(null, { status: 202 })),
    );
    const { user } = renderApp(DETAILS);
    const alert = await screen.findByRole('alert');
    // The failure is the whole page: its title is the page's heading, and the document's title.
    expect(within(alert).getByRole('heading', { level: 1, name: 'Something went wrong' })).toBeInTheDocument();
    await waitFor(() => expect(document.title).toMatch(/^Something went wrong/));
    // The LMS unavailable for now (503): trying again later helps, refreshing the page now does not.
    expect(within(alert).getByText('Please try again in a few minutes.')).toBeInTheDocument();
    expect(within(alert).queryByText(/refresh the page/)).toBeNull();
    await user.click(within(alert).getByRole('button', { name: 'Try again' }));
    await heading();
  });

  it('says the error is unknown when the server failed for another reason', async () => {
    server.use(
      http.get(`*/api/bff/courses/${COURSE_ID}`, () =>
        HttpResponse.json({ error: 'internal', title: 'Internal error', status: 500 }, { status: 500 }),
      ),
      http.post('*/api/events', () => new HttpResponse(null, { status: 202 })),
    );
    renderApp(DETAILS);
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByText('Unknown error. Please refresh the page and try again.')).toBeInTheDocument();
  });
});
