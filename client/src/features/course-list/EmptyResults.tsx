import { useIntl } from 'react-intl';
import { courseListMessages as m } from './messages';

/** A keyword search or the filters found nothing, with the way out: clearing the search (when
 *  there is a keyword) or the filters. */
export function NoMatches({
  keyword,
  onClearSearch,
  onClearFilters,
}: {
  keyword: string;
  onClearSearch: () => void;
  onClearFilters?: () => void;
}) {
  const intl = useIntl();
  return (
    <div className="empty-state">
      <SearchEmptyArt />
      <h2 className="empty-state__title">
        {keyword ? intl.formatMessage(m.noMatchTitle, { keyword }) : intl.formatMessage(m.noFilterMatchTitle)}
      </h2>
      <p>{intl.formatMessage(keyword ? m.noMatchHint : m.noFilterMatchHint)}</p>
      {keyword ? (
        <button type="button" className="button button--secondary" onClick={onClearSearch}>
          {intl.formatMessage(m.clearSearch)}
        </button>
      ) : (
        onClearFilters && (
          <button type="button" className="button button--secondary" onClick={onClearFilters}>
            {intl.formatMessage(m.clearFilters)}
          </button>
        )
      )}
    </div>
  );
}

export function SearchEmptyArt() {
  return (
    <svg className="empty-state__art" aria-hidden="true" focusable="false" viewBox="0 0 96 96" width="96" height="96">
      <circle cx="48" cy="48" r="46" fill="var(--muted-surface)" />
      <circle cx="44" cy="44" r="16" fill="none" stroke="var(--accent)" strokeWidth="5" />
      <path d="m56 56 14 14" stroke="var(--accent)" strokeWidth="6" strokeLinecap="round" />
    </svg>
  );
}
