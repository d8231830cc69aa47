//! The OpenAPI document of `/api/bff`, served at `GET /api/bff/openapi.json`.
//!
//! Every `/api/bff` route is registered in the route table ([`crate::routes::bff_routes`]) with
//! `utoipa_axum::routes!`, so the router and the document are built from the same handler
//! annotations and cannot drift apart: a route added to the table is in the document, with its
//! method, path, parameters and bodies. This module holds what no handler says: the title, the
//! security scheme, and the limits the server enforces.

use std::sync::Arc;

use axum::{Json, extract::State};
use contracts::bff::{Occflow, Problem, Unauthorized};
use utoipa::{
    Modify, OpenApi,
    openapi::{
        self,
        security::{ApiKey, ApiKeyValue, SecurityScheme},
    },
};

use crate::{app::AppState, bff, routes};

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
pub struct ApiDoc;

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

/// `GET /api/bff/openapi.json`: the document as served, built once with the route table.
pub async fn get_document(State(document): State<Arc<serde_json::Value>>) -> Json<serde_json::Value> {
    Json(document.as_ref().clone())
}

/// The document, as served.
pub fn document(state: &AppState) -> serde_json::Value {
    as_served(routes::bff_routes(state).split_for_parts().1, state)
}

/// The document with what the annotations cannot say: problem answers are
/// `application/problem+json` (as [`crate::error::problem`] sends them), operations reading a
/// JSON body answer 415 to another media type ([`crate::extract::Json`]), and the limits the
/// server enforces on shared query parameters (`take` from 1 to `catalog.max_take`, `skip` not
/// negative, calendar `from` and `to` dates) and on the finished activities' id list.
pub fn as_served(doc: openapi::OpenApi, state: &AppState) -> serde_json::Value {
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
