// One activity's body by its kind. LTI and collaborative activities come from their own
// folders, loaded only when such an activity is opened. One whose code cannot be fetched says so
// in the player, whose contents and navigation stay, and is fetched again when the learner comes
// back to it.
import type { ReactNode } from 'react';
import { FormattedMessage } from 'react-intl';
import type { ActivityView, CourseTreeView, PlayerActivity } from '../../../api/contracts/bff';
import { lazyPart } from '../../../app/lazyPart';
import { OptionalPart } from '../../../app/OptionalPart';
import { PartUnavailable } from '../../../app/PartUnavailable';
import { PlayerLoading } from '../PlayerLoading';
import { activityMessages } from '../messages';
import { DiscussionActivity } from './DiscussionActivity';
import { EventActivity } from './EventActivity';
import { LmsContent } from './LmsContent';
import { ActivityBannerNotice, LockedNotice } from './LockedNotice';
import { MarkDoneButton } from './MarkDoneButton';
import { TextActivity } from './TextActivity';
import { VideoActivity } from './VideoActivity';

const LtiActivity = lazyPart(() => import(/* webpackChunkName: "course-lti" */ '../lti/LtiActivity'));
const CollaborativeActivity = lazyPart(
  () => import(/* webpackChunkName: "course-collaborative" */ '../collaborative/CollaborativeActivity'),
);

export interface ActivityBodyProps {
  view: ActivityView;
  activity: PlayerActivity;
  tree: CourseTreeView;
  onChanged: () => void;
}

/** Activities graded by a tool of their own: LTI tools and proctored exams. */
function isToolActivity(activity: PlayerActivity): boolean {
  return activity.kind === 'lti' || activity.kind === 'proctored';
}

/** An activity whose code is a chunk of its own, in a boundary of its own per activity. */
function ActivityPart({ activityPathId, children }: { activityPathId: string; children: ReactNode }) {
  return (
    <OptionalPart key={activityPathId} fallback={<PlayerLoading />} failure={<PartUnavailable />}>
      {children}
    </OptionalPart>
  );
}

export function ActivityBody({ view, activity, tree, onChanged }: ActivityBodyProps) {
  if (activity.banner) return <ActivityBannerNotice activity={activity} />;
  if (activity.locked || activity.disabled) return <LockedNotice activity={activity} />;
  const item = tree.items.find((i) => i.activityPathId === activity.activityPathId);
  const shared = {
    objectiveId: view.objectiveId,
    workflowId: view.workflowId,
    reviewMode: view.reviewMode,
    tree,
    onChanged,
  };
  if (activity.collaborative || activity.kind === 'collaborative') {
    return item ? (
      <ActivityPart activityPathId={activity.activityPathId}>
        <CollaborativeActivity {...shared} item={item} />
      </ActivityPart>
    ) : null;
  }
  if (isToolActivity(activity)) {
    return item ? (
      <ActivityPart activityPathId={activity.activityPathId}>
        <LtiActivity {...shared} item={item} />
      </ActivityPart>
    ) : null;
  }
  let body;
  switch (activity.kind) {
    case 'text':
      body = <TextActivity activity={activity} />;
      break;
    case 'video':
      body = <VideoActivity workflowId={view.workflowId} activity={activity} readOnly={view.reviewMode} />;
      break;
    case 'event':
      body = <EventActivity activity={activity} />;
      break;
    case 'discussion':
      body = <DiscussionActivity activity={activity} />;
      break;
    default:
      body = activity.content.html ? (
        <LmsContent html={activity.content.html} />
      ) : (
        <p className="activity-empty">
          <FormattedMessage {...activityMessages.otherTool} />
        </p>
      );
  }
  return (
    <>
      {body}
      <div className="activity-actions">
        <MarkDoneButton
          objectiveId={view.objectiveId}
          workflowId={view.workflowId}
          activity={activity}
          onDone={onChanged}
        />
      </div>
    </>
  );
}
