// Test data of the course player: a tree of Data Privacy Basics (three activities) and the
// activity view of one of them, with sensible defaults.
import type { ActivityView, CourseTreeView, PlayerActivity, TreeItem } from '../../api/contracts/bff';
import { COURSE_ID, WORKFLOW_ID } from '../course-details/testData';

export { COURSE_ID, WORKFLOW_ID };
export const AW_ID = '3f1c2a9e-0000-4000-8000-0000000000bb';

export function treeItem(overrides: Partial<TreeItem> = {}): TreeItem {
  return {
    activityId: 'act-1',
    activityPathId: '1',
    depth: 0,
    name: 'Introduction',
    kind: 'text',
    status: 'notStarted',
    locked: false,
    disabled: false,
    optional: false,
    proctored: false,
    ...overrides,
  };
}

export function treeView(items?: TreeItem[], overrides: Partial<CourseTreeView> = {}): CourseTreeView {
  return {
    objectiveId: COURSE_ID,
    workflowId: WORKFLOW_ID,
    status: 'inProgress',
    progressPercent: 0,
    gradeHidden: false,
    canContinue: true,
    items: items ?? [
      treeItem(),
      treeItem({ activityId: 'act-2', activityPathId: '2', name: 'Walkthrough', kind: 'video' }),
      treeItem({ activityId: 'act-3', activityPathId: '3', name: 'Quiz', kind: 'lti' }),
    ],
    openNext: '1',
    ...overrides,
  };
}

export function playerActivity(overrides: Partial<PlayerActivity> = {}): PlayerActivity {
  return {
    activityPathId: '1',
    activityId: 'act-1',
    name: 'Introduction',
    kind: 'text',
    collaborative: false,
    proctored: false,
    status: 'notStarted',
    locked: false,
    disabled: false,
    workflowStatus: 'inProgress',
    activityWorkflowId: AW_ID,
    canStart: false,
    canFinish: true,
    content: { html: '<p>Personal data is any information about a person.</p>' },
    ...overrides,
  };
}

export function activityView(
  overrides: Partial<ActivityView> = {},
  activity: Partial<PlayerActivity> = {},
): ActivityView {
  return {
    objectiveId: COURSE_ID,
    workflowId: WORKFLOW_ID,
    reviewMode: false,
    activity: playerActivity(activity),
    presentationMode: 'tree',
    children: [],
    finishCheck: { incompleteMandatory: 0, incompleteOptional: 0, belowPassing: 0 },
    course: {
      name: 'Data Privacy Basics',
      status: 'inProgress',
      presentationMode: 'tree',
      displayMode: 'fullscreen',
      canSubmit: true,
      canFinish: false,
      finishCheck: { incompleteMandatory: 0, incompleteOptional: 0, belowPassing: 0 },
    },
    ...overrides,
  };
}
