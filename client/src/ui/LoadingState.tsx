import { FormattedMessage } from 'react-intl';
import { uiMessages } from './messages';

/** A spinner with text that assistive technology reads (role=status is a polite live region). */
export function LoadingState({ fullPage = false }: { fullPage?: boolean }) {
  return (
    <div role="status" className={fullPage ? 'loading loading--page' : 'loading'}>
      <span className="spinner" aria-hidden="true" />
      <span className="visually-hidden">
        <FormattedMessage {...uiMessages.loading} />
      </span>
    </div>
  );
}
