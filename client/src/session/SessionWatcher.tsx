// Mounted once the user is known: activity heartbeat and idle limit, and sign-out in other tabs.
// Renders nothing. Inside a frame the 401 handler asks the parent to sign in instead of leaving
// the page, so the watcher starts again (with the activity counted from then) each time the
// frame adopts a session from its parent (session/embedding.ts).
import { useEffect } from 'react';
import { useSWRConfig } from 'swr';
import type { SessionView } from '../api/contracts/bff';
import { apiFetch, handleUnauthorized, requireFreshSignIn } from '../api/http';
import { keys } from '../api/keys';
import { trackActivity } from './activity';
import { onSignOutElsewhere, recheckUntilSignedOut } from './crossTab';
import { discardAllDrafts, discardDraftsOfOthers } from './drafts';
import { useFrameSignIn } from './embedding';

/** Where a restarted session signs in again. */
const LOGIN_URL = '/oidc/login';

interface Props {
  session: SessionView;
}

export function SessionWatcher({ session }: Props) {
  const { mutate } = useSWRConfig();
  const userId = session.user.id;
  const idleTimeoutSeconds = session.idleTimeoutSeconds;
  const { restored } = useFrameSignIn();

  // The gateway's last activity of this session: a fresh sign-in is activity.
  const serverActiveAt = Date.parse(session.idleExpiresAt) - idleTimeoutSeconds * 1000 || 0;

  // What another user typed in this tab and left unsent is not this user's.
  useEffect(() => discardDraftsOfOthers(userId), [userId]);

  useEffect(() => {
    const checkSession = () => apiFetch(keys.session()[0]);
    const stopActivity = trackActivity({
      userId,
      idleTimeoutSeconds,
      // A session adopted from the parent starts now: the activity before it does not count.
      startedNow: restored > 0,
      serverActiveAt,
      touch: () => apiFetch('/api/bff/session/touch', { method: 'POST' }),
      // The idle limit passed in every tab: the session restarts with a new sign-in (in a frame,
      // the parent is asked; the watcher starts again once the frame has adopted a new session).
      onIdle: () => handleUnauthorized(LOGIN_URL),
      // Another user signed in from another tab: this page belongs to the earlier one.
      onUserChanged: () => void mutate(() => true),
    });
    const stopCrossTab = onSignOutElsewhere(() => {
      // The user signed out: what they typed in this tab goes too.
      discardAllDrafts();
      requireFreshSignIn();
      void recheckUntilSignedOut(checkSession);
    });
    return () => {
      stopActivity();
      stopCrossTab();
    };
  }, [userId, idleTimeoutSeconds, serverActiveAt, restored, mutate]);

  return null;
}
