//! The `sort` option: selectors and a stable sort over JSON items.

use std::cmp::Ordering;

use serde_json::Value;

use super::{LoadError, filter::resolve};

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
///
/// Keys are totally ordered, as `sort_by` requires (it may panic on an order that is not):
/// first by kind (null, booleans, numbers, strings, then arrays and objects, which compare
/// equal), then within a kind. A column that mixes kinds, which the filter's
/// [`order`](super::filter::order) leaves
/// unordered, so sorts one kind after another instead of in an arbitrary, unstable way.
#[derive(Debug, PartialEq, Eq, PartialOrd, Ord)]
enum Key {
    Null,
    Bool(bool),
    Number(Number),
    /// A string's lowercase form.
    Text(String),
    Other,
}

/// A JSON number under [`f64::total_cmp`].
#[derive(Debug)]
struct Number(f64);

impl PartialEq for Number {
    fn eq(&self, other: &Self) -> bool {
        self.cmp(other) == Ordering::Equal
    }
}
impl Eq for Number {}
impl PartialOrd for Number {
    fn partial_cmp(&self, other: &Self) -> Option<Ordering> {
        Some(self.cmp(other))
    }
}
impl Ord for Number {
    fn cmp(&self, other: &Self) -> Ordering {
        // -0.0 and 0.0 are the same number in a list's order.
        (self.0 + 0.0).total_cmp(&(other.0 + 0.0))
    }
}

impl Key {
    fn of(item: &Value, path: &[String]) -> Key {
        let mut out = Vec::new();
        resolve(item, path, &mut out);
        match out.first() {
            None | Some(Value::Null) => Key::Null,
            Some(Value::Bool(b)) => Key::Bool(*b),
            Some(Value::Number(n)) => n.as_f64().map_or(Key::Other, |n| Key::Number(Number(n))),
            Some(Value::String(s)) => Key::Text(s.to_lowercase()),
            Some(Value::Array(_) | Value::Object(_)) => Key::Other,
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
