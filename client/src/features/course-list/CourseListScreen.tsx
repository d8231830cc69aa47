// The frame the three course lists share (My courses, the catalog, the open catalog, spec section
// 2): heading and intro, the keyword search with the screen's filter controls, the collection
// chips, the announced result count, and the body (error, loading, empty, no matches, or the
// cards loaded a page at a time). Each screen brings its view hook, its messages, its empty
// state and which filters it offers.
import { useMemo, type ReactNode } from 'react';
import { useIntl, type MessageDescriptor } from 'react-intl';
import type { SWRResponse } from 'swr';
import type { CollectionChip, TermOption } from '../../api/contracts/bff';
import type { CourseListQuery } from '../../api/keys';
import { ErrorState } from '../../ui/ErrorState';
import { LoadingState } from '../../ui/LoadingState';
import { PageHeading } from '../../ui/PageHeading';
import { CollectionChips } from './CollectionChips';
import { NoMatches } from './EmptyResults';
import { FilterDrawer } from './FilterDrawer';
import type { ListFilter, useListParams } from './listParams';
import { PAGE_SIZE, PagedCourseGrid } from './PagedCourseGrid';
import { SearchBox } from './SearchBox';
import { useFiltersUnavailable } from './useFiltersUnavailable';
import { useKeywordSearch } from './useKeywordSearch';

interface ListScreenView<T> {
  items: T[];
  totalCount: number;
  collections: CollectionChip[];
  /** The terms of the filter drawer (views without the drawer have none). */
  terms?: TermOption[];
  filtersUnavailable: boolean;
}

interface Props<T, V extends ListScreenView<T>> {
  heading: ReactNode;
  /** The screen's texts: the intro line, the search label, the list's name, the announced count
   * (`{count}`) and the load failure. */
  messages: Record<'subtitle' | 'searchLabel' | 'listLabel' | 'resultsCount' | 'loadFailed', MessageDescriptor>;
  /** The keyword and filters in the URL (`useListParams`). */
  params: ReturnType<typeof useListParams>;
  /** The list query without paging (the URL's when left out). */
  query?: CourseListQuery;
  useView: (query: CourseListQuery) => SWRResponse<V, unknown>;
  renderItem: (item: T) => ReactNode;
  itemKey: (item: T) => string;
  /** The filter the answer applied (a stable function: it feeds a memo). */
  appliedOf: (view: V) => Partial<ListFilter>;
  /** A keyword or a filter narrows the list: an empty answer then means 'no matches' (by
   * default when the URL holds a keyword or any filter). */
  narrowed?: boolean;
  /** The empty state of a list nothing narrows. */
  empty: (view: V) => ReactNode;
  /** The filter drawer beside the search box (the open catalog has collections only). */
  filterDrawer?: boolean;
  /** Whether the filters and chips show for this answer (all answers when left out). */
  offersFilters?: (view: V) => boolean;
}

export function CourseListScreen<T, V extends ListScreenView<T>>({
  heading,
  messages: m,
  params,
  query = params.query,
  useView,
  renderItem,
  itemKey,
  appliedOf,
  narrowed = params.narrowed,
  empty,
  filterDrawer,
  offersFilters = () => true,
}: Props<T, V>) {
  const intl = useIntl();
  const { filter, keyword, setFilter, clearFilters, activeCount } = params;
  const { input, setInput, clear } = useKeywordSearch();
  const { data, error, isLoading, mutate } = useView({ ...query, skip: 0, take: PAGE_SIZE });
  // With keepPreviousData the old cards stay while a new search loads; act only on fresh answers.
  const current = isLoading ? undefined : data;
  const applied = useMemo(() => (current ? appliedOf(current) : undefined), [current, appliedOf]);
  useFiltersUnavailable(current?.filtersUnavailable, applied);

  let body;
  if (error && !data) {
    body = <ErrorState title={intl.formatMessage(m.loadFailed)} onRetry={() => void mutate()} />;
  } else if (!data) {
    body = <LoadingState />;
  } else if (data.items.length === 0) {
    body = narrowed ? (
      <NoMatches keyword={keyword} onClearSearch={clear} onClearFilters={activeCount ? clearFilters : undefined} />
    ) : (
      empty(data)
    );
  } else {
    body = (
      <PagedCourseGrid
        first={data}
        query={query}
        useView={useView}
        renderItem={renderItem}
        itemKey={itemKey}
        label={intl.formatMessage(m.listLabel)}
        busy={!current}
      />
    );
  }

  const withFilters = !!data && offersFilters(data);
  return (
    <section className="page course-list">
      <PageHeading>{heading}</PageHeading>
      <p className="course-list__intro">{intl.formatMessage(m.subtitle)}</p>
      <div className="course-list__toolbar">
        <SearchBox label={intl.formatMessage(m.searchLabel)} value={input} onChange={setInput} />
        {withFilters && filterDrawer && (
          <FilterDrawer
            filter={filter}
            activeCount={activeCount}
            totalCount={current?.totalCount}
            collections={data.collections}
            terms={data.terms ?? []}
            onChange={setFilter}
            onClear={clearFilters}
          />
        )}
      </div>
      {withFilters && (
        <CollectionChips
          collections={data.collections}
          selected={filter.collection}
          onChange={(collection) => setFilter({ collection })}
        />
      )}
      <p role="status" className="visually-hidden">
        {current ? intl.formatMessage(m.resultsCount, { count: current.totalCount }) : ''}
      </p>
      {body}
    </section>
  );
}
