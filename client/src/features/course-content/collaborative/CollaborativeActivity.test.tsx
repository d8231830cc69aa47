import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { http, HttpResponse, server } from '../../../test/server';
import { collaborationView, OBJECTIVE, renderActivity, treeItem, WORKFLOW } from '../lti/testing';
import { CollaborativeActivity } from './CollaborativeActivity';

const VIEW = `*/api/bff/courses/${OBJECTIVE}/collaboration/7`;
const item = treeItem({ activityPathId: '7', name: 'Team assignment', kind: 'collaborative' });

const renderCollaborative = (reviewMode = false) => renderActivity(CollaborativeActivity, item, reviewMode);

describe('CollaborativeActivity', () => {
  it('shows the shared group, the participants, and joins through the join prompt', async () => {
    let view = collaborationView();
    let joins = 0;
    server.use(
      http.get(VIEW, () => HttpResponse.json(view)),
      http.post(`${VIEW}/join`, () => {
        joins += 1;
        view = collaborationView({ action: 'open', status: 'inProgress', activityWorkflowId: 'aw-team' });
        return HttpResponse.json({ workflowId: WORKFLOW, activityWorkflowId: 'aw-team', groupId: 'g-blue' });
      }),
    );
    const { user, onChanged } = renderCollaborative();
    const group = await screen.findByRole('region', { name: 'Your group: Team Blue' });
    expect(within(group).getByText('Ada Lovelace', { exact: false })).toHaveTextContent('Ada Lovelace (you)');
    expect(within(group).getByText('Group leader · grace@acme.test')).toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'Participants (2)' })).toBeInTheDocument();

    const open = screen.getByRole('button', { name: 'Join group work' });
    await user.click(open);
    const dialog = await screen.findByRole('alertdialog', { name: 'Join your group’s work?' });
    expect(dialog).toHaveTextContent(
      'Team Blue has started “Team assignment”. You join the same work and share its result.',
    );
    // Cancel closes the prompt and gives focus back.
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    await waitFor(() => expect(open).toHaveFocus());
    expect(joins).toBe(0);

    await user.click(open);
    await user.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Join' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(joins).toBe(1);
    expect(onChanged).toHaveBeenCalled();
    expect(await screen.findByRole('button', { name: 'Launch activity' })).toBeInTheDocument();
    expect(screen.getAllByText('In progress')).toHaveLength(2);
  });

  it('without a started group: the start prompt', async () => {
    server.use(
      http.get(VIEW, () => HttpResponse.json(collaborationView({ group: undefined, action: 'start' }))),
      http.post(`${VIEW}/join`, () =>
        HttpResponse.json(
          {
            title: 'Bad Request',
            status: 422,
            detail: '`Team assignment` is not available now.',
            error: 'command_failed',
          },
          { status: 422, headers: { 'content-type': 'application/problem+json' } },
        ),
      ),
    );
    const { user } = renderCollaborative();
    expect(await screen.findByText('You are not in a group for this activity yet.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Start group work' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Start the group work?' });
    await user.click(within(dialog).getByRole('button', { name: 'Start' }));
    expect(await within(dialog).findByText('`Team assignment` is not available now.')).toBeInTheDocument();
  });

  it('review mode offers no prompt; a course not started says to start it', async () => {
    server.use(http.get(VIEW, () => HttpResponse.json(collaborationView())));
    const first = renderCollaborative(true);
    await screen.findByRole('region', { name: 'Your group: Team Blue' });
    expect(screen.queryByRole('button', { name: 'Join group work' })).toBeNull();
    first.unmount();
    server.use(http.get(VIEW, () => HttpResponse.json({ title: 'Not Found', status: 404 }, { status: 404 })));
    renderCollaborative();
    expect(await screen.findByText('Start the course to work on this activity with your group.')).toBeInTheDocument();
  });
});
