// The details page's buttons when their command fails (spec section 8): the LMS's own words, or
// the portal's text in the learner's language, never the gateway's English.
import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderApp } from '../../test/renderApp';
import { http, HttpResponse, problemAnswer, server } from '../../test/server';
import { COURSE_ID, DETAILS, detailsView, heading, serve } from './testData';

const START = `*/api/bff/courses/${COURSE_ID}/start`;
const ENROLL = `*/api/bff/courses/${COURSE_ID}/enroll`;

/** The toast of a command the LMS could not take for now (shown and announced). */
async function expectTryAgainLaterToast() {
  const text = 'The learning platform is not available right now. Please try again in a few minutes.';
  expect(await screen.findAllByText(text)).not.toHaveLength(0);
}

describe('course details: a command that fails', () => {
  it('a refused start shows the server message as a critical toast', async () => {
    serve(detailsView());
    server.use(
      http.post(START, () => problemAnswer(422, 'command_failed', { detail: 'The course is not available yet.' })),
    );
    const { user } = renderApp(DETAILS);
    await heading();
    await user.click(screen.getByRole('button', { name: 'Start' }));
    expect(await screen.findByText('The course is not available yet.')).toBeInTheDocument();
  });

  it('a failed enrolment shows the first server message', async () => {
    serve(detailsView({ buttons: ['addToMyCourses'] }));
    server.use(
      http.post(ENROLL, () =>
        problemAnswer(400, 'command_failed', {
          detail: 'Refused',
          fieldErrors: { objectiveAccessId: ['Enrolment is closed.'] },
        }),
      ),
    );
    const { user } = renderApp(DETAILS);
    await heading();
    await user.click(screen.getByRole('button', { name: 'Add to my courses' }));
    expect(await screen.findByText('Enrolment is closed.')).toBeInTheDocument();
  });

  it('an enrolment the LMS could not take for now says to try again later, not the gateway English detail', async () => {
    serve(detailsView({ buttons: ['addToMyCourses'] }));
    server.use(
      http.post(ENROLL, () =>
        problemAnswer(502, 'bad_gateway', { detail: 'The learning platform could not be reached.' }),
      ),
    );
    const { user } = renderApp(DETAILS);
    await heading();
    await user.click(screen.getByRole('button', { name: 'Add to my courses' }));
    await expectTryAgainLaterToast();
    expect(screen.queryByText('The learning platform could not be reached.')).toBeNull();
  });

  it('a start that got no answer at all says to try again later', async () => {
    serve(detailsView());
    server.use(http.post(START, () => HttpResponse.error()));
    const { user } = renderApp(DETAILS);
    await heading();
    await user.click(screen.getByRole('button', { name: 'Start' }));
    await expectTryAgainLaterToast();
  });

  it('an enrolment whose course never showed up says unknown error and goes to My courses', async () => {
    serve(detailsView({ buttons: ['addToMyCourses'] }));
    server.use(http.post(ENROLL, () => problemAnswer(504, 'enrollment_not_visible', { detail: 'Unknown error.' })));
    const { user, location } = renderApp(DETAILS);
    await heading();
    await user.click(screen.getByRole('button', { name: 'Add to my courses' }));
    expect(await screen.findAllByText('Unknown error. Please refresh the page and try again.')).not.toHaveLength(0);
    await waitFor(() => expect(location()).toBe('/courses'));
  });
});
