// The user menu (ARIA menu button pattern): opens on click or Enter/Space/ArrowDown, moves with
// the arrow keys, Home and End, and closes on Escape (focus returns to the button), on a click
// outside, or when an item is chosen. No other key closes it.
import { useCallback, useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import { useIntl } from 'react-intl';
import { Link } from 'react-router-dom';
import { useLocale } from '../i18n/I18nProvider';
import { localeInfo } from '../i18n/locales';
import { announceSignOut } from '../session/crossTab';
import { appMessages } from './messages';

interface Props {
  fullName: string;
  logoutUrl: string;
}

const ITEM_SELECTOR = '[role="menuitem"], [role="menuitemradio"]';

export function UserMenu({ fullName, logoutUrl }: Props) {
  const intl = useIntl();
  const { locale, offered, setLocale } = useLocale();
  const [open, setOpen] = useState(false);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const menuRef = useRef<HTMLUListElement>(null);
  const containerRef = useRef<HTMLDivElement>(null);
  const menuId = useId();
  const formId = useId();

  const items = () => Array.from(menuRef.current?.querySelectorAll<HTMLElement>(ITEM_SELECTOR) ?? []);

  const close = useCallback((returnFocus: boolean) => {
    setOpen(false);
    if (returnFocus) buttonRef.current?.focus();
  }, []);

  useEffect(() => {
    if (!open) return;
    items()[0]?.focus();
    const onPointerDown = (event: PointerEvent | MouseEvent) => {
      if (!containerRef.current?.contains(event.target as Node)) close(false);
    };
    document.addEventListener('mousedown', onPointerDown);
    return () => document.removeEventListener('mousedown', onPointerDown);
  }, [open, close]);

  const onButtonKeyDown = (event: KeyboardEvent<HTMLButtonElement>) => {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      setOpen(true);
    }
  };

  const onMenuKeyDown = (event: KeyboardEvent<HTMLUListElement>) => {
    const all = items();
    const index = all.indexOf(document.activeElement as HTMLElement);
    const focusAt = (i: number) => all[(i + all.length) % all.length]?.focus();
    switch (event.key) {
      case 'Escape':
        event.preventDefault();
        close(true);
        break;
      case 'ArrowDown':
        event.preventDefault();
        focusAt(index + 1);
        break;
      case 'ArrowUp':
        event.preventDefault();
        focusAt(index - 1);
        break;
      case 'Home':
        event.preventDefault();
        focusAt(0);
        break;
      case 'End':
        event.preventDefault();
        focusAt(all.length - 1);
        break;
      default:
        break;
    }
  };

  return (
    <div className="user-menu" ref={containerRef}>
      <button
        ref={buttonRef}
        type="button"
        className="user-menu__button"
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={open ? menuId : undefined}
        onClick={() => setOpen((o) => !o)}
        onKeyDown={onButtonKeyDown}
      >
        {fullName}
        <span className="user-menu__caret" aria-hidden="true" />
      </button>
      <form id={formId} method="post" action={logoutUrl} hidden onSubmit={() => announceSignOut()} />
      {open && (
        <ul
          ref={menuRef}
          id={menuId}
          role="menu"
          aria-label={intl.formatMessage(appMessages.userMenuLabel)}
          className="user-menu__list"
          onKeyDown={onMenuKeyDown}
        >
          <li role="none">
            <Link role="menuitem" tabIndex={-1} to="/profile" onClick={() => close(false)}>
              {intl.formatMessage(appMessages.profile)}
            </Link>
          </li>
          {offered.length > 1 && (
            <>
              <li role="separator" />
              <li role="none">
                <ul role="group" aria-label={intl.formatMessage(appMessages.language)} className="user-menu__group">
                  {offered.map((tag) => (
                    <li role="none" key={tag}>
                      <button
                        type="button"
                        role="menuitemradio"
                        aria-checked={tag === locale}
                        tabIndex={-1}
                        lang={tag}
                        onClick={() => {
                          setLocale(tag);
                          close(true);
                        }}
                      >
                        {localeInfo(tag)?.nativeName ?? tag}
                      </button>
                    </li>
                  ))}
                </ul>
              </li>
            </>
          )}
          <li role="separator" />
          <li role="none">
            <button type="submit" form={formId} role="menuitem" tabIndex={-1}>
              {intl.formatMessage(appMessages.signOut)}
            </button>
          </li>
        </ul>
      )}
    </div>
  );
}
