// The buttons the details view gives (spec section 4 'Buttons on details') and the share button.
// Start, Continue and Start again run the gateway's start command and go where it answers;
// Review opens the content in review mode; Add to my courses runs the enrol command.
import { useIntl } from 'react-intl';
import { Button } from 'react-aria-components';
import { useHref, useNavigate } from 'react-router-dom';
import type { CourseDetailsView, DetailsButton, EnrollResult, StartResult } from '../../api/contracts/bff';
import { commandFailure, useCommand } from '../../api/useCommand';
import { useTutorSlotRef } from '../../app/tutorSlot';
import { CopyLinkButton } from '../../ui/CopyLinkButton';
import { showToast } from '../../ui/toasts';
import { buttonMessages, detailsMessages as m } from './messages';
import { useEnrolFailure } from '../catalog/useEnrolFailure';
import { sendCourseEvent } from './events';
import { isolate } from '../../i18n/isolate';

const enc = encodeURIComponent;

/** Share-copied state of spec section 9. */
export const SHARE_COPIED_MS = 10_000;

export function DetailsActions({ course }: { course: CourseDetailsView }) {
  const intl = useIntl();
  const tutorSlot = useTutorSlotRef();
  const navigate = useNavigate();
  const enrolFailed = useEnrolFailure();
  const id = course.objectiveId;
  const coursePath = `/api/bff/courses/${enc(id)}`;
  const start = useCommand<StartResult>(`${coursePath}/start`, {
    revalidates: [{ prefix: coursePath }, { path: '/api/bff/my-courses' }, { path: '/api/bff/dashboard' }],
  });
  const enroll = useCommand<EnrollResult>(`${coursePath}/enroll`, {
    revalidates: [
      { prefix: coursePath },
      { path: '/api/bff/my-courses' },
      { path: '/api/bff/catalog' },
      { path: `/api/bff/catalog/${enc(id)}` },
      { path: '/api/bff/dashboard' },
    ],
  });
  const publicLink = useHref(`/open-catalog/${enc(id)}/view/details`);

  const runStart = async (button: DetailsButton) => {
    try {
      const result = await start.trigger();
      if (button === 'retake') sendCourseEvent('course_restart', id, result.workflowId);
      if (result.destination === 'content') void navigate(result.url);
    } catch (error) {
      showToast(commandFailure(error, intl)?.message ?? intl.formatMessage(m.startFailed), 'critical');
    }
  };

  const runEnroll = async () => {
    try {
      const result = await enroll.trigger();
      showToast(intl.formatMessage(m.enrolled, { courseName: isolate(result.courseName || course.name) }), 'success');
    } catch (error) {
      // Spec section 8: the first message of the server's error body, as a critical toast.
      enrolFailed(error, { fallback: m.enrollFailed });
    }
  };

  const buttons = course.buttons;
  return (
    <div className="details-actions" role="group" aria-label={intl.formatMessage(m.actions)}>
      {buttons.map((button, index) => {
        const primary = index === 0 ? 'button--primary' : 'button--secondary';
        switch (button) {
          case 'start':
          case 'continue':
          case 'retake':
            return (
              <Button
                key={button}
                className={`button ${primary}`}
                isPending={start.isMutating}
                onPress={() => void runStart(button)}
              >
                {intl.formatMessage(buttonMessages[button])}
              </Button>
            );
          case 'review':
            return (
              <Button
                key={button}
                className={`button ${primary}`}
                onPress={() => {
                  sendCourseEvent('course_open_for_review', id, course.workflowId);
                  void navigate(`/courses/${enc(id)}/view/content?viewType=REVIEW`);
                }}
              >
                {intl.formatMessage(buttonMessages.review)}
              </Button>
            );
          case 'addToMyCourses':
            return (
              <Button
                key={button}
                className={`button ${primary}`}
                isPending={enroll.isMutating}
                onPress={() => void runEnroll()}
              >
                {intl.formatMessage(buttonMessages.addToMyCourses)}
              </Button>
            );
          case 'enrolled':
            return (
              <span key={button} className="details-actions__enrolled">
                <svg
                  viewBox="0 0 20 20"
                  width="16"
                  height="16"
                  aria-hidden="true"
                  fill="none"
                  stroke="currentColor"
                  strokeWidth="2.2"
                >
                  <path d="M4 10.5l4 4 8-9" strokeLinecap="round" strokeLinejoin="round" />
                </svg>
                {intl.formatMessage(buttonMessages.enrolled)}
              </span>
            );
          default:
            return null;
        }
      })}
      <CopyLinkButton
        href={publicLink}
        label={intl.formatMessage(m.share)}
        copiedLabel={intl.formatMessage(m.shareCopied)}
        copiedToast={intl.formatMessage(m.shareToast)}
        failedToast={intl.formatMessage(m.shareFailed)}
        copiedForMs={SHARE_COPIED_MS}
      />
      {/* The AI tutor's button, when the tutor is on: one of the course's actions here rather
          than a button floating over the page's corner (app/tutorSlot.ts). */}
      <span ref={tutorSlot} className="details-actions__tutor" />
    </div>
  );
}
