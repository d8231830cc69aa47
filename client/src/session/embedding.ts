// The embedding bridge (interfaces: Embedding). The fetch wrapper's 401 handler asks the parent
// to sign the learner in (`learner-portal:relogin`); the parent signs in in a popup and answers
// `learner-portal:session-restored` with a one-time code, which the frame exchanges for its own
// session cookie (`POST /api/bff/session/adopt`) before asking again for everything on the page.
import { useEffect, useSyncExternalStore } from 'react';
import { useSWRConfig } from 'swr';
import type { AdoptSessionRequest } from '../api/contracts/bff';
import {
  apiFetch,
  askParentToSignIn,
  frameSessionAdopted,
  frameSignInState,
  isFramed,
  subscribeFrameSignIn,
  type FrameSignInState,
} from '../api/http';

/** Message the parent page posts once the learner has signed in again. */
export const SESSION_RESTORED_MESSAGE_TYPE = 'learner-portal:session-restored';

/** Exchanges a one-time code for this frame's session cookie. */
export const ADOPT_PATH = '/api/bff/session/adopt';

/**
 * Calls `onCode` with the code of a `session-restored` message, when it comes from this
 * window's parent (not another window holding a reference to this one) and from one of the
 * tenant's configured parent origins. Anything else is ignored. Returns the function that stops
 * listening.
 */
export function onSessionRestored(
  parentOrigins: readonly string[],
  onCode: (code: string) => void,
  target: Window = window,
): () => void {
  const listener = (event: MessageEvent<unknown>) => {
    if (target.parent === target || event.source !== target.parent) return;
    if (!parentOrigins.includes(event.origin)) return;
    const data = event.data as { type?: unknown; code?: unknown } | null;
    if (!data || typeof data !== 'object' || data.type !== SESSION_RESTORED_MESSAGE_TYPE) return;
    if (typeof data.code !== 'string' || data.code === '') return;
    onCode(data.code);
  };
  target.addEventListener('message', listener);
  return () => target.removeEventListener('message', listener);
}

/**
 * Adopts the session behind `code`; on success the frame stops waiting and `revalidate` asks
 * again for every view on the page (nothing reloads, so the route and typed input stay). A
 * refused code (400: used, expired, another tenant's) or a failed call sets nothing and asks the
 * parent again. Answers whether the session was adopted.
 */
export async function restoreSession(code: string, revalidate: () => Promise<unknown>): Promise<boolean> {
  try {
    await apiFetch<void>(ADOPT_PATH, { method: 'POST', body: { code } satisfies AdoptSessionRequest });
  } catch {
    askParentToSignIn({ again: true });
    return false;
  }
  frameSessionAdopted();
  await revalidate();
  return true;
}

/** The frame's sign-in state (always "not waiting" outside a frame). */
export function useFrameSignIn(): FrameSignInState {
  return useSyncExternalStore(subscribeFrameSignIn, frameSignInState);
}

/**
 * Mounted once above the router while the portal is framed: takes the parent's codes and
 * adopts them. Only a frame that asked (a re-login request is pending) takes one, so a parent
 * cannot swap the learner's session unasked.
 */
export function EmbeddingBridge({ parentOrigins }: { parentOrigins: readonly string[] }) {
  const { mutate } = useSWRConfig();
  useEffect(() => {
    if (!isFramed() || parentOrigins.length === 0) return undefined;
    return onSessionRestored(parentOrigins, (code) => {
      if (!frameSignInState().awaiting) return;
      void restoreSession(code, () => mutate(() => true));
    });
  }, [parentOrigins, mutate]);
  return null;
}
