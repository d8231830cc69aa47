//! The user as the portal names them (spec section 2, 'Profile page').

use contracts::upstream::UserProfile;

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

#[cfg(test)]
mod tests {
    use super::*;

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
