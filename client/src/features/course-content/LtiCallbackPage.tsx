// `/lti-tool-callback?objectiveId=...`: where an LTI tool sends the learner back. In the
// launch's iframe or window the launching page notices this page and closes it; opened on its
// own (or when the launching page is gone), it goes back to the course content.
import { useEffect } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import { LoadingState } from '../../ui/LoadingState';
import { PageHeading } from '../../ui/PageHeading';
import { ltiMessages } from './lti/messages';
import './lti/lti.css';

/** How long a launch window waits for the page that opened it before going on by itself. */
export const CALLBACK_HANDOFF_MS = 1500;

/** True when this page runs inside a frame of a page of this portal. */
function framedByPortal(): boolean {
  try {
    return window.parent !== window && window.parent.location.origin === window.location.origin;
  } catch {
    return false;
  }
}

export default function LtiCallbackPage() {
  const intl = useIntl();
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const objectiveId = params.get('objectiveId');
  const framed = framedByPortal();
  useEffect(() => {
    if (!objectiveId || framed) return undefined;
    const timer = window.setTimeout(
      () => void navigate(`/courses/${encodeURIComponent(objectiveId)}/view/content`, { replace: true }),
      CALLBACK_HANDOFF_MS,
    );
    return () => window.clearTimeout(timer);
  }, [objectiveId, framed, navigate]);
  return (
    <div className="lti-page">
      <PageHeading>{intl.formatMessage(ltiMessages.callbackTitle)}</PageHeading>
      {objectiveId ? (
        <>
          <LoadingState />
          <Link className="lti-page__back" to={`/courses/${encodeURIComponent(objectiveId)}/view/content`}>
            <FormattedMessage {...ltiMessages.backToContent} />
          </Link>
        </>
      ) : (
        <>
          <p className="lti-banner lti-banner--muted">
            <FormattedMessage {...ltiMessages.callbackMissing} />
          </p>
          <Link className="button button--primary" to="/courses">
            <FormattedMessage {...ltiMessages.toMyCourses} />
          </Link>
        </>
      )}
    </div>
  );
}
