import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { ProfileView, SessionView } from '../../api/contracts/bff';
import { sessionView } from '../../test/factories';
import { renderApp } from '../../test/renderApp';
import { toastQueue } from '../../ui/toasts';
import { failingOnce, http, HttpResponse, problemAnswer, server } from '../../test/server';
import { TIME_ZONES, zoneOptions } from './timeZones';
import { sentence } from '../../test/text';

function profileView(overrides: Partial<ProfileView> = {}): ProfileView {
  return {
    user: { id: 'u-1', email: 'ada@example.test', fullName: 'Ada King Lovelace', timezone: 'Europe/London' },
    primaryUnit: { id: 'unit-1', name: 'Analytical Engines', code: 'AE' },
    privacyPolicyUrl: 'https://acme.example/privacy',
    timezone: 'Europe/London',
    timezoneChosen: true,
    ...overrides,
  };
}

/** Serves the profile and the session from one mutable time zone, as the gateway would. */
function serveProfile(initial: Partial<ProfileView> = {}, onSave?: (zone: string) => Response | undefined) {
  let profile = profileView(initial);
  const saved: string[] = [];
  let session: SessionView = sessionView({ user: { ...profile.user } });
  server.use(
    http.get('*/api/bff/profile', () => HttpResponse.json(profile)),
    http.get('*/api/bff/session', () => HttpResponse.json(session)),
    http.post('*/api/bff/profile/timezone', async ({ request }) => {
      const { timezone } = (await request.json()) as { timezone: string };
      const failure = onSave?.(timezone);
      if (failure) return failure;
      saved.push(timezone);
      profile = { ...profile, timezone, timezoneChosen: true, user: { ...profile.user, timezone } };
      session = { ...session, user: { ...session.user, timezone } };
      return HttpResponse.json({ timezone, changed: true });
    }),
  );
  return { saved };
}

describe('profile page', () => {
  beforeEach(() => {
    for (const toast of toastQueue.visibleToasts) toastQueue.close(toast.key);
  });

  it('shows the full name as the header and the personal info tab', async () => {
    serveProfile();
    renderApp('/learn/profile');

    expect(await screen.findByRole('heading', { level: 1, name: 'Ada King Lovelace' })).toBeInTheDocument();
    await waitFor(() => expect(document.title).toMatch(/^Profile \| /));
    const tabs = screen.getByRole('tablist', { name: 'Profile sections' });
    expect(within(tabs).getByRole('tab', { name: 'Personal info' })).toHaveAttribute('aria-selected', 'true');
    const panel = screen.getByRole('tabpanel');
    expect(within(panel).getByText('ada@example.test')).toBeInTheDocument();
    expect(within(panel).getByText(sentence('Analytical Engines (AE)'))).toBeInTheDocument();
    expect(within(panel).getByRole('link', { name: /Read the privacy policy/ })).toHaveAttribute(
      'href',
      'https://acme.example/privacy',
    );
  });

  it('leaves out the privacy link when none is configured and says when there is no unit', async () => {
    serveProfile({ privacyPolicyUrl: undefined, primaryUnit: undefined });
    renderApp('/learn/profile');
    await screen.findByRole('heading', { level: 1, name: 'Ada King Lovelace' });
    expect(screen.queryByRole('link', { name: /privacy/i })).not.toBeInTheDocument();
    expect(screen.getByText('Not assigned')).toBeInTheDocument();
  });

  it('shows the error with a retry when the profile cannot be loaded', async () => {
    server.use(
      http.get(
        '*/api/bff/profile',
        failingOnce(404, () => profileView()),
      ),
    );
    const { user } = renderApp('/learn/profile');
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Something went wrong');
    await user.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Ada King Lovelace' })).toBeInTheDocument();
  });

  it('shows the current date and time in 12-hour form with the weekday, in the chosen zone', async () => {
    serveProfile({
      timezone: 'Asia/Tokyo',
      user: { id: 'u-1', email: 'a@b.c', fullName: 'Ada', timezone: 'Asia/Tokyo' },
    });
    const { user } = renderApp('/learn/profile?tab=preferredTimeZone');
    const panel = await screen.findByRole('tabpanel');
    expect(screen.getByRole('tab', { name: 'Preferred time zone' })).toHaveAttribute('aria-selected', 'true');
    const time = within(panel).getByText(/(Monday|Tuesday|Wednesday|Thursday|Friday|Saturday|Sunday), .* (AM|PM)$/);
    expect(time.tagName).toBe('TIME');
    const expected = new Intl.DateTimeFormat('en-US', { timeZone: 'Asia/Tokyo', weekday: 'long' }).format(new Date());
    expect(time.textContent).toContain(expected);
    expect(within(panel).getByRole('combobox', { name: 'Time zone' })).toHaveValue('(UTC+09:00) Asia/Tokyo');
    await user.click(screen.getByRole('tab', { name: 'Personal info' }));
    expect(screen.getByRole('tab', { name: 'Personal info' })).toHaveAttribute('aria-selected', 'true');
  });

  it('saves a newly chosen zone, announces it, and dates follow it through the session', async () => {
    const { saved } = serveProfile();
    const { user } = renderApp('/learn/profile?tab=preferredTimeZone');
    const combo = await screen.findByRole('combobox', { name: 'Time zone' });

    await user.clear(combo);
    await user.type(combo, 'Tokyo');
    await user.click(await screen.findByRole('option', { name: '(UTC+09:00) Asia/Tokyo' }));

    await waitFor(() => expect(saved).toEqual(['Asia/Tokyo']));
    expect(await screen.findByText('The time zone was set')).toBeInTheDocument();
    await waitFor(() => expect(combo).toHaveValue('(UTC+09:00) Asia/Tokyo'));
  });

  it('does not save a zone equal to the current one', async () => {
    const { saved } = serveProfile();
    const { user } = renderApp('/learn/profile?tab=preferredTimeZone');
    const combo = await screen.findByRole('combobox', { name: 'Time zone' });
    await user.click(combo);
    await user.click(await screen.findByRole('option', { name: /Europe\/London/ }));
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(saved).toEqual([]);
  });

  it('detects the browser zone and saves it', async () => {
    const detected = Intl.DateTimeFormat().resolvedOptions().timeZone;
    const start = detected === 'Asia/Tokyo' ? 'Europe/London' : 'Asia/Tokyo';
    const { saved } = serveProfile({
      timezone: start,
      user: { id: 'u', email: 'a@b.c', fullName: 'Ada', timezone: start },
    });
    const { user } = renderApp('/learn/profile?tab=preferredTimeZone');
    await user.click(await screen.findByRole('button', { name: 'Detect my time zone' }));
    await waitFor(() => expect(saved).toEqual([detected]));
  });

  describe('a save that fails', () => {
    const chooseTokyo = async () => {
      const { user } = renderApp('/learn/profile?tab=preferredTimeZone');
      const combo = await screen.findByRole('combobox', { name: 'Time zone' });
      await user.clear(combo);
      await user.type(combo, 'Tokyo');
      await user.click(await screen.findByRole('option', { name: '(UTC+09:00) Asia/Tokyo' }));
      return { user, combo };
    };

    it('logs it, keeps the saved zone, and tells the learner it was not saved', async () => {
      const log = vi.spyOn(console, 'error').mockImplementation(() => undefined);
      const { saved } = serveProfile({}, () => HttpResponse.json({ title: 'nope' }, { status: 500 }));
      const { combo } = await chooseTokyo();

      await waitFor(() => expect(log).toHaveBeenCalledWith('Saving the preferred time zone failed', expect.anything()));
      expect(saved).toEqual([]);
      expect(screen.queryByText('The time zone was set')).not.toBeInTheDocument();
      expect(await screen.findByRole('alert')).toHaveTextContent(
        'The time zone could not be set to (UTC+09:00) Asia/Tokyo.',
      );
      await waitFor(() => expect((combo as HTMLInputElement).value).toMatch(/Europe\/London$/));
      // Not a failure that passes by itself: nothing to try again, the learner may choose again.
      expect(screen.queryByRole('button', { name: 'Try again' })).not.toBeInTheDocument();
    });

    it('says why when the gateway said, and tries the chosen zone again when the failure may pass', async () => {
      vi.spyOn(console, 'error').mockImplementation(() => undefined);
      let calls = 0;
      const { saved } = serveProfile({}, () =>
        (calls += 1) === 1 ? problemAnswer(503, 'upstream_unavailable') : undefined,
      );
      const { user, combo } = await chooseTokyo();

      const alert = await screen.findByRole('alert');
      expect(alert).toHaveTextContent(
        'The time zone could not be set to (UTC+09:00) Asia/Tokyo. The learning platform is not available right now. Please try again in a few minutes.',
      );
      await waitFor(() => expect((combo as HTMLInputElement).value).toMatch(/Europe\/London$/));

      await user.click(screen.getByRole('button', { name: 'Try again' }));
      await waitFor(() => expect(saved).toEqual(['Asia/Tokyo']));
      expect(await screen.findByText('The time zone was set')).toBeInTheDocument();
      await waitFor(() => expect(combo).toHaveValue('(UTC+09:00) Asia/Tokyo'));
      // The only alert left is the success toast's.
      expect(screen.queryByText(/could not be set/)).not.toBeInTheDocument();
      expect(screen.queryByRole('button', { name: 'Try again' })).not.toBeInTheDocument();
      // Focus goes on to the clock, now in the saved zone, not to the start of the page.
      expect(screen.getByText('Current date and time').parentElement).toHaveFocus();
    });

    it('shows the refusal of the platform, and takes the error away when another zone is chosen', async () => {
      vi.spyOn(console, 'error').mockImplementation(() => undefined);
      serveProfile({}, (zone) =>
        zone === 'Asia/Tokyo'
          ? problemAnswer(422, 'validation_failed', { fieldErrors: { timezone: ['This time zone is not allowed.'] } })
          : undefined,
      );
      const { user, combo } = await chooseTokyo();
      expect(await screen.findByRole('alert')).toHaveTextContent(
        'The time zone could not be set to (UTC+09:00) Asia/Tokyo. This time zone is not allowed.',
      );
      expect(screen.queryByRole('button', { name: 'Try again' })).not.toBeInTheDocument();

      await user.clear(combo);
      await user.type(combo, 'Paris');
      await user.click(await screen.findByRole('option', { name: /Europe\/Paris/ }));
      expect(await screen.findByText('The time zone was set')).toBeInTheDocument();
      expect(screen.queryByText(/could not be set/)).not.toBeInTheDocument();
    });
  });
});

describe('time zone list', () => {
  it('has about 100 named zones, ordered by offset', () => {
    expect(TIME_ZONES.length).toBeGreaterThanOrEqual(95);
    expect(TIME_ZONES.length).toBeLessThanOrEqual(115);
    const options = zoneOptions(new Date('2030-01-15T12:00:00Z'));
    const offsets = options.map((o) => o.offset);
    expect(offsets).toEqual([...offsets].sort((a, b) => a - b));
    expect(options.find((o) => o.id === 'Asia/Kolkata')?.label).toBe('(UTC+05:30) Asia/Kolkata');
    expect(options.find((o) => o.id === 'America/New_York')?.label).toBe('(UTC−05:00) America/New York');
  });

  it('adds the learner zone when it is not listed', () => {
    expect(zoneOptions(new Date(), ['Europe/Zurich']).some((o) => o.id === 'Europe/Zurich')).toBe(true);
  });
});
