// The filter side sheet (loaded when first opened): progress, priority, term and collection as
// checkbox groups; changes apply at once (they are URL parameters). Focus is trapped inside and
// returns to the Filters button on close.
import type { ReactNode } from 'react';
import { useIntl } from 'react-intl';
import { Button, Checkbox, CheckboxGroup, Dialog, Heading, Label, Modal, ModalOverlay } from 'react-aria-components';
import type { CoursePriority, CourseProgress } from '../../api/contracts/bff';
import { useCollectionName } from './CollectionChips';
import type { FilterBarProps } from './FilterDrawer';
import { PRIORITY_VALUES, PROGRESS_VALUES } from './listParams';
import { courseListMessages as m } from './messages';

const PROGRESS_LABELS = { notStarted: m.notStarted, inProgress: m.inProgress, completed: m.completed } as const;
const PRIORITY_LABELS = { mandatory: m.mandatory, optional: m.optional } as const;

export default function FilterSheet({
  filter,
  activeCount,
  totalCount,
  collections,
  terms,
  onChange,
  onClear,
  onClose,
}: FilterBarProps & { onClose: () => void }) {
  const intl = useIntl();
  const collectionName = useCollectionName();
  return (
    <ModalOverlay className="sheet-overlay" isDismissable isOpen onOpenChange={(open) => !open && onClose()}>
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
