// Analytics events of the course area (spec section 7 'Events'), sent to the gateway's
// POST /api/events ({name, objectiveId, objectiveWorkflowId?}). Fire and forget: a failed
// event never disturbs the page.
import { apiFetch } from '../../api/http';

export type CourseEventName =
  | 'about_the_course_page_load'
  | 'course_open_for_review'
  | 'course_restart'
  | 'objective_start'
  | 'course_open_first_time';

export function sendCourseEvent(name: CourseEventName, objectiveId: string, objectiveWorkflowId?: string): void {
  const body: Record<string, string> = { name, objectiveId };
  if (objectiveWorkflowId) body.objectiveWorkflowId = objectiveWorkflowId;
  apiFetch('/api/events', { method: 'POST', body }).catch(() => undefined);
}
