// A module (composite activity): its children in the presentation mode the view gives — Tree
// (a list of its activities), Tiles (cards), LongRead (every child's content on one page under
// its name) or LongReadWithoutActivityNames — and 'Finish module' for its running activities.
import { useState } from 'react';
import { Button } from 'react-aria-components';
import { FormattedMessage, useIntl } from 'react-intl';
import { Link } from 'react-router-dom';
import type { ActivityView, CourseTreeView, PlayerActivity } from '../../../api/contracts/bff';
import { commandFailure } from '../../../api/useCommand';
import { showToast } from '../../../ui/toasts';
import { FinishDialog, hasWarnings } from '../flows/FinishDialog';
import { activityMessages, playerMessages } from '../messages';
import { TocStatusIcon } from '../toc/TocStatusIcon';
import { useFinishActivities } from '../usePlayerCommands';
import { ActivityBody } from './ActivityBody';
import { formatScorePercent } from './ActivityScore';

interface Props {
  view: ActivityView;
  tree: CourseTreeView;
  linkTo: (path: string) => string;
  onChanged: () => void;
}

function Meta({ child }: { child: PlayerActivity }) {
  const intl = useIntl();
  const parts = [
    child.durationMinutes ? intl.formatMessage(playerMessages.minutes, { minutes: child.durationMinutes }) : undefined,
    child.score
      ? intl.formatMessage(activityMessages.scoreInContents, { score: formatScorePercent(intl, child.score) })
      : undefined,
  ].filter(Boolean);
  return parts.length ? <span className="module-item__meta">{parts.join(' · ')}</span> : null;
}

export function CompositeActivity({ view, tree, linkTo, onChanged }: Props) {
  const intl = useIntl();
  const { children } = view;
  const mode = view.presentationMode;
  const finish = useFinishActivities(view.objectiveId, view.workflowId);
  const [confirming, setConfirming] = useState(false);
  const running = children.filter((c) => c.canFinish && c.activityWorkflowId);

  const finishModule = async () => {
    try {
      await finish.trigger({ activityWorkflowIds: running.map((c) => c.activityWorkflowId!) });
      showToast(intl.formatMessage(activityMessages.moduleFinished), 'success');
      onChanged();
    } catch (error) {
      showToast(commandFailure(error, intl)?.message ?? intl.formatMessage(activityMessages.finishFailed), 'critical');
    }
  };

  let body;
  if (mode === 'longRead' || mode === 'longReadWithoutActivityNames') {
    body = (
      <div className="long-read">
        {children.map((child) => (
          <section
            key={child.activityPathId}
            className="long-read__part"
            aria-labelledby={mode === 'longRead' ? `part-${child.activityPathId}` : undefined}
            aria-label={mode === 'longRead' ? undefined : child.name}
          >
            {mode === 'longRead' && (
              <h2 id={`part-${child.activityPathId}`} className="long-read__title">
                <bdi>{child.name}</bdi>
              </h2>
            )}
            {child.kind === 'composite' ? (
              <Link to={linkTo(child.activityPathId)}>
                <bdi>{child.name}</bdi>
              </Link>
            ) : (
              <ActivityBody view={view} activity={child} tree={tree} onChanged={onChanged} />
            )}
          </section>
        ))}
      </div>
    );
  } else {
    body = (
      <ul
        className={mode === 'tiles' ? 'module-tiles' : 'module-list'}
        aria-label={intl.formatMessage(activityMessages.activities)}
      >
        {children.map((child) => (
          <li key={child.activityPathId} className={mode === 'tiles' ? 'module-tile' : 'module-item'}>
            <Link to={linkTo(child.activityPathId)} className="module-item__link">
              <TocStatusIcon status={child.status} />
              <span className="module-item__text">
                <bdi className="module-item__name">{child.name}</bdi>
                <Meta child={child} />
              </span>
            </Link>
          </li>
        ))}
      </ul>
    );
  }

  return (
    <div className={`composite composite--${mode}`}>
      {body}
      {running.length > 0 && mode !== 'longRead' && mode !== 'longReadWithoutActivityNames' && (
        <div className="activity-actions">
          <Button
            className="button button--secondary"
            isPending={finish.isMutating}
            onPress={() => (hasWarnings(view.finishCheck) ? setConfirming(true) : void finishModule())}
          >
            <FormattedMessage {...activityMessages.finishModule} />
          </Button>
          <FinishDialog
            kind="module"
            check={view.finishCheck}
            isOpen={confirming}
            onOpenChange={setConfirming}
            onConfirm={() => void finishModule()}
          />
        </div>
      )}
    </div>
  );
}
