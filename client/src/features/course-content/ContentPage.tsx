// The course player (/courses/{objectiveId}/view/content[/{activityPartAxis}]): the table of
// contents beside one activity, Previous / Next, the finish flow. The tree view gives the
// contents (statuses, locks, open-next, refreshAt); the activity view gives the activity's
// content and workflow. The activity is started when it is opened; search parameters
// (viewType=REVIEW, workflowId, ...) are carried from one activity to the next.
import { useEffect, useMemo, useRef, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { Link, Navigate, useParams, useSearchParams } from 'react-router-dom';
import type { SWRConfiguration } from 'swr';
import type { ActivityView, CourseTreeView } from '../../api/contracts/bff';
import { ApiError, isTransientFailure } from '../../api/http';
import { useActivityView, useCourseTree } from '../../api/hooks';
import { PlayerLoading } from './PlayerLoading';
import { ErrorState } from '../../ui/ErrorState';
import { PageHeading } from '../../ui/PageHeading';
import { useTutorSlotRef } from '../../app/tutorSlot';
import { useMediaQuery } from '../../ui/useMediaQuery';
import { useRefreshAt } from '../../ui/useRefreshAt';
import { useCourse } from '../course-details/courseContext';
import { StartFailedNotice, useActivityStart } from './ActivityStart';
import { CourseViewFailed } from './CourseViewFailed';
import { ActivityBody } from './activities/ActivityBody';
import { ActivityScore } from './activities/ActivityScore';
import { CompositeActivity } from './activities/CompositeActivity';
import { firstOpening, sendPlayerEvent } from './events';
import { CourseFinish } from './flows/CourseFinish';
import { playerMessages } from './messages';
import { neighbours } from './toc/buildToc';
import { Toc } from './toc/Toc';
// The player's styles, in cascade order: the layout, the contents, the activities, the finish flow.
import './content.css';
import './toc/toc.css';
import './activities/activities.css';
import './flows/flows.css';

/**
 * Below this width the contents panel starts closed. Spec section 9 gives two readings of the
 * mobile breakpoint: max width 970 px (other screens) and 1279 px (the course shell); the
 * player is the course shell, so 1279 px applies here.
 */
export const COURSE_SHELL_BREAKPOINT_PX = 1279;

/** A failed tree load is asked again after this long (spec section 9 'tree refetch retry 30 s'). */
export const TREE_RETRY_MS = 30_000;

const enc = encodeURIComponent;

/** Screens narrower than the course shell's breakpoint; where `matchMedia` is missing, none are. */
export const NARROW_SHELL = `not all and (min-width: ${COURSE_SHELL_BREAKPOINT_PX + 1}px)`;

/**
 * Open on wide screens, closed below the breakpoint; follows the breakpoint when it is crossed
 * (the state is adjusted while rendering, as React recommends for state that follows a value).
 */
function useTocOpen(wide: boolean): [boolean, (open: boolean) => void] {
  const [open, setOpen] = useState(wide);
  const [followed, setFollowed] = useState(wide);
  if (followed !== wide) {
    setFollowed(wide);
    setOpen(wide);
  }
  return [open, setOpen];
}

const treeOptions: SWRConfiguration<CourseTreeView> = {
  onErrorRetry: (error, _key, _config, revalidate, { retryCount }) => {
    // A course that does not exist or was never started does not appear by waiting.
    if (error instanceof ApiError && error.status >= 400 && error.status < 500) return;
    setTimeout(() => void revalidate({ retryCount }), TREE_RETRY_MS);
  },
};

export default function ContentPage() {
  const intl = useIntl();
  const { objectiveId = '', activityPartAxis } = useParams();
  const [search] = useSearchParams();
  const { course, error: courseError, refresh: refreshCourse } = useCourse();
  const viewType = search.get('viewType') ?? undefined;
  const workflowId = search.get('workflowId') ?? undefined;
  const params = useMemo(
    () => ({ ...(workflowId ? { workflowId } : {}), ...(viewType ? { viewType } : {}) }),
    [workflowId, viewType],
  );
  const tree = useCourseTree(objectiveId, params, treeOptions);
  useRefreshAt(tree.data?.refreshAt, () => tree.mutate());
  const wide = !useMediaQuery(NARROW_SHELL);
  const [tocOpen, setTocOpen] = useTocOpen(wide);
  const tutorSlot = useTutorSlotRef();
  const tocPanel = useRef<HTMLDivElement>(null);
  const query = search.toString();
  const linkTo = (path: string) => `/courses/${enc(objectiveId)}/view/content/${enc(path)}${query ? `?${query}` : ''}`;
  const items = tree.data?.items ?? [];
  const activePath = activityPartAxis ?? tree.data?.openNext ?? items.find((i) => i.activityPathId)?.activityPathId;
  const activity = useActivityView(activityPartAxis ? objectiveId : null, activityPartAxis ?? null, params);
  // The page reads three views: the contents, the activity and the course's heading (from the
  // course layout). One failure is shown at a time, but the outage that failed one often failed
  // the others too: Try again asks again for each view that failed, not only the one shown.
  const retryFailed = () => {
    if (tree.error) void tree.mutate();
    if (activity.error) void activity.mutate();
    if (courseError) void refreshCourse();
  };

  if (tree.error) {
    if (tree.error instanceof ApiError && tree.error.status === 404) {
      return (
        <div className="player player--message">
          <PageHeading>{intl.formatMessage(playerMessages.notStartedTitle)}</PageHeading>
          <p>
            <FormattedMessage {...playerMessages.notStartedText} />
          </p>
          <Link className="button button--primary" to={`/courses/${enc(objectiveId)}`}>
            <FormattedMessage {...playerMessages.backToDetails} />
          </Link>
        </div>
      );
    }
    return (
      <div className="player player--message">
        <ErrorState
          page
          title={intl.formatMessage(playerMessages.loadFailed)}
          description={
            // The contents are asked again every TREE_RETRY_MS after a failure the server may get
            // over (onErrorRetry above): the learner is told so, and for the LMS being
            // unavailable for now (isTransientFailure) nothing more is needed.
            isTransientFailure(tree.error) ? (
              <FormattedMessage {...playerMessages.retryingSoon} />
            ) : (
              <>
                <FormattedMessage {...playerMessages.loadFailedHint} />{' '}
                <FormattedMessage {...playerMessages.retryingSoon} />
              </>
            )
          }
          onRetry={retryFailed}
        />
      </div>
    );
  }
  if (!tree.data) return <PlayerLoading fullPage />;
  if (!activityPartAxis) {
    if (activePath) return <Navigate replace to={linkTo(activePath)} />;
    return (
      <div className="player player--message">
        <PageHeading>{course?.name ?? intl.formatMessage(playerMessages.contents)}</PageHeading>
        <p className="activity-empty">
          <FormattedMessage {...playerMessages.emptyCourse} />
        </p>
      </div>
    );
  }
  const item = items.find((i) => i.activityPathId === activityPartAxis);
  const { previous, next } = neighbours(items, activityPartAxis);
  const title = item?.name ?? activity.data?.activity.name ?? '';
  const courseName = activity.data?.course.name ?? course?.name ?? '';
  const view = activity.data;
  // The same decision in both views; the activity's own once it is loaded.
  const score = view ? view.activity.score : item?.score;
  const display = view?.course.displayMode ?? 'fullscreen';
  const frameStyle =
    display === 'embeddedCustom' && view
      ? {
          maxInlineSize: view.course.preferredWidth ? `${view.course.preferredWidth}px` : undefined,
          minBlockSize: view.course.preferredHeight ? `${view.course.preferredHeight}px` : undefined,
        }
      : undefined;
  const closeOnNarrow = () => {
    if (!wide) setTocOpen(false);
  };
  return (
    <div className={`player player--${display}`}>
      <div className="player__bar">
        <Link className="player__course" to={`/courses/${enc(objectiveId)}`}>
          <svg
            viewBox="0 0 16 16"
            width="16"
            height="16"
            aria-hidden="true"
            focusable="false"
            className="player__back-icon"
          >
            <path
              d="M10 3 5 8l5 5"
              fill="none"
              stroke="currentColor"
              strokeWidth="1.8"
              strokeLinecap="round"
              strokeLinejoin="round"
            />
          </svg>
          {courseName ? <bdi>{courseName}</bdi> : <FormattedMessage {...playerMessages.backToDetails} />}
        </Link>
        {view?.reviewMode && (
          <span className="player__tag">
            <FormattedMessage {...playerMessages.reviewTag} />
          </span>
        )}
        {/* The AI tutor's button, when the tutor is on, is put here rather than floating over
            the Next button at the bottom corner. */}
        <span ref={tutorSlot} className="player__tutor" />
        <button
          type="button"
          className="button button--secondary player__toc-toggle"
          aria-expanded={tocOpen}
          aria-controls="player-toc-panel"
          onClick={() => setTocOpen(!tocOpen)}
        >
          <svg viewBox="0 0 16 16" width="16" height="16" aria-hidden="true" focusable="false">
            <path d="M2 4h12M2 8h12M2 12h8" stroke="currentColor" strokeWidth="1.6" strokeLinecap="round" />
          </svg>
          <FormattedMessage {...playerMessages.showContents} />
        </button>
      </div>
      {view?.reviewMode && (
        <p className="player-review-banner">
          <FormattedMessage {...playerMessages.reviewBanner} />
        </p>
      )}
      <div className={tocOpen ? 'player__layout player__layout--toc' : 'player__layout'}>
        <div id="player-toc-panel" ref={tocPanel} className="player__toc" hidden={!tocOpen}>
          <Toc
            items={items}
            activePath={activityPartAxis}
            linkTo={linkTo}
            onNavigate={closeOnNarrow}
            progressPercent={course?.progressPercent}
            // The course heading's view failed alone (the contents and the activity came): its
            // Try again asks again for that view only.
            progressFailed={
              <CourseViewFailed
                part="progress"
                className="failure-notice--progress"
                focusOnSuccess={() => tocPanel.current?.querySelector<HTMLElement>('h2')}
              />
            }
          />
        </div>
        <div className="player__content">
          <article className="player__activity" style={frameStyle}>
            <PageHeading title={courseName ? `${title} | ${courseName}` : title}>
              <bdi>{title}</bdi>
            </PageHeading>
            {item?.due && (
              <p className="player__meta">
                <FormattedMessage
                  {...playerMessages.due}
                  values={{ date: intl.formatDate(item.due, { dateStyle: 'medium' }) }}
                />
              </p>
            )}
            {score && <ActivityScore score={score} />}
            <ActivityArea
              objectiveId={objectiveId}
              activity={activity}
              tree={tree.data}
              linkTo={linkTo}
              onChanged={() => void tree.mutate()}
              onRetry={retryFailed}
            />
          </article>
          {/* Once the activity is done, the course's suggestion of what to open next, unless
              that is the next activity anyway: the Next button below already goes there, and
              two buttons to one place would look like a choice. */}
          {view &&
            tree.data.openNext &&
            tree.data.openNext !== activityPartAxis &&
            tree.data.openNext !== next?.activityPathId &&
            view.activity.status === 'completed' && <OpenNext tree={tree.data} linkTo={linkTo} />}
          <div className="player__steps">
            {previous?.activityPathId ? (
              <Link
                className="button button--secondary player__step"
                to={linkTo(previous.activityPathId)}
                aria-label={intl.formatMessage(playerMessages.previousName, { name: previous.name })}
              >
                <span aria-hidden="true" className="player__step-arrow player__step-arrow--back">
                  ‹
                </span>
                <FormattedMessage {...playerMessages.previous} />
              </Link>
            ) : (
              <span />
            )}
            {next?.activityPathId && (
              <Link
                className="button button--primary player__step"
                to={linkTo(next.activityPathId)}
                aria-label={intl.formatMessage(playerMessages.nextName, { name: next.name })}
              >
                <FormattedMessage {...playerMessages.next} />
                <span aria-hidden="true" className="player__step-arrow">
                  ›
                </span>
              </Link>
            )}
          </div>
          {view && <CourseFinish view={view} />}
          {view && <PlayerEvents view={view} tree={tree.data} />}
        </div>
      </div>
    </div>
  );
}

function OpenNext({ tree, linkTo }: { tree: CourseTreeView; linkTo: (path: string) => string }) {
  const target = tree.items.find((i) => i.activityPathId === tree.openNext);
  if (!target?.activityPathId) return null;
  return (
    <p className="player__open-next">
      <Link className="button button--primary" to={linkTo(target.activityPathId)}>
        <FormattedMessage {...playerMessages.continueTo} values={{ name: <bdi key="name">{target.name}</bdi> }} />
      </Link>
    </p>
  );
}

interface AreaProps {
  objectiveId: string;
  activity: ReturnType<typeof useActivityView>;
  tree: CourseTreeView;
  linkTo: (path: string) => string;
  onChanged: () => void;
  /** Asks again for the views of the page that failed (this activity's among them). */
  onRetry: () => void;
}

/** The activity's body with its loading and error states; starts it when it is opened. */
function ActivityArea({ objectiveId, activity, tree, linkTo, onChanged, onRetry }: AreaProps) {
  const view = activity.data;
  const start = useActivityStart(objectiveId, view);
  if (activity.error) {
    return (
      <ErrorState
        title={<FormattedMessage {...playerMessages.loadFailed} />}
        description={<FormattedMessage {...playerMessages.loadFailedHint} />}
        cause={activity.error}
        onRetry={onRetry}
      />
    );
  }
  if (!view) return <PlayerLoading />;
  const refresh = () => {
    onChanged();
    void activity.mutate();
  };
  return (
    <>
      <StartFailedNotice start={start} />
      <div className="player__body">
        {view.activity.kind === 'composite' &&
        !view.activity.banner &&
        !view.activity.locked &&
        !view.activity.disabled ? (
          <CompositeActivity view={view} tree={tree} linkTo={linkTo} onChanged={refresh} />
        ) : (
          <ActivityBody view={view} activity={view.activity} tree={tree} onChanged={refresh} />
        )}
      </div>
    </>
  );
}

/** The course events of opening the player: review, first opening, the start of an attempt. */
function PlayerEvents({ view, tree }: { view: ActivityView; tree: CourseTreeView }) {
  const sent = useRef(false);
  useEffect(() => {
    if (sent.current) return;
    sent.current = true;
    const fields = { objectiveId: view.objectiveId, objectiveWorkflowId: view.workflowId };
    if (view.reviewMode) {
      sendPlayerEvent('course_open_for_review', fields);
      return;
    }
    if (!firstOpening(view.workflowId)) return;
    sendPlayerEvent('course_open_first_time', fields);
    const nothingDone = tree.items.every((i) => i.status !== 'completed' && i.status !== 'belowPassingScore');
    if (nothingDone) sendPlayerEvent('objective_start', fields);
  }, [view, tree]);
  return null;
}
