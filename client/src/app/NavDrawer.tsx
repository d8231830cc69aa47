// Below 970 px the navigation sits behind a hamburger button in a modal drawer (react-aria
// Dialog in a Modal: focus trapped inside, Escape or a click outside closes it, focus returns
// to the button). Choosing an item closes it too.
import { useState } from 'react';
import { useIntl } from 'react-intl';
import { Button, Dialog, DialogTrigger, Modal, ModalOverlay } from 'react-aria-components';
import { CloseIcon, MenuIcon } from './icons';
import { appMessages } from './messages';
import { NavList, type NavItem } from './SideNav';

export function NavDrawer({ items, productName }: { items: NavItem[]; productName: string }) {
  const intl = useIntl();
  const [open, setOpen] = useState(false);
  if (!items.length) return null;
  return (
    <DialogTrigger isOpen={open} onOpenChange={setOpen}>
      <Button className="app-header__hamburger" aria-label={intl.formatMessage(appMessages.openNavigation)}>
        <MenuIcon />
      </Button>
      <ModalOverlay className="nav-drawer__overlay" isDismissable>
        <Modal className="nav-drawer">
          <Dialog className="nav-drawer__dialog" aria-label={intl.formatMessage(appMessages.navigationLabel)}>
            <div className="nav-drawer__head">
              <span className="app-header__product">{productName}</span>
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
