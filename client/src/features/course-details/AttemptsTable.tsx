// Previous attempts (spec section 4: newest first; section 9: the score column only when the
// view says so, i.e. more than one record and the grade not hidden).
import type { ReactNode } from 'react';
import { useIntl } from 'react-intl';
import { Cell, Column, Row, Table, TableBody, TableHeader } from 'react-aria-components';
import type { AttemptRow } from '../../api/contracts/bff';
import { attemptMessages as m, detailsMessages } from './messages';
import { formatDay, formatPercent, formatPoints } from './score';

/** `unavailable`: said under the table when the earlier attempts could not be read for now. */
export function AttemptsTable({
  attempts,
  scoreColumn,
  unavailable,
}: {
  attempts: AttemptRow[];
  scoreColumn: boolean;
  unavailable?: ReactNode;
}) {
  const intl = useIntl();
  const unknown = <span className="muted">{intl.formatMessage(m.unknown)}</span>;
  return (
    <section className="details-section" aria-labelledby="attempts-heading">
      <h2 id="attempts-heading" className="details-section__heading">
        {intl.formatMessage(m.heading)}
      </h2>
      {attempts.length > 0 && (
        <div className="attempts-table__scroll">
          <Table aria-labelledby="attempts-heading" className="attempts-table">
            <TableHeader>
              <Column isRowHeader>{intl.formatMessage(m.finished)}</Column>
              {scoreColumn ? <Column>{intl.formatMessage(m.score)}</Column> : null}
              <Column>{intl.formatMessage(m.grade)}</Column>
              <Column>{intl.formatMessage(m.result)}</Column>
            </TableHeader>
            {/* The rows are re-rendered when the language (or its messages) changes. */}
            <TableBody items={attempts} dependencies={[intl]}>
              {(attempt) => (
                <Row id={attempt.id}>
                  <Cell>{formatDay(intl, attempt.finished) ?? unknown}</Cell>
                  {scoreColumn ? (
                    <Cell>
                      {attempt.score ? (
                        <span className={`score score--${attempt.score.color}`}>
                          <bdi>{formatPercent(intl, attempt.score)}</bdi>
                          {formatPoints(intl, attempt.score) && (
                            <span className="score__points"> · {formatPoints(intl, attempt.score)}</span>
                          )}
                        </span>
                      ) : (
                        unknown
                      )}
                    </Cell>
                  ) : null}
                  <Cell>{attempt.grade ?? unknown}</Cell>
                  <Cell>
                    {attempt.passed === undefined || attempt.passed === null ? (
                      unknown
                    ) : (
                      <span className={attempt.passed ? 'pill pill--success' : 'pill pill--danger'}>
                        {intl.formatMessage(attempt.passed ? detailsMessages.passed : detailsMessages.failed)}
                      </span>
                    )}
                  </Cell>
                </Row>
              )}
            </TableBody>
          </Table>
        </div>
      )}
      {unavailable}
    </section>
  );
}
