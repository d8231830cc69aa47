import { MessagePage } from '../../ui/MessagePage';
import { catalogMessages } from './messages';

/** Placeholder until the catalog screen is built. */
export default function CatalogPage() {
  return <MessagePage title={catalogMessages.title} text={catalogMessages.comingSoon} />;
}
