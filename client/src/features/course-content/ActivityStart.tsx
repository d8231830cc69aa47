// Starting the opened activity (and, on a long-read page, its children) when it is shown, and
// what the learner sees when the start failed: the spec's text (section 8) and, for a failure
// the LMS may well get over (`isTransientFailure`: 502, 503, 504 or no answer at all), a Try
// again that sends the same start once more, in place: the page is not reloaded, so nothing
// the learner did on it is lost.
import { useEffect, useEffectEvent, useRef, useState } from 'react';
import { Button } from 'react-aria-components';
import { FormattedMessage } from 'react-intl';
import type { ActivityView, PlayerActivity } from '../../api/contracts/bff';
import { isTransientFailure } from '../../api/http';
import { sendPlayerEvent } from './events';
import { uiMessages } from '../../ui/messages';
import { playerMessages } from './messages';
import { useStartActivities } from './usePlayerCommands';

/** A start that failed: for which shown activity, why, and what it asked to start. */
interface StartFailure {
  workflowId: string;
  activityPathId: string;
  error: unknown;
  activities: PlayerActivity[];
}

export interface ActivityStart {
  /** The failed start of the activity shown now, if its start failed. */
  failure: StartFailure | undefined;
  /** Sends the failed start again; true once it went through. */
  retry: () => Promise<boolean>;
  /** A start is on its way. */
  pending: boolean;
}

/** Starts the opened activity (and, on a long-read page, its children) once. */
export function useActivityStart(objectiveId: string, view: ActivityView | undefined): ActivityStart {
  const start = useStartActivities(objectiveId, view?.workflowId ?? null);
  const asked = useRef(new Set<string>());
  const [failure, setFailure] = useState<StartFailure>();

  const run = async (shown: ActivityView, activities: PlayerActivity[]): Promise<boolean> => {
    const at = { workflowId: shown.workflowId, activityPathId: shown.activity.activityPathId };
    try {
      await start.trigger({ activityPathIds: activities.map((a) => a.activityPathId) });
    } catch (error) {
      setFailure({ ...at, error, activities });
      return false;
    }
    setFailure((f) => (f?.workflowId === at.workflowId && f.activityPathId === at.activityPathId ? undefined : f));
    for (const a of activities) {
      if (a.activityId) {
        sendPlayerEvent('activity_start', {
          objectiveId,
          objectiveWorkflowId: shown.workflowId,
          activityId: a.activityId,
        });
      }
    }
    return true;
  };
  // The start command of the latest render; starting runs again only for a new view.
  const startOnOpen = useEffectEvent(run);
  useEffect(() => {
    if (!view || view.reviewMode) return;
    const longRead = view.presentationMode === 'longRead' || view.presentationMode === 'longReadWithoutActivityNames';
    const candidates = [view.activity, ...(view.activity.kind === 'composite' && longRead ? view.children : [])];
    const toStart = candidates.filter(
      (a) => a.canStart && !asked.current.has(`${view.workflowId}/${a.activityPathId}`),
    );
    if (!toStart.length) return;
    toStart.forEach((a) => asked.current.add(`${view.workflowId}/${a.activityPathId}`));
    void startOnOpen(view, toStart);
  }, [view, objectiveId]);

  // Another activity shown (the learner went on) does not show this one's failure.
  const shown =
    failure && view && failure.workflowId === view.workflowId && failure.activityPathId === view.activity.activityPathId
      ? failure
      : undefined;
  return {
    failure: shown,
    retry: () => (shown && view && !start.isMutating ? run(view, shown.activities) : Promise.resolve(false)),
    pending: start.isMutating,
  };
}

/**
 * The failed start: the spec's text, and Try again when the failure may pass. Once the start
 * went through, the notice and its button are gone, and focus, when it was on the button, goes
 * to the activity's heading rather than to the start of the document.
 */
export function StartFailedNotice({ start }: { start: ActivityStart }) {
  const notice = useRef<HTMLDivElement>(null);
  if (!start.failure) return null;
  const retry = async () => {
    const hadFocus = notice.current?.contains(document.activeElement) ?? false;
    const heading = notice.current?.closest('article')?.querySelector<HTMLElement>('h1');
    if ((await start.retry()) && hadFocus) heading?.focus();
  };
  return (
    <div ref={notice} className="player-notice player-notice--error player-notice--start" role="alert">
      <p>
        <FormattedMessage {...playerMessages.startFailed} />
      </p>
      {isTransientFailure(start.failure.error) && (
        <Button className="button button--secondary" isPending={start.pending} onPress={() => void retry()}>
          {/* The portal's one 'Try again' (a request that failed), translated in every locale. */}
          <FormattedMessage {...uiMessages.retry} />
        </Button>
      )}
    </div>
  );
}
