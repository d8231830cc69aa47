// Above every route: react-aria's router link-up; below it the public and signed-in layouts.
import { RouterProvider as AriaRouterProvider } from 'react-aria-components';
import { Outlet, useHref, useMatches, useNavigate, type NavigateOptions } from 'react-router-dom';
import type { RouteHandle } from './routes';

/** Whether the current route says it is public (no session, no 401 handler). */
export function useIsPublicRoute(): boolean {
  return useMatches().some((match) => (match.handle as RouteHandle | undefined)?.public);
}

declare module 'react-aria-components' {
  interface RouterConfig {
    routerOptions: NavigateOptions;
  }
}

/** react-aria links and menu items (`href`) navigate with the data router, under the basename. */
export function RootLayout() {
  const navigate = useNavigate();
  return (
    <AriaRouterProvider navigate={(to, options) => void navigate(to, options)} useHref={useHref}>
      <Outlet />
    </AriaRouterProvider>
  );
}
