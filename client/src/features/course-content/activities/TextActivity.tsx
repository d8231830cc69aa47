import { FormattedMessage } from 'react-intl';
import type { PlayerActivity } from '../../../api/contracts/bff';
import { activityMessages } from '../messages';
import { LmsContent } from './LmsContent';

/** A text activity: its rich content (sanitised by RichContent). */
export function TextActivity({ activity }: { activity: PlayerActivity }) {
  if (!activity.content.html) {
    return (
      <p className="activity-empty">
        <FormattedMessage {...activityMessages.noText} />
      </p>
    );
  }
  return <LmsContent html={activity.content.html} className="activity-text" />;
}
