import { describe, expect, it, vi } from 'vitest';
import { askParentToSignIn, frameSignInState, setParentOrigins } from '../api/http';
import { http, HttpResponse, server } from '../test/server';
import { SESSION_RESTORED_MESSAGE_TYPE, onSessionRestored, restoreSession } from './embedding';

const PARENT_ORIGIN = 'https://intranet.example';

/** A stand-in for the embedding page: what the frame posts to it is recorded. */
function frameIn(): { postMessage: ReturnType<typeof vi.fn> } {
  const parent = { postMessage: vi.fn() };
  vi.stubGlobal('parent', parent);
  return parent;
}

/** Dispatches a message event as the browser would: with its data, origin and source window. */
function post(data: unknown, origin: string, source: unknown) {
  const event = new MessageEvent('message', { data, origin });
  Object.defineProperty(event, 'source', { value: source });
  window.dispatchEvent(event);
}

describe('embedding bridge: session restored', () => {
  it('takes the code only from the parent window on a configured origin', () => {
    const parent = frameIn();
    const onCode = vi.fn();
    const stop = onSessionRestored([PARENT_ORIGIN], onCode);

    post({ type: SESSION_RESTORED_MESSAGE_TYPE, code: 'c1' }, 'https://evil.example', parent);
    // Right origin, but another window (one that opened or holds a reference to this frame).
    post({ type: SESSION_RESTORED_MESSAGE_TYPE, code: 'c2' }, PARENT_ORIGIN, {});
    post({ type: SESSION_RESTORED_MESSAGE_TYPE, code: 'c3' }, PARENT_ORIGIN, null);
    // Not the message, or no usable code.
    post({ type: 'something-else', code: 'c4' }, PARENT_ORIGIN, parent);
    post({ type: SESSION_RESTORED_MESSAGE_TYPE }, PARENT_ORIGIN, parent);
    post({ type: SESSION_RESTORED_MESSAGE_TYPE, code: 42 }, PARENT_ORIGIN, parent);
    post(SESSION_RESTORED_MESSAGE_TYPE, PARENT_ORIGIN, parent);
    expect(onCode).not.toHaveBeenCalled();

    post({ type: SESSION_RESTORED_MESSAGE_TYPE, code: 'good' }, PARENT_ORIGIN, parent);
    expect(onCode).toHaveBeenCalledExactlyOnceWith('good');

    stop();
    post({ type: SESSION_RESTORED_MESSAGE_TYPE, code: 'late' }, PARENT_ORIGIN, parent);
    expect(onCode).toHaveBeenCalledTimes(1);
  });

  it('with no parent origin configured, or outside a frame, nothing is accepted', () => {
    const onCode = vi.fn();
    const stopTopLevel = onSessionRestored([window.location.origin], onCode);
    // Not framed: the window is its own parent, and no message is the parent's.
    post({ type: SESSION_RESTORED_MESSAGE_TYPE, code: 'c' }, window.location.origin, window);
    stopTopLevel();

    const parent = frameIn();
    const stop = onSessionRestored([], onCode);
    post({ type: SESSION_RESTORED_MESSAGE_TYPE, code: 'c' }, 'null', parent);
    post({ type: SESSION_RESTORED_MESSAGE_TYPE, code: 'c' }, window.location.origin, parent);
    expect(onCode).not.toHaveBeenCalled();
    stop();
  });
});

describe('embedding bridge: adopting the code', () => {
  it('posts the code to the adopt route with the API headers, then revalidates the page', async () => {
    frameIn();
    setParentOrigins([PARENT_ORIGIN]);
    askParentToSignIn();
    let seen: { body: unknown; requestedWith: string | null; contentType: string | null } | undefined;
    server.use(
      http.post('*/api/bff/session/adopt', async ({ request }) => {
        seen = {
          body: await request.json(),
          requestedWith: request.headers.get('X-Requested-With'),
          contentType: request.headers.get('Content-Type'),
        };
        return new HttpResponse(null, { status: 204 });
      }),
    );
    const revalidate = vi.fn(() => {
      // The page asks again only once the session is adopted.
      expect(seen).toBeDefined();
      return Promise.resolve();
    });

    await expect(restoreSession('one-time', revalidate)).resolves.toBe(true);

    expect(seen).toEqual({
      body: { code: 'one-time' },
      requestedWith: 'XMLHttpRequest',
      contentType: 'application/json',
    });
    expect(revalidate).toHaveBeenCalledTimes(1);
    expect(frameSignInState()).toEqual({ awaiting: false, restored: 1 });
  });

  it('a refused code (400) leaves the page as it was and asks the parent again', async () => {
    const parent = frameIn();
    setParentOrigins([PARENT_ORIGIN]);
    askParentToSignIn();
    expect(parent.postMessage).toHaveBeenCalledTimes(1);
    server.use(
      http.post('*/api/bff/session/adopt', () =>
        HttpResponse.json(
          { type: 'about:blank', title: 'Bad Request', status: 400, error: 'invalid_code' },
          { status: 400, headers: { 'Content-Type': 'application/problem+json' } },
        ),
      ),
    );
    const revalidate = vi.fn(() => Promise.resolve());

    await expect(restoreSession('used-code', revalidate)).resolves.toBe(false);

    expect(revalidate).not.toHaveBeenCalled();
    expect(frameSignInState()).toEqual({ awaiting: true, restored: 0 });
    expect(parent.postMessage).toHaveBeenCalledTimes(2);
    expect(parent.postMessage).toHaveBeenLastCalledWith(
      { type: 'learner-portal:relogin', loginUrl: expect.stringMatching(/^\/oidc\/login\?redirectUrl=/) as string },
      PARENT_ORIGIN,
    );
  });
});
