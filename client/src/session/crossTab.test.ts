import { describe, expect, it, vi } from 'vitest';
import { announceSignOut, onSignOutElsewhere, recheckUntilSignedOut } from './crossTab';

describe('logout in one tab logs out the other tabs (spec 4 Session)', () => {
  it('another tab hears the sign-out', async () => {
    const heard = vi.fn();
    const stop = onSignOutElsewhere(heard);
    announceSignOut();
    await vi.waitFor(() => expect(heard).toHaveBeenCalledTimes(1));
    stop();
  });

  it('re-checks until the gateway answers that the session is gone', async () => {
    const check = vi.fn().mockResolvedValueOnce({}).mockResolvedValueOnce({}).mockRejectedValueOnce(new Error('401'));
    await recheckUntilSignedOut(check, { attempts: 5, delayMs: 1 });
    expect(check).toHaveBeenCalledTimes(3);
  });

  it('gives up after the set number of attempts', async () => {
    const check = vi.fn().mockResolvedValue({});
    await recheckUntilSignedOut(check, { attempts: 3, delayMs: 1 });
    expect(check).toHaveBeenCalledTimes(3);
  });
});
