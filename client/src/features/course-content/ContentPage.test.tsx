import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { ActivityView, CourseTreeView, LockReason, TocStatus } from '../../api/contracts/bff';
import { stubMatchMedia } from '../../test/matchMedia';
import { renderApp } from '../../test/renderApp';
import { delay, type JsonBodyType } from 'msw';
import { failingOnce, http, HttpResponse, server } from '../../test/server';
import { detailsView } from '../course-details/testData';
import { workflowView } from './lti/testing';
import { NARROW_SHELL } from './ContentPage';
import { activityView, AW_ID, COURSE_ID, playerActivity, treeItem, treeView, WORKFLOW_ID } from './testData';
import { sentence } from '../../test/text';

const CONTENT = `/learn/courses/${COURSE_ID}/view/content`;

interface Served {
  events: Array<Record<string, unknown>>;
  commands: Array<{ url: string; body: unknown }>;
}

/** Answers the course's views; `activities` by path (a function: per request). */
function serve(
  tree: CourseTreeView | (() => CourseTreeView),
  activities: Record<string, ActivityView | (() => ActivityView)>,
): Served {
  const served: Served = { events: [], commands: [] };
  server.use(
    http.get(`*/api/bff/courses/${COURSE_ID}`, () =>
      HttpResponse.json(detailsView({ status: 'inProgress', progressPercent: 33, buttons: ['continue'] })),
    ),
    http.get(`*/api/bff/courses/${COURSE_ID}/tree`, () =>
      HttpResponse.json(typeof tree === 'function' ? tree() : tree),
    ),
    http.get(`*/api/bff/courses/${COURSE_ID}/activities/:path`, ({ params }) => {
      const view = activities[String(params.path)];
      if (!view) return HttpResponse.json({ error: 'not_found', title: 'Not found', status: 404 }, { status: 404 });
      return HttpResponse.json(typeof view === 'function' ? view() : view);
    }),
    http.post('*/api/bff/workflows/:workflow/activities/start', async ({ request }) => {
      served.commands.push({ url: request.url, body: await request.json() });
      return HttpResponse.json({ workflowId: WORKFLOW_ID, activityWorkflowIds: [AW_ID] });
    }),
    http.post('*/api/bff/workflows/:workflow/activities/finish', async ({ request }) => {
      served.commands.push({ url: request.url, body: await request.json() });
      return HttpResponse.json({ workflowId: WORKFLOW_ID, activityWorkflowIds: [AW_ID], progressPercent: 33 });
    }),
    http.post('*/api/events', async ({ request }) => {
      served.events.push((await request.json()) as Record<string, unknown>);
      return new HttpResponse(null, { status: 202 });
    }),
  );
  return served;
}

/** The gateway's answer while the LMS is unavailable. */
function unavailable() {
  return HttpResponse.json({ error: 'unavailable', title: 'Unavailable', status: 503 }, { status: 503 });
}

/** Serves `path` failing (503) on its first call, then `view()`; resolves once it failed. */
function failsOnceFirst(path: string, view: () => JsonBodyType): Promise<void> {
  const answer = failingOnce(503, view);
  let failed!: () => void;
  const done = new Promise<void>((resolve) => (failed = resolve));
  server.use(
    http.get(path, () => {
      const response = answer();
      failed();
      return response;
    }),
  );
  return done;
}

/**
 * A handler failing (503) on its first call once `before` failed (and the client had time to
 * read that answer), then answering `view()`: the shown failure is the last of an outage.
 */
function failingAfter(before: Promise<void>, view: () => JsonBodyType) {
  const answer = failingOnce(503, view);
  let calls = 0;
  return async () => {
    if (calls++ === 0) {
      await before;
      await delay(50);
    }
    return answer();
  };
}

function contents() {
  return screen.getByRole('list', { name: 'Course contents' });
}

// Whole-app renders with lazy routes and dialogs: slow on a busy machine, not stuck.
describe('course player: table of contents', () => {
  it.each<[TocStatus, string]>([
    ['comingSoon', 'Coming soon'],
    ['completed', 'Completed'],
    ['belowPassingScore', 'Below passing score'],
    ['locked', 'Locked'],
    ['optional', 'Optional, not completed'],
    ['notStarted', 'Not completed'],
  ])('an item with status %s says "%s" to screen readers', async (status, text) => {
    serve(
      treeView([
        treeItem(),
        treeItem({ activityPathId: '2', name: 'Walkthrough', status, locked: status === 'locked' }),
      ]),
      {
        '1': activityView(),
      },
    );
    renderApp(`${CONTENT}/1`);
    await screen.findByRole('heading', { level: 1, name: 'Introduction' });
    const link = within(contents()).getByRole('link', { name: new RegExp(`Walkthrough`) });
    expect(within(link).getByText(text, { selector: '.visually-hidden' })).toBeInTheDocument();
  });

  it("names each item's status and caption once", async () => {
    serve(
      treeView([
        treeItem(),
        treeItem({ activityPathId: '2', name: 'Bonus reading', optional: true, status: 'optional' }),
        treeItem({ activityPathId: '3', name: 'Extra quiz', optional: true, status: 'completed' }),
        treeItem({ activityPathId: '4', name: 'Final exam', proctored: true, locked: true, status: 'locked' }),
        treeItem({ activityPathId: '5', name: 'Upcoming video', status: 'comingSoon' }),
      ]),
      { '1': activityView() },
    );
    renderApp(`${CONTENT}/1`);
    await screen.findByRole('heading', { level: 1, name: 'Introduction' });
    // Whole names, their parts joined as jsdom joins them (without CSS, no space between spans):
    // 'Bonus reading Optional, not completed Optional' fails.
    for (const parts of [
      ['Bonus reading', 'Optional, not completed'],
      ['Extra quiz', 'Completed', 'Optional'],
      ['Final exam', 'Locked', 'Proctored'],
      ['Upcoming video', 'Coming soon'],
    ]) {
      const name = new RegExp(`^${parts.join('\\s*')}$`);
      expect(within(contents()).getByRole('link', { name })).toBeInTheDocument();
    }
  });

  it('marks the open activity with aria-current, opens sections with aria-expanded and carries the search', async () => {
    serve(
      treeView([
        treeItem({ activityPathId: '1', name: 'Module 1', kind: 'composite' }),
        treeItem({ activityPathId: '1.1', depth: 1, name: 'Welcome', status: 'completed' }),
        treeItem({ activityPathId: '1.2', depth: 1, name: 'Threat landscape' }),
        treeItem({ activityPathId: '2', name: 'Bonus reading', optional: true, status: 'optional' }),
      ]),
      { '1.2': activityView({}, { activityPathId: '1.2', name: 'Threat landscape' }) },
    );
    const { user } = renderApp(`${CONTENT}/1.2?viewType=REVIEW&utm=mail`);
    await screen.findByRole('heading', { level: 1, name: 'Threat landscape' });
    const current = within(contents()).getByRole('link', { current: 'page' });
    expect(current).toHaveTextContent('Threat landscape');
    expect(within(contents()).getByRole('link', { name: /Welcome/ })).toHaveAttribute(
      'href',
      `/learn/courses/${COURSE_ID}/view/content/1.1?viewType=REVIEW&utm=mail`,
    );
    const toggle = within(contents()).getByRole('button', { name: 'Activities of Module 1' });
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    await user.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    expect(within(contents()).queryByRole('link', { name: /Welcome/ })).not.toBeInTheDocument();
    await user.keyboard('{Enter}');
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
  });

  it('starts closed below the course-shell breakpoint and opens with its button', async () => {
    stubMatchMedia((query) => query === NARROW_SHELL);
    serve(treeView(), { '1': activityView() });
    const { user } = renderApp(`${CONTENT}/1`);
    await screen.findByRole('heading', { level: 1, name: 'Introduction' });
    const button = screen.getByRole('button', { name: 'Contents' });
    expect(button).toHaveAttribute('aria-expanded', 'false');
    expect(screen.queryByRole('list', { name: 'Course contents' })).not.toBeInTheDocument();
    await user.click(button);
    expect(button).toHaveAttribute('aria-expanded', 'true');
    expect(contents()).toBeVisible();
    // Tab moves on and leaves the panel open: no key handler closes it.
    await user.tab();
    expect(button).toHaveAttribute('aria-expanded', 'true');
  });

  it('opens the view’s open-next activity when no activity is named', async () => {
    serve(treeView(undefined, { openNext: '2' }), {
      '2': activityView({}, { activityPathId: '2', name: 'Walkthrough', kind: 'video' }),
    });
    renderApp(CONTENT);
    expect(await screen.findByRole('heading', { level: 1, name: 'Walkthrough' })).toBeInTheDocument();
  });
});

describe('course player: navigation and focus', () => {
  it.each([
    ['Next', '1', 'Walkthrough'],
    ['Previous', '2', 'Introduction'],
  ])('after %s focus goes to the new activity’s heading', async (button, from, to) => {
    serve(treeView(), {
      '1': activityView(),
      '2': activityView({}, { activityPathId: '2', name: 'Walkthrough', kind: 'video' }),
    });
    const { user } = renderApp(`${CONTENT}/${from}`);
    await screen.findByRole('heading', { level: 1 });
    await user.click(screen.getByRole('link', { name: new RegExp(`^${button}: `) }));
    const heading = await screen.findByRole('heading', { level: 1, name: to });
    await waitFor(() => expect(heading).toHaveFocus());
  });

  it('after a contents click focus goes to the new activity’s heading', async () => {
    serve(treeView(), {
      '1': activityView(),
      '3': activityView({}, { activityPathId: '3', name: 'Quiz', kind: 'lti' }),
    });
    const { user } = renderApp(`${CONTENT}/1`);
    await screen.findByRole('heading', { level: 1, name: 'Introduction' });
    await user.click(within(contents()).getByRole('link', { name: /Quiz/ }));
    const heading = await screen.findByRole('heading', { level: 1, name: 'Quiz' });
    await waitFor(() => expect(heading).toHaveFocus());
  });
});

describe('course player: after an activity is done', () => {
  it.each([
    ['a later activity', '3', 'Continue with Quiz'],
    ['the next activity, where Next goes anyway', '2', 'no Continue link'],
  ])('the course suggesting %s (path %s): %s', async (_, openNext, offered) => {
    serve(treeView(undefined, { openNext }), { '1': activityView({}, { status: 'completed' }) });
    renderApp(`${CONTENT}/1`);
    await screen.findByRole('heading', { level: 1, name: 'Introduction' });
    expect(screen.getByRole('link', { name: 'Next: Walkthrough' })).toBeInTheDocument();
    const continueLinks = screen.queryAllByRole('link', { name: /^Continue with/ });
    expect(continueLinks.map((link) => link.textContent)).toEqual(offered.startsWith('no ') ? [] : [offered]);
  });
});

describe('course player: locks and banners', () => {
  it.each<[LockReason, string]>([
    ['comingSoon', 'The activity is going to be available soon. Please come back later.'],
    ['completePrevious', 'To get access, you have to complete previous assignments.'],
    ['afterGracePeriod', 'The activity is no longer available because the “Due” date is missed.'],
    ['afterAccessibleUntil', 'The activity is no longer available.'],
    ['beforeStart', 'The activity is going to be available soon. Please come back later.'],
    ['afterStartUntil', 'The activity is no longer available because the “Available to start until” date is missed.'],
    ['reviewHidden', 'This content is not available at the moment. Please come back later or ask your administrator.'],
    ['noNewContentAfterCompletion', "You can't access new content after completing the course."],
    ['unavailable', 'This content is not available at the moment. Please come back later or ask your administrator.'],
  ])('a locked activity (%s) shows its reason instead of its content', async (lockReason, text) => {
    serve(treeView(), { '1': activityView({}, { locked: true, lockReason, canFinish: false, status: 'locked' }) });
    renderApp(`${CONTENT}/1`);
    expect(await screen.findByText(text)).toBeInTheDocument();
    expect(screen.getByText('This activity is locked')).toBeInTheDocument();
    expect(screen.queryByText('Personal data is any information about a person.')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Mark as done' })).not.toBeInTheDocument();
  });

  it('an unavailable activity shows the platform’s own reason when it gives one', async () => {
    serve(treeView(), {
      '1': activityView({}, { disabled: true, lockReason: 'unavailable', lockMessage: 'Closed for maintenance.' }),
    });
    renderApp(`${CONTENT}/1`);
    expect(await screen.findByText('Closed for maintenance.')).toBeInTheDocument();
    expect(screen.getByText('This activity is not available')).toBeInTheDocument();
  });

  it('a draft activity shows the Coming soon banner and is not started', async () => {
    const served = serve(treeView(), {
      '1': activityView({}, { banner: 'comingSoon', status: 'comingSoon', canStart: false, canFinish: false }),
    });
    renderApp(`${CONTENT}/1`);
    expect(await screen.findByText('Coming soon', { selector: '.player-notice__title' })).toBeInTheDocument();
    expect(served.commands).toEqual([]);
  });
});

describe('course player: activities', () => {
  it('starts an activity when it is opened, sends activity_start, and marks it done', async () => {
    let started = false;
    const served = serve(treeView(), {
      '1': () =>
        activityView(
          {},
          started
            ? { workflowStatus: 'inProgress', canStart: false, canFinish: true }
            : { workflowStatus: 'notStarted', activityWorkflowId: undefined, canStart: true, canFinish: false },
        ),
    });
    server.use(
      http.post('*/api/bff/workflows/:workflow/activities/start', async ({ request }) => {
        served.commands.push({ url: request.url, body: await request.json() });
        started = true;
        return HttpResponse.json({ workflowId: WORKFLOW_ID, activityWorkflowIds: [AW_ID] });
      }),
    );
    const { user } = renderApp(`${CONTENT}/1`);
    expect(await screen.findByText('Personal data is any information about a person.')).toBeInTheDocument();
    await waitFor(() => expect(served.commands[0]?.body).toEqual({ activityPathIds: ['1'] }));
    await waitFor(() =>
      expect(served.events).toContainEqual({
        name: 'activity_start',
        objectiveId: COURSE_ID,
        objectiveWorkflowId: WORKFLOW_ID,
        activityId: 'act-1',
      }),
    );
    await user.click(await screen.findByRole('button', { name: 'Mark as done' }));
    await waitFor(() => expect(served.commands[1]?.body).toEqual({ activityWorkflowIds: [AW_ID] }));
    const toast = await screen.findByText(sentence('“Introduction” is completed.'));
    // The activity's name is set apart from the sentence, so its direction cannot spill over.
    expect(toast.textContent).toContain('\u2068Introduction\u2069');
  });

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
      '1': () =>
        activityView(
          {},
          started
            ? { workflowStatus: 'inProgress', canStart: false, canFinish: true }
            : { workflowStatus: 'notStarted', activityWorkflowId: undefined, canStart: true, canFinish: false },
        ),
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

  it('shows an activity’s score in the contents and under its name, as the views give it', async () => {
    const score = { percent: 90, points: { score: 9, maxScore: 10 }, color: 'success' as const };
    serve(
      treeView([
        treeItem(),
        treeItem({ activityPathId: '2', name: 'Walkthrough', kind: 'video' }),
        treeItem({ activityPathId: '3', name: 'Quiz', kind: 'lti', status: 'completed', score }),
      ]),
      {
        '1': activityView(),
        '3': activityView(
          {},
          { activityPathId: '3', name: 'Quiz', kind: 'lti', status: 'completed', canFinish: false, score },
        ),
      },
    );
    // The Quiz is an external (LTI) activity: it reads its status from the workflow view.
    server.use(
      http.get(`*/api/bff/workflows/${WORKFLOW_ID}`, () =>
        HttpResponse.json(
          workflowView({
            workflowId: WORKFLOW_ID,
            progressPercent: 33,
            activities: [
              { activityPathId: '3', name: 'Quiz', activityWorkflowId: AW_ID, status: 'finished', proctored: false },
            ],
          }),
        ),
      ),
    );
    const { user } = renderApp(`${CONTENT}/1`);
    await screen.findByRole('heading', { level: 1, name: 'Introduction' });
    expect(within(contents()).getByRole('link', { name: /Quiz.*Score: 90%/ })).toBeInTheDocument();
    expect(within(contents()).getByRole('link', { name: /Walkthrough/ })).not.toHaveTextContent('%');
    expect(screen.queryByText('Your score')).not.toBeInTheDocument();
    await user.click(within(contents()).getByRole('link', { name: /Quiz/ }));
    await screen.findByRole('heading', { level: 1, name: 'Quiz' });
    const shown = (await screen.findByText('Your score')).closest('p')!;
    expect(shown).toHaveTextContent('Your score 90% 9 out of 10 points');
    expect(await screen.findByText('Finished')).toBeInTheDocument();
  });

  it('shows an event in the learner’s time zone with its place', async () => {
    serve(treeView(), {
      '1': activityView(
        {},
        {
          kind: 'event',
          name: 'Live Q&A',
          content: { event: { start: '2030-03-04T15:00:00Z', end: '2030-03-04T16:00:00Z', location: 'Room 4' } },
        },
      ),
    });
    renderApp(`${CONTENT}/1`);
    expect(await screen.findByText('Room 4')).toBeInTheDocument();
    // The session's time zone is Europe/London: 15:00 UTC on 4 March is 3:00 PM there.
    expect(screen.getByText(/3:00/)).toBeInTheDocument();
  });

  it('shows a module’s children as tiles in the Tiles presentation mode', async () => {
    serve(
      treeView([
        treeItem({ kind: 'composite', name: 'Module 1' }),
        treeItem({ activityPathId: '1.1', depth: 1, name: 'Welcome' }),
      ]),
      {
        '1': activityView(
          {
            presentationMode: 'tiles',
            children: [
              playerActivity({ activityPathId: '1.1', name: 'Welcome', status: 'completed', canFinish: false }),
            ],
          },
          { kind: 'composite', name: 'Module 1', canFinish: false },
        ),
      },
    );
    renderApp(`${CONTENT}/1`);
    const list = await screen.findByRole('list', { name: 'Activities of this module' });
    expect(list).toHaveClass('module-tiles');
    expect(within(list).getByRole('link', { name: /Welcome/ })).toHaveAttribute(
      'href',
      `/learn/courses/${COURSE_ID}/view/content/1.1`,
    );
  });

  it('in review mode nothing starts and Finish course is not offered', async () => {
    const served = serve(treeView(), {
      '1': activityView(
        { reviewMode: true, course: { ...activityView().course, canSubmit: false } },
        { canStart: false, canFinish: false, status: 'completed', workflowStatus: 'finished' },
      ),
    });
    renderApp(`${CONTENT}/1?viewType=REVIEW`);
    expect(await screen.findByText(/You are reviewing a finished attempt/)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Finish course' })).not.toBeInTheDocument();
    await waitFor(() =>
      expect(served.events).toContainEqual({
        name: 'course_open_for_review',
        objectiveId: COURSE_ID,
        objectiveWorkflowId: WORKFLOW_ID,
      }),
    );
    expect(served.commands).toEqual([]);
  });
});
