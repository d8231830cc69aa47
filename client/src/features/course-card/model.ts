// One card model for every list that shows courses (My courses, catalog, open catalog,
// dashboard). Each gateway view has its own card shape; a small mapping function turns it into
// this model, so there is one card component and the rules stay in the gateway's views.
import type {
  CardLock,
  CardResult,
  CatalogCard,
  CourseCard,
  CourseStatus,
  DashboardCourse,
} from '../../api/contracts/bff';

/** Why a card shows a lock icon, as the gateway names it. */
export type CardLockReason = CardLock;

/**
 * Card fields that only some views carry (lock, availability dates, due date, tile-mode count,
 * hidden grade): each mapping reads those its view has.
 */
export interface OptionalCardFields {
  gradeHidden?: boolean;
  lock?: CardLockReason;
  availabilityDate?: string;
  availabilityEndDate?: string;
  dueDate?: string;
  overdue?: boolean;
  childrenCount?: number;
}

/** What the card component renders. */
export interface CardModel extends OptionalCardFields {
  /** Stable React key. */
  key: string;
  objectiveId: string;
  name: string;
  code?: string;
  imageUrl?: string;
  /** Cover colour of the view, for cards without image. */
  color?: string;
  /** Where the card leads, relative to the client's base path (from the view). */
  link: string;
  isDraft: boolean;
  isMandatory: boolean;
  durationMinutes?: number;
  /** Enrolled cards only: status, progress and result. Catalog cards have none. */
  status?: CourseStatus;
  progressPercent?: number;
  result?: CardResult;
  /** Short description (catalog cards). */
  description?: string;
  /** Enrolled cards: unread announcements and the channel the indicator opens. */
  unreadAnnouncements?: number;
  announcementChannelId?: string;
}

/** A card of My courses (`MyCoursesView.items`). */
export function fromCourseCard(card: CourseCard): CardModel {
  return {
    key: card.aggregateId || card.objectiveId,
    objectiveId: card.objectiveId,
    name: card.name,
    code: card.code,
    imageUrl: card.imageUrl,
    color: card.color,
    link: card.link,
    isDraft: card.isDraft,
    isMandatory: card.isMandatory,
    durationMinutes: card.durationMinutes,
    status: card.status,
    progressPercent: card.progressPercent,
    result: card.result,
    gradeHidden: card.gradeHidden,
    lock: card.lock,
    availabilityDate: card.availabilityDate,
    availabilityEndDate: card.availabilityEndDate,
    dueDate: card.dueDate,
    overdue: card.overdue,
    childrenCount: card.childrenCount,
    unreadAnnouncements: card.unreadAnnouncements,
    announcementChannelId: card.announcementChannelId,
  };
}

/** A card of the catalog or the open catalog (`CatalogView.items`, `PublicCatalogView.items`). */
export function fromCatalogCard(card: CatalogCard): CardModel {
  return {
    key: card.objectiveId,
    objectiveId: card.objectiveId,
    name: card.name,
    code: card.code,
    imageUrl: card.imageUrl,
    color: card.color,
    link: card.link,
    isDraft: card.isDraft,
    isMandatory: false,
    durationMinutes: card.durationMinutes,
    description: card.description,
    childrenCount: card.childrenCount,
  };
}

/** A course of the dashboard (`DashboardView.inProgress`, `dueSoon`, `recentlyFinished`). */
export function fromDashboardCourse(course: DashboardCourse): CardModel {
  const result: CardResult | undefined =
    course.passed === undefined || course.passed === null ? undefined : { passed: course.passed };
  return {
    key: course.objectiveId,
    objectiveId: course.objectiveId,
    name: course.name,
    code: course.code,
    imageUrl: course.imageUrl,
    color: course.color,
    link: course.link,
    isDraft: false,
    isMandatory: course.isMandatory,
    status: course.status,
    progressPercent: course.progressPercent,
    result,
    dueDate: course.dueDate,
    overdue: course.overdue,
    gradeHidden: course.gradeHidden,
    unreadAnnouncements: course.unreadAnnouncements,
    announcementChannelId: course.announcementChannelId,
  };
}
