import { act, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { ActivityView, StartResult } from '../../../api/contracts/bff';
import { renderApp } from '../../../test/renderApp';
import { toastQueue } from '../../../ui/toasts';
import { http, HttpResponse, server } from '../../../test/server';
import { detailsView } from '../../course-details/testData';
import { activityView, AW_ID, COURSE_ID, playerActivity, treeItem, treeView, WORKFLOW_ID } from '../testData';

const CONTENT = `/learn/courses/${COURSE_ID}/view/content/1`;
const PROMPT = 'If you choose submit, you will submit your results and will not be able to resume.';

interface Calls {
  submit: number;
  finish: number;
  workflowReads: number;
  finishedActivities: unknown[];
}

/** The player's views plus the submit and finish commands as each test wants them. */
function serve(
  view: ActivityView,
  answers: { submit?: () => Response; workflowStatus?: string; finish?: () => Response } = {},
): Calls {
  const calls: Calls = { submit: 0, finish: 0, workflowReads: 0, finishedActivities: [] };
  let finished = false;
  server.use(
    http.get(`*/api/bff/courses/${COURSE_ID}`, () =>
      HttpResponse.json(
        finished
          ? detailsView({
              status: 'finished',
              progressPercent: 100,
              buttons: ['retake', 'review'],
              result: { gradeHidden: false, grade: 'B', passed: true, score: { percent: 84, color: 'success' } },
              certificates: [{ certificateNumber: 'CERT-42', expired: false }],
            })
          : detailsView({ status: 'inProgress', buttons: ['continue'] }),
      ),
    ),
    http.get(`*/api/bff/courses/${COURSE_ID}/tree`, () => HttpResponse.json(treeView())),
    http.get(`*/api/bff/courses/${COURSE_ID}/activities/:path`, () => HttpResponse.json(view)),
    http.post('*/api/events', () => new HttpResponse(null, { status: 202 })),
    http.post(`*/api/bff/workflows/${WORKFLOW_ID}/submit`, () => {
      calls.submit += 1;
      return answers.submit ? answers.submit() : HttpResponse.json({ workflowId: WORKFLOW_ID, state: 2 });
    }),
    http.post(`*/api/bff/workflows/${WORKFLOW_ID}/finish`, () => {
      calls.finish += 1;
      if (answers.finish) return answers.finish();
      finished = true;
      return HttpResponse.json({ workflowId: WORKFLOW_ID, certificateIssued: true });
    }),
    http.post(`*/api/bff/workflows/${WORKFLOW_ID}/activities/finish`, async ({ request }) => {
      calls.finishedActivities.push(await request.json());
      return HttpResponse.json({ workflowId: WORKFLOW_ID, activityWorkflowIds: [AW_ID], progressPercent: 50 });
    }),
    http.get(`*/api/bff/workflows/${WORKFLOW_ID}`, () => {
      calls.workflowReads += 1;
      return HttpResponse.json({
        workflowId: WORKFLOW_ID,
        status: answers.workflowStatus ?? 'inProgress',
        progressPercent: 100,
        activities: [],
      });
    }),
  );
  return calls;
}

const open = { incompleteMandatory: 2, incompleteOptional: 1, belowPassing: 1 };

/** Finishes the course through the submit prompt; resolves with the result panel. */
async function finishCourse(user: ReturnType<typeof renderApp>['user']): Promise<HTMLElement> {
  await user.click(await screen.findByRole('button', { name: 'Finish course' }));
  await user.click(
    within(await screen.findByRole('alertdialog', { name: 'Submit your results?' })).getByRole('button', {
      name: 'Submit',
    }),
  );
  return (await screen.findByRole('heading', { name: 'Course finished' })).closest<HTMLElement>('section')!;
}

/** The gateway's answer while the LMS is unavailable. */
function unavailable() {
  return HttpResponse.json({ error: 'unavailable', title: 'Unavailable', status: 503 }, { status: 503 });
}

/** The start of a new attempt, answered with the course details page as where to go. */
function started(): StartResult {
  return {
    objectiveId: COURSE_ID,
    workflowId: 'w-2',
    newWorkflow: true,
    enrolled: false,
    activityWorkflowIds: [],
    destination: 'reloadCourse',
    url: `/courses/${COURSE_ID}`,
  };
}

// Whole-app renders with lazy routes and dialogs: slow on a busy machine, not stuck.
// Toasts live in one queue for the whole page; a test starts without the last one's. Closing
// them updates the region, which is still mounted here (the cleanup comes after this hook).
afterEach(() => act(() => toastQueue.visibleToasts.forEach((toast) => toastQueue.close(toast.key))));

describe('course player: finish dialogs and the submit flow', () => {
  it('the course finish dialog names what is open; Keep learning sends nothing', async () => {
    const calls = serve(activityView({ course: { ...activityView().course, finishCheck: open } }));
    const { user } = renderApp(CONTENT);
    await user.click(await screen.findByRole('button', { name: 'Finish course' }));
    const dialog = await screen.findByRole('dialog', { name: 'Finish the course?' });
    expect(within(dialog).getByText('2 mandatory activities are not completed.')).toBeInTheDocument();
    expect(within(dialog).getByText('1 optional activity is not completed.')).toBeInTheDocument();
    expect(
      within(dialog).getByText('1 activity is below the passing score. You can still improve your score.'),
    ).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Keep learning' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    // The dialog gives focus back once it has gone (react-aria restores it after the exit).
    await waitFor(() => expect(screen.getByRole('button', { name: 'Finish course' })).toHaveFocus());
    expect(calls.submit).toBe(0);
  });

  it('Finish anyway, then the submit prompt, submits, finishes and shows grade and certificate', async () => {
    const calls = serve(activityView({ course: { ...activityView().course, finishCheck: open } }));
    const { user } = renderApp(CONTENT);
    await user.click(await screen.findByRole('button', { name: 'Finish course' }));
    await user.click(await screen.findByRole('button', { name: 'Finish anyway' }));
    const prompt = await screen.findByRole('alertdialog', { name: 'Submit your results?' });
    expect(within(prompt).getByText(PROMPT)).toBeInTheDocument();
    await waitFor(() => expect(within(prompt).getByRole('button', { name: 'Cancel' })).toHaveFocus());
    await user.click(within(prompt).getByRole('button', { name: 'Submit' }));
    expect(await screen.findByRole('heading', { name: 'Course finished' })).toBeInTheDocument();
    expect(await screen.findByText('B')).toBeInTheDocument();
    expect(screen.getByText('Passed')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'View your certificate' })).toHaveAttribute(
      'href',
      `/learn/courses/${COURSE_ID}/certificate/CERT-42`,
    );
    expect(screen.getByRole('button', { name: 'Start again' })).toBeInTheDocument();
    expect(await screen.findByText('The course has been successfully finished')).toBeInTheDocument();
    expect(calls).toMatchObject({ submit: 1, finish: 1 });
  });

  it('without open activities the submit prompt comes at once; Cancel sends nothing', async () => {
    const calls = serve(activityView());
    const { user } = renderApp(CONTENT);
    await user.click(await screen.findByRole('button', { name: 'Finish course' }));
    const prompt = await screen.findByRole('alertdialog', { name: 'Submit your results?' });
    await user.click(within(prompt).getByRole('button', { name: 'Cancel' }));
    await waitFor(() =>
      expect(screen.queryByRole('alertdialog', { name: 'Submit your results?' })).not.toBeInTheDocument(),
    );
    expect(calls.submit).toBe(0);
  });

  it('shows the waiting state while the submit polls, then Time over! and a check that reads the workflow', async () => {
    let release: () => void = () => undefined;
    const calls = serve(activityView(), {
      submit: () =>
        HttpResponse.json(
          { error: 'time_over', title: 'Gateway timeout', status: 504, detail: 'Time over!' },
          { status: 504 },
        ),
    });
    server.use(
      http.post(`*/api/bff/workflows/${WORKFLOW_ID}/submit`, async () => {
        calls.submit += 1;
        await new Promise<void>((resolve) => {
          release = resolve;
        });
        return HttpResponse.json(
          { error: 'time_over', title: 'Gateway timeout', status: 504, detail: 'Time over!' },
          { status: 504 },
        );
      }),
    );
    const { user } = renderApp(CONTENT);
    await user.click(await screen.findByRole('button', { name: 'Finish course' }));
    await user.click(
      within(await screen.findByRole('alertdialog', { name: 'Submit your results?' })).getByRole('button', {
        name: 'Submit',
      }),
    );
    expect(await screen.findByText('Submitting your results… This can take up to a minute.')).toBeInTheDocument();
    release();
    expect(await screen.findByRole('heading', { name: 'Time over!' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Check again' }));
    await waitFor(() => expect(calls.workflowReads).toBe(1));
    expect(await screen.findByRole('heading', { name: 'Time over!' })).toBeInTheDocument();
    expect(calls.submit).toBe(1);
  });

  it('a submit whose answer was lost is reconciled by reading the workflow, never sent twice', async () => {
    const calls = serve(activityView(), {
      submit: () => HttpResponse.json({ error: 'bad_gateway', title: 'Bad gateway', status: 502 }, { status: 502 }),
      workflowStatus: 'submitted',
    });
    const { user } = renderApp(CONTENT);
    await user.click(await screen.findByRole('button', { name: 'Finish course' }));
    await user.click(
      within(await screen.findByRole('alertdialog', { name: 'Submit your results?' })).getByRole('button', {
        name: 'Submit',
      }),
    );
    expect(await screen.findByRole('heading', { name: 'Course finished' })).toBeInTheDocument();
    expect(await screen.findByText('The course has been successfully finished')).toBeInTheDocument();
    expect(calls).toMatchObject({ submit: 1, workflowReads: 1, finish: 1 });
  });

  it('a submit that goes to grading says so and does not finish', async () => {
    const calls = serve(activityView(), { submit: () => HttpResponse.json({ workflowId: WORKFLOW_ID, state: 3 }) });
    const { user } = renderApp(CONTENT);
    await user.click(await screen.findByRole('button', { name: 'Finish course' }));
    await user.click(
      within(await screen.findByRole('alertdialog', { name: 'Submit your results?' })).getByRole('button', {
        name: 'Submit',
      }),
    );
    expect(await screen.findByRole('heading', { name: 'Your results are being graded' })).toBeInTheDocument();
    expect(calls.finish).toBe(0);
  });

  it('the module finish dialog warns, then finishes the module’s running activities', async () => {
    const calls = serve(
      activityView(
        {
          finishCheck: { incompleteMandatory: 1, incompleteOptional: 0, belowPassing: 0 },
          children: [
            playerActivity({ activityPathId: '1.1', name: 'Welcome', activityWorkflowId: AW_ID, canFinish: true }),
            playerActivity({ activityPathId: '1.2', name: 'Lab', activityWorkflowId: undefined, canFinish: false }),
          ],
        },
        { kind: 'composite', name: 'Module 1', canFinish: false },
      ),
    );
    server.use(
      http.get(`*/api/bff/courses/${COURSE_ID}/tree`, () =>
        HttpResponse.json(
          treeView([
            treeItem({ kind: 'composite', name: 'Module 1' }),
            treeItem({ activityPathId: '1.1', depth: 1, name: 'Welcome' }),
          ]),
        ),
      ),
    );
    const { user } = renderApp(CONTENT);
    await user.click(await screen.findByRole('button', { name: 'Finish module' }));
    const dialog = await screen.findByRole('dialog', { name: 'Finish the module?' });
    expect(within(dialog).getByText('1 mandatory activity is not completed.')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Finish anyway' }));
    await waitFor(() => expect(calls.finishedActivities).toEqual([{ activityWorkflowIds: [AW_ID] }]));
    expect(await screen.findByText('The module is finished.')).toBeInTheDocument();
  });
});

describe('course player: the result and Start again, when they fail', () => {
  it('a result the course view could not give is said where it goes; Try again reads that view again', async () => {
    serve(activityView());
    let detailsUp = false;
    server.use(
      http.get(`*/api/bff/courses/${COURSE_ID}`, () =>
        detailsUp
          ? HttpResponse.json(
              detailsView({
                status: 'finished',
                progressPercent: 100,
                buttons: ['retake', 'review'],
                result: { gradeHidden: false, grade: 'B', passed: true, score: { percent: 84, color: 'success' } },
              }),
            )
          : unavailable(),
      ),
    );
    const { user } = renderApp(CONTENT);
    const panel = await finishCourse(user);
    const notice = (await within(panel).findByText('Your course result could not be loaded.')).closest<HTMLElement>(
      '[role="alert"]',
    )!;
    expect(within(panel).queryByText('Passed')).toBeNull();
    detailsUp = true;
    await user.click(within(notice).getByRole('button', { name: 'Try again' }));
    expect(await within(panel).findByText('Passed')).toBeInTheDocument();
    expect(within(panel).getByText('B')).toBeInTheDocument();
    expect(within(panel).queryByText('Your course result could not be loaded.')).toBeNull();
    expect(within(panel).getByRole('heading', { name: 'Course finished' })).toHaveFocus();
  });

  it('a Start again that failed says so in place; Try again starts the new attempt once more, and it goes', async () => {
    serve(activityView());
    let starts = 0;
    let release: () => void = () => undefined;
    server.use(
      http.post(`*/api/bff/courses/${COURSE_ID}/start`, async () => {
        starts += 1;
        if (starts === 1) return unavailable();
        await new Promise<void>((resolve) => (release = resolve));
        return HttpResponse.json(started());
      }),
    );
    const { user } = renderApp(CONTENT);
    const panel = await finishCourse(user);
    await user.click(await within(panel).findByRole('button', { name: 'Start again' }));
    const text = await within(panel).findByText('A new attempt could not be started.');
    const notice = text.closest<HTMLElement>('[role="alert"]')!;
    // What the command said, and Try again in place of the button that failed, with the focus.
    expect(notice).toHaveTextContent(
      'A new attempt could not be started. The learning platform is not available right now. Please try again in a few minutes.',
    );
    expect(within(panel).queryByRole('button', { name: 'Start again' })).toBeNull();
    expect(toastQueue.visibleToasts.filter((t) => t.content.variant === 'critical')).toEqual([]);
    const retry = within(notice).getByRole('button', { name: 'Try again' });
    await waitFor(() => expect(retry).toHaveFocus());
    await user.click(retry);
    // Busy while it is on its way: a second press sends nothing.
    const busy = await within(notice).findByRole('button', { name: 'Trying again…' });
    await user.click(busy);
    await waitFor(() => expect(starts).toBe(2));
    release();
    expect(await screen.findByRole('heading', { level: 1, name: 'Data Privacy Basics' })).toBeInTheDocument();
    expect(starts).toBe(2);
  });
});
