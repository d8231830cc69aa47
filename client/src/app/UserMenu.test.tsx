import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { onSignOutElsewhere } from '../session/crossTab';
import { renderApp } from '../test/renderApp';

async function openMenu() {
  const rendered = renderApp('/learn/courses');
  const button = await screen.findByRole('button', { name: 'Ada Lovelace' });
  await rendered.user.click(button);
  return { ...rendered, button, menu: screen.getByRole('menu', { name: 'User menu' }) };
}

describe('user menu', () => {
  it('opens from the button with the full name and closes with Escape, returning focus', async () => {
    const { user, button, menu } = await openMenu();

    expect(button).toHaveAttribute('aria-haspopup', 'menu');
    expect(button).toHaveAttribute('aria-expanded', 'true');
    expect(within(menu).getByRole('menuitem', { name: 'Profile' })).toHaveFocus();

    await user.keyboard('{Escape}');

    expect(screen.queryByRole('menu')).not.toBeInTheDocument();
    expect(button).toHaveAttribute('aria-expanded', 'false');
    expect(button).toHaveFocus();
  });

  it('stays open on other keys and moves with the arrow keys', async () => {
    const { user, menu } = await openMenu();

    await user.keyboard('a');
    await user.keyboard('{ArrowDown}');
    expect(within(menu).getByRole('menuitemradio', { name: 'English' })).toHaveFocus();
    await user.keyboard('{End}');
    expect(within(menu).getByRole('menuitem', { name: 'Sign out' })).toHaveFocus();
    await user.tab();

    expect(screen.getByRole('menu')).toBeInTheDocument();
  });

  it('signs out with a form POST to /oidc/logout', async () => {
    const { menu } = await openMenu();

    const signOut = within(menu).getByRole('menuitem', { name: 'Sign out' });
    expect(signOut).toHaveAttribute('type', 'submit');
    const form = (signOut as HTMLButtonElement).form;
    expect(form).not.toBeNull();
    expect(form?.getAttribute('method')).toBe('post');
    expect(form?.getAttribute('action')).toBe('/oidc/logout');
  });

  it('tells the other tabs when it signs out', async () => {
    const { menu } = await openMenu();
    const heard = vi.fn();
    const stop = onSignOutElsewhere(heard);

    const form = (within(menu).getByRole('menuitem', { name: 'Sign out' }) as HTMLButtonElement).form!;
    // jsdom does not navigate; the submit event is what the page reacts to.
    form.addEventListener('submit', (event) => event.preventDefault());
    fireEvent.submit(form);

    await waitFor(() => expect(heard).toHaveBeenCalledTimes(1));
    stop();
  });

  it('links to the profile', async () => {
    const { menu } = await openMenu();
    expect(within(menu).getByRole('menuitem', { name: 'Profile' })).toHaveAttribute('href', '/learn/profile');
  });

  it('switches the language live and lays the page out right to left for Arabic', async () => {
    const { user, menu } = await openMenu();

    await user.click(within(menu).getByRole('menuitemradio', { name: 'العربية' }));

    await waitFor(() => expect(document.documentElement).toHaveAttribute('dir', 'rtl'));
    expect(document.documentElement).toHaveAttribute('lang', 'ar-AR');
    expect(await screen.findByRole('searchbox', { name: 'البحث في الدورات' })).toBeInTheDocument();
    expect(window.localStorage.getItem('learner-portal.locale')).toBe('ar-AR');

    await user.click(screen.getByRole('button', { name: 'Ada Lovelace' }));
    await user.click(screen.getByRole('menuitemradio', { name: 'English' }));
    await waitFor(() => expect(document.documentElement).toHaveAttribute('dir', 'ltr'));
  });

  it('starts in the stored language', async () => {
    window.localStorage.setItem('learner-portal.locale', 'ar-AR');
    renderApp('/learn/courses');

    await waitFor(() => expect(document.documentElement).toHaveAttribute('dir', 'rtl'));
    expect(await screen.findByRole('navigation', { name: 'التنقل الرئيسي' })).toBeInTheDocument();
  });
});
