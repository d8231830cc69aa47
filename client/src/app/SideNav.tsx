import { useIntl } from 'react-intl';
import { NavLink } from 'react-router-dom';
import type { UiConfig } from '../api/contracts/bff';
import { appMessages } from './messages';

/** Sidebar navigation; NavLink marks the active item with aria-current="page". */
export function SideNav({ config }: { config: UiConfig }) {
  const intl = useIntl();
  return (
    <nav aria-label={intl.formatMessage(appMessages.navigationLabel)} className="side-nav">
      <ul>
        {config.dashboardEnabled && (
          <li>
            <NavLink to="/" end>
              {intl.formatMessage(appMessages.navDashboard)}
            </NavLink>
          </li>
        )}
        <li>
          <NavLink to="/courses">{config.coursesName}</NavLink>
        </li>
        {config.catalogEnabled && (
          <li>
            <NavLink to="/catalog">{intl.formatMessage(appMessages.navCatalog)}</NavLink>
          </li>
        )}
        {config.calendarEnabled && (
          <li>
            <NavLink to="/calendar">{intl.formatMessage(appMessages.navCalendar)}</NavLink>
          </li>
        )}
      </ul>
    </nav>
  );
}
