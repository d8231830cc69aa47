// The open catalog (spec section 2, public): visitors without a session search the catalog
// courses and open a course's public page. Keyword and collections live in the URL.
import { useMemo } from 'react';
import { defineMessages, useIntl } from 'react-intl';
import type { CatalogCard, PublicCatalogView } from '../../api/contracts/bff';
import { usePublicCatalog } from '../../api/hooks';
import { CourseCard } from '../course-card';
import { CourseListScreen, SearchEmptyArt, useListParams } from '../course-list';

const m = defineMessages({
  title: {
    id: 'openCatalog.title',
    defaultMessage: 'Course catalog',
    description: 'Heading of the public open catalog page (visitors who are not signed in)',
  },
  subtitle: {
    id: 'openCatalog.subtitle',
    defaultMessage: 'Explore the courses on offer. Open one to see what it covers and how to add it to your courses.',
    description:
      'Short line under the open catalog heading, read by visitors and by learners who are signed in alike (a course page says how to add it)',
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
const appliedOf = (view: PublicCatalogView) => ({ collection: view.collectionsApplied });

export default function OpenCatalogPage() {
  const intl = useIntl();
  const params = useListParams();
  const { filter, keyword } = params;
  // The open catalog filters by keyword and collection only.
  const query = useMemo(
    () => ({ keyword: keyword || undefined, collection: filter.collection }),
    [keyword, filter.collection],
  );
  return (
    <CourseListScreen
      heading={intl.formatMessage(m.title)}
      messages={m}
      params={params}
      query={query}
      useView={usePublicCatalog}
      renderItem={renderCard}
      itemKey={cardKey}
      appliedOf={appliedOf}
      narrowed={!!keyword || filter.collection.length > 0}
      empty={() => (
        <div className="empty-state">
          <SearchEmptyArt />
          <h2 className="empty-state__title">{intl.formatMessage(m.emptyTitle)}</h2>
          <p>{intl.formatMessage(m.emptyHint)}</p>
        </div>
      )}
    />
  );
}
