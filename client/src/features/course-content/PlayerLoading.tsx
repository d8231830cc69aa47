// Loading inside the player: announced at once for screen readers, a spinner only after
// 300 ms (spec section 9 blocking-loader debounce), so a fast answer never flashes.
import { useIntl } from 'react-intl';
import { uiMessages } from '../../ui/messages';
import { useDelayed } from '../../ui/PageSkeleton';

export function PlayerLoading({ fullPage = false }: { fullPage?: boolean }) {
  const intl = useIntl();
  const show = useDelayed();
  return (
    <div role="status" aria-busy="true" className={fullPage ? 'loading loading--page' : 'loading'}>
      {show && <span className="spinner" aria-hidden="true" />}
      <span className="visually-hidden">{intl.formatMessage(uiMessages.loading)}</span>
    </div>
  );
}
