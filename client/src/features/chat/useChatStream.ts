// The live chat: while `enabled`, one stream of new messages from /api/bff/chat/stream,
// reconnected after a pause with the last message's id, so nothing is missed. Each new
// message revalidates the channel list and the open channel.
import { useEffect, useRef } from 'react';
import { useSWRConfig } from 'swr';
import type { ChatMessage } from '../../api/contracts/bff';
import { readEventStream } from '../../api/eventStream';
import { UnauthorizedError } from '../../api/http';
import { keyMatches, keys } from '../../api/keys';

/** Pause before reconnecting a stream that ended or failed. */
export const RECONNECT_MS = 3000;

export function useChatStream(enabled: boolean, onMessage: (message: ChatMessage) => void) {
  const { mutate } = useSWRConfig();
  const handler = useRef(onMessage);
  handler.current = onMessage;

  useEffect(() => {
    if (!enabled) return;
    const controller = new AbortController();
    let lastEventId: string | undefined;
    let timer: ReturnType<typeof setTimeout> | undefined;
    let stopped = false;
    const connect = async () => {
      try {
        await readEventStream(
          '/api/bff/chat/stream',
          (event) => {
            if (event.event === 'session-ended') {
              stopped = true;
              return;
            }
            if (event.event !== 'message') return;
            if (event.id) lastEventId = event.id;
            const message = JSON.parse(event.data) as ChatMessage;
            handler.current(message);
            void mutate((key) => keyMatches(key, keys.chatChannels()));
            void mutate((key) => keyMatches(key, keys.chatChannel(message.channelId)));
          },
          { signal: controller.signal, lastEventId },
        );
      } catch (error) {
        if (controller.signal.aborted || error instanceof UnauthorizedError) return;
      }
      if (!stopped && !controller.signal.aborted) timer = setTimeout(() => void connect(), RECONNECT_MS);
    };
    void connect();
    return () => {
      controller.abort();
      if (timer) clearTimeout(timer);
    };
  }, [enabled, mutate]);
}
