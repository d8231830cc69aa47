import type { ReactNode } from 'react';
import { FormattedMessage } from 'react-intl';
import { isTransientFailure } from '../api/http';
import { uiMessages } from './messages';
import { PageHeading } from './PageHeading';

interface Props {
  title: ReactNode;
  description?: ReactNode;
  /** The error of the failed load: when it is transient (the LMS unavailable for now, or no
   * answer at all), the text asks to try again in a few minutes instead of `description`. */
  cause?: unknown;
  /** The failure is all the page shows: `title` is then the page's heading (its h1, focused on
   * arrival and named in the document's title, as on every other page) instead of a paragraph. */
  page?: boolean;
  onRetry?: () => void;
}

/**
 * What to tell the learner about a failed load: to try again in a few minutes when `cause` is
 * transient (the LMS unavailable for now, or no answer at all), else the page's own `text`.
 */
export function failureText(cause: unknown, text: ReactNode): ReactNode {
  return isTransientFailure(cause) ? <FormattedMessage {...uiMessages.tryAgainLater} /> : text;
}

/** A failed load: what happened and a retry button. */
export function ErrorState({ title, description, cause, page, onRetry }: Props) {
  const text = failureText(cause, description);
  return (
    <div role="alert" className="error-state">
      {page ? <PageHeading>{title}</PageHeading> : <p className="error-state__title">{title}</p>}
      {text && <p>{text}</p>}
      {onRetry && (
        <button type="button" className="button button--primary" onClick={onRetry}>
          <FormattedMessage {...uiMessages.retry} />
        </button>
      )}
    </div>
  );
}
