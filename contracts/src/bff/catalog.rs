//! View models of the catalog side: the catalog list, the catalog course page, the public open
//! catalog and the public certificate (spec sections 2, 4, 5 and 7).

use serde::{Deserialize, Serialize};
use ts_rs::TS;
use utoipa::ToSchema;

use super::{
    Availability, CollectionChip, CourseFilter, CourseHeader, CourseOverview, DetailsButton, DetailsNotice,
    IssuedCertificate, TermOption,
};

/// One course card of the catalog (signed in or public).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, TS, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct CatalogCard {
    /// Id, name, code, description, and cover image or colour.
    #[serde(flatten)]
    pub header: CourseHeader,
    /// Number of sub-activities, for the tile mode.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub children_count: Option<u32>,
    /// Duration in whole minutes, rounded up, when known.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub duration_minutes: Option<u32>,
    /// Draft course: shows the 'coming soon' badge.
    pub is_draft: bool,
    /// Where the card leads, relative to the client's base path (`/catalog/{id}` or
    /// `/open-catalog/{id}/view/details`).
    pub link: String,
}

/// `GET /api/bff/catalog`: the catalog page of a signed-in learner.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, TS, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct CatalogView {
    /// The cards of this page, sorted by name ascending.
    pub items: Vec<CatalogCard>,
    /// Courses matching the search and filters, over all pages.
    pub total_count: u32,
    /// The keyword applied (normalised: lower-cased, left-trimmed).
    pub keyword: String,
    /// The filter applied, with unknown values dropped.
    pub filter: CourseFilter,
    /// Some filter value was dropped: the client shows the 'filters unavailable' toast.
    pub filters_unavailable: bool,
    /// Collections of the catalog's courses, plus 'uncategorized' when some have none.
    pub collections: Vec<CollectionChip>,
    /// The learner's terms.
    pub terms: Vec<TermOption>,
}

/// `GET /api/bff/catalog/{objectiveId}`: a course as the catalog shows it.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, TS, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct CatalogCourseView {
    /// The course: header, about text, duration and collections.
    #[serde(flatten)]
    pub course: CourseOverview,
    /// Mandatory for the learner.
    pub is_mandatory: bool,
    /// The course is already in My courses.
    pub enrolled: bool,
    /// Buttons: `enrolled` when self-enrolled, else `addToMyCourses` unless mandatory or started.
    pub buttons: Vec<DetailsButton>,
    /// Notices: availability ('Will be available to start on', 'Was available to start
    /// before'), 'coming soon', not available.
    pub notices: Vec<DetailsNotice>,
    /// The dates of the availability notices.
    #[serde(flatten)]
    pub availability: Availability,
    /// The course details page, once the course is in My courses (relative to the client's
    /// base path).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub details_link: Option<String>,
    /// When this answer changes by the clock alone (RFC 3339): the next availability boundary.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub refresh_at: Option<String>,
}

/// `GET /api/bff/public/catalog`: the open catalog, for visitors without a session.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, TS, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct PublicCatalogView {
    /// The cards of this page, sorted by name ascending.
    pub items: Vec<CatalogCard>,
    /// Courses matching the search and collections, over all pages.
    pub total_count: u32,
    /// The keyword applied (normalised: lower-cased, left-trimmed).
    pub keyword: String,
    /// Collection ids applied, with unknown ones dropped.
    pub collections_applied: Vec<String>,
    /// Some collection id was dropped: the client shows the 'filters unavailable' toast.
    pub filters_unavailable: bool,
    /// Collections of the open catalog, plus 'uncategorized' when some courses have none.
    pub collections: Vec<CollectionChip>,
}

/// `GET /api/bff/public/catalog/{objectiveId}`: the public course page (the share link).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, TS, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct PublicCourseView {
    /// The course: header, about text, duration and collections.
    #[serde(flatten)]
    pub course: CourseOverview,
    /// Draft course: 'coming soon'.
    pub is_draft: bool,
    /// Where a visitor signs in to add the course (same origin, relative).
    pub login_url: String,
    /// Present when the request carries a live session of this tenant whose user may use the
    /// learner area: the course's catalog page in the portal (a client route), offered instead
    /// of signing in.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub open_link: Option<String>,
}

/// `GET /api/bff/public/certificates/{certificateNumber}`: a shared certificate.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, TS, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct PublicCertificateView {
    /// Number, template, issue and expiry dates, expired.
    #[serde(flatten)]
    pub certificate: IssuedCertificate,
    /// Full name of the holder, when the upstream gives it.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub holder_name: Option<String>,
    /// Course name, when the upstream gives it.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub course_name: Option<String>,
    /// The PDF, served through this origin (spec section 5: same-origin links only).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub pdf_url: Option<String>,
    /// The PNG preview, served through this origin.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub png_url: Option<String>,
    /// The shareable link of this page, relative to this origin.
    pub share_url: String,
    /// When this answer changes by the clock alone (RFC 3339): the expiry, while ahead.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub refresh_at: Option<String>,
}
