import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { http, HttpResponse, server } from '../../test/server';
import { OBJECTIVE, renderWith, WORKFLOW, workflowView } from './lti/testing';
import WorkflowPage from './WorkflowPage';

function renderPage() {
  return renderWith(<WorkflowPage />, {
    url: `/courses/${OBJECTIVE}/workflow/${WORKFLOW}/view`,
    path: '/courses/:objectiveId/workflow/:workflowId/view',
  });
}

describe('WorkflowPage', () => {
  it('shows the attempt, its progress and each LTI activity with its status and launch', async () => {
    server.use(
      http.get(`*/api/bff/workflows/${WORKFLOW}`, () =>
        HttpResponse.json(
          workflowView({
            activities: [
              { activityPathId: '3', name: 'Quiz', proctored: false, activityWorkflowId: 'aw-1', status: 'finished' },
              { activityPathId: '6', name: 'Supervised test', proctored: true },
            ],
          }),
        ),
      ),
    );
    renderPage();
    expect(await screen.findByRole('heading', { level: 1, name: 'Course attempt' })).toBeInTheDocument();
    expect(screen.getByRole('progressbar')).toHaveAttribute('aria-valuenow', '40');
    const items = screen.getAllByRole('listitem');
    expect(within(items[0]).getByRole('heading', { name: 'Quiz' })).toBeInTheDocument();
    expect(within(items[0]).getByText('Finished')).toBeInTheDocument();
    expect(within(items[0]).getByRole('button', { name: 'Launch activity' })).toBeInTheDocument();
    expect(within(items[1]).getByText('Not started')).toBeInTheDocument();
    expect(within(items[1]).getByRole('link', { name: 'Open proctored activity' })).toHaveAttribute(
      'href',
      `/courses/proctor/${OBJECTIVE}/6`,
    );
  });

  it('a finished attempt offers review of the activities it started', async () => {
    server.use(
      http.get(`*/api/bff/workflows/${WORKFLOW}`, () =>
        HttpResponse.json(
          workflowView({
            status: 'finished',
            finished: '2026-03-02T10:00:00Z',
            activities: [
              { activityPathId: '3', name: 'Quiz', proctored: false, activityWorkflowId: 'aw-1', status: 'finished' },
              { activityPathId: '4', name: 'Never opened', proctored: false },
            ],
          }),
        ),
      ),
    );
    renderPage();
    expect(await screen.findByRole('button', { name: 'Review activity' })).toBeInTheDocument();
    expect(screen.getAllByRole('button')).toHaveLength(1);
  });

  it('empty and error states', async () => {
    server.use(http.get(`*/api/bff/workflows/${WORKFLOW}`, () => HttpResponse.json(workflowView({ activities: [] }))));
    const first = renderPage();
    expect(await screen.findByText('This attempt has no external activities.')).toBeInTheDocument();
    first.unmount();
    server.use(http.get(`*/api/bff/workflows/${WORKFLOW}`, () => HttpResponse.json({ status: 500 }, { status: 500 })));
    renderPage();
    expect(await screen.findByRole('alert')).toHaveTextContent('Something went wrong');
    expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });
});
