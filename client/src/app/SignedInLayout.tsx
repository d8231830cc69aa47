// Signed-in pages: wait for the session, provide it, watch it, and draw the shell. A route
// whose feature the tenant turned off is not found; the session's home decision sends users
// without learner access to /forbidden, /platform or another page of the platform.
import { useEffect, useMemo, useState, type ReactNode } from 'react';
import { Navigate, useLocation, useMatches } from 'react-router-dom';
import type { SessionHome } from '../api/contracts/bff';
import { UnauthorizedError } from '../api/http';
import { useSession } from '../api/hooks';
import NotFoundPage from '../features/errors/NotFoundPage';
import { useSetTimeZone } from '../i18n/I18nProvider';
import { useFrameSignIn } from '../session/embedding';
import { SessionWatcher } from '../session/SessionWatcher';
import { AppShell } from './AppShell';
import { FrameSignInPage } from './FrameSignIn';
import { Widgets, WidgetsState } from './Widgets';
import { AppContext, useUiConfigContext } from './context';
import { StartupError, StartupLoading } from './Startup';
import { TutorSlotContext } from './tutorSlot';
import type { RouteHandle } from './routes';

/** The page a user's home decision sends them to inside the client, when not where they are. */
function homeRoute(home: SessionHome | undefined, pathname: string): string | null {
  if (home?.kind === 'forbidden' && pathname !== '/forbidden') return '/forbidden';
  if (home?.kind === 'platform' && pathname !== '/platform') return '/platform';
  return null;
}

/** A `redirect` decision leaves the client for the first page of the platform the user may open. */
function useLeaveForHome(home: SessionHome | undefined): boolean {
  const leave = home?.kind === 'redirect';
  useEffect(() => {
    if (leave && home) window.location.assign(home.url);
  }, [leave, home]);
  return leave;
}

export function SignedInLayout() {
  const config = useUiConfigContext();
  const session = useSession(true);
  const matches = useMatches();
  const { pathname } = useLocation();
  useSetTimeZone(session.data?.user.timezone);
  const leaving = useLeaveForHome(session.data?.home);
  const { awaiting } = useFrameSignIn();
  const [tutorSlot, setTutorSlot] = useState<HTMLElement | null>(null);
  const tutorSlotContext = useMemo(() => ({ slot: tutorSlot, setSlot: setTutorSlot }), [tutorSlot]);

  if (session.error instanceof UnauthorizedError) {
    // In a frame the parent was asked to sign in: the page stays as it is (with a notice) until
    // the frame adopts the new session; a first load without a session shows only the notice.
    if (awaiting && !session.data) return <FrameSignInPage />;
    // Otherwise the fetch wrapper is already taking the browser to the sign-in page.
    if (!awaiting) return <StartupLoading />;
  }
  if (session.error && !session.data) return <StartupError onRetry={() => void session.mutate()} />;
  if (!session.data || leaving) return <StartupLoading />;

  const disabled = matches.some((match) => {
    const feature = (match.handle as RouteHandle | undefined)?.feature;
    return feature !== undefined && !config[feature];
  });
  // Spec section 6 permission routing, decided by the gateway (`session.home`).
  const sendTo = homeRoute(session.data.home, pathname);
  let page: ReactNode | undefined;
  if (sendTo) page = <Navigate to={sendTo} replace />;
  else if (disabled) page = <NotFoundPage />;

  return (
    <AppContext.Provider value={{ config, session: session.data }}>
      <SessionWatcher session={session.data} />
      <TutorSlotContext.Provider value={tutorSlotContext}>
        <WidgetsState>
          <AppShell>{page}</AppShell>
          <Widgets />
        </WidgetsState>
      </TutorSlotContext.Provider>
    </AppContext.Provider>
  );
}
