// Course details (spec section 2 'Course details screen', section 4 'Buttons on details'):
// the heading block (name, code, chips, description, cover with the result), the buttons and
// notices of the view, progress and dates, previous attempts, certificates and About. The view
// comes from the course layout (`useCourse()`); every rule is the gateway's.
import { useEffect, useRef, type ReactNode } from 'react';
import { useIntl } from 'react-intl';
import { ProgressBar } from 'react-aria-components';
import { useNavigate } from 'react-router-dom';
import type { CourseDetailsView } from '../../api/contracts/bff';
import { CollapsibleText } from '../../ui/CollapsibleText';
import { ErrorState } from '../../ui/ErrorState';
import { PageHeading } from '../../ui/PageHeading';
import { uiMessages } from '../../ui/messages';
import { PageSkeleton } from '../../ui/PageSkeleton';
import { BookIcon } from '../course-card/icons';
import { AboutSection } from './AboutSection';
import { useRefreshAt } from '../../ui/useRefreshAt';
import { AttemptsTable } from './AttemptsTable';
import { CertificateList } from './CertificateList';
import { useCourse } from './courseContext';
import { DetailsActions } from './DetailsActions';
import { DetailsNotices } from './DetailsNotices';
import { sendCourseEvent } from './events';
import { attemptMessages, certificateListMessages, detailsMessages as m, statusMessages } from './messages';
import { formatDay, formatPercent, formatPoints } from './score';
import '../../ui/pill.css';
import './course-details.css';

/** Where a view's `redirect` sends the learner instead of this page. */
function redirectPath(course: CourseDetailsView): string | undefined {
  const id = encodeURIComponent(course.objectiveId);
  switch (course.redirect) {
    case 'catalog':
      return `/catalog/${id}`;
    case 'content':
      return `/courses/${id}/view/content`;
    default:
      return undefined;
  }
}

function CourseCover({ course }: { course: CourseDetailsView }) {
  const intl = useIntl();
  const { result } = course;
  const hasResult = !result.gradeHidden && (result.passed != null || result.grade || result.score);
  return (
    <div
      className={`details-cover${course.imageUrl ? '' : ' details-cover--plain'}`}
      style={course.imageUrl ? undefined : { backgroundColor: course.color }}
    >
      {course.imageUrl ? (
        <img src={course.imageUrl} alt="" />
      ) : (
        <span className="details-cover__icon">
          <BookIcon size={64} />
        </span>
      )}
      {hasResult && (
        <div className="details-cover__result" role="group" aria-label={intl.formatMessage(m.resultLabel)}>
          {result.passed != null && (
            <span className={result.passed ? 'pill pill--success' : 'pill pill--danger'}>
              {intl.formatMessage(result.passed ? m.passed : m.failed)}
            </span>
          )}
          {result.grade && (
            <span className="pill pill--neutral">
              {intl.formatMessage(m.gradeBadge, { grade: <bdi key="grade">{result.grade}</bdi> })}
            </span>
          )}
          {result.score && (
            <span className={`pill pill--score score--${result.score.color}`}>{formatPercent(intl, result.score)}</span>
          )}
        </div>
      )}
    </div>
  );
}

function ProgressPanel({ course }: { course: CourseDetailsView }) {
  const intl = useIntl();
  const progress = Math.min(100, Math.max(0, Math.round(course.progressPercent)));
  const { result } = course;
  const rows: { label: string; value: ReactNode; className?: string }[] = [];
  const due = formatDay(intl, course.dueDate);
  if (due) {
    rows.push({
      label: intl.formatMessage(m.dueDate),
      value: course.overdue ? intl.formatMessage(m.overdue, { date: due }) : due,
      className: course.overdue ? 'details-facts__overdue' : undefined,
    });
  }
  const from = formatDay(intl, course.availabilityDate);
  if (from) rows.push({ label: intl.formatMessage(m.availableFrom), value: from });
  const until = formatDay(intl, course.availabilityEndDate);
  if (until) rows.push({ label: intl.formatMessage(m.availableUntil), value: until });
  if (!result.gradeHidden && result.score) {
    const points = formatPoints(intl, result.score);
    rows.push({
      label: intl.formatMessage(m.score),
      value: (
        <>
          <bdi>{formatPercent(intl, result.score)}</bdi>
          {points && <span className="details-facts__points">{points}</span>}
        </>
      ),
      className: `score score--${result.score.color}`,
    });
  }
  if (!result.gradeHidden && result.grade) rows.push({ label: intl.formatMessage(m.grade), value: result.grade });
  return (
    <section className="details-panel" aria-labelledby="progress-heading">
      <h2 id="progress-heading" className="details-section__heading">
        {intl.formatMessage(m.progressHeading)}
      </h2>
      <p className="details-panel__status">
        <span className="visually-hidden">{intl.formatMessage(m.status)}: </span>
        <span className={`status-pill status-pill--${course.status}`}>
          {intl.formatMessage(statusMessages[course.status])}
        </span>
      </p>
      <ProgressBar className="details-progress" value={progress} aria-label={intl.formatMessage(m.progress)}>
        {({ valueText }) => (
          <>
            <span className="details-progress__label">
              <span>{intl.formatMessage(m.progress)}</span>
              <span>{valueText}</span>
            </span>
            <span className="details-progress__track bar-track">
              <span className="details-progress__fill bar-fill" style={{ inlineSize: `${progress}%` }} />
            </span>
          </>
        )}
      </ProgressBar>
      {rows.length > 0 && (
        <dl className="details-facts">
          {rows.map((row) => (
            <div key={row.label} className="details-facts__row">
              <dt>{row.label}</dt>
              <dd className={row.className}>{row.value}</dd>
            </div>
          ))}
        </dl>
      )}
    </section>
  );
}

/** What a part of the page the platform could not give for now (`unavailable`) says instead. */
function SectionFailed({ title, onRetry }: { title: string; onRetry: () => void }) {
  const intl = useIntl();
  return <ErrorState title={title} description={intl.formatMessage(uiMessages.tryAgainLater)} onRetry={onRetry} />;
}

function Details({
  course,
  reviewMode,
  onRetry,
}: {
  course: CourseDetailsView;
  reviewMode: boolean;
  onRetry: () => void;
}) {
  const intl = useIntl();
  const attemptsUnavailable = course.unavailable.includes('attempts');
  const certificatesUnavailable = course.unavailable.includes('certificates');
  return (
    <article className="page course-details">
      <header className="details-hero">
        <CourseCover course={course} />
        <div className="details-hero__text">
          {(course.collections.length > 0 || course.isMandatory || reviewMode) && (
            <ul className="course-chips" aria-label={intl.formatMessage(m.collections)}>
              {course.isMandatory && (
                <li className="course-chip course-chip--mandatory">{intl.formatMessage(m.mandatory)}</li>
              )}
              {reviewMode && <li className="course-chip course-chip--review">{intl.formatMessage(m.reviewMode)}</li>}
              {course.collections.map((name) => (
                <li key={name} className="course-chip">
                  <bdi>{name}</bdi>
                </li>
              ))}
            </ul>
          )}
          <PageHeading title={course.name}>
            <bdi>{course.name}</bdi>
          </PageHeading>
          {course.code && (
            <p className="details-hero__code">
              {intl.formatMessage(m.code, { code: <bdi key="code">{course.code}</bdi> })}
            </p>
          )}
          {course.description && <CollapsibleText text={course.description} className="details-hero__description" />}
          <DetailsActions course={course} />
          <DetailsNotices course={course} />
        </div>
      </header>
      <div className="details-columns">
        <div className="details-main">
          {course.about && (
            <AboutSection headingId="about-heading" heading={intl.formatMessage(m.aboutHeading)} html={course.about} />
          )}
          {(course.attempts.length > 0 || attemptsUnavailable) && (
            <AttemptsTable
              attempts={course.attempts}
              scoreColumn={course.attemptsScoreColumn}
              unavailable={
                attemptsUnavailable && (
                  <SectionFailed title={intl.formatMessage(attemptMessages.unavailable)} onRetry={onRetry} />
                )
              }
            />
          )}
        </div>
        <aside className="details-aside">
          <ProgressPanel course={course} />
          {(course.certificates.length > 0 || certificatesUnavailable) && (
            <CertificateList
              objectiveId={course.objectiveId}
              certificates={course.certificates}
              unavailable={
                certificatesUnavailable && (
                  <SectionFailed title={intl.formatMessage(certificateListMessages.unavailable)} onRetry={onRetry} />
                )
              }
            />
          )}
        </aside>
      </div>
    </article>
  );
}

export default function CourseDetailsPage() {
  const intl = useIntl();
  const navigate = useNavigate();
  const { viewType, course, error, isLoading, refresh } = useCourse();
  const target = course ? redirectPath(course) : undefined;

  useRefreshAt(course?.refreshAt, refresh);

  useEffect(() => {
    if (target) void navigate(target, { replace: true });
  }, [target, navigate]);

  // One page-load event per course shown (not per refetch).
  const sentFor = useRef<string | undefined>(undefined);
  useEffect(() => {
    if (!course || target || sentFor.current === course.objectiveId) return;
    sentFor.current = course.objectiveId;
    sendCourseEvent('about_the_course_page_load', course.objectiveId, course.workflowId);
  }, [course, target]);

  if (error && !course) {
    return (
      <section className="page">
        <ErrorState
          page
          title={intl.formatMessage(m.loadFailed)}
          description={intl.formatMessage(m.loadFailedHint)}
          cause={error}
          onRetry={() => void refresh()}
        />
      </section>
    );
  }
  if (isLoading || !course || target) return <PageSkeleton />;
  return <Details course={course} reviewMode={viewType === 'REVIEW'} onRetry={() => void refresh()} />;
}
