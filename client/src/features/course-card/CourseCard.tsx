// The course card (spec section 2 'Course card'): one component for My courses, the catalog,
// the open catalog and the dashboard. It renders what the view says (link, colour, status,
// result, lock, due date); it derives no rule of its own.
import type { ElementType } from 'react';
import { useIntl, type IntlShape, type MessageDescriptor } from 'react-intl';
import { Link, useLocation } from 'react-router-dom';
import type { CatalogCard, CourseCard as CourseCardView, CourseStatus, DashboardCourse } from '../../api/contracts/bff';
import { ArrowIcon, BookIcon, CalendarIcon, ClockIcon, LayersIcon, LockIcon } from './icons';
import { cardMessages as m } from './messages';
import { fromCatalogCard, fromCourseCard, fromDashboardCourse, type CardModel } from './model';
import './course-card.css';

const STATUS_MESSAGES: Record<CourseStatus, MessageDescriptor> = {
  notStarted: m.statusNotStarted,
  inProgress: m.statusInProgress,
  submitted: m.statusSubmitted,
  inGrading: m.statusInGrading,
  graded: m.statusGraded,
  gradingApproved: m.statusGradingApproved,
  finished: m.statusFinished,
};

/** Which view the card comes from; each is mapped to the one card model. */
export type CourseCardSource =
  | { kind: 'enrolled'; card: CourseCardView }
  | { kind: 'catalog'; card: CatalogCard }
  | { kind: 'dashboard'; card: DashboardCourse }
  | { kind: 'model'; card: CardModel };

export type CourseCardProps = CourseCardSource & {
  /** Heading level of the course name (2 on list pages; 3 under a dashboard section heading). */
  headingLevel?: 2 | 3 | 4;
};

export function toCardModel(source: CourseCardSource): CardModel {
  switch (source.kind) {
    case 'enrolled':
      return fromCourseCard(source.card);
    case 'catalog':
      return fromCatalogCard(source.card);
    case 'dashboard':
      return fromDashboardCourse(source.card);
    case 'model':
      return source.card;
  }
}

function clampPercent(value: number): number {
  return Math.min(100, Math.max(0, Math.round(value)));
}

function formatDate(intl: IntlShape, iso: string): string {
  return intl.formatDate(iso, { dateStyle: 'medium' });
}

/**
 * One course card. The link sits on the heading (its accessible name is the course name) and
 * stretches over the whole card with CSS, so the card is one click target without a long link name.
 */
export function CourseCard({ headingLevel = 2, ...source }: CourseCardProps) {
  const intl = useIntl();
  const card = toCardModel(source);
  const Heading = `h${headingLevel}` as ElementType;
  const enrolled = card.status !== undefined;

  return (
    <article className={`course-card${card.lock ? ' course-card--locked' : ''}`}>
      <div
        className={card.imageUrl ? 'course-card__media' : 'course-card__media course-card__media--colour'}
        style={card.imageUrl ? undefined : { backgroundColor: card.color }}
      >
        {card.imageUrl ? <img src={card.imageUrl} alt="" loading="lazy" decoding="async" /> : <BookIcon />}
        <span className="course-card__badges">
          {card.isDraft && <span className="badge badge--draft">{intl.formatMessage(m.comingSoon)}</span>}
          {card.isMandatory && <span className="badge badge--mandatory">{intl.formatMessage(m.mandatory)}</span>}
        </span>
        {card.lock && (
          <span className="course-card__lock">
            <LockIcon />
            <span className="visually-hidden">{intl.formatMessage(m.locked)}</span>
          </span>
        )}
      </div>

      <div className="course-card__body">
        {card.code && (
          <p className="course-card__code">{intl.formatMessage(m.code, { code: <bdi key="code">{card.code}</bdi> })}</p>
        )}
        <Heading className="course-card__title">
          <Link to={card.link} className="course-card__link">
            <bdi>{card.name}</bdi>
          </Link>
        </Heading>
        {card.description && (
          <p className="course-card__description">
            <bdi>{card.description}</bdi>
          </p>
        )}
        <CardMeta card={card} />
        {enrolled && card.status === 'inProgress' && <CardProgress percent={card.progressPercent ?? 0} />}
      </div>

      <CardFooter card={card} />
      {card.unreadAnnouncements !== undefined && card.unreadAnnouncements > 0 && card.announcementChannelId && (
        <UnreadAnnouncements
          count={card.unreadAnnouncements}
          channelId={card.announcementChannelId}
          course={card.name}
        />
      )}
    </article>
  );
}

/**
 * Opens the course's announcements in the chat panel (the `#chat=` hash), above the card's link.
 * Its own component: only cards with unread announcements follow the location.
 */
function UnreadAnnouncements({ count, channelId, course }: { count: number; channelId: string; course: string }) {
  const intl = useIntl();
  const { search } = useLocation();
  return (
    <Link
      className="course-card__unread"
      to={{ search, hash: `chat=${encodeURIComponent(channelId)}` }}
      preventScrollReset
      aria-label={intl.formatMessage(m.unreadAnnouncementsLabel, { count, course })}
    >
      <span aria-hidden="true" className="course-card__unread-dot" />
      {intl.formatMessage(m.unreadAnnouncements, { count })}
    </Link>
  );
}

/** Duration, tile-mode activity count, due date and the lock's message. */
function CardMeta({ card }: { card: CardModel }) {
  const intl = useIntl();
  const items = [];
  if (card.durationMinutes !== undefined && card.durationMinutes !== null) {
    items.push(
      <span key="duration">
        <ClockIcon />
        {intl.formatMessage(m.duration, { minutes: card.durationMinutes })}
      </span>,
    );
  }
  if (card.childrenCount !== undefined && card.childrenCount !== null) {
    items.push(
      <span key="activities">
        <LayersIcon />
        {intl.formatMessage(m.activities, { count: card.childrenCount })}
      </span>,
    );
  }
  if (card.dueDate) {
    const date = formatDate(intl, card.dueDate);
    items.push(
      <span key="due" className={card.overdue ? 'course-card__due course-card__due--overdue' : 'course-card__due'}>
        <CalendarIcon />
        {intl.formatMessage(card.overdue ? m.overdue : m.due, { date })}
      </span>,
    );
  }
  if (card.lock === 'willBeAvailable' && card.availabilityDate) {
    items.push(
      <span key="lock">
        <LockIcon />
        {intl.formatMessage(m.willBeAvailable, { date: formatDate(intl, card.availabilityDate) })}
      </span>,
    );
  } else if (card.lock === 'wasAvailableBefore' && card.availabilityEndDate) {
    items.push(
      <span key="lock">
        <LockIcon />
        {intl.formatMessage(m.wasAvailableBefore, { date: formatDate(intl, card.availabilityEndDate) })}
      </span>,
    );
  }
  // Spans, not a list: the cards grid is a list and its items must be the cards alone.
  return items.length ? <p className="course-card__meta">{items}</p> : null;
}

function CardProgress({ percent }: { percent: number }) {
  const intl = useIntl();
  const value = clampPercent(percent);
  const text = intl.formatNumber(value / 100, { style: 'percent' });
  return (
    <div className="course-card__progress">
      <div
        role="progressbar"
        aria-label={intl.formatMessage(m.progress)}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={value}
        aria-valuetext={text}
        className="progress bar-track"
      >
        <div className="progress__bar bar-fill" style={{ inlineSize: `${value}%` }} />
      </div>
      <span aria-hidden="true" className="course-card__percent">
        {text}
      </span>
    </div>
  );
}

/** The footer by state: status, and for a finished course its result or 'go to details'. */
function CardFooter({ card }: { card: CardModel }) {
  const intl = useIntl();
  if (card.status === undefined) {
    return (
      <footer className="course-card__footer course-card__footer--catalog">
        <span className="course-card__cue">
          {intl.formatMessage(m.viewCourse)}
          <ArrowIcon />
        </span>
      </footer>
    );
  }
  const { result } = card;
  const finished = card.status === 'finished';
  const hasResult =
    !!result &&
    ((result.passed !== undefined && result.passed !== null) ||
      (result.scorePercent !== undefined && result.scorePercent !== null) ||
      !!result.grade);
  return (
    <footer className={`course-card__footer course-card__footer--${card.status}`}>
      <span className="course-card__status">
        <span className="course-card__dot" aria-hidden="true" />
        {intl.formatMessage(STATUS_MESSAGES[card.status])}
      </span>
      {finished && result && !card.gradeHidden && (
        <>
          {result.passed !== undefined && result.passed !== null && (
            <span className={result.passed ? 'result result--passed' : 'result result--failed'}>
              {intl.formatMessage(result.passed ? m.passed : m.failed)}
            </span>
          )}
          {result.scorePercent !== undefined && result.scorePercent !== null && (
            <span className={`score score--${result.scoreColor ?? 'accent'}`}>
              {intl.formatMessage(m.score, {
                score: intl.formatNumber(result.scorePercent / 100, { style: 'percent' }),
              })}
            </span>
          )}
          {result.grade && (
            <span className="course-card__grade">
              {intl.formatMessage(m.grade, { grade: <bdi key="grade">{result.grade}</bdi> })}
            </span>
          )}
        </>
      )}
      {finished && (card.gradeHidden || !hasResult) && (
        <span className="course-card__cue">
          {intl.formatMessage(m.goToDetails)}
          <ArrowIcon />
        </span>
      )}
    </footer>
  );
}
