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

/// A sort key of one item: the first value its selector reaches, with a string's lowercase
/// form worked out once rather than at every comparison.
enum Key {
    Null,
    /// A string's lowercase form, and the string itself.
    Text(String, Value),
    Other(Value),
}

impl Key {
    fn of(item: &Value, path: &[String]) -> Key {
        let mut out = Vec::new();
        resolve(item, path, &mut out);
        match out.first() {
            None | Some(Value::Null) => Key::Null,
            Some(v @ Value::String(s)) => Key::Text(s.to_lowercase(), (*v).clone()),
            Some(v) => Key::Other((*v).clone()),
        }
    }

    /// [`order`] of the keys' values (two strings by their lowercase forms, worked out once).
    fn cmp(&self, other: &Key) -> Ordering {
        match (self, other) {
            (Key::Null, Key::Null) => Ordering::Equal,
            (Key::Null, _) => Ordering::Less,
            (_, Key::Null) => Ordering::Greater,
            (Key::Text(x, _), Key::Text(y, _)) => x.cmp(y),
            (Key::Text(_, x) | Key::Other(x), Key::Text(_, y) | Key::Other(y)) => {
                order(x, y).unwrap_or(Ordering::Equal)
            }
        }
    }
}

/// Sorts `items` in place by `sort` (stable; nulls first when ascending).
pub fn sort(items: &mut Vec<Value>, sort: &[SortBy]) {
    let positions = order_of(items, (0..items.len()).collect(), sort);
    let mut taken: Vec<Option<Value>> = std::mem::take(items).into_iter().map(Some).collect();
    items.extend(positions.into_iter().filter_map(|p| taken[p].take()));
}

/// `positions` (of `items`) in the order of [`sort`]. Each item's keys are read once, then the
/// positions are sorted by them: the same order as comparing the items themselves, without
/// resolving and lowercasing at every comparison.
pub(super) fn order_of(items: &[Value], positions: Vec<usize>, sort: &[SortBy]) -> Vec<usize> {
    if sort.is_empty() || positions.len() < 2 {
        return positions;
    }
    let mut keyed: Vec<(usize, Vec<Key>)> =
        positions.into_iter().map(|p| (p, sort.iter().map(|s| Key::of(&items[p], &s.path)).collect())).collect();
    keyed.sort_by(|(_, a), (_, b)| {
        for (s, (ka, kb)) in sort.iter().zip(a.iter().zip(b)) {
            let ord = ka.cmp(kb);
            let ord = if s.desc { ord.reverse() } else { ord };
            if ord != Ordering::Equal {
                return ord;
            }
        }
        Ordering::Equal
    });
    keyed.into_iter().map(|(p, _)| p).collect()
}
