import { render, screen } from '@testing-library/react';
import { IntlProvider } from 'react-intl';
import { describe, expect, it } from 'vitest';
import type { AttemptRow } from '../../api/contracts/bff';
import { AttemptsTable } from './AttemptsTable';

const attempts: AttemptRow[] = [{ id: 'r1', finished: '2026-11-06T10:00:00Z', grade: 'A', passed: true }];

function table(locale: string, messages: Record<string, string>) {
  return (
    <IntlProvider locale={locale} defaultLocale="en-US" messages={messages} timeZone="UTC" onError={() => undefined}>
      <AttemptsTable attempts={attempts} scoreColumn={false} />
    </IntlProvider>
  );
}

describe('previous attempts', () => {
  it('re-renders its rows in the language the learner switches to', () => {
    const { rerender } = render(table('en-US', {}));
    expect(screen.getByRole('rowheader', { name: 'Nov 6, 2026' })).toBeInTheDocument();
    expect(screen.getByText('Passed')).toBeInTheDocument();
    rerender(table('ar-AR-u-nu-latn', { 'courseDetails.result.passed': 'ناجح' }));
    expect(screen.getByText('ناجح')).toBeInTheDocument();
    expect(screen.queryByText('Passed')).toBeNull();
    expect(screen.queryByRole('rowheader', { name: 'Nov 6, 2026' })).toBeNull();
  });
});
