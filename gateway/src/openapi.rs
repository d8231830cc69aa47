//! The OpenAPI document of `/api/bff`, served at `GET /api/bff/openapi.json`.
//!
//! Every `/api/bff` route is registered through [`bff_routes`] with `utoipa_axum::routes!`, so the
//! router and the document are built from the same handler annotations and cannot drift apart:
//! a route added to the table is in the document, with its method, path, parameters and bodies.

use std::sync::Arc;

use axum::{Json, Router, routing::get};
use contracts::bff::{Occflow, Problem, Unauthorized};
use utoipa::{
    Modify, OpenApi,
    openapi::{
        self,
        security::{ApiKey, ApiKeyValue, SecurityScheme},
    },
};
use utoipa_axum::{router::OpenApiRouter, routes};

use crate::{app::AppState, bff, files};

/// Path of the document.
pub const OPENAPI_PATH: &str = "/api/bff/openapi.json";

/// The parts of the document no handler describes: title, the session cookie scheme, the
/// problem bodies, and the schemas only query parameters name (`routes!` collects the schemas
/// of bodies, not of `IntoParams` fields).
#[derive(OpenApi)]
#[openapi(
    info(
        title = "Learner portal BFF",
        description = "One call per screen answering a view model, one call per user action. \
            Every call but the public ones needs `X-Requested-With: XMLHttpRequest` and, except the adoption \
            of a session by a framed portal (which brings a one-time code instead), the session cookie; \
            errors are `application/problem+json`; without a valid session the answer is 401 `Unauthorized`."
    ),
    components(schemas(Problem, Unauthorized, Occflow)),
    modifiers(&SessionCookie),
    security(("session" = []))
)]
struct ApiDoc;

/// Declares the session cookie as the API's security scheme.
struct SessionCookie;

impl Modify for SessionCookie {
    fn modify(&self, doc: &mut openapi::OpenApi) {
        let components = doc.components.get_or_insert_with(Default::default);
        components.add_security_scheme(
            "session",
            SecurityScheme::ApiKey(ApiKey::Cookie(ApiKeyValue::with_description(
                "__Host-lp_session",
                "The session cookie set at sign-in (HttpOnly; `lp_session` on plain-http loopback).",
            ))),
        );
    }
}

/// The `/api/bff` route table, with the document built from the same handlers. Commands keep
/// their body limit (`commands.max_body_bytes`) and the public views their in-flight limit as
/// layers of their own sub-routers.
pub fn bff_routes(state: &AppState) -> OpenApiRouter<AppState> {
    let command_body = axum::extract::DefaultBodyLimit::max(state.config.commands.max_body_bytes);
    let commands = OpenApiRouter::new()
        .routes(routes!(bff::enroll::enroll_course))
        .routes(routes!(bff::start::start_course))
        .routes(routes!(bff::workflows::submit_workflow))
        .routes(routes!(bff::workflows::finish_activities))
        .routes(routes!(bff::workflows::finish_workflow))
        .routes(routes!(bff::timezone::save_timezone))
        .routes(routes!(bff::lti_launch::launch_activity))
        .routes(routes!(bff::proctoring::start_token))
        .routes(routes!(bff::collaboration::join_collaboration))
        .routes(routes!(bff::activity_commands::start_activities))
        .routes(routes!(bff::activity_commands::save_activity_progress))
        .routes(routes!(bff::chat::post_chat_message))
        .routes(routes!(bff::chat::mark_chat_read))
        .routes(routes!(bff::tutor::ask_tutor))
        .routes(routes!(bff::session::adopt_session))
        .layer(command_body);
    OpenApiRouter::with_openapi(ApiDoc::openapi())
        // views
        .routes(routes!(bff::session::get_session))
        .routes(routes!(bff::my_courses::get_my_courses))
        .routes(routes!(bff::catalog::get_catalog))
        .routes(routes!(bff::catalog::get_catalog_course))
        .routes(routes!(bff::course_details::get_course_details))
        .routes(routes!(bff::course_tree::get_course_tree))
        .routes(routes!(bff::activity::get_activity))
        .routes(routes!(bff::redirect::get_redirect))
        .routes(routes!(bff::workflow_view::get_workflow))
        .routes(routes!(bff::profile::get_profile))
        .routes(routes!(bff::calendar::get_calendar))
        .routes(routes!(bff::dashboard::get_dashboard))
        .routes(routes!(bff::certificate_preview::get_certificate_preview))
        .routes(routes!(bff::email_answer::get_email_answer))
        .routes(routes!(bff::proctoring::get_proctoring))
        .routes(routes!(bff::collaboration::get_collaboration))
        .routes(routes!(files::get_attachment_size))
        .routes(routes!(files::get_file))
        .routes(routes!(bff::chat::get_chat_channels))
        .routes(routes!(bff::chat::get_chat_channel))
        .routes(routes!(bff::chat::get_chat_stream))
        // commands
        .routes(routes!(bff::session::touch_session))
        .merge(commands)
        // the public views, without a session
        .merge(bff::public::routes(state))
}

/// The `/api/bff` routes plus `GET /api/bff/openapi.json` serving their document.
pub fn router(state: &AppState) -> Router<AppState> {
    let (router, doc) = bff_routes(state).split_for_parts();
    let doc = Arc::new(as_served(doc, state));
    router.route(OPENAPI_PATH, get(move || async move { Json(doc.as_ref().clone()) }))
}

/// The document, as served.
pub fn document(state: &AppState) -> serde_json::Value {
    as_served(bff_routes(state).split_for_parts().1, state)
}

/// The document with what the annotations cannot say: problem answers are
/// `application/problem+json` (as [`crate::error::problem`] sends them), operations reading a
/// JSON body answer 415 to another media type ([`crate::extract::Json`]), and the limits the
/// server enforces on shared query parameters (`take` from 1 to `catalog.max_take`, `skip` not
/// negative, calendar `from` and `to` dates) and on the finished activities' id list.
fn as_served(doc: openapi::OpenApi, state: &AppState) -> serde_json::Value {
    let mut doc = serde_json::to_value(doc).expect("the OpenAPI document serialises");
    let problem_ref = serde_json::json!({ "$ref": "#/components/schemas/Problem" });
    let max_take = state.config.catalog.max_take;
    // The id list of finishing activities: at least one, at most what the command takes.
    if let Some(ids) = doc.pointer_mut("/components/schemas/FinishActivitiesRequest/properties/activityWorkflowIds")
        && let Some(ids) = ids.as_object_mut()
    {
        ids.insert("minItems".into(), 1.into());
        ids.insert("maxItems".into(), bff::workflows::MAX_ACTIVITY_WORKFLOWS.into());
    }
    let Some(paths) = doc.get_mut("paths").and_then(|p| p.as_object_mut()) else { return doc };
    for operation in paths.values_mut().filter_map(|item| item.as_object_mut()).flat_map(|item| item.values_mut()) {
        let reads_a_body = operation.get("requestBody").is_some();
        if let Some(responses) = operation.get_mut("responses").and_then(|r| r.as_object_mut()) {
            if reads_a_body && !responses.contains_key("415") {
                let content = serde_json::json!({ "application/problem+json": { "schema": problem_ref.clone() } });
                let answer = serde_json::json!({ "description": "The body is not JSON", "content": content });
                responses.insert("415".into(), answer);
            }
            for response in responses.values_mut() {
                let Some(content) = response.get_mut("content").and_then(|c| c.as_object_mut()) else { continue };
                let is_problem = content.get("application/json").is_some_and(|c| c["schema"] == problem_ref);
                if is_problem && let Some(json) = content.remove("application/json") {
                    content.insert("application/problem+json".into(), json);
                }
            }
        }
        let Some(parameters) = operation.get_mut("parameters").and_then(|p| p.as_array_mut()) else { continue };
        for parameter in parameters.iter_mut().filter(|p| p["in"] == "query") {
            let name = parameter["name"].as_str().unwrap_or_default().to_owned();
            let Some(schema) = parameter.get_mut("schema").and_then(|s| s.as_object_mut()) else { continue };
            match name.as_str() {
                "take" => {
                    schema.insert("minimum".into(), 1.into());
                    schema.insert("maximum".into(), max_take.into());
                }
                "skip" => {
                    schema.insert("minimum".into(), 0.into());
                }
                "from" | "to" => {
                    schema.insert("format".into(), "date".into());
                    schema.insert("pattern".into(), r"^\d{4}-\d{2}-\d{2}$".into());
                }
                _ => {}
            }
        }
    }
    doc
}
