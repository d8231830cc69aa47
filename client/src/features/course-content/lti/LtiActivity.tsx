// An LTI activity of the content page: its status (from the workflow view), and the launch
// into a named iframe or a new window as the course's display mode says. A proctored activity
// links to its proctored page instead of launching here.
import { FormattedMessage, useIntl } from 'react-intl';
import { Link } from 'react-router-dom';
import type { CourseStatus, CourseTreeView, TreeItem } from '../../../api/contracts/bff';
import { useWorkflowView } from '../../../api/hooks';
import { LtiLauncher } from './LtiLauncher';
import { ltiMessages } from './messages';
import { statusMessage } from './status';
import './lti.css';

export interface LtiActivityProps {
  objectiveId: string;
  workflowId: string;
  item: TreeItem;
  tree: CourseTreeView;
  reviewMode: boolean;
  onChanged: () => void;
}

/** The status pill of an activity. */
export function ActivityStatus({ status }: { status: CourseStatus }) {
  const intl = useIntl();
  return (
    <p className="lti-status">
      <span className="visually-hidden">{intl.formatMessage(ltiMessages.statusLabel)}: </span>
      <span className={`lti-status__pill lti-status__pill--${status}`}>
        <FormattedMessage {...statusMessage[status]} />
      </span>
    </p>
  );
}

export function LtiActivity({ objectiveId, workflowId, item, reviewMode, onChanged }: LtiActivityProps) {
  const workflow = useWorkflowView(workflowId);
  const activity = workflow.data?.activities.find((a) =>
    item.activityPathId ? a.activityPathId === item.activityPathId : !a.activityPathId,
  );
  const status: CourseStatus = activity?.status ?? 'notStarted';
  const proctored = item.proctored || item.kind === 'proctored';
  return (
    <section className="lti-activity" aria-labelledby={`lti-${item.activityPathId ?? 'root'}-name`}>
      <div className="lti-activity__card">
        <p className="lti-activity__kind">
          <FormattedMessage {...ltiMessages.kind} />
        </p>
        <h2 className="lti-activity__name" id={`lti-${item.activityPathId ?? 'root'}-name`}>
          {item.name}
        </h2>
        {workflow.data && <ActivityStatus status={status} />}
        {proctored ? (
          <>
            <p className="lti-activity__intro">
              <FormattedMessage {...ltiMessages.proctored} />
            </p>
            {item.activityPathId && (
              <Link
                className="button button--primary"
                to={`/courses/proctor/${encodeURIComponent(objectiveId)}/${encodeURIComponent(item.activityPathId)}`}
              >
                <FormattedMessage {...ltiMessages.openProctored} />
              </Link>
            )}
          </>
        ) : (
          <>
            <p className="lti-activity__intro">
              <FormattedMessage {...ltiMessages.intro} />
            </p>
            {!item.locked && !item.disabled && (
              <LtiLauncher
                objectiveId={objectiveId}
                workflowId={workflowId}
                activityPathId={item.activityPathId}
                name={item.name}
                reviewMode={reviewMode}
                onChanged={onChanged}
              />
            )}
          </>
        )}
      </div>
    </section>
  );
}

export default LtiActivity;
