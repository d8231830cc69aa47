// The open catalog (spec section 2, public): visitors without a session search the catalog
// courses and open a course's public page. Keyword and collections live in the URL.
import { useMemo } from 'react';
import { defineMessages, useIntl } from 'react-intl';
import type { CatalogCard } from '../../api/contracts/bff';
import { usePublicCatalog } from '../../api/hooks';
import { ErrorState } from '../../ui/ErrorState';
import { LoadingState } from '../../ui/LoadingState';
import { PageHeading } from '../../ui/PageHeading';
import { CourseCard } from '../course-card';
import {
  CollectionChips,
  NoMatches,
  PAGE_SIZE,
  PagedCourseGrid,
  SearchBox,
  SearchEmptyArt,
  useFiltersUnavailable,
  useKeywordSearch,
  useListParams,
} from '../course-list';

const m = defineMessages({
  title: {
    id: 'openCatalog.title',
    defaultMessage: 'Course catalog',
    description: 'Heading of the public open catalog page (visitors who are not signed in)',
  },
  subtitle: {
    id: 'openCatalog.subtitle',
    defaultMessage: 'Explore the courses on offer. Sign in to add a course to your courses.',
    description: 'Short line under the open catalog heading',
  },
  searchLabel: {
    id: 'openCatalog.search.label',
    defaultMessage: 'Search courses',
    description: 'Label of the keyword search box of the open catalog',
  },
  listLabel: {
    id: 'openCatalog.list.label',
    defaultMessage: 'Courses',
    description: 'Accessible name of the list of course cards in the open catalog',
  },
  resultsCount: {
    id: 'openCatalog.results.count',
    defaultMessage: '{count, plural, =0 {No courses} one {# course} other {# courses}}',
    description: 'Announced after the open catalog list loads: how many courses match',
  },
  loadFailed: {
    id: 'openCatalog.loadFailed',
    defaultMessage: 'The catalog could not be loaded.',
    description: 'Shown when the open catalog failed to load; a retry button follows',
  },
  emptyTitle: {
    id: 'openCatalog.empty.title',
    defaultMessage: 'No courses are on offer right now',
    description: 'Shown when the open catalog has no course (without search)',
  },
  emptyHint: {
    id: 'openCatalog.empty.hint',
    defaultMessage: 'Please come back later.',
    description: 'Hint under the empty open catalog title',
  },
});

const renderCard = (card: CatalogCard) => <CourseCard kind="catalog" card={card} />;
const cardKey = (card: CatalogCard) => card.objectiveId;

export default function OpenCatalogPage() {
  const intl = useIntl();
  const { input, setInput } = useKeywordSearch();
  const { filter, keyword, setFilter } = useListParams();
  // The open catalog filters by keyword and collection only.
  const query = useMemo(
    () => ({ keyword: keyword || undefined, collection: filter.collection }),
    [keyword, filter.collection],
  );
  const { data, error, isLoading, mutate } = usePublicCatalog({ ...query, skip: 0, take: PAGE_SIZE });
  const current = isLoading ? undefined : data;
  const applied = useMemo(() => (current ? { collection: current.collectionsApplied } : undefined), [current]);
  useFiltersUnavailable(current?.filtersUnavailable, applied);

  let body;
  if (error && !data) {
    body = <ErrorState title={intl.formatMessage(m.loadFailed)} onRetry={() => void mutate()} />;
  } else if (!data) {
    body = <LoadingState />;
  } else if (data.items.length === 0) {
    body =
      keyword || filter.collection.length > 0 ? (
        <NoMatches keyword={keyword} />
      ) : (
        <div className="empty-state">
          <SearchEmptyArt />
          <h2 className="empty-state__title">{intl.formatMessage(m.emptyTitle)}</h2>
          <p>{intl.formatMessage(m.emptyHint)}</p>
        </div>
      );
  } else {
    body = (
      <PagedCourseGrid
        key={JSON.stringify(query)}
        first={data}
        query={query}
        useView={usePublicCatalog}
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
