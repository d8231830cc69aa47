import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ACTIVITY_THROTTLE_MS, SESSION_STORAGE_KEY, readStoredSession, trackActivity } from './activity';

const IDLE_SECONDS = 7200;

function setup(overrides: Partial<Parameters<typeof trackActivity>[0]> = {}) {
  const touch = vi.fn(() => Promise.resolve());
  const onIdle = vi.fn();
  const onUserChanged = vi.fn();
  const stop = trackActivity({
    userId: 'ada',
    idleTimeoutSeconds: IDLE_SECONDS,
    touch,
    onIdle,
    onUserChanged,
    heartbeatIntervalMs: 60_000,
    ...overrides,
  });
  return { touch, onIdle, onUserChanged, stop };
}

describe('session activity (spec 4 Session, 9 listeners throttled at 100 ms)', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    vi.setSystemTime(new Date('2026-11-23T10:00:00Z'));
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('a click marks activity in local storage, shared by every tab', () => {
    const { stop } = setup();
    vi.advanceTimersByTime(5_000);
    window.dispatchEvent(new MouseEvent('click'));
    expect(readStoredSession()).toEqual({ userId: 'ada', lastActivityDate: Date.now() });
    stop();
  });

  it('marks are throttled to one per 100 ms', () => {
    const { stop } = setup();
    vi.advanceTimersByTime(1_000);
    window.dispatchEvent(new KeyboardEvent('keydown'));
    const first = readStoredSession()!.lastActivityDate;
    vi.advanceTimersByTime(ACTIVITY_THROTTLE_MS - 1);
    window.dispatchEvent(new Event('scroll'));
    expect(readStoredSession()!.lastActivityDate).toBe(first);
    vi.advanceTimersByTime(1);
    window.dispatchEvent(new Event('scroll'));
    expect(readStoredSession()!.lastActivityDate).toBe(first + ACTIVITY_THROTTLE_MS);
    stop();
  });

  it('the heartbeat touches the session only after activity', () => {
    const { touch, stop } = setup();
    vi.advanceTimersByTime(60_000);
    expect(touch).not.toHaveBeenCalled();
    window.dispatchEvent(new MouseEvent('click'));
    vi.advanceTimersByTime(60_000);
    expect(touch).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(60_000);
    expect(touch).toHaveBeenCalledTimes(1);
    stop();
  });

  it('activity in another tab (the shared record) also counts', () => {
    const { touch, onIdle, stop } = setup();
    vi.advanceTimersByTime(30_000);
    window.localStorage.setItem(SESSION_STORAGE_KEY, JSON.stringify({ userId: 'ada', lastActivityDate: Date.now() }));
    vi.advanceTimersByTime(30_000);
    expect(touch).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(IDLE_SECONDS * 1000 - 30_000);
    expect(onIdle).not.toHaveBeenCalled();
    stop();
  });

  it('restarts the session after two idle hours, not before', () => {
    const { onIdle, stop } = setup();
    vi.advanceTimersByTime(IDLE_SECONDS * 1000 - 1);
    expect(onIdle).not.toHaveBeenCalled();
    vi.advanceTimersByTime(2_000);
    expect(onIdle).toHaveBeenCalledTimes(1);
    stop();
  });

  it('an idle limit further off than a timer can wait (24.8 days) is waited for in steps, without spinning', () => {
    // A browser fires a longer timer at once; the check would then schedule itself again and
    // again (every millisecond, for weeks). Also where the gateway's clock is far ahead.
    const days = 40;
    const timers = vi.spyOn(window, 'setTimeout');
    // The idle checks: the page's other timers (the test environment's own) wait 0 ms.
    const idleChecks = () => timers.mock.calls.map(([, ms]) => ms ?? 0).filter((ms) => ms > 0);
    const { onIdle, stop } = setup({ idleTimeoutSeconds: days * 86_400 });
    vi.advanceTimersByTime(1_000);
    expect(idleChecks()).toEqual([2 ** 31 - 1]);
    vi.advanceTimersByTime(days * 86_400_000 - 2_000);
    expect(onIdle).not.toHaveBeenCalled();
    expect(idleChecks()).toHaveLength(2);
    expect(idleChecks().every((ms) => ms <= 2 ** 31 - 1)).toBe(true);
    vi.advanceTimersByTime(3_000);
    expect(onIdle).toHaveBeenCalledTimes(1);
    timers.mockRestore();
    stop();
  });

  it('activity pushes the idle limit back', () => {
    const { onIdle, stop } = setup();
    vi.advanceTimersByTime(3_600_000);
    window.dispatchEvent(new MouseEvent('click'));
    vi.advanceTimersByTime(IDLE_SECONDS * 1000 - 10_000);
    expect(onIdle).not.toHaveBeenCalled();
    vi.advanceTimersByTime(12_000);
    expect(onIdle).toHaveBeenCalledTimes(1);
    stop();
  });

  it("another user's sign-in in another tab is noticed", () => {
    const { onUserChanged, stop } = setup();
    window.localStorage.setItem(SESSION_STORAGE_KEY, JSON.stringify({ userId: 'grace', lastActivityDate: Date.now() }));
    window.dispatchEvent(new StorageEvent('storage', { key: SESSION_STORAGE_KEY }));
    expect(onUserChanged).toHaveBeenCalledTimes(1);
    stop();
  });

  it("a different user's record does not carry its activity over", () => {
    window.localStorage.setItem(SESSION_STORAGE_KEY, JSON.stringify({ userId: 'grace', lastActivityDate: 1 }));
    const { stop } = setup();
    expect(readStoredSession()).toEqual({ userId: 'ada', lastActivityDate: Date.now() });
    stop();
  });

  it('a session adopted in a frame counts its idle time from then, not from the old activity', () => {
    // The same user's record from before the session ended (the idle limit had passed).
    const stale = Date.now() - IDLE_SECONDS * 1000 - 60_000;
    window.localStorage.setItem(SESSION_STORAGE_KEY, JSON.stringify({ userId: 'ada', lastActivityDate: stale }));
    const { onIdle, stop } = setup({ startedNow: true });
    expect(readStoredSession()).toEqual({ userId: 'ada', lastActivityDate: Date.now() });
    vi.advanceTimersByTime(5_000);
    expect(onIdle).not.toHaveBeenCalled();
    vi.advanceTimersByTime(IDLE_SECONDS * 1000);
    expect(onIdle).toHaveBeenCalledTimes(1);
    stop();
  });

  it("a new session of the same user counts from the gateway's last activity, not from the old record", () => {
    // The previous session's record is three hours old: without the gateway's figure the new
    // session would look idle a second after loading and sign in again.
    window.localStorage.setItem(
      SESSION_STORAGE_KEY,
      JSON.stringify({ userId: 'ada', lastActivityDate: Date.now() - 3 * 3600_000 }),
    );
    const { onIdle, stop } = setup({ serverActiveAt: Date.now() });
    vi.advanceTimersByTime(60_000);
    expect(onIdle).not.toHaveBeenCalled();
    vi.advanceTimersByTime(IDLE_SECONDS * 1000 + 1_000);
    expect(onIdle).toHaveBeenCalledTimes(1);
    stop();
  });

  it('where the browser denies local storage (a cross-site frame), activity counts in the page', () => {
    const denied = vi.spyOn(window, 'localStorage', 'get').mockImplementation(() => {
      throw new DOMException('Access is denied for this document.', 'SecurityError');
    });
    try {
      const { onIdle, stop } = setup();
      vi.advanceTimersByTime(3_600_000);
      window.dispatchEvent(new MouseEvent('click'));
      expect(readStoredSession()).toEqual({ userId: 'ada', lastActivityDate: Date.now() });
      vi.advanceTimersByTime(IDLE_SECONDS * 1000 - 10_000);
      expect(onIdle).not.toHaveBeenCalled();
      vi.advanceTimersByTime(12_000);
      expect(onIdle).toHaveBeenCalledTimes(1);
      stop();
    } finally {
      denied.mockRestore();
    }
  });

  it('stops listening when stopped', () => {
    const { touch, onIdle, stop } = setup();
    stop();
    window.dispatchEvent(new MouseEvent('click'));
    vi.advanceTimersByTime(IDLE_SECONDS * 1000 + 5_000);
    expect(touch).not.toHaveBeenCalled();
    expect(onIdle).not.toHaveBeenCalled();
  });
});
