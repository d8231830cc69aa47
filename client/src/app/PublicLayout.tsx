// Public pages (open catalog, shared certificate): logo, a catalog-only menu, no user menu,
// and no session (their 401 handler is skipped: they call only public routes).
import { useIntl } from 'react-intl';
import { NavLink, Outlet } from 'react-router-dom';
import { useUiConfigContext } from './context';
import { appMessages } from './messages';

export function PublicLayout() {
  const intl = useIntl();
  const config = useUiConfigContext();
  return (
    <div className="shell shell--public">
      <a className="skip-link" href="#main">
        {intl.formatMessage(appMessages.skipToMain)}
      </a>
      <header className="shell__header">
        <span className="shell__product">{config.productName}</span>
        <nav aria-label={intl.formatMessage(appMessages.publicNavLabel)} className="public-nav">
          <NavLink to="/open-catalog">{intl.formatMessage(appMessages.openCatalog)}</NavLink>
        </nav>
      </header>
      <main id="main" className="shell__main shell__main--public" tabIndex={-1}>
        <Outlet />
      </main>
    </div>
  );
}
