// The signed-in shell (spec section 2): skip link, header (hamburger below 970 px, logo, user
// menu), sidebar navigation, notices (in a frame, the signed-out one), breadcrumbs, main, footer, and the blocking loader of
// route changes. `children` replaces the routed page (a feature the tenant turned off is not
// found; permission routing).
import type { ReactNode } from 'react';
import { FormattedMessage } from 'react-intl';
import { Link, Outlet } from 'react-router-dom';
import { MessagesLink } from '../features/chat/MessagesLink';
import { useAppContext } from './context';
import { InsideMainContext } from './landmarks';
import { appMessages } from './messages';
import { NavDrawer } from './NavDrawer';
import { NavigationLoader, useSlowNavigation } from './NavigationLoader';
import { ShellBreadcrumbs } from './ShellBreadcrumbs';
import { ShellFooter } from './ShellFooter';
import { FrameSignInNotice } from './FrameSignIn';
import { BrowserSupportAlert, MobileWarning, OfflineNotice } from './ShellNotices';
import { SideNav, useNavItems } from './SideNav';
import { UserMenu } from './UserMenu';
import { FooterFeedback } from './Widgets';
import './shell.css';

/**
 * The product mark and name, leading to the start page. The name is the tenant's, in whatever
 * script it was given: `dir="auto"` lays it out (and cuts it short at its end) in its own
 * direction, not the page's, so 'Acme Learning' in an Arabic page reads 'Acme Lea…'.
 */
export function Logo({ productName }: { productName: string }) {
  return (
    <Link to="/" className="app-logo">
      <svg className="app-logo__mark" viewBox="0 0 32 32" width="32" height="32" aria-hidden="true" focusable="false">
        <rect width="32" height="32" rx="8" fill="var(--accent)" />
        <path d="M6 13 16 8l10 5-10 5-10-5Z" fill="#fff" />
        <path d="M10 15.5V21c0 1.5 2.7 3 6 3s6-1.5 6-3v-5.5L16 18.5l-6-3Z" fill="#fff" opacity=".85" />
      </svg>
      <span className="app-header__product" dir="auto">
        {productName}
      </span>
    </Link>
  );
}

export function AppShell({ children }: { children?: ReactNode }) {
  const { config, session } = useAppContext();
  const items = useNavItems(config, session);
  const loading = useSlowNavigation();
  return (
    <div className="app-shell">
      <a className="skip-link" href="#main">
        <FormattedMessage {...appMessages.skipToMain} />
      </a>
      <header className="app-header">
        <NavDrawer items={items} productName={config.productName} />
        <Logo productName={config.productName} />
        <MessagesLink />
        <UserMenu
          fullName={session.user.fullName}
          email={session.user.email}
          logoutUrl={session.logoutUrl || '/oidc/logout'}
        />
      </header>
      <div className={items.length ? 'app-body' : 'app-body app-body--no-nav'}>
        <SideNav items={items} />
        <div className="app-column">
          <OfflineNotice />
          <FrameSignInNotice />
          <BrowserSupportAlert />
          <MobileWarning />
          <main id="main" className="app-main" tabIndex={-1} aria-busy={loading || undefined}>
            <ShellBreadcrumbs />
            <InsideMainContext.Provider value={true}>{children ?? <Outlet />}</InsideMainContext.Provider>
          </main>
          <ShellFooter config={config}>
            <FooterFeedback />
          </ShellFooter>
        </div>
      </div>
      <NavigationLoader show={loading} />
    </div>
  );
}
