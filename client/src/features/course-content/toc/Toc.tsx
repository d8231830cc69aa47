// The table of contents of the course player: modules as collapsible sections (aria-expanded),
// activities as links (aria-current on the open one), each with its status icon and hidden
// status text, and its score when the view gives one. Plain links and buttons, so it is keyboard operable as it is. It is not a
// navigation landmark: the shell's <main> holds the page, and navigation landmarks are kept
// out of it; the heading names the list instead.
import { useEffect, useId, useMemo, useState, type ReactNode } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { Link } from 'react-router-dom';
import type { TreeItem } from '../../../api/contracts/bff';
import { playerMessages, statusMessages } from '../messages';
import { TocScore } from '../activities/ActivityScore';
import { ancestorsOf, buildToc, type TocNode } from './buildToc';
import { TocStatusIcon } from './TocStatusIcon';

interface Props {
  items: readonly TreeItem[];
  activePath: string | undefined;
  /** The content route of an item, search parameters carried over. */
  linkTo: (path: string) => string;
  /** Called when an item is chosen (the small-screen panel closes). */
  onNavigate?: () => void;
  /** Progress bar value, 0..100, when known. */
  progressPercent?: number;
  /** Shown where the progress bar goes while it is not known (the view giving it failed). */
  progressFailed?: ReactNode;
}

function Chevron() {
  return (
    <svg viewBox="0 0 16 16" width="16" height="16" aria-hidden="true" focusable="false" className="toc__chevron">
      <path
        d="m5 6 3 3 3-3"
        fill="none"
        stroke="currentColor"
        strokeWidth="1.8"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
    </svg>
  );
}

export function Toc({ items, activePath, linkTo, onNavigate, progressPercent, progressFailed }: Props) {
  const intl = useIntl();
  const headingId = useId();
  const nodes = useMemo(() => buildToc(items), [items]);
  const [open, setOpen] = useState<ReadonlySet<string>>(() => new Set(nodes.map((n) => n.path)));
  // The active item's sections open when it changes.
  useEffect(() => {
    if (!activePath) return;
    const above = ancestorsOf(items, activePath);
    if (above.length) setOpen((current) => new Set([...current, ...above]));
  }, [activePath, items]);
  const toggle = (path: string) =>
    setOpen((current) => {
      const next = new Set(current);
      if (next.has(path)) next.delete(path);
      else next.add(path);
      return next;
    });

  const renderNode = (node: TocNode) => {
    const { item, path } = node;
    const active = path === activePath;
    const expanded = open.has(path);
    const listId = `${headingId}-${path.replace(/\W/g, '-')}`;
    const caption =
      item.status === 'comingSoon'
        ? intl.formatMessage(statusMessages.comingSoon)
        : item.status === 'belowPassingScore'
          ? intl.formatMessage(statusMessages.belowPassingScore)
          : item.proctored
            ? intl.formatMessage(playerMessages.proctored)
            : item.optional
              ? intl.formatMessage(playerMessages.optional)
              : undefined;
    // A caption that says what the status just said ('Coming soon'; 'Optional' after 'Optional,
    // not completed') is not read twice.
    const captionRepeatsStatus =
      item.status === 'comingSoon' ||
      item.status === 'belowPassingScore' ||
      (item.status === 'optional' && !item.proctored);
    return (
      <li key={path} className={`toc__item toc__item--depth-${Math.min(item.depth, 3)}`}>
        <div className={active ? 'toc__row toc__row--active' : 'toc__row'}>
          <Link
            to={linkTo(path)}
            className={item.locked ? 'toc__link toc__link--locked' : 'toc__link'}
            aria-current={active ? 'page' : undefined}
            onClick={onNavigate}
          >
            <TocStatusIcon status={item.status} withText={false} />
            <span className="toc__text">
              <bdi className="toc__name">{item.name}</bdi>
              <span className="visually-hidden">{intl.formatMessage(statusMessages[item.status])}</span>
              {caption && (
                <span className="toc__caption" aria-hidden={captionRepeatsStatus || undefined}>
                  {caption}
                </span>
              )}
            </span>
            {item.score && <TocScore score={item.score} />}
            {item.locked && (
              <svg
                className="toc__lock"
                viewBox="0 0 16 16"
                width="14"
                height="14"
                aria-hidden="true"
                focusable="false"
              >
                <rect x="3" y="7" width="10" height="7" rx="1.5" fill="currentColor" />
                <path d="M5.5 7V5a2.5 2.5 0 0 1 5 0v2" fill="none" stroke="currentColor" strokeWidth="1.5" />
              </svg>
            )}
          </Link>
          {node.children.length > 0 && (
            <button
              type="button"
              className="toc__toggle"
              aria-expanded={expanded}
              aria-controls={listId}
              aria-label={intl.formatMessage(playerMessages.toggleSection, { name: item.name })}
              onClick={() => toggle(path)}
            >
              <Chevron />
            </button>
          )}
        </div>
        {node.children.length > 0 && (
          <ul id={listId} className="toc__list toc__list--nested" hidden={!expanded}>
            {node.children.map(renderNode)}
          </ul>
        )}
      </li>
    );
  };

  return (
    <div className="toc">
      {/* Focusable from script: where focus goes when the part it was in is gone. */}
      <h2 id={headingId} className="toc__heading" tabIndex={-1}>
        <FormattedMessage {...playerMessages.contents} />
      </h2>
      {progressPercent === undefined ? (
        progressFailed
      ) : (
        <div className="toc__progress">
          <div
            className="toc__progress-bar bar-track"
            role="progressbar"
            aria-valuemin={0}
            aria-valuemax={100}
            aria-valuenow={progressPercent}
            aria-labelledby={headingId}
          >
            <span className="bar-fill" style={{ inlineSize: `${progressPercent}%` }} />
          </div>
          <span className="toc__progress-text">{intl.formatNumber(progressPercent / 100, { style: 'percent' })}</span>
        </div>
      )}
      <ul className="toc__list" aria-labelledby={headingId}>
        {nodes.map(renderNode)}
      </ul>
    </div>
  );
}
