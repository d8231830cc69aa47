import { render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter } from 'react-router-dom';
import { SWRConfig } from 'swr';
import { AppContent, swrOptions, type RouterFactory } from '../app/App';

/** Renders the whole app at `url` (a path under /learn) with a fresh SWR cache. */
export function renderApp(url = '/learn/courses', options: { advanceTimers?: (ms: number) => unknown } = {}) {
  const user = userEvent.setup(options.advanceTimers ? { advanceTimers: options.advanceTimers } : {});
  let router: ReturnType<typeof createMemoryRouter> | undefined;
  const createRouter = ((routes, opts) => {
    router = createMemoryRouter(routes, { ...opts, initialEntries: [url] });
    return router;
  }) as RouterFactory;
  const utils = render(
    <SWRConfig value={{ ...swrOptions, provider: () => new Map(), dedupingInterval: 0 }}>
      <AppContent createRouter={createRouter} />
    </SWRConfig>,
  );
  /** The URL the user would see (under the basename), once the router exists. */
  const location = () => {
    const current = router?.state.location;
    if (!current) return '';
    const path = current.pathname.replace(/^\/learn(?=\/|$)/, '') || '/';
    return `${path}${current.search}${current.hash}`;
  };
  return { ...utils, user, location, router: () => router };
}
