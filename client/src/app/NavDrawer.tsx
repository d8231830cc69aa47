// Below 970 px the navigation sits behind a hamburger button in a modal drawer
// (`NavDrawerControl`, its own chunk). A native button of the same look stands in for it until
// its code arrives (see `useLazyControl`).
import { useIntl } from 'react-intl';
import { MenuIcon } from './icons';
import { useLazyControl } from './lazyControl';
import { appMessages } from './messages';
import type { NavDrawerControlProps } from './NavDrawerControl';
import type { NavItem } from './SideNav';

const loadControl = () => import(/* webpackChunkName: "nav-drawer" */ './NavDrawerControl');

export function NavDrawer({ items, productName }: { items: NavItem[]; productName: string }) {
  const intl = useIntl();
  const { Control, handover, standIn } = useLazyControl<NavDrawerControlProps>(loadControl);
  if (!items.length) return null;
  if (Control) return <Control items={items} productName={productName} handover={handover} />;
  return (
    <button
      type="button"
      className="app-header__hamburger"
      aria-label={intl.formatMessage(appMessages.openNavigation)}
      aria-haspopup="dialog"
      aria-expanded="false"
      {...standIn}
    >
      <MenuIcon />
    </button>
  );
}
