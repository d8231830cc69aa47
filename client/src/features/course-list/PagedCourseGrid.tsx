// A long course list loaded a page at a time with the view's skip/take (the `bulk` learner has
// 500 courses): the first page comes from the screen, later pages are their own SWR keys (so a
// command that revalidates the view's path refreshes them too). The next page loads when the
// end of the list scrolls into view, or with the 'Show more' button (keyboard, no observer).
import { memo, startTransition, useEffect, useRef, useState, type ReactNode } from 'react';
import { useIntl } from 'react-intl';
import type { SWRResponse } from 'swr';
import type { CourseListQuery } from '../../api/keys';
import { ErrorState } from '../../ui/ErrorState';
import { courseListMessages as m } from './messages';

/** Cards per request; divisible by 2, 3 and 4 columns. */
export const PAGE_SIZE = 24;

interface ListView<T> {
  items: T[];
  totalCount: number;
}

interface Props<T, V extends ListView<T>> {
  /** The first page's answer (the screen also reads its chips, filters and empty states from it). */
  first: V;
  /** The list query without paging. */
  query: CourseListQuery;
  /** The view's hook; called with `skip` and `take` for later pages. */
  useView: (query: CourseListQuery) => SWRResponse<V, unknown>;
  renderItem: (item: T) => ReactNode;
  itemKey: (item: T) => string;
  label: string;
  /** The list is showing the previous answer while a new search loads. */
  busy?: boolean;
}

export function PagedCourseGrid<T, V extends ListView<T>>({
  first,
  query,
  useView,
  renderItem,
  itemKey,
  label,
  busy,
}: Props<T, V>) {
  // The pages shown belong to one query: a new keyword or filter starts again at one page. The
  // grid itself stays mounted, so a card that is in both answers keeps its element (and focus,
  // when the learner moved to it while the search was still pending).
  const queryKey = JSON.stringify(query);
  const [shown, setShown] = useState({ queryKey, pages: 1 });
  const pagesOf = (state: typeof shown) => (state.queryKey === queryKey ? state.pages : 1);
  const pages = pagesOf(shown);
  // A transition: growing a long list yields to scrolling and input instead of blocking them.
  const more = () => startTransition(() => setShown((prev) => ({ queryKey, pages: pagesOf(prev) + 1 })));

  const later = [];
  for (let page = 1; page < pages; page += 1) {
    later.push(
      <LaterPage
        key={page}
        skip={page * PAGE_SIZE}
        query={query}
        useView={useView}
        renderItem={renderItem}
        itemKey={itemKey}
      />,
    );
  }
  const controls = (state: PageState) => (
    <MoreControls
      total={first.totalCount}
      shown={Math.min(first.totalCount, (pages - 1) * PAGE_SIZE + state.count)}
      loading={state.loading}
      error={state.error}
      hasMore={!state.loading && !state.error && pages * PAGE_SIZE < first.totalCount}
      onMore={more}
      onRetry={state.retry}
    />
  );

  return (
    <>
      <ul className="course-grid" aria-label={label} aria-busy={busy}>
        <PageItems items={first.items} renderItem={renderItem} itemKey={itemKey} />
        {later}
      </ul>
      {first.totalCount > first.items.length &&
        (pages > 1 ? (
          <LastPageState skip={(pages - 1) * PAGE_SIZE} query={query} useView={useView}>
            {controls}
          </LastPageState>
        ) : (
          controls({ loading: false, error: false, count: first.items.length, retry: () => undefined })
        ))}
    </>
  );
}

interface PageState {
  loading: boolean;
  error: boolean;
  count: number;
  retry: () => void;
}

/** The state of the last page asked for (the same key as its LaterPage, so one request). */
function LastPageState<T, V extends ListView<T>>({
  skip,
  query,
  useView,
  children,
}: {
  skip: number;
  query: CourseListQuery;
  useView: (query: CourseListQuery) => SWRResponse<V, unknown>;
  children: (state: PageState) => ReactNode;
}) {
  const { data, error, isLoading, mutate } = useView({ ...query, skip, take: PAGE_SIZE });
  return children({
    loading: isLoading,
    error: !!error && !data,
    count: isLoading ? 0 : (data?.items.length ?? 0),
    retry: () => void mutate(),
  });
}

function MoreControls({
  total,
  shown,
  loading,
  error,
  hasMore,
  onMore,
  onRetry,
}: {
  total: number;
  shown: number;
  loading: boolean;
  error: boolean;
  hasMore: boolean;
  onMore: () => void;
  onRetry: () => void;
}) {
  const intl = useIntl();
  const sentinel = useRef<HTMLDivElement>(null);
  const onMoreRef = useRef(onMore);
  onMoreRef.current = onMore;
  useEffect(() => {
    const node = sentinel.current;
    if (!node || !hasMore || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) {
          observer.disconnect();
          onMoreRef.current();
        }
      },
      { rootMargin: '600px 0px' },
    );
    observer.observe(node);
    return () => observer.disconnect();
  }, [hasMore, shown]);

  return (
    <div className="course-list__more">
      <div ref={sentinel} className="course-list__sentinel" aria-hidden="true" />
      <p role="status" className="course-list__shown">
        {intl.formatMessage(m.shown, { shown: intl.formatNumber(shown), total: intl.formatNumber(total) })}
      </p>
      {error ? (
        <ErrorState title={intl.formatMessage(m.pageFailed)} onRetry={onRetry} />
      ) : (
        (hasMore || loading) && (
          <button
            type="button"
            className="button button--secondary"
            onClick={onMore}
            disabled={loading}
            data-pending={loading || undefined}
          >
            {intl.formatMessage(m.showMore)}
          </button>
        )
      )}
    </div>
  );
}

/**
 * The cards of one page. Memoised (as are later pages), so loading page n renders only its own
 * cards, not the hundreds above it.
 */
const PageItems = memo(function PageItems<T>({
  items,
  renderItem,
  itemKey,
}: {
  items: T[];
  renderItem: (item: T) => ReactNode;
  itemKey: (item: T) => string;
}) {
  return (
    <>
      {items.map((item) => (
        <li key={itemKey(item)}>{renderItem(item)}</li>
      ))}
    </>
  );
}) as <T>(props: { items: T[]; renderItem: (item: T) => ReactNode; itemKey: (item: T) => string }) => ReactNode;

const LaterPage = memo(LaterPageImpl) as typeof LaterPageImpl;

function LaterPageImpl<T, V extends ListView<T>>({
  skip,
  query,
  useView,
  renderItem,
  itemKey,
}: {
  skip: number;
  query: CourseListQuery;
  useView: (query: CourseListQuery) => SWRResponse<V, unknown>;
  renderItem: (item: T) => ReactNode;
  itemKey: (item: T) => string;
}) {
  const { data } = useView({ ...query, skip, take: PAGE_SIZE });
  if (!data) return null;
  return <PageItems items={data.items} renderItem={renderItem} itemKey={itemKey} />;
}
