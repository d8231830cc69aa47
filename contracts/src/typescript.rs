//! TypeScript bindings of the BFF view models.
//!
//! [`render`] produces the whole of `client/src/api/contracts/bff.ts`. The test below fails when
//! the committed file differs; `UPDATE_CONTRACTS=1 cargo test -p contracts` rewrites it.

use crate::bff::*;
use ts_rs::{Config, TS};

/// Path of the generated file, relative to the workspace root.
pub const BINDINGS_PATH: &str = "client/src/api/contracts/bff.ts";

/// Renders every BFF type into one TypeScript module, in a stable order.
pub fn render() -> String {
    let cfg = Config::default();
    let groups = [
        session_and_my_courses(&cfg),
        catalog(&cfg),
        course_screens(&cfg),
        commands(&cfg),
        learner_views(&cfg),
        outside_activities(&cfg),
        player(&cfg),
        conversations(&cfg),
    ];
    let mut out =
        String::from("// Generated from the Rust crate `contracts` by `make contracts`; do not edit by hand.\n\n");
    out.push_str(&groups.concat().join("\n\n"));
    out.push('\n');
    out
}

/// Problems, the session, the UI configuration, My courses and the states and scores its cards
/// share with other screens.
fn session_and_my_courses(cfg: &Config) -> Vec<String> {
    vec![
        decl::<Problem>(cfg),
        decl::<UnauthorizedReason>(cfg),
        decl::<Unauthorized>(cfg),
        decl::<SessionUser>(cfg),
        decl::<HomeKind>(cfg),
        decl::<SessionHome>(cfg),
        decl::<SessionView>(cfg),
        decl::<SessionNavigation>(cfg),
        decl::<AdoptSessionRequest>(cfg),
        decl::<NavPluginItem>(cfg),
        decl::<UiConfig>(cfg),
        decl::<CourseStatus>(cfg),
        decl::<ScoreColor>(cfg),
        decl::<CardResult>(cfg),
        decl::<CardLock>(cfg),
        decl::<CourseCard>(cfg),
        decl::<CollectionChip>(cfg),
        decl::<TermOption>(cfg),
        decl::<MyCoursesView>(cfg),
        decl::<DetailsButton>(cfg),
        decl::<DetailsNotice>(cfg),
        decl::<LockReason>(cfg),
        decl::<TocStatus>(cfg),
        decl::<CourseProgress>(cfg),
        decl::<CoursePriority>(cfg),
        decl::<CourseFilter>(cfg),
        decl::<ScorePoints>(cfg),
        decl::<ScoreDisplay>(cfg),
    ]
}

/// Catalog, open catalog and public certificate.
fn catalog(cfg: &Config) -> Vec<String> {
    vec![
        decl::<CatalogCard>(cfg),
        decl::<CatalogView>(cfg),
        decl::<CatalogCourseView>(cfg),
        decl::<PublicCatalogView>(cfg),
        decl::<PublicCourseView>(cfg),
        decl::<PublicCertificateView>(cfg),
    ]
}

/// Course screens: details, content tree, redirect entry, workflow view.
fn course_screens(cfg: &Config) -> Vec<String> {
    vec![
        decl::<CourseTarget>(cfg),
        decl::<AttemptRow>(cfg),
        decl::<CourseCertificate>(cfg),
        decl::<DetailsResult>(cfg),
        decl::<DetailsPart>(cfg),
        decl::<CourseDetailsView>(cfg),
        decl::<TreeItem>(cfg),
        decl::<CourseTreeView>(cfg),
        decl::<RedirectView>(cfg),
        decl::<WorkflowActivity>(cfg),
        decl::<WorkflowView>(cfg),
    ]
}

/// Commands: enrol, start, submit, finish, time zone.
fn commands(cfg: &Config) -> Vec<String> {
    vec![
        decl::<Occflow>(cfg),
        decl::<EnrollResult>(cfg),
        decl::<StartDestinationKind>(cfg),
        decl::<StartResult>(cfg),
        decl::<SubmitResult>(cfg),
        decl::<FinishActivitiesRequest>(cfg),
        decl::<FinishActivitiesResult>(cfg),
        decl::<FinishObjectiveResult>(cfg),
        decl::<TimezoneRequest>(cfg),
        decl::<TimezoneResult>(cfg),
    ]
}

/// Learner views: profile, certificate preview, calendar, dashboard, email answer.
fn learner_views(cfg: &Config) -> Vec<String> {
    vec![
        decl::<ProfileUnit>(cfg),
        decl::<ProfileView>(cfg),
        decl::<CertificatePreview>(cfg),
        decl::<CalendarEntryKind>(cfg),
        decl::<CalendarEntry>(cfg),
        decl::<CalendarView>(cfg),
        decl::<DashboardCourse>(cfg),
        decl::<DashboardView>(cfg),
        decl::<EmailAnswerView>(cfg),
    ]
}

/// Activities outside the portal's pages: LTI launch, proctoring, collaboration.
fn outside_activities(cfg: &Config) -> Vec<String> {
    vec![
        decl::<LtiDisplayMode>(cfg),
        decl::<LtiLaunchRequest>(cfg),
        decl::<LtiFormField>(cfg),
        decl::<LtiLaunchForm>(cfg),
        decl::<LtiLaunch>(cfg),
        decl::<ProctoringSessionState>(cfg),
        decl::<ProctoringView>(cfg),
        decl::<ProctoringStartToken>(cfg),
        decl::<CollaborationMember>(cfg),
        decl::<CollaborationGroup>(cfg),
        decl::<CollaborationAction>(cfg),
        decl::<CollaborationView>(cfg),
        decl::<CollaborationJoinResult>(cfg),
    ]
}

/// Course player: one activity, start activities, save progress.
fn player(cfg: &Config) -> Vec<String> {
    vec![
        decl::<PresentationModeName>(cfg),
        decl::<DisplayModeName>(cfg),
        decl::<ActivityBanner>(cfg),
        decl::<VideoTrack>(cfg),
        decl::<VideoContent>(cfg),
        decl::<EventContent>(cfg),
        decl::<ActivityContent>(cfg),
        decl::<FinishCheck>(cfg),
        decl::<PlayerActivity>(cfg),
        decl::<PlayerCourse>(cfg),
        decl::<ActivityView>(cfg),
        decl::<StartActivitiesRequest>(cfg),
        decl::<StartActivitiesResult>(cfg),
        decl::<SaveProgressRequest>(cfg),
        decl::<SaveProgressResult>(cfg),
    ]
}

/// Conversations: course and team chat, AI tutor.
fn conversations(cfg: &Config) -> Vec<String> {
    vec![
        decl::<ChatChannelKind>(cfg),
        decl::<ChatChannel>(cfg),
        decl::<ChatChannelsView>(cfg),
        decl::<ChatMessage>(cfg),
        decl::<ChatChannelView>(cfg),
        decl::<PostChatMessage>(cfg),
        decl::<MarkChatRead>(cfg),
        decl::<TutorQuestion>(cfg),
    ]
}

/// One exported declaration with its doc comment.
fn decl<T: TS>(cfg: &Config) -> String {
    let docs = T::docs().map(|d| d.to_string()).unwrap_or_default();
    format!("{docs}export {}", T::decl(cfg))
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::path::PathBuf;

    #[test]
    fn committed_typescript_matches_the_contracts() {
        let path = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("..").join(BINDINGS_PATH);
        let fresh = render();
        if std::env::var_os("UPDATE_CONTRACTS").is_some() {
            std::fs::create_dir_all(path.parent().expect("bindings path has a parent"))
                .expect("creating the bindings folder");
            std::fs::write(&path, &fresh).expect("writing the bindings");
            return;
        }
        let committed = std::fs::read_to_string(&path).unwrap_or_default();
        assert!(
            committed == fresh,
            "{BINDINGS_PATH} has drifted from the contracts crate; run `make contracts` and commit"
        );
    }
}
