import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterAll, afterEach, beforeAll } from 'vitest';
import { requireFreshSignIn, resetFrameSignIn, setParentOrigins, setRequestLocale } from '../api/http';
import { server } from './server';

// A busy machine (CI builds in parallel) can take more than the default second to render a
// lazily loaded route; waiting longer only slows a failing test.
configure({ asyncUtilTimeout: 5000 });

// Relative URLs resolve against the page; jsdom's default page is about:blank.
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => {
  cleanup();
  server.resetHandlers();
  window.localStorage.clear();
  document.documentElement.removeAttribute('dir');
  document.documentElement.removeAttribute('lang');
  setParentOrigins([]);
  setRequestLocale('en-US');
  requireFreshSignIn(false);
  resetFrameSignIn();
});
afterAll(() => server.close());
