import { act, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { CatalogCard, CatalogCourseView, CatalogView, EnrollResult } from '../../api/contracts/bff';
import { renderApp } from '../../test/renderApp';
import { failingOnce, http, HttpResponse, problemAnswer, server } from '../../test/server';
import { activityView, treeItem, treeView } from '../course-content/testData';
import { detailsView } from '../course-details/testData';
import { sentence } from '../../test/text';

const ID = '6f1c2b1e-0000-5000-8000-00000000neg1';

function catalogCard(overrides: Partial<CatalogCard> = {}): CatalogCard {
  return {
    objectiveId: ID,
    name: 'Negotiation Skills',
    code: 'NEG-1',
    isDraft: false,
    color: '#7b3fa0',
    link: `/catalog/${ID}`,
    ...overrides,
  };
}

function catalogView(items: CatalogCard[], overrides: Partial<CatalogView> = {}): CatalogView {
  return {
    items,
    totalCount: items.length,
    keyword: '',
    filter: { collections: [], terms: [], progress: [], priority: [] },
    filtersUnavailable: false,
    collections: [{ id: 'col-lang', name: 'Languages', uncategorized: false }],
    terms: [],
    ...overrides,
  };
}

function courseView(overrides: Partial<CatalogCourseView> = {}): CatalogCourseView {
  return {
    objectiveId: ID,
    name: 'Negotiation Skills',
    code: 'NEG-1',
    description: 'Prepare, bargain and close.',
    about: '<p>Learn <strong>to negotiate</strong>.</p><script>alert(1)</script>',
    isMandatory: false,
    enrolled: false,
    buttons: ['addToMyCourses'],
    notices: [],
    collections: [{ id: 'col-mgmt', name: 'Management', uncategorized: false }],
    durationMinutes: 30,
    ...overrides,
  };
}

function enrollResult(overrides: Partial<EnrollResult> = {}): EnrollResult {
  return {
    objectiveId: ID,
    aggregateId: 'agg-1',
    courseName: 'Negotiation Skills',
    alreadyEnrolled: false,
    ...overrides,
  };
}

/** The enrol command's answer when the course never showed up among the learner's (spec section 8). */
function enrolmentNeverVisible() {
  return http.post(`*/api/bff/courses/${ID}/enroll`, () =>
    problemAnswer(504, 'enrollment_not_visible', { detail: 'Unknown error.' }),
  );
}

/** The catalog course view, which says Enrolled once the enrol command has succeeded. */
function serveCourse(initial: Partial<CatalogCourseView> = {}) {
  let enrolled = false;
  const calls = { views: 0, myCourses: 0 };
  server.use(
    http.get(`*/api/bff/catalog/${ID}`, () => {
      calls.views += 1;
      return HttpResponse.json(
        courseView(
          enrolled ? { ...initial, enrolled: true, buttons: ['enrolled'], detailsLink: `/courses/${ID}` } : initial,
        ),
      );
    }),
  );
  return {
    calls,
    enrol: () => {
      enrolled = true;
    },
  };
}

describe('Catalog', () => {
  it('lists the catalog cards with links to the catalog course page, chips and the filter button', async () => {
    const asked: URLSearchParams[] = [];
    server.use(
      http.get('*/api/bff/catalog', ({ request }) => {
        asked.push(new URL(request.url).searchParams);
        return HttpResponse.json(
          catalogView([
            catalogCard({ childrenCount: 5 }),
            catalogCard({ objectiveId: 'o-2', name: 'Spanish Essentials', link: '/catalog/o-2' }),
          ]),
        );
      }),
    );
    renderApp('/learn/catalog?keyword=ne&coursePriority=optional');

    const list = await screen.findByRole('list', { name: 'Catalog courses' });
    expect(within(list).getAllByRole('listitem')).toHaveLength(2);
    expect(within(list).getByRole('link', { name: 'Negotiation Skills' })).toHaveAttribute(
      'href',
      `/learn/catalog/${ID}`,
    );
    expect(within(list).getByText('5 activities')).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: 'Catalog' })).toBeInTheDocument();
    expect(screen.getByRole('searchbox', { name: 'Search the catalog' })).toHaveValue('ne');
    expect(screen.getByRole('button', { name: 'Languages' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /^Filters, 1 filter active/ })).toBeInTheDocument();
    expect(asked[0]!.get('keyword')).toBe('ne');
    expect(asked[0]!.get('coursePriority')).toBe('optional');
  });

  it('shows the filters-unavailable toast for an unknown collection and drops it from the URL', async () => {
    server.use(
      http.get('*/api/bff/catalog', ({ request }) => {
        const bad = new URL(request.url).searchParams.get('collection') === 'nope';
        return HttpResponse.json(catalogView([catalogCard()], { filtersUnavailable: bad }));
      }),
    );
    const { location } = renderApp('/learn/catalog?collection=nope');
    expect(await screen.findByText('Some filters are no longer available and were removed.')).toBeInTheDocument();
    await waitFor(() => expect(location()).toBe('/catalog'));
  });
});

describe('Catalog course page', () => {
  it('shows the overview, sanitised About, and enrols with a success toast, then says Enrolled', async () => {
    const course = serveCourse();
    let enrolBody: unknown;
    let enrolUrl = '';
    server.use(
      http.post(`*/api/bff/courses/${ID}/enroll`, async ({ request }) => {
        enrolUrl = request.url;
        enrolBody = await request.json();
        course.enrol();
        return HttpResponse.json(enrollResult());
      }),
    );
    const { user } = renderApp(`/learn/catalog/${ID}`);

    expect(await screen.findByRole('heading', { level: 1, name: 'Negotiation Skills' })).toBeInTheDocument();
    expect(screen.getByText(sentence('Code: NEG-1'))).toBeInTheDocument();
    expect(screen.getByText('Prepare, bargain and close.')).toBeInTheDocument();
    expect(within(screen.getByRole('list', { name: 'Collections' })).getByText('Management')).toBeInTheDocument();
    expect(screen.getByText('30 minutes')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'About this course' })).toBeInTheDocument();
    expect(screen.getByText('to negotiate')).toBeInTheDocument();
    // In the direction of its own language: English reads left to right in an Arabic interface.
    expect(screen.getByText('to negotiate').closest('[dir]')).toHaveAttribute('dir', 'auto');
    expect(document.querySelector('.rich-content script')).toBeNull();

    await user.click(screen.getByRole('button', { name: 'Add to my courses' }));

    expect(
      await screen.findByText(sentence('You have successfully been enrolled to Negotiation Skills')),
    ).toBeInTheDocument();
    expect(new URL(enrolUrl).search).toBe('');
    expect(enrolBody).toEqual({});
    expect(await screen.findByText('Enrolled')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to the course' })).toHaveAttribute('href', `/learn/courses/${ID}`);
    expect(screen.queryByRole('button', { name: 'Add to my courses' })).not.toBeInTheDocument();
    expect(course.calls.views).toBeGreaterThanOrEqual(2);
  });

  it('shows the pending state while enrolling and the first server message as a critical toast on failure', async () => {
    serveCourse();
    let release: () => void = () => undefined;
    server.use(
      http.post(`*/api/bff/courses/${ID}/enroll`, async () => {
        await new Promise<void>((resolve) => {
          release = resolve;
        });
        return HttpResponse.json(
          {
            error: 'command_failed',
            title: 'The learning platform refused the command',
            status: 422,
            detail: 'Enrolment is closed for this course.',
            fieldErrors: { objectiveAccessId: ['Enrolment is closed for this course.'] },
          },
          { status: 422 },
        );
      }),
    );
    const { user } = renderApp(`/learn/catalog/${ID}`);
    await user.click(await screen.findByRole('button', { name: 'Add to my courses' }));

    const pending = await screen.findByRole('button', { name: 'Adding…' });
    expect(pending).toBeDisabled();
    release();

    const toast = await screen.findByText('Enrolment is closed for this course.');
    expect(toast.closest('.toast')).toHaveClass('toast--critical');
    expect(await screen.findByRole('button', { name: 'Add to my courses' })).toBeEnabled();
  });

  it('says in its heading that the course could not be loaded, and loads it again on retry', async () => {
    server.use(http.get(`*/api/bff/catalog/${ID}`, failingOnce(503, courseView)));
    const { user } = renderApp(`/learn/catalog/${ID}`);
    const title = await screen.findByRole('heading', { level: 1, name: 'This course could not be loaded.' });
    const alert = title.closest<HTMLElement>('[role="alert"]')!;
    // The LMS unavailable for now (503): the learner is told to try again later.
    expect(alert).toHaveTextContent('Please try again in a few minutes.');
    await user.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Negotiation Skills' })).toBeInTheDocument();
  });

  it('says Enrolled (without the Add button) and the availability notice from the view', async () => {
    serveCourse({
      enrolled: true,
      buttons: ['enrolled'],
      notices: ['willBeAvailable'],
      availabilityDate: '2030-03-04T10:00:00Z',
      detailsLink: `/courses/${ID}`,
    });
    renderApp(`/learn/catalog/${ID}`);
    expect(await screen.findByText('Enrolled')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Add to my courses' })).not.toBeInTheDocument();
    expect(screen.getByText(/^Will be available to start on .*2030/)).toBeInTheDocument();
  });

  it('covers a course without image in its own colour, as its catalog card does', async () => {
    serveCourse({ color: '#7b3fa0' });
    const { container } = renderApp(`/learn/catalog/${ID}`);
    await screen.findByRole('heading', { level: 1, name: 'Negotiation Skills' });
    const fill = container.querySelector<HTMLElement>('.catalog-course__cover-fill')!;
    expect(fill.style.backgroundColor).toBe('rgb(123, 63, 160)');
  });

  it('asks for the view again when its refreshAt passes (an availability boundary), without a reload', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    try {
      let views = 0;
      const enrolled = { enrolled: true, buttons: ['enrolled' as const], detailsLink: `/courses/${ID}` };
      server.use(
        http.get(`*/api/bff/catalog/${ID}`, () => {
          views += 1;
          const at = new Date(Date.now() + 60_000).toISOString();
          return HttpResponse.json(
            views === 1
              ? courseView({ ...enrolled, notices: ['willBeAvailable'], availabilityDate: at, refreshAt: at })
              : courseView(enrolled),
          );
        }),
        // The session's heartbeat, which the minute waited for also brings.
        http.post('*/api/bff/session/touch', () => new HttpResponse(null, { status: 204 })),
      );
      renderApp(`/learn/catalog/${ID}`, { advanceTimers: vi.advanceTimersByTime });
      expect(await screen.findByText(/^Will be available to start on/)).toBeInTheDocument();
      await act(() => vi.advanceTimersByTimeAsync(62_000));
      await waitFor(() => expect(screen.queryByText(/^Will be available to start on/)).toBeNull());
      expect(views).toBe(2);
    } finally {
      vi.useRealTimers();
    }
  });

  it.each([400, 403, 404])('on %s shows the course-unavailable page', async (status) => {
    server.use(
      http.get(`*/api/bff/catalog/${ID}`, () =>
        HttpResponse.json({ error: 'not_found', title: 'Not found', status }, { status }),
      ),
    );
    renderApp(`/learn/catalog/${ID}`);
    expect(await screen.findByRole('heading', { level: 1, name: 'Course is not available' })).toBeInTheDocument();
  });

  it('occflow=addToMyCourses enrols through the command with the flow, toasts, and leaves the URL', async () => {
    const course = serveCourse();
    const urls: string[] = [];
    server.use(
      http.post(`*/api/bff/courses/${ID}/enroll`, ({ request }) => {
        urls.push(request.url);
        course.enrol();
        return HttpResponse.json(enrollResult());
      }),
    );
    const { location } = renderApp(`/learn/catalog/${ID}?occflow=addToMyCourses&ref=mail`);

    expect(
      await screen.findByText(sentence('You have successfully been enrolled to Negotiation Skills')),
    ).toBeInTheDocument();
    expect(urls).toHaveLength(1);
    expect(new URL(urls[0]!).searchParams.get('occflow')).toBe('addToMyCourses');
    await waitFor(() => expect(location()).toBe(`/catalog/${ID}?ref=mail`));
    expect(await screen.findByText('Enrolled')).toBeInTheDocument();
  });

  it('occflow enrolment whose course never showed up says unknown error and goes to My courses', async () => {
    serveCourse();
    server.use(enrolmentNeverVisible());
    const { location } = renderApp(`/learn/catalog/${ID}?occflow=addToMyCourses`);

    expect(await screen.findAllByText('Unknown error. Please refresh the page and try again.')).not.toHaveLength(0);
    await waitFor(() => expect(location()).toBe('/courses'));
  });

  it('occflow enrolment while the LMS is unavailable says to try again later and stays on the course', async () => {
    serveCourse();
    server.use(
      http.post(`*/api/bff/courses/${ID}/enroll`, () =>
        problemAnswer(504, 'upstream_timeout', { detail: 'The learning platform did not answer in time.' }),
      ),
    );
    const { location } = renderApp(`/learn/catalog/${ID}?occflow=addToMyCourses&ref=mail`);

    expect(
      await screen.findAllByText(
        'The learning platform is not available right now. Please try again in a few minutes.',
      ),
    ).not.toHaveLength(0);
    await waitFor(() => expect(location()).toBe(`/catalog/${ID}?ref=mail`));
    expect(screen.getByRole('button', { name: 'Add to my courses' })).toBeInTheDocument();
  });

  it('Add to my courses whose course never showed up says unknown error and goes to My courses', async () => {
    serveCourse();
    server.use(enrolmentNeverVisible());
    const { user, location } = renderApp(`/learn/catalog/${ID}`);
    await user.click(await screen.findByRole('button', { name: 'Add to my courses' }));

    expect(await screen.findAllByText('Unknown error. Please refresh the page and try again.')).not.toHaveLength(0);
    await waitFor(() => expect(location()).toBe('/courses'));
  });

  it('occflow=startTheCourse before the course opens says when it will, as a date, and stays', async () => {
    serveCourse();
    server.use(
      http.post(`*/api/bff/courses/${ID}/enroll`, () =>
        problemAnswer(409, 'will_be_available', {
          detail: 'Will be available to start on 2026-12-09T12:00:00Z',
          date: '2026-12-09T12:00:00Z',
        }),
      ),
    );
    const { location } = renderApp(`/learn/catalog/${ID}?occflow=startTheCourse`);

    expect(await screen.findAllByText('Will be available to start on December 9, 2026')).not.toHaveLength(0);
    expect(screen.queryByText(/2026-12-09T12:00:00Z/)).toBeNull();
    await waitFor(() => expect(location()).toBe(`/catalog/${ID}`));
  });

  it('occflow=startTheCourse enrols, starts and goes to the content the start answered', async () => {
    serveCourse();
    server.use(
      http.post(`*/api/bff/courses/${ID}/enroll`, () =>
        HttpResponse.json(
          enrollResult({
            start: {
              objectiveId: ID,
              workflowId: 'w-1',
              newWorkflow: true,
              enrolled: true,
              activityWorkflowIds: ['aw-1'],
              destination: 'content',
              activityPathId: '1',
              url: `/courses/${ID}/view/content/1`,
            },
          }),
        ),
      ),
    );
    // The content the start answered: the course player's views of the new workflow.
    const opening = { activityPathId: '1', activityId: 'neg-act-1', name: 'Preparing to negotiate' };
    const events: Array<Record<string, unknown>> = [];
    server.use(
      http.post('*/api/events', async ({ request }) => {
        events.push((await request.json()) as Record<string, unknown>);
        return new HttpResponse(null, { status: 202 });
      }),
      http.get(`*/api/bff/courses/${ID}`, () =>
        HttpResponse.json(
          detailsView({
            objectiveId: ID,
            name: 'Negotiation Skills',
            code: 'NEG-1',
            isMandatory: false,
            status: 'inProgress',
            buttons: ['continue'],
          }),
        ),
      ),
      http.get(`*/api/bff/courses/${ID}/tree`, () =>
        HttpResponse.json(treeView([treeItem(opening)], { objectiveId: ID, workflowId: 'w-1', openNext: '1' })),
      ),
      http.get(`*/api/bff/courses/${ID}/activities/1`, () =>
        HttpResponse.json(
          activityView(
            {
              objectiveId: ID,
              workflowId: 'w-1',
              course: { ...activityView().course, name: 'Negotiation Skills' },
            },
            { ...opening, activityWorkflowId: 'aw-1' },
          ),
        ),
      ),
    );
    const { location } = renderApp(`/learn/catalog/${ID}?occflow=startTheCourse`);
    await waitFor(() => expect(location()).toBe(`/courses/${ID}/view/content/1`), { timeout: 5000 });
    expect(await screen.findByRole('heading', { level: 1, name: 'Preparing to negotiate' })).toBeInTheDocument();
    // The player opens the new attempt: its first opening and the start of the course.
    await waitFor(() => {
      const fields = { objectiveId: ID, objectiveWorkflowId: 'w-1' };
      expect(events).toContainEqual({ name: 'course_open_first_time', ...fields });
      expect(events).toContainEqual({ name: 'objective_start', ...fields });
    });
  });

  it('selfRegistered shows the account-created toast and leaves the URL', async () => {
    serveCourse();
    const { location } = renderApp(`/learn/catalog/${ID}?selfRegistered=true`);
    expect(await screen.findByText('Your account has been created.')).toBeInTheDocument();
    await waitFor(() => expect(location()).toBe(`/catalog/${ID}`));
    expect(await screen.findByRole('button', { name: 'Add to my courses' })).toBeInTheDocument();
  });
});
