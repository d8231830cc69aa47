// msw at the fetch level: default handlers answer the startup calls; tests override per case.
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { myCoursesView, sessionView, uiConfig } from './factories';

export const defaultHandlers = [
  http.get('*/config-ui/config.json', () => HttpResponse.json(uiConfig())),
  http.get('*/api/bff/session', () => HttpResponse.json(sessionView())),
  http.get('*/api/bff/my-courses', () => HttpResponse.json(myCoursesView([]))),
];

export const server = setupServer(...defaultHandlers);
export { http, HttpResponse };
