// The breadcrumb bar of nested screens (a course, its content or certificate, a catalog course):
// react-aria Breadcrumbs, the last crumb is the current page (aria-current). Course names are
// read from the views the page itself loads (no request of its own). The bar's code is its own
// chunk, loaded with the first nested screen (top-level pages have no bar).
import { useIntl } from 'react-intl';
import { matchPath, useLocation } from 'react-router-dom';
import useSWR from 'swr';
import type { CatalogCourseView, CourseDetailsView } from '../api/contracts/bff';
import { keys, type Key } from '../api/keys';
import { useAppContext } from './context';
import { appMessages, coursesName } from './messages';
import { lazyPart } from './lazyPart';
import { OptionalPart } from './OptionalPart';

/** One crumb: a link, or the current page (no `href`). */
export interface Crumb {
  label: string;
  href?: string;
}

const CrumbBar = lazyPart(() => import(/* webpackChunkName: "breadcrumbs" */ './CrumbBar'));

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
    course && !['redirect', 'proctor'].includes(course.params.objectiveId ?? '')
      ? course.params.objectiveId
      : undefined;
  const courseName = useCachedName<CourseDetailsView>(courseId ? keys.courseDetails(courseId) : null);
  const catalogName = useCachedName<CatalogCourseView>(
    catalog?.params.objectiveId ? keys.catalogCourse(catalog.params.objectiveId) : null,
  );
  const courses = { label: coursesName(config.coursesName, intl), href: '/courses' };

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
  const crumbs = useCrumbs();
  if (crumbs.length < 2) return null;
  return (
    <OptionalPart fallback={<div className="app-breadcrumbs" />}>
      <CrumbBar crumbs={crumbs} />
    </OptionalPart>
  );
}
