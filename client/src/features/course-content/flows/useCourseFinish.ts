// Submitting and finishing a course attempt (spec section 4 'Submitting'): submit (the gateway
// polls the asynchronous command up to a minute), then finish the objective workflow. An
// answer that was lost (network error, 5xx, refusal) is reconciled by reading the workflow
// before anything is sent again: a submit that went through is never sent twice.
import { useCallback, useState } from 'react';
import { useIntl } from 'react-intl';
import { useSWRConfig } from 'swr';
import type { FinishObjectiveResult, SubmitResult, WorkflowView } from '../../../api/contracts/bff';
import { apiFetch, problemCode } from '../../../api/http';
import { keyMatches, keys } from '../../../api/keys';
import { commandFailure } from '../../../api/useCommand';
import { courseViews } from '../usePlayerCommands';

export type FinishPhase =
  | { kind: 'idle' }
  | { kind: 'submitting' }
  | { kind: 'finishing' }
  | { kind: 'timeOver' }
  | { kind: 'failed'; message?: string }
  | { kind: 'inGrading' }
  | { kind: 'done'; certificateIssued: boolean };

const enc = encodeURIComponent;

function isTimeOver(error: unknown): boolean {
  return problemCode(error) === 'time_over';
}

export function useCourseFinish(objectiveId: string, workflowId: string) {
  const { mutate } = useSWRConfig();
  const intl = useIntl();
  const [phase, setPhase] = useState<FinishPhase>({ kind: 'idle' });

  const revalidate = useCallback(
    () =>
      Promise.all([...courseViews(objectiveId), keys.workflow(workflowId)].map((m) => mutate((k) => keyMatches(k, m)))),
    [mutate, objectiveId, workflowId],
  );

  /** The workflow as the platform has it now. */
  const readStatus = useCallback(
    async () => (await apiFetch<WorkflowView>(`/api/bff/workflows/${enc(workflowId)}`)).status,
    [workflowId],
  );

  const finish = useCallback(async () => {
    setPhase({ kind: 'finishing' });
    try {
      const result = await apiFetch<FinishObjectiveResult>(`/api/bff/workflows/${enc(workflowId)}/finish`, {
        method: 'POST',
        body: {},
      });
      await revalidate();
      setPhase({ kind: 'done', certificateIssued: result.certificateIssued });
    } catch (error) {
      const status = await readStatus().catch(() => undefined);
      await revalidate();
      if (status === 'finished') setPhase({ kind: 'done', certificateIssued: false });
      else setPhase({ kind: 'failed', message: commandFailure(error, intl)?.message });
    }
  }, [workflowId, readStatus, revalidate, intl]);

  /** Goes on from the workflow's state after a submit (sent now or earlier). */
  const continueFrom = useCallback(
    async (status: string | undefined, failure?: unknown) => {
      switch (status) {
        case 'submitted':
        case 'graded':
        case 'gradingApproved':
          return finish();
        case 'inGrading':
          await revalidate();
          return setPhase({ kind: 'inGrading' });
        case 'finished':
          await revalidate();
          return setPhase({ kind: 'done', certificateIssued: false });
        default:
          return setPhase(
            failure && isTimeOver(failure)
              ? { kind: 'timeOver' }
              : { kind: 'failed', message: failure ? commandFailure(failure, intl)?.message : undefined },
          );
      }
    },
    [finish, revalidate, intl],
  );

  const submit = useCallback(async () => {
    setPhase({ kind: 'submitting' });
    try {
      const result = await apiFetch<SubmitResult>(`/api/bff/workflows/${enc(workflowId)}/submit`, {
        method: 'POST',
        prefer: 'respond-async',
        body: {},
      });
      await continueFrom(result.state === 3 ? 'inGrading' : result.state === 6 ? 'finished' : 'submitted');
    } catch (error) {
      if (isTimeOver(error)) return setPhase({ kind: 'timeOver' });
      // The answer is lost or refused: what does the platform say now?
      const status = await readStatus().catch(() => undefined);
      await continueFrom(status === 'inProgress' ? undefined : status, error);
    }
  }, [workflowId, continueFrom, readStatus]);

  /** After 'Time over!': read the workflow again; submit again only if it is still running. */
  const checkAgain = useCallback(async () => {
    setPhase({ kind: 'submitting' });
    const status = await readStatus().catch(() => undefined);
    if (status === 'inProgress' || status === undefined) setPhase({ kind: 'timeOver' });
    else await continueFrom(status);
  }, [readStatus, continueFrom]);

  return { phase, submit, checkAgain, reset: () => setPhase({ kind: 'idle' }) };
}
