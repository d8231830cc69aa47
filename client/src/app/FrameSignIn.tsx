// Inside a frame a lost session does not leave the page: the parent is asked to sign the
// learner in (session/embedding.ts) while the page stays. This notice says so, and its button
// asks the parent again (the learner closed the sign-in window, or the parent's popup was
// blocked: a press in the frame lets the parent open one). The button (a react-aria Button,
// `ShellButton`) is a chunk of its own, so the shell's first paint carries no button code.
import { lazy, Suspense } from 'react';
import { useIntl } from 'react-intl';
import { askParentToSignIn } from '../api/http';
import { useFrameSignIn } from '../session/embedding';
import { useDocumentTitle } from '../ui/useDocumentTitle';
import { WarningIcon } from './icons';
import { appMessages } from './messages';
import './shell.css';

const ShellButton = lazy(() => import(/* webpackChunkName: "shell-button" */ './ShellButton'));

/** Above the page while the framed portal waits for its parent's sign-in; nothing otherwise. */
export function FrameSignInNotice() {
  const intl = useIntl();
  const { awaiting } = useFrameSignIn();
  if (!awaiting) return null;
  return (
    <div className="shell-notice shell-notice--warning frame-sign-in" role="alert">
      <WarningIcon />
      <p className="shell-notice__text">
        <strong className="shell-notice__title">{intl.formatMessage(appMessages.frameSignedOutTitle)} </strong>
        {intl.formatMessage(appMessages.frameSignedOutText)}
      </p>
      <Suspense fallback={null}>
        <ShellButton
          className="button button--primary frame-sign-in__button"
          onPress={() => askParentToSignIn({ again: true })}
        >
          {intl.formatMessage(appMessages.frameSignInAgain)}
        </ShellButton>
      </Suspense>
    </div>
  );
}

/** The whole page of a framed portal that has no session yet (first load), waiting for the parent. */
export function FrameSignInPage() {
  useDocumentTitle(undefined);
  return (
    <main id="main" className="startup">
      <FrameSignInNotice />
    </main>
  );
}
