//! Permission routing (spec section 6): the required-permission matcher and where a signed-in
//! user lands.

use contracts::upstream::Permission;

/// How a required permission's `scope_id` must match a held one.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ScopeRule<'a> {
    /// Any scope, or none.
    Any,
    /// Only the unscoped permission (`scope_id` absent).
    Unscoped,
    /// Exactly this scope.
    Scope(&'a str),
}

/// One required permission object: a name and a scope rule.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Required<'a> {
    /// Permission name, for example `Research.Access`.
    pub name: &'a str,
    /// How `scope_id` must match.
    pub scope: ScopeRule<'a>,
}

/// Whether every required permission must be held, or one is enough.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Strategy {
    /// All of the list.
    All,
    /// At least one of the list.
    Any,
}

/// A requirement: a list of permission objects under a strategy. An empty list requires nothing.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Requirement<'a> {
    /// The permission objects.
    pub permissions: &'a [Required<'a>],
    /// All or any of them.
    pub strategy: Strategy,
}

/// Whether a held permission satisfies a required one (name and scope).
fn satisfies(held: &Permission, required: &Required<'_>) -> bool {
    held.name == required.name
        && match required.scope {
            ScopeRule::Any => true,
            ScopeRule::Unscoped => held.scope_id.is_none(),
            ScopeRule::Scope(id) => held.scope_id.as_deref() == Some(id),
        }
}

/// Spec section 6: permission checks match required permission objects on their fields
/// (including `scope_id`) under an all or any strategy.
pub fn is_allowed(held: &[Permission], requirement: &Requirement<'_>) -> bool {
    let holds = |r: &Required<'_>| held.iter().any(|h| satisfies(h, r));
    match requirement.strategy {
        _ if requirement.permissions.is_empty() => true,
        Strategy::All => requirement.permissions.iter().all(holds),
        Strategy::Any => requirement.permissions.iter().any(holds),
    }
}

/// A node of the platform navigation a user may be sent to instead of the learner area.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct NavNode<'a> {
    /// Where it lives (absolute path on the portal's origin).
    pub url: &'a str,
    /// What it needs.
    pub requirement: Requirement<'a>,
    /// A research or knowledge-model feature: users with only these go to the platform page.
    pub research_or_knowledge_model: bool,
}

const fn unscoped(name: &str) -> Required<'_> {
    Required { name, scope: ScopeRule::Unscoped }
}

const fn any_scope(name: &str) -> Required<'_> {
    Required { name, scope: ScopeRule::Any }
}

/// The learner area requires `ObjectiveWorkflow.Create` (any scope).
pub const LEARNER_AREA: Requirement<'static> =
    Requirement { permissions: &[any_scope("ObjectiveWorkflow.Create")], strategy: Strategy::All };

/// The platform navigation, in menu order (spec section 6).
pub const NAVIGATION: &[NavNode<'static>] = &[
    NavNode {
        url: "/platform/content-library",
        requirement: Requirement {
            permissions: &[any_scope("Objective.Create"), any_scope("Objective.Update")],
            strategy: Strategy::Any,
        },
        research_or_knowledge_model: false,
    },
    NavNode {
        url: "/platform/admin",
        requirement: Requirement { permissions: &[any_scope("Administration.Access")], strategy: Strategy::All },
        research_or_knowledge_model: false,
    },
    NavNode {
        url: "/platform/research-projects",
        requirement: Requirement { permissions: &[unscoped("Research.Access")], strategy: Strategy::All },
        research_or_knowledge_model: true,
    },
    NavNode {
        url: "/platform/knowledge-models",
        requirement: Requirement { permissions: &[unscoped("KnowledgeModel.Access")], strategy: Strategy::All },
        research_or_knowledge_model: true,
    },
];

/// The learner area's home page.
pub const LEARNER_HOME: &str = "/learn/";
/// The page for users who may see nothing here.
pub const FORBIDDEN_PAGE: &str = "/learn/forbidden";
/// The page for users with only research or knowledge-model features.
pub const PLATFORM_PAGE: &str = "/learn/platform";

/// Where a signed-in user belongs.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Home {
    /// The learner area (stay).
    Learner,
    /// Another allowed page of the platform navigation (URL with the chat hash kept).
    Redirect(String),
    /// Nothing is allowed.
    Forbidden,
    /// Only research or knowledge-model features.
    Platform,
}

impl Home {
    /// The URL the browser goes to.
    pub fn url(&self) -> &str {
        match self {
            Home::Learner => LEARNER_HOME,
            Home::Redirect(url) => url,
            Home::Forbidden => FORBIDDEN_PAGE,
            Home::Platform => PLATFORM_PAGE,
        }
    }
}

/// Spec section 6: staying in the learner area requires `ObjectiveWorkflow.Create`; otherwise
/// the user goes to the first allowed navigation node's URL (keeping a chat hash of
/// `requested_url`), to `/forbidden` if none; users with only research or knowledge-model
/// features go to `/platform`.
pub fn home(held: &[Permission], navigation: &[NavNode<'_>], requested_url: Option<&str>) -> Home {
    if is_allowed(held, &LEARNER_AREA) {
        return Home::Learner;
    }
    let allowed: Vec<&NavNode<'_>> = navigation.iter().filter(|n| is_allowed(held, &n.requirement)).collect();
    match allowed.first() {
        None => Home::Forbidden,
        Some(_) if allowed.iter().all(|n| n.research_or_knowledge_model) => Home::Platform,
        Some(first) => {
            Home::Redirect(format!("{}{}", first.url, requested_url.and_then(chat_hash).unwrap_or_default()))
        }
    }
}

/// The `#chat...` fragment of a URL, when it has one made of safe characters only.
fn chat_hash(url: &str) -> Option<String> {
    let (_, fragment) = url.split_once('#')?;
    let safe = fragment.len() <= 200
        && fragment.starts_with("chat")
        && fragment.chars().all(|c| c.is_ascii_alphanumeric() || "-_=/.&".contains(c));
    safe.then(|| format!("#{fragment}"))
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Held permissions as (name, scope) pairs.
    type Held<'a> = &'a [(&'a str, Option<&'a str>)];

    fn held(list: Held<'_>) -> Vec<Permission> {
        list.iter()
            .map(|(name, scope)| Permission { name: (*name).into(), scope_id: scope.map(String::from) })
            .collect()
    }

    /// Spec section 6 'Permission checks use a list of required permission objects matching on
    /// fields (including scope_id) under an all or any strategy'.
    #[test]
    fn permission_checks_match_required_objects_on_fields_including_scope_id_under_all_or_any() {
        let a_in_s1 = Required { name: "A", scope: ScopeRule::Scope("s1") };
        let a_unscoped = unscoped("A");
        let b_any = any_scope("B");
        let cases: &[(&str, Held<'_>, &[Required<'_>], Strategy, bool)] = &[
            ("empty requirement", &[], &[], Strategy::All, true),
            ("empty requirement, any", &[], &[], Strategy::Any, true),
            ("name and scope match", &[("A", Some("s1"))], &[a_in_s1], Strategy::All, true),
            ("other scope", &[("A", Some("s2"))], &[a_in_s1], Strategy::All, false),
            ("unscoped held, scoped required", &[("A", None)], &[a_in_s1], Strategy::All, false),
            ("unscoped required, unscoped held", &[("A", None)], &[a_unscoped], Strategy::All, true),
            ("unscoped required, scoped held", &[("A", Some("s1"))], &[a_unscoped], Strategy::All, false),
            ("any scope", &[("B", Some("s9"))], &[b_any], Strategy::All, true),
            ("other name", &[("C", None)], &[b_any], Strategy::All, false),
            ("all: one missing", &[("A", Some("s1"))], &[a_in_s1, b_any], Strategy::All, false),
            ("all: both held", &[("A", Some("s1")), ("B", None)], &[a_in_s1, b_any], Strategy::All, true),
            ("any: one held", &[("B", None)], &[a_in_s1, b_any], Strategy::Any, true),
            ("any: none held", &[("C", None)], &[a_in_s1, b_any], Strategy::Any, false),
        ];
        for (name, have, required, strategy, expected) in cases {
            let requirement = Requirement { permissions: required, strategy: *strategy };
            assert_eq!(is_allowed(&held(have), &requirement), *expected, "{name}");
        }
    }

    /// Spec section 6 'Staying in the learner area requires permission ObjectiveWorkflow.Create.
    /// Otherwise the user goes to the first allowed node's URL (keeping a chat hash), or to
    /// /forbidden if none. Users with only research or knowledge-model features go to /platform'.
    #[test]
    fn staying_in_the_learner_area_requires_objective_workflow_create_else_first_allowed_node() {
        let redirect = |url: &str| Home::Redirect(url.into());
        let cases: &[(&str, Held<'_>, Option<&str>, Home)] = &[
            ("learner", &[("ObjectiveWorkflow.Create", None)], None, Home::Learner),
            ("learner with a scoped permission", &[("ObjectiveWorkflow.Create", Some("org-1"))], None, Home::Learner),
            (
                "learner and author stays a learner",
                &[("ObjectiveWorkflow.Create", None), ("Objective.Update", None)],
                None,
                Home::Learner,
            ),
            ("catalog only: nothing allowed", &[("Catalog.Read", None)], None, Home::Forbidden),
            ("no permissions", &[], None, Home::Forbidden),
            ("author", &[("Objective.Update", None)], None, redirect("/platform/content-library")),
            ("admin", &[("Administration.Access", None)], None, redirect("/platform/admin")),
            (
                "first allowed node in menu order",
                &[("Administration.Access", None), ("Objective.Create", Some("o"))],
                None,
                redirect("/platform/content-library"),
            ),
            (
                "chat hash kept",
                &[("Objective.Update", None)],
                Some("https://p.example/learn/courses#chat=42"),
                redirect("/platform/content-library#chat=42"),
            ),
            (
                "other hash dropped",
                &[("Objective.Update", None)],
                Some("https://p.example/learn/#top"),
                redirect("/platform/content-library"),
            ),
            (
                "unsafe chat hash dropped",
                &[("Objective.Update", None)],
                Some("/learn/#chat\"><script>"),
                redirect("/platform/content-library"),
            ),
            (
                "research and knowledge models only",
                &[("Research.Access", None), ("KnowledgeModel.Access", None)],
                None,
                Home::Platform,
            ),
            ("research only", &[("Research.Access", None)], Some("/learn/#chat"), Home::Platform),
            ("scoped research does not count", &[("Research.Access", Some("p1"))], None, Home::Forbidden),
            (
                "research and admin: first allowed node",
                &[("Research.Access", None), ("Administration.Access", None)],
                None,
                redirect("/platform/admin"),
            ),
        ];
        for (name, have, requested, expected) in cases {
            assert_eq!(&home(&held(have), NAVIGATION, *requested), expected, "{name}");
        }
        assert_eq!(Home::Platform.url(), "/learn/platform");
        assert_eq!(Home::Forbidden.url(), "/learn/forbidden");
        assert_eq!(Home::Learner.url(), "/learn/");
    }
}
