// The route table under /learn (spec section 2). Every screen is a lazy route module (its own
// chunk) and every route has the error element, so a failed chunk or a crash shows the error
// page. Handles: `public` routes need no session; `feature` routes exist only when the tenant
// turns the feature on (otherwise not found).
import { useEffect, useState, type ComponentType } from 'react';
import type { RouteObject } from 'react-router-dom';
import { DelayedLoading } from '../ui/DelayedLoading';
import { LoadingState } from '../ui/LoadingState';
import { RootLayout } from './RootLayout';
import { RouteError } from './RouteError';
import { SignedInLayout } from './SignedInLayout';

/** What a route may say about itself, read with `useMatches()`. */
export interface RouteHandle {
  /** Served without a session (public layout, 401 handler skipped). */
  public?: boolean;
  /** Shown only when this UiConfig flag is on. */
  feature?: 'catalogEnabled' | 'calendarEnabled' | 'dashboardEnabled';
  /** The page holds a place for the AI tutor's button (`app/tutorSlot.ts`): while it loads, the
   *  button waits for that place instead of floating over the page for a moment. */
  tutorInPage?: boolean;
}

/**
 * A lazy route whose component comes from `load` (its chunk). A chunk that cannot be fetched
 * (the network gone, a new deploy) becomes a component that throws the failure, so the route's
 * error element shows it with its reload button. The `lazy` function itself must not reject: the
 * data router then takes the route as not loaded yet and renders nothing below the topmost
 * layout, which left the whole page blank.
 *
 * The router keeps the component `lazy` gave for the page's lifetime, so that component fetches
 * the chunk again each time it is shown (webpack forgets a chunk that failed): a learner who went
 * back online and comes to the page again gets it, rather than the error page until a reload.
 * Once fetched, the page's component is kept for later visits.
 */
export function lazyRoute(load: () => Promise<ComponentType>): RouteObject['lazy'] {
  return async () => {
    try {
      return { Component: await load() };
    } catch {
      let loaded: ComponentType | null = null;
      return {
        Component: function ChunkFailed() {
          const [failure, setFailure] = useState<{ error: unknown } | null>(null);
          const [Page, setPage] = useState(() => loaded);
          useEffect(() => {
            if (loaded) return;
            let current = true;
            load().then(
              (component) => {
                loaded = component;
                if (current) setPage(() => component);
              },
              (again: unknown) => {
                if (current) setFailure({ error: again });
              },
            );
            return () => {
              current = false;
            };
          }, []);
          if (failure) throw failure.error;
          return Page ? <Page /> : <DelayedLoading />;
        },
      };
    }
  };
}

/** A lazy route module: the chunk's default export is the route's component. */
function page(load: () => Promise<{ default: ComponentType }>): RouteObject['lazy'] {
  return lazyRoute(async () => (await load()).default);
}

/** Adds the error element to a route and all its children. */
function withErrors(routes: RouteObject[]): RouteObject[] {
  return routes.map((route) => ({
    ...route,
    errorElement: route.errorElement ?? <RouteError />,
    children: route.children ? withErrors(route.children) : undefined,
  })) as RouteObject[];
}

const errorsNotFound = page(() => import(/* webpackChunkName: "errors" */ '../features/errors/NotFoundPage'));

export const routes: RouteObject[] = withErrors([
  {
    path: '/',
    element: <RootLayout />,
    hydrateFallbackElement: <LoadingState fullPage />,
    children: [
      {
        lazy: lazyRoute(async () => (await import(/* webpackChunkName: "public" */ './PublicLayout')).PublicLayout),
        handle: { public: true } satisfies RouteHandle,
        children: [
          {
            path: 'open-catalog',
            lazy: page(() => import(/* webpackChunkName: "public" */ '../features/public/OpenCatalogPage')),
          },
          {
            path: 'open-catalog/:objectiveId/view/details',
            lazy: page(() => import(/* webpackChunkName: "public" */ '../features/public/PublicCoursePage')),
          },
          {
            path: 'open-catalog/:objectiveId',
            lazy: page(() => import(/* webpackChunkName: "public" */ '../features/public/PublicCoursePage')),
          },
          {
            path: 'certificate/:certificateNumber',
            lazy: page(() => import(/* webpackChunkName: "public" */ '../features/public/PublicCertificatePage')),
          },
        ],
      },
      {
        path: 'login-callback',
        handle: { public: true } satisfies RouteHandle,
        lazy: page(() => import(/* webpackChunkName: "errors" */ './LoginCallbackPage')),
      },
      {
        path: 'sign-in-failed',
        handle: { public: true } satisfies RouteHandle,
        lazy: page(() => import(/* webpackChunkName: "errors" */ '../features/errors/SignInFailedPage')),
      },
      {
        path: 'simulate-error',
        handle: { public: true } satisfies RouteHandle,
        lazy: page(() => import(/* webpackChunkName: "errors" */ '../features/errors/SimulateErrorPage')),
      },
      {
        element: <SignedInLayout />,
        children: [
          {
            index: true,
            lazy: page(() => import(/* webpackChunkName: "dashboard" */ '../features/dashboard/HomePage')),
          },
          {
            path: 'courses',
            lazy: page(() => import(/* webpackChunkName: "my-courses" */ '../features/my-courses/MyCoursesPage')),
          },
          {
            path: 'catalog',
            handle: { feature: 'catalogEnabled' } satisfies RouteHandle,
            lazy: page(() => import(/* webpackChunkName: "catalog" */ '../features/catalog/CatalogPage')),
          },
          {
            path: 'catalog/:objectiveId/*',
            lazy: page(() => import(/* webpackChunkName: "catalog-course" */ '../features/catalog/CatalogCoursePage')),
          },
          {
            // The query-driven redirect entry (objectiveId in the query).
            path: 'courses/redirect',
            lazy: page(
              () => import(/* webpackChunkName: "redirect-entry" */ '../features/redirect-entry/RedirectPage'),
            ),
          },
          {
            path: 'courses/redirect/:objectiveId',
            lazy: page(
              () => import(/* webpackChunkName: "redirect-entry" */ '../features/redirect-entry/RedirectPage'),
            ),
          },
          {
            path: 'courses/proctor/:objectiveId/:activityPathId',
            lazy: page(() => import(/* webpackChunkName: "course-content" */ '../features/course-content/ProctorPage')),
          },
          {
            // The course area: one layout loads the course once for its children.
            path: 'courses/:objectiveId',
            lazy: page(() => import(/* webpackChunkName: "course" */ '../features/course-details/CourseLayout')),
            children: [
              {
                index: true,
                lazy: page(
                  () => import(/* webpackChunkName: "course" */ '../features/course-details/CourseDetailsPage'),
                ),
                handle: { tutorInPage: true } satisfies RouteHandle,
              },
              {
                path: 'view/details',
                lazy: page(
                  () => import(/* webpackChunkName: "course" */ '../features/course-details/CourseDetailsPage'),
                ),
                handle: { tutorInPage: true } satisfies RouteHandle,
              },
              {
                path: 'view/content/:activityPartAxis?',
                lazy: page(
                  () => import(/* webpackChunkName: "course-content" */ '../features/course-content/ContentPage'),
                ),
                handle: { tutorInPage: true } satisfies RouteHandle,
              },
              {
                path: 'workflow/:workflowId/view',
                lazy: page(
                  () => import(/* webpackChunkName: "course-content" */ '../features/course-content/WorkflowPage'),
                ),
              },
              {
                path: 'certificate/:certificateNumber',
                lazy: page(
                  () => import(/* webpackChunkName: "certificate" */ '../features/certificate/CertificatePage'),
                ),
              },
              {
                // Card link of a course that is neither in progress nor finished.
                path: ':aggregateId',
                lazy: page(
                  () => import(/* webpackChunkName: "course" */ '../features/course-details/CourseDetailsPage'),
                ),
                handle: { tutorInPage: true } satisfies RouteHandle,
              },
            ],
          },
          {
            path: 'lti-tool-callback',
            lazy: page(
              () => import(/* webpackChunkName: "course-content" */ '../features/course-content/LtiCallbackPage'),
            ),
          },
          {
            path: 'email-response-callback',
            lazy: page(() => import(/* webpackChunkName: "email-answer" */ '../features/email-answer/EmailAnswerPage')),
          },
          {
            path: 'calendar/*',
            handle: { feature: 'calendarEnabled' } satisfies RouteHandle,
            lazy: page(() => import(/* webpackChunkName: "calendar" */ '../features/calendar/CalendarPage')),
          },
          {
            path: 'profile',
            lazy: page(() => import(/* webpackChunkName: "profile" */ '../features/profile/ProfilePage')),
          },
          {
            path: 'forbidden',
            lazy: page(() => import(/* webpackChunkName: "errors" */ '../features/errors/ForbiddenPage')),
          },
          {
            path: 'platform',
            lazy: page(() => import(/* webpackChunkName: "errors" */ '../features/errors/PlatformPage')),
          },
          { path: '*', lazy: errorsNotFound },
        ],
      },
    ],
  },
]);
