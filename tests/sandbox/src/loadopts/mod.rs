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

mod filter;
mod sort;

use serde_json::Value;

pub use filter::{Expr, Op, matches, parse_filter};
pub use sort::{SortBy, parse_sort, sort};

/// A filter or sort that does not follow the grammar; the message says where.
#[derive(Debug, Clone, PartialEq, thiserror::Error)]
#[error("{0}")]
pub struct LoadError(pub String);

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
    let Page { positions, total } = page(&items, query)?;
    let mut taken: Vec<Option<Value>> = items.into_iter().map(Some).collect();
    let data: Vec<Value> = positions.into_iter().filter_map(|p| taken[p].take()).collect();
    Ok(answer(data, total))
}

/// A `.../query` answer of the page `data` and, when asked for, the filtered count `total`.
pub fn answer(data: Vec<Value>, total: Option<usize>) -> Value {
    let mut answer = serde_json::json!({ "data": data });
    if let Some(total) = total {
        answer["totalCount"] = total.into();
    }
    answer
}

/// Which items a `.../query` answers, without copying them.
#[derive(Debug, Clone, PartialEq)]
pub struct Page {
    /// Positions in the items of the page's items, in the answer's order.
    pub positions: Vec<usize>,
    /// How many items pass the filter, when `requireTotalCount` asks for it.
    pub total: Option<usize>,
}

/// The page of `items` that [`load`] answers: filtered, sorted, skipped and taken.
pub fn page(items: &[Value], query: &LoadQuery) -> Result<Page, LoadError> {
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
    let mut positions: Vec<usize> = match &filter {
        Some(f) => (0..items.len()).filter(|p| matches(f, &items[*p])).collect(),
        None => (0..items.len()).collect(),
    };
    if let Some(raw) = query.sort.as_deref().filter(|s| !s.is_empty()) {
        positions = sort::order_of(items, positions, &parse_sort(&json("sort", raw)?)?);
    }
    let total = positions.len();
    let skip = number("skip", &query.skip)?.unwrap_or(0);
    let take = number("take", &query.take)?.unwrap_or(usize::MAX);
    let positions: Vec<usize> = positions.into_iter().skip(skip).take(take).collect();
    let total = query.require_total_count.as_deref().is_some_and(|v| v.eq_ignore_ascii_case("true")).then_some(total);
    Ok(Page { positions, total })
}

#[cfg(test)]
mod proptests;
#[cfg(test)]
mod tests;
