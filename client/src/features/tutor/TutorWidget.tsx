// The AI tutor widget on course pages (spec sections 1 and 6): a panel beside the page where
// the learner asks about the course and reads the answer as it is written. Screen readers
// hear "answering" once and the whole answer when it is complete, not every word.
import { useEffect, useId, useRef, useState, type FormEvent, type RefObject } from 'react';
import { createPortal } from 'react-dom';
import { useIntl } from 'react-intl';
import { Button, Label, TextArea, TextField } from 'react-aria-components';
import { useCourseDetails } from '../../api/hooks';
import { useTutorSlot } from '../../app/tutorSlot';
import { textDraft, useDraft } from '../../session/drafts';
import { tutorMessages as m } from './messages';
import { useTutor, type Exchange } from './useTutor';
import './tutor.css';

function Answer({ exchange, onRetry }: { exchange: Exchange; onRetry: () => void }) {
  const intl = useIntl();
  return (
    <li className="tutor__exchange">
      {/* The question and the answer are in whatever language the learner and the tutor
          used, not necessarily the page's: each takes its direction from its own text. */}
      <p className="tutor__question">
        <span className="tutor__who">{intl.formatMessage(m.you)}</span>
        <span className="tutor__said" dir="auto">
          {exchange.question}
        </span>
      </p>
      <div className="tutor__answer" aria-busy={exchange.state === 'answering'}>
        <span className="tutor__who">{intl.formatMessage(m.tutor)}</span>
        <p dir="auto">
          {exchange.answer}
          {exchange.state === 'answering' && <span className="tutor__cursor" aria-hidden="true" />}
        </p>
        {exchange.state === 'stopped' && <p className="tutor__note">{intl.formatMessage(m.stopped)}</p>}
        {exchange.state === 'failed' && (
          <div className="tutor__failed">
            <p>{exchange.error ?? intl.formatMessage(m.failed)}</p>
            <Button className="button button--secondary" onPress={onRetry}>
              {intl.formatMessage(m.retry)}
            </Button>
          </div>
        )}
        {exchange.citations.length > 0 && (
          <details className="tutor__sources">
            <summary>{intl.formatMessage(m.sources)}</summary>
            <ul>
              {exchange.citations.map((c, i) => (
                <li key={i}>
                  <strong>{c.source}</strong>: {c.passage}
                </li>
              ))}
            </ul>
          </details>
        )}
      </div>
    </li>
  );
}

/**
 * While the panel is open, `--tutor-cover` on the root says how far up from the window's bottom
 * edge it reaches, so the page's footer can leave that much room after the page's last line
 * (`app/shell.css`): whatever the panel floats over, such as the player's Next button at the end
 * of a lesson, can still be scrolled clear of it and pressed. Kept up to date as the panel grows
 * with answers and as the window changes size.
 */
function useReservedEnd(panel: RefObject<HTMLElement | null>, open: boolean) {
  useEffect(() => {
    const element = panel.current;
    if (!open || !element) return;
    const root = document.documentElement;
    const reserve = () => {
      const cover = Math.ceil(window.innerHeight - element.getBoundingClientRect().top);
      root.style.setProperty('--tutor-cover', `${Math.max(cover, 0)}px`);
    };
    reserve();
    const observer = typeof ResizeObserver === 'undefined' ? null : new ResizeObserver(reserve);
    observer?.observe(element);
    window.addEventListener('resize', reserve);
    return () => {
      observer?.disconnect();
      window.removeEventListener('resize', reserve);
      root.style.removeProperty('--tutor-cover');
    };
  }, [panel, open]);
}

/**
 * The tutor button and panel for one course. The button floats at the bottom corner, or sits in
 * the page's slot for it when the page has one (the player's bar, the course page's actions; see
 * `app/tutorSlot.ts`). With `inPage` the page is known to hold such a place: until it is there
 * (while the page loads) the button waits for it rather than floating for a moment.
 */
export function TutorWidget({ objectiveId, inPage = false }: { objectiveId: string; inPage?: boolean }) {
  const intl = useIntl();
  const panelId = useId();
  const headingId = useId();
  const [open, setOpen] = useState(false);
  // The question is kept until it is asked, per course (session/drafts.ts).
  const [question, setQuestion, discardQuestion] = useDraft(`tutor:${objectiveId}`, '', textDraft);
  const [empty, setEmpty] = useState(false);
  const { exchanges, ask, stop, answering } = useTutor(objectiveId);
  const course = useCourseDetails(objectiveId).data?.name ?? '';
  const openButton = useRef<HTMLButtonElement>(null);
  const panel = useRef<HTMLElement>(null);
  useReservedEnd(panel, open);
  const slot = useTutorSlot();
  const last = exchanges[exchanges.length - 1];

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const text = question.trim();
    if (!text) {
      setEmpty(true);
      return;
    }
    setEmpty(false);
    discardQuestion();
    void ask(text);
  };

  const launcher = (
    <Button
      ref={openButton}
      className={slot ? 'button button--secondary tutor__launch' : 'tutor__open'}
      aria-label={intl.formatMessage(m.open)}
      aria-expanded={open}
      aria-controls={open ? panelId : undefined}
      onPress={() => setOpen((o) => !o)}
    >
      <span aria-hidden="true" className="tutor__spark">
        ✦
      </span>
      {/* On a narrow phone the button shows the panel's shorter title, which its name (the
          long label) contains, so that it and the feedback button fit side by side. */}
      <span className="tutor__open-label--long">{intl.formatMessage(m.open)}</span>
      <span className="tutor__open-label--short">{intl.formatMessage(m.title)}</span>
    </Button>
  );

  return (
    <>
      {slot ? createPortal(launcher, slot) : inPage ? null : launcher}
      {open && (
        // eslint-disable-next-line jsx-a11y/no-noninteractive-element-interactions -- Escape pressed in any control of the panel closes it; the section itself takes no focus or press
        <section
          ref={panel}
          id={panelId}
          className={slot ? 'tutor tutor--from-page' : 'tutor'}
          aria-labelledby={headingId}
          onKeyDown={(event) => {
            if (event.key === 'Escape') {
              setOpen(false);
              openButton.current?.focus();
            }
          }}
        >
          <header className="tutor__header">
            <h2 id={headingId}>{intl.formatMessage(m.title)}</h2>
            <Button
              className="tutor__close"
              aria-label={intl.formatMessage(m.close)}
              onPress={() => {
                setOpen(false);
                openButton.current?.focus();
              }}
            >
              <span aria-hidden="true">×</span>
            </Button>
          </header>
          <p className="tutor__intro">{intl.formatMessage(m.intro, { course: <bdi key="course">{course}</bdi> })}</p>
          <ol className="tutor__log">
            {exchanges.map((exchange) => (
              <Answer key={exchange.id} exchange={exchange} onRetry={() => void ask(exchange.question)} />
            ))}
          </ol>
          <p className="visually-hidden" role="status" aria-live="polite">
            {last?.state === 'answering'
              ? intl.formatMessage(m.answering)
              : last?.state === 'done'
                ? intl.formatMessage(m.answered, { answer: last.answer })
                : ''}
          </p>
          <form className="tutor__form" onSubmit={submit}>
            <TextField
              className="tutor__field"
              value={question}
              onChange={(value) => {
                setQuestion(value);
                if (value.trim()) setEmpty(false);
              }}
              isInvalid={empty}
              autoFocus
            >
              <Label className="tutor__label">{intl.formatMessage(m.question)}</Label>
              <TextArea
                dir="auto"
                rows={2}
                onKeyDown={(event) => {
                  if (event.key === 'Enter' && !event.shiftKey) {
                    event.preventDefault();
                    event.currentTarget.form?.requestSubmit();
                  }
                }}
              />
              {empty && <span className="tutor__error">{intl.formatMessage(m.required)}</span>}
            </TextField>
            {answering ? (
              <Button className="button button--secondary" onPress={stop}>
                {intl.formatMessage(m.stop)}
              </Button>
            ) : (
              <Button type="submit" className="button button--primary">
                {intl.formatMessage(m.ask)}
              </Button>
            )}
          </form>
        </section>
      )}
    </>
  );
}

export default TutorWidget;
