import { render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, useLocation } from 'react-router-dom';
import { SWRConfig } from 'swr';
import { AppContent, swrOptions } from '../app/App';

/** Shows the router's current location, so tests can read the URL the user would see. */
function LocationProbe() {
  const location = useLocation();
  return (
    <output data-testid="location" hidden>
      {`${location.pathname}${location.search}${location.hash}`}
    </output>
  );
}

/** Renders the whole app at `url` (a path under /learn) with a fresh SWR cache. */
export function renderApp(url = '/learn/courses', options: { advanceTimers?: (ms: number) => unknown } = {}) {
  const user = userEvent.setup(options.advanceTimers ? { advanceTimers: options.advanceTimers } : {});
  const utils = render(
    <SWRConfig value={{ ...swrOptions, provider: () => new Map(), dedupingInterval: 0 }}>
      <MemoryRouter basename="/learn" initialEntries={[url]}>
        <AppContent />
        <LocationProbe />
      </MemoryRouter>
    </SWRConfig>,
  );
  const location = () => utils.getByTestId('location').textContent ?? '';
  return { ...utils, user, location };
}
