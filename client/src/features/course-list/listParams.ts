// The list filter of My courses and the catalog as it lives in the URL (spec section 5):
// `collection`, `term`, `courseProgress`, `coursePriority` (comma-separated) and `keyword`.
import { useCallback, useMemo } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import type { CourseFilter, CoursePriority, CourseProgress } from '../../api/contracts/bff';
import type { CourseListQuery } from '../../api/keys';
import { normaliseKeyword } from './keyword';

/** The filter parameters, as the URL and the gateway name them. */
export interface ListFilter {
  collection: string[];
  term: string[];
  courseProgress: CourseProgress[];
  coursePriority: CoursePriority[];
}

export const FILTER_PARAMS = ['collection', 'term', 'courseProgress', 'coursePriority'] as const;
export type FilterParam = (typeof FILTER_PARAMS)[number];

export const PROGRESS_VALUES: readonly CourseProgress[] = ['notStarted', 'inProgress', 'completed'];
export const PRIORITY_VALUES: readonly CoursePriority[] = ['mandatory', 'optional'];

export const EMPTY_FILTER: ListFilter = { collection: [], term: [], courseProgress: [], coursePriority: [] };

function list(params: URLSearchParams, name: string): string[] {
  const raw = params.get(name);
  if (!raw) return [];
  return [
    ...new Set(
      raw
        .split(',')
        .map((v) => v.trim())
        .filter(Boolean),
    ),
  ];
}

/** Reads the filter from a query string as it is (the gateway checks the values). */
export function readFilter(search: string): ListFilter {
  const params = new URLSearchParams(search);
  return {
    collection: list(params, 'collection'),
    term: list(params, 'term'),
    // Sent as they are: the gateway drops unknown values and says so (filtersUnavailable).
    courseProgress: list(params, 'courseProgress') as CourseProgress[],
    coursePriority: list(params, 'coursePriority') as CoursePriority[],
  };
}

/** The filter the gateway applied, in the URL's names. */
export function appliedFilter(filter: CourseFilter): ListFilter {
  return {
    collection: filter.collections,
    term: filter.terms,
    courseProgress: filter.progress,
    coursePriority: filter.priority,
  };
}

export function activeFilterCount(filter: ListFilter): number {
  return FILTER_PARAMS.reduce((n, name) => n + filter[name].length, 0);
}

/** `search` with the filter parameters replaced by `filter` (others, and their order, kept). */
export function withFilter(search: string, filter: Partial<ListFilter>): string {
  const params = new URLSearchParams(search);
  for (const name of FILTER_PARAMS) {
    const values = filter[name];
    if (values === undefined) continue;
    if (values.length) params.set(name, values.join(','));
    else params.delete(name);
  }
  const next = params.toString().replace(/%2C/g, ',');
  return next ? `?${next}` : '';
}

/** The list state of the URL and the ways to change it (replacing the history entry). */
export function useListParams() {
  const location = useLocation();
  const navigate = useNavigate();
  const filter = useMemo(() => readFilter(location.search), [location.search]);
  const keyword = normaliseKeyword(new URLSearchParams(location.search).get('keyword') ?? '');
  const query: CourseListQuery = useMemo(
    () => ({
      keyword: keyword || undefined,
      collection: filter.collection,
      term: filter.term,
      courseProgress: filter.courseProgress,
      coursePriority: filter.coursePriority,
    }),
    [keyword, filter],
  );
  const setFilter = useCallback(
    (next: Partial<ListFilter>) => {
      void navigate(
        { pathname: location.pathname, search: withFilter(location.search, next), hash: location.hash },
        { replace: true, preventScrollReset: true },
      );
    },
    [location, navigate],
  );
  const clearFilters = useCallback(() => setFilter(EMPTY_FILTER), [setFilter]);
  const activeCount = activeFilterCount(filter);
  // A keyword or a filter narrows the list: an empty answer then means 'no matches'.
  const narrowed = !!keyword || activeCount > 0;
  return { filter, keyword, query, setFilter, clearFilters, activeCount, narrowed };
}
