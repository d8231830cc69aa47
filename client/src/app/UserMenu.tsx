// The user menu of the header: its button, and the menu (`UserMenuControl`, its own chunk:
// profile, language, sign out). A native button of the same look stands in for it until its
// code arrives (see `useLazyControl`).
import { useRef } from 'react';
import { startSigningOut } from '../api/http';
import { announceSignOut } from '../session/crossTab';
import { discardAllDrafts } from '../session/drafts';
import { useLazyControl } from './lazyControl';
import type { UserMenuControlProps } from './UserMenuControl';

interface Props {
  fullName: string;
  email?: string;
  logoutUrl: string;
}

const loadControl = () => import(/* webpackChunkName: "user-menu" */ './UserMenuControl');

/** The button's content: initials, name, caret. */
export function AccountButtonContent({ fullName }: { fullName: string }) {
  const initials = fullName
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((part) => part[0]?.toUpperCase())
    .join('');
  return (
    <>
      <span className="account-menu__avatar" aria-hidden="true">
        {initials}
      </span>
      <span className="account-menu__name" dir="auto">
        {fullName}
      </span>
      <span className="account-menu__caret" aria-hidden="true" />
    </>
  );
}

export function UserMenu({ fullName, email, logoutUrl }: Props) {
  const formRef = useRef<HTMLFormElement>(null);
  const { Control, handover, standIn } = useLazyControl<UserMenuControlProps>(loadControl);
  return (
    <div className="account-menu">
      <form
        ref={formRef}
        method="post"
        action={logoutUrl}
        hidden
        onSubmit={() => {
          // No call answered 401 meanwhile may send this tab to sign in instead (api/http.ts).
          startSigningOut();
          // Signing out leaves nothing typed behind in this tab (session/drafts.ts).
          discardAllDrafts();
          announceSignOut();
        }}
      />
      {Control ? (
        <Control fullName={fullName} email={email} formRef={formRef} handover={handover} />
      ) : (
        <button type="button" className="account-menu__button" aria-haspopup="menu" aria-expanded="false" {...standIn}>
          <AccountButtonContent fullName={fullName} />
        </button>
      )}
    </div>
  );
}
