import { FormattedMessage } from 'react-intl';
import type { PlayerActivity } from '../../../api/contracts/bff';
import { RichContent } from '../../../ui/rich-content/RichContent';
import { activityMessages } from '../messages';

/** A text activity: its rich content (sanitised by RichContent). */
export function TextActivity({ activity }: { activity: PlayerActivity }) {
  if (!activity.content.html) {
    return (
      <p className="activity-empty">
        <FormattedMessage {...activityMessages.noText} />
      </p>
    );
  }
  return <RichContent html={activity.content.html} className="activity-text" />;
}
