// The course player when a call fails: a start refused for now or for good, contents, an
// activity or the course heading failing alone or together, and each Try again asking again for
// what failed.
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderApp } from '../../test/renderApp';
import { failingOnce, http, HttpResponse, server } from '../../test/server';
import { detailsView } from '../course-details/testData';
import {
  CONTENT,
  contents,
  failingAfter,
  failsOnceFirst,
  serve,
  startableActivity,
  unavailable,
} from './playerTesting';
import { activityView, AW_ID, COURSE_ID, treeView, WORKFLOW_ID } from './testData';

// Whole-app renders with lazy routes and dialogs: slow on a busy machine, not stuck.
describe('course player: when a call fails', () => {
  it('a failed start says so with the section 8 text', async () => {
    serve(treeView(), { '1': activityView({}, { workflowStatus: 'notStarted', canStart: true, canFinish: false }) });
    server.use(
      http.post('*/api/bff/workflows/:workflow/activities/start', () =>
        HttpResponse.json({ error: 'bad_gateway', title: 'Bad gateway', status: 502 }, { status: 502 }),
      ),
    );
    renderApp(`${CONTENT}/1`);
    expect(await screen.findByText('Something went wrong. Please refresh the page.')).toBeInTheDocument();
  });

  it('a start the LMS could not take for now is sent again by Try again, without reloading the page', async () => {
    let started = false;
    const served = serve(treeView(), {
      '1': startableActivity(() => started),
    });
    server.use(
      http.post('*/api/bff/workflows/:workflow/activities/start', async ({ request }) => {
        served.commands.push({ url: request.url, body: await request.json() });
        if (served.commands.length === 1) return unavailable();
        started = true;
        return HttpResponse.json({ workflowId: WORKFLOW_ID, activityWorkflowIds: [AW_ID] });
      }),
    );
    const { user } = renderApp(`${CONTENT}/1`);
    const notice = (await screen.findByText('Something went wrong. Please refresh the page.')).closest<HTMLElement>(
      '[role="alert"]',
    )!;
    expect(screen.queryByRole('button', { name: 'Mark as done' })).toBeNull();
    await user.click(within(notice).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('button', { name: 'Mark as done' })).toBeInTheDocument();
    expect(served.commands.map((c) => c.body)).toEqual([{ activityPathIds: ['1'] }, { activityPathIds: ['1'] }]);
    expect(screen.queryByText('Something went wrong. Please refresh the page.')).toBeNull();
    // The button the learner pressed is gone: focus is on the activity's heading.
    expect(screen.getByRole('heading', { level: 1, name: 'Introduction' })).toHaveFocus();
    await waitFor(() =>
      expect(served.events).toContainEqual({
        name: 'activity_start',
        objectiveId: COURSE_ID,
        objectiveWorkflowId: WORKFLOW_ID,
        activityId: 'act-1',
      }),
    );
  });

  it('a start that failed for good offers no Try again', async () => {
    serve(treeView(), { '1': activityView({}, { workflowStatus: 'notStarted', canStart: true, canFinish: false }) });
    server.use(
      http.post('*/api/bff/workflows/:workflow/activities/start', () =>
        HttpResponse.json({ error: 'internal', title: 'Internal', status: 500 }, { status: 500 }),
      ),
    );
    renderApp(`${CONTENT}/1`);
    const notice = (await screen.findByText('Something went wrong. Please refresh the page.')).closest<HTMLElement>(
      '[role="alert"]',
    )!;
    expect(within(notice).queryByRole('button')).toBeNull();
  });

  it('an activity that cannot be loaded while the LMS is unavailable asks to try again later', async () => {
    let calls = 0;
    serve(treeView(), { '1': activityView() });
    server.use(
      http.get(`*/api/bff/courses/${COURSE_ID}/activities/:path`, () =>
        calls++ === 0
          ? HttpResponse.json({ error: 'unavailable', title: 'Unavailable', status: 503 }, { status: 503 })
          : HttpResponse.json(activityView()),
      ),
    );
    const { user } = renderApp(`${CONTENT}/1`);
    // (A toast of an earlier test may still be up: it is an alert too.)
    const alert = (await screen.findByText('Please try again in a few minutes.')).closest<HTMLElement>('.error-state');
    expect(alert).not.toBeNull();
    await user.click(within(alert!).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Introduction' })).toBeInTheDocument();
  });

  it.each([
    [503, 'We will try again in 30 seconds.'],
    [500, 'Unknown error. Please refresh the page and try again. We will try again in 30 seconds.'],
  ])('contents that cannot be loaded (%i) say so, and that they are asked again', async (status, text) => {
    serve(treeView(), { '1': activityView() });
    server.use(
      http.get(`*/api/bff/courses/${COURSE_ID}/tree`, () =>
        HttpResponse.json({ error: 'failed', title: 'Failed', status }, { status }),
      ),
    );
    renderApp(`${CONTENT}/1`);
    // The failure is the whole page: its title is the page's heading.
    const title = await screen.findByRole('heading', { level: 1, name: 'Something went wrong' });
    expect(title.closest('.error-state')).toHaveTextContent(`Something went wrong${text}Try again`);
  });

  // An outage fails every view of the page at once; only the contents' failure is shown. (SWR's
  // own retry of a failed view comes 10 s later, after these tests gave up waiting.)
  it('Try again on failed contents also asks again for the activity, which failed too', async () => {
    serve(treeView(), { '1': activityView() });
    const activityFailed = failsOnceFirst(`*/api/bff/courses/${COURSE_ID}/activities/:path`, () => activityView());
    server.use(
      http.get(
        `*/api/bff/courses/${COURSE_ID}/tree`,
        failingAfter(activityFailed, () => treeView()),
      ),
    );
    const { user } = renderApp(`${CONTENT}/1`);
    const title = await screen.findByRole('heading', { level: 1, name: 'Something went wrong' });
    await user.click(within(title.closest<HTMLElement>('.error-state')!).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('Personal data is any information about a person.')).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: 'Introduction' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Try again' })).toBeNull();
  });

  it('Try again on failed contents also asks again for the course heading, which failed too', async () => {
    serve(treeView(), { '1': activityView() });
    const headerFailed = failsOnceFirst(`*/api/bff/courses/${COURSE_ID}`, () =>
      detailsView({ status: 'inProgress', progressPercent: 33, buttons: ['continue'] }),
    );
    server.use(
      http.get(
        `*/api/bff/courses/${COURSE_ID}/tree`,
        failingAfter(headerFailed, () => treeView()),
      ),
    );
    const { user } = renderApp(`${CONTENT}/1`);
    const title = await screen.findByRole('heading', { level: 1, name: 'Something went wrong' });
    await user.click(within(title.closest<HTMLElement>('.error-state')!).getByRole('button', { name: 'Try again' }));
    await screen.findByRole('heading', { level: 1, name: 'Introduction' });
    // The course's progress comes from the heading's view (the course details).
    expect(await screen.findByRole('progressbar', { name: 'Course contents' })).toHaveAttribute('aria-valuenow', '33');
  });

  it('Try again on a failed activity also asks again for the course heading, which failed too', async () => {
    serve(treeView(), { '1': activityView() });
    const headerFailed = failsOnceFirst(`*/api/bff/courses/${COURSE_ID}`, () =>
      detailsView({ status: 'inProgress', progressPercent: 33, buttons: ['continue'] }),
    );
    server.use(
      http.get(
        `*/api/bff/courses/${COURSE_ID}/activities/:path`,
        failingAfter(headerFailed, () => activityView()),
      ),
    );
    const { user } = renderApp(`${CONTENT}/1`);
    const alert = (await screen.findByText('Please try again in a few minutes.')).closest<HTMLElement>('.error-state')!;
    await user.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('Personal data is any information about a person.')).toBeInTheDocument();
    expect(await screen.findByRole('progressbar', { name: 'Course contents' })).toHaveAttribute('aria-valuenow', '33');
  });

  it('a course heading that failed alone says where the progress goes; Try again asks again for it only', async () => {
    serve(treeView(), { '1': activityView() });
    const reads = { details: 0, tree: 0, activity: 0 };
    const details = failingOnce(503, () =>
      detailsView({ status: 'inProgress', progressPercent: 33, buttons: ['continue'] }),
    );
    server.use(
      http.get(`*/api/bff/courses/${COURSE_ID}`, () => {
        reads.details += 1;
        return details();
      }),
      http.get(`*/api/bff/courses/${COURSE_ID}/tree`, () => {
        reads.tree += 1;
        return HttpResponse.json(treeView());
      }),
      http.get(`*/api/bff/courses/${COURSE_ID}/activities/:path`, () => {
        reads.activity += 1;
        return HttpResponse.json(activityView());
      }),
    );
    const { user } = renderApp(`${CONTENT}/1`);
    // The contents and the activity are there; the progress bar of the contents is not.
    expect(await screen.findByText('Personal data is any information about a person.')).toBeInTheDocument();
    const panel = contents().closest<HTMLElement>('.toc')!;
    const notice = (await within(panel).findByText('Your course progress could not be loaded.')).closest<HTMLElement>(
      '[role="alert"]',
    )!;
    expect(within(panel).queryByRole('progressbar')).toBeNull();
    const before = { ...reads };
    await user.click(within(notice).getByRole('button', { name: 'Try again' }));
    expect(await within(panel).findByRole('progressbar', { name: 'Course contents' })).toHaveAttribute(
      'aria-valuenow',
      '33',
    );
    expect(within(panel).queryByText('Your course progress could not be loaded.')).toBeNull();
    // Only the failed view was asked again.
    expect(reads).toEqual({ ...before, details: before.details + 1 });
    // The button is gone with the notice: focus is on the contents' heading.
    expect(within(panel).getByRole('heading', { level: 2, name: 'Course contents' })).toHaveFocus();
  });

  it('a course heading that fails again keeps its notice, and its Try again is busy meanwhile', async () => {
    serve(treeView(), { '1': activityView() });
    let release: () => void = () => undefined;
    let reads = 0;
    server.use(
      http.get(`*/api/bff/courses/${COURSE_ID}`, async () => {
        reads += 1;
        if (reads > 1) await new Promise<void>((resolve) => (release = resolve));
        return unavailable();
      }),
    );
    const { user } = renderApp(`${CONTENT}/1`);
    const text = await screen.findByText('Your course progress could not be loaded.');
    const notice = text.closest<HTMLElement>('[role="alert"]')!;
    await user.click(within(notice).getByRole('button', { name: 'Try again' }));
    const busy = await within(notice).findByRole('button', { name: 'Trying again…' });
    expect(busy).toBeDisabled();
    await user.click(busy);
    await waitFor(() => expect(reads).toBe(2));
    release();
    const again = await within(notice).findByRole('button', { name: 'Try again' });
    expect(reads).toBe(2);
    expect(within(notice).getByText('Your course progress could not be loaded.')).toBeInTheDocument();
    // Focus, dropped while the button was busy, is back on it.
    expect(again).toHaveFocus();
  });
});
