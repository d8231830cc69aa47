// The commands the player sends for one objective workflow. Each revalidates exactly what it
// changes: the course's views (details, tree, activities) under /api/bff/courses/{id}.
import type {
  FinishActivitiesRequest,
  FinishActivitiesResult,
  SaveProgressRequest,
  SaveProgressResult,
  StartActivitiesRequest,
  StartActivitiesResult,
} from '../../api/contracts/bff';
import { useCommand } from '../../api/useCommand';

const enc = encodeURIComponent;

export function courseViews(objectiveId: string) {
  return [{ prefix: `/api/bff/courses/${enc(objectiveId)}` }, { path: '/api/bff/my-courses' }] as const;
}

export function useStartActivities(objectiveId: string, workflowId: string | null) {
  return useCommand<StartActivitiesResult, StartActivitiesRequest>(
    workflowId ? `/api/bff/workflows/${enc(workflowId)}/activities/start` : null,
    { revalidates: courseViews(objectiveId) },
  );
}

export function useFinishActivities(objectiveId: string, workflowId: string | null) {
  return useCommand<FinishActivitiesResult, FinishActivitiesRequest>(
    workflowId ? `/api/bff/workflows/${enc(workflowId)}/activities/finish` : null,
    { revalidates: courseViews(objectiveId) },
  );
}

/** Saving a video's position changes nothing another view shows until the activity is done. */
export function useSaveProgress(workflowId: string | null, activityWorkflowId: string | null) {
  return useCommand<SaveProgressResult, SaveProgressRequest>(
    workflowId && activityWorkflowId
      ? `/api/bff/workflows/${enc(workflowId)}/activities/${enc(activityWorkflowId)}/progress`
      : null,
    { method: 'PUT', revalidates: [] },
  );
}
