// One activity's body by its kind. LTI and collaborative activities come from their own
// folders, loaded only when such an activity is opened.
import { lazy, Suspense } from 'react';
import { FormattedMessage } from 'react-intl';
import type { ActivityView, CourseTreeView, PlayerActivity } from '../../../api/contracts/bff';
import { PlayerLoading } from '../PlayerLoading';
import { activityMessages } from '../messages';
import { DiscussionActivity } from './DiscussionActivity';
import { EventActivity } from './EventActivity';
import { LmsContent } from './LmsContent';
import { ActivityBannerNotice, LockedNotice } from './LockedNotice';
import { MarkDoneButton } from './MarkDoneButton';
import { TextActivity } from './TextActivity';
import { VideoActivity } from './VideoActivity';

const LtiActivity = lazy(() => import(/* webpackChunkName: "course-lti" */ '../lti/LtiActivity'));
const CollaborativeActivity = lazy(
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
      <Suspense fallback={<PlayerLoading />}>
        <CollaborativeActivity {...shared} item={item} />
      </Suspense>
    ) : null;
  }
  if (isToolActivity(activity)) {
    return item ? (
      <Suspense fallback={<PlayerLoading />}>
        <LtiActivity {...shared} item={item} />
      </Suspense>
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
