// The one way the client talks to the gateway: same-origin fetch with the headers every
// /api/** call needs, the 401 re-login handling (spec section 8) and typed errors.
import type { Problem, Unauthorized } from './contracts/bff';

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

/** Sends the browser (or, when framed, the embedding page) to sign in again. */
export function handleUnauthorized(loginUrl: string): void {
  const target = withReturnTo(loginUrl);
  const framed = window.parent !== window;
  if (framed) {
    const parentOrigin = settings.parentOrigins[0];
    if (parentOrigin) {
      window.parent.postMessage({ type: RELOGIN_MESSAGE_TYPE, loginUrl: target }, parentOrigin);
      return;
    }
    try {
      // No embedding origin configured: leave the frame with a top-level navigation.
      window.top!.location.assign(target);
      return;
    } catch {
      // The browser refused to navigate the top window; sign in inside the frame.
    }
  }
  navigation.assign(target);
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
    handleUnauthorized(body.loginUrl);
    throw new UnauthorizedError(body);
  }
  throw new ApiError(response.status, body as Problem | undefined);
}

/** Fetches `path` (same origin) and returns its JSON body, typed by the caller. */
export async function apiFetch<T>(path: string, options: RequestOptions = {}): Promise<T> {
  const response = await apiFetchResponse(path, options);
  return (await readJson(response)) as T;
}
