// The embedding bridge (interfaces: Embedding). The re-login request to the parent is sent by
// the fetch wrapper's 401 handler; this listens for the parent's answer, from the tenant's
// configured parent origins only, and then asks again for everything on the page.

/** Message the parent page posts once the user has signed in again. */
export const SESSION_RESTORED_MESSAGE_TYPE = 'learner-portal:session-restored';

/** Calls `onRestored` when a configured parent origin says the session is back. */
export function onSessionRestored(
  parentOrigins: readonly string[],
  onRestored: () => void,
  target: Window = window,
): () => void {
  const listener = (event: MessageEvent<unknown>) => {
    if (!parentOrigins.includes(event.origin)) return;
    if (event.source !== null && event.source !== target.parent) return;
    const data = event.data as { type?: unknown } | null;
    if (data && typeof data === 'object' && data.type === SESSION_RESTORED_MESSAGE_TYPE) onRestored();
  };
  target.addEventListener('message', listener);
  return () => target.removeEventListener('message', listener);
}
