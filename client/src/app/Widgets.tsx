// The widgets every signed-in page may show, each a lazy chunk: the chat panel (opened by the
// `#chat` hash), the product feedback button (unless the tenant turns it off) and, on course
// pages of tenants with the tutor on, the AI tutor. None shows during a proctored activity. The
// buttons wait until the browser is idle after the page's first paint.
//
// The feedback button floats at the bottom of the sidebar on wide screens. Below the sidebar's
// breakpoint it would float over the page, beside the tutor's button (the two took most of a
// phone's width, over the player's Next button), so there it sits in the footer instead
// (`FooterFeedback`). Both buttons open the one feedback form, which `Widgets` keeps apart from
// them (`WidgetsState` holds whether it is open), so the form outlives its button's move.
import { createContext, useContext, useEffect, useMemo, useRef, useState, type ReactNode, type RefObject } from 'react';
import { useIntl } from 'react-intl';
import { useLocation, useMatch, useMatches, useNavigate } from 'react-router-dom';
import { chatMessages } from '../features/chat/messages';
import { useMediaQuery } from '../ui/useMediaQuery';
import { useAppContext } from './context';
import { useIdle } from './idle';
import type { RouteHandle } from './routes';
import { lazyPart } from './lazyPart';
import { OptionalPart } from './OptionalPart';
import { PartUnavailable } from './PartUnavailable';
import { NARROW_SCREEN } from './SideNav';

const ChatPanel = lazyPart(() => import(/* webpackChunkName: "chat" */ '../features/chat/ChatPanel'));
const feedbackChunk = () => import(/* webpackChunkName: "feedback" */ '../features/feedback/FeedbackWidget');
const FeedbackButton = lazyPart(() => feedbackChunk().then((chunk) => ({ default: chunk.FeedbackButton })));
const FeedbackDialog = lazyPart(() => feedbackChunk().then((chunk) => ({ default: chunk.FeedbackDialog })));
const TutorWidget = lazyPart(() => import(/* webpackChunkName: "tutor" */ '../features/tutor/TutorWidget'));

interface FeedbackState {
  /** Whether the feedback form is open. */
  open: boolean;
  setOpen: (open: boolean) => void;
  /** The feedback button where it is now (floating or in the footer). */
  button: RefObject<HTMLButtonElement | null>;
}

const FeedbackContext = createContext<FeedbackState>({
  open: false,
  setOpen: () => undefined,
  button: { current: null },
});

/** Focuses the button where it is now, unless something else has the focus. */
function focusIfLost(button: RefObject<HTMLButtonElement | null>) {
  const focused = document.activeElement;
  if (!focused || focused === document.body) button.current?.focus();
}

/**
 * Holds the widgets' state that outlives a button's place: whether the feedback form is open.
 * Closing the form gives the focus back to the element that opened it (react-aria's dialog does
 * that), unless that element has gone: the window crossed the sidebar's breakpoint while the form
 * was open, and the button moved. Then the button in its new place takes the focus, rather than
 * the page's start.
 */
export function WidgetsState({ children }: { children: ReactNode }) {
  const [open, setOpen] = useState(false);
  const button = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    if (!open) return;
    // The form closes: after the dialog's own focus restoration, which runs in the next frame.
    return () => {
      requestAnimationFrame(() => focusIfLost(button));
    };
  }, [open]);
  const value = useMemo(() => ({ open, setOpen, button }), [open]);
  return <FeedbackContext.Provider value={value}>{children}</FeedbackContext.Provider>;
}

/** The course of a course page, when the tutor belongs there (not redirect or proctoring). */
function useTutorCourse(): string | null {
  const course = useMatch('/courses/:objectiveId/*');
  const objectiveId = course?.params.objectiveId;
  if (!objectiveId || objectiveId === 'redirect' || objectiveId === 'proctor') return null;
  return objectiveId;
}

/** Whether this page holds a place for the tutor's button (the route's handle says so). */
const useTutorInPage = () => useMatches().some((match) => (match.handle as RouteHandle | undefined)?.tutorInPage);

/** Whether this page is a proctored activity, where no widget shows. */
const useProctored = () => useMatch('/courses/proctor/*') !== null;

/** Where the feedback button goes on this page, once the browser is idle: nowhere when off. */
function useFeedbackPlacement(): 'floating' | 'footer' | null {
  const { config } = useAppContext();
  const proctored = useProctored();
  const idle = useIdle();
  const narrow = useMediaQuery(NARROW_SCREEN);
  if (proctored || !idle || !config.feedbackEnabled) return null;
  return narrow ? 'footer' : 'floating';
}

/** In the chat panel's place when its chunk cannot be fetched: it closes as the panel does. */
function ChatUnavailable() {
  const intl = useIntl();
  const navigate = useNavigate();
  const { pathname, search } = useLocation();
  return (
    <PartUnavailable
      floating
      closeLabel={intl.formatMessage(chatMessages.close)}
      onClose={() => void navigate({ pathname, search, hash: '' }, { replace: true })}
    />
  );
}

export function Widgets() {
  const { config } = useAppContext();
  const proctored = useProctored();
  const tutorCourse = useTutorCourse();
  const tutorInPage = useTutorInPage();
  const chatOpen = useLocation().hash.startsWith('#chat');
  const idle = useIdle();
  const feedback = useFeedbackPlacement();
  const feedbackState = useContext(FeedbackContext);
  if (proctored) return null;
  // Each widget apart: one whose chunk cannot be fetched leaves the others.
  return (
    <>
      <OptionalPart retryKey={chatOpen} failure={chatOpen && <ChatUnavailable />}>
        {chatOpen && <ChatPanel />}
      </OptionalPart>
      <OptionalPart>
        {feedback === 'floating' && (
          <FeedbackButton ref={feedbackState.button} onPress={() => feedbackState.setOpen(true)} />
        )}
        {feedback && (
          <FeedbackDialog
            maxComment={config.feedbackCommentMaxChars}
            isOpen={feedbackState.open}
            onOpenChange={feedbackState.setOpen}
          />
        )}
      </OptionalPart>
      <OptionalPart>
        {idle && config.aiTutorEnabled && tutorCourse && (
          <TutorWidget key={tutorCourse} objectiveId={tutorCourse} inPage={tutorInPage} />
        )}
      </OptionalPart>
    </>
  );
}

/** The feedback button in the footer, on screens narrower than the sidebar's breakpoint. */
export function FooterFeedback() {
  const { setOpen, button } = useContext(FeedbackContext);
  if (useFeedbackPlacement() !== 'footer') return null;
  return (
    <OptionalPart>
      <FeedbackButton ref={button} placement="footer" onPress={() => setOpen(true)} />
    </OptionalPart>
  );
}
