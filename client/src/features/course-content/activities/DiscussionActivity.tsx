import { FormattedMessage } from 'react-intl';
import type { PlayerActivity } from '../../../api/contracts/bff';
import { RichContent } from '../../../ui/rich-content/RichContent';
import { activityMessages } from '../messages';

/** A discussion: its prompt and, when the platform gives it, the thread. */
export function DiscussionActivity({ activity }: { activity: PlayerActivity }) {
  const { html, discussionUrl } = activity.content;
  return (
    <div className="activity-discussion">
      {html ? (
        <RichContent html={html} />
      ) : (
        <p className="activity-empty">
          <FormattedMessage {...activityMessages.discussionEmpty} />
        </p>
      )}
      {discussionUrl && (
        <a className="button button--secondary" href={discussionUrl} target="_blank" rel="noopener noreferrer">
          <FormattedMessage {...activityMessages.discussionOpen} />
        </a>
      )}
    </div>
  );
}
