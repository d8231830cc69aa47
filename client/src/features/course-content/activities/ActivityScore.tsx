// The score of an activity as the gateway's view gives it (its best record, hidden when the
// course's or the activity's results are: the view leaves it out then): the percent in the
// score's colour and, unless the maximum is 1, the points.
import { useIntl, type IntlShape } from 'react-intl';
import type { ScoreDisplay } from '../../../api/contracts/bff';
import { activityMessages } from '../messages';

export function formatScorePercent(intl: IntlShape, score: ScoreDisplay): string {
  return intl.formatNumber(score.percent / 100, { style: 'percent', maximumFractionDigits: 0 });
}

/** Under the activity's name in the player. */
export function ActivityScore({ score }: { score: ScoreDisplay }) {
  const intl = useIntl();
  return (
    <p className="activity-score">
      <span className="activity-score__label">{intl.formatMessage(activityMessages.score)}</span>{' '}
      <bdi className={`activity-score__value score--${score.color}`}>{formatScorePercent(intl, score)}</bdi>
      {score.points && (
        <>
          {' '}
          <span className="activity-score__points">
            {intl.formatMessage(activityMessages.scorePoints, {
              score: score.points.score,
              maxScore: score.points.maxScore,
            })}
          </span>
        </>
      )}
    </p>
  );
}

/** Beside an activity in the table of contents: the percent, read as 'Score: 90%'. */
export function TocScore({ score }: { score: ScoreDisplay }) {
  const intl = useIntl();
  const percent = formatScorePercent(intl, score);
  return (
    <>
      <span className={`toc__score score--${score.color}`} aria-hidden="true">
        {percent}
      </span>
      <span className="visually-hidden">
        {intl.formatMessage(activityMessages.scoreInContents, { score: percent })}
      </span>
    </>
  );
}
