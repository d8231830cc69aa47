// Small data factories for tests: sensible defaults, override what the test is about.
import type { CourseCard, MyCoursesView, SessionView, UiConfig } from '../api/contracts/bff';

export function uiConfig(overrides: Partial<UiConfig> = {}): UiConfig {
  return {
    tenant: 'acme',
    productName: 'Acme Learning',
    // The gateway's default: no name of the tenant's own, so the translated 'My courses'.
    coursesName: '',
    catalogEnabled: true,
    dashboardEnabled: false,
    calendarEnabled: false,
    roomsEnabled: false,
    navPlugins: [],
    feedbackEnabled: true,
    feedbackCommentMaxChars: 2000,
    aiTutorEnabled: false,
    defaultLocale: 'en-US',
    locales: ['en-US', 'ar-AR'],
    parentOrigins: [],
    storageOrigins: [],
    version: 'test',
    ...overrides,
  };
}

export function sessionView(overrides: Partial<SessionView> = {}): SessionView {
  return {
    user: { id: 'u-1', email: 'ada@example.test', fullName: 'Ada Lovelace', timezone: 'Europe/London' },
    tenant: 'acme',
    roles: ['Learner'],
    permissions: ['ObjectiveWorkflow.Create'],
    idleTimeoutSeconds: 7200,
    idleExpiresAt: '2030-01-01T00:00:00Z',
    logoutUrl: '/oidc/logout',
    home: { kind: 'learner', url: '/learn/' },
    navigation: {},
    ...overrides,
  };
}

let nextId = 1;

export function courseCard(overrides: Partial<CourseCard> = {}): CourseCard {
  const id = `c-${nextId++}`;
  return {
    objectiveId: id,
    aggregateId: `a-${id}`,
    name: `Course ${id}`,
    progressPercent: 0,
    status: 'notStarted',
    unreadAnnouncements: 0,
    isMandatory: false,
    isDraft: false,
    color: '#2457c5',
    link: `/courses/${id}/view/content`,
    gradeHidden: false,
    overdue: false,
    ...overrides,
  };
}

export function myCoursesView(items: CourseCard[], overrides: Partial<MyCoursesView> = {}): MyCoursesView {
  return {
    items,
    totalCount: items.length,
    keyword: '',
    collections: [],
    terms: [],
    filter: { collections: [], terms: [], progress: [], priority: [] },
    filtersUnavailable: false,
    catalogEnabled: true,
    ...overrides,
  };
}
