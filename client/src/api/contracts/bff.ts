// Generated from the Rust crate `contracts` by `make contracts`; do not edit by hand.

/**
 * The problem body of every error the gateway answers (RFC 9457 fields plus a stable code).
 */
export type Problem = { 
/**
 * Stable machine-readable code, for example `forbidden` or `bad_request`.
 */
error: string, 
/**
 * Short human-readable summary.
 */
title: string, 
/**
 * HTTP status code.
 */
status: number, 
/**
 * Human-readable explanation of this occurrence.
 */
detail?: string, 
/**
 * Request id, to quote when reporting the problem.
 */
requestId?: string, };

/**
 * Why a request has no valid session.
 */
export type UnauthorizedReason = "none" | "expired" | "revoked" | "refresh_failed";

/**
 * The 401 body of every API call made without a valid session.
 */
export type Unauthorized = { 
/**
 * Always `unauthorized`.
 */
error: string, 
/**
 * Why there is no valid session.
 */
reason: UnauthorizedReason, 
/**
 * Where the browser goes to sign in again (same origin, relative).
 */
loginUrl: string, };

/**
 * The signed-in user as the client shows them.
 */
export type SessionUser = { 
/**
 * User id.
 */
id: string, 
/**
 * E-mail address.
 */
email: string, 
/**
 * Full name from first, middle and last name; the e-mail when all are empty.
 */
fullName: string, 
/**
 * Preferred IANA time zone, when set.
 */
timezone?: string, };

/**
 * Which kind of place a signed-in user belongs to.
 */
export type HomeKind = "learner" | "redirect" | "forbidden" | "platform";

/**
 * Where a signed-in user belongs, and the URL to go to.
 */
export type SessionHome = { 
/**
 * The kind of place.
 */
kind: HomeKind, 
/**
 * Absolute path on this origin (with the chat hash of the requested URL kept on redirects).
 */
url: string, };

/**
 * `GET /api/bff/session`: who is signed in, for which tenant, until when.
 */
export type SessionView = { 
/**
 * The signed-in user.
 */
user: SessionUser, 
/**
 * Tenant id.
 */
tenant: string, 
/**
 * Role names.
 */
roles: Array<string>, 
/**
 * Permission names the user holds (scopes are checked by the gateway).
 */
permissions: Array<string>, 
/**
 * Seconds of inactivity after which the session ends.
 */
idleTimeoutSeconds: number, 
/**
 * When the session ends without further activity (RFC 3339, UTC).
 */
idleExpiresAt: string, 
/**
 * Where the browser goes to sign out (POST or GET).
 */
logoutUrl: string, 
/**
 * Where this user belongs (spec section 6 permission routing).
 */
home: SessionHome, };

/**
 * `GET /config-ui/config.json`: the tenant's runtime client config.
 */
export type UiConfig = { 
/**
 * Tenant id.
 */
tenant: string, 
/**
 * Product name shown in the page title and header.
 */
productName: string, 
/**
 * Heading of the My courses page (configurable courses name).
 */
coursesName: string, 
/**
 * Whether the catalog is enabled (default on).
 */
catalogEnabled: boolean, 
/**
 * Whether the learner dashboard is enabled.
 */
dashboardEnabled: boolean, 
/**
 * Whether the calendar is in the navigation.
 */
calendarEnabled: boolean, 
/**
 * Whether the product feedback widget shows (visible unless explicitly false).
 */
feedbackEnabled: boolean, 
/**
 * Whether the AI tutor chat widget is enabled.
 */
aiTutorEnabled: boolean, 
/**
 * Default locale, for example `en-US`.
 */
defaultLocale: string, 
/**
 * Locales offered in the language menu.
 */
locales: Array<string>, 
/**
 * Origins of pages allowed to embed the portal; the re-login message goes only there.
 */
parentOrigins: Array<string>, 
/**
 * Privacy-policy link shown in the footer and profile, when configured.
 */
privacyPolicyUrl?: string, 
/**
 * Version of the portal, shown in the footer.
 */
version: string, };

/**
 * Status of a course card, from its last workflow and record (spec section 4).
 */
export type CourseStatus = "notStarted" | "inProgress" | "submitted" | "inGrading" | "graded" | "gradingApproved" | "finished";

/**
 * Colour class of a score (spec section 5, score colour).
 */
export type ScoreColor = "success" | "accent" | "danger";

/**
 * The result shown on a finished course card.
 */
export type CardResult = { 
/**
 * Whether the course was passed, when known.
 */
passed?: boolean, 
/**
 * Score as a whole percent of the maximum, when a score exists.
 */
scorePercent?: number, 
/**
 * Colour class of the score.
 */
scoreColor?: ScoreColor, 
/**
 * Grade from the course's grading scale, when it has one.
 */
grade?: string, };

/**
 * One course card of My courses.
 */
export type CourseCard = { 
/**
 * Objective (course) id.
 */
objectiveId: string, 
/**
 * Objective workflow aggregate id.
 */
aggregateId: string, 
/**
 * Course name.
 */
name: string, 
/**
 * Optional course code.
 */
code?: string, 
/**
 * Cover image URL; when absent the card shows `color`.
 */
imageUrl?: string, 
/**
 * Background colour for cards without image (seven colours in rotation).
 */
color?: string, 
/**
 * Progress as a whole percentage, 0..=100.
 */
progressPercent: number, 
/**
 * Card status, for the footer.
 */
status: CourseStatus, 
/**
 * Mandatory for the learner.
 */
isMandatory: boolean, 
/**
 * Draft course: shows the 'coming soon' badge.
 */
isDraft: boolean, 
/**
 * Duration in whole minutes, rounded up, when known.
 */
durationMinutes?: number, 
/**
 * Result of a finished course.
 */
result?: CardResult, 
/**
 * Where the card leads, relative to the client's base path (`/courses/...`).
 */
link: string, };

/**
 * A collection chip of My courses.
 */
export type CollectionChip = { 
/**
 * Collection id; the all-zero id is the synthetic 'uncategorized' collection.
 */
id: string, 
/**
 * Collection name; empty for 'uncategorized' (the client names it).
 */
name: string, 
/**
 * True for the synthetic 'uncategorized' collection.
 */
uncategorized: boolean, };

/**
 * A term the learner can filter by.
 */
export type TermOption = { 
/**
 * Term id.
 */
id: string, 
/**
 * Term name.
 */
name: string, };

/**
 * `GET /api/bff/my-courses`: the My courses page.
 */
export type MyCoursesView = { 
/**
 * The cards of this page, sorted by name ascending.
 */
items: Array<CourseCard>, 
/**
 * Courses matching the search and filters, over all pages.
 */
totalCount: number, 
/**
 * The keyword applied (normalised: lower-cased, left-trimmed).
 */
keyword: string, 
/**
 * Collections of the learner's courses, plus 'uncategorized' when some have none.
 */
collections: Array<CollectionChip>, 
/**
 * The learner's terms.
 */
terms: Array<TermOption>, 
/**
 * Whether the catalog is enabled, for the empty state.
 */
catalogEnabled: boolean, 
/**
 * The URL filter applied, with unknown params and values dropped (spec section 5).
 */
filter: CourseFilter, 
/**
 * Some filter value was dropped: the client shows the 'filters unavailable' toast.
 */
filtersUnavailable: boolean, };

/**
 * A button of the course details page (spec section 4, 'Buttons on details').
 */
export type DetailsButton = "start" | "continue" | "retake" | "review" | "addToMyCourses" | "enrolled";

/**
 * A notice of the course details page (spec section 4, 'Buttons on details', 'Availability').
 */
export type DetailsNotice = "noReviewRetake" | "willBeAvailable" | "wasAvailableBefore" | "gradingInProgress" | "comingSoon" | "notAvailable";

/**
 * Why an activity is locked or disabled, in the precedence of spec section 4.
 */
export type LockReason = "comingSoon" | "completePrevious" | "afterGracePeriod" | "afterAccessibleUntil" | "beforeStart" | "afterStartUntil" | "reviewHidden" | "noNewContentAfterCompletion" | "unavailable";

/**
 * Status icon of a table-of-contents item (spec section 2, 'Table of contents').
 */
export type TocStatus = "comingSoon" | "completed" | "belowPassingScore" | "locked" | "optional" | "notStarted";

/**
 * Progress filter value (spec section 4, 'Progress filter').
 */
export type CourseProgress = "notStarted" | "inProgress" | "completed";

/**
 * Priority filter value (spec section 4, 'Priority').
 */
export type CoursePriority = "mandatory" | "optional";

/**
 * The course list filter carried in the URL (spec section 5).
 */
export type CourseFilter = { 
/**
 * Collection ids (`collection`).
 */
collections: Array<string>, 
/**
 * Term ids (`term`).
 */
terms: Array<string>, 
/**
 * Progress values (`courseProgress`).
 */
progress: Array<CourseProgress>, 
/**
 * Priority values (`coursePriority`).
 */
priority: Array<CoursePriority>, };

/**
 * Points of a score, shown as 'X out of Y points'.
 */
export type ScorePoints = { 
/**
 * Points reached.
 */
score: number, 
/**
 * Points possible.
 */
maxScore: number, };

/**
 * A score as shown (spec section 5): a whole percent of the maximum, and the points unless the
 * maximum is 1.
 */
export type ScoreDisplay = { 
/**
 * Percent of the maximum, 0 decimals.
 */
percent: number, 
/**
 * Points; absent when the maximum score is 1 or unknown.
 */
points?: ScorePoints, 
/**
 * Colour class of the score.
 */
color: ScoreColor, };

/**
 * A unit the learner belongs to.
 */
export type ProfileUnit = { 
/**
 * Unit id.
 */
id: string, 
/**
 * Unit name.
 */
name: string, 
/**
 * Unit code, when it has one.
 */
code?: string, };

/**
 * `GET /api/bff/profile`: the personal info and preferred time zone tabs.
 */
export type ProfileView = { 
/**
 * The user: id, e-mail, full name (header) and preferred time zone.
 */
user: SessionUser, 
/**
 * The primary unit, when the user has one.
 */
primaryUnit?: ProfileUnit, 
/**
 * Privacy-policy link of the tenant, when configured.
 */
privacyPolicyUrl?: string, 
/**
 * The time zone dates are shown in: the preferred one, else `UTC`.
 */
timezone: string, 
/**
 * Whether the user has chosen a time zone (false: `timezone` is the fallback).
 */
timezoneChosen: boolean, };

/**
 * `GET /api/bff/certificates/{certificateNumber}`: one of the learner's own certificates.
 */
export type CertificatePreview = { 
/**
 * The certificate ID shown (its public number).
 */
certificateNumber: string, 
/**
 * The student: full name of the signed-in learner.
 */
studentName: string, 
/**
 * Course (objective) id.
 */
objectiveId: string, 
/**
 * Course name, when the course can still be read.
 */
courseName?: string, 
/**
 * Course code, when it has one.
 */
courseCode?: string, 
/**
 * Course description, when it has one.
 */
description?: string, 
/**
 * Name of the certificate template.
 */
templateName?: string, 
/**
 * Score of the certified result.
 */
score?: ScoreDisplay, 
/**
 * Grade of the certified result.
 */
grade?: string, 
/**
 * When the certificate was issued (RFC 3339, UTC).
 */
issuedAt?: string, 
/**
 * When it expires (RFC 3339, UTC); absent: never.
 */
expiresAt?: string, 
/**
 * Expired: the expiry date is not after now (spec section 5).
 */
expired: boolean, 
/**
 * PDF download.
 */
pdfUrl?: string, 
/**
 * PNG image of the certificate.
 */
pngUrl?: string, 
/**
 * Path of the public, shareable certificate page on this origin.
 */
sharePath: string, 
/**
 * When this answer changes by the clock alone (the expiry), RFC 3339 UTC.
 */
refreshAt?: string, };

/**
 * What a calendar entry marks.
 */
export type CalendarEntryKind = "due" | "availableFrom" | "availableUntil" | "event";

/**
 * One dated entry of the calendar.
 */
export type CalendarEntry = { 
/**
 * What the date marks.
 */
kind: CalendarEntryKind, 
/**
 * The instant, RFC 3339 with the offset of the calendar's time zone.
 */
at: string, 
/**
 * The day in the calendar's time zone, `YYYY-MM-DD`.
 */
date: string, 
/**
 * Course (objective) id.
 */
objectiveId: string, 
/**
 * Course name.
 */
courseName: string, 
/**
 * The event activity's name, for `event` entries.
 */
activityName?: string, 
/**
 * Where the entry leads, relative to the client's base path.
 */
link: string, };

/**
 * `GET /api/bff/calendar?from=&to=`: the entries of a range of days, oldest first.
 */
export type CalendarView = { 
/**
 * First day of the range, `YYYY-MM-DD`, in `timezone`.
 */
from: string, 
/**
 * Last day of the range (inclusive), `YYYY-MM-DD`, in `timezone`.
 */
to: string, 
/**
 * IANA time zone the days and offsets are in (the user's preferred one, else UTC).
 */
timezone: string, 
/**
 * The entries, by instant then kind.
 */
entries: Array<CalendarEntry>, };

/**
 * A course as the dashboard lists it.
 */
export type DashboardCourse = { 
/**
 * Course (objective) id.
 */
objectiveId: string, 
/**
 * Course name.
 */
name: string, 
/**
 * Course code, when it has one.
 */
code?: string, 
/**
 * Cover image URL.
 */
imageUrl?: string, 
/**
 * Status from the last workflow and record.
 */
status: CourseStatus, 
/**
 * Progress as a whole percentage, 0..=100.
 */
progressPercent: number, 
/**
 * Mandatory for the learner.
 */
isMandatory: boolean, 
/**
 * Due date (RFC 3339, UTC), when it has one.
 */
dueDate?: string, 
/**
 * When the last attempt finished (RFC 3339, UTC), for finished courses.
 */
finishedAt?: string, 
/**
 * Whether the course was passed, for finished courses, when known.
 */
passed?: boolean, 
/**
 * Where the course leads, relative to the client's base path.
 */
link: string, };

/**
 * `GET /api/bff/dashboard`: in progress, due soon, recently finished.
 */
export type DashboardView = { 
/**
 * Courses in progress (progress filter 'inProgress'), by name.
 */
inProgress: Array<DashboardCourse>, 
/**
 * Courses not completed whose due date is ahead and within the due-soon window, soonest first.
 */
dueSoon: Array<DashboardCourse>, 
/**
 * Completed courses, most recently finished first (at most the configured count).
 */
recentlyFinished: Array<DashboardCourse>, 
/**
 * Days ahead that count as 'due soon'.
 */
dueSoonDays: number, 
/**
 * When this answer changes by the clock alone (a due date passes or enters the window), RFC 3339 UTC.
 */
refreshAt?: string, };

/**
 * `GET /api/bff/email-answer`: the module an e-mailed answer belongs to; 404 ('Module not
 * found') when the learner has no such module.
 */
export type EmailAnswerView = { 
/**
 * Course (objective) id.
 */
objectiveId: string, 
/**
 * Course name.
 */
courseName: string, 
/**
 * The module's (activity's) name.
 */
moduleName: string, 
/**
 * The module's path id.
 */
activityPathId?: string, 
/**
 * The answer id from the e-mail, echoed.
 */
answerId?: string, 
/**
 * The answer text from the e-mail, echoed.
 */
answerText?: string, 
/**
 * Correct or incorrect: the module's best record passed; absent while it has none.
 */
correct?: boolean, 
/**
 * The 'Review module' button's target, relative to the client's base path.
 */
reviewLink: string, };
