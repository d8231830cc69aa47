import { useIntl } from 'react-intl';
import { Link } from 'react-router-dom';
import { myCoursesMessages as m } from './messages';

/** No courses at all: point to the catalog when there is one. */
export function NoCourses({ catalogEnabled }: { catalogEnabled: boolean }) {
  const intl = useIntl();
  return (
    <div className="empty-state">
      <h2 className="empty-state__title">{intl.formatMessage(m.emptyTitle)}</h2>
      {catalogEnabled ? (
        <>
          <p>{intl.formatMessage(m.emptyCatalogHint)}</p>
          <Link to="/catalog" className="button button--primary">
            {intl.formatMessage(m.emptyBrowseCatalog)}
          </Link>
        </>
      ) : (
        <p>{intl.formatMessage(m.emptyCatalogDisabled)}</p>
      )}
    </div>
  );
}

/** A keyword search found nothing. */
export function NoMatches({ keyword }: { keyword: string }) {
  const intl = useIntl();
  return (
    <div className="empty-state">
      <h2 className="empty-state__title">{intl.formatMessage(m.noMatchTitle, { keyword })}</h2>
      <p>{intl.formatMessage(m.noMatchHint)}</p>
    </div>
  );
}
