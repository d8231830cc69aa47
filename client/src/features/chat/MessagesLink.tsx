// The header's way into the chat panel: a link to the `#chat` hash of the current page.
import { useIntl } from 'react-intl';
import { Link, useLocation } from 'react-router-dom';
import { chatMessages as m } from './messages';

export function MessagesLink() {
  const intl = useIntl();
  const { search } = useLocation();
  return (
    <Link className="app-header__messages" to={{ search, hash: 'chat' }} preventScrollReset>
      <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" focusable="false">
        <path d="M4 5h16v11H8l-4 4V5Z" fill="none" stroke="currentColor" strokeWidth="2" strokeLinejoin="round" />
      </svg>
      <span className="app-header__messages-text">{intl.formatMessage(m.open)}</span>
    </Link>
  );
}
