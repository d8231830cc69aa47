// Inside a frame a lost session does not leave the page: the parent is asked to sign the
// learner in (session/embedding.ts) while the page stays. This notice says so, and its button
// asks the parent again (the learner closed the sign-in window, or the parent's popup was
// blocked: a press in the frame lets the parent open one). The button (a react-aria Button,
// `ShellButton`) is a chunk of its own, so the shell's first paint carries no button code.
import { useIntl } from 'react-intl';
import { askParentToSignIn } from '../api/http';
import { useFrameSignIn } from '../session/embedding';
import { useDocumentTitle } from '../ui/useDocumentTitle';
import { UserIcon, WarningIcon } from './icons';
import { appMessages } from './messages';
import { lazyPart } from './lazyPart';
import { OptionalPart } from './OptionalPart';
import './shell.css';

const ShellButton = lazyPart(() => import(/* webpackChunkName: "shell-button" */ './ShellButton'));

/** The notice's words: a session that ended on this page, or none yet when the page loaded. */
const WORDS = {
  ended: [appMessages.frameSignedOutTitle, appMessages.frameSignedOutText, appMessages.frameSignInAgain],
  none: [appMessages.frameSignInTitle, appMessages.frameSignInText, appMessages.frameSignIn],
} as const;

/**
 * Above the page while the framed portal waits for its parent's sign-in; nothing otherwise.
 * `firstLoad`: the frame loaded without a session (a first visit, or one that ended between
 * visits), so nothing has ended on this page and nothing of it stays: the notice asks the learner
 * to sign in (a plain notice, not a warning) rather than saying that the session has ended.
 */
export function FrameSignInNotice({ firstLoad = false }: { firstLoad?: boolean }) {
  const intl = useIntl();
  const { awaiting } = useFrameSignIn();
  if (!awaiting) return null;
  const [title, text, button] = WORDS[firstLoad ? 'none' : 'ended'];
  return (
    <div
      className={`shell-notice ${firstLoad ? 'shell-notice--info' : 'shell-notice--warning'} frame-sign-in`}
      role="alert"
    >
      {firstLoad ? <UserIcon /> : <WarningIcon />}
      <p className="shell-notice__text">
        <strong className="shell-notice__title">{intl.formatMessage(title)} </strong>
        {intl.formatMessage(text)}
      </p>
      <OptionalPart>
        <ShellButton
          className="button button--primary frame-sign-in__button"
          onPress={() => askParentToSignIn({ again: true })}
        >
          {intl.formatMessage(button)}
        </ShellButton>
      </OptionalPart>
    </div>
  );
}

/** The whole page of a framed portal that has no session yet (first load), waiting for the parent. */
export function FrameSignInPage() {
  useDocumentTitle(undefined);
  return (
    <main id="main" className="startup">
      <FrameSignInNotice firstLoad />
    </main>
  );
}
