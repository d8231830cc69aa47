import { render, screen, within } from '@testing-library/react';
import { IntlProvider } from 'react-intl';
import { MemoryRouter } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import type { CatalogCard, DashboardCourse } from '../../api/contracts/bff';
import { courseCard } from '../../test/factories';
import { CourseCard, type CourseCardSource } from './CourseCard';
import { sentence } from '../../test/text';

function renderCard(source: CourseCardSource) {
  render(
    <IntlProvider locale="en-US" timeZone="UTC" messages={{}} onError={() => undefined}>
      <MemoryRouter>
        <CourseCard {...source} />
      </MemoryRouter>
    </IntlProvider>,
  );
  return screen.getByRole('article');
}

function catalogCard(overrides: Partial<CatalogCard> = {}): CatalogCard {
  return {
    objectiveId: 'o-neg',
    name: 'Negotiation Skills',
    code: 'NEG-1',
    isDraft: false,
    color: '#7b3fa0',
    link: '/catalog/o-neg',
    ...overrides,
  };
}

describe('CourseCard', () => {
  it('in progress: title link to the content, code, mandatory, duration and progress', () => {
    const card = renderCard({
      kind: 'enrolled',
      card: courseCard({
        name: 'Time Management',
        code: 'TM-10',
        status: 'inProgress',
        progressPercent: 60,
        isMandatory: true,
        durationMinutes: 45,
        link: '/courses/o-tm/view/content',
      }),
    });
    expect(within(card).getByRole('heading', { level: 2, name: 'Time Management' })).toBeInTheDocument();
    expect(within(card).getByRole('link', { name: 'Time Management' })).toHaveAttribute(
      'href',
      '/courses/o-tm/view/content',
    );
    expect(within(card).getByText(sentence('Code: TM-10'))).toBeInTheDocument();
    expect(within(card).getByText('Mandatory')).toBeInTheDocument();
    expect(within(card).getByText('45 minutes')).toBeInTheDocument();
    expect(within(card).getByText('In progress')).toBeInTheDocument();
    expect(within(card).getByRole('progressbar', { name: 'Progress' })).toHaveAttribute('aria-valuenow', '60');
  });

  it('clamps the progress it is given to 0..100', () => {
    const card = renderCard({ kind: 'enrolled', card: courseCard({ status: 'inProgress', progressPercent: 140 }) });
    expect(within(card).getByRole('progressbar')).toHaveAttribute('aria-valuenow', '100');
  });

  it('not started: the status footer, no progress bar, and the colour cover without image', () => {
    const card = renderCard({ kind: 'enrolled', card: courseCard({ name: 'Data Privacy Basics', color: '#2457c5' }) });
    expect(within(card).getByText('Not started')).toBeInTheDocument();
    expect(within(card).queryByRole('progressbar')).not.toBeInTheDocument();
    expect(card.querySelector('img')).toBeNull();
    expect(card.querySelector<HTMLElement>('.course-card__media')!.style.backgroundColor).toBe('rgb(36, 87, 197)');
  });

  it('draft: the coming soon badge', () => {
    const card = renderCard({ kind: 'enrolled', card: courseCard({ name: 'Cloud Fundamentals', isDraft: true }) });
    expect(within(card).getByText('Coming soon')).toBeInTheDocument();
  });

  it('finished and passed: result, score in its colour, grade, and a decorative cover image', () => {
    const card = renderCard({
      kind: 'enrolled',
      card: courseCard({
        name: 'Workplace Safety',
        status: 'finished',
        progressPercent: 100,
        imageUrl: 'data:image/svg+xml,<svg/>',
        link: '/courses/o-saf',
        result: { passed: true, scorePercent: 92, scoreColor: 'success', grade: 'A' },
      }),
    });
    expect(within(card).getByRole('link', { name: 'Workplace Safety' })).toHaveAttribute('href', '/courses/o-saf');
    expect(within(card).getByText('Finished')).toBeInTheDocument();
    expect(within(card).getByText('Passed')).toBeInTheDocument();
    expect(within(card).getByText('Score: 92%')).toHaveClass('score--success');
    expect(within(card).getByText(sentence('Grade: A'))).toBeInTheDocument();
    // The grade keeps its own direction: 'B+' stays 'B+' in an Arabic sentence.
    expect(within(card).getByText('A', { selector: 'bdi' })).toBeInTheDocument();
    expect(card.querySelector('img')).toHaveAttribute('alt', '');
    expect(within(card).queryByText('Go to details')).not.toBeInTheDocument();
  });

  it('finished and failed: failed with a danger score', () => {
    const card = renderCard({
      kind: 'enrolled',
      card: courseCard({
        status: 'finished',
        result: { passed: false, scorePercent: 30, scoreColor: 'danger', grade: 'F' },
      }),
    });
    expect(within(card).getByText('Failed')).toBeInTheDocument();
    expect(within(card).getByText('Score: 30%')).toHaveClass('score--danger');
  });

  it('finished without a result to show (grades never revealed): go to details', () => {
    const card = renderCard({ kind: 'enrolled', card: courseCard({ name: 'Hidden Grades Quiz', status: 'finished' }) });
    expect(within(card).getByText('Go to details')).toBeInTheDocument();
    expect(within(card).queryByText(/Score/)).not.toBeInTheDocument();
  });

  it('a hidden grade from the view wins over a result', () => {
    const card = renderCard({
      kind: 'enrolled',
      card: courseCard({ status: 'finished', result: { scorePercent: 81 }, gradeHidden: true }),
    });
    expect(within(card).getByText('Go to details')).toBeInTheDocument();
    expect(within(card).queryByText('Score: 81%')).not.toBeInTheDocument();
  });

  it.each([
    ['submitted', 'Submitted'],
    ['inGrading', 'In grading'],
    ['graded', 'Graded'],
    ['gradingApproved', 'Grading approved'],
  ] as const)('%s: its footer', (status, text) => {
    const card = renderCard({ kind: 'enrolled', card: courseCard({ status }) });
    expect(within(card).getByText(text)).toBeInTheDocument();
    expect(within(card).queryByRole('progressbar')).not.toBeInTheDocument();
  });

  it('lock before the availability date (Advanced Negotiation), overdue due date and tile-mode count', () => {
    const card = renderCard({
      kind: 'enrolled',
      card: courseCard({
        name: 'Advanced Negotiation',
        isMandatory: true,
        lock: 'willBeAvailable',
        availabilityDate: '2026-12-03T09:00:00Z',
        dueDate: '2026-11-20T09:00:00Z',
        overdue: true,
        childrenCount: 3,
      }),
    });
    expect(within(card).getByText('Locked')).toHaveClass('visually-hidden');
    expect(within(card).getByText('Available from Dec 3, 2026')).toBeInTheDocument();
    expect(within(card).getByText('Overdue since Nov 20, 2026')).toBeInTheDocument();
    expect(within(card).getByText('3 activities')).toBeInTheDocument();
  });

  it('lock after the availability end date (Legacy Systems Overview), and a due date not yet passed', () => {
    const card = renderCard({
      kind: 'enrolled',
      card: courseCard({
        name: 'Legacy Systems Overview',
        lock: 'wasAvailableBefore',
        availabilityEndDate: '2026-11-18T00:00:00Z',
        dueDate: '2026-12-07T00:00:00Z',
        overdue: false,
      }),
    });
    expect(within(card).getByText('Locked')).toBeInTheDocument();
    expect(within(card).getByText('Was available until Nov 18, 2026')).toBeInTheDocument();
    expect(within(card).getByText('Due Dec 7, 2026')).not.toHaveClass('course-card__due--overdue');
  });

  it('draft lock (Cloud Fundamentals): lock icon and coming soon', () => {
    const card = renderCard({ kind: 'enrolled', card: courseCard({ isDraft: true, lock: 'comingSoon' }) });
    expect(within(card).getByText('Locked')).toBeInTheDocument();
    expect(within(card).getByText('Coming soon')).toBeInTheDocument();
  });

  it('without lock or due fields shows neither', () => {
    const card = renderCard({ kind: 'enrolled', card: courseCard() });
    expect(within(card).queryByText('Locked')).not.toBeInTheDocument();
    expect(within(card).queryByText(/^Due|Overdue/)).not.toBeInTheDocument();
  });

  it('catalog card: link to the catalog page, tile-mode activity count, description, no status', () => {
    const card = renderCard({
      kind: 'catalog',
      card: catalogCard({ childrenCount: 4, durationMinutes: 90, description: 'Get to yes.' }),
    });
    expect(within(card).getByRole('link', { name: 'Negotiation Skills' })).toHaveAttribute('href', '/catalog/o-neg');
    expect(within(card).getByText('4 activities')).toBeInTheDocument();
    expect(within(card).getByText('90 minutes')).toBeInTheDocument();
    expect(within(card).getByText('Get to yes.')).toBeInTheDocument();
    expect(within(card).getByText('View course')).toBeInTheDocument();
    expect(within(card).queryByText('Not started')).not.toBeInTheDocument();
  });

  it('dashboard course: status, due date and result at the chosen heading level', () => {
    const course: DashboardCourse = {
      objectiveId: 'o-dp',
      name: 'Data Privacy Basics',
      status: 'notStarted',
      progressPercent: 0,
      isMandatory: true,
      gradeHidden: false,
      overdue: false,
      unreadAnnouncements: 0,
      dueDate: '2026-12-07T00:00:00Z',
      link: '/courses/o-dp/a-1',
    };
    render(
      <IntlProvider locale="en-US" timeZone="UTC" messages={{}} onError={() => undefined}>
        <MemoryRouter>
          <CourseCard kind="dashboard" card={course} headingLevel={3} />
        </MemoryRouter>
      </IntlProvider>,
    );
    expect(screen.getByRole('heading', { level: 3, name: 'Data Privacy Basics' })).toBeInTheDocument();
    expect(screen.getByText('Due Dec 7, 2026')).toBeInTheDocument();
    expect(screen.getByText('Not started')).toBeInTheDocument();
  });

  it('dashboard course: the overdue state and the colour of its view, as on its My courses card', () => {
    const course: DashboardCourse = {
      objectiveId: 'o-cv',
      name: 'Company Values Onboarding',
      color: '#e67700',
      status: 'inProgress',
      progressPercent: 35,
      isMandatory: true,
      gradeHidden: false,
      overdue: true,
      unreadAnnouncements: 0,
      dueDate: '2026-11-25T00:00:00Z',
      link: '/courses/o-cv/view/content',
    };
    const { container } = render(
      <IntlProvider locale="en-US" timeZone="UTC" messages={{}} onError={() => undefined}>
        <MemoryRouter>
          <CourseCard kind="dashboard" card={course} headingLevel={3} />
        </MemoryRouter>
      </IntlProvider>,
    );
    expect(screen.getByText('Overdue since Nov 25, 2026')).toHaveClass('course-card__due--overdue');
    expect(container.querySelector<HTMLElement>('.course-card__media')!.style.backgroundColor).toBe('rgb(230, 119, 0)');
  });
});
