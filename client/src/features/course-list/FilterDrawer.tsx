// The filter side sheet of a course list (spec section 2): progress, priority, term and
// collection as checkbox groups, a count dot on its button and a clear-filters button that is
// disabled while nothing is selected. Changes apply at once (they are URL parameters).
import type { ReactNode } from 'react';
import { useIntl } from 'react-intl';
import {
  Button,
  Checkbox,
  CheckboxGroup,
  Dialog,
  DialogTrigger,
  Heading,
  Label,
  Modal,
  ModalOverlay,
} from 'react-aria-components';
import type { CollectionChip, CoursePriority, CourseProgress, TermOption } from '../../api/contracts/bff';
import { useCollectionName } from './CollectionChips';
import { PRIORITY_VALUES, PROGRESS_VALUES, type ListFilter } from './listParams';
import { courseListMessages as m } from './messages';

interface Props {
  filter: ListFilter;
  activeCount: number;
  /** Courses matching now, for the panel's close button. */
  totalCount: number | undefined;
  collections: readonly CollectionChip[];
  terms: readonly TermOption[];
  onChange: (next: Partial<ListFilter>) => void;
  onClear: () => void;
}

const PROGRESS_LABELS = { notStarted: m.notStarted, inProgress: m.inProgress, completed: m.completed } as const;
const PRIORITY_LABELS = { mandatory: m.mandatory, optional: m.optional } as const;

export function FilterDrawer({ filter, activeCount, totalCount, collections, terms, onChange, onClear }: Props) {
  const intl = useIntl();
  const collectionName = useCollectionName();
  return (
    <div className="filter-bar">
      <DialogTrigger>
        <Button className="button button--secondary filter-bar__open">
          <FilterIcon />
          {intl.formatMessage(m.filtersButton)}
          {activeCount > 0 && (
            <span className="filter-bar__dot" aria-hidden="true">
              {intl.formatNumber(activeCount)}
            </span>
          )}
          {activeCount > 0 && (
            <span className="visually-hidden">{`, ${intl.formatMessage(m.filtersActive, { count: activeCount })}`}</span>
          )}
        </Button>
        <ModalOverlay className="sheet-overlay" isDismissable>
          <Modal className="sheet">
            <Dialog className="sheet__dialog">
              {({ close }) => (
                <>
                  <header className="sheet__header">
                    <Heading slot="title" className="sheet__title">
                      {intl.formatMessage(m.filtersTitle)}
                    </Heading>
                    <Button className="sheet__close" aria-label={intl.formatMessage(m.close)} onPress={close}>
                      <span aria-hidden="true">×</span>
                    </Button>
                  </header>
                  <div className="sheet__body">
                    <FilterGroup
                      label={intl.formatMessage(m.progress)}
                      value={filter.courseProgress}
                      onChange={(v) => onChange({ courseProgress: v as CourseProgress[] })}
                    >
                      {PROGRESS_VALUES.map((value) => (
                        <FilterOption key={value} value={value}>
                          {intl.formatMessage(PROGRESS_LABELS[value])}
                        </FilterOption>
                      ))}
                    </FilterGroup>
                    <FilterGroup
                      label={intl.formatMessage(m.priority)}
                      value={filter.coursePriority}
                      onChange={(v) => onChange({ coursePriority: v as CoursePriority[] })}
                    >
                      {PRIORITY_VALUES.map((value) => (
                        <FilterOption key={value} value={value}>
                          {intl.formatMessage(PRIORITY_LABELS[value])}
                        </FilterOption>
                      ))}
                    </FilterGroup>
                    {terms.length > 0 && (
                      <FilterGroup
                        label={intl.formatMessage(m.term)}
                        value={filter.term}
                        onChange={(v) => onChange({ term: v })}
                      >
                        {terms.map((term) => (
                          <FilterOption key={term.id} value={term.id}>
                            {term.name}
                          </FilterOption>
                        ))}
                      </FilterGroup>
                    )}
                    {collections.length > 0 && (
                      <FilterGroup
                        label={intl.formatMessage(m.collectionsLabel)}
                        value={filter.collection}
                        onChange={(v) => onChange({ collection: v })}
                      >
                        {collections.map((chip) => (
                          <FilterOption key={chip.id} value={chip.id}>
                            {collectionName(chip)}
                          </FilterOption>
                        ))}
                      </FilterGroup>
                    )}
                  </div>
                  <footer className="sheet__footer">
                    <Button className="button button--secondary" isDisabled={activeCount === 0} onPress={onClear}>
                      {intl.formatMessage(m.clearFilters)}
                    </Button>
                    <Button className="button button--primary" onPress={close}>
                      {totalCount === undefined
                        ? intl.formatMessage(m.close)
                        : intl.formatMessage(m.showResults, { count: totalCount })}
                    </Button>
                  </footer>
                </>
              )}
            </Dialog>
          </Modal>
        </ModalOverlay>
      </DialogTrigger>
      <Button className="button button--quiet" isDisabled={activeCount === 0} onPress={onClear}>
        {intl.formatMessage(m.clearFilters)}
      </Button>
    </div>
  );
}

function FilterGroup({
  label,
  value,
  onChange,
  children,
}: {
  label: string;
  value: readonly string[];
  onChange: (value: string[]) => void;
  children: ReactNode;
}) {
  return (
    <CheckboxGroup className="filter-group" value={[...value]} onChange={onChange}>
      <Label className="filter-group__label">{label}</Label>
      {children}
    </CheckboxGroup>
  );
}

function FilterOption({ value, children }: { value: string; children: ReactNode }) {
  return (
    <Checkbox value={value} className="filter-option">
      <span className="filter-option__box" aria-hidden="true">
        <svg viewBox="0 0 18 18" width="14" height="14" focusable="false">
          <polyline points="2 9 7 14 16 4" fill="none" stroke="currentColor" strokeWidth="3" />
        </svg>
      </span>
      {children}
    </Checkbox>
  );
}

function FilterIcon() {
  return (
    <svg aria-hidden="true" focusable="false" viewBox="0 0 24 24" width="18" height="18">
      <path d="M4 6h16M7 12h10M10 18h4" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
    </svg>
  );
}
