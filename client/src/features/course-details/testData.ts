// Test data of the course area: the details view with sensible defaults (a not-started course),
// and the helpers of the details page's tests.
import { screen } from '@testing-library/react';
import type { CourseDetailsView } from '../../api/contracts/bff';
import { http, HttpResponse, server } from '../../test/server';

export const COURSE_ID = '3f1c2a9e-0000-4000-8000-000000000001';
export const WORKFLOW_ID = '3f1c2a9e-0000-4000-8000-0000000000aa';

export function detailsView(overrides: Partial<CourseDetailsView> = {}): CourseDetailsView {
  return {
    objectiveId: COURSE_ID,
    name: 'Data Privacy Basics',
    code: 'DP-101',
    description: 'Learn how personal data is collected, stored and protected in everyday work at the company.',
    collections: ['Security'],
    isMandatory: true,
    status: 'notStarted',
    progressPercent: 0,
    overdue: false,
    buttons: ['start'],
    notices: [],
    result: { gradeHidden: false },
    attempts: [],
    attemptsScoreColumn: false,
    certificates: [],
    unavailable: [],
    ...overrides,
  };
}

export const DETAILS = `/learn/courses/${COURSE_ID}`;

/** Answers the details view (a function: per request) and records the events sent. */
export function serve(view: CourseDetailsView | (() => CourseDetailsView)) {
  const events: unknown[] = [];
  const requests: URL[] = [];
  server.use(
    http.get(`*/api/bff/courses/${COURSE_ID}`, ({ request }) => {
      requests.push(new URL(request.url));
      return HttpResponse.json(typeof view === 'function' ? view() : view);
    }),
    http.post('*/api/events', async ({ request }) => {
      events.push(await request.json());
      return new HttpResponse(null, { status: 202 });
    }),
  );
  return { events, requests };
}

export async function heading(name = 'Data Privacy Basics') {
  return screen.findByRole('heading', { level: 1, name });
}

export function actions() {
  return screen.getByRole('group', { name: 'Course actions' });
}
