// The email-answer page (/email-response-callback?activityId=&activityPathId=&answerId=&answerText=):
// correct or incorrect (as the gateway's view says), the answer and its module, 'Review module';
// 'Module not found' when the learner has no such module.
import { FormattedMessage, useIntl } from 'react-intl';
import { Link, useSearchParams } from 'react-router-dom';
import { ApiError } from '../../api/http';
import { useEmailAnswer } from '../../api/hooks';
import { PlayerLoading } from '../course-content/PlayerLoading';
import { ErrorState, failureText } from '../../ui/ErrorState';
import { PageHeading } from '../../ui/PageHeading';
import { emailAnswerMessages as m } from './messages';
import './email-answer.css';

export default function EmailAnswerPage() {
  const intl = useIntl();
  const [search] = useSearchParams();
  const params = {
    activityId: search.get('activityId'),
    activityPathId: search.get('activityPathId'),
    answerId: search.get('answerId'),
    answerText: search.get('answerText'),
  };
  const { data, error, mutate } = useEmailAnswer(params);
  if (error) {
    if (error instanceof ApiError && (error.status === 404 || error.status === 400)) {
      return (
        <section className="email-answer">
          <PageHeading>{intl.formatMessage(m.notFound)}</PageHeading>
          <p>
            <FormattedMessage {...m.notFoundText} />
          </p>
          <Link className="button button--primary" to="/courses">
            <FormattedMessage {...m.backToCourses} />
          </Link>
        </section>
      );
    }
    return (
      <section className="email-answer">
        <PageHeading>{intl.formatMessage(m.title)}</PageHeading>
        <ErrorState title={failureText(error, <FormattedMessage {...m.failed} />)} onRetry={() => void mutate()} />
      </section>
    );
  }
  if (!data) return <PlayerLoading fullPage />;
  const verdict = data.correct === undefined ? 'received' : data.correct ? 'correct' : 'incorrect';
  return (
    <section className="email-answer">
      <PageHeading>{intl.formatMessage(m.title)}</PageHeading>
      <div className={`email-answer__result email-answer__result--${verdict}`} role="status">
        <svg viewBox="0 0 20 20" width="28" height="28" aria-hidden="true" focusable="false">
          <circle cx="10" cy="10" r="9" fill="currentColor" />
          {verdict === 'correct' && (
            <path d="m6 10.2 2.7 2.7L14.2 7.4" fill="none" stroke="#fff" strokeWidth="2" strokeLinecap="round" />
          )}
          {verdict === 'incorrect' && <path d="m7 7 6 6m0-6-6 6" stroke="#fff" strokeWidth="2" strokeLinecap="round" />}
          {verdict === 'received' && (
            <path d="M10 5.5V10l3 2" fill="none" stroke="#fff" strokeWidth="2" strokeLinecap="round" />
          )}
        </svg>
        <p>
          <FormattedMessage {...m[verdict]} />
        </p>
      </div>
      <dl className="email-answer__facts">
        {data.answerText && (
          <div>
            <dt>
              <FormattedMessage {...m.answer} />
            </dt>
            <dd>{data.answerText}</dd>
          </div>
        )}
        <div>
          <dt>
            <FormattedMessage {...m.module} />
          </dt>
          <dd>{data.moduleName}</dd>
        </div>
        <div>
          <dt>
            <FormattedMessage {...m.course} />
          </dt>
          <dd>
            <bdi>{data.courseName}</bdi>
          </dd>
        </div>
      </dl>
      <Link className="button button--primary" to={data.reviewLink}>
        <FormattedMessage {...m.review} />
      </Link>
    </section>
  );
}
