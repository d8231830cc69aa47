import { useIntl } from 'react-intl';
import type { CollectionChip } from '../../api/contracts/bff';
import { courseListMessages as m } from './messages';

interface Props {
  collections: readonly CollectionChip[];
  selected: readonly string[];
  onChange: (selected: string[]) => void;
}

/** The collection tag chips: toggle buttons (aria-pressed) of the `collection` filter. */
export function CollectionChips({ collections, selected, onChange }: Props) {
  const intl = useIntl();
  const name = useCollectionName();
  if (collections.length === 0) return null;
  const toggle = (id: string) => onChange(selected.includes(id) ? selected.filter((s) => s !== id) : [...selected, id]);
  return (
    <div className="chips" role="group" aria-label={intl.formatMessage(m.collectionsLabel)}>
      {collections.map((chip) => (
        <button
          key={chip.id}
          type="button"
          className="chip"
          aria-pressed={selected.includes(chip.id)}
          onClick={() => toggle(chip.id)}
        >
          {name(chip)}
        </button>
      ))}
    </div>
  );
}

/** The label of a collection, naming the synthetic 'uncategorized' one. */
export function useCollectionName() {
  const intl = useIntl();
  return (chip: CollectionChip) => (chip.uncategorized || !chip.name ? intl.formatMessage(m.uncategorized) : chip.name);
}
