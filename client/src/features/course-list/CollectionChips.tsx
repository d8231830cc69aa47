import { useIntl } from 'react-intl';
import { ToggleButton, ToggleButtonGroup, type Key } from 'react-aria-components';
import type { CollectionChip } from '../../api/contracts/bff';
import { courseListMessages as m } from './messages';

interface Props {
  collections: readonly CollectionChip[];
  selected: readonly string[];
  onChange: (selected: string[]) => void;
}

/** The collection tag chips: toggles of the `collection` filter, several at once. */
export function CollectionChips({ collections, selected, onChange }: Props) {
  const intl = useIntl();
  if (collections.length === 0) return null;
  return (
    <ToggleButtonGroup
      className="chips"
      aria-label={intl.formatMessage(m.collectionsLabel)}
      selectionMode="multiple"
      selectedKeys={selected}
      onSelectionChange={(keys: Set<Key>) => onChange([...keys].map(String))}
    >
      {collections.map((chip) => (
        <ToggleButton key={chip.id} id={chip.id} className="chip">
          {chip.uncategorized || !chip.name ? intl.formatMessage(m.uncategorized) : chip.name}
        </ToggleButton>
      ))}
    </ToggleButtonGroup>
  );
}

/** The label of a collection, naming the synthetic 'uncategorized' one. */
export function useCollectionName() {
  const intl = useIntl();
  return (chip: CollectionChip) => (chip.uncategorized || !chip.name ? intl.formatMessage(m.uncategorized) : chip.name);
}
