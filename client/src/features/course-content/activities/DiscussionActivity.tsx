import { FormattedMessage } from 'react-intl';
import type { PlayerActivity } from '../../../api/contracts/bff';
import { activityMessages } from '../messages';
import { ExternalLink } from './ExternalLink';
import { LmsContent } from './LmsContent';

/** A discussion: its prompt and, when the platform gives it, the thread (in a new tab). */
export function DiscussionActivity({ activity }: { activity: PlayerActivity }) {
  const { html, discussionUrl } = activity.content;
  return (
    <div className="activity-discussion">
      {html ? (
        <LmsContent html={html} />
      ) : (
        <p className="activity-empty">
          <FormattedMessage {...activityMessages.discussionEmpty} />
        </p>
      )}
      {discussionUrl && (
        <p className="activity-link">
          <ExternalLink className="button button--secondary" href={discussionUrl}>
            <FormattedMessage {...activityMessages.discussionOpen} />
          </ExternalLink>
        </p>
      )}
    </div>
  );
}
