import { createIntl } from 'react-intl';
import { describe, expect, it } from 'vitest';
import arabic from '../i18n/messages/ar-AR.json';
import type { Problem } from './contracts/bff';
import { ApiError } from './http';
import { refusalText } from './refusals';
import { commandFailure } from './useCommand';

const english = createIntl({ locale: 'en-US', defaultLocale: 'en-US', timeZone: 'Europe/London' });
const refusal = (error: string, detail: string, date?: string): Problem => ({
  error,
  title: 'Conflict',
  status: 409,
  detail,
  ...(date ? { date } : {}),
});
const WILL_BE = refusal(
  'will_be_available',
  'Will be available to start on 2026-12-09T02:11:07Z',
  '2026-12-09T02:11:07Z',
);

describe('refusalText', () => {
  it('writes the date of an availability refusal in the learner language and time zone', () => {
    expect(refusalText(WILL_BE, english)).toBe('Will be available to start on December 9, 2026');
    const california = createIntl({ locale: 'en-US', defaultLocale: 'en-US', timeZone: 'America/Los_Angeles' });
    // 02:11 UTC on the 9th is still the 8th in California.
    expect(refusalText(WILL_BE, california)).toBe('Will be available to start on December 8, 2026');
    const was = refusal(
      'was_available_before',
      'Was available to start before 2026-02-01T12:00:00Z',
      '2026-02-01T12:00:00Z',
    );
    expect(refusalText(was, english)).toBe('Was available to start before February 1, 2026');
  });

  it('says every refusal of the gateway in Arabic, never its English detail', () => {
    const intl = createIntl({ locale: 'ar-AR', defaultLocale: 'en-US', messages: arabic, timeZone: 'UTC' });
    const codes = [
      'coming_soon',
      'not_available',
      'attempt_not_finished',
      'no_retake',
      'activity_unavailable',
      'activity_not_started',
      'no_proctoring_session',
      'command_canceled',
      'command_errors_unexplained',
      'command_failed_unexplained',
      'command_status_unknown',
      'too_many_requests',
    ];
    for (const code of codes) {
      const text = refusalText(refusal(code, 'English detail'), intl);
      expect(text, code).toBeTruthy();
      expect(text, code).toMatch(/[\u0600-\u06FF]/);
    }
    expect(refusalText(WILL_BE, intl)).toMatch(/^سيتاح بدء الدورة في .*2026/);
  });

  it('says the fallbacks of spec section 8 by their code', () => {
    const cases = [
      ['command_errors_unexplained', 'Server accepted command but encountered errors.'],
      ['command_failed_unexplained', 'Server accepted command but encountered an unknown error.'],
      ['command_status_unknown', 'Server returns unknown error.'],
    ];
    for (const [code, text] of cases) expect(refusalText(refusal(code!, 'English'), english)).toBe(text);
  });

  it('leaves other problems, and a dated refusal without its date, to the caller', () => {
    expect(refusalText(refusal('conflict', 'Something else.'), english)).toBeUndefined();
    expect(refusalText(refusal('will_be_available', 'Will be available to start on …'), english)).toBeUndefined();
    expect(refusalText(undefined, english)).toBeUndefined();
  });

  it('is what a refused command shows, unless the LMS said something itself', () => {
    expect(commandFailure(new ApiError(409, WILL_BE), english)?.message).toBe(
      'Will be available to start on December 9, 2026',
    );
    const withFields = { ...WILL_BE, fieldErrors: { objectiveId: ['Enrolment is closed.'] } };
    expect(commandFailure(new ApiError(409, withFields), english)?.message).toBe('Enrolment is closed.');
  });
});
