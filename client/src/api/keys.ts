// SWR key factory: one place that names every cached resource as `[path, params]`, read by one
// fetcher (`fetchKey`), so a command can revalidate exactly the keys it changes.
import type { CoursePriority, CourseProgress } from './contracts/bff';

/** Query parameters of a key; empty values are left out of the URL, arrays joined by commas. */
export type KeyParams = Readonly<Record<string, string | number | boolean | readonly string[] | undefined | null>>;

/** A cache key: the gateway path and its query parameters. */
export type Key = readonly [path: string, params: KeyParams];

/** The list query shared by My courses and the catalog (spec section 5 URL filters). */
export interface CourseListQuery {
  keyword?: string;
  collection?: readonly string[];
  term?: readonly string[];
  courseProgress?: readonly CourseProgress[];
  coursePriority?: readonly CoursePriority[];
  skip?: number;
  take?: number;
}

/** Kept for the first screen's callers. */
export type MyCoursesQuery = CourseListQuery;

const enc = encodeURIComponent;

export const keys = {
  uiConfig: (): Key => ['/config-ui/config.json', {}],
  session: (): Key => ['/api/bff/session', {}],
  myCourses: (query: CourseListQuery = {}): Key => ['/api/bff/my-courses', { ...query }],
  catalog: (query: CourseListQuery = {}): Key => ['/api/bff/catalog', { ...query }],
  catalogCourse: (objectiveId: string): Key => [`/api/bff/catalog/${enc(objectiveId)}`, {}],
  courseDetails: (objectiveId: string, params: { viewType?: string } = {}): Key => [
    `/api/bff/courses/${enc(objectiveId)}`,
    { ...params },
  ],
  courseTree: (objectiveId: string, params: { workflowId?: string; viewType?: string } = {}): Key => [
    `/api/bff/courses/${enc(objectiveId)}/tree`,
    { ...params },
  ],
  workflow: (workflowId: string): Key => [`/api/bff/workflows/${enc(workflowId)}`, {}],
  activity: (
    objectiveId: string,
    activityPathId: string,
    params: { workflowId?: string; viewType?: string } = {},
  ): Key => [`/api/bff/courses/${enc(objectiveId)}/activities/${enc(activityPathId)}`, { ...params }],
  proctoring: (objectiveId: string, activityPathId: string): Key => [
    `/api/bff/courses/${enc(objectiveId)}/proctoring/${enc(activityPathId)}`,
    {},
  ],
  collaboration: (objectiveId: string, activityPathId: string): Key => [
    `/api/bff/courses/${enc(objectiveId)}/collaboration/${enc(activityPathId)}`,
    {},
  ],
  redirect: (params: KeyParams): Key => ['/api/bff/redirect', params],
  certificate: (certificateNumber: string): Key => [`/api/bff/certificates/${enc(certificateNumber)}`, {}],
  profile: (): Key => ['/api/bff/profile', {}],
  calendar: (params: { from: string; to: string }): Key => ['/api/bff/calendar', { ...params }],
  dashboard: (): Key => ['/api/bff/dashboard', {}],
  emailAnswer: (params: KeyParams): Key => ['/api/bff/email-answer', params],
  attachmentSize: (url: string): Key => ['/api/bff/attachment-size', { url }],
  chatChannels: (): Key => ['/api/bff/chat/channels', {}],
  chatChannel: (channelId: string): Key => [`/api/bff/chat/channels/${enc(channelId)}`, {}],
  publicCatalog: (query: CourseListQuery = {}): Key => ['/api/bff/public/catalog', { ...query }],
  publicCourse: (objectiveId: string): Key => [`/api/bff/public/catalog/${enc(objectiveId)}`, {}],
  publicCertificate: (certificateNumber: string): Key => [`/api/bff/public/certificates/${enc(certificateNumber)}`, {}],
};

/** The URL of a key: its path with the non-empty parameters as a query string. */
export function keyUrl([path, params]: Key): string {
  const search = new URLSearchParams();
  for (const [name, value] of Object.entries(params)) {
    if (value === undefined || value === null || value === '') continue;
    if (Array.isArray(value)) {
      if (value.length) search.set(name, value.join(','));
    } else {
      search.set(name, String(value));
    }
  }
  const query = search.toString();
  return query ? `${path}?${query}` : path;
}

/** Kept for the first screen's callers. */
export function myCoursesUrl(query: CourseListQuery): string {
  return keyUrl(keys.myCourses(query));
}

/**
 * Which cached keys a command changes: every key of a path (`{ path }`), every key whose path
 * starts with a prefix (`{ prefix }`), or one exact key.
 */
export type KeyMatch = { path: string } | { prefix: string } | Key;

/** Whether the SWR cache key `key` is one of `match`. */
export function keyMatches(key: unknown, match: KeyMatch): boolean {
  if (!Array.isArray(key) || typeof key[0] !== 'string') return false;
  if ('path' in match) return key[0] === match.path;
  if ('prefix' in match) return key[0].startsWith(match.prefix);
  return key[0] === match[0] && keyUrl(key as unknown as Key) === keyUrl(match);
}
