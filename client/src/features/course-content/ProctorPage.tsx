// `/courses/proctor/{objectiveId}/{activityPathId}?inProctoringIframe`: a proctored activity.
// Shows the proctoring session's state (1 created, 2 finished) and the in-grading rule the
// gateway decides (spec section 4 'Availability'); with an open session the learner asks for
// the start token, then launches the activity.
import { useState } from 'react';
import { Button } from 'react-aria-components';
import { FormattedMessage, useIntl } from 'react-intl';
import { useParams, useSearchParams } from 'react-router-dom';
import type { ProctoringSessionState, ProctoringStartToken } from '../../api/contracts/bff';
import { useProctoring } from '../../api/hooks';
import { keys } from '../../api/keys';
import { useCommand } from '../../api/useCommand';
import { LoadingState } from '../../ui/LoadingState';
import { PageHeading } from '../../ui/PageHeading';
import { FailureNotice } from './FailureNotice';
import { ActivityStatus } from './lti/LtiActivity';
import { LtiLauncher } from './lti/LtiLauncher';
import { BackToContent, LtiPageFailed } from './lti/LtiPageParts';
import { ltiMessages } from './lti/messages';
import './lti/lti.css';

const sessionMessage: Record<ProctoringSessionState | 'none', keyof typeof ltiMessages> = {
  none: 'sessionNone',
  created: 'sessionCreated',
  finished: 'sessionFinished',
  unknown: 'sessionUnknown',
};

export default function ProctorPage() {
  const { objectiveId = '', activityPathId = '' } = useParams();
  const [search] = useSearchParams();
  const inIframe = search.has('inProctoringIframe');
  const intl = useIntl();
  const view = useProctoring(objectiveId || null, activityPathId || null);
  const [token, setToken] = useState<ProctoringStartToken | null>(null);
  /** Starts that failed in a row; 0 once one went through. */
  const [failures, setFailures] = useState(0);
  const startToken = useCommand<ProctoringStartToken>(
    `/api/bff/courses/${encodeURIComponent(objectiveId)}/proctoring/${encodeURIComponent(activityPathId)}/start-token`,
    { revalidates: [keys.proctoring(objectiveId, activityPathId)] },
  );
  const back = inIframe ? null : <BackToContent objectiveId={objectiveId} />;
  if (view.error && !view.data) {
    return (
      <LtiPageFailed
        back={back}
        title={intl.formatMessage(ltiMessages.proctorTitle)}
        onRetry={() => void view.mutate()}
      />
    );
  }
  if (!view.data) return <LoadingState fullPage />;
  const p = view.data;
  const session = p.session ?? 'none';
  const notice = p.inGrading
    ? { text: ltiMessages.inGrading, tone: 'warning' }
    : !p.workflowId
      ? { text: ltiMessages.proctorNotStarted, tone: 'muted' }
      : p.session === 'finished'
        ? { text: ltiMessages.proctorClosed, tone: 'muted' }
        : !p.session
          ? { text: ltiMessages.proctorNoSession, tone: 'muted' }
          : null;
  /** Asks for the start token (again, from Try again); true once it came. */
  const requestToken = async (): Promise<boolean> => {
    try {
      setToken(await startToken.trigger());
      setFailures(0);
      return true;
    } catch {
      // Shown below, with what the command says from `startToken.failure`.
      setFailures((n) => n + 1);
      return false;
    }
  };
  return (
    <div className="lti-page">
      {back}
      <p className="lti-page__eyebrow">
        <bdi>{p.courseName}</bdi>
      </p>
      <PageHeading>{p.name || intl.formatMessage(ltiMessages.proctorTitle)}</PageHeading>
      {inIframe && (
        <p className="lti-page__note">
          <FormattedMessage {...ltiMessages.inProctoringIframe} />
        </p>
      )}
      <section className="lti-panel" aria-label={intl.formatMessage(ltiMessages.proctorSession)}>
        <dl className="lti-facts">
          <div>
            <dt>
              <FormattedMessage {...ltiMessages.proctorSession} />
            </dt>
            <dd className="lti-session">
              <span className={`lti-session__dot lti-session__dot--${session}`} aria-hidden="true" />
              <FormattedMessage {...ltiMessages[sessionMessage[session]]} />
            </dd>
          </div>
          <div>
            <dt>
              <FormattedMessage {...ltiMessages.statusLabel} />
            </dt>
            <dd>
              <ActivityStatus status={p.inGrading ? 'inGrading' : (p.activityStatus ?? 'notStarted')} />
            </dd>
          </div>
        </dl>
      </section>
      {notice && (
        <p className={`lti-banner lti-banner--${notice.tone}`} role="status">
          <FormattedMessage {...notice.text} />
        </p>
      )}
      {/* After a failed start, the failure's Try again (below) stands in for this button. */}
      {p.canStart && !token && failures === 0 && (
        <div>
          <Button
            className="button button--primary"
            isDisabled={startToken.isMutating}
            onPress={() => void requestToken()}
          >
            <FormattedMessage {...(startToken.isMutating ? ltiMessages.proctorStarting : ltiMessages.proctorStart)} />
          </Button>
        </div>
      )}
      <div role="alert">
        {failures > 0 && !token && (
          <FailureNotice
            className="failure-notice--command"
            what={intl.formatMessage(ltiMessages.proctorStartFailed)}
            detail={startToken.failure?.message}
            attempt={failures}
            onRetry={requestToken}
            isBusy={startToken.isMutating}
            claimFocus
          />
        )}
      </div>
      <div aria-live="polite">
        {token && (
          <p className="lti-banner">
            <FormattedMessage {...ltiMessages.proctorStarted} />
          </p>
        )}
      </div>
      {token && (
        <section className="lti-panel">
          <LtiLauncher
            objectiveId={objectiveId}
            workflowId={token.workflowId}
            activityPathId={activityPathId}
            name={p.name}
            reviewMode={false}
            onChanged={() => void view.mutate()}
          />
        </section>
      )}
    </div>
  );
}
