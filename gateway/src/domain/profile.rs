//! The user as the portal names them (spec section 2, 'Profile page').

use contracts::upstream::{Unit, UserProfile};

/// Spec section 2: the header shows the full name from first, middle and last name; with no
/// name parts at all, the e-mail address stands in.
pub fn full_name(user: &UserProfile) -> String {
    let name = [&user.first_name, &user.middle_name, &user.last_name]
        .into_iter()
        .filter_map(|p| p.as_deref().map(str::trim).filter(|p| !p.is_empty()))
        .collect::<Vec<_>>()
        .join(" ");
    if name.is_empty() { user.email.clone() } else { name }
}

/// Spec section 5: 'Time-zone selection saves only when it differs from the current value.'
pub fn timezone_needs_saving(current: Option<&str>, selected: &str) -> bool {
    current != Some(selected)
}

/// Spec section 3 'Unit membership: a unit with membership carrying is_primary': the unit whose
/// membership is primary. A user has one; should the upstream mark several, the first listed wins
/// so the answer is stable.
pub fn primary_unit(units: &[Unit]) -> Option<&Unit> {
    units.iter().find(|u| u.membership.as_ref().is_some_and(|m| m.is_primary))
}

/// The time zone dates are shown in: the user's preferred zone, else UTC.
pub fn display_timezone(preferred: Option<&str>) -> &str {
    preferred.map(str::trim).filter(|tz| !tz.is_empty()).unwrap_or("UTC")
}

#[cfg(test)]
mod tests {
    use super::*;

    fn unit(name: &str, primary: Option<bool>) -> Unit {
        Unit {
            id: uuid::Uuid::new_v5(&uuid::Uuid::NAMESPACE_OID, name.as_bytes()),
            name: name.into(),
            code: None,
            membership: primary.map(|is_primary| contracts::upstream::UnitMembership { is_primary }),
        }
    }

    /// Spec section 3 'Unit membership ... is_primary' (profile: primary unit).
    #[test]
    fn unit_membership_primary_unit_is_the_one_marked_primary() {
        let cases = [
            ("none", vec![], None),
            ("only secondary", vec![unit("Lab", Some(false)), unit("Ops", None)], None),
            ("primary listed second", vec![unit("Lab", Some(false)), unit("Eng", Some(true))], Some("Eng")),
            ("two marked: first wins", vec![unit("Eng", Some(true)), unit("Ops", Some(true))], Some("Eng")),
        ];
        for (clause, units, expected) in cases {
            assert_eq!(primary_unit(&units).map(|u| u.name.as_str()), expected, "{clause}");
        }
    }

    #[test]
    fn display_time_zone_falls_back_to_utc() {
        let cases = [(None, "UTC"), (Some(""), "UTC"), (Some(" "), "UTC"), (Some("Europe/London"), "Europe/London")];
        for (preferred, expected) in cases {
            assert_eq!(display_timezone(preferred), expected, "{preferred:?}");
        }
    }

    /// Spec section 2 'Header shows full name from first, middle and last name'.
    #[test]
    fn profile_full_name_from_first_middle_and_last_name() {
        let user = |first: Option<&str>, middle: Option<&str>, last: Option<&str>| UserProfile {
            id: uuid::Uuid::nil(),
            tenant_id: "t".into(),
            email: "a@b.example".into(),
            first_name: first.map(String::from),
            middle_name: middle.map(String::from),
            last_name: last.map(String::from),
            timezone: None,
            roles: vec![],
            permissions: vec![],
        };
        let cases = [
            (user(Some("Ada"), None, Some("Lovelace")), "Ada Lovelace"),
            (user(Some("Ada"), Some("King"), Some("Lovelace")), "Ada King Lovelace"),
            (user(Some(" Ada "), Some(""), None), "Ada"),
            (user(None, None, None), "a@b.example"),
            (user(Some("  "), None, None), "a@b.example"),
        ];
        for (u, expected) in cases {
            assert_eq!(full_name(&u), expected);
        }
    }

    /// Spec section 5 'Time-zone selection saves only when it differs from the current value'.
    #[test]
    fn time_zone_saves_only_when_different() {
        let cases = [
            (None, "Europe/Paris", true),
            (Some("Europe/Paris"), "Europe/Paris", false),
            (Some("Europe/Paris"), "Europe/Berlin", true),
            (Some("UTC"), "Etc/UTC", true),
        ];
        for (current, selected, saves) in cases {
            assert_eq!(timezone_needs_saving(current, selected), saves, "{current:?} -> {selected}");
        }
    }
}
