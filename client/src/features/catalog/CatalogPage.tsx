// The catalog (spec section 2): keyword, collection chips and filters like My courses (all in
// the URL), and cards that lead to the catalog course page.
import { useIntl } from 'react-intl';
import { Link } from 'react-router-dom';
import type { CatalogCard, CatalogView } from '../../api/contracts/bff';
import { useCatalog } from '../../api/hooks';
import { CourseCard } from '../course-card';
import { appliedFilter, CourseListScreen, SearchEmptyArt, useListParams } from '../course-list';
import { catalogMessages as m } from './messages';

const renderCard = (card: CatalogCard) => <CourseCard kind="catalog" card={card} />;
const cardKey = (card: CatalogCard) => card.objectiveId;
const appliedOf = (view: CatalogView) => appliedFilter(view.filter);

export default function CatalogPage() {
  const intl = useIntl();
  const params = useListParams();
  return (
    <CourseListScreen
      heading={intl.formatMessage(m.title)}
      messages={m}
      params={params}
      useView={useCatalog}
      renderItem={renderCard}
      itemKey={cardKey}
      appliedOf={appliedOf}
      empty={() => (
        <div className="empty-state">
          <SearchEmptyArt />
          <h2 className="empty-state__title">{intl.formatMessage(m.emptyTitle)}</h2>
          <p>{intl.formatMessage(m.emptyHint)}</p>
          <Link to="/courses" className="button button--primary">
            {intl.formatMessage(m.toMyCourses)}
          </Link>
        </div>
      )}
      filterDrawer
    />
  );
}
