//! Objective accesses and aggregates (enrolled courses): `users/me/objective-accesses/query`,
//! `users/me/objectives/{id}/objective-access`, `objective-workflow-aggregates/query`,
//! `objectives/{id}/objective-workflow-aggregate`, and an aggregate's knowledge model.

use std::{
    collections::HashMap,
    sync::{Arc, Mutex, OnceLock},
};

use axum::{
    Json, Router,
    extract::{Path, Query, State, rejection::QueryRejection},
    http::{HeaderMap, header},
    response::{IntoResponse, Response},
    routing::get,
};
use rusqlite::params;
use serde_json::{Value, json, value::RawValue};

use super::{LoadOptions, json_rows, json_rows_of, now_ms, read_params, select_fields, sql, user};
use crate::{Shared, error::ApiError, loadopts};

pub(super) fn routes() -> Router<Shared> {
    Router::new()
        .route("/t/{tenant}/api/objective-workflow-aggregates/query", get(query_aggregates))
        .route("/t/{tenant}/api/objectives/{id}/objective-workflow-aggregate", get(aggregate_of_objective))
        .route("/t/{tenant}/api/users/me/objective-accesses/query", get(query_accesses))
        .route("/t/{tenant}/api/users/me/objectives/{id}/objective-access", get(access_of_objective))
        .route("/t/{tenant}/api/users/me/objective-workflow-aggregates/{id}/knowledge-model", get(knowledge_model))
}

/// The aggregates of `user` (all of them, or of one objective); list rules are the gateway's.
pub(super) fn aggregates(s: &Shared, user: &str, objective: Option<&str>) -> Result<Vec<Value>, ApiError> {
    static ALL: OnceLock<String> = OnceLock::new();
    static ONE: OnceLock<String> = OnceLock::new();
    let now = now_ms();
    match objective {
        None => {
            let sql = ALL.get_or_init(|| format!("SELECT {} {}", sql::aggregate(), sql::VISIBLE_ACCESSES));
            json_rows(s, sql, params![now, user])
        }
        Some(objective) => {
            let sql = ONE.get_or_init(|| {
                format!("SELECT {} {} AND a.objective_id = ?3", sql::aggregate(), sql::VISIBLE_ACCESSES)
            });
            json_rows(s, sql, params![now, user, objective])
        }
    }
}

/// An aggregate as the objective access behind it (spec section 3's field names).
fn as_access(aggregate: Value) -> Value {
    let mut access = aggregate;
    let aggregate_id = access["id"].clone();
    access["id"] = access["objectiveAccess"]["id"].clone();
    // The aggregate says whether the learner enrolled themselves (spec section 3).
    access["objectiveWorkflowAggregate"] = json!({ "id": aggregate_id, "isSelfEnrolled": access["isSelfEnrolled"] });
    if let Value::Object(map) = &mut access {
        map.remove("objectiveAccess");
    }
    access
}

/// The raw `filter` and `sort` of a query, to see which fields they read.
#[derive(Debug, serde::Deserialize)]
struct Reads {
    filter: Option<String>,
    sort: Option<String>,
}

/// The fields of [`SLIM`]: a filter or sort that reads only these can run over slim rows.
const SLIM_PATHS: &[&str] = &[
    "id",
    "objectiveAccess.id",
    "isMandatory",
    "showInCatalog",
    "termId",
    "userId",
    "isSelfEnrolled",
    "objective.id",
    "objective.name",
    "objective.code",
    "objective.description",
    "objective.state",
    "objective.type",
    "objective.activity.id",
    "objective.activity.type",
    "objective.activity.state",
    "objective.showcases.id",
    "objective.showcases.name",
    "lastObjectiveWorkflow.id",
    "lastObjectiveWorkflow.state",
    "lastObjectiveWorkflow.progress",
    "lastObjectiveRecord.id",
    "lastObjectiveRecord.grade",
    "lastObjectiveRecord.passed",
    "lastObjectiveRecord.finished",
    "lastObjectiveRecord.score",
    "lastObjectiveRecord.normalizedScore",
];

/// An aggregate with only the fields lists filter, search and sort on (`?1` now in ms).
const SLIM: &str = "json_object('id', a.aggregate_id, 'objectiveAccess', json_object('id', a.id),
    'isMandatory', json(CASE WHEN a.is_mandatory THEN 'true' ELSE 'false' END),
    'showInCatalog', json(CASE WHEN a.show_in_catalog THEN 'true' ELSE 'false' END), 'termId', a.term_id,
    'userId', a.user_id,
    'isSelfEnrolled', json(CASE WHEN a.self_enrolled_ms IS NOT NULL AND a.self_enrolled_ms <= ?1 THEN 'true' ELSE 'false' END),
    'objective', json_object('id', o.id, 'name', o.name, 'code', o.code, 'description', o.description, 'state', o.state,
        'type', o.activity_type, 'activity', json_object('id', o.activity_id, 'type', o.activity_type, 'state', o.activity_state),
        'showcases', json((SELECT json_group_array(json_object('id', sc.id, 'name', sc.name)) FROM objective_showcases os
            JOIN showcases sc ON sc.id = os.showcase_id WHERE os.objective_id = o.id))),
    'lastObjectiveWorkflow', (SELECT json_object('id', w.id, 'state', w.state, 'progress', w.progress) FROM workflows w
        WHERE w.aggregate_id = a.aggregate_id ORDER BY w.started DESC, w.rowid DESC LIMIT 1),
    'lastObjectiveRecord', (SELECT json_object('id', r.id, 'grade', r.grade,
        'passed', json(CASE WHEN r.passed THEN 'true' ELSE 'false' END),
        'finished', json(CASE WHEN r.finished THEN 'true' ELSE 'false' END), 'score', r.score,
        'normalizedScore', r.normalized_score)
        FROM records r WHERE r.aggregate_id = a.aggregate_id ORDER BY r.created DESC, r.rowid DESC LIMIT 1))";

/// Whether every path that `reads` filters or sorts on is in [`SLIM_PATHS`] (or a prefix of
/// one: presence tests such as `lastObjectiveWorkflow = null`).
fn slim_enough(reads: &Reads) -> bool {
    let mut paths: Vec<String> = Vec::new();
    let parse = |raw: &Option<String>| raw.as_deref().filter(|r| !r.is_empty()).map(serde_json::from_str::<Value>);
    match parse(&reads.filter) {
        None => {}
        Some(Ok(raw)) => match loadopts::parse_filter(&raw) {
            Ok(expr) => collect(&expr, &mut paths),
            Err(_) => return false,
        },
        Some(Err(_)) => return false,
    }
    match parse(&reads.sort) {
        None => {}
        Some(Ok(raw)) => match loadopts::parse_sort(&raw) {
            Ok(sort) => paths.extend(sort.into_iter().map(|s| s.path.join("."))),
            Err(_) => return false,
        },
        Some(Err(_)) => return false,
    }
    paths.iter().all(|p| SLIM_PATHS.iter().any(|known| known == p || known.starts_with(&format!("{p}."))))
}

fn collect(expr: &loadopts::Expr, paths: &mut Vec<String>) {
    match expr {
        loadopts::Expr::Cond { path, .. } => paths.push(path.join(".")),
        loadopts::Expr::And(all) | loadopts::Expr::Or(all) => all.iter().for_each(|e| collect(e, paths)),
        loadopts::Expr::Not(inner) => collect(inner, paths),
    }
}

/// A row kept between calls: its value, which filters, sorts and `select` read, and its JSON
/// text, which an answer without `select` carries as it is (cloning and writing out hundreds of
/// values again on every call was most of a 500-course list's time).
struct Kept {
    value: Value,
    text: Box<RawValue>,
}

impl Kept {
    fn new(value: Value) -> Result<Self, ApiError> {
        Ok(Kept { text: text_of(&value)?, value })
    }
}

/// `value` as JSON text.
fn text_of(value: &Value) -> Result<Box<RawValue>, ApiError> {
    serde_json::value::to_raw_value(value)
        .map_err(|e| ApiError::new(axum::http::StatusCode::INTERNAL_SERVER_ERROR, format!("writing a row: {e}")))
}

/// Rows kept in order, values and texts apart so that `loadopts::page` reads the values as a slice.
struct KeptRows {
    values: Vec<Value>,
    texts: Vec<Box<RawValue>>,
}

impl KeptRows {
    fn new(values: Vec<Value>) -> Result<Self, ApiError> {
        let texts = values.iter().map(text_of).collect::<Result<_, _>>()?;
        Ok(KeptRows { values, texts })
    }
}

/// A `.../query` answer as [`loadopts::answer`] and `select_fields` write it, of kept rows:
/// their values when `select` asks for some fields, else their texts as they are (the same
/// shape, serialized from the texts).
fn kept_answer<'a>(
    params: &super::LoadParams,
    rows: impl Iterator<Item = (&'a Value, &'a RawValue)>,
    total: Option<usize>,
) -> Result<Response, ApiError> {
    if params.select.as_deref().is_some_and(|s| !s.is_empty()) {
        let answer = loadopts::answer(rows.map(|(value, _)| value.clone()).collect(), total);
        return select_fields(answer, params).map(|a| Json(a).into_response());
    }
    #[derive(serde::Serialize)]
    struct Answer<'a> {
        data: Vec<&'a RawValue>,
        #[serde(rename = "totalCount", skip_serializing_if = "Option::is_none")]
        total_count: Option<usize>,
    }
    let answer = Answer { data: rows.map(|(_, text)| text).collect(), total_count: total };
    let body = serde_json::to_vec(&answer)
        .map_err(|e| ApiError::new(axum::http::StatusCode::INTERNAL_SERVER_ERROR, format!("writing an answer: {e}")))?;
    Ok(([(header::CONTENT_TYPE, "application/json")], body).into_response())
}

/// The slim rows of one user's aggregates, and those of them read in full so far, as the
/// database had them.
struct Slim {
    /// The connection's count of changed rows when they were read: any write since changes it.
    changes: u64,
    /// The first time (system ms) after the read at which an access of the user becomes
    /// visible or a self-enrolment takes effect: the rows hold until then.
    until_ms: i64,
    rows: Vec<Value>,
    /// Full aggregates by id, read when a page first showed them.
    full: HashMap<String, Arc<Kept>>,
    /// Every aggregate as its access, read when the accesses query first needed them.
    accesses: Option<Arc<KeptRows>>,
}

/// The aggregates of each user who listed them, kept while no row of the database changed
/// and no access appeared or self-enrolment took effect since they were read (see [`Slim`]):
/// a list call then filters, sorts and pages slim rows in place, without reading 500 rows,
/// and the accesses query filters the full rows kept from its first call.
#[derive(Default)]
pub struct ListRows(Mutex<HashMap<String, Slim>>);

impl ListRows {
    /// The page of `user`'s aggregates at `now` (system ms) that `load` asks for, in full,
    /// and the filtered count when asked; rows are read again when they may have changed.
    fn page(
        &self,
        db: &rusqlite::Connection,
        user: &str,
        now: i64,
        load: &loadopts::LoadQuery,
    ) -> Result<(Vec<Arc<Kept>>, Option<usize>), ApiError> {
        static PAGE_SQL: OnceLock<String> = OnceLock::new();
        let mut cache = self.0.lock().unwrap_or_else(|poisoned| poisoned.into_inner());
        let slim = fresh(&mut cache, db, user, now)?;
        let page = loadopts::page(&slim.rows, load).map_err(|e| ApiError::bad_request(e.0))?;
        let ids: Vec<&str> = page.positions.iter().filter_map(|p| slim.rows[*p]["id"].as_str()).collect();
        let missing: Vec<&str> = ids.iter().copied().filter(|id| !slim.full.contains_key(*id)).collect();
        if !missing.is_empty() {
            let page_sql = PAGE_SQL.get_or_init(|| {
                format!(
                    "SELECT {} {} AND a.aggregate_id IN (SELECT value FROM json_each(?3))",
                    sql::aggregate(),
                    sql::VISIBLE_ACCESSES
                )
            });
            let missing = Value::from(missing).to_string();
            for full in json_rows_of(db, page_sql, params![now, user, missing])? {
                if let Some(id) = full["id"].as_str().map(str::to_string) {
                    slim.full.insert(id, Arc::new(Kept::new(full)?));
                }
            }
        }
        let data = ids.iter().filter_map(|id| slim.full.get(*id).map(Arc::clone)).collect();
        Ok((data, page.total))
    }

    /// Every aggregate of `user` at `now` (system ms), as [`aggregates`] reads them, as its
    /// access; read again when they may have changed.
    fn accesses(&self, db: &rusqlite::Connection, user: &str, now: i64) -> Result<Arc<KeptRows>, ApiError> {
        static ALL: OnceLock<String> = OnceLock::new();
        let mut cache = self.0.lock().unwrap_or_else(|poisoned| poisoned.into_inner());
        let slim = fresh(&mut cache, db, user, now)?;
        if let Some(rows) = &slim.accesses {
            return Ok(Arc::clone(rows));
        }
        let sql = ALL.get_or_init(|| format!("SELECT {} {}", sql::aggregate(), sql::VISIBLE_ACCESSES));
        let accesses = json_rows_of(db, sql, params![now, user])?.into_iter().map(as_access).collect();
        let rows = Arc::new(KeptRows::new(accesses)?);
        slim.accesses = Some(Arc::clone(&rows));
        Ok(rows)
    }
}

/// `user`'s entry of `cache`, read again unless it still holds (see [`Slim`]).
fn fresh<'a>(
    cache: &'a mut HashMap<String, Slim>,
    db: &rusqlite::Connection,
    user: &str,
    now: i64,
) -> Result<&'a mut Slim, ApiError> {
    static SLIM_SQL: OnceLock<String> = OnceLock::new();
    let changes = db.total_changes();
    if !cache.get(user).is_some_and(|s| s.changes == changes && now < s.until_ms) {
        let sql = SLIM_SQL.get_or_init(|| format!("SELECT {SLIM} {}", sql::VISIBLE_ACCESSES));
        let rows = json_rows_of(db, sql, params![now, user])?;
        let next: Option<i64> = db
            .prepare_cached(
                "SELECT min(t) FROM (SELECT visible_ms AS t FROM accesses WHERE user_id = ?2 AND visible_ms > ?1
                 UNION ALL SELECT self_enrolled_ms FROM accesses WHERE user_id = ?2 AND self_enrolled_ms > ?1)",
            )?
            .query_row(params![now, user], |r| r.get(0))?;
        let until_ms = next.unwrap_or(i64::MAX);
        cache.insert(user.to_string(), Slim { changes, until_ms, rows, full: HashMap::new(), accesses: None });
    }
    Ok(cache.get_mut(user).expect("kept just above"))
}

/// `objective-workflow-aggregates/query`. With 500 courses, building and reading every
/// aggregate in full is most of the work; when the filter and sort read only list fields,
/// they run over slim rows and only the page is read in full, both kept between calls by
/// [`ListRows`].
async fn query_aggregates(
    State(s): State<Shared>,
    Path(tenant): Path<String>,
    headers: HeaderMap,
    query: LoadOptions,
    reads: Result<Query<Reads>, QueryRejection>,
) -> Result<Response, ApiError> {
    let user = user(&s, &tenant, &headers)?;
    let params = read_params(query)?;
    if !reads.is_ok_and(|Query(r)| slim_enough(&r)) {
        let answer =
            loadopts::load(aggregates(&s, &user, None)?, &params.load).map_err(|e| ApiError::bad_request(e.0))?;
        return select_fields(answer, &params).map(|a| Json(a).into_response());
    }
    let (data, total) = s.list_rows.page(&s.db(), &user, now_ms(), &params.load)?;
    kept_answer(&params, data.iter().map(|k| (&k.value, &*k.text)), total)
}

async fn aggregate_of_objective(
    State(s): State<Shared>,
    Path((tenant, id)): Path<(String, String)>,
    headers: HeaderMap,
) -> Result<Json<Value>, ApiError> {
    let user = user(&s, &tenant, &headers)?;
    let found = aggregates(&s, &user, Some(&id))?.into_iter().next();
    found.map(Json).ok_or_else(|| ApiError::not_found(format!("no aggregate of objective `{id}` for this user")))
}

async fn query_accesses(
    State(s): State<Shared>,
    Path(tenant): Path<String>,
    headers: HeaderMap,
    query: LoadOptions,
) -> Result<Response, ApiError> {
    let user = user(&s, &tenant, &headers)?;
    let params = read_params(query)?;
    let rows = s.list_rows.accesses(&s.db(), &user, now_ms())?;
    let page = loadopts::page(&rows.values, &params.load).map_err(|e| ApiError::bad_request(e.0))?;
    kept_answer(&params, page.positions.iter().map(|&p| (&rows.values[p], &*rows.texts[p])), page.total)
}

async fn access_of_objective(
    State(s): State<Shared>,
    Path((tenant, id)): Path<(String, String)>,
    headers: HeaderMap,
) -> Result<Json<Value>, ApiError> {
    let user = user(&s, &tenant, &headers)?;
    let found = aggregates(&s, &user, Some(&id))?.into_iter().next();
    found.map(|a| Json(as_access(a))).ok_or_else(|| ApiError::not_found(format!("no access to objective `{id}`")))
}

async fn knowledge_model(
    State(s): State<Shared>,
    Path((tenant, id)): Path<(String, String)>,
    headers: HeaderMap,
) -> Result<Json<Value>, ApiError> {
    let user = user(&s, &tenant, &headers)?;
    super::json_row(
        &s,
        "SELECT json_object('objectiveWorkflowAggregateId', a.aggregate_id, 'objectiveId', o.id,
            'knowledgeModelId', o.knowledge_model_id,
            'name', CASE WHEN o.knowledge_model_id IS NULL THEN NULL ELSE o.name || ' knowledge model' END)
         FROM accesses a JOIN objectives o ON o.id = a.objective_id WHERE a.aggregate_id = ?1 AND a.user_id = ?2",
        params![id, user],
        "such aggregate for this user",
    )
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::api::LoadParams;

    /// The load options of the query string made of `pairs`, as a handler reads them.
    fn params(pairs: &[(&str, &str)]) -> LoadParams {
        let query = url::form_urlencoded::Serializer::new(String::new()).extend_pairs(pairs).finish();
        let uri: axum::http::Uri = format!("/query?{query}").parse().expect("uri");
        Query::<LoadParams>::try_from_uri(&uri).expect("load options").0
    }

    /// The answer of kept `rows` to `pairs`: its content type and body.
    async fn kept(rows: &[Value], pairs: &[(&str, &str)]) -> (Option<String>, String) {
        let params = params(pairs);
        let kept = KeptRows::new(rows.to_vec()).expect("kept");
        let page = loadopts::page(&kept.values, &params.load).expect("page");
        let rows = page.positions.iter().map(|&p| (&kept.values[p], &*kept.texts[p]));
        let response = kept_answer(&params, rows, page.total).expect("answer");
        let kind = response.headers().get(header::CONTENT_TYPE).and_then(|v| v.to_str().ok()).map(str::to_string);
        let body = axum::body::to_bytes(response.into_body(), usize::MAX).await.expect("body");
        (kind, String::from_utf8(body.to_vec()).expect("utf-8"))
    }

    /// A list answered from kept rows is the answer the load options give over the values
    /// (`query_answer`): the same bytes, filtered, sorted, paged, counted and selected alike.
    #[tokio::test]
    async fn kept_rows_answer_as_the_load_options_do() {
        let rows: Vec<Value> = (0..7)
            .map(|i| {
                json!({ "id": format!("a{i}"), "name": format!("Course \"{}\" é", 7 - i), "score": f64::from(i) / 3.0,
                    "objective": { "id": i, "tags": ["x", null, true] }, "due": null })
            })
            .collect();
        let queries: [&[(&str, &str)]; 7] = [
            &[],
            &[("requireTotalCount", "true")],
            &[("take", "3"), ("skip", "2"), ("requireTotalCount", "true")],
            &[("sort", r#"[{"selector":"name","desc":false}]"#), ("take", "4")],
            &[("filter", r#"["objective.id",">",2]"#), ("requireTotalCount", "true")],
            &[("filter", r#"["objective.id",">",2]"#), ("select", r#"["name","objective.id"]"#)],
            &[("select", r#"["id"]"#), ("requireTotalCount", "true")],
        ];
        for pairs in queries {
            let params = params(pairs);
            let answer = loadopts::load(rows.clone(), &params.load).expect("load");
            let expected = serde_json::to_string(&select_fields(answer, &params).expect("select")).expect("json");
            let (kind, body) = kept(&rows, pairs).await;
            assert_eq!(kind.as_deref(), Some("application/json"), "{pairs:?}");
            assert_eq!(body, expected, "{pairs:?}");
        }
    }
}
