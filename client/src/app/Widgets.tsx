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
import { createContext, lazy, Suspense, useContext, useMemo, useState, type ReactNode } from 'react';
import { useLocation, useMatch, useMatches } from 'react-router-dom';
import { useMediaQuery } from '../ui/useMediaQuery';
import { useAppContext } from './context';
import { useIdle } from './idle';
import type { RouteHandle } from './routes';
import { NARROW_SCREEN } from './SideNav';

const ChatPanel = lazy(() => import(/* webpackChunkName: "chat" */ '../features/chat/ChatPanel'));
const feedbackChunk = () => import(/* webpackChunkName: "feedback" */ '../features/feedback/FeedbackWidget');
const FeedbackButton = lazy(() => feedbackChunk().then((chunk) => ({ default: chunk.FeedbackButton })));
const FeedbackDialog = lazy(() => feedbackChunk().then((chunk) => ({ default: chunk.FeedbackDialog })));
const TutorWidget = lazy(() => import(/* webpackChunkName: "tutor" */ '../features/tutor/TutorWidget'));

/** Whether the feedback form is open, and how to open or close it. */
const FeedbackOpen = createContext<readonly [boolean, (open: boolean) => void]>([false, () => undefined]);

/** Holds the widgets' state that outlives a button's place: whether the feedback form is open. */
export function WidgetsState({ children }: { children: ReactNode }) {
  const [open, setOpen] = useState(false);
  const value = useMemo(() => [open, setOpen] as const, [open]);
  return <FeedbackOpen.Provider value={value}>{children}</FeedbackOpen.Provider>;
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

export function Widgets() {
  const { config } = useAppContext();
  const proctored = useProctored();
  const tutorCourse = useTutorCourse();
  const tutorInPage = useTutorInPage();
  const chatOpen = useLocation().hash.startsWith('#chat');
  const idle = useIdle();
  const feedback = useFeedbackPlacement();
  const [feedbackOpen, setFeedbackOpen] = useContext(FeedbackOpen);
  if (proctored) return null;
  return (
    <Suspense fallback={null}>
      {chatOpen && <ChatPanel />}
      {feedback === 'floating' && <FeedbackButton onPress={() => setFeedbackOpen(true)} />}
      {feedback && (
        <FeedbackDialog
          maxComment={config.feedbackCommentMaxChars}
          isOpen={feedbackOpen}
          onOpenChange={setFeedbackOpen}
        />
      )}
      {idle && config.aiTutorEnabled && tutorCourse && (
        <TutorWidget key={tutorCourse} objectiveId={tutorCourse} inPage={tutorInPage} />
      )}
    </Suspense>
  );
}

/** The feedback button in the footer, on screens narrower than the sidebar's breakpoint. */
export function FooterFeedback() {
  const setOpen = useContext(FeedbackOpen)[1];
  if (useFeedbackPlacement() !== 'footer') return null;
  return (
    <Suspense fallback={null}>
      <FeedbackButton placement="footer" onPress={() => setOpen(true)} />
    </Suspense>
  );
}
