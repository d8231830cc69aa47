// The widgets every signed-in page may show, each a lazy chunk: the chat panel (opened by the
// `#chat` hash), the product feedback button (unless the tenant turns it off) and, on course
// pages of tenants with the tutor on, the AI tutor. None shows during a proctored activity. The
// buttons wait until the browser is idle after the page's first paint.
//
// The feedback button floats at the bottom of the sidebar on wide screens. Below the sidebar's
// breakpoint it would float over the page, beside the tutor's button (the two took most of a
// phone's width, over the player's Next button), so there it sits in the footer instead
// (`FooterFeedback`).
import { lazy, Suspense } from 'react';
import { useLocation, useMatch, useMatches } from 'react-router-dom';
import { useMediaQuery } from '../ui/useMediaQuery';
import { useAppContext } from './context';
import { useIdle } from './idle';
import type { RouteHandle } from './routes';
import { NARROW_SCREEN } from './SideNav';

const ChatPanel = lazy(() => import(/* webpackChunkName: "chat" */ '../features/chat/ChatPanel'));
const FeedbackWidget = lazy(() => import(/* webpackChunkName: "feedback" */ '../features/feedback/FeedbackWidget'));
const TutorWidget = lazy(() => import(/* webpackChunkName: "tutor" */ '../features/tutor/TutorWidget'));

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
  if (proctored) return null;
  return (
    <Suspense fallback={null}>
      {chatOpen && <ChatPanel />}
      {feedback === 'floating' && <FeedbackWidget maxComment={config.feedbackCommentMaxChars} />}
      {idle && config.aiTutorEnabled && tutorCourse && (
        <TutorWidget key={tutorCourse} objectiveId={tutorCourse} inPage={tutorInPage} />
      )}
    </Suspense>
  );
}

/** The feedback button in the footer, on screens narrower than the sidebar's breakpoint. */
export function FooterFeedback() {
  const { config } = useAppContext();
  if (useFeedbackPlacement() !== 'footer') return null;
  return (
    <Suspense fallback={null}>
      <FeedbackWidget maxComment={config.feedbackCommentMaxChars} placement="footer" />
    </Suspense>
  );
}
