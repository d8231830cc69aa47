// Analytics events of the course player (spec section 7 'Events'), sent to the gateway's
// POST /api/events. Fire and forget: a failed event never disturbs the player.
import { apiFetch } from '../../api/http';

export type PlayerEventName =
  'course_open_for_review' | 'course_open_first_time' | 'objective_start' | 'activity_start' | 'course_restart';

interface EventFields {
  objectiveId: string;
  objectiveWorkflowId?: string;
  activityId?: string;
}

export function sendPlayerEvent(name: PlayerEventName, fields: EventFields): void {
  const body: Record<string, string> = { name, objectiveId: fields.objectiveId };
  if (fields.objectiveWorkflowId) body.objectiveWorkflowId = fields.objectiveWorkflowId;
  if (fields.activityId) body.activityId = fields.activityId;
  apiFetch('/api/events', { method: 'POST', body }).catch(() => undefined);
}

const OPENED_KEY = 'lp.player.opened';

/** True the first time this browser opens the content of `workflowId` (remembered locally). */
export function firstOpening(workflowId: string): boolean {
  try {
    const stored: unknown = JSON.parse(window.localStorage.getItem(OPENED_KEY) ?? '[]');
    const opened = Array.isArray(stored) ? stored.filter((id): id is string => typeof id === 'string') : [];
    if (opened.includes(workflowId)) return false;
    window.localStorage.setItem(OPENED_KEY, JSON.stringify([...opened.slice(-199), workflowId]));
    return true;
  } catch {
    return false;
  }
}
