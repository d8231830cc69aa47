import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { EmailAnswerView } from '../../api/contracts/bff';
import { renderApp } from '../../test/renderApp';
import { http, HttpResponse, server } from '../../test/server';

const PAGE = '/learn/email-response-callback?activityId=a-1&activityPathId=1.2&answerId=b&answerText=Phishing';

function view(overrides: Partial<EmailAnswerView> = {}): EmailAnswerView {
  return {
    objectiveId: 'c-1',
    courseName: 'Cybersecurity Program',
    moduleName: 'Threat landscape',
    activityPathId: '1.2',
    answerId: 'b',
    answerText: 'Phishing',
    correct: true,
    reviewLink: '/courses/c-1/view/content/1.2?viewType=REVIEW',
    ...overrides,
  };
}

describe('email-answer page', () => {
  it.each([
    [true, 'Correct! Well done.'],
    [false, 'Not quite. Review the module and try again.'],
  ])('correct=%s says so, with the answer and a Review module button', async (correct, text) => {
    server.use(http.get('*/api/bff/email-answer', () => HttpResponse.json(view({ correct }))));
    renderApp(PAGE);
    expect(await screen.findByText(text)).toBeInTheDocument();
    expect(screen.getByText('Phishing')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Review module' })).toHaveAttribute(
      'href',
      '/learn/courses/c-1/view/content/1.2?viewType=REVIEW',
    );
  });

  it('shows Module not found when the learner has no such module', async () => {
    server.use(
      http.get('*/api/bff/email-answer', () =>
        HttpResponse.json({ error: 'not_found', title: 'Not found', status: 404 }, { status: 404 }),
      ),
    );
    renderApp(PAGE);
    expect(await screen.findByRole('heading', { level: 1, name: 'Module not found' })).toBeInTheDocument();
  });

  it.each([
    [503, 'Please try again in a few minutes.'],
    [500, 'Unknown error. Please refresh the page and try again.'],
  ])('a failed load (%i) says what to do, with a retry', async (status, text) => {
    server.use(
      http.get('*/api/bff/email-answer', () =>
        HttpResponse.json({ error: 'failed', title: 'Failed', status }, { status }),
      ),
    );
    renderApp(PAGE);
    const shown = await screen.findByText(text);
    expect(shown.closest('.error-state')).toContainElement(screen.getByRole('button', { name: 'Try again' }));
  });
});
