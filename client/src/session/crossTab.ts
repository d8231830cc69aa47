// Logout in one tab logs out the other tabs (spec section 4). The signing-out tab announces
// it on a BroadcastChannel; the others check their session again, and the 401 handler takes
// them to sign in.

/** Name of the channel every tab of the portal on this origin shares. */
export const SESSION_CHANNEL = 'learner-portal.session';

interface SignedOut {
  type: 'signed-out';
}

function channel(): BroadcastChannel | undefined {
  if (typeof BroadcastChannel === 'undefined') return undefined;
  try {
    return new BroadcastChannel(SESSION_CHANNEL);
  } catch {
    // A browser that denies this frame storage may deny the channel too: no cross-tab news then.
    return undefined;
  }
}

/** Tells the other tabs that this one is signing out. */
export function announceSignOut(): void {
  const ch = channel();
  if (!ch) return;
  ch.postMessage({ type: 'signed-out' } satisfies SignedOut);
  ch.close();
}

/** Calls `onSignedOut` when another tab signs out; returns the function that stops listening. */
export function onSignOutElsewhere(onSignedOut: () => void): () => void {
  const ch = channel();
  if (!ch) return () => {};
  ch.onmessage = (event: MessageEvent<unknown>) => {
    const data = event.data as Partial<SignedOut> | null;
    if (data && data.type === 'signed-out') onSignedOut();
  };
  return () => ch.close();
}

/**
 * Re-checks the session until the gateway has ended it (the other tab's logout request may
 * still be in flight): `check` rejects with a 401 once it has, which the fetch wrapper turns
 * into the sign-in navigation.
 */
export async function recheckUntilSignedOut(
  check: () => Promise<unknown>,
  { attempts = 5, delayMs = 1000 }: { attempts?: number; delayMs?: number } = {},
): Promise<void> {
  for (let i = 0; i < attempts; i += 1) {
    try {
      await check();
    } catch {
      return;
    }
    await new Promise((resolve) => setTimeout(resolve, delayMs));
  }
}
