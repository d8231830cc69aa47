// The course player's test parts: the course's views served (msw), the player's address, and
// the failures of an outage. Shared by ContentPage.test.tsx and ContentPage.failures.test.tsx.
import { screen } from '@testing-library/react';
import { delay, type JsonBodyType } from 'msw';
import type { ActivityView, CourseTreeView } from '../../api/contracts/bff';
import { failingOnce, http, HttpResponse, server } from '../../test/server';
import { detailsView } from '../course-details/testData';
import { activityView, AW_ID, COURSE_ID, WORKFLOW_ID } from './testData';

export const CONTENT = `/learn/courses/${COURSE_ID}/view/content`;

export interface Served {
  events: Array<Record<string, unknown>>;
  commands: Array<{ url: string; body: unknown }>;
}

/** Answers the course's views; `activities` by path (a function: per request). */
export function serve(
  tree: CourseTreeView | (() => CourseTreeView),
  activities: Record<string, ActivityView | (() => ActivityView)>,
): Served {
  const served: Served = { events: [], commands: [] };
  server.use(
    http.get(`*/api/bff/courses/${COURSE_ID}`, () =>
      HttpResponse.json(detailsView({ status: 'inProgress', progressPercent: 33, buttons: ['continue'] })),
    ),
    http.get(`*/api/bff/courses/${COURSE_ID}/tree`, () =>
      HttpResponse.json(typeof tree === 'function' ? tree() : tree),
    ),
    http.get(`*/api/bff/courses/${COURSE_ID}/activities/:path`, ({ params }) => {
      const view = activities[String(params.path)];
      if (!view) return HttpResponse.json({ error: 'not_found', title: 'Not found', status: 404 }, { status: 404 });
      return HttpResponse.json(typeof view === 'function' ? view() : view);
    }),
    http.post('*/api/bff/workflows/:workflow/activities/start', async ({ request }) => {
      served.commands.push({ url: request.url, body: await request.json() });
      return HttpResponse.json({ workflowId: WORKFLOW_ID, activityWorkflowIds: [AW_ID] });
    }),
    http.post('*/api/bff/workflows/:workflow/activities/finish', async ({ request }) => {
      served.commands.push({ url: request.url, body: await request.json() });
      return HttpResponse.json({ workflowId: WORKFLOW_ID, activityWorkflowIds: [AW_ID], progressPercent: 33 });
    }),
    http.post('*/api/events', async ({ request }) => {
      served.events.push((await request.json()) as Record<string, unknown>);
      return new HttpResponse(null, { status: 202 });
    }),
  );
  return served;
}

/** The gateway's answer while the LMS is unavailable. */
export function unavailable() {
  return HttpResponse.json({ error: 'unavailable', title: 'Unavailable', status: 503 }, { status: 503 });
}

/** Serves `path` failing (503) on its first call, then `view()`; resolves once it failed. */
export function failsOnceFirst(path: string, view: () => JsonBodyType): Promise<void> {
  const answer = failingOnce(503, view);
  let failed!: () => void;
  const done = new Promise<void>((resolve) => (failed = resolve));
  server.use(
    http.get(path, () => {
      const response = answer();
      failed();
      return response;
    }),
  );
  return done;
}

/**
 * A handler failing (503) on its first call once `before` failed (and the client had time to
 * read that answer), then answering `view()`: the shown failure is the last of an outage.
 */
export function failingAfter(before: Promise<void>, view: () => JsonBodyType) {
  const answer = failingOnce(503, view);
  let calls = 0;
  return async () => {
    if (calls++ === 0) {
      await before;
      await delay(50);
    }
    return answer();
  };
}

export function contents() {
  return screen.getByRole('list', { name: 'Course contents' });
}

/** Activity 1 as the player sees it before its start (not started, nothing to finish) and, once
 * `started()` says so, after it (in progress, to be finished). */
export function startableActivity(started: () => boolean): () => ActivityView {
  return () =>
    activityView(
      {},
      started()
        ? { workflowStatus: 'inProgress', canStart: false, canFinish: true }
        : { workflowStatus: 'notStarted', activityWorkflowId: undefined, canStart: true, canFinish: false },
    );
}
