import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { LockReason, TocStatus } from '../../api/contracts/bff';
import { stubMatchMedia } from '../../test/matchMedia';
import { renderApp } from '../../test/renderApp';
import { http, HttpResponse, server } from '../../test/server';
import { workflowView } from './lti/testing';
import { NARROW_SHELL } from './ContentPage';
import { CONTENT, contents, serve, startableActivity } from './playerTesting';
import { activityView, AW_ID, COURSE_ID, playerActivity, treeItem, treeView, WORKFLOW_ID } from './testData';
import { sentence } from '../../test/text';

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
      '1': startableActivity(() => started),
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
