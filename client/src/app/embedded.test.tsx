// The whole app inside a frame on another site: a lost session asks the parent, the page stays,
// and the code the parent forwards brings the data back without a reload.
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { courseCard, myCoursesView, sessionView, uiConfig } from '../test/factories';
import { renderApp } from '../test/renderApp';
import { http, HttpResponse, server } from '../test/server';

const PARENT_ORIGIN = 'https://intranet.example';
const unauthorized = { error: 'unauthorized', reason: 'expired', loginUrl: '/oidc/login' };

/**
 * A gateway whose session can end: views answer 401 while `signedIn` is false; the adopt route
 * accepts `validCode` once. Records the keywords asked for and the adopted codes.
 */
function gateway({ validCode = 'good-code', signedIn = true } = {}) {
  const state = { signedIn, keywords: [] as (string | null)[], adopted: [] as string[], sessionCalls: 0 };
  const cards = [courseCard({ name: 'Algebra basics' }), courseCard({ name: 'Botany' })];
  server.use(
    http.get('*/config-ui/config.json', () => HttpResponse.json(uiConfig({ parentOrigins: [PARENT_ORIGIN] }))),
    http.get('*/api/bff/session', () => {
      state.sessionCalls += 1;
      return state.signedIn ? HttpResponse.json(sessionView()) : HttpResponse.json(unauthorized, { status: 401 });
    }),
    http.get('*/api/bff/my-courses', ({ request }) => {
      if (!state.signedIn) return HttpResponse.json(unauthorized, { status: 401 });
      const keyword = new URL(request.url).searchParams.get('keyword');
      state.keywords.push(keyword);
      const items = cards.filter((c) => !keyword || c.name.toLowerCase().includes(keyword));
      return HttpResponse.json(myCoursesView(items, { keyword: keyword ?? '' }));
    }),
    http.post('*/api/bff/session/adopt', async ({ request }) => {
      const { code } = (await request.json()) as { code: string };
      if (code !== validCode || state.adopted.includes(code)) {
        return HttpResponse.json({ title: 'Bad Request', status: 400 }, { status: 400 });
      }
      state.adopted.push(code);
      state.signedIn = true;
      return new HttpResponse(null, { status: 204 });
    }),
  );
  return state;
}

function frameIn() {
  const parent = { postMessage: vi.fn() };
  vi.stubGlobal('parent', parent);
  return parent;
}

/** The parent forwards the code it got from the sign-in popup. */
function parentSays(parent: unknown, code: string, origin = PARENT_ORIGIN) {
  const event = new MessageEvent('message', { data: { type: 'learner-portal:session-restored', code }, origin });
  Object.defineProperty(event, 'source', { value: parent });
  window.dispatchEvent(event);
}

const reloginMessages = (parent: { postMessage: ReturnType<typeof vi.fn> }) =>
  parent.postMessage.mock.calls.filter(([data]) => (data as { type: string }).type === 'learner-portal:relogin');

describe('embedded in a frame', () => {
  it('a lost session keeps the page and the typed search; the parent’s code brings the data back', async () => {
    const parent = frameIn();
    const state = gateway();
    const { user, location } = renderApp('/learn/courses');
    const list = await screen.findByRole('list', { name: 'Courses' });
    expect(within(list).getAllByRole('listitem')).toHaveLength(2);

    state.signedIn = false;
    const search = screen.getByRole('searchbox', { name: 'Search courses' });
    await user.type(search, 'bot');

    const notice = await screen.findByRole('alert');
    expect(notice).toHaveTextContent('Your session has ended.');
    expect(reloginMessages(parent)).toEqual([
      [
        {
          type: 'learner-portal:relogin',
          loginUrl: `/oidc/login?redirectUrl=${encodeURIComponent(window.location.href)}`,
        },
        PARENT_ORIGIN,
      ],
    ]);
    const here = location();
    expect(here).toBe('/courses?keyword=bot');
    const sessionCallsBefore = state.sessionCalls;

    // From the configured origin but not from the parent window: ignored.
    parentSays({}, 'good-code');
    // From the parent window but an origin not configured: ignored.
    parentSays(parent, 'good-code', 'https://evil.example');
    parentSays(parent, 'good-code');

    await waitFor(() => expect(screen.getByRole('list', { name: 'Courses' })).toBeInTheDocument());
    await waitFor(() =>
      expect(within(screen.getByRole('list', { name: 'Courses' })).getAllByRole('listitem')).toHaveLength(1),
    );
    expect(screen.getByRole('link', { name: 'Botany' })).toBeInTheDocument();
    expect(state.adopted).toEqual(['good-code']);
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    // Same page, same typed input, and every view asked again (the session too).
    expect(location()).toBe(here);
    expect(screen.getByRole('searchbox', { name: 'Search courses' })).toBe(search);
    expect(search).toHaveValue('bot');
    expect(state.keywords.at(-1)).toBe('bot');
    expect(state.sessionCalls).toBeGreaterThan(sessionCallsBefore);
    expect(reloginMessages(parent)).toHaveLength(1);
  });

  it('a refused code changes nothing and asks the parent again', async () => {
    const parent = frameIn();
    const state = gateway();
    const { user, location } = renderApp('/learn/courses');
    await screen.findByRole('list', { name: 'Courses' });

    state.signedIn = false;
    await user.type(screen.getByRole('searchbox', { name: 'Search courses' }), 'alg');
    await screen.findByRole('alert');
    expect(reloginMessages(parent)).toHaveLength(1);
    const keywordsBefore = [...state.keywords];

    parentSays(parent, 'stale-code');

    await waitFor(() => expect(reloginMessages(parent)).toHaveLength(2));
    expect(state.adopted).toEqual([]);
    expect(state.keywords).toEqual(keywordsBefore);
    expect(screen.getByRole('alert')).toHaveTextContent('Your session has ended.');
    expect(screen.getByRole('searchbox', { name: 'Search courses' })).toHaveValue('alg');
    expect(location()).toBe('/courses?keyword=alg');
  });

  it('a first load without a session asks to sign in and waits for the parent; its button asks again', async () => {
    const parent = frameIn();
    const state = gateway({ signedIn: false });
    const { user } = renderApp('/learn/courses');

    // Nothing has ended on this page: the notice asks the learner to sign in.
    const notice = await screen.findByRole('alert');
    expect(notice).toHaveTextContent('Sign in to see your courses.');
    expect(notice).toHaveTextContent('Sign in in the window that opens; your courses then show here.');
    expect(notice).not.toHaveTextContent('Your session has ended.');
    expect(reloginMessages(parent)).toHaveLength(1);
    await user.click(await within(notice).findByRole('button', { name: 'Sign in' }));
    expect(reloginMessages(parent)).toHaveLength(2);

    parentSays(parent, 'good-code');

    expect(await screen.findByRole('heading', { level: 1, name: 'My courses' })).toBeInTheDocument();
    await waitFor(() =>
      expect(within(screen.getByRole('list', { name: 'Courses' })).getAllByRole('listitem')).toHaveLength(2),
    );
    expect(state.adopted).toEqual(['good-code']);
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('a code nobody asked for is not taken', async () => {
    const parent = frameIn();
    const state = gateway();
    renderApp('/learn/courses');
    await screen.findByRole('list', { name: 'Courses' });

    parentSays(parent, 'good-code');

    // Give the message time to be handled, had it been taken.
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(state.adopted).toEqual([]);
  });
});
