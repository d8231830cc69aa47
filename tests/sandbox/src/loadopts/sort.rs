//! The `sort` option: selectors and a stable sort over JSON items.

use std::cmp::Ordering;

use serde_json::Value;

use super::{
    LoadError,
    filter::{order, resolve},
};

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
