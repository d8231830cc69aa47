// My courses (spec section 2): title, keyword search, collection chips, the filter drawer, the
// cards grid loaded a page at a time, and its empty states. Filters and keyword live in the URL.
import { useMemo } from 'react';
import { useIntl } from 'react-intl';
import type { CourseCard as CourseCardView } from '../../api/contracts/bff';
import { useMyCourses } from '../../api/hooks';
import { useAppContext } from '../../app/context';
import { ErrorState } from '../../ui/ErrorState';
import { LoadingState } from '../../ui/LoadingState';
import { PageHeading } from '../../ui/PageHeading';
import { CourseCard } from '../course-card';
import {
  appliedFilter,
  CollectionChips,
  FilterDrawer,
  NoMatches,
  PAGE_SIZE,
  PagedCourseGrid,
  SearchBox,
  useFiltersUnavailable,
  useKeywordSearch,
  useListParams,
} from '../course-list';
import { NoCourses } from './EmptyState';
import { myCoursesMessages as m } from './messages';

const renderCard = (card: CourseCardView) => <CourseCard kind="enrolled" card={card} />;
const cardKey = (card: CourseCardView) => card.aggregateId || card.objectiveId;

export default function MyCoursesPage() {
  const intl = useIntl();
  const { config } = useAppContext();
  const { input, setInput } = useKeywordSearch();
  const { filter, keyword, query, setFilter, clearFilters, activeCount } = useListParams();
  const { data, error, isLoading, mutate } = useMyCourses({ ...query, skip: 0, take: PAGE_SIZE });
  // With keepPreviousData the old cards stay while a new search loads; act only on fresh answers.
  const current = isLoading ? undefined : data;
  const applied = useMemo(() => (current ? appliedFilter(current.filter) : undefined), [current]);
  useFiltersUnavailable(current?.filtersUnavailable, applied);

  let body;
  if (error && !data) {
    body = <ErrorState title={intl.formatMessage(m.loadFailed)} onRetry={() => void mutate()} />;
  } else if (!data) {
    body = <LoadingState />;
  } else if (data.items.length === 0) {
    body =
      keyword || activeCount > 0 ? <NoMatches keyword={keyword} /> : <NoCourses catalogEnabled={data.catalogEnabled} />;
  } else {
    body = (
      <PagedCourseGrid
        key={JSON.stringify(query)}
        first={data}
        query={query}
        useView={useMyCourses}
        renderItem={renderCard}
        itemKey={cardKey}
        label={intl.formatMessage(m.listLabel)}
        busy={!current}
      />
    );
  }

  const hasCourses = !!data && (data.items.length > 0 || !!keyword || activeCount > 0);
  return (
    <section className="page course-list">
      <PageHeading>{config.coursesName}</PageHeading>
      <p className="course-list__intro">{intl.formatMessage(m.subtitle)}</p>
      <div className="course-list__toolbar">
        <SearchBox label={intl.formatMessage(m.searchLabel)} value={input} onChange={setInput} />
        {hasCourses && (
          <FilterDrawer
            filter={filter}
            activeCount={activeCount}
            totalCount={current?.totalCount}
            collections={data.collections}
            terms={data.terms}
            onChange={setFilter}
            onClear={clearFilters}
          />
        )}
      </div>
      {hasCourses && (
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
