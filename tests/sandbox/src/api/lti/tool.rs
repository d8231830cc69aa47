//! The stand-in LTI tool: what a learner sees in the portal's iframe or new window after the
//! resource form was submitted, and the score it reports back.
//!
//! - The resource form carries an `id_token`: a JWT signed RS256 with the tenant's key
//!   (audience [`TOOL_AUDIENCE`], valid [`LAUNCH_TTL_SECS`]) naming the user, the objective and
//!   activity workflows, the activity and the portal's return URL, as an LTI 1.3 launch does.
//! - `POST /t/{tenant}/lti/launch/{aw}` (the form) checks the token and shows the launch: user,
//!   activity, course, the launch parameters, and a score form.
//! - `POST /t/{tenant}/lti/launch/{aw}/score` (`id_token`, `score`) records the score on the
//!   activity workflow and finishes it, as the platform's grading callback would, then answers
//!   303 to the return URL (the portal's `/learn/lti-tool-callback?objectiveId=...`), or a page
//!   saying the score was recorded when the launch had no return URL.

use axum::{
    Form,
    extract::{Path, State},
    http::{HeaderValue, StatusCode, header},
    response::{Html, IntoResponse, Redirect, Response},
};
use jsonwebtoken::{Algorithm, Header, Validation};
use rusqlite::{OptionalExtension, params};
use serde::{Deserialize, Serialize};
use serde_json::json;

use super::super::{
    commands::FieldErrors,
    engine::{self, Ctx},
    known_tenant, now_ms,
};
use crate::{Shared, error::ApiError, html::escape};

/// The `aud` of launch tokens.
pub(crate) const TOOL_AUDIENCE: &str = "lms-sandbox-lti-tool";
/// How long a launch may be used, seconds.
pub(crate) const LAUNCH_TTL_SECS: i64 = 3600;

/// The claims of a launch token.
#[derive(Debug, Serialize, Deserialize)]
pub(crate) struct LaunchClaims {
    iss: String,
    aud: String,
    sub: String,
    iat: i64,
    exp: i64,
    /// `LtiResourceLinkRequest`.
    message_type: String,
    /// Objective workflow.
    ow: String,
    /// Activity workflow.
    aw: String,
    /// Where the tool sends the learner back.
    #[serde(default)]
    return_url: Option<String>,
}

/// A return URL the tool will send a browser to: http(s) on a loopback host (the sandbox is a
/// development tool; the same hosts as its redirect URIs).
pub(crate) fn returnable(url: &url::Url) -> bool {
    let loopback = url.host_str().is_some_and(|h| {
        let h = h.trim_start_matches('[').trim_end_matches(']');
        h == "localhost" || h.ends_with(".localhost") || h.parse::<std::net::IpAddr>().is_ok_and(|ip| ip.is_loopback())
    });
    matches!(url.scheme(), "http" | "https") && loopback
}

fn system_now() -> i64 {
    std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH).map_or(0, |d| d.as_secs() as i64)
}

/// Signs the launch of activity workflow `aw` (id, name, type) of workflow `ow` for `user`.
pub(crate) fn sign_launch(
    s: &Shared,
    tenant: &str,
    user: &str,
    ow: &str,
    aw: &(String, String, String),
    return_url: Option<&str>,
) -> Result<String, ApiError> {
    let key = &s.keys[tenant];
    let mut header = Header::new(Algorithm::RS256);
    header.kid = Some(key.kid.clone());
    let iat = system_now();
    let claims = LaunchClaims {
        iss: format!("{}t/{tenant}", s.public_url),
        aud: TOOL_AUDIENCE.into(),
        sub: user.into(),
        iat,
        exp: iat + LAUNCH_TTL_SECS,
        message_type: "LtiResourceLinkRequest".into(),
        ow: ow.into(),
        aw: aw.0.clone(),
        return_url: return_url.map(String::from),
    };
    jsonwebtoken::encode(&header, &claims, &key.encoding)
        .map_err(|e| ApiError::new(StatusCode::INTERNAL_SERVER_ERROR, format!("signing the launch: {e}")))
}

/// The launch token's claims, checked: signature, issuer, audience, expiry and activity
/// workflow; else why the launch is refused (for [`refused`]).
fn verify(s: &Shared, tenant: &str, aw: &str, token: &str) -> Result<LaunchClaims, String> {
    let Some(key) = s.keys.get(tenant) else { return Err("Unknown tenant.".into()) };
    let mut validation = Validation::new(Algorithm::RS256);
    validation.set_audience(&[TOOL_AUDIENCE]);
    validation.set_issuer(&[format!("{}t/{tenant}", s.public_url)]);
    validation.leeway = 0;
    let claims = jsonwebtoken::decode::<LaunchClaims>(token, &key.decoding, &validation)
        .map_err(|e| format!("The launch token is not valid ({e})."))?
        .claims;
    if claims.aw != aw {
        return Err("The launch token is for another activity.".into());
    }
    Ok(claims)
}

/// The page of a refused launch, saying why.
fn refused(why: &str) -> Response {
    page_response(
        StatusCode::UNAUTHORIZED,
        "Launch refused",
        &format!("<h1>Launch refused</h1><p role=\"alert\">{}</p>", escape(why)),
    )
}

/// What the tool shows about the launched activity workflow.
struct Launched {
    learner: String,
    email: String,
    course: String,
    activity: String,
    state: i64,
    score: Option<f64>,
    max_score: f64,
    objective_id: String,
}

fn launched(s: &Shared, claims: &LaunchClaims) -> Result<Option<Launched>, ApiError> {
    let db = s.db();
    Ok(db
        .prepare_cached(
            "SELECT u.first_name || ' ' || u.last_name, u.email, o.name, act.name, aw.state, aw.score, act.max_score, o.id
             FROM activity_workflows aw JOIN workflows w ON w.id = aw.objective_workflow_id
             JOIN accesses a ON a.aggregate_id = w.aggregate_id JOIN users u ON u.id = a.user_id
             JOIN objectives o ON o.id = a.objective_id JOIN activities act ON act.id = aw.activity_id
             WHERE aw.id = ?1 AND w.id = ?2 AND a.user_id = ?3",
        )?
        .query_row(params![claims.aw, claims.ow, claims.sub], |r| {
            Ok(Launched {
                learner: r.get(0)?,
                email: r.get(1)?,
                course: r.get(2)?,
                activity: r.get(3)?,
                state: r.get(4)?,
                score: r.get(5)?,
                max_score: r.get(6)?,
                objective_id: r.get(7)?,
            })
        })
        .optional()?)
}

/// The form fields of a launch.
#[derive(Debug, Deserialize)]
pub(crate) struct LaunchForm {
    id_token: String,
    #[serde(rename = "objectiveWorkflowId", default)]
    objective_workflow_id: Option<String>,
    #[serde(rename = "activityWorkflowIds", default)]
    activity_workflow_ids: Option<String>,
    #[serde(default)]
    lti_message_type: Option<String>,
}

/// `POST /t/{tenant}/lti/launch/{aw}`: the launch.
pub(crate) async fn launch(
    State(s): State<Shared>,
    Path((tenant, aw)): Path<(String, String)>,
    Form(form): Form<LaunchForm>,
) -> Response {
    if let Err(e) = known_tenant(&tenant) {
        return e.into_response();
    }
    let claims = match verify(&s, &tenant, &aw, &form.id_token) {
        Ok(claims) => claims,
        Err(why) => return refused(&why),
    };
    let l = match launched(&s, &claims) {
        Ok(Some(l)) => l,
        Ok(None) => return ApiError::not_found("no such activity workflow for this user").into_response(),
        Err(e) => return e.into_response(),
    };
    let row = |k: &str, v: &str| format!("<dt>{}</dt><dd>{}</dd>", escape(k), escape(v));
    let details = [
        row("Learner", &format!("{} ({})", l.learner, l.email)),
        row("Course", &l.course),
        row("Activity", &l.activity),
    ]
    .concat();
    let params = [
        row("lti_message_type", form.lti_message_type.as_deref().unwrap_or("")),
        row("objectiveWorkflowId", form.objective_workflow_id.as_deref().unwrap_or("")),
        row("activityWorkflowIds", form.activity_workflow_ids.as_deref().unwrap_or("")),
        row("return_url", claims.return_url.as_deref().unwrap_or("(none)")),
        row("expires", &format!("in {} min", (claims.exp - system_now()).max(0) / 60)),
    ]
    .concat();
    let action = format!("/t/{}/lti/launch/{}/score", escape(&tenant), escape(&aw));
    let back = claims
        .return_url
        .as_deref()
        .map(|u| format!("<p><a href=\"{}\">Return to the course without a score</a></p>", escape(u)))
        .unwrap_or_default();
    let work = if l.state == engine::states::workflow_state::IN_PROGRESS {
        format!(
            "<form method=\"post\" action=\"{action}\"><input type=\"hidden\" name=\"id_token\" value=\"{token}\">\
             <label for=\"score\">Score (0 to {max})</label>\
             <input id=\"score\" name=\"score\" type=\"number\" min=\"0\" max=\"{max}\" step=\"any\" required \
             inputmode=\"decimal\"><button type=\"submit\">Submit score</button></form>{back}",
            token = escape(&form.id_token),
            max = l.max_score,
        )
    } else {
        let score = l.score.map_or_else(|| "no score".to_string(), |s| format!("{s} of {}", l.max_score));
        format!("<p class=\"done\">This activity is finished ({}).</p>{back}", escape(&score))
    };
    let body = format!(
        "<p class=\"tool\">Stand-in LTI tool</p><h1>{activity}</h1><dl>{details}</dl>{work}\
         <details><summary>Launch parameters</summary><dl class=\"params\">{params}</dl></details>",
        activity = escape(&l.activity),
    );
    page_response(StatusCode::OK, &format!("{} | LTI tool", l.activity), &body)
}

/// The score form.
#[derive(Debug, Deserialize)]
pub(crate) struct ScoreForm {
    id_token: String,
    score: String,
}

/// `POST /t/{tenant}/lti/launch/{aw}/score`: the grading callback.
pub(crate) async fn score(
    State(s): State<Shared>,
    Path((tenant, aw)): Path<(String, String)>,
    Form(form): Form<ScoreForm>,
) -> Response {
    if let Err(e) = known_tenant(&tenant) {
        return e.into_response();
    }
    let claims = match verify(&s, &tenant, &aw, &form.id_token) {
        Ok(claims) => claims,
        Err(why) => return refused(&why),
    };
    let objective = match launched(&s, &claims) {
        Ok(Some(l)) => l.objective_id,
        Ok(None) => return ApiError::not_found("no such activity workflow for this user").into_response(),
        Err(e) => return e.into_response(),
    };
    let ctx = Ctx {
        tenant: tenant.clone(),
        user: claims.sub.clone(),
        now: s.now(),
        now_ms: now_ms(),
        enrollment_delay_ms: 0,
    };
    let outcome = match form.score.trim().parse::<f64>().ok().filter(|v| v.is_finite()) {
        None => Err(FieldErrors::one("score", "The score must be a number.")),
        Some(score) => {
            let db = s.db();
            engine::update_activity(&db, &ctx, &claims.ow, &aw, &json!({ "score": score, "progress": 1.0 })).and_then(
                |_| {
                    let body = json!({ "objectiveWorkflowId": claims.ow, "activityWorkflowIds": [aw] });
                    engine::finish_activities(&db, &ctx, &body)
                },
            )
        }
    };
    if let Err(errors) = outcome {
        let body = format!(
            "<h1>The score was not recorded</h1><p role=\"alert\">{}</p><p>Go back and try again.</p>",
            escape(&errors.first())
        );
        return page_response(StatusCode::UNPROCESSABLE_ENTITY, "Score not recorded | LTI tool", &body);
    }
    // The platform's return URL names the course (`objectiveId`); one without it gets it here.
    match claims.return_url.as_deref().and_then(|u| url::Url::parse(u).ok()) {
        Some(mut back) => {
            if !back.query_pairs().any(|(k, _)| k == "objectiveId") {
                back.query_pairs_mut().append_pair("objectiveId", &objective);
            }
            Redirect::to(back.as_str()).into_response()
        }
        None => page_response(StatusCode::OK, "Score recorded | LTI tool", "<h1>Score recorded</h1>"),
    }
}

/// A page of the tool: plain, responsive, accessible HTML.
pub(crate) fn page(title: &str, body: &str) -> String {
    format!(
        "<!doctype html><html lang=\"en\"><head><meta charset=\"utf-8\"><meta name=\"viewport\" \
         content=\"width=device-width, initial-scale=1\"><link rel=\"icon\" href=\"data:,\"><title>{}</title><style>\
         body{{font-family:system-ui,sans-serif;margin:0;color:#1a1a1a;background:#f4f6fa}}\
         main{{max-inline-size:40rem;margin:0 auto;padding:1.5rem 1rem}}\
         .tool{{margin:0;color:#4a5568;font-size:.85rem;text-transform:uppercase;letter-spacing:.06em}}\
         h1{{margin-block:.25rem 1rem;font-size:1.5rem}}\
         dl{{display:grid;grid-template-columns:max-content 1fr;gap:.35rem 1rem;margin:0 0 1.25rem;\
         background:#fff;padding:1rem;border-radius:8px;border:1px solid #d8dee9}}\
         dt{{font-weight:600}}dd{{margin:0;overflow-wrap:anywhere}}\
         .params{{font-family:ui-monospace,monospace;font-size:.8rem}}\
         form{{background:#fff;padding:1rem;border-radius:8px;border:1px solid #d8dee9}}\
         label{{display:block;font-weight:600}}\
         input{{display:block;inline-size:100%;box-sizing:border-box;padding:.5rem;margin-block-start:.35rem;\
         font-size:1rem;border:1px solid #6b7280;border-radius:4px}}\
         button{{margin-block-start:1rem;padding:.6rem 1.2rem;font-size:1rem;background:#1c4f9c;color:#fff;\
         border:0;border-radius:4px;cursor:pointer}}button:focus-visible,a:focus-visible,input:focus-visible\
         {{outline:3px solid #1c4f9c;outline-offset:2px}}a{{color:#1c4f9c}}\
         summary{{cursor:pointer;margin-block:1rem .5rem}}[role=alert]{{color:#a61b1b}}.done{{font-weight:600}}\
         </style></head><body><main>{body}</main></body></html>",
        escape(title)
    )
}

fn page_response(status: StatusCode, title: &str, body: &str) -> Response {
    let mut response = (status, Html(page(title, body))).into_response();
    // Launch tokens are in the page: never cached.
    response.headers_mut().insert(header::CACHE_CONTROL, HeaderValue::from_static("no-store"));
    response
}
