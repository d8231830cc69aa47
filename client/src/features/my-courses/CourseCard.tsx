import { useIntl, type MessageDescriptor } from 'react-intl';
import { Link } from 'react-router-dom';
import type { CourseCard as Card, CourseStatus } from '../../api/contracts/bff';
import { cardMessages } from './messages';

const STATUS_MESSAGES: Record<CourseStatus, MessageDescriptor> = {
  notStarted: cardMessages.statusNotStarted,
  inProgress: cardMessages.statusInProgress,
  submitted: cardMessages.statusSubmitted,
  inGrading: cardMessages.statusInGrading,
  graded: cardMessages.statusGraded,
  gradingApproved: cardMessages.statusGradingApproved,
  finished: cardMessages.statusFinished,
};

function clampPercent(value: number): number {
  return Math.min(100, Math.max(0, Math.round(value)));
}

/**
 * One course card. The link sits on the heading (its accessible name is the course name) and
 * stretches over the whole card with CSS, so the card is clickable without a long link name.
 */
export function CourseCard({ card }: { card: Card }) {
  const intl = useIntl();
  const progress = clampPercent(card.progressPercent);
  const { result } = card;
  return (
    <article className="course-card">
      <div className="course-card__media" style={card.imageUrl ? undefined : { backgroundColor: card.color }}>
        {card.imageUrl && <img src={card.imageUrl} alt="" loading="lazy" />}
        {card.isDraft && <span className="badge badge--draft">{intl.formatMessage(cardMessages.comingSoon)}</span>}
      </div>
      <div className="course-card__body">
        <h2 className="course-card__title">
          <Link to={card.link} className="course-card__link">
            {card.name}
          </Link>
        </h2>
        {card.code && <p className="course-card__code">{intl.formatMessage(cardMessages.code, { code: card.code })}</p>}
        <p className="course-card__tags">
          {card.isMandatory && <span className="tag">{intl.formatMessage(cardMessages.mandatory)}</span>}
          {card.durationMinutes !== undefined && card.durationMinutes !== null && (
            <span className="course-card__duration">
              {intl.formatMessage(cardMessages.duration, { minutes: card.durationMinutes })}
            </span>
          )}
        </p>
        <div className="course-card__progress">
          <div
            role="progressbar"
            aria-label={intl.formatMessage(cardMessages.progress)}
            aria-valuemin={0}
            aria-valuemax={100}
            aria-valuenow={progress}
            aria-valuetext={intl.formatNumber(progress / 100, { style: 'percent' })}
            className="progress"
          >
            <div className="progress__bar" style={{ inlineSize: `${progress}%` }} />
          </div>
          <span aria-hidden="true">{intl.formatNumber(progress / 100, { style: 'percent' })}</span>
        </div>
      </div>
      <footer className={`course-card__footer course-card__footer--${card.status}`}>
        <span>{intl.formatMessage(STATUS_MESSAGES[card.status])}</span>
        {card.status === 'finished' && result && (
          <>
            {result.passed !== undefined && result.passed !== null && (
              <span className={result.passed ? 'result result--passed' : 'result result--failed'}>
                {intl.formatMessage(result.passed ? cardMessages.passed : cardMessages.failed)}
              </span>
            )}
            {result.scorePercent !== undefined && result.scorePercent !== null && (
              <span className={`score score--${result.scoreColor ?? 'accent'}`}>
                {intl.formatMessage(cardMessages.score, {
                  score: intl.formatNumber(result.scorePercent / 100, { style: 'percent' }),
                })}
              </span>
            )}
            {result.grade && <span>{intl.formatMessage(cardMessages.grade, { grade: result.grade })}</span>}
          </>
        )}
      </footer>
    </article>
  );
}
