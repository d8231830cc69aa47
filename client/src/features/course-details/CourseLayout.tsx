// The course area (/courses/{objectiveId}/*): loads the course details view once and hands it
// to its children (details, content, certificate) through `useCourse()`. A course the learner
// cannot open (400, 401, 403, 404) shows the course-unavailable page for the whole area. The
// layout draws nothing of its own, so the content player can use the full width.
import { useMemo } from 'react';
import { Outlet, useMatch, useParams, useSearchParams } from 'react-router-dom';
import { ApiError } from '../../api/http';
import { useCourseDetails } from '../../api/hooks';
import { CourseContext, type CourseArea } from './courseContext';
import { COURSE_UNAVAILABLE_STATUSES, CourseUnavailable } from './CourseUnavailable';

export function isCourseUnavailable(error: unknown): boolean {
  return error instanceof ApiError && COURSE_UNAVAILABLE_STATUSES.includes(error.status);
}

export default function CourseLayout() {
  const { objectiveId = '' } = useParams();
  const [search] = useSearchParams();
  const viewType = search.get('viewType') ?? undefined;
  const { data, error, isLoading, mutate } = useCourseDetails(objectiveId, viewType ? { viewType } : {});
  const area = useMemo<CourseArea>(
    () => ({ objectiveId, viewType, course: data, error, isLoading, refresh: mutate }),
    [objectiveId, viewType, data, error, isLoading, mutate],
  );
  // A certificate stays readable after its course is gone: its page handles its own errors.
  const certificate = useMatch('/courses/:objectiveId/certificate/*');
  if (error && isCourseUnavailable(error) && !certificate) return <CourseUnavailable />;
  return (
    <CourseContext value={area}>
      <Outlet />
    </CourseContext>
  );
}
