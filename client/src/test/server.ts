// msw at the fetch level: default handlers answer the startup calls; tests override per case.
import { http, HttpResponse, type JsonBodyType } from 'msw';
import { setupServer } from 'msw/node';
import type { Problem } from '../api/contracts/bff';
import { myCoursesView, sessionView, uiConfig } from './factories';

export const defaultHandlers = [
  http.get('*/config-ui/config.json', () => HttpResponse.json(uiConfig())),
  http.get('*/api/bff/session', () => HttpResponse.json(sessionView())),
  http.get('*/api/bff/my-courses', () => HttpResponse.json(myCoursesView([]))),
  http.get('*/api/bff/chat/channels', () => HttpResponse.json({ channels: [] })),
];

export const server = setupServer(...defaultHandlers);

/** A handler that fails the first call with `status` (a problem body) and answers every later one
 * with `view()`: a load that fails, then succeeds on retry. */
export function failingOnce(status: number, view: () => JsonBodyType) {
  let calls = 0;
  return () => {
    calls += 1;
    return calls === 1 ? HttpResponse.json({ title: 'Failed', status }, { status }) : HttpResponse.json(view());
  };
}

/** The gateway's problem answer: `status`, the stable `error` code and its other fields. */
export function problemAnswer(status: number, error: string, fields: Partial<Problem> = {}) {
  return HttpResponse.json({ error, title: 'Title', status, ...fields } satisfies Problem, {
    status,
    headers: { 'Content-Type': 'application/problem+json' },
  });
}

export { http, HttpResponse };
