// The end of a course attempt in the player: 'Finish course' (finish dialog when something is
// still open, then the submit prompt), the waiting state while the submit polls, 'Time over!'
// with a check that reads the workflow again, then the result, grade and certificate from the
// course details view, and Start again when the course allows a retake.
import { useEffect, useRef, useState, type RefObject } from 'react';
import { Button } from 'react-aria-components';
import { FormattedMessage, useIntl } from 'react-intl';
import { Link, useNavigate } from 'react-router-dom';
import type { ActivityView, StartResult } from '../../../api/contracts/bff';
import { useCommand } from '../../../api/useCommand';
import { showToast } from '../../../ui/toasts';
import { useCourse } from '../../course-details/courseContext';
import { CourseViewFailed } from '../CourseViewFailed';
import { FailureNotice } from '../FailureNotice';
import { sendPlayerEvent } from '../events';
import { flowMessages, playerMessages } from '../messages';
import { courseViews } from '../usePlayerCommands';
import { FinishDialog, hasWarnings } from './FinishDialog';
import { SubmitDialog } from './SubmitDialog';
import { useCourseFinish } from './useCourseFinish';

const enc = encodeURIComponent;

export function CourseFinish({ view }: { view: ActivityView }) {
  const intl = useIntl();
  const { phase, submit, checkAgain, reset } = useCourseFinish(view.objectiveId, view.workflowId);
  const [dialog, setDialog] = useState<'none' | 'finish' | 'submit'>('none');
  const { course } = view;
  const finishedToast = useRef(false);

  useEffect(() => {
    if (phase.kind === 'done' && !finishedToast.current) {
      finishedToast.current = true;
      showToast(intl.formatMessage(flowMessages.finished), 'success');
    }
  }, [phase.kind, intl]);

  if (phase.kind !== 'idle')
    return (
      <FinishPanel
        view={view}
        phase={phase}
        onCheckAgain={() => void checkAgain()}
        onRetry={() => void submit()}
        onReset={reset}
      />
    );
  if (!course.canSubmit && !course.canFinish) return null;
  const begin = () => setDialog(hasWarnings(course.finishCheck) ? 'finish' : 'submit');
  return (
    <div className="course-finish">
      <p className="course-finish__hint">
        <FormattedMessage {...flowMessages.finishCourseHint} />
      </p>
      <Button className="button button--primary" onPress={course.canSubmit ? begin : () => void submit()}>
        <FormattedMessage {...flowMessages.finishCourse} />
      </Button>
      <FinishDialog
        kind="course"
        check={course.finishCheck}
        isOpen={dialog === 'finish'}
        onOpenChange={(open) => setDialog(open ? 'finish' : 'none')}
        onConfirm={() => setDialog('submit')}
      />
      <SubmitDialog
        isOpen={dialog === 'submit'}
        onOpenChange={(open) => setDialog(open ? 'submit' : 'none')}
        onSubmit={() => void submit()}
      />
    </div>
  );
}

interface PanelProps {
  view: ActivityView;
  phase: ReturnType<typeof useCourseFinish>['phase'];
  onCheckAgain: () => void;
  onRetry: () => void;
  onReset: () => void;
}

function FinishPanel({ view, phase, onCheckAgain, onRetry }: PanelProps) {
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    if (phase.kind !== 'submitting' && phase.kind !== 'finishing') heading.current?.focus();
  }, [phase.kind]);
  if (phase.kind === 'submitting' || phase.kind === 'finishing') {
    return (
      <section className="finish-panel" aria-busy="true">
        <div role="status" className="finish-panel__waiting">
          <span className="spinner" aria-hidden="true" />
          <FormattedMessage {...(phase.kind === 'submitting' ? flowMessages.submitting : flowMessages.finishing)} />
        </div>
      </section>
    );
  }
  if (phase.kind === 'timeOver') {
    return (
      <section className="finish-panel finish-panel--warning" role="alert">
        <h2 ref={heading} tabIndex={-1} className="finish-panel__title">
          <FormattedMessage {...flowMessages.timeOver} />
        </h2>
        <p>
          <FormattedMessage {...flowMessages.timeOverHint} />
        </p>
        <Button className="button button--primary" onPress={onCheckAgain}>
          <FormattedMessage {...flowMessages.checkAgain} />
        </Button>
      </section>
    );
  }
  if (phase.kind === 'failed') {
    return (
      <section className="finish-panel finish-panel--warning" role="alert">
        <h2 ref={heading} tabIndex={-1} className="finish-panel__title">
          {phase.message ?? <FormattedMessage {...flowMessages.submitFailed} />}
        </h2>
        <Button className="button button--primary" onPress={onRetry}>
          <FormattedMessage {...flowMessages.tryAgain} />
        </Button>
      </section>
    );
  }
  if (phase.kind === 'inGrading') {
    return (
      <section className="finish-panel" role="status">
        <h2 ref={heading} tabIndex={-1} className="finish-panel__title">
          <FormattedMessage {...flowMessages.inGradingTitle} />
        </h2>
        <p>
          <FormattedMessage {...flowMessages.inGradingText} />
        </p>
        <Link className="button button--secondary" to={`/courses/${enc(view.objectiveId)}`}>
          <FormattedMessage {...playerMessages.backToDetails} />
        </Link>
      </section>
    );
  }
  return <ResultPanel view={view} headingRef={heading} />;
}

function ResultPanel({ view, headingRef }: { view: ActivityView; headingRef: RefObject<HTMLHeadingElement | null> }) {
  const intl = useIntl();
  const navigate = useNavigate();
  const { course } = useCourse();
  const id = view.objectiveId;
  const retake = useCommand<StartResult>(`/api/bff/courses/${enc(id)}/start`, { revalidates: courseViews(id) });
  /** Starts of a new attempt that failed in a row. */
  const [retakeFailures, setRetakeFailures] = useState(0);
  const result = course?.result;
  const certificate = course?.certificates.find((c) => !c.expired);
  /** Starts a new attempt (again, from Try again) and goes to it; true once it started. */
  const retakeCourse = async (): Promise<boolean> => {
    try {
      const started = await retake.trigger();
      sendPlayerEvent('course_restart', { objectiveId: id, objectiveWorkflowId: started.workflowId });
      void navigate(started.url);
      return true;
    } catch {
      setRetakeFailures((n) => n + 1);
      return false;
    }
  };
  return (
    <section className="finish-panel finish-panel--result" aria-labelledby="course-result-title">
      <h2 id="course-result-title" ref={headingRef} tabIndex={-1} className="finish-panel__title">
        <FormattedMessage {...flowMessages.resultTitle} />
      </h2>
      {/* The course view gives the result: when it failed, that is said where the result goes. */}
      <CourseViewFailed part="result" focusOnSuccess={() => headingRef.current} />
      <div role="status">
        {result && !result.gradeHidden ? (
          <dl className="result-facts">
            {result.passed !== undefined && (
              <div>
                <dt className="visually-hidden">
                  <FormattedMessage {...flowMessages.resultTitle} />
                </dt>
                <dd className={result.passed ? 'result-pill result-pill--passed' : 'result-pill result-pill--failed'}>
                  <FormattedMessage {...(result.passed ? flowMessages.passed : flowMessages.failed)} />
                </dd>
              </div>
            )}
            {result.score && (
              <div>
                <dt>
                  <FormattedMessage {...flowMessages.score} />
                </dt>
                <dd className={`score score--${result.score.color}`}>
                  {intl.formatNumber(result.score.percent / 100, { style: 'percent', maximumFractionDigits: 0 })}
                </dd>
              </div>
            )}
            {result.grade && (
              <div>
                <dt>
                  <FormattedMessage {...flowMessages.grade} />
                </dt>
                <dd className="result-grade">{result.grade}</dd>
              </div>
            )}
          </dl>
        ) : (
          result?.gradeHidden && (
            <p>
              <FormattedMessage {...flowMessages.gradeHidden} />
            </p>
          )
        )}
      </div>
      <div className="finish-panel__actions">
        {certificate && (
          <Link
            className="button button--primary"
            to={`/courses/${enc(id)}/certificate/${enc(certificate.certificateNumber)}`}
          >
            <FormattedMessage {...flowMessages.certificate} />
          </Link>
        )}
        <Link className="button button--secondary" to={`/courses/${enc(id)}`}>
          <FormattedMessage {...playerMessages.backToDetails} />
        </Link>
        {/* After a failed start, the failure's Try again (below) stands in for this button. */}
        {course?.buttons.includes('retake') && retakeFailures === 0 && (
          <Button
            className="button button--secondary"
            isPending={retake.isMutating}
            onPress={() => void retakeCourse()}
          >
            <FormattedMessage {...flowMessages.retake} />
          </Button>
        )}
      </div>
      {/* In place of a toast: a toast cannot hold the Try again that repeats the start. */}
      <div role="alert">
        {retakeFailures > 0 && (
          <FailureNotice
            className="failure-notice--command"
            what={intl.formatMessage(flowMessages.restartFailed)}
            detail={retake.failure?.message}
            attempt={retakeFailures}
            onRetry={retakeCourse}
            isBusy={retake.isMutating}
            claimFocus
          />
        )}
      </div>
    </section>
  );
}
