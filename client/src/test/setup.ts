import '@testing-library/jest-dom/vitest';
import { cleanup } from '@testing-library/react';
import { afterAll, afterEach, beforeAll } from 'vitest';
import { setParentOrigins, setRequestLocale } from '../api/http';
import { server } from './server';

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
});
afterAll(() => server.close());
