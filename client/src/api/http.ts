// The one way the client talks to the gateway: same-origin fetch with the headers every
// /api/** call needs, the 401 re-login handling (spec section 8) and typed errors.
import type { Problem, Unauthorized, UnauthorizedReason } from './contracts/bff';

export type PreferMode = 'respond-sync' | 'respond-async';

export interface RequestOptions {
  /** `Prefer` header; commands may ask for `respond-async`. */
  prefer?: PreferMode;
  method?: string;
  body?: unknown;
  signal?: AbortSignal;
}

/** A failed call: its HTTP status and, when the gateway sent one, its problem body. */
export class ApiError extends Error {
  readonly status: number;
  readonly problem: Problem | undefined;

  constructor(status: number, problem: Problem | undefined, message?: string) {
    super(message ?? problem?.title ?? `Request failed with status ${status}`);
    this.name = 'ApiError';
    this.status = status;
    this.problem = problem;
  }
}

/** The stable code of the gateway's problem answer, if the call failed with one. */
export function problemCode(error: unknown): string | undefined {
  return error instanceof ApiError ? error.problem?.error : undefined;
}

/**
 * Whether a failed call may well succeed when tried again a little later: the gateway said the
 * LMS (or another service it needs) is unavailable or too slow for now (502, 503, 504), or no
 * answer came at all (fetch rejects with a TypeError when the network fails).
 */
export function isTransientFailure(error: unknown): boolean {
  if (error instanceof ApiError) return error.status === 502 || error.status === 503 || error.status === 504;
  return error instanceof TypeError;
}

/** 401: the session is gone; the browser is already on its way to the sign-in page. */
export class UnauthorizedError extends ApiError {
  readonly loginUrl: string;

  constructor(body: Unauthorized) {
    super(401, undefined, 'Unauthorized');
    this.name = 'UnauthorizedError';
    this.loginUrl = body.loginUrl;
  }
}

/** Message posted to the embedding page when the session is gone. */
export const RELOGIN_MESSAGE_TYPE = 'learner-portal:relogin';

interface ApiSettings {
  locale: string;
  parentOrigins: readonly string[];
  /** The next sign-in must show the issuer's form (`prompt=login`). */
  freshSignIn: boolean;
}

const settings: ApiSettings = { locale: 'en-US', parentOrigins: [], freshSignIn: false };

/**
 * After a sign-out in another tab, the next sign-in of this page asks the issuer for its form:
 * the other tab's logout at the issuer may not have arrived yet, and single sign-on must not
 * sign the learner straight back in.
 */
export function requireFreshSignIn(required = true): void {
  settings.freshSignIn = required;
}

/** Sets the locale sent as Accept-Language. */
export function setRequestLocale(locale: string): void {
  settings.locale = locale;
}

/** Sets the origins allowed to embed the portal (UiConfig.parentOrigins). */
export function setParentOrigins(origins: readonly string[]): void {
  settings.parentOrigins = origins;
}

/**
 * The gateway derives `redirectUrl` from the Referer, which never carries the hash; the
 * client knows the whole address, so it puts it there itself (same-origin login URLs only).
 */
export function withReturnTo(loginUrl: string, here: Location = window.location): string {
  let url: URL;
  try {
    url = new URL(loginUrl, here.origin);
  } catch {
    return loginUrl;
  }
  if (url.origin !== here.origin) return loginUrl;
  url.searchParams.set('redirectUrl', here.href);
  if (settings.freshSignIn) url.searchParams.set('prompt', 'login');
  return `${url.pathname}${url.search}`;
}

/** Page navigation, one seam so tests can observe it (jsdom's location cannot be stubbed). */
export const navigation = {
  assign(url: string): void {
    window.location.assign(url);
  },
};

/** Whether the portal runs inside a frame (an embedding page). */
export function isFramed(): boolean {
  return window.parent !== window;
}

/**
 * A framed portal whose session is gone: whether it asked its parent to sign the learner in
 * again and is waiting for the answer, and how many sessions it has adopted since it loaded
 * (each adoption restarts the session watcher). Read with `useSyncExternalStore`.
 */
export interface FrameSignInState {
  awaiting: boolean;
  restored: number;
}

let frameSignIn: FrameSignInState = { awaiting: false, restored: 0 };
const frameSignInListeners = new Set<() => void>();
/** The last sign-in address the gateway gave (a 401 body), asked for again on request. */
let lastLoginUrl = '/oidc/login';

function setFrameSignIn(next: FrameSignInState): void {
  frameSignIn = next;
  for (const listener of frameSignInListeners) listener();
}

export function frameSignInState(): FrameSignInState {
  return frameSignIn;
}

export function subscribeFrameSignIn(listener: () => void): () => void {
  frameSignInListeners.add(listener);
  return () => frameSignInListeners.delete(listener);
}

/**
 * Posts the re-login request to the parent. The frame cannot read its parent's origin, so it
 * posts to each configured parent origin: the browser delivers a message only when its target
 * origin is the parent's, so at most one of them arrives and no other origin sees it.
 */
function postRelogin(loginUrl: string): void {
  const message = { type: RELOGIN_MESSAGE_TYPE, loginUrl: withReturnTo(loginUrl) };
  for (const origin of settings.parentOrigins) window.parent.postMessage(message, origin);
}

/**
 * Asks the embedding page to sign the learner in (interfaces: Embedding). The first 401 asks;
 * later ones while the frame waits do not (several calls fail at once, and a background call
 * must not open popups), but `again` asks anew: the learner pressed "Sign in again", or an
 * adoption failed.
 */
export function askParentToSignIn({ again = false }: { again?: boolean } = {}): void {
  if (frameSignIn.awaiting && !again) return;
  postRelogin(lastLoginUrl);
  if (!frameSignIn.awaiting) setFrameSignIn({ ...frameSignIn, awaiting: true });
}

/** The frame adopted a session from its parent: it no longer waits, and signs in afresh next time. */
export function frameSessionAdopted(): void {
  settings.freshSignIn = false;
  setFrameSignIn({ awaiting: false, restored: frameSignIn.restored + 1 });
}

/**
 * Whether this page is signing out: its sign-out form is on its way to the gateway, which
 * answers with the issuer's sign-out page.
 */
let signingOut = false;

/**
 * The page submitted its sign-out. From now on a 401 (the session the gateway just ended, seen
 * by a call still on its way) sends nobody to sign in: that navigation would replace the one
 * to the issuer's sign-out page, the issuer would keep its session, and the learner would be
 * signed straight back in.
 */
export function startSigningOut(): void {
  signingOut = true;
}

/** Whether this page already sent the browser away to sign in (several calls fail at once). */
let leaving = false;

/**
 * When this tab last left to sign in by itself (sessionStorage: it survives the round through
 * the issuer, and is this tab's alone). A page that loads finds it and takes it away.
 */
export const SIGN_IN_ROUND_KEY = 'learner-portal:sign-in-round';

/**
 * A page that loads within this long of leaving to sign in came back from that sign-in (a
 * round with the issuer's form takes a while); an older note is of a sign-in left unfinished.
 */
const SIGN_IN_ROUND_MAX_MS = 15 * 60_000;

/**
 * A 401 `token_refused` (the platform refused the session's token, also after the gateway
 * renewed it) within this long of loading, on a page that came back from an automatic sign-in,
 * means signing in does not help: the issuer signs the learner straight back in (single
 * sign-on) and the platform refuses the new session at once. Without this stop the page would
 * go round for ever. Counted from the page's load, not from leaving, so the time spent on the
 * issuer's form does not count. Only that reason: a 401 without a session after a sign-in left
 * unfinished (the learner pressed Back on the issuer's form) signs in as usual, and so does a
 * session that ends later.
 */
export const SIGN_IN_LOOP_WINDOW_MS = 30_000;

/** When this page loaded coming back from an automatic sign-in, if it did. */
let backFromSignInAt = takeSignInRound();

function takeSignInRound(now = Date.now()): number | undefined {
  try {
    const left = Number(window.sessionStorage.getItem(SIGN_IN_ROUND_KEY));
    window.sessionStorage.removeItem(SIGN_IN_ROUND_KEY);
    return left > 0 && now - left >= 0 && now - left < SIGN_IN_ROUND_MAX_MS ? now : undefined;
  } catch {
    // Storage the browser refuses (some private modes): no loop can be detected.
    return undefined;
  }
}

/**
 * Notes that this tab leaves to sign in now. The sign-in failure page's button calls it too,
 * so its round counts like an automatic one.
 */
export function noteSignInRound(now = Date.now()): void {
  try {
    window.sessionStorage.setItem(SIGN_IN_ROUND_KEY, String(now));
  } catch {
    // Storage refused: no loop can be detected.
  }
}

/** Back to the state of a freshly loaded page (tests). */
export function resetFrameSignIn(): void {
  lastLoginUrl = '/oidc/login';
  signingOut = false;
  leaving = false;
  backFromSignInAt = takeSignInRound();
  setFrameSignIn({ awaiting: false, restored: 0 });
}

/** The sign-in failure page, with the page the learner is on for its button to return to. */
export function signInLoopPage(here: Location = window.location): string {
  return `/learn/sign-in-failed?${new URLSearchParams({ reason: 'not_accepted', redirectUrl: here.href })}`;
}

/** Whether a 401 of `reason` now is the loop of `SIGN_IN_LOOP_WINDOW_MS`. */
function signInLoops(reason: UnauthorizedReason | undefined, now = Date.now()): boolean {
  return (
    reason === 'token_refused' && backFromSignInAt !== undefined && now - backFromSignInAt < SIGN_IN_LOOP_WINDOW_MS
  );
}

/**
 * Sends the browser (or, when framed, the embedding page) to sign in again; after a round
 * that came straight back to a 401 `token_refused`, to the sign-in failure page instead (its button signs in
 * again, and that round counts as a new first one).
 */
export function handleUnauthorized(loginUrl: string, reason?: UnauthorizedReason): void {
  lastLoginUrl = loginUrl;
  if (signingOut || leaving) return;
  if (isFramed()) {
    if (settings.parentOrigins.length > 0) {
      askParentToSignIn();
      return;
    }
    try {
      // No embedding origin configured: leave the frame with a top-level navigation.
      window.top!.location.assign(withReturnTo(loginUrl));
      return;
    } catch {
      // The browser refused to navigate the top window; sign in inside the frame.
    }
  }
  leaving = true;
  if (signInLoops(reason)) {
    navigation.assign(signInLoopPage());
    return;
  }
  noteSignInRound();
  navigation.assign(withReturnTo(loginUrl));
}

function isUnauthorizedBody(body: unknown): body is Unauthorized {
  return typeof body === 'object' && body !== null && typeof (body as Unauthorized).loginUrl === 'string';
}

async function readJson(response: Response): Promise<unknown> {
  const text = await response.text();
  if (!text) return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

/**
 * Fetches `path` (same origin) with the gateway's headers and answers the response once it
 * succeeded (its body unread: streams read it themselves); 401 and other failures throw as
 * for `apiFetch`.
 */
export async function apiFetchResponse(
  path: string,
  options: RequestOptions & { headers?: Record<string, string> } = {},
): Promise<Response> {
  const headers: Record<string, string> = {
    Accept: 'application/json',
    'X-Requested-With': 'XMLHttpRequest',
    'Accept-Language': settings.locale,
    Prefer: options.prefer ?? 'respond-sync',
    ...options.headers,
  };
  if (options.body !== undefined) headers['Content-Type'] = 'application/json';
  const response = await fetch(path, {
    method: options.method ?? 'GET',
    headers,
    credentials: 'same-origin',
    body: options.body === undefined ? undefined : JSON.stringify(options.body),
    signal: options.signal,
  });
  if (response.ok) return response;
  const body = await readJson(response);
  if (response.status === 401 && isUnauthorizedBody(body)) {
    handleUnauthorized(body.loginUrl, body.reason);
    throw new UnauthorizedError(body);
  }
  throw new ApiError(response.status, body as Problem | undefined);
}

/** Fetches `path` (same origin) and returns its JSON body, typed by the caller. */
export async function apiFetch<T>(path: string, options: RequestOptions = {}): Promise<T> {
  const response = await apiFetchResponse(path, options);
  return (await readJson(response)) as T;
}
