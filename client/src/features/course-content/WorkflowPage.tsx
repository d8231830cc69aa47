// `/courses/{objectiveId}/workflow/{workflowId}/view`: one attempt (objective workflow) of a
// course with its LTI activities, each with its status and launch.
import { FormattedDate, FormattedMessage, useIntl } from 'react-intl';
import { Link, useParams } from 'react-router-dom';
import { useWorkflowView } from '../../api/hooks';
import { LoadingState } from '../../ui/LoadingState';
import { PageHeading } from '../../ui/PageHeading';
import { ActivityStatus } from './lti/LtiActivity';
import { LtiLauncher } from './lti/LtiLauncher';
import { BackToContent, LtiPageFailed } from './lti/LtiPageParts';
import { ltiMessages } from './lti/messages';
import { statusMessage } from './lti/status';
import './lti/lti.css';

export default function WorkflowPage() {
  const { objectiveId = '', workflowId = '' } = useParams();
  const intl = useIntl();
  const view = useWorkflowView(workflowId || null);
  const back = <BackToContent objectiveId={objectiveId} />;
  if (view.error && !view.data) {
    return (
      <LtiPageFailed
        back={back}
        title={intl.formatMessage(ltiMessages.workflowTitle)}
        onRetry={() => void view.mutate()}
      />
    );
  }
  if (!view.data) return <LoadingState fullPage />;
  const w = view.data;
  const dates: [keyof typeof ltiMessages, string | undefined][] = [
    ['workflowStarted', w.started],
    ['workflowSubmitted', w.submitted],
    ['workflowFinished', w.finished],
  ];
  const review = w.status !== 'inProgress';
  return (
    <div className="lti-page">
      {back}
      <PageHeading>{intl.formatMessage(ltiMessages.workflowTitle)}</PageHeading>
      <section className="lti-panel" aria-label={intl.formatMessage(ltiMessages.workflowTitle)}>
        <dl className="lti-facts">
          <div>
            <dt>
              <FormattedMessage {...ltiMessages.statusLabel} />
            </dt>
            <dd>
              <FormattedMessage {...statusMessage[w.status]} />
            </dd>
          </div>
          {dates
            .filter(([, at]) => at)
            .map(([label, at]) => (
              <div key={label}>
                <dt>
                  <FormattedMessage {...ltiMessages[label]} />
                </dt>
                <dd>
                  <FormattedDate value={at} dateStyle="medium" timeStyle="short" />
                </dd>
              </div>
            ))}
        </dl>
        <div className="lti-progress">
          <span id="workflow-progress-label">
            <FormattedMessage {...ltiMessages.workflowProgress} />:{' '}
            {intl.formatNumber(w.progressPercent / 100, { style: 'percent' })}
          </span>
          <div
            className="lti-progress__track bar-track"
            role="progressbar"
            aria-labelledby="workflow-progress-label"
            aria-valuemin={0}
            aria-valuemax={100}
            aria-valuenow={w.progressPercent}
          >
            <div className="lti-progress__fill bar-fill" style={{ inlineSize: `${w.progressPercent}%` }} />
          </div>
        </div>
      </section>
      <section className="lti-panel" aria-labelledby="workflow-activities">
        <h2 id="workflow-activities" className="lti-activity__name">
          <FormattedMessage {...ltiMessages.workflowActivities} />
        </h2>
        {w.activities.length === 0 ? (
          <p className="lti-banner lti-banner--muted">
            <FormattedMessage {...ltiMessages.workflowNoActivities} />
          </p>
        ) : (
          <ul className="lti-list">
            {w.activities.map((a) => (
              <li key={a.activityPathId ?? 'root'} className="lti-list__item">
                <div className="lti-list__head">
                  <h3 className="lti-list__name">
                    <bdi>{a.name}</bdi>
                  </h3>
                  <ActivityStatus status={a.status ?? 'notStarted'} />
                </div>
                {a.proctored
                  ? a.activityPathId && (
                      <Link
                        className="button button--secondary"
                        to={`/courses/proctor/${encodeURIComponent(objectiveId)}/${encodeURIComponent(a.activityPathId)}`}
                      >
                        <FormattedMessage {...ltiMessages.openProctored} />
                      </Link>
                    )
                  : (!review || a.activityWorkflowId) && (
                      <LtiLauncher
                        objectiveId={objectiveId}
                        workflowId={w.workflowId}
                        activityPathId={a.activityPathId}
                        name={a.name}
                        reviewMode={review}
                        onChanged={() => void view.mutate()}
                      />
                    )}
              </li>
            ))}
          </ul>
        )}
      </section>
    </div>
  );
}
