import { useCallback, useEffect, useState } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { normaliseKeyword, SEARCH_DEBOUNCE_MS } from './keyword';

/**
 * The search box value and the applied keyword. The applied keyword lives in the URL
 * (`?keyword=`, replaced rather than pushed, other parameters and the hash kept), so reloading
 * or sharing the page restores it; typing updates it after a 500 ms pause.
 */
export function useKeywordSearch() {
  const location = useLocation();
  const navigate = useNavigate();
  const applied = normaliseKeyword(new URLSearchParams(location.search).get('keyword') ?? '');
  const [input, setInputRaw] = useState(applied);

  const apply = useCallback(
    (value: string) => {
      const next = new URLSearchParams(location.search);
      if (value) next.set('keyword', value);
      else next.delete('keyword');
      const search = next.toString().replace(/%2C/g, ',');
      void navigate(
        { pathname: location.pathname, search: search ? `?${search}` : '', hash: location.hash },
        { replace: true, preventScrollReset: true },
      );
    },
    [location, navigate],
  );

  useEffect(() => {
    if (input === applied) return;
    const timer = window.setTimeout(() => apply(input), SEARCH_DEBOUNCE_MS);
    return () => window.clearTimeout(timer);
  }, [input, applied, apply]);

  const setInput = (value: string) => setInputRaw(normaliseKeyword(value));
  /** Empties the box and drops the keyword at once (no pause: the learner asked for it). */
  const clear = () => {
    setInputRaw('');
    apply('');
  };
  return { input, setInput, clear, keyword: applied };
}
