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
requestId?: string, 
/**
 * Messages per field of a refused or failed command (spec section 8), when it has any.
 */
fieldErrors?: { [key in string]: Array<string> }, 
/**
 * The date a refusal names, RFC 3339: when the course can be started
 * (`will_be_available`) or until when it could be (`was_available_before`). The client
 * writes it in the learner's language and time zone; `detail` has it for other callers.
 */
date?: string, };

/**
 * Why a request has no valid session.
 */
export type UnauthorizedReason = "none" | "expired" | "revoked" | "refresh_failed" | "token_refused";

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
home: SessionHome, 
/**
 * The navigation items that depend on this user's permissions.
 */
navigation: SessionNavigation, };

/**
 * Navigation items the user may see (spec section 2 navigation, section 6 rules); absent: hidden.
 */
export type SessionNavigation = { 
/**
 * Research projects on the platform (with `returnUrl=/`): feature, config flag and unscoped `Research.Access`.
 */
researchProjectsUrl?: string, 
/**
 * Knowledge models on the platform (with `returnUrl=/`): feature, config flag and unscoped `Research.Access`.
 */
knowledgeModelsUrl?: string, 
/**
 * The go-to-portal item, when the user may open a page of the platform navigation.
 */
portalUrl?: string, };

/**
 * Body of `POST /api/bff/session/adopt`: the one-time code a framed portal received from its
 * parent page after a sign-in in a popup.
 */
export type AdoptSessionRequest = { 
/**
 * The code of the `learner-portal:signed-in` message (43 characters of base64url).
 */
code: string, };

/**
 * A plug-in item of the learner navigation, from the tenant config.
 */
export type NavPluginItem = { 
/**
 * The item's text, as the plug-in names it.
 */
label: string, 
/**
 * Where it leads: an absolute path on this origin or an https URL.
 */
url: string, };

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
 * Heading of My courses as the tenant names it; empty: the portal's own, translated 'My courses'.
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
 * Whether rooms (`/classroom/learner/rooms`) are in the navigation (default off).
 */
roomsEnabled: boolean, 
/**
 * Plug-in items appended to the learner navigation.
 */
navPlugins: Array<NavPluginItem>, 
/**
 * Whether the product feedback widget shows (visible unless explicitly false).
 */
feedbackEnabled: boolean, 
/**
 * Longest product-feedback comment, in characters (`events.max_comment_chars`).
 */
feedbackCommentMaxChars: number, 
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
 * Origins (`scheme://host[:port]`) of the tenant's storage: PDF and attachment links of rich
 * content on them are opened through `GET /api/bff/files` (spec section 5).
 */
storageOrigins: Array<string>, 
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
 * Why a course card shows a lock icon (spec section 2 'Course card', section 4 'Availability',
 * 'Starting').
 */
export type CardLock = "comingSoon" | "willBeAvailable" | "wasAvailableBefore";

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
 * Background colour for cards without image: one of seven, the course's own on every page.
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
link: string, 
/**
 * The grade is hidden (reveal policy, grading in progress): no result is given, the card
 * shows 'go to details'.
 */
gradeHidden: boolean, 
/**
 * Why the card shows a lock icon: the course cannot be started now (draft, before its
 * availability date, after its availability end date).
 */
lock?: CardLock, 
/**
 * Due date (RFC 3339), when it has one.
 */
dueDate?: string, 
/**
 * The due date has passed and the course is not completed.
 */
overdue: boolean, 
/**
 * Number of sub-activities, for the tile mode.
 */
childrenCount?: number, 
/**
 * Unread messages in the course's announcement channel (0 when none or when the chat
 * service did not answer).
 */
unreadAnnouncements: number, 
/**
 * The course's announcement channel, which the unread indicator opens.
 */
announcementChannelId?: string, 
/**
 * The course can be started from this date (RFC 3339).
 */
availabilityDate?: string, 
/**
 * The course can be started until this date (RFC 3339).
 */
availabilityEndDate?: string, };

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
 * One course card of the catalog (signed in or public).
 */
export type CatalogCard = { 
/**
 * Number of sub-activities, for the tile mode.
 */
childrenCount?: number, 
/**
 * Duration in whole minutes, rounded up, when known.
 */
durationMinutes?: number, 
/**
 * Draft course: shows the 'coming soon' badge.
 */
isDraft: boolean, 
/**
 * Where the card leads, relative to the client's base path (`/catalog/{id}` or
 * `/open-catalog/{id}/view/details`).
 */
link: string, 
/**
 * Objective (course) id.
 */
objectiveId: string, 
/**
 * Course name.
 */
name: string, 
/**
 * Optional course code.
 */
code?: string, 
/**
 * Short description (the client collapses it at about 70 characters on course pages).
 */
description?: string, 
/**
 * Cover image URL; when absent the course's cards and pages show `color`.
 */
imageUrl?: string, 
/**
 * Background colour of a course without cover image: one of seven, the course's own on
 * every card and page.
 */
color?: string, };

/**
 * `GET /api/bff/catalog`: the catalog page of a signed-in learner.
 */
export type CatalogView = { 
/**
 * The cards of this page, sorted by name ascending.
 */
items: Array<CatalogCard>, 
/**
 * Courses matching the search and filters, over all pages.
 */
totalCount: number, 
/**
 * The keyword applied (normalised: lower-cased, left-trimmed).
 */
keyword: string, 
/**
 * The filter applied, with unknown values dropped.
 */
filter: CourseFilter, 
/**
 * Some filter value was dropped: the client shows the 'filters unavailable' toast.
 */
filtersUnavailable: boolean, 
/**
 * Collections of the catalog's courses, plus 'uncategorized' when some have none.
 */
collections: Array<CollectionChip>, 
/**
 * The learner's terms.
 */
terms: Array<TermOption>, };

/**
 * `GET /api/bff/catalog/{objectiveId}`: a course as the catalog shows it.
 */
export type CatalogCourseView = { 
/**
 * Mandatory for the learner.
 */
isMandatory: boolean, 
/**
 * The course is already in My courses.
 */
enrolled: boolean, 
/**
 * Buttons: `enrolled` when self-enrolled, else `addToMyCourses` unless mandatory or started.
 */
buttons: Array<DetailsButton>, 
/**
 * Notices: availability ('Will be available to start on', 'Was available to start
 * before'), 'coming soon', not available.
 */
notices: Array<DetailsNotice>, 
/**
 * The course details page, once the course is in My courses (relative to the client's
 * base path).
 */
detailsLink?: string, 
/**
 * When this answer changes by the clock alone (RFC 3339): the next availability boundary.
 */
refreshAt?: string, 
/**
 * About text (HTML, as the upstream gives it).
 */
about?: string, 
/**
 * Duration in whole minutes, rounded up, when known.
 */
durationMinutes?: number, 
/**
 * Collections of the course.
 */
collections: Array<CollectionChip>, 
/**
 * Objective (course) id.
 */
objectiveId: string, 
/**
 * Course name.
 */
name: string, 
/**
 * Optional course code.
 */
code?: string, 
/**
 * Short description (the client collapses it at about 70 characters on course pages).
 */
description?: string, 
/**
 * Cover image URL; when absent the course's cards and pages show `color`.
 */
imageUrl?: string, 
/**
 * Background colour of a course without cover image: one of seven, the course's own on
 * every card and page.
 */
color?: string, 
/**
 * The course can be started from this date (RFC 3339).
 */
availabilityDate?: string, 
/**
 * The course can be started until this date (RFC 3339).
 */
availabilityEndDate?: string, };

/**
 * `GET /api/bff/public/catalog`: the open catalog, for visitors without a session.
 */
export type PublicCatalogView = { 
/**
 * The cards of this page, sorted by name ascending.
 */
items: Array<CatalogCard>, 
/**
 * Courses matching the search and collections, over all pages.
 */
totalCount: number, 
/**
 * The keyword applied (normalised: lower-cased, left-trimmed).
 */
keyword: string, 
/**
 * Collection ids applied, with unknown ones dropped.
 */
collectionsApplied: Array<string>, 
/**
 * Some collection id was dropped: the client shows the 'filters unavailable' toast.
 */
filtersUnavailable: boolean, 
/**
 * Collections of the open catalog, plus 'uncategorized' when some courses have none.
 */
collections: Array<CollectionChip>, };

/**
 * `GET /api/bff/public/catalog/{objectiveId}`: the public course page (the share link).
 */
export type PublicCourseView = { 
/**
 * Draft course: 'coming soon'.
 */
isDraft: boolean, 
/**
 * Where a visitor signs in to add the course (same origin, relative).
 */
loginUrl: string, 
/**
 * Present when the request carries a live session of this tenant whose user may use the
 * learner area: the course's catalog page in the portal (a client route), offered instead
 * of signing in.
 */
openLink?: string, 
/**
 * About text (HTML, as the upstream gives it).
 */
about?: string, 
/**
 * Duration in whole minutes, rounded up, when known.
 */
durationMinutes?: number, 
/**
 * Collections of the course.
 */
collections: Array<CollectionChip>, 
/**
 * Objective (course) id.
 */
objectiveId: string, 
/**
 * Course name.
 */
name: string, 
/**
 * Optional course code.
 */
code?: string, 
/**
 * Short description (the client collapses it at about 70 characters on course pages).
 */
description?: string, 
/**
 * Cover image URL; when absent the course's cards and pages show `color`.
 */
imageUrl?: string, 
/**
 * Background colour of a course without cover image: one of seven, the course's own on
 * every card and page.
 */
color?: string, };

/**
 * `GET /api/bff/public/certificates/{certificateNumber}`: a shared certificate.
 */
export type PublicCertificateView = { 
/**
 * Full name of the holder, when the upstream gives it.
 */
holderName?: string, 
/**
 * Course name, when the upstream gives it.
 */
courseName?: string, 
/**
 * The PDF, served through this origin (spec section 5: same-origin links only).
 */
pdfUrl?: string, 
/**
 * The PNG preview, served through this origin.
 */
pngUrl?: string, 
/**
 * The shareable link of this page, relative to this origin.
 */
shareUrl: string, 
/**
 * When this answer changes by the clock alone (RFC 3339): the expiry, while ahead.
 */
refreshAt?: string, 
/**
 * The certificate number (its public id, shown and used in links).
 */
certificateNumber: string, 
/**
 * Name of the certificate template.
 */
templateName?: string, 
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
expired: boolean, };

/**
 * Where the client should go instead of showing a screen.
 */
export type CourseTarget = "details" | "catalog" | "content" | "proctor";

/**
 * One earlier attempt of the previous-attempts table.
 */
export type AttemptRow = { 
/**
 * Objective record id.
 */
id: string, 
/**
 * When the attempt finished (RFC 3339), when known.
 */
finished?: string, 
/**
 * The score, unless the grade is hidden or the record has none.
 */
score?: ScoreDisplay, 
/**
 * The grade from the course's grading scale (else the upstream's), unless hidden.
 */
grade?: string, 
/**
 * Whether the attempt passed, when known and not hidden.
 */
passed?: boolean, };

/**
 * A certificate of the course (spec section 3 'Certificate record', section 5 expiry).
 */
export type CourseCertificate = { 
/**
 * Public certificate number (the preview route's key).
 */
certificateNumber: string, 
/**
 * Template name.
 */
name?: string, 
/**
 * When it was issued (RFC 3339).
 */
issued?: string, 
/**
 * When it expires (RFC 3339), when it does.
 */
expires?: string, 
/**
 * Expired: the expiry date is not after now.
 */
expired: boolean, 
/**
 * PDF download.
 */
pdfUrl?: string, };

/**
 * The result shown on the details cover.
 */
export type DetailsResult = { 
/**
 * Hidden by the grade reveal policy: none of score, grade and pass is given.
 */
gradeHidden: boolean, 
/**
 * The score, unless the grade is hidden or the record has none.
 */
score?: ScoreDisplay, 
/**
 * The grade from the course's grading scale (else the upstream's), unless hidden.
 */
grade?: string, 
/**
 * Whether the attempt passed, when known and not hidden.
 */
passed?: boolean, };

/**
 * A part of the course details page that has a read of its own.
 */
export type DetailsPart = "attempts" | "certificates";

/**
 * `GET /api/bff/courses/{objectiveId}`: the course details page.
 */
export type CourseDetailsView = { 
/**
 * Objective workflow aggregate id, once enrolled.
 */
aggregateId?: string, 
/**
 * The last objective workflow's id, when one was started.
 */
workflowId?: string, 
/**
 * About text (HTML, as the upstream gives it).
 */
about?: string, 
/**
 * Collection names.
 */
collections: Array<string>, 
/**
 * Mandatory for the learner.
 */
isMandatory: boolean, 
/**
 * Status from the last workflow and record.
 */
status: CourseStatus, 
/**
 * Progress, 0..=100.
 */
progressPercent: number, 
/**
 * Due date (RFC 3339).
 */
dueDate?: string, 
/**
 * The due date has passed and the course is not completed (as on its card and dashboard
 * entry).
 */
overdue: boolean, 
/**
 * Buttons, in display order.
 */
buttons: Array<DetailsButton>, 
/**
 * Notices, in display order.
 */
notices: Array<DetailsNotice>, 
/**
 * The result of the last attempt.
 */
result: DetailsResult, 
/**
 * Earlier attempts, newest first.
 */
attempts: Array<AttemptRow>, 
/**
 * Whether the attempts table shows its score column.
 */
attemptsScoreColumn: boolean, 
/**
 * Certificates of the course, newest first.
 */
certificates: Array<CourseCertificate>, 
/**
 * Parts of the page the platform could not give for now (their own read failed with a
 * 5xx, a broken connection or a timeout): the rest of the page is shown, and the client
 * says so in their place and offers to load the page again. Empty when all was read.
 */
unavailable: Array<DetailsPart>, 
/**
 * Set when the client should show the catalog page instead (spec section 4 'Auto-redirect').
 */
redirect?: CourseTarget, 
/**
 * The next moment this answer changes by the clock alone (RFC 3339); refetch then.
 */
refreshAt?: string, 
/**
 * Objective (course) id.
 */
objectiveId: string, 
/**
 * Course name.
 */
name: string, 
/**
 * Optional course code.
 */
code?: string, 
/**
 * Short description (the client collapses it at about 70 characters on course pages).
 */
description?: string, 
/**
 * Cover image URL; when absent the course's cards and pages show `color`.
 */
imageUrl?: string, 
/**
 * Background colour of a course without cover image: one of seven, the course's own on
 * every card and page.
 */
color?: string, 
/**
 * The course can be started from this date (RFC 3339).
 */
availabilityDate?: string, 
/**
 * The course can be started until this date (RFC 3339).
 */
availabilityEndDate?: string, };

/**
 * One item of the table of contents, in reading order.
 */
export type TreeItem = { 
/**
 * Activity id.
 */
activityId?: string, 
/**
 * Path id of the part (`1.3`).
 */
activityPathId?: string, 
/**
 * Nesting depth, 0 for top-level parts.
 */
depth: number, 
/**
 * Activity name.
 */
name: string, 
/**
 * Item type (`text`, `lti`, `composite`, ...; others as the upstream names them).
 */
kind: string, 
/**
 * Status icon.
 */
status: TocStatus, 
/**
 * Cannot be opened from the contents.
 */
locked: boolean, 
/**
 * Disabled by availability, dates or review hiding.
 */
disabled: boolean, 
/**
 * Why, when locked or disabled.
 */
lockReason?: LockReason, 
/**
 * The upstream's own reason, with `unavailable`.
 */
lockMessage?: string, 
/**
 * Optional part.
 */
optional: boolean, 
/**
 * A proctored LTI activity (proctored tooltip).
 */
proctored: boolean, 
/**
 * Due date of its effective constraint (RFC 3339).
 */
due?: string, 
/**
 * Score of its best record; absent without one, or while the course's or the activity's
 * results are hidden (spec section 4 'Grade visibility').
 */
score?: ScoreDisplay, };

/**
 * `GET /api/bff/courses/{objectiveId}/tree`: the content tree of one workflow.
 */
export type CourseTreeView = { 
/**
 * Objective id.
 */
objectiveId: string, 
/**
 * The objective workflow shown.
 */
workflowId: string, 
/**
 * Items in reading order; archived ones (and their children) are left out.
 */
items: Array<TreeItem>, 
/**
 * Path id of the activity to open next, when the learner can go on working (see
 * `canContinue`) and there is one.
 */
openNext?: string, 
/**
 * The course's status, as every view shows it (a proctoring mismatch is in grading).
 */
status: CourseStatus, 
/**
 * The course's progress, 0..=100, as every view shows it.
 */
progressPercent: number, 
/**
 * The course's grade is hidden, as on every view.
 */
gradeHidden: boolean, 
/**
 * The learner can go on working in the content (the last attempt is the one shown, it is
 * in progress and not treated as in grading, and the course is neither draft nor archived).
 */
canContinue: boolean, 
/**
 * The next moment this answer changes by the clock alone (RFC 3339); refetch then.
 */
refreshAt?: string, };

/**
 * `GET /api/bff/redirect`: where the redirect entry sends the learner.
 */
export type RedirectView = { 
/**
 * The kind of place.
 */
target: CourseTarget, 
/**
 * Path relative to the client's base path (`/courses/...`), with the query kept.
 */
path: string, };

/**
 * One LTI activity of [`WorkflowView`].
 */
export type WorkflowActivity = { 
/**
 * Path id of the part.
 */
activityPathId?: string, 
/**
 * Activity name.
 */
name: string, 
/**
 * The last activity workflow's id, once started (for the resource link and form).
 */
activityWorkflowId?: string, 
/**
 * Its status, once started.
 */
status?: CourseStatus, 
/**
 * Proctored.
 */
proctored: boolean, };

/**
 * `GET /api/bff/workflows/{workflowId}`: the view of an LTI activity workflow.
 */
export type WorkflowView = { 
/**
 * Objective workflow id.
 */
workflowId: string, 
/**
 * Workflow status.
 */
status: CourseStatus, 
/**
 * Progress, 0..=100.
 */
progressPercent: number, 
/**
 * Started at (RFC 3339).
 */
started?: string, 
/**
 * Submitted at (RFC 3339).
 */
submitted?: string, 
/**
 * Finished at (RFC 3339).
 */
finished?: string, 
/**
 * The record, once the workflow has one.
 */
objectiveRecordId?: string, 
/**
 * The LTI activities of the workflow with their activity workflows, in reading order.
 */
activities: Array<WorkflowActivity>, };

/**
 * The query flow of a link into the portal (spec section 4 'Query flags'), passed as the
 * `occflow` query parameter of `POST /api/bff/courses/{objectiveId}/enroll`.
 */
export type Occflow = "addToMyCourses" | "startTheCourse";

/**
 * `POST /api/bff/courses/{objectiveId}/enroll`: the course is in My courses.
 */
export type EnrollResult = { 
/**
 * Objective (course) id.
 */
objectiveId: string, 
/**
 * The enrolled course's objective workflow aggregate id.
 */
aggregateId: string, 
/**
 * Course name, for 'You have successfully been enrolled to {{courseName}}'.
 */
courseName: string, 
/**
 * True when the learner was enrolled already and nothing was sent (query flows only).
 */
alreadyEnrolled: boolean, 
/**
 * The start sequence's answer, for `occflow=startTheCourse`.
 */
start?: StartResult, };

/**
 * Where the client goes after starting a course.
 */
export type StartDestinationKind = "content" | "reloadCourse";

/**
 * `POST /api/bff/courses/{objectiveId}/start`: the course is started; where to go.
 */
export type StartResult = { 
/**
 * Objective (course) id.
 */
objectiveId: string, 
/**
 * The running objective workflow.
 */
workflowId: string, 
/**
 * True when a new objective workflow was created (first start or retake); false when the
 * one in progress goes on.
 */
newWorkflow: boolean, 
/**
 * True when the learner was self-enrolled first.
 */
enrolled: boolean, 
/**
 * The activity workflows of the course's activity (started now or already running).
 */
activityWorkflowIds: Array<string>, 
/**
 * Where to go.
 */
destination: StartDestinationKind, 
/**
 * Path of the activity to open next (`1.2`), when the content has one.
 */
activityPathId?: string, 
/**
 * Where to go, relative to the client's base path (`/courses/...`).
 */
url: string, };

/**
 * `POST /api/bff/workflows/{workflowId}/submit`: the attempt is handed in.
 */
export type SubmitResult = { 
/**
 * The objective workflow.
 */
workflowId: string, 
/**
 * Its state now: 2 submitted, 3 in grading, ... (spec section 4).
 */
state: number, 
/**
 * The record the submission produced, when the upstream names it.
 */
objectiveRecordId?: string, };

/**
 * Body of `POST /api/bff/workflows/{workflowId}/activities/finish`.
 */
export type FinishActivitiesRequest = { 
/**
 * The activity workflows to finish (at least one).
 */
activityWorkflowIds: Array<string>, };

/**
 * `POST /api/bff/workflows/{workflowId}/activities/finish`: the activities are finished.
 */
export type FinishActivitiesResult = { 
/**
 * The objective workflow.
 */
workflowId: string, 
/**
 * The activity workflows finished.
 */
activityWorkflowIds: Array<string>, 
/**
 * The course's progress now, as a whole percentage, 0..=100.
 */
progressPercent: number, };

/**
 * `POST /api/bff/workflows/{workflowId}/finish`: the course attempt is finished.
 */
export type FinishObjectiveResult = { 
/**
 * The objective workflow.
 */
workflowId: string, 
/**
 * Its final record.
 */
objectiveRecordId?: string, 
/**
 * True when finishing issued a certificate.
 */
certificateIssued: boolean, };

/**
 * Body of `POST /api/bff/profile/timezone`.
 */
export type TimezoneRequest = { 
/**
 * IANA time-zone name, for example `Europe/Paris`.
 */
timezone: string, };

/**
 * `POST /api/bff/profile/timezone`: the learner's time zone.
 */
export type TimezoneResult = { 
/**
 * The time zone in force now.
 */
timezone: string, 
/**
 * False when it equalled the current one and nothing was saved (spec section 5).
 */
changed: boolean, };

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
 * Score of the certified result.
 */
score?: ScoreDisplay, 
/**
 * Grade of the certified result.
 */
grade?: string, 
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
refreshAt?: string, 
/**
 * The certificate number (its public id, shown and used in links).
 */
certificateNumber: string, 
/**
 * Name of the certificate template.
 */
templateName?: string, 
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
expired: boolean, };

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
 * Cover image URL; when absent the card shows `color`.
 */
imageUrl?: string, 
/**
 * Background colour of a course without cover image: one of seven, the course's own on
 * every card and page.
 */
color?: string, 
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
 * The due date has passed and the course is not completed (as on its My courses card).
 */
overdue: boolean, 
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
link: string, 
/**
 * The grade is hidden (reveal policy, grading in progress): `passed` is not given.
 */
gradeHidden: boolean, 
/**
 * Unread messages in the course's announcement channel (0 when none or when the chat
 * service did not answer).
 */
unreadAnnouncements: number, 
/**
 * The course's announcement channel, which the unread indicator opens.
 */
announcementChannelId?: string, };

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
 * Correct or incorrect: the module's best record passed; absent while it has none or while
 * the course's result is hidden.
 */
correct?: boolean, 
/**
 * The 'Review module' button's target, relative to the client's base path.
 */
reviewLink: string, };

/**
 * Display mode of a course (spec section 4): where an LTI launch goes.
 */
export type LtiDisplayMode = "fullscreen" | "embeddedAuto" | "embeddedCustom";

/**
 * Body of `POST /api/bff/workflows/{workflowId}/launch`.
 */
export type LtiLaunchRequest = { 
/**
 * The course (objective) id: its display mode and preferred size.
 */
objectiveId: string, 
/**
 * Path id of the LTI activity (`1.3`); absent for a course that is a single LTI activity.
 */
activityPathId?: string, 
/**
 * Review mode: launch the last activity workflow read-only, never start one.
 */
review?: boolean, };

/**
 * One field of the resource form.
 */
export type LtiFormField = { 
/**
 * Field name.
 */
name: string, 
/**
 * Field value.
 */
value: string, };

/**
 * The resource form the client submits into the launch's target (never into its own page).
 */
export type LtiLaunchForm = { 
/**
 * Absolute URL of the tool's launch endpoint (an origin the tenant allows).
 */
action: string, 
/**
 * `POST` or `GET`.
 */
method: string, 
/**
 * The form's fields.
 */
fields: Array<LtiFormField>, };

/**
 * `POST /api/bff/workflows/{workflowId}/launch`: the activity workflow is running; how to
 * launch its tool.
 */
export type LtiLaunch = { 
/**
 * The objective workflow.
 */
workflowId: string, 
/**
 * The activity workflow launched (started now, or the running one).
 */
activityWorkflowId: string, 
/**
 * Path id of the activity, absent for a single-activity course.
 */
activityPathId?: string, 
/**
 * The resource link's target, made absolute.
 */
targetLinkUri: string, 
/**
 * The resource form.
 */
form: LtiLaunchForm, 
/**
 * Where the form goes: a new window (fullscreen) or a named iframe.
 */
displayMode: LtiDisplayMode, 
/**
 * Preferred width in CSS pixels (embedded custom).
 */
preferredWidth?: number, 
/**
 * Preferred height in CSS pixels (embedded custom).
 */
preferredHeight?: number, };

/**
 * State of a proctoring session (spec section 3: 1 created, 2 finished).
 */
export type ProctoringSessionState = "created" | "finished" | "unknown";

/**
 * `GET /api/bff/courses/{objectiveId}/proctoring/{activityPathId}`: the proctored activity.
 */
export type ProctoringView = { 
/**
 * Objective (course) id.
 */
objectiveId: string, 
/**
 * Course name.
 */
courseName: string, 
/**
 * The objective workflow, once started.
 */
workflowId?: string, 
/**
 * Path id of the activity.
 */
activityPathId: string, 
/**
 * Activity name.
 */
name: string, 
/**
 * The activity's last activity workflow, once started.
 */
activityWorkflowId?: string, 
/**
 * Its status, once started.
 */
activityStatus?: CourseStatus, 
/**
 * The last proctoring session's state, when there is one.
 */
session?: ProctoringSessionState, 
/**
 * Spec section 4 'Availability': the session disagrees with the activity workflow, so the
 * course is treated as in grading ('This course is being graded...').
 */
inGrading: boolean, 
/**
 * A start token may be asked for: the session is created and the activity in progress.
 */
canStart: boolean, };

/**
 * `POST /api/bff/courses/{objectiveId}/proctoring/{activityPathId}/start-token`.
 */
export type ProctoringStartToken = { 
/**
 * The token the proctoring service starts the session with.
 */
token: string, 
/**
 * The session it belongs to.
 */
proctoringSessionId?: string, 
/**
 * Seconds it stays valid.
 */
expiresIn?: number, 
/**
 * The objective workflow (for the launch that follows).
 */
workflowId: string, 
/**
 * The activity workflow.
 */
activityWorkflowId: string, };

/**
 * One participant of a collaborative activity.
 */
export type CollaborationMember = { 
/**
 * User id.
 */
id: string, 
/**
 * Full name.
 */
name: string, 
/**
 * E-mail address.
 */
email?: string, 
/**
 * Role in the activity (`leader`, `member`, ...), when the platform gives one.
 */
role?: string, 
/**
 * The signed-in learner.
 */
isMe: boolean, };

/**
 * The group workflow the learner shares with the other members.
 */
export type CollaborationGroup = { 
/**
 * Group activity workflow id (the same for every member).
 */
id: string, 
/**
 * Group name.
 */
name: string, 
/**
 * The group workflow's status.
 */
status: CourseStatus, 
/**
 * Its members.
 */
members: Array<CollaborationMember>, };

/**
 * What the learner can do next with a collaborative activity.
 */
export type CollaborationAction = "start" | "join" | "open" | "none";

/**
 * `GET /api/bff/courses/{objectiveId}/collaboration/{activityPathId}`: a collaborative activity.
 */
export type CollaborationView = { 
/**
 * Objective (course) id.
 */
objectiveId: string, 
/**
 * The objective workflow.
 */
workflowId: string, 
/**
 * Path id of the activity.
 */
activityPathId: string, 
/**
 * Activity name.
 */
name: string, 
/**
 * Everyone taking part in the activity, sorted by last name.
 */
participants: Array<CollaborationMember>, 
/**
 * The learner's group, when they are in one.
 */
group?: CollaborationGroup, 
/**
 * The learner's activity workflow, once joined.
 */
activityWorkflowId?: string, 
/**
 * Its status, once joined.
 */
status?: CourseStatus, 
/**
 * What the learner can do next.
 */
action: CollaborationAction, };

/**
 * `POST /api/bff/courses/{objectiveId}/collaboration/{activityPathId}/join`: the learner works
 * on the activity with their group.
 */
export type CollaborationJoinResult = { 
/**
 * The objective workflow.
 */
workflowId: string, 
/**
 * The learner's activity workflow in the group's work.
 */
activityWorkflowId: string, 
/**
 * The group joined, when the learner is in one.
 */
groupId?: string, };

/**
 * How a composite shows its children (spec section 4, presentation modes 0..=3).
 */
export type PresentationModeName = "tree" | "tiles" | "longRead" | "longReadWithoutActivityNames";

/**
 * How the course's content is framed (spec section 4, display modes 1..=3).
 */
export type DisplayModeName = "fullscreen" | "embeddedAuto" | "embeddedCustom";

/**
 * The banner of an activity that cannot be started (spec section 4 'Starting').
 */
export type ActivityBanner = "comingSoon" | "notAvailable";

/**
 * A caption or subtitle track of a video.
 */
export type VideoTrack = { 
/**
 * Track URL (WebVTT).
 */
src: string, 
/**
 * BCP 47 language of the track (the language hint).
 */
lang: string, 
/**
 * Label shown in the player's track menu.
 */
label: string, };

/**
 * The content of a video activity.
 */
export type VideoContent = { 
/**
 * A media file the browser plays itself, when the platform gives one.
 */
url?: string, 
/**
 * A player page to embed, when the platform gives one instead of a file.
 */
embedUrl?: string, 
/**
 * Language of the spoken audio, when known.
 */
lang?: string, 
/**
 * Caption tracks.
 */
tracks: Array<VideoTrack>, };

/**
 * The details of an event activity. Dates are RFC 3339; the client shows them in the
 * learner's time zone.
 */
export type EventContent = { 
/**
 * When it starts.
 */
start?: string, 
/**
 * When it ends.
 */
end?: string, 
/**
 * Where it takes place.
 */
location?: string, 
/**
 * The online meeting link, when it has one.
 */
meetingUrl?: string, };

/**
 * What an activity shows, by its kind; every part is optional (the platform may give none).
 */
export type ActivityContent = { 
/**
 * Rich content (HTML as the platform gives it; the client sanitises it): the text of a
 * text activity, the prompt of a discussion, the description of an event or video.
 */
html?: string, 
/**
 * The video of a video activity.
 */
video?: VideoContent, 
/**
 * The details of an event activity.
 */
event?: EventContent, 
/**
 * The discussion thread of a discussion activity, when the platform gives its address.
 */
discussionUrl?: string, };

/**
 * What is still open under a module or in the course, for the finish dialogs (spec section 2
 * 'Dialogs': improve score, mandatory or optional activities incomplete).
 */
export type FinishCheck = { 
/**
 * Mandatory activities not completed.
 */
incompleteMandatory: number, 
/**
 * Optional activities not completed.
 */
incompleteOptional: number, 
/**
 * Completed activities below the passing score (the learner may improve them).
 */
belowPassing: number, };

/**
 * One activity of the player with its content and its activity workflow.
 */
export type PlayerActivity = { 
/**
 * Path id of the part (`1.3`), the content route's `activityPartAxis`.
 */
activityPathId: string, 
/**
 * Activity id.
 */
activityId?: string, 
/**
 * Activity name.
 */
name: string, 
/**
 * Item type (`text`, `video`, `lti`, `composite`, ...).
 */
kind: string, 
/**
 * A collaborative activity (group work).
 */
collaborative: boolean, 
/**
 * A proctored activity.
 */
proctored: boolean, 
/**
 * Status as the contents show it.
 */
status: TocStatus, 
/**
 * Draft or archived banner, when it has one.
 */
banner?: ActivityBanner, 
/**
 * Cannot be opened.
 */
locked: boolean, 
/**
 * Disabled by availability, dates or review hiding.
 */
disabled: boolean, 
/**
 * Why, when locked or disabled.
 */
lockReason?: LockReason, 
/**
 * The platform's own reason, with `unavailable`.
 */
lockMessage?: string, 
/**
 * The last activity workflow, once started.
 */
activityWorkflowId?: string, 
/**
 * Its state; `notStarted` before the first start.
 */
workflowStatus: CourseStatus, 
/**
 * Saved progress of the activity workflow, 0..=1 (a video's position as a share of it).
 */
progress?: number, 
/**
 * Should be started when opened: not started (or finished with nothing running), can
 * start, and not in review.
 */
canStart: boolean, 
/**
 * Can be finished by the learner now ('Mark as done'): running, not graded by a tool,
 * not in review.
 */
canFinish: boolean, 
/**
 * Duration in whole minutes, rounded up, when known.
 */
durationMinutes?: number, 
/**
 * Score of its best record; absent without one, or while the course's or the activity's
 * results are hidden (spec section 4 'Grade visibility'), as in the contents.
 */
score?: ScoreDisplay, 
/**
 * What it shows.
 */
content: ActivityContent, };

/**
 * The course as the player needs it beside the open activity.
 */
export type PlayerCourse = { 
/**
 * Course name.
 */
name: string, 
/**
 * The objective workflow's state.
 */
status: CourseStatus, 
/**
 * Presentation mode of the course.
 */
presentationMode: PresentationModeName, 
/**
 * Display mode of the course.
 */
displayMode: DisplayModeName, 
/**
 * Preferred width in pixels (display mode `embeddedCustom`).
 */
preferredWidth?: number, 
/**
 * Preferred height in pixels (display mode `embeddedCustom`).
 */
preferredHeight?: number, 
/**
 * The attempt can be submitted now (in progress, not in review).
 */
canSubmit: boolean, 
/**
 * The attempt can be finished now without a submit (submitted, graded or approved).
 */
canFinish: boolean, 
/**
 * What is still open in the course, for the course finish dialog.
 */
finishCheck: FinishCheck, };

/**
 * `GET /api/bff/courses/{objectiveId}/activities/{activityPathId}`: one activity of the
 * player, its children (for a composite, with their content), and the course around it.
 */
export type ActivityView = { 
/**
 * Objective (course) id.
 */
objectiveId: string, 
/**
 * The objective workflow shown.
 */
workflowId: string, 
/**
 * Read-only review of a finished attempt (`viewType=REVIEW`).
 */
reviewMode: boolean, 
/**
 * The activity.
 */
activity: PlayerActivity, 
/**
 * How a composite shows its children (its own mode, else the course's).
 */
presentationMode: PresentationModeName, 
/**
 * The children of a composite, in reading order (archived ones left out); empty otherwise.
 */
children: Array<PlayerActivity>, 
/**
 * What is still open under this activity, for the module finish dialog.
 */
finishCheck: FinishCheck, 
/**
 * The course.
 */
course: PlayerCourse, 
/**
 * The next moment this answer changes by the clock alone (RFC 3339); refetch then.
 */
refreshAt?: string, };

/**
 * Body of `POST /api/bff/workflows/{workflowId}/activities/start`.
 */
export type StartActivitiesRequest = { 
/**
 * Path ids of the activities to start (at least one).
 */
activityPathIds: Array<string>, };

/**
 * `POST /api/bff/workflows/{workflowId}/activities/start`: the activity workflows, started now
 * or already running, in the order asked.
 */
export type StartActivitiesResult = { 
/**
 * The objective workflow.
 */
workflowId: string, 
/**
 * The activity workflows.
 */
activityWorkflowIds: Array<string>, };

/**
 * Body of `PUT /api/bff/workflows/{workflowId}/activities/{activityWorkflowId}/progress`.
 */
export type SaveProgressRequest = { 
/**
 * Progress through the activity, 0..=1.
 */
progress?: number, 
/**
 * Position in a video, in seconds, kept with the workflow.
 */
positionSeconds?: number, };

/**
 * `PUT /api/bff/workflows/{workflowId}/activities/{activityWorkflowId}/progress`: saved.
 */
export type SaveProgressResult = { 
/**
 * The activity workflow.
 */
activityWorkflowId: string, 
/**
 * Its progress now, when it has one.
 */
progress?: number, };

/**
 * What a channel is for.
 */
export type ChatChannelKind = "announcement" | "team";

/**
 * One channel of the learner.
 */
export type ChatChannel = { 
/**
 * Channel id.
 */
id: string, 
/**
 * Announcements of a course, or a team.
 */
kind: ChatChannelKind, 
/**
 * Display name (the course's or the team's).
 */
name: string, 
/**
 * The course of an announcement channel.
 */
objectiveId?: string, 
/**
 * Messages the learner has not read.
 */
unreadCount: number, 
/**
 * Whether the learner may post here.
 */
canPost: boolean, };

/**
 * `GET /api/bff/chat/channels`: the learner's channels.
 */
export type ChatChannelsView = { 
/**
 * Team channels first, then announcement channels, by name.
 */
channels: Array<ChatChannel>, };

/**
 * One message. Its text is plain text: the client never renders it as HTML.
 */
export type ChatMessage = { 
/**
 * Message id.
 */
id: string, 
/**
 * Position in the chat, the cursor of reading and of the live stream.
 */
seq: number, 
/**
 * The channel it belongs to.
 */
channelId: string, 
/**
 * Author's display name.
 */
authorName: string, 
/**
 * Whether the signed-in learner wrote it.
 */
mine: boolean, 
/**
 * Plain text.
 */
text: string, 
/**
 * When it was posted (RFC 3339).
 */
created: string, };

/**
 * `GET /api/bff/chat/channels/{channelId}`: one channel and its newest messages.
 */
export type ChatChannelView = { 
/**
 * The channel.
 */
channel: ChatChannel, 
/**
 * The newest messages, oldest first.
 */
messages: Array<ChatMessage>, 
/**
 * The last message the learner had read before opening (`seq`, 0 for none).
 */
lastReadSeq: number, 
/**
 * Longest text `POST .../messages` accepts, in characters.
 */
maxMessageChars: number, };

/**
 * `POST /api/bff/chat/channels/{channelId}/messages`.
 */
export type PostChatMessage = { 
/**
 * Plain text; leading and trailing spaces are dropped; never empty.
 */
text: string, };

/**
 * `POST /api/bff/chat/channels/{channelId}/read`: everything up to `seq` is read.
 */
export type MarkChatRead = { 
/**
 * The newest message read.
 */
seq: number, };

/**
 * `POST /api/bff/tutor/answers`: a question about a course. The answer is a
 * `text/event-stream` of `citation` (`{source, passage}`), `token` (`{text}`), then `done`
 * or `error` (`{message}`) events.
 */
export type TutorQuestion = { 
/**
 * The course asked about.
 */
objectiveId: string, 
/**
 * The question; never empty, at most the configured length.
 */
question: string, };
