import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderApp } from '../../test/renderApp';
import { http, HttpResponse, server } from '../../test/server';
import { activityView, treeItem, treeView } from '../course-content/testData';
import { COURSE_ID, detailsView } from '../course-details/testData';

const COURSE = COURSE_ID;

/** The screens the entry leads to: the course details and the course player (1.2 of Module 1). */
function serveCourse() {
  server.use(
    http.get(`*/api/bff/courses/${COURSE}`, () =>
      HttpResponse.json(detailsView({ status: 'inProgress', progressPercent: 40, buttons: ['continue'] })),
    ),
    http.get(`*/api/bff/courses/${COURSE}/tree`, () =>
      HttpResponse.json(
        treeView([
          treeItem({ activityPathId: '1', name: 'Module 1', kind: 'composite' }),
          treeItem({ activityId: 'act-1-1', activityPathId: '1.1', depth: 1, name: 'Welcome', status: 'completed' }),
          treeItem({ activityId: 'act-1-2', activityPathId: '1.2', depth: 1, name: 'Threat landscape' }),
        ]),
      ),
    ),
    http.get(`*/api/bff/courses/${COURSE}/activities/1.2`, () =>
      HttpResponse.json(activityView({}, { activityPathId: '1.2', activityId: 'act-1-2', name: 'Threat landscape' })),
    ),
    http.post('*/api/events', () => new HttpResponse(null, { status: 202 })),
  );
}

describe('redirect entry', () => {
  it('goes where the gateway says, keeping the query the answer carries', async () => {
    const asked: URL[] = [];
    serveCourse();
    server.use(
      http.get('*/api/bff/redirect', ({ request }) => {
        asked.push(new URL(request.url));
        return HttpResponse.json({ target: 'content', path: `/courses/${COURSE}/view/content/1.2` });
      }),
    );
    const { location } = renderApp(`/learn/courses/redirect/${COURSE}?activityPathId=1.2`);
    await waitFor(() => expect(location()).toMatch(`/courses/${COURSE}/view/content/1.2`));
    expect(asked[0]?.searchParams.get('objectiveId')).toBe(COURSE);
    expect(asked[0]?.searchParams.get('activityPathId')).toBe('1.2');
    expect(await screen.findByRole('heading', { level: 1, name: 'Threat landscape' })).toBeInTheDocument();
  });

  it('the query-driven entry reads the course from the query', async () => {
    serveCourse();
    server.use(
      http.get('*/api/bff/redirect', ({ request }) =>
        HttpResponse.json({
          target: 'details',
          path: `/courses/${new URL(request.url).searchParams.get('objectiveId')}`,
        }),
      ),
    );
    const { location } = renderApp(`/learn/courses/redirect?objectiveId=${COURSE}&activityId=nope`);
    await waitFor(() => expect(location()).toBe(`/courses/${COURSE}`));
    expect(await screen.findByRole('heading', { level: 1, name: 'Data Privacy Basics' })).toBeInTheDocument();
  });

  it('falls back to the course details on a refused request, and to My courses without a course', async () => {
    serveCourse();
    server.use(
      http.get('*/api/bff/redirect', () =>
        HttpResponse.json({ error: 'bad_request', title: 'Bad request', status: 400 }, { status: 400 }),
      ),
    );
    const first = renderApp(`/learn/courses/redirect/${COURSE}?activityPathId=%00`);
    await waitFor(() => expect(first.location()).toBe(`/courses/${COURSE}`));
    expect(await screen.findByRole('heading', { level: 1, name: 'Data Privacy Basics' })).toBeInTheDocument();
    first.unmount();
    const second = renderApp('/learn/courses/redirect');
    await waitFor(() => expect(second.location()).toBe('/courses'));
    expect(await screen.findByRole('heading', { level: 1, name: 'My courses' })).toBeInTheDocument();
  });

  it('a failed resolution shows an error with a retry', async () => {
    server.use(
      http.get('*/api/bff/redirect', () =>
        HttpResponse.json({ error: 'bad_gateway', title: 'Bad gateway', status: 502 }, { status: 502 }),
      ),
    );
    renderApp(`/learn/courses/redirect/${COURSE}`);
    expect(await screen.findByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });

  it.each([
    [503, 'Please try again in a few minutes.'],
    [500, 'Unknown error. Please refresh the page and try again.'],
  ])('a failed entry (%i) says what to do, with a retry', async (status, text) => {
    server.use(
      http.get('*/api/bff/redirect', () => HttpResponse.json({ error: 'failed', title: 'Failed', status }, { status })),
    );
    renderApp(`/learn/courses/redirect/${COURSE}`);
    const shown = await screen.findByText(text);
    expect(shown.closest('.error-state')).toContainElement(screen.getByRole('button', { name: 'Try again' }));
  });
});
