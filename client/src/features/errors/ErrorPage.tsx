// The error page (spec section 8): a title and text per status (401, 403, 404, 500, 501) and one
// primary button: My courses for learner-only users, the content library for everyone else
// (spec section 6); none on the forbidden page. Inside a layout it is a section of the layout's
// <main>; alone (a crash above every layout) it is the page's <main>.
import type { ReactNode } from 'react';
import { useIntl, type MessageDescriptor } from 'react-intl';
import { Link } from 'react-router-dom';
import { useAppContextOptional } from '../../app/context';
import { useInsideMain } from '../../app/landmarks';
import { PageHeading } from '../../ui/PageHeading';
import { LockIcon } from '../course-card/icons';
import { ConeMark, NoEntryMark, WarningMark } from './marks';
import { errorMessages as m } from './messages';
import './errors.css';

export type ErrorStatus = 401 | 403 | 404 | 500 | 501;

const TITLES: Record<ErrorStatus, MessageDescriptor> = {
  401: m.title401,
  403: m.title403,
  404: m.title404,
  500: m.title500,
  501: m.title501,
};

const TEXTS: Record<ErrorStatus, MessageDescriptor> = {
  401: m.text401,
  403: m.text403,
  404: m.text404,
  500: m.textRetry,
  501: m.textRetry,
};

/** Where the content library of the platform lives. */
export const CONTENT_LIBRARY_URL = '/platform/content-library';

/** Learner-only: every role is Learner (spec section 6); unknown (no session) counts as learner-only. */
export function isLearnerOnly(roles: readonly string[] | undefined): boolean {
  return !roles || roles.every((role) => role === 'Learner');
}

interface Props {
  status: ErrorStatus;
  /** The primary button: shown unless false (the forbidden page has none). */
  primaryButton?: boolean;
  /** Replaces the status's title. */
  title?: MessageDescriptor;
  /** Replaces the status's text. */
  text?: MessageDescriptor;
  /** Replaces the primary button (reload after a failed chunk). */
  action?: ReactNode;
  /** Shown under the text (development stack). */
  details?: ReactNode;
  /** Replaces the status's round mark (see `STATUS_ART`). */
  art?: ReactNode;
}

const STATUS_ART: Record<ErrorStatus, ReactNode> = {
  401: <LockIcon size={56} />,
  403: <NoEntryMark />,
  404: <span>404</span>,
  500: <WarningMark />,
  501: <ConeMark />,
};

function StatusArt({ children }: { children: ReactNode }) {
  return (
    <div className="error-view__art" aria-hidden="true">
      {children}
    </div>
  );
}

export function ErrorPage({ status, primaryButton = true, title: titleText, text, action, details, art }: Props) {
  const intl = useIntl();
  const app = useAppContextOptional();
  const insideMain = useInsideMain();
  const learnerOnly = isLearnerOnly(app?.session.roles);
  const Landmark = insideMain ? 'section' : 'main';
  const title = intl.formatMessage(titleText ?? TITLES[status]);

  let button: ReactNode = null;
  if (action) button = action;
  else if (primaryButton && status === 401) {
    button = (
      <a
        className="button button--primary"
        href={`/oidc/login?redirectUrl=${encodeURIComponent(window.location.href)}`}
      >
        {intl.formatMessage(m.signIn)}
      </a>
    );
  } else if (primaryButton && learnerOnly) {
    button = (
      <Link className="button button--primary" to="/courses">
        {intl.formatMessage(m.toMyCourses)}
      </Link>
    );
  } else if (primaryButton) {
    button = (
      <a className="button button--primary" href={CONTENT_LIBRARY_URL}>
        {intl.formatMessage(m.toContentLibrary)}
      </a>
    );
  }

  return (
    <Landmark id={insideMain ? undefined : 'main'} tabIndex={insideMain ? undefined : -1} className="error-view">
      <StatusArt>{art ?? STATUS_ART[status]}</StatusArt>
      <PageHeading>{title}</PageHeading>
      <p className="error-view__text">{intl.formatMessage(text ?? TEXTS[status])}</p>
      {button && <div className="error-view__actions">{button}</div>}
      {details}
    </Landmark>
  );
}
