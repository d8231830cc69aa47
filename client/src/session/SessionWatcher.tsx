// Mounted once the user is known: activity heartbeat and idle limit, sign-out in other tabs,
// and the embedding parent's session-restored message. Renders nothing.
import { useEffect } from 'react';
import { useSWRConfig } from 'swr';
import type { SessionView } from '../api/contracts/bff';
import { apiFetch, handleUnauthorized, requireFreshSignIn } from '../api/http';
import { keys } from '../api/keys';
import { trackActivity } from './activity';
import { onSignOutElsewhere, recheckUntilSignedOut } from './crossTab';
import { onSessionRestored } from './embedding';

/** Where a restarted session signs in again. */
const LOGIN_URL = '/oidc/login';

interface Props {
  session: SessionView;
  parentOrigins: readonly string[];
}

export function SessionWatcher({ session, parentOrigins }: Props) {
  const { mutate } = useSWRConfig();
  const userId = session.user.id;
  const idleTimeoutSeconds = session.idleTimeoutSeconds;

  useEffect(() => {
    const checkSession = () => apiFetch(keys.session()[0]);
    const stopActivity = trackActivity({
      userId,
      idleTimeoutSeconds,
      touch: () => apiFetch('/api/bff/session/touch', { method: 'POST' }),
      // The idle limit passed in every tab: the session restarts with a new sign-in.
      onIdle: () => handleUnauthorized(LOGIN_URL),
      // Another user signed in from another tab: this page belongs to the earlier one.
      onUserChanged: () => void mutate(() => true),
    });
    const stopCrossTab = onSignOutElsewhere(() => {
      requireFreshSignIn();
      void recheckUntilSignedOut(checkSession);
    });
    const stopEmbedding = onSessionRestored(parentOrigins, () => void mutate(() => true));
    return () => {
      stopActivity();
      stopCrossTab();
      stopEmbedding();
    };
  }, [userId, idleTimeoutSeconds, parentOrigins, mutate]);

  return null;
}
