// The breadcrumb bar of nested screens (a course, its content or certificate, a catalog course):
// react-aria Breadcrumbs, the last crumb is the current page (aria-current). Course names are
// read from the views the page itself loads (no request of its own).
import { useIntl } from 'react-intl';
import { Breadcrumb, Breadcrumbs, Link } from 'react-aria-components';
import { matchPath, useLocation } from 'react-router-dom';
import useSWR from 'swr';
import type { CatalogCourseView, CourseDetailsView } from '../api/contracts/bff';
import { keys, type Key } from '../api/keys';
import { useAppContext } from './context';
import { appMessages } from './messages';

interface Crumb {
  label: string;
  href?: string;
}

/** Reads a view from the cache without fetching it. */
function useCachedName<T extends { name: string }>(key: Key | null): string | undefined {
  const { data } = useSWR<T>(key, null);
  return data?.name;
}

function useCrumbs(): Crumb[] {
  const intl = useIntl();
  const { config } = useAppContext();
  const { pathname } = useLocation();
  const course = matchPath('/courses/:objectiveId/*', pathname);
  const catalog = matchPath('/catalog/:objectiveId/*', pathname);
  const courseId =
    course && !['redirect', 'proctor'].includes(course.params.objectiveId ?? '') ? course.params.objectiveId : undefined;
  const courseName = useCachedName<CourseDetailsView>(courseId ? keys.courseDetails(courseId) : null);
  const catalogName = useCachedName<CatalogCourseView>(
    catalog?.params.objectiveId ? keys.catalogCourse(catalog.params.objectiveId) : null,
  );
  const courses = { label: config.coursesName || intl.formatMessage(appMessages.navCourses), href: '/courses' };

  if (courseId) {
    const rest = course?.params['*'] ?? '';
    const name = courseName ?? intl.formatMessage(appMessages.crumbCourse);
    const courseHref = `/courses/${encodeURIComponent(courseId)}`;
    if (rest.startsWith('certificate/')) {
      return [courses, { label: name, href: courseHref }, { label: intl.formatMessage(appMessages.crumbCertificate) }];
    }
    if (rest.startsWith('view/content') || rest.startsWith('workflow/')) {
      return [courses, { label: name, href: courseHref }, { label: intl.formatMessage(appMessages.crumbContent) }];
    }
    return [courses, { label: name }];
  }
  if (catalog?.params.objectiveId && config.catalogEnabled) {
    return [
      { label: intl.formatMessage(appMessages.navCatalog), href: '/catalog' },
      { label: catalogName ?? intl.formatMessage(appMessages.crumbCourse) },
    ];
  }
  return [];
}

export function ShellBreadcrumbs() {
  const intl = useIntl();
  const crumbs = useCrumbs();
  if (crumbs.length < 2) return null;
  return (
    <nav className="app-breadcrumbs" aria-label={intl.formatMessage(appMessages.breadcrumbs)}>
      <Breadcrumbs className="app-breadcrumbs__list">
        {crumbs.map((crumb, index) => (
          <Breadcrumb key={`${index}-${crumb.href ?? 'current'}`} className="app-breadcrumbs__item">
            {index === crumbs.length - 1 ? <Link>{crumb.label}</Link> : <Link href={crumb.href}>{crumb.label}</Link>}
          </Breadcrumb>
        ))}
      </Breadcrumbs>
    </nav>
  );
}
