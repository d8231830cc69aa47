// What a learner has typed and not yet sent (a chat message, a question for the tutor, the
// feedback form) is kept in this tab's session storage as it is typed, so that nothing is lost
// when the page goes away before it is sent: the idle limit passed and the browser went to sign
// in (it comes back to the same address), the page was reloaded, or the learner went to another
// page and came back. A draft is the signed-in user's: it is kept under their id, sending it
// or discarding it removes it, and signing out (here or in another tab) removes every draft.
// Session storage, not local storage: a draft stays with the tab it was typed in and is gone
// when the tab is closed.
import { useState } from 'react';
import { useAppContextOptional } from '../app/context';
import { storageOrPage } from './storage';

/** Prefix of every draft's session-storage key; the user's id and the draft's scope follow. */
export const DRAFT_KEY_PREFIX = 'learner-portal.draft.';

function draftStorage(): Storage {
  return storageOrPage(() => window.sessionStorage);
}

function keyOf(userId: string, scope: string): string {
  return `${DRAFT_KEY_PREFIX}${userId}:${scope}`;
}

/** The draft kept under `key`, if it reads as a draft (`parse` answers undefined otherwise). */
function readDraft<T>(key: string, parse: (stored: unknown) => T | undefined): T | undefined {
  try {
    const text = draftStorage().getItem(key);
    return text === null ? undefined : parse(JSON.parse(text));
  } catch {
    return undefined;
  }
}

function writeDraft(key: string, value: unknown, isEmpty: boolean): void {
  try {
    if (isEmpty) draftStorage().removeItem(key);
    else draftStorage().setItem(key, JSON.stringify(value));
  } catch {
    // A full storage keeps the draft on the page only, as before drafts were kept.
  }
}

/** Removes the drafts of this tab that `drop` (given a draft's key) says to. */
function discardDrafts(drop: (key: string) => boolean): void {
  const storage = draftStorage();
  try {
    const keys: string[] = [];
    for (let i = 0; i < storage.length; i += 1) {
      const key = storage.key(i);
      if (key?.startsWith(DRAFT_KEY_PREFIX) && drop(key)) keys.push(key);
    }
    for (const key of keys) storage.removeItem(key);
  } catch {
    // Nothing kept that could be read.
  }
}

/** Removes every draft of this tab (signing out). */
export function discardAllDrafts(): void {
  discardDrafts(() => true);
}

/**
 * Removes the drafts another user left in this tab: signed in after them (their session ended
 * while they were away, say), `userId` has no use for what they typed.
 */
export function discardDraftsOfOthers(userId: string): void {
  const own = keyOf(userId, '');
  discardDrafts((key) => !key.startsWith(own));
}

/** A text draft: what was typed, as it was typed. */
export function textDraft(stored: unknown): string | undefined {
  return typeof stored === 'string' ? stored : undefined;
}

/**
 * State kept as a draft under `scope` (say `chat:<channel id>`): the value starts as the kept
 * draft, or `empty`; each change is kept; `discard` goes back to `empty` and forgets the draft
 * (call it once the draft was sent). A value equal to `empty` (by `isEmpty`) is not kept.
 */
export function useDraft<T>(
  scope: string,
  empty: T,
  parse: (stored: unknown) => T | undefined,
  isEmpty: (value: T) => boolean = (value) => value === empty,
): [T, (next: T) => void, () => void] {
  const userId = useAppContextOptional()?.session.user.id ?? '';
  const key = keyOf(userId, scope);
  const [state, setState] = useState(() => ({ key, value: readDraft(key, parse) ?? empty }));
  // Another scope (the chat shows another channel) or user: that one's draft, read while
  // rendering rather than after, so the other draft never shows for a moment.
  let current = state;
  if (state.key !== key) {
    current = { key, value: readDraft(key, parse) ?? empty };
    setState(current);
  }
  const change = (next: T) => {
    setState({ key, value: next });
    writeDraft(key, next, isEmpty(next));
  };
  const discard = () => {
    setState({ key, value: empty });
    writeDraft(key, empty, true);
  };
  return [current.value, change, discard];
}
