import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderApp } from '../../test/renderApp';
import { http, HttpResponse, server } from '../../test/server';

vi.setConfig({ testTimeout: 20_000 });

const COURSE = '3f1c2a9e-0000-4000-8000-000000000001';

describe('redirect entry', () => {
  it('goes where the gateway says, keeping the query the answer carries', async () => {
    const asked: URL[] = [];
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
  });

  it('the query-driven entry reads the course from the query', async () => {
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
  });

  it('falls back to the course details on a refused request, and to My courses without a course', async () => {
    server.use(
      http.get('*/api/bff/redirect', () =>
        HttpResponse.json({ error: 'bad_request', title: 'Bad request', status: 400 }, { status: 400 }),
      ),
    );
    const first = renderApp(`/learn/courses/redirect/${COURSE}?activityPathId=%00`);
    await waitFor(() => expect(first.location()).toBe(`/courses/${COURSE}`));
    first.unmount();
    const second = renderApp('/learn/courses/redirect');
    await waitFor(() => expect(second.location()).toBe('/courses'));
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
});
