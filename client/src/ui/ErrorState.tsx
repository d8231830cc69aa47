import type { ReactNode } from 'react';
import { FormattedMessage } from 'react-intl';
import { uiMessages } from './messages';

interface Props {
  title: ReactNode;
  description?: ReactNode;
  onRetry?: () => void;
}

/** A failed load: what happened and a retry button. */
export function ErrorState({ title, description, onRetry }: Props) {
  return (
    <div role="alert" className="error-state">
      <p className="error-state__title">{title}</p>
      {description && <p>{description}</p>}
      {onRetry && (
        <button type="button" className="button button--primary" onClick={onRetry}>
          <FormattedMessage {...uiMessages.retry} />
        </button>
      )}
    </div>
  );
}
