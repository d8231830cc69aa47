//! What the views and commands read from a request besides the session: ids, activity path
//! ids, certificate numbers, and the paging and search of a course list (My courses, the
//! catalog, the open catalog). Each parser answers a readable 400 naming the parameter, before
//! any upstream call.

use utoipa::IntoParams;
use uuid::Uuid;

use crate::{
    config::CatalogSettings,
    domain::lists,
    error::{AppError, AppResult},
};

/// An id from the path, the query or a body; anything but a UUID is a 400 naming `name`.
pub fn parse_id(name: &str, raw: &str) -> AppResult<Uuid> {
    Uuid::try_parse(raw).map_err(|_| AppError::BadRequest(format!("{name} must be a UUID")))
}

/// Longest activity path id accepted.
pub const MAX_ACTIVITY_PATH_ID_CHARS: usize = 200;

/// Longest certificate number accepted in a path.
pub const MAX_CERTIFICATE_NUMBER_CHARS: usize = 64;

/// An activity path id (`1.3.2`, as the platform writes them): dotted segments of letters and
/// digits, at most [`MAX_ACTIVITY_PATH_ID_CHARS`]; anything else is a 400. It is put into
/// upstream paths, so nothing that could leave its path segment passes.
pub fn activity_path_id(raw: &str) -> AppResult<&str> {
    let ok = !raw.is_empty()
        && raw.len() <= MAX_ACTIVITY_PATH_ID_CHARS
        && raw.split('.').all(|segment| !segment.is_empty() && segment.bytes().all(|b| b.is_ascii_alphanumeric()));
    if ok { Ok(raw) } else { Err(AppError::BadRequest(format!("activityPathId {raw:?} is not a path id like 1.3"))) }
}

/// A certificate number from the path: 1 to [`MAX_CERTIFICATE_NUMBER_CHARS`] letters, digits,
/// `-` or `_`; anything else is a 400.
pub fn certificate_number(raw: &str) -> AppResult<&str> {
    let ok = !raw.is_empty()
        && raw.len() <= MAX_CERTIFICATE_NUMBER_CHARS
        && raw.bytes().all(|b| b.is_ascii_alphanumeric() || b == b'-' || b == b'_');
    if ok {
        Ok(raw)
    } else {
        Err(AppError::BadRequest(format!(
            "certificateNumber: a certificate number has 1 to {MAX_CERTIFICATE_NUMBER_CHARS} letters, digits, '-' or '_'"
        )))
    }
}

/// The paging and search parameters of a course list, as the OpenAPI document names them;
/// [`ListQuery::parse`] reads and checks them.
#[derive(Debug, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct ListParams {
    /// Words of the course name (lower-cased and left-trimmed by the gateway)
    pub keyword: Option<String>,
    /// Courses to skip (paging)
    pub skip: Option<u32>,
    /// Courses per page, 1 to `catalog.max_take` (default `catalog.default_take`)
    pub take: Option<u32>,
}

/// The URL filter of a course list (spec section 5), as the OpenAPI document names it;
/// [`crate::domain::filters::sanitise_filter`] reads it.
#[derive(Debug, IntoParams)]
#[into_params(parameter_in = Query, rename_all = "camelCase")]
pub struct FilterParams {
    /// Collection ids, comma-separated; unknown ones are dropped and flagged
    pub collection: Option<String>,
    /// Term ids, comma-separated; unknown ones are dropped and flagged
    pub term: Option<String>,
    /// notStarted, inProgress, completed (comma-separated)
    pub course_progress: Option<String>,
    /// mandatory, optional (comma-separated)
    pub course_priority: Option<String>,
}

/// The paging and search part of a list query (`keyword`, `skip`, `take`), checked.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ListQuery {
    /// The keyword, normalised (spec section 5).
    pub keyword: String,
    /// Cards to skip.
    pub skip: u32,
    /// Cards to take.
    pub take: u32,
}

impl ListQuery {
    /// Reads `keyword`, `skip` and `take` from the raw query pairs (other params are the
    /// filter's, or stripped); a malformed or out-of-range value is a 400 naming it.
    pub fn parse(params: &[(String, String)], limits: &CatalogSettings) -> AppResult<Self> {
        let single = |name: &str| -> AppResult<Option<&str>> {
            let mut values = params.iter().filter(|(k, _)| k == name).map(|(_, v)| v.as_str());
            let first = values.next();
            if values.next().is_some() {
                return Err(AppError::BadRequest(format!("{name} is given more than once")));
            }
            Ok(first)
        };
        let number = |name: &str| -> AppResult<Option<u32>> {
            single(name)?
                .map(|v| v.parse::<u32>().map_err(|_| AppError::BadRequest(format!("{name} must be a whole number"))))
                .transpose()
        };
        let raw_keyword = single("keyword")?.unwrap_or("");
        if raw_keyword.chars().count() > limits.max_keyword_chars {
            return Err(AppError::BadRequest(format!(
                "keyword is longer than {} characters",
                limits.max_keyword_chars
            )));
        }
        let take = number("take")?.unwrap_or(limits.default_take);
        if take == 0 || take > limits.max_take {
            return Err(AppError::BadRequest(format!("take must be between 1 and {}", limits.max_take)));
        }
        Ok(ListQuery { keyword: lists::normalise_keyword(raw_keyword), skip: number("skip")?.unwrap_or(0), take })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn limits() -> CatalogSettings {
        CatalogSettings { default_take: 100, max_take: 200, max_keyword_chars: 8, public_max_in_flight: 1 }
    }

    fn params(pairs: &[(&str, &str)]) -> Vec<(String, String)> {
        pairs.iter().map(|(k, v)| (k.to_string(), v.to_string())).collect()
    }

    #[test]
    fn ids_are_uuids_and_anything_else_is_a_400_naming_the_parameter() {
        let id = Uuid::from_u128(7);
        assert_eq!(parse_id("objectiveId", &id.to_string()).ok(), Some(id));
        for bad in ["", "not-a-uuid", "../x", "00000000-0000-0000-0000-00000000000"] {
            match parse_id("workflowId", bad) {
                Err(AppError::BadRequest(detail)) => assert!(detail.starts_with("workflowId "), "{detail}"),
                other => panic!("{bad:?}: {other:?}"),
            }
        }
    }

    #[test]
    fn activity_path_ids_are_dotted_segments_and_nothing_that_leaves_a_path() {
        for ok in ["1", "1.3", "1.3.2", "a1.B2"] {
            assert_eq!(activity_path_id(ok).ok(), Some(ok));
        }
        let long = "1".repeat(MAX_ACTIVITY_PATH_ID_CHARS + 1);
        for bad in ["", ".", "1..3", ".1", "1.", "a-b", "../x", "1/2", "1%2F2", "1 3", "é", long.as_str()] {
            assert!(matches!(activity_path_id(bad), Err(AppError::BadRequest(_))), "{bad:?}");
        }
    }

    #[test]
    fn certificate_numbers_are_short_and_plain() {
        for ok in ["ACME-123456", "a_b-9"] {
            assert!(certificate_number(ok).is_ok(), "{ok}");
        }
        let long = "1".repeat(MAX_CERTIFICATE_NUMBER_CHARS + 1);
        for bad in ["", "../x", "a b", "a%2Fb", long.as_str(), "é"] {
            assert!(matches!(certificate_number(bad), Err(AppError::BadRequest(_))), "{bad:?}");
        }
    }

    #[test]
    fn list_query_reads_keyword_skip_take_and_refuses_bad_values() {
        let ok = ListQuery::parse(&params(&[("keyword", "  Rust"), ("skip", "10"), ("collection", "x")]), &limits());
        assert_eq!(ok.ok(), Some(ListQuery { keyword: "rust".into(), skip: 10, take: 100 }));
        for (clause, bad) in [
            ("take zero", params(&[("take", "0")])),
            ("take above the limit", params(&[("take", "201")])),
            ("take not a number", params(&[("take", "ten")])),
            ("negative skip", params(&[("skip", "-1")])),
            ("keyword too long", params(&[("keyword", "abcdefghi")])),
            ("keyword twice", params(&[("keyword", "a"), ("keyword", "b")])),
        ] {
            assert!(matches!(ListQuery::parse(&bad, &limits()), Err(AppError::BadRequest(_))), "{clause}");
        }
    }
}
