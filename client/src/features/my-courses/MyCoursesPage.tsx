// My courses (spec section 2): title, keyword search, the cards grid and its empty states.
import { useId } from 'react';
import { useIntl } from 'react-intl';
import { useMyCourses } from '../../api/hooks';
import { useAppContext } from '../../app/context';
import { ErrorState } from '../../ui/ErrorState';
import { LoadingState } from '../../ui/LoadingState';
import { PageHeading } from '../../ui/PageHeading';
import { CourseCard } from './CourseCard';
import { NoCourses, NoMatches } from './EmptyState';
import { myCoursesMessages as m } from './messages';
import { useKeywordSearch } from './useKeywordSearch';
import './my-courses.css';

export default function MyCoursesPage() {
  const intl = useIntl();
  const { config } = useAppContext();
  const searchId = useId();
  const { input, setInput, keyword } = useKeywordSearch();
  const { data, error, isLoading, mutate } = useMyCourses({ keyword });
  // With keepPreviousData the old cards stay while a new keyword loads; announce only fresh results.
  const current = isLoading ? undefined : data;

  let body;
  if (error && !data) {
    body = <ErrorState title={intl.formatMessage(m.loadFailed)} onRetry={() => void mutate()} />;
  } else if (isLoading && !data) {
    body = <LoadingState />;
  } else if (data && data.items.length === 0) {
    body = keyword ? <NoMatches keyword={keyword} /> : <NoCourses catalogEnabled={data.catalogEnabled} />;
  } else if (data) {
    body = (
      <ul className="course-grid" aria-label={intl.formatMessage(m.listLabel)} aria-busy={!current}>
        {data.items.map((card) => (
          <li key={card.aggregateId || card.objectiveId}>
            <CourseCard card={card} />
          </li>
        ))}
      </ul>
    );
  }

  return (
    <section className="page my-courses">
      <PageHeading>{config.coursesName}</PageHeading>
      <form role="search" className="my-courses__search" onSubmit={(event) => event.preventDefault()}>
        <label htmlFor={searchId} className="visually-hidden">
          {intl.formatMessage(m.searchLabel)}
        </label>
        <input
          id={searchId}
          type="search"
          value={input}
          onChange={(event) => setInput(event.target.value)}
          placeholder={intl.formatMessage(m.searchLabel)}
          autoComplete="off"
        />
      </form>
      <p role="status" className="visually-hidden">
        {current ? intl.formatMessage(m.resultsCount, { count: current.totalCount }) : ''}
      </p>
      {body}
    </section>
  );
}
