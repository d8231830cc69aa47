// Test helpers of the LTI, proctored and collaborative components: providers, a tree item and
// the gateway views they read.
import { render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ComponentType, ReactElement } from 'react';
import { IntlProvider } from 'react-intl';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { SWRConfig } from 'swr';
import { vi } from 'vitest';
import type { LtiActivityProps } from './LtiActivity';
import type {
  CollaborationView,
  CourseTreeView,
  LtiLaunch,
  ProctoringView,
  TreeItem,
  WorkflowView,
} from '../../../api/contracts/bff';

export const OBJECTIVE = 'o-dp';
export const WORKFLOW = 'w-1';

/** Renders `element` at `url` (matched by `path`) with intl, a fresh SWR cache and a router. */
export function renderWith(element: ReactElement, { url = '/', path = '*' }: { url?: string; path?: string } = {}) {
  const user = userEvent.setup();
  const utils = render(
    <IntlProvider locale="en-US" timeZone="UTC" messages={{}} onError={() => undefined}>
      <SWRConfig value={{ provider: () => new Map(), dedupingInterval: 0, shouldRetryOnError: false }}>
        <MemoryRouter initialEntries={[url]}>
          <Routes>
            <Route path={path} element={element} />
          </Routes>
        </MemoryRouter>
      </SWRConfig>
    </IntlProvider>,
  );
  return { ...utils, user };
}

export function treeItem(overrides: Partial<TreeItem> = {}): TreeItem {
  return {
    activityId: 'a-quiz',
    activityPathId: '3',
    depth: 0,
    name: 'Quiz',
    kind: 'lti',
    status: 'notStarted',
    locked: false,
    disabled: false,
    optional: false,
    proctored: false,
    ...overrides,
  };
}

export function courseTree(items: TreeItem[] = [treeItem()]): CourseTreeView {
  return {
    objectiveId: OBJECTIVE,
    workflowId: WORKFLOW,
    items,
    status: 'inProgress',
    progressPercent: 0,
    gradeHidden: false,
    canContinue: true,
  };
}

export function workflowView(overrides: Partial<WorkflowView> = {}): WorkflowView {
  return {
    workflowId: WORKFLOW,
    status: 'inProgress',
    progressPercent: 40,
    started: '2026-03-01T09:00:00Z',
    activities: [{ activityPathId: '3', name: 'Quiz', proctored: false }],
    ...overrides,
  };
}

export function ltiLaunch(overrides: Partial<LtiLaunch> = {}): LtiLaunch {
  return {
    workflowId: WORKFLOW,
    activityWorkflowId: 'aw-1',
    activityPathId: '3',
    targetLinkUri: 'https://tool.example/t/acme/lti/launch/aw-1',
    form: {
      action: 'https://tool.example/t/acme/lti/launch/aw-1',
      method: 'POST',
      fields: [
        { name: 'id_token', value: 'header.claims.signature' },
        { name: 'lti_message_type', value: 'LtiResourceLinkRequest' },
      ],
    },
    displayMode: 'embeddedAuto',
    ...overrides,
  };
}

export function proctoringView(overrides: Partial<ProctoringView> = {}): ProctoringView {
  return {
    objectiveId: OBJECTIVE,
    courseName: 'Proctored Final Exam',
    workflowId: WORKFLOW,
    activityPathId: '2',
    name: 'Final exam',
    activityWorkflowId: 'aw-exam',
    activityStatus: 'inProgress',
    session: 'created',
    inGrading: false,
    canStart: true,
    ...overrides,
  };
}

export function collaborationView(overrides: Partial<CollaborationView> = {}): CollaborationView {
  const ada = { id: 'u-ada', name: 'Ada Lovelace', email: 'ada@acme.test', role: 'member', isMe: true };
  const grace = { id: 'u-grace', name: 'Grace Hopper', email: 'grace@acme.test', role: 'leader', isMe: false };
  return {
    objectiveId: OBJECTIVE,
    workflowId: WORKFLOW,
    activityPathId: '7',
    name: 'Team assignment',
    participants: [grace, ada],
    group: { id: 'g-blue', name: 'Team Blue', status: 'inProgress', members: [grace, ada] },
    action: 'join',
    ...overrides,
  };
}

/** Renders `Activity` for `item` of a one-item course as the player does; `onChanged` is a spy. */
export function renderActivity(Activity: ComponentType<LtiActivityProps>, item: TreeItem, reviewMode = false) {
  const onChanged = vi.fn();
  const utils = renderWith(
    <Activity
      objectiveId={OBJECTIVE}
      workflowId={WORKFLOW}
      item={item}
      tree={courseTree([item])}
      reviewMode={reviewMode}
      onChanged={onChanged}
    />,
  );
  return { ...utils, onChanged };
}
