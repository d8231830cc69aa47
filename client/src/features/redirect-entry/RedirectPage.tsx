// The redirect entry (/courses/redirect/{objectiveId} and the query-driven /courses/redirect?
// objectiveId=...): asks the gateway where the learner goes (activity, proctored activity,
// content page) and replaces this page with it. Fallbacks: the gateway answers course details
// when the course or activity is not found or never started; a bad request goes to the course
// details when a course id is known, else to My courses.
import { FormattedMessage, useIntl } from 'react-intl';
import { Navigate, useParams, useSearchParams } from 'react-router-dom';
import { ApiError } from '../../api/http';
import { useRedirect } from '../../api/hooks';
import { PlayerLoading } from '../course-content/PlayerLoading';
import { ErrorState, failureText } from '../../ui/ErrorState';
import { PageHeading } from '../../ui/PageHeading';
import { redirectMessages } from './messages';

export default function RedirectPage() {
  const intl = useIntl();
  const { objectiveId: fromPath } = useParams();
  const [search] = useSearchParams();
  const objectiveId = fromPath ?? search.get('objectiveId') ?? '';
  const params = {
    objectiveId,
    activityId: search.get('activityId'),
    activityPathId: search.get('activityPathId'),
    inProctoringIframe: search.has('inProctoringIframe') ? 'true' : undefined,
  };
  const { data, error, mutate } = useRedirect(objectiveId ? params : null);
  if (!objectiveId) return <Navigate replace to="/courses" />;
  if (data) return <Navigate replace to={data.path} />;
  if (error) {
    if (error instanceof ApiError && error.status >= 400 && error.status < 500) {
      return <Navigate replace to={`/courses/${encodeURIComponent(objectiveId)}`} />;
    }
    return (
      <section className="page page--message">
        <PageHeading>{intl.formatMessage(redirectMessages.failed)}</PageHeading>
        <ErrorState
          title={failureText(error, <FormattedMessage {...redirectMessages.failedHint} />)}
          onRetry={() => void mutate()}
        />
      </section>
    );
  }
  return (
    <section className="page page--message">
      <h1 className="visually-hidden">{intl.formatMessage(redirectMessages.opening)}</h1>
      <PlayerLoading fullPage />
    </section>
  );
}
