// Public pages (open catalog, public course, shared certificate): logo and product name, a
// catalog-only menu (none on the shared certificate, spec section 2), no user menu, and no
// session (their 401 handler is skipped: they call only public routes).
import { useIntl } from 'react-intl';
import { Link, NavLink, Outlet, useMatch } from 'react-router-dom';
import { useUiConfigContext } from './context';
import { InsideMainContext } from './landmarks';
import { appMessages } from './messages';
import { OfflineNotice } from './ShellNotices';
import './public-layout.css';

export function PublicLayout() {
  const intl = useIntl();
  const config = useUiConfigContext();
  const certificate = useMatch('/certificate/*');
  const showMenu = !certificate && config.catalogEnabled;
  const logo = (
    <>
      <span className="public-brand__mark" aria-hidden="true">
        <svg viewBox="0 0 32 32" width="32" height="32">
          <rect width="32" height="32" rx="8" fill="currentColor" />
          <path d="M8 11l8-4 8 4-8 4-8-4z" fill="#ffffff" />
          <path d="M11 14v5c0 1.6 2.2 3 5 3s5-1.4 5-3v-5" fill="none" stroke="#ffffff" strokeWidth="2" />
        </svg>
      </span>
      <span className="public-brand__name">{config.productName}</span>
    </>
  );
  return (
    <div className="shell shell--public">
      <a className="skip-link" href="#main">
        {intl.formatMessage(appMessages.skipToMain)}
      </a>
      <header className="shell__header public-header">
        {config.catalogEnabled ? (
          <Link to="/open-catalog" className="public-brand">
            {logo}
          </Link>
        ) : (
          <span className="public-brand">{logo}</span>
        )}
        {showMenu && (
          <nav aria-label={intl.formatMessage(appMessages.publicNavLabel)} className="public-nav">
            <NavLink to="/open-catalog" end>
              {intl.formatMessage(appMessages.openCatalog)}
            </NavLink>
          </nav>
        )}
      </header>
      <OfflineNotice />
      <main id="main" className="shell__main shell__main--public" tabIndex={-1}>
        <InsideMainContext.Provider value={true}>
          <Outlet />
        </InsideMainContext.Provider>
      </main>
    </div>
  );
}
