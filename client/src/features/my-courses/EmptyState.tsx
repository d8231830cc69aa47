import { useIntl } from 'react-intl';
import { Link } from 'react-router-dom';
import { myCoursesMessages as m } from './messages';

/** No courses at all: point to the catalog when there is one. */
export function NoCourses({ catalogEnabled }: { catalogEnabled: boolean }) {
  const intl = useIntl();
  return (
    <div className="empty-state">
      <svg className="empty-state__art" aria-hidden="true" focusable="false" viewBox="0 0 96 96" width="96" height="96">
        <circle cx="48" cy="48" r="46" fill="var(--muted-surface)" />
        <path
          d="M28 30a4 4 0 0 1 4-4h32v40H32a4 4 0 0 0-4 4V30Z"
          fill="var(--surface)"
          stroke="var(--accent)"
          strokeWidth="4"
        />
        <path d="M28 70a4 4 0 0 0 4 4h32" fill="none" stroke="var(--accent)" strokeWidth="4" />
      </svg>
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
