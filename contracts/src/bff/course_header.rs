//! The course header: the fields that name and present a course, shared by the catalog card, the
//! catalog and public course pages and the course details page (spec section 2).
//!
//! The views embed it with `#[serde(flatten)]`, so its fields stand at the top level of each
//! view's JSON, next to the view's own fields, exactly as if they were declared there.

use serde::{Deserialize, Serialize};
use ts_rs::TS;
use utoipa::ToSchema;

use super::CollectionChip;

/// What names and presents a course: id, name, code, short description, and cover image or
/// colour.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, TS, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct CourseHeader {
    /// Objective (course) id.
    pub objective_id: String,
    /// Course name.
    pub name: String,
    /// Optional course code.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub code: Option<String>,
    /// Short description (the client collapses it at about 70 characters on course pages).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub description: Option<String>,
    /// Cover image URL; when absent the course's cards and pages show `color`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub image_url: Option<String>,
    /// Background colour of a course without cover image: one of seven, the course's own on
    /// every card and page.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub color: Option<String>,
}

/// A course as its catalog page shows it (signed in or public): the header, the about text,
/// the duration and the collections.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, TS, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct CourseOverview {
    /// Id, name, code, description and cover image.
    #[serde(flatten)]
    pub header: CourseHeader,
    /// About text (HTML, as the upstream gives it).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub about: Option<String>,
    /// Duration in whole minutes, rounded up, when known.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub duration_minutes: Option<u32>,
    /// Collections of the course.
    pub collections: Vec<CollectionChip>,
}

/// When the learner can start the course (spec section 4 'Availability'), for the notices 'Will
/// be available to start on {date}' and 'Was available to start before {date}'.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize, TS, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Availability {
    /// The course can be started from this date (RFC 3339).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub availability_date: Option<String>,
    /// The course can be started until this date (RFC 3339).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub availability_end_date: Option<String>,
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::bff::{CatalogCard, CatalogCourseView, DetailsButton};
    use serde_json::{Value, json};

    fn header() -> CourseHeader {
        CourseHeader {
            objective_id: "c1".into(),
            name: "Rust".into(),
            code: Some("RS-1".into()),
            description: None,
            image_url: Some("/img.png".into()),
            color: None,
        }
    }

    fn keys(value: &Value) -> Vec<&str> {
        let mut keys: Vec<&str> = value.as_object().expect("an object").keys().map(String::as_str).collect();
        keys.sort_unstable();
        keys
    }

    #[test]
    fn the_header_stands_flat_in_the_catalog_course_view_and_reads_back() {
        let view = CatalogCourseView {
            course: CourseOverview {
                header: header(),
                about: Some("<p>About</p>".into()),
                duration_minutes: Some(90),
                collections: vec![CollectionChip { id: "s1".into(), name: "Core".into(), uncategorized: false }],
            },
            is_mandatory: true,
            enrolled: false,
            buttons: vec![DetailsButton::Start],
            notices: Vec::new(),
            availability: Availability {
                availability_date: Some("2026-03-01T00:00:00Z".into()),
                availability_end_date: None,
            },
            details_link: None,
            refresh_at: None,
        };
        let json = serde_json::to_value(&view).expect("serialises");
        assert_eq!(
            keys(&json),
            [
                "about",
                "availabilityDate",
                "buttons",
                "code",
                "collections",
                "durationMinutes",
                "enrolled",
                "imageUrl",
                "isMandatory",
                "name",
                "notices",
                "objectiveId",
            ],
            "absent options are left out, and neither `course` nor `header` nests: {json}"
        );
        assert_eq!(json["objectiveId"], json!("c1"));
        assert_eq!(json["durationMinutes"], json!(90));
        let back: CatalogCourseView = serde_json::from_value(json).expect("reads back");
        assert_eq!(back, view);
    }

    #[test]
    fn the_openapi_schema_joins_the_header_with_all_of_and_registers_it() {
        use utoipa::{PartialSchema, ToSchema};
        let schema = serde_json::to_value(CatalogCourseView::schema()).expect("a schema");
        let parts = schema["allOf"].as_array().expect("allOf");
        let refs: Vec<&Value> = parts.iter().map(|p| &p["$ref"]).filter(|r| !r.is_null()).collect();
        assert_eq!(
            refs,
            [&json!("#/components/schemas/CourseOverview"), &json!("#/components/schemas/Availability")],
            "{schema}"
        );
        assert!(parts.iter().any(|p| p["properties"]["isMandatory"].is_object()), "{schema}");
        let overview = serde_json::to_value(CourseOverview::schema()).expect("a schema");
        assert_eq!(overview["allOf"][0]["$ref"], json!("#/components/schemas/CourseHeader"), "{overview}");
        let mut named = Vec::new();
        CatalogCourseView::schemas(&mut named);
        let names: Vec<String> = named.into_iter().map(|(name, _)| name).collect();
        assert!(
            names.contains(&"CourseOverview".to_string()) && names.contains(&"CourseHeader".to_string()),
            "{names:?}"
        );
    }

    #[test]
    fn the_header_stands_flat_in_a_catalog_card() {
        let card = CatalogCard {
            header: CourseHeader {
                description: Some("Short".into()),
                image_url: None,
                color: Some("blue".into()),
                ..header()
            },
            children_count: None,
            duration_minutes: None,
            is_draft: false,
            link: "/catalog/c1".into(),
        };
        let json = serde_json::to_value(&card).expect("serialises");
        assert_eq!(keys(&json), ["code", "color", "description", "isDraft", "link", "name", "objectiveId"], "{json}");
        let back: CatalogCard = serde_json::from_value(json).expect("reads back");
        assert_eq!(back, card);
    }
}
