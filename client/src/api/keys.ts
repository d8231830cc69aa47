// SWR key factory: one place that names every cached resource, so a mutation can
// revalidate exactly the keys it changes.
export interface MyCoursesQuery {
  keyword: string;
}

export const keys = {
  uiConfig: () => ['/config-ui/config.json'] as const,
  session: () => ['/api/bff/session'] as const,
  myCourses: (query: MyCoursesQuery) => ['/api/bff/my-courses', query] as const,
};

/** The URL of a My courses request. */
export function myCoursesUrl({ keyword }: MyCoursesQuery): string {
  const params = new URLSearchParams();
  if (keyword) params.set('keyword', keyword);
  const query = params.toString();
  return query ? `/api/bff/my-courses?${query}` : '/api/bff/my-courses';
}
