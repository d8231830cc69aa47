//! The current user: profile, permissions and unit membership (spec section 3).

use serde::{Deserialize, Serialize};
use uuid::Uuid;

/// A permission held by the current user.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Permission {
    /// Permission name, for example `ObjectiveWorkflow.Create`.
    pub name: String,
    /// Scope the permission is limited to; `None` for unscoped permissions.
    pub scope_id: Option<String>,
}

/// The current-user profile (`GET users/me`).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct UserProfile {
    /// User id.
    pub id: Uuid,
    /// Tenant the user belongs to.
    pub tenant_id: String,
    /// E-mail address.
    pub email: String,
    /// First name.
    pub first_name: Option<String>,
    /// Middle name.
    pub middle_name: Option<String>,
    /// Last name.
    pub last_name: Option<String>,
    /// Preferred IANA time zone.
    pub timezone: Option<String>,
    /// Role names: Administrator, Author, Instructor, Learner.
    #[serde(default)]
    pub roles: Vec<String>,
    /// Permissions with their scope.
    #[serde(default)]
    pub permissions: Vec<Permission>,
}

/// A user's membership of a unit.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct UnitMembership {
    /// The user's primary unit.
    #[serde(default)]
    pub is_primary: bool,
}

/// A unit the user belongs to (`GET users/{id}/units`, spec section 3 'Unit membership').
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Unit {
    /// Unit id.
    pub id: Uuid,
    /// Unit name.
    pub name: String,
    /// Unit code.
    pub code: Option<String>,
    /// The membership.
    pub membership: Option<UnitMembership>,
}

/// The answer of `GET users/{id}/units`.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct UnitList {
    /// The units.
    #[serde(default)]
    pub items: Vec<Unit>,
}
