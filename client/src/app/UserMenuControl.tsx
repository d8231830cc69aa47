// The user menu (react-aria MenuTrigger and Menu: the ARIA menu button pattern with arrow keys,
// Home, End, typeahead; Escape closes it and returns focus to the button): profile, a language
// submenu of the locales the tenant offers (menuitemradio), and sign out (a form POST). Its own
// chunk: see `UserMenu`.
import type { RefObject } from 'react';
import { useIntl } from 'react-intl';
import {
  Button,
  Header,
  Menu,
  MenuItem,
  MenuSection,
  MenuTrigger,
  Popover,
  Separator,
  SubmenuTrigger,
} from 'react-aria-components';
import { useLocale } from '../i18n/I18nProvider';
import { localeInfo } from '../i18n/locales';
import { useMediaQuery } from '../ui/useMediaQuery';
import { ChevronIcon, ExitIcon, GlobeIcon, UserIcon } from './icons';
import { useHandover, type Handover } from './lazyControl';
import { appMessages } from './messages';
import { AccountButtonContent } from './UserMenu';

/** Too narrow for the language submenu beside the menu (each is about 14rem): it opens below its
 *  item instead, over the menu, rather than past the screen's edge. */
export const NO_ROOM_BESIDE_MENU = '(max-width: 36rem)';

export interface UserMenuControlProps {
  fullName: string;
  email?: string;
  /** The sign-out form. */
  formRef: RefObject<HTMLFormElement | null>;
}

export default function UserMenuControl({
  fullName,
  email,
  formRef,
  handover,
}: UserMenuControlProps & { handover: Handover }) {
  const intl = useIntl();
  const { locale, offered, setLocale } = useLocale();
  const { button, open, setOpen } = useHandover(handover);
  const noRoomBeside = useMediaQuery(NO_ROOM_BESIDE_MENU);
  const profile = (
    <MenuItem
      id="profile"
      className="account-menu__item"
      href="/profile"
      textValue={intl.formatMessage(appMessages.profile)}
    >
      <UserIcon />
      {intl.formatMessage(appMessages.profile)}
    </MenuItem>
  );
  return (
    <MenuTrigger isOpen={open} onOpenChange={setOpen}>
      <Button ref={button} className="account-menu__button">
        <AccountButtonContent fullName={fullName} />
      </Button>
      <Popover className="account-menu__popover" placement="bottom end" offset={6}>
        <Menu className="account-menu__list" aria-label={intl.formatMessage(appMessages.userMenuLabel)}>
          {email ? (
            <MenuSection className="account-menu__section">
              <Header className="account-menu__who">{intl.formatMessage(appMessages.signedInAs, { email })}</Header>
              {profile}
            </MenuSection>
          ) : (
            profile
          )}
          {offered.length > 1 && (
            <SubmenuTrigger>
              <MenuItem
                id="language"
                className="account-menu__item"
                textValue={intl.formatMessage(appMessages.language)}
              >
                <GlobeIcon />
                <span className="account-menu__grow">{intl.formatMessage(appMessages.language)}</span>
                <span className="account-menu__current">{localeInfo(locale)?.nativeName ?? locale}</span>
                <ChevronIcon />
              </MenuItem>
              <Popover
                className="account-menu__popover account-menu__popover--sub"
                placement={noRoomBeside ? 'bottom end' : undefined}
                offset={noRoomBeside ? 2 : -4}
              >
                <Menu
                  className="account-menu__list"
                  aria-label={intl.formatMessage(appMessages.language)}
                  selectionMode="single"
                  disallowEmptySelection
                  selectedKeys={[locale]}
                  onAction={(key) => setLocale(String(key))}
                >
                  {offered.map((tag) => (
                    <MenuItem
                      key={tag}
                      id={tag}
                      className="account-menu__item account-menu__item--radio"
                      textValue={localeInfo(tag)?.nativeName ?? tag}
                    >
                      <span lang={tag}>{localeInfo(tag)?.nativeName ?? tag}</span>
                    </MenuItem>
                  ))}
                </Menu>
              </Popover>
            </SubmenuTrigger>
          )}
          <Separator className="account-menu__separator" />
          <MenuItem id="sign-out" className="account-menu__item" onAction={() => formRef.current?.requestSubmit()}>
            <ExitIcon />
            {intl.formatMessage(appMessages.signOut)}
          </MenuItem>
        </Menu>
      </Popover>
    </MenuTrigger>
  );
}
