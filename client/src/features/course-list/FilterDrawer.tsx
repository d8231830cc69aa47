// The filter bar of a course list (spec section 2): the Filters button with a count dot and a
// clear-filters button that is disabled while nothing is selected. The side sheet itself is a
// lazy chunk, loaded when the learner first opens it; one that cannot be fetched says so in its
// place, and is fetched again at the next opening.
import { useState } from 'react';
import { useIntl } from 'react-intl';
import type { CollectionChip, TermOption } from '../../api/contracts/bff';
import type { ListFilter } from './listParams';
import { lazyPart } from '../../app/lazyPart';
import { OptionalPart } from '../../app/OptionalPart';
import { PartUnavailable } from '../../app/PartUnavailable';
import { uiMessages } from '../../ui/messages';
import { courseListMessages as m } from './messages';

const FilterSheet = lazyPart(() => import(/* webpackChunkName: "filter-sheet" */ './FilterSheet'));

export interface FilterBarProps {
  filter: ListFilter;
  activeCount: number;
  /** Courses matching now, for the sheet's close button. */
  totalCount: number | undefined;
  collections: readonly CollectionChip[];
  terms: readonly TermOption[];
  onChange: (next: Partial<ListFilter>) => void;
  onClear: () => void;
}

export function FilterDrawer(props: FilterBarProps) {
  const intl = useIntl();
  const [open, setOpen] = useState(false);
  const { activeCount, onClear } = props;
  return (
    <div className="filter-bar">
      <button
        type="button"
        className="button button--secondary filter-bar__open"
        aria-haspopup="dialog"
        aria-expanded={open}
        onClick={() => setOpen(true)}
      >
        <FilterIcon />
        {intl.formatMessage(m.filtersButton)}
        {activeCount > 0 && (
          <span className="count-badge" aria-hidden="true">
            {intl.formatNumber(activeCount)}
          </span>
        )}
        {activeCount > 0 && (
          <span className="visually-hidden">{`, ${intl.formatMessage(m.filtersActive, { count: activeCount })}`}</span>
        )}
      </button>
      <button type="button" className="button button--quiet" disabled={activeCount === 0} onClick={onClear}>
        {intl.formatMessage(m.clearFilters)}
      </button>
      {open && (
        <OptionalPart
          failure={
            <PartUnavailable
              floating
              closeLabel={intl.formatMessage(uiMessages.close)}
              onClose={() => setOpen(false)}
            />
          }
        >
          <FilterSheet {...props} onClose={() => setOpen(false)} />
        </OptionalPart>
      )}
    </div>
  );
}

function FilterIcon() {
  return (
    <svg aria-hidden="true" focusable="false" viewBox="0 0 24 24" width="18" height="18">
      <path d="M4 6h16M7 12h10M10 18h4" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
    </svg>
  );
}
