import { act, renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import useSWR, { SWRConfig } from 'swr';
import { createIntl, IntlProvider } from 'react-intl';
import { describe, expect, it, vi } from 'vitest';
import { http, HttpResponse, server } from '../test/server';
import { fetchKey } from './hooks';
import { ApiError } from './http';
import { keys, keyUrl } from './keys';
import { commandFailure, useCommand } from './useCommand';

function wrapper({ children }: { children: ReactNode }) {
  return (
    <IntlProvider locale="en-US" defaultLocale="en-US">
      <SWRConfig value={{ provider: () => new Map(), dedupingInterval: 0 }}>{children}</SWRConfig>
    </IntlProvider>
  );
}

describe('keys', () => {
  it('leave empty parameters out and join lists with commas', () => {
    expect(keyUrl(keys.myCourses({ keyword: '', collection: ['a', 'b'], courseProgress: [], take: 20 }))).toBe(
      '/api/bff/my-courses?collection=a%2Cb&take=20',
    );
    expect(keyUrl(keys.courseDetails('x/y'))).toBe('/api/bff/courses/x%2Fy');
  });
});

describe('useCommand', () => {
  it('sends Prefer and the body, then revalidates exactly the keys it names', async () => {
    const hits = { courses: 0, catalog: 0, profile: 0 };
    let prefer: string | null = null;
    let body: unknown;
    server.use(
      http.get('*/api/bff/my-courses', () => {
        hits.courses += 1;
        return HttpResponse.json({ n: hits.courses });
      }),
      http.get('*/api/bff/catalog', () => {
        hits.catalog += 1;
        return HttpResponse.json({ n: hits.catalog });
      }),
      http.get('*/api/bff/profile', () => {
        hits.profile += 1;
        return HttpResponse.json({ n: hits.profile });
      }),
      http.post('*/api/bff/courses/c1/enroll', async ({ request }) => {
        prefer = request.headers.get('Prefer');
        body = await request.json();
        return HttpResponse.json({ ok: true });
      }),
    );
    const { result } = renderHook(
      () => {
        const courses = useSWR(keys.myCourses({ keyword: 'a' }), fetchKey);
        const catalog = useSWR(keys.catalog({}), fetchKey);
        const profile = useSWR(keys.profile(), fetchKey);
        const enroll = useCommand<{ ok: boolean }>('/api/bff/courses/c1/enroll', {
          prefer: 'respond-async',
          revalidates: [{ path: '/api/bff/my-courses' }, { path: '/api/bff/catalog' }],
        });
        return { courses, catalog, profile, enroll };
      },
      { wrapper },
    );
    await waitFor(() => expect(result.current.profile.data).toBeDefined());
    await waitFor(() => expect(result.current.catalog.data).toBeDefined());

    await act(async () => {
      await result.current.enroll.trigger({ reason: 'test' });
    });

    expect(prefer).toBe('respond-async');
    expect(body).toEqual({ reason: 'test' });
    await waitFor(() => expect(hits.courses).toBe(2));
    expect(hits.catalog).toBe(2);
    expect(hits.profile).toBe(1);
  });

  it('maps a problem body to field errors and the first real message', async () => {
    server.use(
      http.post('*/api/bff/workflows/w1/submit', () =>
        HttpResponse.json(
          {
            error: 'command_failed',
            title: 'Server accepted command but encountered errors.',
            status: 422,
            fieldErrors: { id: [' ', 'The workflow was already submitted.'], other: ['Second'] },
          },
          { status: 422, headers: { 'Content-Type': 'application/problem+json' } },
        ),
      ),
    );
    const { result } = renderHook(() => useCommand('/api/bff/workflows/w1/submit'), { wrapper });

    await act(async () => {
      await expect(result.current.trigger()).rejects.toThrow();
    });

    await waitFor(() => expect(result.current.failure?.status).toBe(422));
    expect(result.current.failure?.message).toBe('The workflow was already submitted.');
    expect(result.current.failure?.fieldErrors.other).toEqual(['Second']);
  });
});

describe('commandFailure', () => {
  const UNAVAILABLE = 'The learning platform is not available right now. Please try again in a few minutes.';
  const intl = createIntl({ locale: 'en-US', defaultLocale: 'en-US' });
  const problem = (status: number, error: string, detail: string) =>
    new ApiError(status, { error, title: 'Title', status, detail });

  it.each([
    ['the LMS unreachable', problem(502, 'bad_gateway', 'The learning platform could not be reached.')],
    ['the LMS too slow', problem(504, 'upstream_timeout', 'The learning platform did not answer in time.')],
    ['a dependency unavailable', problem(503, 'unavailable', 'The service is unavailable; please try again shortly.')],
    ['no answer at all', new TypeError('Failed to fetch')],
  ])('%s: says to try again later, in the learner language', (_, error) => {
    expect(commandFailure(error, intl)?.message).toBe(UNAVAILABLE);
  });

  it('no answer because the device is offline: says so, and to try again once back online', () => {
    const onLine = vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    try {
      expect(commandFailure(new TypeError('Failed to fetch'), intl)).toEqual({
        status: 0,
        fieldErrors: {},
        message: 'You are offline. Please try again once you are back online.',
      });
      // A 503 while offline came from somewhere on the way: the LMS wording stays.
      expect(commandFailure(problem(503, 'unavailable', 'x'), intl)?.message).toBe(UNAVAILABLE);
    } finally {
      onLine.mockRestore();
    }
  });

  it.each([
    ['Time over!', problem(504, 'time_over', 'Time over!')],
    ['the enrolment not visible yet', problem(504, 'enrollment_not_visible', 'Unknown error.')],
  ])('%s: a command outcome, not the LMS unavailable, is left to the caller to say', (_, error) => {
    expect(commandFailure(error, intl)).toMatchObject({ status: 504, message: undefined });
  });

  it('the LMS own words come first, even on a 5xx', () => {
    const error = new ApiError(502, {
      error: 'command_failed',
      title: 'Bad Gateway',
      status: 502,
      fieldErrors: { id: ['The workflow is locked.'] },
    });
    expect(commandFailure(error, intl)?.message).toBe('The workflow is locked.');
  });

  it('a failure with no detail leaves the text to the caller, never the status reason phrase', () => {
    const internal = new ApiError(500, { error: 'internal', title: 'Internal Server Error', status: 500 });
    expect(commandFailure(internal, intl)).toMatchObject({ status: 500, message: undefined });
  });

  it('shows the LMS words, never an English text of the gateway; anything else is not a command failure', () => {
    expect(commandFailure(problem(422, 'command_failed', 'Enrolment is closed.'), intl)?.message).toBe(
      'Enrolment is closed.',
    );
    for (const [status, code, detail] of [
      [422, 'service_refused', 'The message could not be posted.'],
      [403, 'forbidden', 'The learning platform refused this request.'],
    ] as const) {
      expect(commandFailure(problem(status, code, detail), intl), code).toMatchObject({ status, message: undefined });
    }
    // Too many at once: said in the learner's words, not the gateway's limit.
    expect(
      commandFailure(problem(429, 'too_many_requests', 'At most 8 requests of one session are served at once.'), intl),
    ).toMatchObject({ status: 429, message: 'Too many requests at once. Please wait a moment and try again.' });
    expect(commandFailure(new Error('bug'), intl)).toBeUndefined();
  });
});
