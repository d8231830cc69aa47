// The learner dashboard (`/` when the tenant turns it on): continue learning, due soon and
// recently finished, each a list of the shared course card; the sections and their order come
// from `GET /api/bff/dashboard`.
import { useIntl, type MessageDescriptor } from 'react-intl';
import { Link } from 'react-router-dom';
import type { DashboardCourse } from '../../api/contracts/bff';
import { useDashboard } from '../../api/hooks';
import { useAppContext } from '../../app/context';
import { DelayedLoading } from '../../ui/DelayedLoading';
import { ErrorState } from '../../ui/ErrorState';
import { PageHeading } from '../../ui/PageHeading';
import { CourseCard } from '../course-card';
import { dashboardMessages as m } from './messages';
import './dashboard.css';

interface SectionProps {
  id: string;
  title: MessageDescriptor;
  hint?: string;
  empty: MessageDescriptor;
  courses: DashboardCourse[];
}

function Section({ id, title, hint, empty, courses }: SectionProps) {
  const intl = useIntl();
  const heading = intl.formatMessage(title);
  return (
    <section className="dash-section" aria-labelledby={`dash-${id}`}>
      <div className="dash-section__head">
        <h2 id={`dash-${id}`} className="dash-section__title">
          {heading}
        </h2>
        {courses.length > 0 && (
          <span className="dash-section__count">{intl.formatMessage(m.courseCount, { count: courses.length })}</span>
        )}
      </div>
      {hint && <p className="dash-section__hint">{hint}</p>}
      {courses.length ? (
        <ul className="dash-grid" aria-label={heading}>
          {courses.map((course) => (
            <li key={course.objectiveId}>
              <CourseCard kind="dashboard" card={course} headingLevel={3} />
            </li>
          ))}
        </ul>
      ) : (
        <p className="dash-section__empty">{intl.formatMessage(empty)}</p>
      )}
    </section>
  );
}

export function DashboardPage() {
  const intl = useIntl();
  const { session } = useAppContext();
  const dashboard = useDashboard();
  const firstName = session.user.fullName.split(/\s+/)[0] || session.user.fullName;
  const title = intl.formatMessage(m.title);

  if (dashboard.error && !dashboard.data) {
    return (
      <section className="dashboard">
        <PageHeading title={title}>
          {intl.formatMessage(m.greeting, { name: <bdi key="name">{firstName}</bdi> })}
        </PageHeading>
        <ErrorState
          title={intl.formatMessage(m.loadFailed)}
          description={intl.formatMessage(m.loadFailedHint)}
          onRetry={() => void dashboard.mutate()}
        />
      </section>
    );
  }
  const data = dashboard.data;
  return (
    <section className="dashboard">
      <div className="dash-hero">
        <div>
          <PageHeading title={title}>
            {intl.formatMessage(m.greeting, { name: <bdi key="name">{firstName}</bdi> })}
          </PageHeading>
          <p className="dash-hero__intro">{intl.formatMessage(m.intro)}</p>
        </div>
        <Link to="/courses" className="button button--secondary">
          {intl.formatMessage(m.allCourses)}
        </Link>
      </div>
      {!data ? (
        <DelayedLoading />
      ) : (
        <>
          <Section id="continue" title={m.continueLearning} empty={m.emptyContinue} courses={data.inProgress} />
          <Section
            id="due-soon"
            title={m.dueSoon}
            hint={intl.formatMessage(m.dueSoonHint, { days: data.dueSoonDays })}
            empty={m.emptyDueSoon}
            courses={data.dueSoon}
          />
          <Section id="finished" title={m.recentlyFinished} empty={m.emptyFinished} courses={data.recentlyFinished} />
        </>
      )}
    </section>
  );
}
