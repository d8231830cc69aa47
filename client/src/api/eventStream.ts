// Server-sent events over fetch: the gateway's streams (chat, tutor) need the anti-forgery
// header and, for the tutor, a POST body, which the browser's EventSource cannot send. The
// event-stream format is parsed by `eventsource-parser`; this only feeds it the response body.
import { createParser, type EventSourceMessage } from 'eventsource-parser';
import { ApiError, apiFetchResponse, type RequestOptions } from './http';

export type StreamEvent = EventSourceMessage;

/**
 * Opens `path` as an event stream and calls `onEvent` for each event until the stream ends
 * (resolves) or `options.signal` aborts it (rejects with an AbortError). A non-2xx answer
 * rejects with an ApiError before any event.
 */
export async function readEventStream(
  path: string,
  onEvent: (event: StreamEvent) => void,
  options: RequestOptions & { lastEventId?: string } = {},
): Promise<void> {
  const headers: Record<string, string> = { Accept: 'text/event-stream' };
  if (options.lastEventId) headers['Last-Event-ID'] = options.lastEventId;
  const response = await apiFetchResponse(path, { ...options, headers });
  if (!response.body) throw new ApiError(response.status, undefined, 'The stream has no body');
  const parser = createParser({ onEvent });
  const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) return;
      parser.feed(value);
    }
  } finally {
    reader.releaseLock();
  }
}
