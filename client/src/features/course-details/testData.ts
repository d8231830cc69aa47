// Test data of the course area: the details view with sensible defaults (a not-started course).
import type { CourseDetailsView } from '../../api/contracts/bff';

export const COURSE_ID = '3f1c2a9e-0000-4000-8000-000000000001';
export const WORKFLOW_ID = '3f1c2a9e-0000-4000-8000-0000000000aa';

export function detailsView(overrides: Partial<CourseDetailsView> = {}): CourseDetailsView {
  return {
    objectiveId: COURSE_ID,
    name: 'Data Privacy Basics',
    code: 'DP-101',
    description: 'Learn how personal data is collected, stored and protected in everyday work at the company.',
    collections: ['Security'],
    isMandatory: true,
    status: 'notStarted',
    progressPercent: 0,
    overdue: false,
    buttons: ['start'],
    notices: [],
    result: { gradeHidden: false },
    attempts: [],
    attemptsScoreColumn: false,
    certificates: [],
    ...overrides,
  };
}
