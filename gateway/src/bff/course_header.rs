//! The course header and overview of the views (`contracts::bff::CourseHeader`,
//! `contracts::bff::CourseOverview`), built here once for every builder: the catalog cards, the
//! catalog and public course pages and the course details page.
//!
//! The upstream names a course in two shapes (the objective of an aggregate, and the full
//! objective of an access or of the open catalog); each builder hands over the fields it has and
//! the presentation rules live here:
//! an empty code, description or about text is left out, a course without cover image has its
//! colour ([`course::card_color_of`], as on its My courses and dashboard cards), the duration
//! follows [`course::duration_minutes`], and the availability dates are given as RFC 3339.

use contracts::{
    bff::{Availability, CollectionChip, CourseHeader, CourseOverview},
    upstream::{Objective, ShowcaseRef},
};
use time::OffsetDateTime;
use uuid::Uuid;

use super::fields::{non_empty, rfc3339};
use crate::domain::course;

/// The header of a course from the upstream's fields: id, name, and the code, description and
/// cover image when they are given and not empty, else for the cover its colour.
pub fn course_header(
    id: Uuid,
    name: &str,
    code: Option<&str>,
    description: Option<&str>,
    image_url: Option<&str>,
) -> CourseHeader {
    CourseHeader {
        objective_id: id.to_string(),
        name: name.to_owned(),
        code: non_empty(code),
        description: non_empty(description),
        image_url: image_url.map(String::from),
        color: course::card_color_of(id, image_url).map(String::from),
    }
}

/// The header of a full objective (the objective of an access, or of the open catalog).
pub fn objective_header(o: &Objective) -> CourseHeader {
    course_header(o.id, &o.name, o.code.as_deref(), o.description.as_deref(), o.image_url.as_deref())
}

/// A catalog course as its page shows it (signed in or public): the header, the about text, the
/// duration in whole minutes and the collections.
pub fn course_overview(o: &Objective) -> CourseOverview {
    CourseOverview {
        header: objective_header(o),
        about: non_empty(o.about.as_deref()),
        duration_minutes: course::duration_minutes(o.duration),
        collections: course_collections(&o.showcases),
    }
}

/// The collections of a course as chips (never the synthetic 'uncategorized' one).
pub fn course_collections(showcases: &[ShowcaseRef]) -> Vec<CollectionChip> {
    showcases
        .iter()
        .map(|s| CollectionChip { id: s.id.to_string(), name: s.name.clone(), uncategorized: false })
        .collect()
}

/// The availability dates of a course (from the learner's access) as RFC 3339.
pub fn availability(from: Option<OffsetDateTime>, until: Option<OffsetDateTime>) -> Availability {
    Availability { availability_date: rfc3339(from), availability_end_date: rfc3339(until) }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn empty_texts_are_left_out_and_the_rest_is_kept() {
        let id = Uuid::from_u128(7);
        let header = course_header(id, "Rust", Some(""), Some("Short"), Some("/img.png"));
        assert_eq!(
            header,
            CourseHeader {
                objective_id: id.to_string(),
                name: "Rust".into(),
                code: None,
                description: Some("Short".into()),
                image_url: Some("/img.png".into()),
                color: None,
            }
        );
        assert_eq!(course_header(id, "Rust", Some("RS-1"), Some(""), None).code.as_deref(), Some("RS-1"));
        assert_eq!(course_header(id, "Rust", None, Some(""), None).description, None);
        assert_eq!(
            course_header(id, "Rust", None, None, None).color.as_deref(),
            Some(course::card_color(id)),
            "without cover image, the course's own colour"
        );
    }
}
