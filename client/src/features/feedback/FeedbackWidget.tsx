// The product feedback widget (spec sections 1, 5, 9): a rating, the 13 topics, a comment.
// It sends `product_feedback` through /api/events (the gateway adds OS and browser) and then
// thanks the learner. Shown unless the tenant's config turns it off.
import { useState, type FormEvent, type Ref } from 'react';
import { useIntl, type MessageDescriptor } from 'react-intl';
import {
  Button,
  Checkbox,
  CheckboxGroup,
  Dialog,
  FieldError,
  Heading,
  Label,
  Modal,
  ModalOverlay,
  Radio,
  RadioGroup,
  Text,
  TextArea,
  TextField,
} from 'react-aria-components';
import { apiFetch } from '../../api/http';
import { useDraft } from '../../session/drafts';
import { feedbackMessages as m } from './messages';
import './feedback.css';

/** The topic that says there was no difficulty: it cannot stand beside a difficulty. */
const NO_DIFFICULTY = 'no';

/** The topics of spec section 9, in order, with their labels. */
export const FEEDBACK_TOPICS: ReadonlyArray<[string, MessageDescriptor]> = [
  [NO_DIFFICULTY, m.topicNo],
  ['navigation', m.topicNavigation],
  ['startFinishCourse', m.topicStartFinishCourse],
  ['activityResults', m.topicActivityResults],
  ['communicationHub', m.topicCommunicationHub],
  ['courseActivities', m.topicCourseActivities],
  ['examConnection', m.topicExamConnection],
  ['accessibility', m.topicAccessibility],
  ['registration', m.topicRegistration],
  ['contentManagement', m.topicContentManagement],
  ['reports', m.topicReports],
  ['adminFunctionality', m.topicAdminFunctionality],
  ['other', m.topicOther],
];

interface FormProps {
  maxComment: number;
  close: () => void;
}

/** The rating's values, one star each. */
const RATINGS = ['1', '2', '3', '4', '5'];

/** What the learner has chosen and typed and not yet sent. */
interface FeedbackDraft {
  grade: string | null;
  topics: string[];
  comment: string;
}

const NO_FEEDBACK: FeedbackDraft = { grade: null, topics: [], comment: '' };

function feedbackDraft(stored: unknown): FeedbackDraft | undefined {
  if (typeof stored !== 'object' || stored === null) return undefined;
  const { grade, topics, comment } = stored as Partial<FeedbackDraft>;
  if (grade !== null && !RATINGS.includes(grade as string)) return undefined;
  if (!Array.isArray(topics) || typeof comment !== 'string') return undefined;
  const known = topics.filter((topic) => FEEDBACK_TOPICS.some(([value]) => value === topic));
  return { grade: grade ?? null, topics: known, comment };
}

const isNoFeedback = (draft: FeedbackDraft) => !draft.grade && draft.topics.length === 0 && !draft.comment;

/**
 * The topics after the learner's change from `before` to `after`: ticking "No, everything went
 * fine" clears the difficulties, and ticking a difficulty clears "No, everything went fine".
 */
function exclusiveTopics(before: readonly string[], after: string[]): string[] {
  const added = after.filter((topic) => !before.includes(topic));
  if (added.includes(NO_DIFFICULTY)) return [NO_DIFFICULTY];
  if (added.length > 0) return after.filter((topic) => topic !== NO_DIFFICULTY);
  return after;
}

function FeedbackForm({ maxComment, close }: FormProps) {
  const intl = useIntl();
  // Kept until sent or cancelled: closing the form otherwise (Escape, a press outside it, the
  // page going to sign in) and opening it again finds it as it was (session/drafts.ts).
  const [draft, setDraft, discardDraft] = useDraft('feedback', NO_FEEDBACK, feedbackDraft, isNoFeedback);
  const { grade, topics, comment } = draft;
  const setGrade = (value: string) => setDraft({ ...draft, grade: value });
  const setTopics = (value: string[]) => setDraft({ ...draft, topics: exclusiveTopics(topics, value) });
  const setComment = (value: string) => setDraft({ ...draft, comment: value });
  const [submitted, setSubmitted] = useState(false);
  const [state, setState] = useState<'editing' | 'sending' | 'failed' | 'sent'>('editing');

  const gradeMissing = submitted && !grade;
  const tooLong = comment.length > maxComment;

  const send = async (event: FormEvent) => {
    event.preventDefault();
    setSubmitted(true);
    if (!grade || tooLong) return;
    setState('sending');
    try {
      await apiFetch('/api/events', {
        method: 'POST',
        body: [
          { name: 'product_feedback', grade: Number(grade), details: topics, comment: comment.trim() || undefined },
        ],
      });
      discardDraft();
      setState('sent');
    } catch {
      setState('failed');
    }
  };

  if (state === 'sent') {
    return (
      <div className="feedback__thanks" role="status">
        <Heading slot="title" className="feedback__title">
          {intl.formatMessage(m.thanks)}
        </Heading>
        <p>{intl.formatMessage(m.thanksText)}</p>
        <Button className="button button--primary" onPress={close} autoFocus>
          {intl.formatMessage(m.close)}
        </Button>
      </div>
    );
  }

  return (
    <form className="feedback__form" onSubmit={(event) => void send(event)} noValidate>
      <Heading slot="title" className="feedback__title">
        {intl.formatMessage(m.title)}
      </Heading>
      <RadioGroup
        className="feedback__rating"
        value={grade}
        onChange={setGrade}
        isRequired
        isInvalid={gradeMissing}
        orientation="horizontal"
      >
        <Label className="feedback__label">{intl.formatMessage(m.rating)}</Label>
        <div className="feedback__stars">
          {RATINGS.map((value) => (
            <Radio
              key={value}
              value={value}
              className="feedback__star"
              aria-label={intl.formatMessage(m.ratingValue, { value: Number(value) })}
            >
              {({ isSelected }) => (
                <span aria-hidden="true" className={Number(grade ?? 0) >= Number(value) || isSelected ? 'is-on' : ''}>
                  ★
                </span>
              )}
            </Radio>
          ))}
        </div>
        {gradeMissing && (
          <Text slot="errorMessage" className="feedback__error">
            {intl.formatMessage(m.required)}
          </Text>
        )}
      </RadioGroup>
      <CheckboxGroup className="feedback__topics" value={topics} onChange={setTopics}>
        <Label className="feedback__label">{intl.formatMessage(m.topics)}</Label>
        <div className="feedback__topic-list">
          {FEEDBACK_TOPICS.map(([value, label]) => (
            <Checkbox key={value} value={value} className="feedback__topic">
              <span className="feedback__box" aria-hidden="true" />
              {intl.formatMessage(label)}
            </Checkbox>
          ))}
        </div>
      </CheckboxGroup>
      <TextField className="feedback__comment" value={comment} onChange={setComment} isInvalid={tooLong}>
        <Label className="feedback__label">{intl.formatMessage(m.comment)}</Label>
        <TextArea dir="auto" rows={4} />
        <FieldError className="feedback__error">{intl.formatMessage(m.maxLength, { length: maxComment })}</FieldError>
      </TextField>
      {state === 'failed' && (
        <p role="alert" className="feedback__error">
          {intl.formatMessage(m.failed)}
        </p>
      )}
      <div className="feedback__actions">
        <Button
          className="button button--secondary"
          onPress={() => {
            discardDraft();
            close();
          }}
        >
          {intl.formatMessage(m.cancel)}
        </Button>
        <Button type="submit" className="button button--primary" isPending={state === 'sending'}>
          {intl.formatMessage(m.send)}
        </Button>
      </div>
    </form>
  );
}

/**
 * The feedback button: it floats at the bottom of the window, or sits among the footer's items
 * (`placement="footer"`). It only asks for the form (`FeedbackDialog`), which lives apart from it.
 */
export function FeedbackButton({
  placement = 'floating',
  onPress,
  ref,
}: {
  placement?: 'floating' | 'footer';
  onPress: () => void;
  ref?: Ref<HTMLButtonElement>;
}) {
  const intl = useIntl();
  return (
    <Button ref={ref} className={placement === 'footer' ? 'feedback__open-footer' : 'feedback__open'} onPress={onPress}>
      {intl.formatMessage(m.open)}
    </Button>
  );
}

/**
 * The feedback form's dialog, open while `isOpen`. It is not a child of its button: the button
 * moves between the window's corner and the footer when the window crosses the sidebar's
 * breakpoint (a tablet turned, a window resized), and the form, with what the learner has
 * chosen and typed, must stay as it is meanwhile. Closing it gives the focus back to the
 * element that had it.
 */
export function FeedbackDialog({
  maxComment,
  isOpen,
  onOpenChange,
}: {
  maxComment: number;
  isOpen: boolean;
  onOpenChange: (isOpen: boolean) => void;
}) {
  return (
    <ModalOverlay className="feedback__overlay" isDismissable isOpen={isOpen} onOpenChange={onOpenChange}>
      <Modal className="feedback__modal">
        <Dialog className="feedback__dialog">
          {({ close }) => <FeedbackForm maxComment={maxComment} close={close} />}
        </Dialog>
      </Modal>
    </ModalOverlay>
  );
}
