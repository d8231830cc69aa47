import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { announceSignOut, onSignOutElsewhere } from '../session/crossTab';
import { DRAFT_KEY_PREFIX } from '../session/drafts';
import type { ProfileView } from '../api/contracts/bff';
import { apiFetch, navigation } from '../api/http';
import { sessionView, uiConfig } from '../test/factories';
import { renderApp } from '../test/renderApp';
import { http, HttpResponse, server } from '../test/server';
import { sentence } from '../test/text';

/** The account button once the menu's code is there (a native button stands in before it). */
function accountButton() {
  return waitFor(() => {
    const button = screen.getByRole('button', { name: 'Ada Lovelace' });
    expect(button).toHaveAttribute('data-rac');
    return button;
  });
}

async function openMenu() {
  const rendered = renderApp('/learn/courses');
  const button = await accountButton();
  await rendered.user.click(button);
  return { ...rendered, button, menu: await screen.findByRole('menu') };
}

async function openLanguages(user: ReturnType<typeof renderApp>['user']) {
  await user.click(screen.getByRole('menuitem', { name: /Language/ }));
  return screen.findByRole('menu', { name: /^Language/ });
}

describe('user menu', () => {
  it('opens from the button with the full name and closes with Escape, returning focus', async () => {
    const { user, button, menu } = await openMenu();

    expect(button).toHaveAttribute('aria-haspopup');
    // The name keeps its own direction (and is cut short at its end) in a right-to-left page.
    expect(within(button).getByText('Ada Lovelace')).toHaveAttribute('dir', 'auto');
    expect(button).toHaveAttribute('aria-expanded', 'true');
    expect(within(menu).getByText('Signed in as ada@example.test')).toBeInTheDocument();
    await waitFor(() => expect(menu.contains(document.activeElement)).toBe(true));

    await user.keyboard('{Escape}');

    await waitFor(() => expect(screen.queryByRole('menu')).not.toBeInTheDocument());
    expect(button).toHaveAttribute('aria-expanded', 'false');
    await waitFor(() => expect(button).toHaveFocus());
  });

  it('opens from the keyboard and moves with the arrow keys, Home and End', async () => {
    const rendered = renderApp('/learn/courses');
    const button = await accountButton();
    // Focus updates the button's own state (react-aria tracks focus and focus-visible).
    act(() => button.focus());
    expect(button).toHaveFocus();
    await rendered.user.keyboard('{ArrowDown}');
    const menu = await screen.findByRole('menu');

    await waitFor(() => expect(within(menu).getByRole('menuitem', { name: 'Profile' })).toHaveFocus());
    await rendered.user.keyboard('{ArrowDown}');
    expect(within(menu).getByRole('menuitem', { name: /Language/ })).toHaveFocus();
    await rendered.user.keyboard('{End}');
    expect(within(menu).getByRole('menuitem', { name: 'Sign out' })).toHaveFocus();
    await rendered.user.keyboard('{Home}');
    expect(within(menu).getByRole('menuitem', { name: 'Profile' })).toHaveFocus();
    expect(screen.getByRole('menu')).toBeInTheDocument();
  });

  it('signs out with a form POST to /oidc/logout, leaves no draft in the tab and tells the other tabs', async () => {
    window.sessionStorage.setItem(`${DRAFT_KEY_PREFIX}u1:chat:t1`, '"Half a message"');
    window.sessionStorage.setItem('learner-portal.mobile-warning', '1');
    const { user, menu } = await openMenu();
    const form = document.querySelector<HTMLFormElement>('form[action="/oidc/logout"]');
    expect(form).not.toBeNull();
    expect(form?.getAttribute('method')).toBe('post');
    const submitted = vi.fn((event: Event) => event.preventDefault());
    form!.addEventListener('submit', submitted);
    const heard = vi.fn();
    const stop = onSignOutElsewhere(heard);

    await user.click(within(menu).getByRole('menuitem', { name: 'Sign out' }));

    expect(submitted).toHaveBeenCalledTimes(1);
    expect(Object.keys(window.sessionStorage)).toEqual(['learner-portal.mobile-warning']);
    await waitFor(() => expect(heard).toHaveBeenCalledTimes(1));
    stop();
    // A call answered 401 after the sign-out left does not send the tab to sign in instead.
    const assign = vi.spyOn(navigation, 'assign').mockImplementation(() => undefined);
    const loginUrl = '/oidc/login';
    server.use(
      http.get('*/api/bff/profile', () =>
        HttpResponse.json({ error: 'unauthorized', reason: 'none', loginUrl }, { status: 401 }),
      ),
    );
    await apiFetch('/api/bff/profile').catch(() => undefined);
    expect(assign).not.toHaveBeenCalled();
  });

  it('a user signed in after another finds none of the other’s drafts in the tab, and keeps their own', async () => {
    window.sessionStorage.setItem(`${DRAFT_KEY_PREFIX}u-1:chat:t1`, '"Ada’s"');
    window.sessionStorage.setItem(`${DRAFT_KEY_PREFIX}u-2:chat:t1`, '"Grace’s"');
    renderApp('/learn/courses');
    await accountButton();
    await waitFor(() => expect(Object.keys(window.sessionStorage)).toEqual([`${DRAFT_KEY_PREFIX}u-1:chat:t1`]));
  });

  it('a sign-out in another tab removes the drafts of this one', async () => {
    renderApp('/learn/courses');
    await accountButton();
    window.sessionStorage.setItem(`${DRAFT_KEY_PREFIX}u1:tutor:o1`, '"A question"');
    announceSignOut();
    await waitFor(() => expect(window.sessionStorage.length).toBe(0));
  });

  it('tells the other tabs when the form is submitted', async () => {
    await openMenu();
    const heard = vi.fn();
    const stop = onSignOutElsewhere(heard);
    const form = document.querySelector<HTMLFormElement>('form[action="/oidc/logout"]')!;
    form.addEventListener('submit', (event) => event.preventDefault());
    fireEvent.submit(form);
    await waitFor(() => expect(heard).toHaveBeenCalledTimes(1));
    stop();
  });

  it('links to the profile', async () => {
    const profileView: ProfileView = {
      user: sessionView().user,
      primaryUnit: { id: 'unit-1', name: 'Analytical Engines', code: 'AE' },
      timezone: 'Europe/London',
      timezoneChosen: true,
    };
    server.use(http.get('*/api/bff/profile', () => HttpResponse.json(profileView)));
    const { user, menu, location } = await openMenu();
    const profile = within(menu).getByRole('menuitem', { name: 'Profile' });
    expect(profile).toHaveAttribute('href', '/learn/profile');
    await user.click(profile);
    await waitFor(() => expect(location()).toBe('/profile'));
    expect(await screen.findByRole('heading', { level: 1, name: 'Ada Lovelace' })).toBeInTheDocument();
    expect(screen.getByText(sentence('Analytical Engines (AE)'))).toBeInTheDocument();
  });

  it('offers the tenant languages in a submenu and switches live, right to left for Arabic', async () => {
    const { user } = await openMenu();
    const languages = await openLanguages(user);
    expect(within(languages).getByRole('menuitemradio', { name: 'English' })).toHaveAttribute('aria-checked', 'true');

    await user.click(within(languages).getByRole('menuitemradio', { name: 'العربية' }));

    await waitFor(() => expect(document.documentElement).toHaveAttribute('dir', 'rtl'));
    expect(document.documentElement).toHaveAttribute('lang', 'ar-AR');
    expect(await screen.findByRole('searchbox', { name: 'البحث في الدورات' })).toBeInTheDocument();
    expect(window.localStorage.getItem('learner-portal.locale')).toBe('ar-AR');

    await user.click(await accountButton());
    await user.click(await screen.findByRole('menuitem', { name: /اللغة/ }));
    await user.click(await screen.findByRole('menuitemradio', { name: 'English' }));
    await waitFor(() => expect(document.documentElement).toHaveAttribute('dir', 'ltr'));
  });

  it('starts in the stored language', async () => {
    window.localStorage.setItem('learner-portal.locale', 'ar-AR');
    renderApp('/learn/courses');

    await waitFor(() => expect(document.documentElement).toHaveAttribute('dir', 'rtl'));
    expect(await screen.findByRole('navigation', { name: 'التنقل الرئيسي' })).toBeInTheDocument();
  });

  it("names My courses in the learner's language unless the tenant names it", async () => {
    window.localStorage.setItem('learner-portal.locale', 'ar-AR');
    renderApp('/learn/courses');

    expect(await screen.findByRole('heading', { level: 1, name: 'دوراتي' })).toBeInTheDocument();
    const nav = await screen.findByRole('navigation', { name: 'التنقل الرئيسي' });
    expect(within(nav).getByRole('link', { name: 'دوراتي' })).toBeInTheDocument();
  });

  it('keeps the name the tenant gives My courses in every language', async () => {
    server.use(
      http.get('*/config-ui/config.json', () => HttpResponse.json(uiConfig({ coursesName: 'Learning plan' }))),
    );
    window.localStorage.setItem('learner-portal.locale', 'ar-AR');
    renderApp('/learn/courses');

    expect(await screen.findByRole('heading', { level: 1, name: 'Learning plan' })).toBeInTheDocument();
  });

  it('offers Latin and Serbian (Latin script) from the tenant list and renders them without Intl data', async () => {
    server.use(
      http.get('*/config-ui/config.json', () =>
        HttpResponse.json(uiConfig({ locales: ['en-US', 'la', 'sr-Latn-RS'] })),
      ),
    );
    const { user } = await openMenu();
    const languages = await openLanguages(user);
    expect(
      within(languages)
        .getAllByRole('menuitemradio')
        .map((item) => item.textContent),
    ).toEqual(['English', 'Latina', 'Srpski']);
    await user.click(within(languages).getByRole('menuitemradio', { name: 'Latina' }));
    await waitFor(() => expect(document.documentElement).toHaveAttribute('lang', 'la'));
    expect(document.documentElement).toHaveAttribute('dir', 'ltr');
    // Latin's own messages, with dates and numbers formatted as en-US: the page still renders.
    expect(await screen.findByRole('heading', { level: 1, name: 'Cursus mei' })).toBeInTheDocument();
    expect(window.localStorage.getItem('learner-portal.locale')).toBe('la');
  });
});
