// One conversation with the AI tutor: each question's answer streamed token by token from
// POST /api/bff/tutor/answers, with its citations, a stop (abort) and the outcome.
import { useCallback, useEffect, useRef, useState } from 'react';
import { useIntl } from 'react-intl';
import { readEventStream } from '../../api/eventStream';
import { commandFailure } from '../../api/useCommand';

export interface Citation {
  source: string;
  passage: string;
}

export interface Exchange {
  id: number;
  question: string;
  answer: string;
  citations: Citation[];
  state: 'answering' | 'done' | 'stopped' | 'failed';
  /** The gateway's message when it refused the question. */
  error?: string;
}

export function useTutor(objectiveId: string) {
  const intl = useIntl();
  const [exchanges, setExchanges] = useState<Exchange[]>([]);
  const abort = useRef<AbortController | null>(null);
  const nextId = useRef(1);

  useEffect(() => () => abort.current?.abort(), []);

  const update = (id: number, change: (e: Exchange) => Exchange) =>
    setExchanges((all) => all.map((e) => (e.id === id ? change(e) : e)));

  const ask = useCallback(
    async (question: string) => {
      abort.current?.abort();
      const controller = new AbortController();
      abort.current = controller;
      const id = nextId.current++;
      setExchanges((all) => [...all, { id, question, answer: '', citations: [], state: 'answering' }]);
      try {
        let ended = false;
        await readEventStream(
          '/api/bff/tutor/answers',
          (event) => {
            const data = JSON.parse(event.data || '{}') as {
              text?: string;
              source?: string;
              passage?: string;
              message?: string;
            };
            if (event.event === 'token') update(id, (e) => ({ ...e, answer: e.answer + (data.text ?? '') }));
            else if (event.event === 'citation' && data.passage)
              update(id, (e) => ({
                ...e,
                citations: [...e.citations, { source: data.source ?? '', passage: data.passage! }],
              }));
            else if (event.event === 'done') {
              ended = true;
              update(id, (e) => ({ ...e, state: 'done' }));
            } else if (event.event === 'error') {
              ended = true;
              update(id, (e) => ({ ...e, state: 'failed', error: data.message }));
            }
          },
          { method: 'POST', body: { objectiveId, question }, signal: controller.signal },
        );
        if (!ended) update(id, (e) => ({ ...e, state: 'failed' }));
      } catch (error) {
        if (controller.signal.aborted) {
          update(id, (e) => ({ ...e, state: e.state === 'answering' ? 'stopped' : e.state }));
        } else {
          const message = commandFailure(error, intl)?.message;
          update(id, (e) => ({ ...e, state: 'failed', error: message }));
        }
      }
    },
    [objectiveId, intl],
  );

  const stop = useCallback(() => abort.current?.abort(), []);
  const answering = exchanges.some((e) => e.state === 'answering');
  return { exchanges, ask, stop, answering };
}
