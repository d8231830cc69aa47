// Session activity (spec sections 4 and 9): scroll, keydown and click count as activity,
// throttled to one mark per 100 ms and shared by every tab through local storage. A
// heartbeat tells the gateway about activity that made no API call, so reading a long page
// does not end the session; when the idle limit passes with no activity in any tab, the
// session is checked again (and the 401 handler takes the browser to sign in).

import { MAX_TIMER_MS } from '../ui/timers';
import { storageOrPage } from './storage';

/** Local-storage key of the shared session record (spec section 3: userId, lastActivityDate). */
export const SESSION_STORAGE_KEY = 'learner-portal.session';

/** Activity listeners are throttled at 100 ms (spec section 9). */
export const ACTIVITY_THROTTLE_MS = 100;

/** How often, at most, the heartbeat reports activity to the gateway. */
export const HEARTBEAT_INTERVAL_MS = 60_000;

const ACTIVITY_EVENTS = ['scroll', 'keydown', 'click'] as const;

interface StoredSession {
  userId: string;
  lastActivityDate: number;
}

/**
 * Local storage, or, where the browser denies it (a frame in a page of another site when
 * third-party storage is blocked: reading `window.localStorage` throws), a store of this page
 * alone: activity then counts in this frame only, and the idle limit still applies.
 */
export function activityStorage(): Storage {
  return storageOrPage(() => window.localStorage);
}

/** Reads the shared record; anything unreadable counts as none. */
export function readStoredSession(storage: Storage = activityStorage()): StoredSession | undefined {
  try {
    const value = JSON.parse(storage.getItem(SESSION_STORAGE_KEY) ?? 'null') as Partial<StoredSession> | null;
    if (value && typeof value.userId === 'string' && typeof value.lastActivityDate === 'number') {
      return { userId: value.userId, lastActivityDate: value.lastActivityDate };
    }
  } catch {
    // A corrupt entry is replaced by the next mark.
  }
  return undefined;
}

function writeStoredSession(record: StoredSession, storage: Storage): void {
  try {
    storage.setItem(SESSION_STORAGE_KEY, JSON.stringify(record));
  } catch {
    // Storage full or denied (private mode): activity then only counts in this tab.
  }
}

export interface ActivityOptions {
  userId: string;
  idleTimeoutSeconds: number;
  /** Reports activity to the gateway (POST /api/bff/session/touch). */
  touch: () => Promise<unknown>;
  /** Called when the idle limit has passed with no activity in any tab. */
  onIdle: () => void;
  /** Called when another user signed in from another tab. */
  onUserChanged: () => void;
  /** The session has just started (adopted in a frame): earlier activity of the same user is not carried over. */
  startedNow?: boolean;
  /**
   * The gateway's own last activity of this session (its idle expiry minus the idle limit), in
   * ms since the epoch. Activity never counts as older than that: after a sign-in the stored
   * record of the same user's previous session may be hours old, and the new session would
   * otherwise look idle (and sign in again, in a loop with single sign-on) right after loading.
   */
  serverActiveAt?: number;
  heartbeatIntervalMs?: number;
  target?: Window;
  storage?: Storage;
  now?: () => number;
}

/** Starts tracking; returns the function that stops it. */
export function trackActivity(options: ActivityOptions): () => void {
  const {
    userId,
    idleTimeoutSeconds,
    touch,
    onIdle,
    onUserChanged,
    startedNow = false,
    serverActiveAt = 0,
    heartbeatIntervalMs = HEARTBEAT_INTERVAL_MS,
    target = window,
    storage = activityStorage(),
    now = Date.now,
  } = options;
  const idleMs = idleTimeoutSeconds * 1000;
  let lastMark = 0;
  let lastTouch = now();
  let stopped = false;

  const previous = readStoredSession(storage);
  if ((previous && previous.userId !== userId) || startedNow) {
    // A different user signed in, or a new session started: earlier activity does not carry over.
    writeStoredSession({ userId, lastActivityDate: now() }, storage);
  } else if (!previous) {
    writeStoredSession({ userId, lastActivityDate: now() }, storage);
  }

  const lastActivity = () => {
    const stored = readStoredSession(storage);
    const floor = Math.max(lastMark, serverActiveAt);
    return stored && stored.userId === userId ? Math.max(stored.lastActivityDate, floor) : floor;
  };

  const mark = () => {
    const at = now();
    if (at - lastMark < ACTIVITY_THROTTLE_MS) return;
    lastMark = at;
    writeStoredSession({ userId, lastActivityDate: at }, storage);
  };

  const heartbeat = window.setInterval(() => {
    if (stopped) return;
    const active = lastActivity();
    if (active > lastTouch) {
      lastTouch = now();
      void touch().catch(() => {
        // A failed heartbeat is retried at the next tick; a 401 is handled by the fetch wrapper.
      });
    }
  }, heartbeatIntervalMs);

  let idleTimer: number | undefined;
  const scheduleIdleCheck = () => {
    // A timer cannot wait longer than MAX_TIMER_MS (a longer one fires at once, and the check
    // would then schedule itself again and again): a limit further off is checked on the way.
    const remaining = Math.min(Math.max(0, lastActivity() + idleMs - now()) + 1000, MAX_TIMER_MS);
    idleTimer = window.setTimeout(() => {
      if (stopped) return;
      if (now() - lastActivity() >= idleMs) {
        onIdle();
      } else {
        scheduleIdleCheck();
      }
    }, remaining);
  };
  scheduleIdleCheck();

  const onStorage = (event: StorageEvent) => {
    if (event.key !== SESSION_STORAGE_KEY) return;
    const stored = readStoredSession(storage);
    if (stored && stored.userId !== userId) onUserChanged();
  };

  for (const type of ACTIVITY_EVENTS) target.addEventListener(type, mark, { passive: true, capture: true });
  target.addEventListener('storage', onStorage);

  return () => {
    stopped = true;
    window.clearInterval(heartbeat);
    window.clearTimeout(idleTimer);
    for (const type of ACTIVITY_EVENTS) target.removeEventListener(type, mark, { capture: true });
    target.removeEventListener('storage', onStorage);
  };
}
