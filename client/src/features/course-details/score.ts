// How a score of the view is written: the percent, and the points unless the view left them out.
import type { IntlShape } from 'react-intl';
import type { ScoreDisplay } from '../../api/contracts/bff';
import { detailsMessages } from './messages';

/** The score as a percentage. Shown beside other text, it goes in a `<bdi>`: in Arabic the
 *  number format puts left-to-right marks around `%`, and unisolated they pull the number that
 *  follows (`92% · 92 of 100 points`) into the percentage's run, out of order. */
export function formatPercent(intl: IntlShape, score: ScoreDisplay): string {
  return intl.formatNumber(score.percent / 100, { style: 'percent', maximumFractionDigits: 0 });
}

export function formatPoints(intl: IntlShape, score: ScoreDisplay): string | undefined {
  return score.points ? intl.formatMessage(detailsMessages.points, score.points) : undefined;
}

/** A date of a view (RFC 3339) in the learner's locale and time zone. */
export function formatDay(intl: IntlShape, value: string | undefined | null): string | undefined {
  if (!value) return undefined;
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? undefined : intl.formatDate(date, { dateStyle: 'medium' });
}
