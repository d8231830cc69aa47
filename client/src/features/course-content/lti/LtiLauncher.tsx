// Launches one LTI activity: the gateway starts its activity workflow and answers the resource
// link and form with the display mode; the form goes into a named iframe (embedded) or a new
// window (fullscreen). When the tool sends the learner back to `/lti-tool-callback`, the frame
// or window is closed, the result announced and the course views revalidated.
import { useCallback, useEffect, useRef, useState } from 'react';
import { Button } from 'react-aria-components';
import { FormattedMessage, useIntl } from 'react-intl';
import { useSWRConfig } from 'swr';
import type { LtiLaunch, LtiLaunchRequest } from '../../../api/contracts/bff';
import { keyMatches } from '../../../api/keys';
import { useCommand } from '../../../api/useCommand';
import { showToast } from '../../../ui/toasts';
import { FailureNotice } from '../FailureNotice';
import { launchTargetName, openLaunchWindow, showsToolCallback, submitIntoWindow, submitLaunchForm } from './launch';
import { ltiMessages } from './messages';

export interface LtiLauncherProps {
  objectiveId: string;
  workflowId: string;
  /** Absent for a course that is a single LTI activity. */
  activityPathId?: string;
  /** Activity name (the frame's title). */
  name: string;
  /** Review mode: read-only launch of the last activity workflow. */
  reviewMode: boolean;
  /** Fullscreen courses open a new window; the button says so before the launch. */
  opensWindow?: boolean;
  /** Called when the tool returned (the result may have changed). */
  onChanged: () => void;
  /** Called with the launch once the tool is loading. */
  onLaunched?: (launch: LtiLaunch) => void;
  /** Label of the button, when not the default. */
  label?: string;
}

type Running =
  | { kind: 'idle' }
  | { kind: 'frame'; launch: LtiLaunch }
  | { kind: 'window'; launch: LtiLaunch }
  | { kind: 'blocked'; launch: LtiLaunch };

/** How often an open launch window is looked at (closed, or back at the callback). */
const WINDOW_POLL_MS = 500;

export function LtiLauncher(props: LtiLauncherProps) {
  const { objectiveId, workflowId, activityPathId, name, reviewMode, opensWindow, onChanged, onLaunched } = props;
  const intl = useIntl();
  const { mutate } = useSWRConfig();
  const [running, setRunning] = useState<Running>({ kind: 'idle' });
  const [launchedOnce, setLaunchedOnce] = useState(false);
  /** Launches that failed in a row; 0 once one went through. */
  const [failures, setFailures] = useState(0);
  const frameRef = useRef<HTMLIFrameElement>(null);
  const windowRef = useRef<Window | null>(null);
  const target = launchTargetName(`${workflowId}-${activityPathId ?? 'root'}`);
  const launch = useCommand<LtiLaunch, LtiLaunchRequest>(
    `/api/bff/workflows/${encodeURIComponent(workflowId)}/launch`,
    {
      // Launching starts the activity workflow: the tree and the workflow view change.
      revalidates: [{ prefix: `/api/bff/courses/${objectiveId}` }, { prefix: `/api/bff/workflows/${workflowId}` }],
    },
  );

  const finished = useCallback(
    (announce: boolean) => {
      setRunning({ kind: 'idle' });
      if (announce) showToast(intl.formatMessage(ltiMessages.resultSent), 'success');
      void mutate(
        (key) =>
          keyMatches(key, { prefix: `/api/bff/courses/${objectiveId}` }) ||
          keyMatches(key, { prefix: `/api/bff/workflows/${workflowId}` }),
      );
      onChanged();
    },
    [intl, mutate, objectiveId, workflowId, onChanged],
  );

  // A launch window: watched until it is closed or back at the callback page.
  useEffect(() => {
    if (running.kind !== 'window') return undefined;
    const timer = window.setInterval(() => {
      const popup = windowRef.current;
      if (!popup || popup.closed) {
        window.clearInterval(timer);
        finished(false);
      } else if (showsToolCallback(popup)) {
        window.clearInterval(timer);
        popup.close();
        finished(true);
      }
    }, WINDOW_POLL_MS);
    return () => window.clearInterval(timer);
  }, [running.kind, finished]);

  /** Submits the launch into a new window; `popup` when one was opened in the click already. */
  const openInWindow = (answer: LtiLaunch, popup: Window | null) => {
    const win = popup ?? openLaunchWindow(target);
    if (!win) {
      // Blocked (the click's activation expired while the launch was prepared): the learner
      // opens it with one more click, the form is still valid.
      setRunning({ kind: 'blocked', launch: answer });
      return;
    }
    windowRef.current = win;
    submitIntoWindow(win, answer.form);
    setRunning({ kind: 'window', launch: answer });
    onLaunched?.(answer);
  };

  /** Sends the launch (again, from Try again); true once it went through. */
  const start = async (): Promise<boolean> => {
    // A course known to be fullscreen gets its window now, inside the click.
    const popup = opensWindow ? openLaunchWindow(target) : null;
    try {
      const answer = await launch.trigger({ objectiveId, activityPathId, review: reviewMode || undefined });
      setLaunchedOnce(true);
      setFailures(0);
      if (answer.displayMode === 'fullscreen') {
        openInWindow(answer, popup);
      } else {
        popup?.close();
        setRunning({ kind: 'frame', launch: answer });
        onLaunched?.(answer);
      }
      return true;
    } catch {
      popup?.close();
      setFailures((n) => n + 1);
      return false;
    }
  };

  // The frame exists once rendered: submit the form into it then.
  const frameLaunch = running.kind === 'frame' ? running.launch : null;
  useEffect(() => {
    if (frameLaunch && frameRef.current) submitLaunchForm(document, frameLaunch.form, target);
  }, [frameLaunch, target]);

  const onFrameLoad = () => {
    if (showsToolCallback(frameRef.current?.contentWindow)) finished(true);
  };

  const buttonLabel = launch.isMutating
    ? intl.formatMessage(ltiMessages.launching)
    : (props.label ??
      intl.formatMessage(
        reviewMode
          ? ltiMessages.review
          : launchedOnce
            ? ltiMessages.relaunch
            : opensWindow
              ? ltiMessages.launchWindow
              : ltiMessages.launch,
      ));

  const custom = frameLaunch?.displayMode === 'embeddedCustom';
  return (
    <div className="lti-launcher">
      {/* After a failed launch, the failure's Try again (below) stands in for this button. */}
      {running.kind !== 'frame' && failures === 0 && (
        <div className="lti-launcher__actions">
          {/* No `isPending`: react-aria announces a pending button by its id after a delay, and
              this button is gone by then (the frame replaced it), leaving an unnamed live region. */}
          <Button
            className="button button--primary lti-launcher__launch"
            isDisabled={launch.isMutating}
            onPress={() => void start()}
          >
            {buttonLabel}
          </Button>
        </div>
      )}
      <div aria-live="polite" className="lti-launcher__live">
        {running.kind === 'window' && (
          <p className="lti-launcher__notice">
            <FormattedMessage {...ltiMessages.windowOpen} />
          </p>
        )}
      </div>
      <div role="alert" className="lti-launcher__alert">
        {running.kind === 'blocked' && (
          <p className="lti-launcher__error">
            <FormattedMessage {...ltiMessages.popupBlocked} />
          </p>
        )}
      </div>
      {running.kind === 'blocked' && (
        <Button className="button button--secondary" onPress={() => openInWindow(running.launch, null)}>
          <FormattedMessage {...ltiMessages.launchWindow} />
        </Button>
      )}
      <div role="alert" className="lti-launcher__alert">
        {failures > 0 && (
          <FailureNotice
            className="failure-notice--command"
            what={intl.formatMessage(ltiMessages.launchFailed)}
            detail={launch.failure?.message}
            attempt={failures}
            onRetry={start}
            isBusy={launch.isMutating}
            claimFocus
          />
        )}
      </div>
      {frameLaunch && (
        <div className="lti-frame">
          <div className="lti-frame__bar">
            <Button className="button button--secondary" onPress={() => finished(false)}>
              <FormattedMessage {...ltiMessages.close} />
            </Button>
          </div>
          <iframe
            ref={frameRef}
            name={target}
            title={intl.formatMessage(ltiMessages.frameTitle, { name })}
            className={custom ? 'lti-frame__frame lti-frame__frame--custom' : 'lti-frame__frame'}
            style={
              custom
                ? {
                    inlineSize: frameLaunch.preferredWidth ? `${frameLaunch.preferredWidth}px` : undefined,
                    blockSize: frameLaunch.preferredHeight ? `${frameLaunch.preferredHeight}px` : undefined,
                  }
                : undefined
            }
            sandbox="allow-forms allow-scripts allow-same-origin allow-popups allow-popups-to-escape-sandbox allow-downloads"
            allow="fullscreen"
            onLoad={onFrameLoad}
          />
        </div>
      )}
    </div>
  );
}
