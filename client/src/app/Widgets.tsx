// The widgets every signed-in page may show, each a lazy chunk: the chat panel (opened by the
// `#chat` hash), the product feedback button (unless the tenant turns it off) and, on course
// pages of tenants with the tutor on, the AI tutor. None shows during a proctored activity. The
// floating buttons wait until the browser is idle after the page's first paint.
import { lazy, Suspense } from 'react';
import { useLocation, useMatch } from 'react-router-dom';
import { useAppContext } from './context';
import { useIdle } from './idle';

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

export function Widgets() {
  const { config } = useAppContext();
  const proctored = useMatch('/courses/proctor/*') !== null;
  const tutorCourse = useTutorCourse();
  const chatOpen = useLocation().hash.startsWith('#chat');
  const idle = useIdle();
  if (proctored) return null;
  return (
    <Suspense fallback={null}>
      {chatOpen && <ChatPanel />}
      {idle && config.feedbackEnabled && <FeedbackWidget maxComment={config.feedbackCommentMaxChars} />}
      {idle && config.aiTutorEnabled && tutorCourse && <TutorWidget key={tutorCourse} objectiveId={tutorCourse} />}
    </Suspense>
  );
}
