// `/sign-in-failed?reason=unavailable|refused|no_cookie|not_accepted`: where the gateway sends the
// browser when a sign-in could not start or finish (the sign-in service or the platform did not
// answer for now; the sign-in was cancelled, expired or refused; the browser came back without the
// cookie set when it began, so it keeps none of this site's), and where the client goes when a
// sign-in came straight back to a 401 (`not_accepted`, with the page to return to as
// `redirectUrl`). Public: there is no session to read.
import { type MessageDescriptor, useIntl } from 'react-intl';
import { useSearchParams } from 'react-router-dom';
import { noteSignInRound } from '../../api/http';
import { LockIcon } from '../course-card/icons';
import { ErrorPage } from './ErrorPage';
import { OfflineMark } from './marks';
import { errorMessages as m } from './messages';

/** The text of each reason but `unavailable`; any other reason reads as a refused sign-in. */
const REASON_TEXTS = new Map<string | null, MessageDescriptor>([
  ['not_accepted', m.signInNotAccepted],
  ['no_cookie', m.signInNoCookie],
]);

export default function SignInFailedPage() {
  const intl = useIntl();
  const [params] = useSearchParams();
  const reason = params.get('reason');
  const unavailable = reason === 'unavailable';
  return (
    <ErrorPage
      status={unavailable ? 500 : 401}
      title={m.signInFailedTitle}
      text={unavailable ? m.signInUnavailable : (REASON_TEXTS.get(reason) ?? m.signInRefused)}
      // The title names no status, so the mark is a picture of what happened, not "401" or "500".
      art={unavailable ? <OfflineMark /> : <LockIcon size={56} />}
      // Not the 401 page's own button: that one returns to the current page, this one.
      action={
        <a
          className="button button--primary"
          href={signInUrl(params.get('redirectUrl'))}
          onClick={() => noteSignInRound()}
        >
          {intl.formatMessage(m.signIn)}
        </a>
      }
    />
  );
}

/** `/oidc/login`, returning to `back` when it is a page of this origin (the gateway checks it too). */
function signInUrl(back: string | null): string {
  if (!back) return '/oidc/login';
  try {
    if (new URL(back).origin !== window.location.origin) return '/oidc/login';
  } catch {
    return '/oidc/login';
  }
  return `/oidc/login?${new URLSearchParams({ redirectUrl: back })}`;
}
