import { describe, expect, it, vi } from 'vitest';
import { http, HttpResponse, server } from '../test/server';
import {
  ApiError,
  apiFetch,
  frameSignInState,
  isTransientFailure,
  navigation,
  noteSignInRound,
  requireFreshSignIn,
  resetFrameSignIn,
  SIGN_IN_LOOP_WINDOW_MS,
  SIGN_IN_ROUND_KEY,
  setParentOrigins,
  setRequestLocale,
  startSigningOut,
  UnauthorizedError,
} from './http';

const unauthorized = { error: 'unauthorized', reason: 'none', loginUrl: '/oidc/login?redirectUrl=x' };

function answer401(reason = 'none') {
  server.use(http.get('*/api/bff/session', () => HttpResponse.json({ ...unauthorized, reason }, { status: 401 })));
}

/** The login URL the client sends the browser to: the gateway's, returning to this very page. */
function expectedLoginUrl() {
  return `/oidc/login?redirectUrl=${encodeURIComponent(window.location.href)}`;
}

describe('apiFetch', () => {
  it('sends X-Requested-With, Accept-Language and Prefer, with same-origin credentials', async () => {
    let seen: Request | undefined;
    server.use(
      http.get('*/api/bff/session', ({ request }) => {
        seen = request;
        return HttpResponse.json({ ok: true });
      }),
    );
    setRequestLocale('ar-AR');

    await apiFetch('/api/bff/session');

    expect(seen?.headers.get('X-Requested-With')).toBe('XMLHttpRequest');
    expect(seen?.headers.get('Accept-Language')).toBe('ar-AR');
    expect(seen?.headers.get('Prefer')).toBe('respond-sync');
    expect(seen?.credentials).toBe('same-origin');
  });

  it('lets a call ask for respond-async', async () => {
    let prefer: string | null = null;
    server.use(
      http.post('*/api/bff/courses/c-1/start', ({ request }) => {
        prefer = request.headers.get('Prefer');
        return HttpResponse.json({});
      }),
    );

    await apiFetch('/api/bff/courses/c-1/start', { method: 'POST', prefer: 'respond-async', body: {} });

    expect(prefer).toBe('respond-async');
  });

  it('throws a typed error with the status and the problem body', async () => {
    const problem = { error: 'forbidden', title: 'Forbidden', status: 403 };
    server.use(http.get('*/api/bff/session', () => HttpResponse.json(problem, { status: 403 })));

    const error = await apiFetch('/api/bff/session').catch((e: unknown) => e);

    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 403, problem });
  });

  it('on 401 sends the browser to the login URL, returning to the current page', async () => {
    const assign = vi.spyOn(navigation, 'assign').mockImplementation(() => undefined);
    answer401();

    await expect(apiFetch('/api/bff/session')).rejects.toBeInstanceOf(UnauthorizedError);

    expect(assign).toHaveBeenCalledWith(expectedLoginUrl());
  });

  it('several 401s of one page send the browser to sign in once', async () => {
    const assign = vi.spyOn(navigation, 'assign').mockImplementation(() => undefined);
    answer401();

    await Promise.all([1, 2, 3].map(() => apiFetch('/api/bff/session').catch(() => undefined)));

    expect(assign.mock.calls).toEqual([[expectedLoginUrl()]]);
  });

  it('a token still refused right after coming back from an automatic sign-in stops on the failure page instead of going round again', async () => {
    const assign = vi.spyOn(navigation, 'assign').mockImplementation(() => undefined);
    answer401('token_refused');
    await expect(apiFetch('/api/bff/session')).rejects.toBeInstanceOf(UnauthorizedError);
    expect(assign).toHaveBeenLastCalledWith(expectedLoginUrl());
    expect(window.sessionStorage.getItem(SIGN_IN_ROUND_KEY)).not.toBeNull();

    // The tab comes back signed in (a fresh page) and the platform refuses the new session too.
    resetFrameSignIn();
    await expect(apiFetch('/api/bff/session')).rejects.toBeInstanceOf(UnauthorizedError);

    const target = new URL(assign.mock.calls[1]![0], window.location.origin);
    expect(target.pathname).toBe('/learn/sign-in-failed');
    expect(target.searchParams.get('reason')).toBe('not_accepted');
    expect(target.searchParams.get('redirectUrl')).toBe(window.location.href);
    expect(assign).toHaveBeenCalledTimes(2);
  });

  it('no session after a sign-in left unfinished (Back from the issuer) signs in again', async () => {
    const assign = vi.spyOn(navigation, 'assign').mockImplementation(() => undefined);
    noteSignInRound(Date.now() - 5000);
    resetFrameSignIn();
    answer401('none');

    await expect(apiFetch('/api/bff/session')).rejects.toBeInstanceOf(UnauthorizedError);

    expect(assign).toHaveBeenCalledWith(expectedLoginUrl());
  });

  it('a token refused long after coming back from a sign-in signs in again (not a loop)', async () => {
    const assign = vi.spyOn(navigation, 'assign').mockImplementation(() => undefined);
    const loaded = Date.now();
    noteSignInRound(loaded - 5000);
    resetFrameSignIn();
    vi.spyOn(Date, 'now').mockReturnValue(loaded + SIGN_IN_LOOP_WINDOW_MS + 1000);
    answer401('token_refused');

    await expect(apiFetch('/api/bff/session')).rejects.toBeInstanceOf(UnauthorizedError);

    expect(assign).toHaveBeenCalledWith(expectedLoginUrl());
  });

  it('a page that loads long after an unfinished sign-in did not come back from it', async () => {
    const assign = vi.spyOn(navigation, 'assign').mockImplementation(() => undefined);
    noteSignInRound(Date.now() - 16 * 60_000);
    resetFrameSignIn();
    answer401('token_refused');

    await expect(apiFetch('/api/bff/session')).rejects.toBeInstanceOf(UnauthorizedError);

    expect(assign).toHaveBeenCalledWith(expectedLoginUrl());
  });

  it('on 401 while the page signs out sends nobody to sign in, so the sign-out reaches the issuer', async () => {
    const assign = vi.spyOn(navigation, 'assign').mockImplementation(() => undefined);
    answer401();
    startSigningOut();

    await expect(apiFetch('/api/bff/session')).rejects.toBeInstanceOf(UnauthorizedError);

    expect(assign).not.toHaveBeenCalled();
  });

  it('after a sign-out in another tab, the sign-in asks the issuer for its form (prompt=login)', async () => {
    const assign = vi.spyOn(navigation, 'assign').mockImplementation(() => undefined);
    answer401();
    requireFreshSignIn();

    await expect(apiFetch('/api/bff/session')).rejects.toBeInstanceOf(UnauthorizedError);

    const target = new URL(assign.mock.calls[0]![0], window.location.origin);
    expect(target.searchParams.get('prompt')).toBe('login');
    expect(target.searchParams.get('redirectUrl')).toBe(window.location.href);
  });

  it('on 401 inside a frame posts the relogin message to the configured parent origins, once', async () => {
    const assign = vi.spyOn(navigation, 'assign').mockImplementation(() => undefined);
    const postMessage = vi.fn();
    vi.stubGlobal('parent', { postMessage });
    setParentOrigins(['https://host.example', 'https://other.example']);
    answer401();

    await expect(apiFetch('/api/bff/session')).rejects.toBeInstanceOf(UnauthorizedError);

    // Each configured origin is a target: the browser delivers only to the parent's own origin.
    const message = { type: 'learner-portal:relogin', loginUrl: expectedLoginUrl() };
    expect(postMessage.mock.calls).toEqual([
      [message, 'https://host.example'],
      [message, 'https://other.example'],
    ]);
    expect(frameSignInState().awaiting).toBe(true);
    expect(assign).not.toHaveBeenCalled();

    // More 401s while the frame waits (other calls of the page) do not ask again.
    await expect(apiFetch('/api/bff/session')).rejects.toBeInstanceOf(UnauthorizedError);
    expect(postMessage).toHaveBeenCalledTimes(2);
  });

  it('on 401 inside a frame without a configured parent origin navigates the top window', async () => {
    const postMessage = vi.fn();
    const topAssign = vi.fn();
    vi.stubGlobal('parent', { postMessage });
    vi.stubGlobal('top', { location: { assign: topAssign } });
    answer401();

    await expect(apiFetch('/api/bff/session')).rejects.toBeInstanceOf(UnauthorizedError);

    expect(postMessage).not.toHaveBeenCalled();
    expect(topAssign).toHaveBeenCalledWith(expectedLoginUrl());
  });
});

describe('isTransientFailure', () => {
  it.each<[string, unknown, boolean]>([
    ['502 Bad gateway', new ApiError(502, undefined), true],
    ['503 Unavailable', new ApiError(503, undefined), true],
    ['504 Timeout', new ApiError(504, undefined), true],
    ['no answer (fetch rejects with a TypeError)', new TypeError('Failed to fetch'), true],
    ['500 Internal error', new ApiError(500, undefined), false],
    ['404 Not found', new ApiError(404, undefined), false],
    ['403 Forbidden', new ApiError(403, undefined), false],
    ['a bug in the client', new Error('boom'), false],
    ['no error', undefined, false],
  ])('%s: %s', (_, error, transient) => {
    expect(isTransientFailure(error)).toBe(transient);
  });
});
