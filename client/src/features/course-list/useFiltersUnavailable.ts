import { useEffect } from 'react';
import { useIntl } from 'react-intl';
import { useLocation, useNavigate } from 'react-router-dom';
import { showToast } from '../../ui/toasts';
import { FILTER_PARAMS, readFilter, withFilter, type ListFilter } from './listParams';
import { courseListMessages as m } from './messages';

/**
 * When the gateway dropped filter values it did not know (spec section 5), shows the 'filters
 * unavailable' toast once and takes the dropped values out of the URL, keeping what it applied.
 * `applied` is the filter of the view's answer; `flagged` its `filtersUnavailable`.
 */
export function useFiltersUnavailable(flagged: boolean | undefined, applied: Partial<ListFilter> | undefined) {
  const intl = useIntl();
  const location = useLocation();
  const navigate = useNavigate();
  useEffect(() => {
    if (!flagged || !applied) return;
    const inUrl = readFilter(location.search);
    // Only while the URL still holds values the answer did not apply (once per bad URL).
    const dropped = FILTER_PARAMS.some(
      (name) => applied[name] !== undefined && inUrl[name].some((value) => !applied[name]!.includes(value as never)),
    );
    if (!dropped) return;
    const kept: Partial<ListFilter> = {};
    for (const name of FILTER_PARAMS) {
      if (applied[name] !== undefined) {
        (kept as Record<string, string[]>)[name] = inUrl[name].filter((value) =>
          applied[name]!.includes(value as never),
        );
      }
    }
    showToast(intl.formatMessage(m.filtersUnavailable), 'info');
    void navigate(
      { pathname: location.pathname, search: withFilter(location.search, kept), hash: location.hash },
      { replace: true, preventScrollReset: true },
    );
  }, [flagged, applied, location, navigate, intl]);
}
