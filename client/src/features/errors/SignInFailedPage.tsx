// `/sign-in-failed?reason=unavailable|refused`: where the gateway sends the browser when a
// sign-in could not start or finish (the sign-in service or the platform did not answer for now,
// or the sign-in was cancelled, expired or refused). Public: there is no session to read.
import { useIntl } from 'react-intl';
import { useSearchParams } from 'react-router-dom';
import { LockIcon } from '../course-card/icons';
import { ErrorPage } from './ErrorPage';
import { OfflineMark } from './marks';
import { errorMessages as m } from './messages';

export default function SignInFailedPage() {
  const intl = useIntl();
  const [params] = useSearchParams();
  const unavailable = params.get('reason') === 'unavailable';
  return (
    <ErrorPage
      status={unavailable ? 500 : 401}
      title={m.signInFailedTitle}
      text={unavailable ? m.signInUnavailable : m.signInRefused}
      // The title names no status, so the mark is a picture of what happened, not "401" or "500".
      art={unavailable ? <OfflineMark /> : <LockIcon size={56} />}
      // Not the 401 page's own button: that one returns to the current page, this one.
      action={
        <a className="button button--primary" href="/oidc/login">
          {intl.formatMessage(m.signIn)}
        </a>
      }
    />
  );
}
