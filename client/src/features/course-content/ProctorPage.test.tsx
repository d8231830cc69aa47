import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { http, HttpResponse, server } from '../../test/server';
import { OBJECTIVE, proctoringView, renderWith } from './lti/testing';
import ProctorPage from './ProctorPage';

const VIEW = `*/api/bff/courses/${OBJECTIVE}/proctoring/2`;

function renderPage(query = '') {
  return renderWith(<ProctorPage />, {
    url: `/courses/proctor/${OBJECTIVE}/2${query}`,
    path: '/courses/proctor/:objectiveId/:activityPathId',
  });
}

afterEach(() => vi.restoreAllMocks());

describe('ProctorPage', () => {
  it('open session: the start token, then the launch', async () => {
    let tokens = 0;
    server.use(
      http.get(VIEW, () => HttpResponse.json(proctoringView())),
      http.post(`${VIEW}/start-token`, () => {
        tokens += 1;
        return HttpResponse.json({
          token: 't'.repeat(32),
          workflowId: 'w-1',
          activityWorkflowId: 'aw-exam',
          expiresIn: 300,
        });
      }),
    );
    const { user } = renderPage();
    expect(await screen.findByRole('heading', { level: 1, name: 'Final exam' })).toBeInTheDocument();
    expect(screen.getByText('Proctored Final Exam')).toBeInTheDocument();
    expect(screen.getByText('Open')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to the course content' })).toHaveAttribute(
      'href',
      `/courses/${OBJECTIVE}/view/content`,
    );
    await user.click(screen.getByRole('button', { name: 'Start proctored activity' }));
    expect(await screen.findByText('The proctoring session is ready. The activity opens below.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Launch activity' })).toBeInTheDocument();
    expect(tokens).toBe(1);
  });

  it('a session that disagrees with the activity: the in-grading text', async () => {
    server.use(http.get(VIEW, () => HttpResponse.json(proctoringView({ inGrading: true }))));
    renderPage();
    expect(
      await screen.findByText('This course is being graded. You will see your result when grading is complete.'),
    ).toBeInTheDocument();
    expect(screen.getByText('In grading')).toBeInTheDocument();
  });

  it('a finished session: closed, nothing to start', async () => {
    server.use(
      http.get(VIEW, () =>
        HttpResponse.json(proctoringView({ session: 'finished', activityStatus: 'finished', canStart: false })),
      ),
    );
    renderPage();
    expect(await screen.findByText('Closed')).toBeInTheDocument();
    expect(
      screen.getByText('The proctoring session is closed. The activity cannot be opened again.'),
    ).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Start proctored activity' })).toBeNull();
  });

  it('no session yet, and a course not started', async () => {
    server.use(http.get(VIEW, () => HttpResponse.json(proctoringView({ session: undefined, canStart: false }))));
    const first = renderPage();
    expect(await screen.findByText('Not opened yet')).toBeInTheDocument();
    expect(screen.getByText(/Open the activity from the course content/)).toBeInTheDocument();
    first.unmount();
    server.use(
      http.get(VIEW, () =>
        HttpResponse.json(proctoringView({ workflowId: undefined, session: undefined, name: '', canStart: false })),
      ),
    );
    renderPage();
    expect(await screen.findByRole('heading', { level: 1, name: 'Proctored activity' })).toBeInTheDocument();
    expect(screen.getByText(/Start the course first/)).toBeInTheDocument();
  });

  it('in the proctoring iframe: no way out of the page, a note instead', async () => {
    server.use(http.get(VIEW, () => HttpResponse.json(proctoringView())));
    renderPage('?inProctoringIframe');
    expect(await screen.findByText('Shown inside the proctoring service.')).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Back to the course content' })).toBeNull();
  });

  it('a start that failed says what failed; Try again asks for the start token again, and it comes', async () => {
    let tokens = 0;
    let release: () => void = () => undefined;
    server.use(
      http.get(VIEW, () => HttpResponse.json(proctoringView())),
      http.post(`${VIEW}/start-token`, async () => {
        tokens += 1;
        if (tokens === 1) return HttpResponse.json({ title: 'Bad Gateway', status: 502 }, { status: 502 });
        await new Promise<void>((resolve) => (release = resolve));
        return HttpResponse.json({
          token: 't'.repeat(32),
          workflowId: 'w-1',
          activityWorkflowId: 'aw-exam',
          expiresIn: 300,
        });
      }),
    );
    const { user } = renderPage();
    await user.click(await screen.findByRole('button', { name: 'Start proctored activity' }));
    const notice = (await screen.findByText('The proctored activity could not be started.')).closest<HTMLElement>(
      '[role="alert"]',
    )!;
    expect(notice).toHaveTextContent(
      'The proctored activity could not be started. The learning platform is not available right now. Please try again in a few minutes.',
    );
    expect(screen.queryByRole('button', { name: 'Start proctored activity' })).toBeNull();
    await user.click(within(notice).getByRole('button', { name: 'Try again' }));
    // Busy while the start is on its way: a second press sends nothing.
    await user.click(await within(notice).findByRole('button', { name: 'Trying again…' }));
    await waitFor(() => expect(tokens).toBe(2));
    release();
    expect(await screen.findByText('The proctoring session is ready. The activity opens below.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Launch activity' })).toBeInTheDocument();
    expect(screen.queryByText('The proctored activity could not be started.')).toBeNull();
    expect(tokens).toBe(2);
  });

  it('a refused start token shows its message; a failed load shows the error with retry', async () => {
    server.use(
      http.get(VIEW, () => HttpResponse.json(proctoringView())),
      http.post(`${VIEW}/start-token`, () =>
        HttpResponse.json(
          {
            title: 'Conflict',
            status: 409,
            detail: 'The proctoring session is not open.',
            error: 'no_proctoring_session',
          },
          { status: 409, headers: { 'content-type': 'application/problem+json' } },
        ),
      ),
    );
    const { user, unmount } = renderPage();
    await user.click(await screen.findByRole('button', { name: 'Start proctored activity' }));
    expect(await screen.findByText('The proctoring session is not open.')).toBeInTheDocument();
    unmount();
    server.use(http.get(VIEW, () => HttpResponse.json({ title: 'Error', status: 500 }, { status: 500 })));
    renderPage();
    expect(await screen.findByText('Something went wrong')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });
});
