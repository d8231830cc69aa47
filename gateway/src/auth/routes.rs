//! `/oidc/login`, `/oidc/callback`, `/oidc/logout` (GET confirms, POST signs out).

use axum::{
    extract::State,
    http::{HeaderMap, HeaderValue, StatusCode, header},
    response::{IntoResponse, Response},
};
use contracts::upstream::UserProfile;
use serde::Deserialize;
use time::OffsetDateTime;
use url::Url;

use super::{
    adopt, cookies,
    extract::callback_url,
    oidc::{OidcError, TokenSet},
    pending::{MAX_RETURN_TO_CHARS, PendingLogin},
    redirect_check::checked_redirect,
    session::{AdoptGrant, Session, Tokens, new_session_id, token::bearer},
};
use crate::{
    app::AppState,
    error::{AppError, ErrorCause},
    extract::Query,
    tenant::Portal,
    upstream::CallContext,
};

/// Query of `/oidc/login`.
#[derive(Debug, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct LoginQuery {
    redirect_url: Option<String>,
    provider: Option<String>,
    #[serde(rename = "login_hint")]
    login_hint: Option<String>,
    /// `login` asks the issuer for the sign-in form even when it still has a session (after a
    /// sign-out in another tab, whose logout at the issuer may still be on its way). Other
    /// values are ignored.
    prompt: Option<String>,
    /// The origin of the embedding page that opened this sign-in in a popup; kept only when it
    /// is one of the tenant's `ui.parent_origins` (see [`super::adopt`]), otherwise ignored.
    parent_origin: Option<String>,
}

/// Starts a login at the tenant's issuer. A login that cannot start is the client's sign-in
/// failure page ([`sign_in_failed`]).
pub async fn login(
    State(state): State<AppState>,
    portal: Portal,
    headers: HeaderMap,
    Query(query): Query<LoginQuery>,
) -> Response {
    match start_login(&state, &portal, &headers, query).await {
        Ok(response) => response,
        Err(e) => sign_in_failed(&state, &portal, e),
    }
}

async fn start_login(
    state: &AppState,
    portal: &Portal,
    headers: &HeaderMap,
    query: LoginQuery,
) -> Result<Response, AppError> {
    let provider_id = query.provider.clone().unwrap_or_else(|| portal.tenant.config.default_provider.clone());
    let Some(provider) = portal.tenant.provider(&provider_id) else {
        let known: Vec<&str> = portal.tenant.providers.iter().map(|(id, _)| id.as_str()).collect();
        return Err(AppError::BadRequest(format!(
            "unknown identity provider `{}`; this tenant signs in with: {}",
            provider_id.chars().take(64).collect::<String>(),
            known.join(", ")
        )));
    };
    let return_to = query
        .redirect_url
        .as_deref()
        .and_then(|u| checked_redirect(u, &portal.host, portal.tenant.config.allow_http_loopback))
        .filter(|u| is_page(u) && u.as_str().len() <= MAX_RETURN_TO_CHARS)
        .unwrap_or(client_home(portal)?);
    let force_login = query.prompt.as_deref() == Some("login");
    let parent_origin = adopt::kept_parent_origin(portal, query.parent_origin.as_deref());
    let start =
        provider.begin(&callback_url(portal)?, query.login_hint.as_deref(), force_login).await.map_err(oidc_error)?;
    let s = &state.config.session;
    let ttl = i64::try_from(s.pending_login_ttl_secs).unwrap_or(i64::MAX);
    let entry = state.login_sealer.seal(&PendingLogin {
        tenant_id: portal.tenant.config.id.clone(),
        provider: provider_id,
        state: start.state,
        nonce: start.nonce,
        pkce_verifier: start.pkce_verifier,
        return_to: return_to.to_string(),
        expires_at: OffsetDateTime::now_utc().unix_timestamp().saturating_add(ttl),
        parent_origin,
    });
    // One cookie for every tab: the oldest logins beyond the cap are forgotten.
    let mut entries = cookies::pending_states(headers, cookies::pending_cookie_name(portal));
    entries.push(entry);
    let cookie = cookies::pending(portal, entries, s.max_pending_logins, s.pending_login_ttl_secs);
    Ok(found(start.authorize_url.as_str(), vec![cookie]))
}

/// Whether a sign-in may end on `url`: a page, not a gateway action such as `/oidc/logout`
/// (a sign-in link must not sign the user out again) or an API call.
fn is_page(url: &Url) -> bool {
    let path = url.path();
    !(path.starts_with("/oidc/") || path.starts_with("/api/") || path.starts_with("/config-ui/"))
}

/// Query of `/oidc/callback`.
#[derive(Debug, Deserialize)]
pub struct CallbackQuery {
    code: Option<String>,
    state: Option<String>,
    error: Option<String>,
    error_description: Option<String>,
}

/// Finishes a login: checks state, exchanges the code, verifies the ID token, reads the user,
/// creates a new session (never reusing an old id) and sends the browser where it was going;
/// a sign-in an embedding page opened in a popup ends on the handoff page instead (see
/// [`super::adopt`]). A login that cannot finish is the client's sign-in failure page
/// ([`sign_in_failed`]).
pub async fn callback(
    State(state): State<AppState>,
    portal: Portal,
    headers: HeaderMap,
    Query(query): Query<CallbackQuery>,
) -> Response {
    match finish_login(&state, &portal, &headers, query).await {
        Ok(response) => response,
        Err(e) => sign_in_failed(&state, &portal, e),
    }
}

/// Where the browser goes when a sign-in cannot start or finish: the client's page that says so
/// in the learner's language and offers to sign in again. These routes are page navigations, so
/// a problem body would be shown to the learner as raw JSON.
const SIGN_IN_FAILED_PATH: &str = "/learn/sign-in-failed";

/// A sign-in that failed, as a page navigation: a redirect to [`SIGN_IN_FAILED_PATH`] with
/// `reason=unavailable` when a service it needs failed for now (the issuer, the LMS or the
/// session store: the 5xx the error would answer, which the learner may retry in a moment),
/// else `reason=refused`. The error's cause rides on the redirect ([`ErrorCause`]), so the
/// request's log line names it as it would for the 5xx, and the reason is counted
/// (`gateway_sign_in_failures_total`), since the request itself counts as a 3xx.
fn sign_in_failed(state: &AppState, portal: &Portal, e: AppError) -> Response {
    let error = e.to_string();
    let answer = e.into_response();
    let status = answer.status();
    let reason = if status.is_server_error() { "unavailable" } else { "refused" };
    tracing::warn!(status = status.as_u16(), reason, error, "sign-in failed");
    state.metrics.sign_in_failed(&portal.tenant.config.id, reason);
    let mut response = no_store(found(&format!("{}{SIGN_IN_FAILED_PATH}?reason={reason}", portal.origin()), vec![]));
    if let Some(cause) = answer.extensions().get::<ErrorCause>() {
        response.extensions_mut().insert(cause.clone());
    }
    response
}

/// The sign-in failure reason of a callback whose browser kept no cookie of the login it began.
const NO_COOKIE: &str = "no_cookie";

fn no_store(mut response: Response) -> Response {
    response.headers_mut().insert(header::CACHE_CONTROL, HeaderValue::from_static("no-store"));
    response
}

async fn finish_login(
    state: &AppState,
    portal: &Portal,
    headers: &HeaderMap,
    query: CallbackQuery,
) -> Result<Response, AppError> {
    let (found_login, pending_cookies) = take_pending_login(state, portal, headers, query.state.as_deref());
    let Some(pending) = found_login else {
        if query.state.is_some() && pending_cookies.is_empty() {
            // The browser sent no pending-login cookie at all (`take_pending_login` rewrites none
            // exactly then): it does not keep this site's cookies, or the sign-in took longer
            // than the cookie's `session.pending_login_ttl_secs`. Starting
            // over would go round for ever, single sign-on signing the learner straight back in
            // and the browser dropping the session again: the learner is told instead.
            tracing::warn!("callback from a browser that kept no pending-login cookie");
            state.metrics.sign_in_failed(&portal.tenant.config.id, NO_COOKIE);
            return Ok(no_store(found(
                &format!("{}{SIGN_IN_FAILED_PATH}?reason={NO_COOKIE}", portal.origin()),
                vec![],
            )));
        }
        // A callback of a login this browser did not start (stale tab, back button, login CSRF),
        // or one whose login expired or was started before a restart: create nothing and start
        // over from the client.
        tracing::warn!("callback with a state this browser did not start, or an expired one");
        return Ok(found(client_home(portal)?.as_str(), pending_cookies));
    };
    if let Some(error) = query.error {
        let detail = query.error_description.unwrap_or_default();
        return Err(AppError::BadRequest(format!("the identity provider refused the sign-in: {error} {detail}")));
    }
    let code = query.code.ok_or_else(|| AppError::BadRequest("the callback has no code".into()))?;
    let provider = portal
        .tenant
        .provider(&pending.provider)
        .ok_or_else(|| AppError::BadRequest("this sign-in was started with a provider that is gone".into()))?;
    let tokens = provider
        .finish(&callback_url(portal)?, &code, &pending.pkce_verifier, &pending.nonce)
        .await
        .map_err(oidc_error)?;
    let ctx = CallContext::of_request(headers, bearer(&tokens.access_token));
    let user = portal.tenant.upstream.current_user(&ctx).await?;
    if let Some(old) = cookies::read(headers, cookies::session_cookie_name(portal)) {
        state.sessions.remove(&old).await?;
    }
    let now = OffsetDateTime::now_utc();
    let session = new_session(portal, pending.provider.clone(), tokens, user, now);
    let cookie = cookies::session(portal, &session.id);
    let session_id = session.id.clone();
    state.sessions.put(session).await?;
    state.metrics.session_created();
    let return_to = checked_redirect(&pending.return_to, &portal.host, portal.tenant.config.allow_http_loopback)
        .unwrap_or(client_home(portal)?);
    // Checked again: the origin was one of the tenant's at the start, and must still be.
    let parent_origin = adopt::kept_parent_origin(portal, pending.parent_origin.as_deref());
    let mut set_cookies = pending_cookies;
    set_cookies.push(cookie);
    let Some(parent_origin) = parent_origin else {
        return Ok(found(return_to.as_str(), set_cookies));
    };
    handoff(state, portal, &parent_origin, session_id, return_to.as_str(), now, set_cookies).await
}

/// Opens this browser's pending-login cookie entries for this tenant and takes the one whose
/// `state` the callback names, if any is still valid. Also answers the `Set-Cookie` that
/// rewrites the pending-login cookie: the other logins of this browser that are still valid
/// stay, this one and void ones go; nothing when the browser sent no entry.
fn take_pending_login(
    state: &AppState,
    portal: &Portal,
    headers: &HeaderMap,
    wanted: Option<&str>,
) -> (Option<PendingLogin>, Vec<HeaderValue>) {
    let entries = cookies::pending_states(headers, cookies::pending_cookie_name(portal));
    let now = OffsetDateTime::now_utc();
    let tenant_id = &portal.tenant.config.id;
    let opened: Vec<(String, Option<PendingLogin>)> = entries
        .into_iter()
        .map(|entry| {
            let login = state.login_sealer.open(&entry, tenant_id, now);
            (entry, login)
        })
        .collect();
    let found_login = wanted.and_then(|wanted| {
        opened.iter().find_map(|(entry, login)| login.as_ref().filter(|l| l.state == wanted).map(|l| (entry, l)))
    });
    let used_entry = found_login.map(|(entry, _)| entry.as_str());
    let remaining: Vec<String> =
        opened.iter().filter(|(e, l)| l.is_some() && Some(e.as_str()) != used_entry).map(|(e, _)| e.clone()).collect();
    let s = &state.config.session;
    let pending_cookie = cookies::pending(portal, remaining, s.max_pending_logins, s.pending_login_ttl_secs);
    // A browser that sent no entry has nothing to forget.
    let set_cookies = if opened.is_empty() { vec![] } else { vec![pending_cookie] };
    (found_login.map(|(_, login)| login.clone()), set_cookies)
}

/// A new session (a fresh id, never an old one) of `user`, signed in at `provider` with `tokens`.
fn new_session(portal: &Portal, provider: String, tokens: TokenSet, user: UserProfile, now: OffsetDateTime) -> Session {
    Session {
        id: new_session_id(),
        tenant_id: portal.tenant.config.id.clone(),
        subject: tokens.subject.unwrap_or_default(),
        sid: tokens.sid,
        provider: Some(provider),
        user,
        tokens: Tokens {
            access_token: tokens.access_token.into(),
            access_expires_at: tokens.access_expires_at,
            refresh_token: tokens.refresh_token.map(Into::into),
            id_token: tokens.id_token.unwrap_or_default().into(),
        },
        created_at: now,
        last_seen: now,
    }
}

/// The end of a sign-in an embedding page opened in a popup: a one-time adopt code for the new
/// session, handed to `parent_origin` by the handoff page (see [`super::adopt`]).
async fn handoff(
    state: &AppState,
    portal: &Portal,
    parent_origin: &str,
    session_id: String,
    return_to: &str,
    now: OffsetDateTime,
    set_cookies: Vec<HeaderValue>,
) -> Result<Response, AppError> {
    let code = adopt::new_adopt_code();
    let ttl_secs = state.config.session.adopt_code_ttl_secs;
    let grant = AdoptGrant {
        tenant_id: portal.tenant.config.id.clone(),
        session_id,
        expires_at: now.unix_timestamp().saturating_add(i64::try_from(ttl_secs).unwrap_or(i64::MAX)),
    };
    state.sessions.put_adopt_code(&code, grant, std::time::Duration::from_secs(ttl_secs)).await?;
    let mut page = adopt::handoff_page(parent_origin, &code, return_to);
    for cookie in set_cookies {
        page.headers_mut().append(header::SET_COOKIE, cookie);
    }
    Ok(page)
}

/// `GET /oidc/logout` (and `HEAD`): a page asking to confirm, whose button posts the logout.
/// A link, image or prefetch from anywhere can make a browser GET this URL, so GET never
/// signs anyone out.
pub async fn confirm_logout() -> Response {
    let page = r#"<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Sign out</title></head>
<body><main><h1>Sign out</h1>
<form method="post" action="/oidc/logout"><button type="submit">Sign out</button></form>
<p><a href="/learn/">Back to the learner portal</a></p></main></body></html>
"#;
    (StatusCode::OK, [(header::CONTENT_TYPE, "text/html; charset=utf-8")], page).into_response()
}

/// `POST /oidc/logout`: ends the session here and at the issuer (RP-initiated logout), then
/// returns to the client. Only from a page of this origin: the request must carry this
/// origin's `Origin` (browsers send it with every form post; the CSRF layer refuses another
/// site's, this refuses none at all).
pub async fn logout(State(state): State<AppState>, portal: Portal, headers: HeaderMap) -> Result<Response, AppError> {
    if headers.get(header::ORIGIN).is_none() {
        return Err(AppError::Forbidden("Signing out needs the Origin of a page of this site.".into()));
    }
    let home = client_home(&portal)?;
    let mut target = home.clone();
    if let Some(id) = cookies::read(&headers, cookies::session_cookie_name(&portal)) {
        let session = state.sessions.get(&id).await?;
        if let Some(session) = session.filter(|s| s.tenant_id == portal.tenant.config.id) {
            state.sessions.remove(&id).await?;
            state.caches.forget_user(&session.tenant_id, session.user.id).await;
            let provider = portal.tenant.session_provider(session.provider.as_deref());
            if let Some(provider) = provider
                && let Some(url) = provider.end_session_url(&session.tokens.id_token.text(), &home).await
            {
                target = url;
            }
        }
    }
    Ok(found(target.as_str(), vec![cookies::clear_session(&portal)]))
}

fn client_home(portal: &Portal) -> Result<Url, AppError> {
    Url::parse(&format!("{}/learn/", portal.origin()))
        .map_err(|e| AppError::BadRequest(format!("bad Host header: {e}")))
}

fn found(location: &str, cookies: Vec<header::HeaderValue>) -> Response {
    let mut response = (StatusCode::FOUND, [(header::LOCATION, location)]).into_response();
    for cookie in cookies {
        response.headers_mut().append(header::SET_COOKIE, cookie);
    }
    response
}

fn oidc_error(e: OidcError) -> AppError {
    match e {
        OidcError::Unavailable(_) => AppError::IdentityProviderUnavailable(e.to_string()),
        OidcError::Rejected(_) => {
            tracing::warn!(error = %e, "sign-in rejected");
            AppError::BadRequest("The sign-in could not be completed; please try again.".into())
        }
    }
}
