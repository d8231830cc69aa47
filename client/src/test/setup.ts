import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterAll, afterEach, beforeAll } from 'vitest';
import { requireFreshSignIn, resetFrameSignIn, setParentOrigins, setRequestLocale } from '../api/http';
import { server } from './server';

// A busy machine (CI builds in parallel) can take more than the default second to render a
// lazily loaded route; waiting longer only slows a failing test.
configure({ asyncUtilTimeout: 5000 });

// Every request a test causes needs its handler. msw's 'error' strategy prints the request and
// fails its fetch, which the app handles like any network error, so the test could still pass:
// the requests no handler answered are also collected here and fail the test after it.
const unhandledRequests: string[] = [];

// React's warning about elements of a list without keys fails the test that caused it (a
// sentence of react-intl with an element in it is such a list, unless the element has a key).
// Kept apart from console.error's other output, which tests may silence on purpose.
const keyWarnings: string[] = [];
const consoleError = console.error.bind(console);
console.error = (...args: unknown[]) => {
  if (typeof args[0] === 'string' && args[0].includes('unique "key" prop')) {
    keyWarnings.push(args.map(String).join(' ').slice(0, 300));
  }
  consoleError(...args);
};

// Relative URLs resolve against the page; jsdom's default page is about:blank.
beforeAll(() =>
  server.listen({
    onUnhandledRequest: (request, print) => {
      unhandledRequests.push(`${request.method} ${request.url}`);
      print.error();
    },
  }),
);
afterEach(() => {
  cleanup();
  server.resetHandlers();
  window.localStorage.clear();
  window.sessionStorage.clear();
  document.documentElement.removeAttribute('dir');
  document.documentElement.removeAttribute('lang');
  setParentOrigins([]);
  setRequestLocale('en-US');
  requireFreshSignIn(false);
  resetFrameSignIn();
  const keys = keyWarnings.splice(0);
  if (keys.length > 0) throw new Error(`React warned of elements without keys:\n  ${keys.join('\n  ')}`);
  const unhandled = unhandledRequests.splice(0);
  if (unhandled.length > 0) {
    throw new Error(`Requests without a matching handler (give the test one each):\n  ${unhandled.join('\n  ')}`);
  }
});
afterAll(() => server.close());
