// What the course area (/courses/{objectiveId}/*) hands to its children: the course details
// view, loaded once by CourseLayout. Children read it with `useCourse()` and decide themselves
// how to show its loading and error states (the content player may not need to wait for it).
import { createContext, useContext } from 'react';
import type { KeyedMutator } from 'swr';
import type { CourseDetailsView } from '../../api/contracts/bff';

export interface CourseArea {
  /** The course (objective) id from the URL. */
  objectiveId: string;
  /** `REVIEW` when the course was opened in review mode (`?viewType=REVIEW`). */
  viewType?: string;
  /** The details view, once loaded. */
  course: CourseDetailsView | undefined;
  /** The load error, other than the access errors the layout shows itself. */
  error: unknown;
  /** True until the first answer. */
  isLoading: boolean;
  /** Refetches the view (keeps the shown data until the new answer). */
  refresh: KeyedMutator<CourseDetailsView>;
}

export const CourseContext = createContext<CourseArea | null>(null);

/** The course area's view; only inside /courses/{objectiveId}/*. */
export function useCourse(): CourseArea {
  const area = useContext(CourseContext);
  if (!area) throw new Error('useCourse() is used outside the course area');
  return area;
}
