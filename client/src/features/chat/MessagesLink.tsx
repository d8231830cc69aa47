// The header's way into the chat panel: a link to the `#chat` hash of the current page, with the
// count of unread messages over all the learner's channels when there are any (the channel list
// the panel shows, one SWR key: reading a channel in the panel revalidates it, and so the count).
// Without the chat service's answer the link is still there, without a count.
import { useIntl } from 'react-intl';
import { Link, useLocation } from 'react-router-dom';
import useSWR from 'swr';
import type { ChatChannelsView } from '../../api/contracts/bff';
import { fetchKey } from '../../api/hooks';
import { keys } from '../../api/keys';
import { chatMessages as m } from './messages';

export function MessagesLink() {
  const intl = useIntl();
  const { search } = useLocation();
  const { data } = useSWR<ChatChannelsView, unknown>(keys.chatChannels(), fetchKey);
  const unread = data?.channels.reduce((sum, channel) => sum + channel.unreadCount, 0) ?? 0;
  return (
    <Link
      className="app-header__messages"
      to={{ search, hash: 'chat' }}
      preventScrollReset
      aria-label={unread > 0 ? intl.formatMessage(m.openUnread, { count: unread }) : undefined}
    >
      <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" focusable="false">
        <path d="M4 5h16v11H8l-4 4V5Z" fill="none" stroke="currentColor" strokeWidth="2" strokeLinejoin="round" />
      </svg>
      <span className="app-header__messages-text">{intl.formatMessage(m.open)}</span>
      {unread > 0 && (
        <span className="count-badge app-header__messages-count" aria-hidden="true">
          {intl.formatNumber(Math.min(unread, 99))}
          {unread > 99 && '+'}
        </span>
      )}
    </Link>
  );
}
