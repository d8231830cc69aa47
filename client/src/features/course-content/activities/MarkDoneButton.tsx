// 'Mark as done': finishes the activity's running workflow; pending on the button, the outcome
// announced (toast), the course's views revalidated.
import { Button } from 'react-aria-components';
import { FormattedMessage, useIntl } from 'react-intl';
import type { PlayerActivity } from '../../../api/contracts/bff';
import { commandFailure } from '../../../api/useCommand';
import { showToast } from '../../../ui/toasts';
import { activityMessages } from '../messages';
import { useFinishActivities } from '../usePlayerCommands';
import { isolate } from '../../../i18n/isolate';

interface Props {
  objectiveId: string;
  workflowId: string;
  activity: PlayerActivity;
  onDone?: () => void;
}

export function MarkDoneButton({ objectiveId, workflowId, activity, onDone }: Props) {
  const intl = useIntl();
  const finish = useFinishActivities(objectiveId, workflowId);
  if (activity.status === 'completed' || activity.status === 'belowPassingScore') {
    return (
      <p className="activity-done" role="status">
        <svg viewBox="0 0 20 20" width="20" height="20" aria-hidden="true" focusable="false">
          <circle cx="10" cy="10" r="9" fill="currentColor" />
          <path d="m6 10.2 2.7 2.7L14.2 7.4" fill="none" stroke="#fff" strokeWidth="2" strokeLinecap="round" />
        </svg>
        <FormattedMessage {...activityMessages.done} />
      </p>
    );
  }
  if (!activity.canFinish || !activity.activityWorkflowId) return null;
  const markDone = async () => {
    try {
      await finish.trigger({ activityWorkflowIds: [activity.activityWorkflowId!] });
      showToast(intl.formatMessage(activityMessages.markedDone, { name: isolate(activity.name) }), 'success');
      onDone?.();
    } catch (error) {
      showToast(commandFailure(error, intl)?.message ?? intl.formatMessage(activityMessages.finishFailed), 'critical');
    }
  };
  return (
    <Button
      className="button button--primary activity-mark-done"
      isPending={finish.isMutating}
      onPress={() => void markDone()}
    >
      <FormattedMessage {...activityMessages.markDone} />
    </Button>
  );
}
