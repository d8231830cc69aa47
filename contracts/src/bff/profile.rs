//! The profile page (spec section 2, 'Profile page').

use serde::{Deserialize, Serialize};
use ts_rs::TS;
use utoipa::ToSchema;

use super::SessionUser;

/// A unit the learner belongs to.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ProfileUnit {
    /// Unit id.
    pub id: String,
    /// Unit name.
    pub name: String,
    /// Unit code, when it has one.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub code: Option<String>,
}

/// `GET /api/bff/profile`: the personal info and preferred time zone tabs.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, TS, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ProfileView {
    /// The user: id, e-mail, full name (header) and preferred time zone.
    pub user: SessionUser,
    /// The primary unit, when the user has one.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub primary_unit: Option<ProfileUnit>,
    /// Privacy-policy link of the tenant, when configured.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub privacy_policy_url: Option<String>,
    /// The time zone dates are shown in: the preferred one, else `UTC`.
    pub timezone: String,
    /// Whether the user has chosen a time zone (false: `timezone` is the fallback).
    pub timezone_chosen: bool,
}
