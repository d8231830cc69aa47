// The catalog course page (spec section 2, 4): overview, availability notices, 'Add to my
// courses' (the enrol command) or 'Enrolled', and the query flags `occflow` and `selfRegistered`.
import { useEffect, useEffectEvent, useRef } from 'react';
import { useIntl } from 'react-intl';
import { Link, useLocation, useNavigate, useParams } from 'react-router-dom';
import { Button } from 'react-aria-components';
import type { CatalogCourseView, DetailsNotice, EnrollResult, Occflow } from '../../api/contracts/bff';
import { ApiError } from '../../api/http';
import { useCatalogCourse } from '../../api/hooks';
import { keys, type KeyMatch } from '../../api/keys';
import { useCommand } from '../../api/useCommand';
import { ErrorState } from '../../ui/ErrorState';
import { LoadingState } from '../../ui/LoadingState';
import { PageHeading } from '../../ui/PageHeading';
import { showToast } from '../../ui/toasts';
import { useRefreshAt } from '../../ui/useRefreshAt';
import { BookIcon } from '../course-card/icons';
import { AboutSection } from '../course-details/AboutSection';
import { COURSE_UNAVAILABLE_STATUSES, CourseUnavailable } from '../course-details/CourseUnavailable';
import { catalogCourseMessages as m } from './messages';
import { useEnrolFailure } from './useEnrolFailure';
import { isolate } from '../../i18n/isolate';
import './catalog-course.css';

const OCCFLOWS: readonly Occflow[] = ['addToMyCourses', 'startTheCourse'];

/** What enrolling changes: the catalog, My courses (and the dashboard), and this course's views. */
function enrolRevalidates(objectiveId: string): KeyMatch[] {
  return [
    { path: '/api/bff/catalog' },
    { path: '/api/bff/my-courses' },
    { path: '/api/bff/dashboard' },
    keys.catalogCourse(objectiveId),
    { prefix: `/api/bff/courses/${encodeURIComponent(objectiveId)}` },
  ];
}

/** The query without the named parameters (the hash kept). */
function withoutParams(search: string, names: readonly string[]): string {
  const params = new URLSearchParams(search);
  for (const name of names) params.delete(name);
  const next = params.toString();
  return next ? `?${next}` : '';
}

export default function CatalogCoursePage() {
  const intl = useIntl();
  const { objectiveId = '' } = useParams();
  const { data, error, mutate } = useCatalogCourse(objectiveId || null);
  const flow = useQueryFlags(objectiveId);

  // A view that changes by the clock alone (an availability boundary) is asked again then.
  useRefreshAt(data?.refreshAt, mutate);

  if (error && !data) {
    if (error instanceof ApiError && COURSE_UNAVAILABLE_STATUSES.includes(error.status)) return <CourseUnavailable />;
    return (
      <section className="page">
        <ErrorState page title={intl.formatMessage(m.loadFailed)} cause={error} onRetry={() => void mutate()} />
      </section>
    );
  }
  if (!data) return <LoadingState />;
  return <CatalogCourse course={data} flowRunning={flow.running} />;
}

/**
 * `occflow=addToMyCourses|startTheCourse` enrols through the enrol command (which takes the flow
 * as its own `occflow`); startTheCourse then goes where the start answered. `selfRegistered`
 * shows the 'account created' toast. Both flags then leave the URL.
 */
function useQueryFlags(objectiveId: string) {
  const intl = useIntl();
  const location = useLocation();
  const navigate = useNavigate();
  const params = new URLSearchParams(location.search);
  const rawFlow = params.get('occflow');
  const occflow = OCCFLOWS.find((f) => f === rawFlow);
  const selfRegistered = params.has('selfRegistered');
  const command = useCommand<EnrollResult>(
    occflow ? `/api/bff/courses/${encodeURIComponent(objectiveId)}/enroll?occflow=${occflow}` : null,
    { revalidates: enrolRevalidates(objectiveId) },
  );
  const enrolFailed = useEnrolFailure();
  const handled = useRef<string | null>(null);

  // Reads the toast, the command and the location of the latest render; runs once per arrival.
  const handleArrival = useEffectEvent(() => {
    if (!occflow && !selfRegistered) return;
    // Once per arrival (effects may run twice in development).
    const arrival = `${location.key}${location.search}`;
    if (handled.current === arrival) return;
    handled.current = arrival;
    const rest = withoutParams(location.search, ['occflow', 'selfRegistered']);
    const stay = () =>
      void navigate(
        { pathname: location.pathname, search: rest, hash: location.hash },
        { replace: true, preventScrollReset: true },
      );

    if (selfRegistered) showToast(intl.formatMessage(m.accountCreated), 'success');
    if (!occflow) {
      stay();
      return;
    }
    command
      .trigger()
      .then((result) => {
        if (!result.alreadyEnrolled) {
          showToast(intl.formatMessage(m.enrolledToast, { courseName: isolate(result.courseName) }), 'success');
        }
        if (occflow === 'startTheCourse' && result.start) void navigate(result.start.url, { replace: true });
        else stay();
      })
      .catch((error: unknown) => {
        if (!enrolFailed(error, { replace: true })) stay();
      });
  });
  useEffect(() => {
    handleArrival();
  }, [occflow, selfRegistered, location.key]);

  return { running: command.isMutating };
}

function CatalogCourse({ course, flowRunning }: { course: CatalogCourseView; flowRunning: boolean }) {
  const intl = useIntl();
  const enrolFailed = useEnrolFailure();
  const enrol = useCommand<EnrollResult>(`/api/bff/courses/${encodeURIComponent(course.objectiveId)}/enroll`, {
    revalidates: enrolRevalidates(course.objectiveId),
  });

  const add = async () => {
    try {
      const result = await enrol.trigger();
      showToast(intl.formatMessage(m.enrolledToast, { courseName: isolate(result.courseName) }), 'success');
    } catch (error) {
      enrolFailed(error);
    }
  };

  const canAdd = course.buttons.includes('addToMyCourses');
  const isEnrolled = course.buttons.includes('enrolled') || (course.enrolled && !canAdd);
  const pending = enrol.isMutating || flowRunning;

  return (
    <article className="page catalog-course">
      <div className="catalog-course__hero">
        <div className="catalog-course__cover">
          {course.imageUrl ? (
            <img src={course.imageUrl} alt="" />
          ) : (
            <span className="catalog-course__cover-fill" style={{ backgroundColor: course.color }}>
              <BookIcon size={64} />
            </span>
          )}
        </div>
        <div className="catalog-course__overview">
          {course.code && (
            <p className="catalog-course__code">
              {intl.formatMessage(m.code, { code: <bdi key="code">{course.code}</bdi> })}
            </p>
          )}
          <PageHeading title={course.name}>
            <bdi>{course.name}</bdi>
          </PageHeading>
          <ul className="catalog-course__facts">
            {course.isMandatory && (
              <li>
                <span className="catalog-course__badge">{intl.formatMessage(m.mandatory)}</span>
              </li>
            )}
            {course.durationMinutes !== undefined && course.durationMinutes !== null && (
              <li>{intl.formatMessage(m.duration, { minutes: course.durationMinutes })}</li>
            )}
          </ul>
          {course.collections.length > 0 && (
            <ul className="catalog-course__collections" aria-label={intl.formatMessage(m.collections)}>
              {course.collections.map((chip) => (
                <li key={chip.id} className="catalog-course__collection">
                  {chip.uncategorized || !chip.name ? intl.formatMessage(m.uncategorized) : chip.name}
                </li>
              ))}
            </ul>
          )}
          {course.description && (
            <p className="catalog-course__description">
              <bdi>{course.description}</bdi>
            </p>
          )}

          <Notices course={course} />

          <div className="catalog-course__actions">
            {canAdd && (
              <Button
                className="button button--primary button--large"
                onPress={() => void add()}
                isPending={pending}
                isDisabled={pending}
              >
                {intl.formatMessage(pending ? m.adding : m.addToMyCourses)}
              </Button>
            )}
            {isEnrolled && (
              <>
                <span className="catalog-course__enrolled">
                  <svg aria-hidden="true" focusable="false" viewBox="0 0 24 24" width="18" height="18">
                    <path
                      d="m5 12 5 5 9-10"
                      fill="none"
                      stroke="currentColor"
                      strokeWidth="2.5"
                      strokeLinecap="round"
                    />
                  </svg>
                  {intl.formatMessage(m.enrolled)}
                </span>
                {course.detailsLink && (
                  <Link to={course.detailsLink} className="button button--secondary">
                    {intl.formatMessage(m.goToCourse)}
                  </Link>
                )}
              </>
            )}
            {!canAdd && !isEnrolled && flowRunning && (
              <p role="status" className="catalog-course__starting">
                {intl.formatMessage(m.starting)}
              </p>
            )}
          </div>
        </div>
      </div>

      {course.about && (
        <AboutSection
          className="catalog-course__about"
          headingId="catalog-course-about"
          heading={intl.formatMessage(m.about)}
          html={course.about}
        />
      )}
    </article>
  );
}

function Notices({ course }: { course: CatalogCourseView }) {
  const intl = useIntl();
  if (course.notices.length === 0) return null;
  const date = (iso: string | undefined) => (iso ? intl.formatDate(iso, { dateStyle: 'long' }) : '');
  const text = (notice: DetailsNotice): string | null => {
    switch (notice) {
      case 'willBeAvailable':
        return intl.formatMessage(m.willBeAvailable, { date: date(course.availabilityDate) });
      case 'wasAvailableBefore':
        return intl.formatMessage(m.wasAvailableBefore, { date: date(course.availabilityEndDate) });
      case 'comingSoon':
        return intl.formatMessage(m.comingSoon);
      case 'notAvailable':
        return intl.formatMessage(m.notAvailable);
      default:
        // Notices of the details page that the catalog does not show.
        return null;
    }
  };
  const shown = course.notices.map((n) => [n, text(n)] as const).filter(([, t]) => t);
  if (shown.length === 0) return null;
  return (
    <ul className="catalog-course__notices">
      {shown.map(([notice, t]) => (
        <li key={notice} className={`catalog-course__notice catalog-course__notice--${notice}`}>
          <svg aria-hidden="true" focusable="false" viewBox="0 0 24 24" width="18" height="18">
            <circle cx="12" cy="12" r="9" fill="none" stroke="currentColor" strokeWidth="2" />
            <path d="M12 7v5l3 2" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
          </svg>
          {t}
        </li>
      ))}
    </ul>
  );
}
