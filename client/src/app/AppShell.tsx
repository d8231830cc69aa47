import type { ReactNode } from 'react';
import { FormattedMessage } from 'react-intl';
import { Outlet } from 'react-router-dom';
import { useAppContext } from './context';
import { appMessages } from './messages';
import { SideNav } from './SideNav';
import { UserMenu } from './UserMenu';

/**
 * Signed-in layout: skip link, header with product name and user menu, sidebar, main.
 * `children` replaces the routed page (a feature the tenant turned off is not found).
 */
export function AppShell({ children }: { children?: ReactNode }) {
  const { config, session } = useAppContext();
  return (
    <div className="shell">
      <a className="skip-link" href="#main">
        <FormattedMessage {...appMessages.skipToMain} />
      </a>
      <header className="shell__header">
        <span className="shell__product">{config.productName}</span>
        <UserMenu fullName={session.user.fullName} logoutUrl={session.logoutUrl || '/oidc/logout'} />
      </header>
      <div className="shell__body">
        <SideNav config={config} />
        <main id="main" className="shell__main" tabIndex={-1}>
          {children ?? <Outlet />}
        </main>
      </div>
    </div>
  );
}
