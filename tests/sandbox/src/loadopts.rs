//! DevExtreme-style load options over JSON items: `filter`, `sort`, `skip`, `take`,
//! `requireTotalCount`. The upstream LMS evaluates these in its database; the sandbox
//! evaluates them over the JSON it would answer, which keeps one grammar for every endpoint.
//!
//! Grammar of `filter`:
//! - condition: `[path, op, value]` or `[path, value]` (meaning `=`); `path` is dotted
//!   (`objective.name`), and a path through an array matches when any element matches;
//! - group: `[expr, "and" | "or", expr, ...]`; "and" binds tighter than "or"; two expressions
//!   side by side without an operator mean "and";
//! - negation: `["!", expr]`.
//!
//! Operators: `=`, `<>`, `<`, `>`, `<=`, `>=`, `contains`, `notcontains`, `startswith`,
//! `endswith` (string operators ignore case).

use std::cmp::Ordering;

use serde_json::Value;

/// A filter or sort that does not follow the grammar; the message says where.
#[derive(Debug, Clone, PartialEq, thiserror::Error)]
#[error("{0}")]
pub struct LoadError(pub String);

/// A parsed filter expression.
#[derive(Debug, Clone, PartialEq)]
pub enum Expr {
    /// `[path, op, value]`.
    Cond { path: Vec<String>, op: Op, value: Value },
    /// Every one holds.
    And(Vec<Expr>),
    /// At least one holds.
    Or(Vec<Expr>),
    /// It does not hold.
    Not(Box<Expr>),
}

/// Comparison operators.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Op {
    Eq,
    Ne,
    Lt,
    Gt,
    Le,
    Ge,
    Contains,
    NotContains,
    StartsWith,
    EndsWith,
}

impl Op {
    fn parse(s: &str) -> Option<Op> {
        Some(match s.to_ascii_lowercase().as_str() {
            "=" => Op::Eq,
            "<>" | "!=" => Op::Ne,
            "<" => Op::Lt,
            ">" => Op::Gt,
            "<=" => Op::Le,
            ">=" => Op::Ge,
            "contains" => Op::Contains,
            "notcontains" => Op::NotContains,
            "startswith" => Op::StartsWith,
            "endswith" => Op::EndsWith,
            _ => return None,
        })
    }
}

const MAX_DEPTH: usize = 32;

/// Parses a filter expression.
pub fn parse_filter(value: &Value) -> Result<Expr, LoadError> {
    parse(value, 0)
}

fn parse(value: &Value, depth: usize) -> Result<Expr, LoadError> {
    if depth > MAX_DEPTH {
        return Err(LoadError(format!("filter is nested deeper than {MAX_DEPTH} levels")));
    }
    let items = value.as_array().ok_or_else(|| LoadError(format!("filter element {value} is not an array")))?;
    match items.as_slice() {
        [] => Err(LoadError("empty filter array".into())),
        [Value::String(bang), inner] if bang == "!" => Ok(Expr::Not(Box::new(parse(inner, depth + 1)?))),
        [Value::String(path), Value::String(op), value] if Op::parse(op).is_some() && !is_group_word(op) => {
            Ok(cond(path, Op::parse(op).expect("checked"), value))
        }
        [Value::String(path), value] if !value.is_array() => Ok(cond(path, Op::Eq, value)),
        _ if items.iter().all(|i| i.is_array() || i.as_str().is_some_and(is_group_word)) => group(items, depth),
        _ => Err(LoadError(format!("cannot read filter element {value}"))),
    }
}

fn is_group_word(s: &str) -> bool {
    matches!(s.to_ascii_lowercase().as_str(), "and" | "or")
}

fn cond(path: &str, op: Op, value: &Value) -> Expr {
    Expr::Cond { path: path.split('.').map(String::from).collect(), op, value: value.clone() }
}

/// `[expr, "and", expr, "or", expr]`: "and" binds tighter than "or".
fn group(items: &[Value], depth: usize) -> Result<Expr, LoadError> {
    let mut ors: Vec<Vec<Expr>> = vec![Vec::new()];
    let mut expect_expr = true;
    for item in items {
        if let Some(word) = item.as_str() {
            if expect_expr {
                return Err(LoadError(format!("`{word}` must stand between two expressions")));
            }
            if word.eq_ignore_ascii_case("or") {
                ors.push(Vec::new());
            }
            expect_expr = true;
        } else {
            ors.last_mut().expect("never empty").push(parse(item, depth + 1)?);
            expect_expr = false;
        }
    }
    if expect_expr {
        return Err(LoadError("a filter group ends with `and` or `or`".into()));
    }
    let mut ands: Vec<Expr> =
        ors.into_iter().map(|a| if a.len() == 1 { a.into_iter().next().expect("one") } else { Expr::And(a) }).collect();
    Ok(if ands.len() == 1 { ands.remove(0) } else { Expr::Or(ands) })
}

/// Whether `item` satisfies `expr`.
pub fn matches(expr: &Expr, item: &Value) -> bool {
    match expr {
        Expr::And(all) => all.iter().all(|e| matches(e, item)),
        Expr::Or(any) => any.iter().any(|e| matches(e, item)),
        Expr::Not(inner) => !matches(inner, item),
        Expr::Cond { path, op, value } => {
            let mut found = Vec::new();
            resolve(item, path, &mut found);
            if found.is_empty() {
                found.push(&Value::Null);
            }
            match op {
                // "not equal" and "does not contain" hold when no reached value is equal / contains.
                Op::Ne => found.iter().all(|v| !compare(v, Op::Eq, value)),
                Op::NotContains => found.iter().all(|v| !compare(v, Op::Contains, value)),
                _ => found.iter().any(|v| compare(v, *op, value)),
            }
        }
    }
}

/// Every value reached by `path` from `item`, walking into arrays.
fn resolve<'a>(item: &'a Value, path: &[String], out: &mut Vec<&'a Value>) {
    match (item, path.split_first()) {
        (Value::Array(items), _) if !path.is_empty() => items.iter().for_each(|i| resolve(i, path, out)),
        (_, None) => out.push(item),
        (Value::Object(map), Some((head, rest))) => {
            let key = map.keys().find(|k| k.eq_ignore_ascii_case(head));
            if let Some(child) = key.and_then(|k| map.get(k)) {
                resolve(child, rest, out);
            }
        }
        _ => {}
    }
}

fn compare(actual: &Value, op: Op, expected: &Value) -> bool {
    match op {
        Op::Eq => order(actual, expected) == Some(Ordering::Equal),
        Op::Ne => order(actual, expected) != Some(Ordering::Equal),
        Op::Lt => order(actual, expected) == Some(Ordering::Less),
        Op::Gt => order(actual, expected) == Some(Ordering::Greater),
        Op::Le => matches!(order(actual, expected), Some(Ordering::Less | Ordering::Equal)),
        Op::Ge => matches!(order(actual, expected), Some(Ordering::Greater | Ordering::Equal)),
        Op::Contains | Op::NotContains | Op::StartsWith | Op::EndsWith => {
            let (Some(a), Some(e)) = (text(actual), text(expected)) else { return false };
            let found = match op {
                Op::StartsWith => a.starts_with(&e),
                Op::EndsWith => a.ends_with(&e),
                _ => a.contains(&e),
            };
            if op == Op::NotContains { !found } else { found }
        }
    }
}

fn text(v: &Value) -> Option<String> {
    match v {
        Value::String(s) => Some(s.to_lowercase()),
        Value::Number(n) => Some(n.to_string()),
        Value::Bool(b) => Some(b.to_string()),
        _ => None,
    }
}

/// Orders two JSON values of the same kind; null equals only null; objects and arrays are
/// "present", so `["x","<>",null]` holds for them.
fn order(a: &Value, b: &Value) -> Option<Ordering> {
    match (a, b) {
        (Value::Null, Value::Null) => Some(Ordering::Equal),
        (Value::Null, _) | (_, Value::Null) => None,
        (Value::Number(x), Value::Number(y)) => x.as_f64()?.partial_cmp(&y.as_f64()?),
        (Value::String(x), Value::String(y)) => Some(x.to_lowercase().cmp(&y.to_lowercase())),
        (Value::Bool(x), Value::Bool(y)) => Some(x.cmp(y)),
        (Value::Bool(x), Value::String(y)) | (Value::String(y), Value::Bool(x)) => {
            y.parse::<bool>().ok().map(|y| x.cmp(&y))
        }
        _ => None,
    }
}

/// One sort selector.
#[derive(Debug, Clone, PartialEq)]
pub struct SortBy {
    /// Dotted path.
    pub path: Vec<String>,
    /// Descending.
    pub desc: bool,
}

/// Parses `sort`: `[{"selector":"a.b","desc":false}, ...]` or a bare selector string.
pub fn parse_sort(value: &Value) -> Result<Vec<SortBy>, LoadError> {
    let one = |v: &Value| -> Result<SortBy, LoadError> {
        let (selector, desc) = match v {
            Value::String(s) => (s.as_str(), false),
            Value::Object(o) => (
                o.get("selector")
                    .and_then(Value::as_str)
                    .ok_or_else(|| LoadError("sort entry has no selector".into()))?,
                o.get("desc").and_then(Value::as_bool).unwrap_or(false),
            ),
            _ => return Err(LoadError(format!("cannot read sort entry {v}"))),
        };
        Ok(SortBy { path: selector.split('.').map(String::from).collect(), desc })
    };
    match value {
        Value::Array(items) => items.iter().map(one).collect(),
        other => Ok(vec![one(other)?]),
    }
}

/// Sorts `items` in place by `sort` (stable; nulls first when ascending).
pub fn sort(items: &mut [Value], sort: &[SortBy]) {
    items.sort_by(|a, b| {
        for s in sort {
            let key = |v: &Value| {
                let mut out = Vec::new();
                resolve(v, &s.path, &mut out);
                out.first().map(|v| (*v).clone()).unwrap_or(Value::Null)
            };
            let (ka, kb) = (key(a), key(b));
            let ord = match (&ka, &kb) {
                (Value::Null, Value::Null) => Ordering::Equal,
                (Value::Null, _) => Ordering::Less,
                (_, Value::Null) => Ordering::Greater,
                _ => order(&ka, &kb).unwrap_or(Ordering::Equal),
            };
            let ord = if s.desc { ord.reverse() } else { ord };
            if ord != Ordering::Equal {
                return ord;
            }
        }
        Ordering::Equal
    });
}

/// Load options as they arrive in a query string.
#[derive(Debug, Default, serde::Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct LoadQuery {
    filter: Option<String>,
    sort: Option<String>,
    skip: Option<String>,
    take: Option<String>,
    require_total_count: Option<String>,
}

/// The answer of a `.../query` endpoint.
pub fn load(items: Vec<Value>, query: &LoadQuery) -> Result<Value, LoadError> {
    let json = |name: &str, raw: &str| {
        serde_json::from_str::<Value>(raw).map_err(|e| LoadError(format!("`{name}` is not JSON: {e}")))
    };
    let number = |name: &str, raw: &Option<String>| -> Result<Option<usize>, LoadError> {
        raw.as_deref()
            .filter(|s| !s.is_empty())
            .map(|s| s.parse::<usize>().map_err(|_| LoadError(format!("`{name}` must be a whole number, not `{s}`"))))
            .transpose()
    };
    let filter = match query.filter.as_deref().filter(|f| !f.is_empty()) {
        Some(raw) => Some(parse_filter(&json("filter", raw)?)?),
        None => None,
    };
    let mut items: Vec<Value> = match &filter {
        Some(f) => items.into_iter().filter(|i| matches(f, i)).collect(),
        None => items,
    };
    if let Some(raw) = query.sort.as_deref().filter(|s| !s.is_empty()) {
        sort(&mut items, &parse_sort(&json("sort", raw)?)?);
    }
    let total = items.len();
    let skip = number("skip", &query.skip)?.unwrap_or(0);
    let take = number("take", &query.take)?.unwrap_or(usize::MAX);
    let page: Vec<Value> = items.into_iter().skip(skip).take(take).collect();
    let mut answer = serde_json::json!({ "data": page });
    if query.require_total_count.as_deref().is_some_and(|v| v.eq_ignore_ascii_case("true")) {
        answer["totalCount"] = total.into();
    }
    Ok(answer)
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    fn item() -> Value {
        json!({
            "name": "Data Privacy Basics",
            "isMandatory": true,
            "score": 0.8,
            "workflow": null,
            "objective": { "name": "Secure Coding", "activity": { "state": 2 }, "showcases": [{ "id": "a" }, { "id": "b" }] }
        })
    }

    fn check(filter: Value) -> Result<bool, LoadError> {
        Ok(matches(&parse_filter(&filter)?, &item()))
    }

    #[test]
    fn conditions_and_operators() {
        let cases = [
            (json!(["name", "contains", "PRIVACY"]), true),
            (json!(["name", "notcontains", "privacy"]), false),
            (json!(["name", "startswith", "data"]), true),
            (json!(["name", "endswith", "basics"]), true),
            (json!(["isMandatory", true]), true),
            (json!(["isMandatory", "=", false]), false),
            (json!(["score", ">=", 0.8]), true),
            (json!(["score", ">", 0.8]), false),
            (json!(["score", "<", 1]), true),
            (json!(["score", "<=", 0.5]), false),
            (json!(["objective.activity.state", "<>", 4]), true),
            (json!(["objective.activity.state", "=", 4]), false),
            (json!(["objective.showcases.id", "=", "b"]), true),
            (json!(["objective.showcases.id", "<>", "b"]), false),
            (json!(["workflow", "=", null]), true),
            (json!(["workflow", "<>", null]), false),
            (json!(["objective", "<>", null]), true),
            (json!(["missing.path", "=", null]), true),
            (json!(["missing.path", "=", 1]), false),
        ];
        for (filter, expected) in cases {
            assert_eq!(check(filter.clone()), Ok(expected), "{filter}");
        }
    }

    #[test]
    fn groups_negation_and_precedence() {
        let t = json!(["isMandatory", "=", true]);
        let f = json!(["isMandatory", "=", false]);
        let cases = [
            (json!([t, "and", f]), false),
            (json!([t, "or", f]), true),
            (json!([t, f]), false),
            // and binds tighter: f or (t and t) = true; (f or t) and f would be false.
            (json!([f, "or", t, "and", t]), true),
            (json!([t, "or", f, "and", f]), true),
            (json!([f, "or", f, "and", t]), false),
            (json!(["!", f]), true),
            (json!(["!", [t, "and", t]]), false),
            (json!([[t, "or", f], "and", ["!", f]]), true),
        ];
        for (filter, expected) in cases {
            assert_eq!(check(filter.clone()), Ok(expected), "{filter}");
        }
    }

    #[test]
    fn malformed_filters_are_errors_not_panics() {
        for filter in [
            json!([]),
            json!("name"),
            json!(["name", "like", "x"]),
            json!([["a", 1], "and"]),
            json!(["and", ["a", 1]]),
            json!([["a", 1], "xor", ["b", 2]]),
            json!([1, 2, 3]),
            json!({ "a": 1 }),
        ] {
            assert!(parse_filter(&filter).is_err(), "{filter} should be refused");
        }
        let mut deep = json!(["a", 1]);
        for _ in 0..40 {
            deep = json!(["!", deep]);
        }
        assert!(parse_filter(&deep).is_err());
    }

    #[test]
    fn sort_skip_take_and_total() {
        let items: Vec<Value> =
            ["b", "A", "c", "d"].iter().enumerate().map(|(i, n)| json!({"name": n, "n": i})).collect();
        let query = LoadQuery {
            sort: Some(r#"[{"selector":"name","desc":true}]"#.into()),
            skip: Some("1".into()),
            take: Some("2".into()),
            require_total_count: Some("true".into()),
            ..LoadQuery::default()
        };
        let answer = load(items.clone(), &query).expect("load");
        assert_eq!(answer["totalCount"], 4);
        let names: Vec<&str> =
            answer["data"].as_array().expect("data").iter().filter_map(|v| v["name"].as_str()).collect();
        assert_eq!(names, ["c", "b"]);
        let bad = LoadQuery { take: Some("-1".into()), ..LoadQuery::default() };
        assert!(load(items.clone(), &bad).is_err());
        let bad = LoadQuery { filter: Some("[oops".into()), ..LoadQuery::default() };
        assert!(load(items, &bad).unwrap_err().0.contains("filter"));
    }
}
