// The navigation drawer (react-aria Dialog in a Modal: focus trapped inside, Escape or a click
// outside closes it, focus returns to the button). Choosing an item closes it too. Its own
// chunk: see `NavDrawer`.
import { useIntl } from 'react-intl';
import { Button, Dialog, DialogTrigger, Modal, ModalOverlay } from 'react-aria-components';
import { CloseIcon, MenuIcon } from './icons';
import { useHandover, type Handover } from './lazyControl';
import { appMessages } from './messages';
import { NavList, type NavItem } from './SideNav';

export interface NavDrawerControlProps {
  items: NavItem[];
  productName: string;
}

export default function NavDrawerControl({
  items,
  productName,
  handover,
}: NavDrawerControlProps & { handover: Handover }) {
  const intl = useIntl();
  const { button, open, setOpen } = useHandover(handover);
  return (
    <DialogTrigger isOpen={open} onOpenChange={setOpen}>
      <Button
        ref={button}
        className="app-header__hamburger"
        aria-label={intl.formatMessage(appMessages.openNavigation)}
      >
        <MenuIcon />
      </Button>
      <ModalOverlay className="nav-drawer__overlay" isDismissable>
        <Modal className="nav-drawer">
          <Dialog className="nav-drawer__dialog" aria-label={intl.formatMessage(appMessages.navigationLabel)}>
            <div className="nav-drawer__head">
              <span className="app-header__product" dir="auto">
                {productName}
              </span>
              <Button
                className="nav-drawer__close"
                slot="close"
                aria-label={intl.formatMessage(appMessages.closeNavigation)}
              >
                <CloseIcon />
              </Button>
            </div>
            <NavList items={items} onNavigate={() => setOpen(false)} />
          </Dialog>
        </Modal>
      </ModalOverlay>
    </DialogTrigger>
  );
}
