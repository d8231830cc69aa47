// The breadcrumb bar (react-aria Breadcrumbs; the last crumb is the current page, with
// aria-current). Its own chunk: see `ShellBreadcrumbs`. A crumb is often a course's name, in
// the script the LMS gave it: each keeps its own direction (`dir="auto"`), so an English name in
// an Arabic page is cut short at its end.
import { useIntl } from 'react-intl';
import { Breadcrumb, Breadcrumbs, Link } from 'react-aria-components';
import { appMessages } from './messages';
import type { Crumb } from './ShellBreadcrumbs';

export default function CrumbBar({ crumbs }: { crumbs: readonly Crumb[] }) {
  const intl = useIntl();
  return (
    <nav className="app-breadcrumbs" aria-label={intl.formatMessage(appMessages.breadcrumbs)}>
      <Breadcrumbs className="app-breadcrumbs__list">
        {crumbs.map((crumb, index) => (
          <Breadcrumb key={`${index}-${crumb.href ?? 'current'}`} className="app-breadcrumbs__item">
            <Link dir="auto" href={index === crumbs.length - 1 ? undefined : crumb.href}>
              {crumb.label}
            </Link>
          </Breadcrumb>
        ))}
      </Breadcrumbs>
    </nav>
  );
}
