import { describe, expect, it, vi } from 'vitest';
import { SESSION_RESTORED_MESSAGE_TYPE, onSessionRestored } from './embedding';

function post(data: unknown, origin: string) {
  window.dispatchEvent(new MessageEvent('message', { data, origin }));
}

describe('embedding bridge: session restored', () => {
  it('listens to the configured parent origin only', () => {
    const restored = vi.fn();
    const stop = onSessionRestored(['https://intranet.example'], restored);
    post({ type: SESSION_RESTORED_MESSAGE_TYPE }, 'https://evil.example');
    post({ type: 'something-else' }, 'https://intranet.example');
    post('learner-portal:session-restored', 'https://intranet.example');
    expect(restored).not.toHaveBeenCalled();
    post({ type: SESSION_RESTORED_MESSAGE_TYPE }, 'https://intranet.example');
    expect(restored).toHaveBeenCalledTimes(1);
    stop();
    post({ type: SESSION_RESTORED_MESSAGE_TYPE }, 'https://intranet.example');
    expect(restored).toHaveBeenCalledTimes(1);
  });

  it('with no parent origin configured nothing is accepted', () => {
    const restored = vi.fn();
    const stop = onSessionRestored([], restored);
    post({ type: SESSION_RESTORED_MESSAGE_TYPE }, 'null');
    post({ type: SESSION_RESTORED_MESSAGE_TYPE }, window.location.origin);
    expect(restored).not.toHaveBeenCalled();
    stop();
  });
});
