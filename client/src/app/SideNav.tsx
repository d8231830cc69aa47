// The learner navigation (spec section 2 'Navigation'): dashboard when on, courses, catalog
// (default on), research projects and knowledge models (when the session view allows them),
// rooms (default off), calendar, plug-in items from the config, and go-to-portal. The same list
// is the sidebar on wide screens and the drawer behind the hamburger below 970 px.
import type { ReactNode } from 'react';
import { useIntl } from 'react-intl';
import { NavLink } from 'react-router-dom';
import type { SessionView, UiConfig } from '../api/contracts/bff';
import {
  BookIcon,
  CalendarIcon,
  DoorIcon,
  ExitIcon,
  FlaskIcon,
  GridIcon,
  HomeIcon,
  NetworkIcon,
  PuzzleIcon,
} from './icons';
import { appMessages, coursesName } from './messages';

/** One item: a route of this client (`to`) or a page elsewhere on the platform (`href`). */
export interface NavItem {
  key: string;
  label: string;
  icon: ReactNode;
  to?: string;
  href?: string;
  end?: boolean;
}

/** The items this user sees, in the spec's order. */
export function useNavItems(config: UiConfig, session: SessionView): NavItem[] {
  const intl = useIntl();
  if (session.home.kind !== 'learner') return [];
  const nav = session.navigation ?? {};
  const items: (NavItem | false | undefined)[] = [
    config.dashboardEnabled && {
      key: 'dashboard',
      label: intl.formatMessage(appMessages.navDashboard),
      icon: <HomeIcon />,
      to: '/',
      end: true,
    },
    {
      key: 'courses',
      label: coursesName(config.coursesName, intl),
      icon: <BookIcon />,
      to: '/courses',
    },
    config.catalogEnabled && {
      key: 'catalog',
      label: intl.formatMessage(appMessages.navCatalog),
      icon: <GridIcon />,
      to: '/catalog',
    },
    nav.researchProjectsUrl !== undefined && {
      key: 'research',
      label: intl.formatMessage(appMessages.navResearch),
      icon: <FlaskIcon />,
      href: nav.researchProjectsUrl,
    },
    nav.knowledgeModelsUrl !== undefined && {
      key: 'knowledge-models',
      label: intl.formatMessage(appMessages.navKnowledgeModels),
      icon: <NetworkIcon />,
      href: nav.knowledgeModelsUrl,
    },
    config.roomsEnabled && {
      key: 'rooms',
      label: intl.formatMessage(appMessages.navRooms),
      icon: <DoorIcon />,
      href: '/classroom/learner/rooms',
    },
    config.calendarEnabled && {
      key: 'calendar',
      label: intl.formatMessage(appMessages.navCalendar),
      icon: <CalendarIcon />,
      to: '/calendar',
    },
    ...(config.navPlugins ?? []).map((plugin, index) => ({
      key: `plugin-${index}`,
      label: plugin.label,
      icon: <PuzzleIcon />,
      href: plugin.url,
    })),
    nav.portalUrl !== undefined && {
      key: 'portal',
      label: intl.formatMessage(appMessages.navPortal),
      icon: <ExitIcon />,
      href: nav.portalUrl,
    },
  ];
  return items.filter((item): item is NavItem => !!item);
}

interface NavListProps {
  items: NavItem[];
  /** Called after an item is chosen (the drawer closes). */
  onNavigate?: () => void;
}

/** The navigation landmark; NavLink marks the current item with aria-current="page". */
export function NavList({ items, onNavigate }: NavListProps) {
  const intl = useIntl();
  return (
    <nav aria-label={intl.formatMessage(appMessages.navigationLabel)} className="app-nav">
      <ul className="app-nav__list">
        {items.map((item) => (
          <li key={item.key}>
            {item.to !== undefined ? (
              <NavLink className="app-nav__link" to={item.to} end={item.end} onClick={onNavigate}>
                {item.icon}
                <span>{item.label}</span>
              </NavLink>
            ) : (
              <a className="app-nav__link" href={item.href} onClick={onNavigate}>
                {item.icon}
                <span>{item.label}</span>
              </a>
            )}
          </li>
        ))}
      </ul>
    </nav>
  );
}

/**
 * Screens where the sidebar gives way to the drawer (shell.css's 970 px): whatever floats at
 * the bottom of the window there covers the page itself, not the sidebar.
 */
export const NARROW_SCREEN = '(max-width: 970px)';

/** The sidebar of wide screens (hidden below 970 px, where the drawer takes over). */
export function SideNav({ items }: { items: NavItem[] }) {
  if (!items.length) return null;
  return (
    <div className="app-sidebar">
      <NavList items={items} />
    </div>
  );
}
