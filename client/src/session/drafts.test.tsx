import { act, renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AppContext } from '../app/context';
import { sessionView, uiConfig } from '../test/factories';
import { DRAFT_KEY_PREFIX, discardAllDrafts, discardDraftsOfOthers, textDraft, useDraft } from './drafts';

function as(userId: string) {
  const session = sessionView();
  const value = { config: uiConfig(), session: { ...session, user: { ...session.user, id: userId } } };
  return function SignedIn({ children }: { children: ReactNode }) {
    return <AppContext.Provider value={value}>{children}</AppContext.Provider>;
  };
}

function draft(scope: string, userId = 'u1') {
  return renderHook(({ scope: s }) => useDraft(s, '', textDraft), { wrapper: as(userId), initialProps: { scope } });
}

afterEach(() => vi.restoreAllMocks());

describe('useDraft', () => {
  it('keeps what is typed in the tab, so a new page finds it', () => {
    const first = draft('chat:t1');
    expect(first.result.current[0]).toBe('');
    act(() => first.result.current[1]('Half a sentence'));
    expect(first.result.current[0]).toBe('Half a sentence');
    expect(window.sessionStorage.getItem(`${DRAFT_KEY_PREFIX}u1:chat:t1`)).toBe('"Half a sentence"');
    first.unmount();

    const again = draft('chat:t1');
    expect(again.result.current[0]).toBe('Half a sentence');
  });

  it('keeps one draft per scope and shows the scope’s own when the scope changes', () => {
    const hook = draft('chat:t1');
    act(() => hook.result.current[1]('For team one'));
    hook.rerender({ scope: 'chat:t2' });
    expect(hook.result.current[0]).toBe('');
    act(() => hook.result.current[1]('For team two'));
    hook.rerender({ scope: 'chat:t1' });
    expect(hook.result.current[0]).toBe('For team one');
  });

  it('is the signed-in user’s own: another user of the tab does not see it', () => {
    const mine = draft('tutor:o1', 'u1');
    act(() => mine.result.current[1]('My question'));
    mine.unmount();
    expect(draft('tutor:o1', 'u2').result.current[0]).toBe('');
    expect(draft('tutor:o1', 'u1').result.current[0]).toBe('My question');
  });

  it('forgets the draft once discarded (sent), and an emptied field keeps nothing', () => {
    const hook = draft('chat:t1');
    act(() => hook.result.current[1]('Sent soon'));
    act(() => hook.result.current[2]());
    expect(hook.result.current[0]).toBe('');
    expect(window.sessionStorage.length).toBe(0);

    act(() => hook.result.current[1]('x'));
    act(() => hook.result.current[1](''));
    expect(window.sessionStorage.length).toBe(0);
  });

  it('reads anything that is not a draft of its shape as no draft', () => {
    window.sessionStorage.setItem(`${DRAFT_KEY_PREFIX}u1:chat:t1`, '{not json');
    window.sessionStorage.setItem(`${DRAFT_KEY_PREFIX}u1:chat:t2`, '{"text":"an object"}');
    expect(draft('chat:t1').result.current[0]).toBe('');
    expect(draft('chat:t2').result.current[0]).toBe('');
  });

  it('keeps the draft on the page when the browser denies session storage (a framed page)', () => {
    const tabStorage = window.sessionStorage;
    vi.spyOn(window, 'sessionStorage', 'get').mockImplementation(() => {
      throw new DOMException('denied', 'SecurityError');
    });
    const hook = draft('chat:t1');
    act(() => hook.result.current[1]('Still here'));
    expect(hook.result.current[0]).toBe('Still here');
    expect(tabStorage.length).toBe(0);
    hook.unmount();
    expect(draft('chat:t1').result.current[0]).toBe('Still here');
    discardAllDrafts();
    expect(draft('chat:t1').result.current[0]).toBe('');
  });

  it('a full storage keeps the draft on the page and throws nothing', () => {
    vi.spyOn(Storage.prototype, 'setItem').mockImplementation(() => {
      throw new DOMException('full', 'QuotaExceededError');
    });
    const hook = draft('chat:t1');
    act(() => hook.result.current[1]('Typed anyway'));
    expect(hook.result.current[0]).toBe('Typed anyway');
  });
});

describe('discardAllDrafts', () => {
  it('removes every draft of the tab and nothing else', () => {
    const hook = draft('chat:t1');
    act(() => hook.result.current[1]('one'));
    const other = draft('tutor:o1', 'u2');
    act(() => other.result.current[1]('two'));
    window.sessionStorage.setItem('learner-portal.mobile-warning', '1');

    discardAllDrafts();

    expect(Object.keys(window.sessionStorage)).toEqual(['learner-portal.mobile-warning']);
  });
});

describe('discardDraftsOfOthers', () => {
  it('keeps the signed-in user’s drafts and removes those another user left in the tab', () => {
    window.sessionStorage.setItem(`${DRAFT_KEY_PREFIX}u1:chat:t1`, '"mine"');
    window.sessionStorage.setItem(`${DRAFT_KEY_PREFIX}u10:chat:t1`, '"theirs"');
    window.sessionStorage.setItem(`${DRAFT_KEY_PREFIX}u2:tutor:o1`, '"theirs too"');

    discardDraftsOfOthers('u1');

    expect(Object.keys(window.sessionStorage)).toEqual([`${DRAFT_KEY_PREFIX}u1:chat:t1`]);
  });
});
