// Course announcements and team chats (the `course-chat` section): a side sheet opened by the
// URL hash, `#chat` for the channel list and `#chat=<channelId>` for one channel, so a course
// card's unread indicator, the header button and a shared link all open the same place.
import { getLocalTimeZone, parseAbsolute, toCalendarDate, today, type CalendarDate } from '@internationalized/date';
import { Fragment, useEffect, useRef, useState, type FormEvent, type Ref } from 'react';
import { useIntl, type IntlShape } from 'react-intl';
import { Button, Dialog, Heading, Label, Modal, ModalOverlay, Text, TextArea, TextField } from 'react-aria-components';
import { useLocation, useNavigate } from 'react-router-dom';
import useSWR from 'swr';
import type { ChatChannel, ChatChannelView, ChatChannelsView, ChatMessage } from '../../api/contracts/bff';
import { fetchKey } from '../../api/hooks';
import { keys } from '../../api/keys';
import { commandFailure, useCommand } from '../../api/useCommand';
import { textDraft, useDraft } from '../../session/drafts';
import { ErrorState } from '../../ui/ErrorState';
import { LoadingState } from '../../ui/LoadingState';
import { chatMessages as m } from './messages';
import { useChatStream } from './useChatStream';
import './chat.css';

/** What the hash asks for: nothing, the list (''), or a channel id. */
export function chatTarget(hash: string): string | null {
  if (hash === '#chat') return '';
  if (hash.startsWith('#chat=')) return decodeURIComponent(hash.slice('#chat='.length));
  return null;
}

/**
 * The channel list or a channel that could not be loaded: the spec's text (section 8), or, when
 * the failure may pass, to try again in a few minutes, and Try again, which asks for it once more.
 * A refresh that fails while the list or the channel is shown (a new message, the learner back
 * on the tab) leaves it shown: SWR tries again by itself.
 */
function LoadFailed({ error, onRetry }: { error: unknown; onRetry: () => void }) {
  const intl = useIntl();
  return (
    <div className="chat__failed">
      <ErrorState
        title={intl.formatMessage(m.loadFailed)}
        description={intl.formatMessage(m.unavailable)}
        cause={error}
        onRetry={onRetry}
      />
    </div>
  );
}

function ChannelList({ onOpen }: { onOpen: (id: string) => void }) {
  const intl = useIntl();
  const { data, error, mutate } = useSWR<ChatChannelsView, unknown>(keys.chatChannels(), fetchKey);
  if (error && !data) return <LoadFailed error={error} onRetry={() => void mutate()} />;
  if (!data) return <LoadingState />;
  if (!data.channels.length) return <p className="chat__empty">{intl.formatMessage(m.noChannels)}</p>;
  return (
    <ul className="chat__channels">
      {data.channels.map((channel) => (
        <li key={channel.id}>
          <button type="button" className="chat__channel" onClick={() => onOpen(channel.id)}>
            <span className="chat__channel-name">
              <bdi>{channel.name}</bdi>
            </span>
            <span className="chat__channel-kind">
              {intl.formatMessage(channel.kind === 'team' ? m.team : m.announcements)}
            </span>
            {channel.unreadCount > 0 && (
              <span className="chat__badge">{intl.formatMessage(m.unread, { count: channel.unreadCount })}</span>
            )}
          </button>
        </li>
      ))}
    </ul>
  );
}

/** An error under the message box: what went wrong and, when known, why. */
interface SendProblem {
  message: string;
  reason?: string | undefined;
}

/**
 * What the composer says under the box when a send failed: that the message was not sent, then
 * why and what to do (the platform unavailable or the device offline, both with "try again";
 * the gateway's refusal or the field's error), each a sentence of its own in the learner's
 * language. Without a reason (a timed-out send with a code of its own, an unexpected error), only
 * that it was not sent.
 */
function sendProblem(error: unknown, intl: IntlShape): SendProblem {
  return { message: intl.formatMessage(m.sendFailed), reason: commandFailure(error, intl)?.message };
}

/**
 * The box and its Send button. A failed send keeps the text and says so under the box; Send (or
 * Enter) tries again, and editing the text takes the stale error away. While a message is on its
 * way the button is busy and neither it nor Enter sends again; what the learner types meanwhile
 * stays in the box once the message is sent (the box is emptied only when it still holds what
 * was sent).
 */
function Composer({ channel, max }: { channel: ChatChannel; max: number }) {
  const intl = useIntl();
  // What is typed is kept until it is sent, per channel (session/drafts.ts).
  const [text, setText, discardText] = useDraft(`chat:${channel.id}`, '', textDraft);
  const [problem, setProblem] = useState<SendProblem | null>(null);
  // What the box holds now, and for which channel: a send's answer comes after the render that
  // sent it, and compares what was sent with this, not with that render's text.
  const latest = useRef({ channel: channel.id, text });
  useEffect(() => {
    latest.current = { channel: channel.id, text };
  });
  // Set at once, unlike the state the button reads: two presses in one tick send once.
  const sending = useRef(false);
  const [isSending, setSending] = useState(false);
  const post = useCommand<ChatMessage, { text: string }>(
    `/api/bff/chat/channels/${encodeURIComponent(channel.id)}/messages`,
    { revalidates: [keys.chatChannel(channel.id)] },
  );
  const tooLong = text.length > max;
  const settle = () => {
    sending.current = false;
    setSending(false);
  };
  const send = async (event: FormEvent) => {
    event.preventDefault();
    if (sending.current) return;
    if (!text.trim()) {
      setProblem({ message: intl.formatMessage(m.required) });
      return;
    }
    if (tooLong) return;
    sending.current = true;
    setSending(true);
    // A second failure is announced anew.
    setProblem(null);
    let answered = false;
    try {
      // Emptied once the message is taken, not when the channel's page is back: the stream may
      // show the message first, and the composer still holding it invites sending it twice.
      await post.trigger(
        { text },
        {
          onAnswered: () => {
            answered = true;
            // Edited while on its way: the newer text stays, still a draft. (When the box shows
            // another channel by then, the sent channel's draft is forgotten, as it always was.)
            const now = latest.current;
            if (now.channel !== channel.id || now.text === text) discardText();
            settle();
          },
        },
      );
    } catch (error) {
      // Taken, and only the channel's refresh failed: the message is sent, nothing to say.
      if (answered) return;
      settle();
      setProblem(sendProblem(error, intl));
    }
  };
  if (!channel.canPost) return <p className="chat__readonly">{intl.formatMessage(m.readOnly)}</p>;
  return (
    <form className="chat__composer" onSubmit={(event) => void send(event)}>
      {/* `aria`, not the native validation: an invalid box would stop the form's submit, and with
          it every press of Send after one failed send. */}
      <TextField
        className="chat__field"
        value={text}
        onChange={(next) => {
          setText(next);
          setProblem(null);
        }}
        isInvalid={tooLong || !!problem}
        validationBehavior="aria"
      >
        <Label className="visually-hidden">{intl.formatMessage(m.message)}</Label>
        {/* What is typed takes its own direction (an English message in an Arabic page). */}
        <TextArea
          dir="auto"
          rows={2}
          placeholder={intl.formatMessage(m.message)}
          onKeyDown={(event) => {
            if (event.key === 'Enter' && !event.shiftKey) {
              event.preventDefault();
              event.currentTarget.form?.requestSubmit();
            }
          }}
        />
        {(tooLong || problem) && (
          <Text slot="errorMessage" className="chat__error" role="alert">
            {tooLong ? (
              intl.formatMessage(m.maxLength, { length: max })
            ) : (
              <>
                <span className="chat__error-line">{problem?.message}</span>
                {problem?.reason && (
                  <>
                    {' '}
                    <span className="chat__error-line">{problem.reason}</span>
                  </>
                )}
              </>
            )}
          </Text>
        )}
      </TextField>
      <Button type="submit" className="button button--primary" isPending={isSending}>
        {intl.formatMessage(m.send)}
      </Button>
    </form>
  );
}

/** The calendar day of a message in the learner's time zone; null without a time. */
function dayOf(created: string | undefined, timeZone: string): CalendarDate | null {
  if (!created) return null;
  try {
    return toCalendarDate(parseAbsolute(created, timeZone));
  } catch {
    return null;
  }
}

/** 'today', 'yesterday' (in the learner's language), else the weekday and date, with the year when not this one. */
function dayLabel(day: CalendarDate, timeZone: string, intl: IntlShape): string {
  const now = today(timeZone);
  const ago = now.compare(day);
  if (ago === 0 || ago === 1) return intl.formatRelativeTime(-ago, 'day', { numeric: 'auto' });
  return intl.formatDate(day.toDate(timeZone), {
    weekday: 'long',
    month: 'long',
    day: 'numeric',
    year: day.year === now.year ? undefined : 'numeric',
  });
}

/**
 * A channel's messages, with the day written above the first message of each day (in the
 * learner's time zone) and only the time on each message, as chat apps show them. The day
 * lines are for the eye: a screen reader reads each message's full date and time instead,
 * so a list read or searched message by message never loses its date.
 */
function MessageLog({
  messages,
  label,
  ref,
}: {
  messages: readonly ChatMessage[];
  label: string;
  ref: Ref<HTMLOListElement>;
}) {
  const intl = useIntl();
  const timeZone = intl.timeZone ?? getLocalTimeZone();
  const days = messages.map((message) => dayOf(message.created, timeZone));
  return (
    <ol className="chat__messages" ref={ref} aria-label={label}>
      {messages.map((message, index) => {
        const day = days[index];
        const before = days[index - 1];
        return (
          <Fragment key={message.id}>
            {day && (!before || before.compare(day) !== 0) && (
              <li className="chat__day" aria-hidden="true">
                <span className="chat__day-label">{dayLabel(day, timeZone, intl)}</span>
              </li>
            )}
            <li className={message.mine ? 'chat__message chat__message--mine' : 'chat__message'}>
              <span className="chat__author">
                {message.mine ? intl.formatMessage(m.you) : <bdi>{message.authorName}</bdi>}
              </span>
              {/* Plain text, never HTML, in its author's language (not necessarily the page's). */}
              <p className="chat__text" dir="auto">
                {message.text}
              </p>
              {message.created && (
                <time className="chat__time" dateTime={message.created}>
                  <span aria-hidden="true">{intl.formatTime(message.created, { timeStyle: 'short' })}</span>
                  <span className="visually-hidden">
                    {intl.formatDate(message.created, { dateStyle: 'medium', timeStyle: 'short' })}
                  </span>
                </time>
              )}
            </li>
          </Fragment>
        );
      })}
    </ol>
  );
}

function ChannelView({ id }: { id: string }) {
  const intl = useIntl();
  const { data, error, mutate } = useSWR<ChatChannelView, unknown>(keys.chatChannel(id), fetchKey);
  const read = useCommand(`/api/bff/chat/channels/${encodeURIComponent(id)}/read`, {
    revalidates: [keys.chatChannels(), { path: '/api/bff/my-courses' }, { path: '/api/bff/dashboard' }],
  });
  const newest = data?.messages[data.messages.length - 1]?.seq ?? 0;
  const marked = useRef(0);
  useEffect(() => {
    // Opening a channel (and every new message while it is open) reads it.
    if (newest > marked.current && data && newest > data.lastReadSeq) {
      marked.current = newest;
      void read.trigger({ seq: newest }).catch(() => undefined);
    }
  }, [newest, data, read]);
  const log = useRef<HTMLOListElement>(null);
  useEffect(() => {
    log.current?.lastElementChild?.scrollIntoView?.({ block: 'end' });
  }, [newest]);

  if (error && !data) return <LoadFailed error={error} onRetry={() => void mutate()} />;
  if (!data) return <LoadingState />;
  return (
    <div className="chat__room">
      <Heading level={3} className="chat__room-name">
        {data.channel.name}
        <span className="chat__channel-kind">
          {intl.formatMessage(data.channel.kind === 'team' ? m.team : m.announcements)}
        </span>
      </Heading>
      {data.messages.length === 0 ? (
        <p className="chat__empty">{intl.formatMessage(m.noMessages)}</p>
      ) : (
        <MessageLog messages={data.messages} label={data.channel.name} ref={log} />
      )}
      <Composer channel={data.channel} max={data.maxMessageChars} />
    </div>
  );
}

/** Mounted by the signed-in layout; opens when the hash says so. */
export function ChatPanel() {
  const intl = useIntl();
  const location = useLocation();
  const navigate = useNavigate();
  const target = chatTarget(location.hash);
  const [announcement, setAnnouncement] = useState('');
  useChatStream(target !== null, (message) => {
    if (!message.mine)
      setAnnouncement(intl.formatMessage(m.newMessage, { author: message.authorName, text: message.text }));
  });
  const go = (hash: string) =>
    void navigate({ pathname: location.pathname, search: location.search, hash }, { replace: true });
  const close = () => go('');

  return (
    <>
      <p className="visually-hidden" role="status" aria-live="polite">
        {target !== null ? announcement : ''}
      </p>
      <ModalOverlay
        className="chat__overlay"
        isOpen={target !== null}
        isDismissable
        onOpenChange={(open) => {
          if (!open) close();
        }}
      >
        <Modal className="chat__sheet">
          <Dialog className="chat__dialog" aria-labelledby="chat-title">
            <header className="chat__header">
              {target ? (
                <Button className="chat__back" onPress={() => go('#chat')}>
                  <span aria-hidden="true" className="chat__back-arrow">
                    ‹
                  </span>
                  {intl.formatMessage(m.back)}
                </Button>
              ) : (
                <Heading slot="title" id="chat-title" className="chat__title">
                  {intl.formatMessage(m.title)}
                </Heading>
              )}
              {target && (
                <Heading slot="title" id="chat-title" className="visually-hidden">
                  {intl.formatMessage(m.title)}
                </Heading>
              )}
              <Button className="chat__close" aria-label={intl.formatMessage(m.close)} onPress={close}>
                <span aria-hidden="true">×</span>
              </Button>
            </header>
            {target ? (
              <ChannelView id={target} />
            ) : (
              <ChannelList onOpen={(id) => go(`#chat=${encodeURIComponent(id)}`)} />
            )}
          </Dialog>
        </Modal>
      </ModalOverlay>
    </>
  );
}

export default ChatPanel;
