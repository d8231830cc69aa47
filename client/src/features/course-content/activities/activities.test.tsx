import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import type { ReactNode } from 'react';
import { IntlProvider } from 'react-intl';
import { SWRConfig } from 'swr';
import { describe, expect, it } from 'vitest';
import type { PlayerActivity, ScoreDisplay } from '../../../api/contracts/bff';
import { http, HttpResponse, server } from '../../../test/server';
import { AW_ID, playerActivity, WORKFLOW_ID } from '../testData';
import { ActivityScore, TocScore } from './ActivityScore';
import { DiscussionActivity } from './DiscussionActivity';
import { EventActivity } from './EventActivity';
import { TextActivity } from './TextActivity';
import { VideoActivity } from './VideoActivity';

function renderIn(ui: ReactNode, { locale = 'en-US', timeZone = 'Europe/London' } = {}) {
  return render(
    <SWRConfig value={{ provider: () => new Map() }}>
      <IntlProvider locale={locale} timeZone={timeZone} messages={{}} onError={() => undefined}>
        {ui}
      </IntlProvider>
    </SWRConfig>,
  );
}

const NINETY: ScoreDisplay = { percent: 90, points: { score: 9, maxScore: 10 }, color: 'success' };

describe('activity score', () => {
  it('shows the percent in the score’s colour and the points under the activity’s name', () => {
    renderIn(<ActivityScore score={NINETY} />);
    expect(screen.getByText('Your score')).toBeInTheDocument();
    expect(screen.getByText('90%')).toHaveClass('score--success');
    expect(screen.getByText('9 out of 10 points')).toBeInTheDocument();
  });

  it('leaves the points out when the view gives none (a maximum of 1)', () => {
    renderIn(<ActivityScore score={{ percent: 40, color: 'accent' }} />);
    expect(screen.getByText('40%')).toHaveClass('score--accent');
    expect(screen.queryByText(/points/)).not.toBeInTheDocument();
  });

  it('in the contents, shows the percent and reads “Score: 90%”', () => {
    const { container } = renderIn(<TocScore score={NINETY} />);
    expect(screen.getByText('90%')).toHaveAttribute('aria-hidden', 'true');
    expect(screen.getByText('Score: 90%')).toHaveClass('visually-hidden');
    expect(container).toHaveTextContent('90%Score: 90%');
  });
});

function event(content: PlayerActivity['content']['event'], html?: string): PlayerActivity {
  return playerActivity({ kind: 'event', name: 'Live webinar', content: { event: content, html } });
}

describe('event activity', () => {
  const webinar = {
    start: '2030-03-04T14:00:00Z',
    end: '2030-03-04T15:00:00Z',
    location: 'Acme Academy, Room 4.12',
    meetingUrl: 'https://meet.example/room-4',
  };

  it.each([
    ['Europe/London', /2:00\s*–\s*3:00\s*PM GMT/, '4'],
    ['America/New_York', /9:00\s*–\s*10:00\s*AM EST/, '4'],
    ['Pacific/Auckland', /3:00\s*–\s*4:00\s*AM GMT\+13/, '5'],
  ])('shows the date and hours in the learner’s time zone (%s)', (timeZone, hours, day) => {
    const { container } = renderIn(<EventActivity activity={event(webinar)} />, { timeZone });
    const when = container.querySelector('.event-facts__row dd');
    expect(when?.textContent).toMatch(hours);
    // The tile repeats the day for the eye; it is hidden from screen readers.
    const tile = container.querySelector('.event-card__tile');
    expect(tile).toHaveAttribute('aria-hidden', 'true');
    expect(tile?.querySelector('.event-card__day')).toHaveTextContent(day);
  });

  it('names when and where for screen readers, the place isolated, and joins online in a new tab', () => {
    const { container } = renderIn(<EventActivity activity={event(webinar, '<p>Bring your questions.</p>')} />);
    const facts = container.querySelector('dl')!;
    expect(within(facts).getByText('When')).toHaveClass('visually-hidden');
    expect(within(facts).getByText('Where')).toHaveClass('visually-hidden');
    expect(within(facts).getByText('Acme Academy, Room 4.12').tagName).toBe('BDI');
    const join = screen.getByRole('link', { name: 'Join online (opens in a new tab)' });
    expect(join).toHaveAttribute('href', 'https://meet.example/room-4');
    expect(join).toHaveAttribute('target', '_blank');
    expect(join).toHaveAttribute('rel', 'noopener noreferrer');
    expect(screen.getByText('Bring your questions.')).toBeInTheDocument();
  });

  it('gives one range when the event runs over several days', () => {
    const { container } = renderIn(
      <EventActivity activity={event({ start: '2030-03-04T09:00:00Z', end: '2030-03-06T17:00:00Z' })} />,
      { timeZone: 'UTC' },
    );
    const when = container.querySelector('.event-facts__row dd')!;
    expect(when.querySelector('.event-facts__date')?.textContent).toMatch(/March 4.*March 6, 2030/);
    expect(when.querySelector('.event-facts__time')).toBeNull();
  });

  it('says the details are not announced when the view has none', () => {
    renderIn(<EventActivity activity={event(undefined)} />);
    expect(screen.getByText('The date and place of this event have not been announced yet.')).toBeInTheDocument();
  });
});

describe('text and discussion activities', () => {
  it('shows a text’s sanitised content in the direction of its own language', () => {
    const { container } = renderIn(
      <TextActivity
        activity={playerActivity({
          content: { html: '<h2>Why it matters</h2><img src="x" onerror="alert(1)"><script>alert(2)</script>' },
        })}
      />,
      { locale: 'ar-AR' },
    );
    expect(screen.getByRole('heading', { level: 2, name: 'Why it matters' })).toBeInTheDocument();
    expect(container.querySelector('[dir="auto"]')).toContainElement(screen.getByRole('heading', { level: 2 }));
    expect(container.innerHTML).not.toMatch(/onerror|<script/);
  });

  it('links a discussion’s thread in a new tab under its prompt', () => {
    renderIn(
      <DiscussionActivity
        activity={playerActivity({
          kind: 'discussion',
          content: { html: '<p>Introduce yourself.</p>', discussionUrl: 'https://lms.example/discussions/1' },
        })}
      />,
    );
    expect(screen.getByText('Introduce yourself.')).toBeInTheDocument();
    const open = screen.getByRole('link', { name: 'Open the discussion (opens in a new tab)' });
    expect(open).toHaveAttribute('href', 'https://lms.example/discussions/1');
    expect(open).toHaveAttribute('target', '_blank');
  });
});

describe('video activity', () => {
  const media = 'https://media.example/';
  const video = (lang = 'en') =>
    playerActivity({
      kind: 'video',
      name: 'Walkthrough',
      content: {
        video: {
          url: `${media}walkthrough.webm`,
          lang,
          tracks: [
            { src: `${media}walkthrough.en.vtt`, lang: 'en', label: 'English' },
            { src: `${media}walkthrough.ar.vtt`, lang: 'ar', label: 'العربية' },
          ],
        },
      },
    });

  it('plays the file with its caption tracks and their language hints, asking for CORS for tracks of another origin', () => {
    const { container } = renderIn(<VideoActivity workflowId={WORKFLOW_ID} activity={video()} readOnly={false} />);
    const element = container.querySelector('video')!;
    expect(element).toHaveAttribute('src', `${media}walkthrough.webm`);
    expect(element).toHaveAttribute('lang', 'en');
    expect(element).toHaveAttribute('controls');
    expect(element).toHaveAttribute('crossorigin', 'anonymous');
    const tracks = [...element.querySelectorAll('track')].map((t) => [t.kind, t.srclang, t.label, t.default]);
    expect(tracks).toEqual([
      ['captions', 'en', 'English', false],
      ['captions', 'ar', 'العربية', false],
    ]);
  });

  it('turns on the captions of the interface’s language when the video speaks another', () => {
    const { container } = renderIn(<VideoActivity workflowId={WORKFLOW_ID} activity={video()} readOnly={false} />, {
      locale: 'ar-AR',
    });
    const defaults = [...container.querySelectorAll('track')].map((t) => t.default);
    expect(defaults).toEqual([false, true]);
  });

  it('saves the position through the gateway when the learner pauses', async () => {
    const saved: unknown[] = [];
    server.use(
      http.put(`*/api/bff/workflows/${WORKFLOW_ID}/activities/${AW_ID}/progress`, async ({ request }) => {
        saved.push(await request.json());
        return HttpResponse.json({ activityWorkflowId: AW_ID, progress: 0.5 });
      }),
    );
    const { container } = renderIn(<VideoActivity workflowId={WORKFLOW_ID} activity={video()} readOnly={false} />);
    const element = container.querySelector('video')!;
    Object.defineProperty(element, 'duration', { configurable: true, value: 12 });
    Object.defineProperty(element, 'currentTime', { configurable: true, value: 6 });
    fireEvent.pause(element);
    await waitFor(() => expect(saved).toEqual([{ progress: 0.5, positionSeconds: 6 }]));
  });

  it('saves nothing in review (read-only)', async () => {
    let calls = 0;
    server.use(
      http.put('*/api/bff/workflows/:w/activities/:aw/progress', () => {
        calls += 1;
        return HttpResponse.json({ activityWorkflowId: AW_ID });
      }),
    );
    const { container } = renderIn(<VideoActivity workflowId={WORKFLOW_ID} activity={video()} readOnly />);
    const element = container.querySelector('video')!;
    Object.defineProperty(element, 'duration', { configurable: true, value: 12 });
    Object.defineProperty(element, 'currentTime', { configurable: true, value: 6 });
    fireEvent.pause(element);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(calls).toBe(0);
  });
});
