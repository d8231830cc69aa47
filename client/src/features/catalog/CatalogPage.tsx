// The catalog (spec section 2): keyword, collection chips and filters like My courses (all in
// the URL), and cards that lead to the catalog course page.
import { useMemo } from 'react';
import { useIntl } from 'react-intl';
import { Link } from 'react-router-dom';
import type { CatalogCard } from '../../api/contracts/bff';
import { useCatalog } from '../../api/hooks';
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
  SearchEmptyArt,
  useFiltersUnavailable,
  useKeywordSearch,
  useListParams,
} from '../course-list';
import { catalogMessages as m } from './messages';

const renderCard = (card: CatalogCard) => <CourseCard kind="catalog" card={card} />;
const cardKey = (card: CatalogCard) => card.objectiveId;

export default function CatalogPage() {
  const intl = useIntl();
  const { input, setInput } = useKeywordSearch();
  const { filter, keyword, query, setFilter, clearFilters, activeCount } = useListParams();
  const { data, error, isLoading, mutate } = useCatalog({ ...query, skip: 0, take: PAGE_SIZE });
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
      keyword || activeCount > 0 ? (
        <NoMatches keyword={keyword} />
      ) : (
        <div className="empty-state">
          <SearchEmptyArt />
          <h2 className="empty-state__title">{intl.formatMessage(m.emptyTitle)}</h2>
          <p>{intl.formatMessage(m.emptyHint)}</p>
          <Link to="/courses" className="button button--primary">
            {intl.formatMessage(m.toMyCourses)}
          </Link>
        </div>
      );
  } else {
    body = (
      <PagedCourseGrid
        key={JSON.stringify(query)}
        first={data}
        query={query}
        useView={useCatalog}
        renderItem={renderCard}
        itemKey={cardKey}
        label={intl.formatMessage(m.listLabel)}
        busy={!current}
      />
    );
  }

  return (
    <section className="page course-list">
      <PageHeading>{intl.formatMessage(m.title)}</PageHeading>
      <p className="course-list__intro">{intl.formatMessage(m.subtitle)}</p>
      <div className="course-list__toolbar">
        <SearchBox label={intl.formatMessage(m.searchLabel)} value={input} onChange={setInput} />
        {data && (
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
      {data && (
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
