// My courses (spec section 2): title, keyword search, collection chips, the filter drawer, the
// cards grid loaded a page at a time, and its empty states. Filters and keyword live in the URL.
import { useIntl } from 'react-intl';
import type { CourseCard as CourseCardView, MyCoursesView } from '../../api/contracts/bff';
import { useMyCourses } from '../../api/hooks';
import { useAppContext } from '../../app/context';
import { coursesName } from '../../app/messages';
import { CourseCard } from '../course-card';
import { appliedFilter, CourseListScreen, useListParams } from '../course-list';
import { NoCourses } from './EmptyState';
import { myCoursesMessages as m } from './messages';

const renderCard = (card: CourseCardView) => <CourseCard kind="enrolled" card={card} />;
const cardKey = (card: CourseCardView) => card.aggregateId || card.objectiveId;
const appliedOf = (view: MyCoursesView) => appliedFilter(view.filter);
const emptyState = (view: MyCoursesView) => <NoCourses catalogEnabled={view.catalogEnabled} />;

export default function MyCoursesPage() {
  const { config } = useAppContext();
  const intl = useIntl();
  const params = useListParams();
  return (
    <CourseListScreen
      heading={coursesName(config.coursesName, intl)}
      messages={m}
      params={params}
      useView={useMyCourses}
      renderItem={renderCard}
      itemKey={cardKey}
      appliedOf={appliedOf}
      empty={emptyState}
      // A learner without courses gets no filters to narrow nothing.
      offersFilters={(data) => data.items.length > 0 || params.narrowed}
      filterDrawer
    />
  );
}
