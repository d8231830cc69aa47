// The one way the client sends a command: POST with `Prefer`, problem field errors mapped
// for forms, and exactly the keys the command changes revalidated afterwards.
import { useCallback } from 'react';
import { useIntl, type IntlShape } from 'react-intl';
import { useSWRConfig } from 'swr';
import useSWRMutation from 'swr/mutation';
import { uiMessages } from '../ui/messages';
import { isOffline } from '../ui/useOnline';
import { ApiError, apiFetch, isTransientFailure, problemCode, type PreferMode } from './http';
import { refusalText } from './refusals';
import { keyMatches, type KeyMatch } from './keys';

export interface CommandOptions<Result> {
  /** `respond-sync` (default) waits for the result; `respond-async` lets the gateway poll. */
  prefer?: PreferMode;
  /** The cached views this command changes; revalidated after it succeeds. */
  revalidates?: readonly KeyMatch[] | ((result: Result) => readonly KeyMatch[]);
  /** HTTP method; commands are POST unless the route says otherwise. */
  method?: 'POST' | 'PUT' | 'DELETE';
}

/** Messages per field of a refused command, and the first message to show. */
export interface CommandFailure {
  /** The answer's status; 0 when no answer came at all. */
  status: number;
  fieldErrors: Record<string, string[]>;
  /**
   * What to show, in the learner's language: the first real message of the LMS (spec section
   * 8); else a refusal of the gateway's own, by its code ({@link refusalText}); when the LMS is
   * unavailable for now, the portal's own 'try again in a few minutes' rather than the gateway's
   * English detail; else the detail when it is the LMS's words (`command_failed`). Nothing
   * otherwise (a command that timed out, the gateway's own English texts, the status's reason
   * phrase 'Internal Server Error'): the caller says what failed.
   */
  message: string | undefined;
}

/**
 * Codes of the 504 answers that end a command the LMS took but did not finish in time: the
 * command's own outcome ('Time over!', the enrolment not visible yet), not the LMS unavailable.
 * Their text is the client's own (each caller's fallback, in the learner's language), not the
 * gateway's English detail.
 */
const COMMAND_TIMEOUTS = new Set(['time_over', 'enrollment_not_visible']);

/** The code of a failed command whose detail is the LMS's first message (spec section 8). */
const LMS_WORDS = 'command_failed';

/** Reads a failed command's problem into what a form or toast shows. */
export function commandFailure(error: unknown, intl: IntlShape): CommandFailure | undefined {
  const unavailable = () => intl.formatMessage(uiMessages.commandUnavailable);
  if (!(error instanceof ApiError)) {
    // No answer at all (the network failed): as transient as an unavailable LMS, and said so
    // plainly when the device has no network at all.
    if (!isTransientFailure(error)) return undefined;
    const message = isOffline() ? intl.formatMessage(uiMessages.commandOffline) : unavailable();
    return { status: 0, fieldErrors: {}, message };
  }
  const fieldErrors = error.problem?.fieldErrors ?? {};
  const first = Object.values(fieldErrors)
    .flat()
    .find((text) => text.trim() !== '');
  const code = problemCode(error);
  const timedOut = code !== undefined && COMMAND_TIMEOUTS.has(code);
  // The detail is shown only when it is the LMS's own words: every other text of the gateway
  // is English, which the caller's fallback says in the learner's language.
  const said = () =>
    isTransientFailure(error) ? unavailable() : code === LMS_WORDS ? error.problem?.detail : undefined;
  const message = first ?? refusalText(error.problem, intl) ?? (timedOut ? undefined : said());
  return { status: error.status, fieldErrors, message };
}

/** What a caller does at once when its command succeeded, before the views are revalidated. */
export interface TriggerOptions<Result> {
  /**
   * Called with the result as soon as the command answered, before the revalidated views come
   * back: a composer empties here, so a sent message (pushed by the stream meanwhile) is never
   * shown both in the list and still in the composer, where a second press would send it again.
   */
  onAnswered?: (result: Result) => void;
}

/**
 * `const enroll = useCommand<EnrollResult>(path, { revalidates: [...] })`, then
 * `await enroll.trigger(body)`; `enroll.isMutating` is the pending state of the button that
 * started it and `enroll.failure` what went wrong. `path` null disables it.
 */
export function useCommand<Result, Body = unknown>(path: string | null, options: CommandOptions<Result> = {}) {
  const { mutate } = useSWRConfig();
  const intl = useIntl();
  const { prefer = 'respond-sync', revalidates = [], method = 'POST' } = options;
  const mutation = useSWRMutation<Result, unknown, readonly [string, string, string] | null, Body | undefined>(
    path ? (['command', method, path] as const) : null,
    ([, , url], { arg }) => apiFetch<Result>(url, { method, prefer, body: arg ?? {} }),
    { throwOnError: true },
  );
  const send = mutation.trigger as (body: Body | undefined) => Promise<Result>;
  const trigger = useCallback(
    async (body?: Body, { onAnswered }: TriggerOptions<Result> = {}): Promise<Result> => {
      const result = await send(body);
      onAnswered?.(result);
      const matches = typeof revalidates === 'function' ? revalidates(result) : revalidates;
      await Promise.all(
        // One argument: revalidate in place, keeping the shown data until the new answer.
        matches.map((match) => mutate((key) => keyMatches(key, match))),
      );
      return result;
    },
    // eslint-disable-next-line react-hooks/exhaustive-deps -- `revalidates` is usually an inline array; its content, not its identity, matters
    [send, mutate, JSON.stringify(typeof revalidates === 'function' ? null : revalidates)],
  );
  return {
    trigger,
    isMutating: mutation.isMutating,
    error: mutation.error,
    failure: commandFailure(mutation.error, intl),
    reset: mutation.reset,
  };
}
