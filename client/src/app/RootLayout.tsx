// Above every route: the toast region and, for pages that are not public, the session.
import { Outlet, useMatches } from 'react-router-dom';
import type { RouteHandle } from './routes';

/** Whether the current route says it is public (no session, no 401 handler). */
export function useIsPublicRoute(): boolean {
  return useMatches().some((match) => (match.handle as RouteHandle | undefined)?.public);
}

export function RootLayout() {
  return <Outlet />;
}
