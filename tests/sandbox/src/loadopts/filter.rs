//! The `filter` expression: parsing and evaluation over a JSON item.

use std::cmp::Ordering;

use serde_json::Value;

use super::LoadError;

/// A parsed filter expression.
#[derive(Debug, Clone, PartialEq)]
pub enum Expr {
    /// `[path, op, value]`.
    Cond {
        /// The dotted path, split at the dots.
        path: Vec<String>,
        /// The comparison.
        op: Op,
        /// The value compared with.
        value: Value,
    },
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
    /// `=`.
    Eq,
    /// `<>` (also `!=`).
    Ne,
    /// `<`.
    Lt,
    /// `>`.
    Gt,
    /// `<=`.
    Le,
    /// `>=`.
    Ge,
    /// `contains`, ignoring case.
    Contains,
    /// `notcontains`, ignoring case.
    NotContains,
    /// `startswith`, ignoring case.
    StartsWith,
    /// `endswith`, ignoring case.
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
        [Value::String(path), Value::String(op), value] if !value.is_array() && !is_group_word(path) => {
            let op = Op::parse(op)
                .ok_or_else(|| LoadError(format!("unknown operator `{op}` in {}", Value::from(items.to_vec()))))?;
            Ok(cond(path, op, value))
        }
        [Value::String(path), value] if !value.is_array() && !is_group_word(path) => Ok(cond(path, Op::Eq, value)),
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
    let mut ors: Vec<Expr> = Vec::new();
    let mut ands: Vec<Expr> = Vec::new();
    let mut expect_expr = true;
    for item in items {
        if let Some(word) = item.as_str() {
            if expect_expr {
                return Err(LoadError(format!("`{word}` must stand between two expressions")));
            }
            if word.eq_ignore_ascii_case("or") {
                ors.push(conjunction(std::mem::take(&mut ands)));
            }
            expect_expr = true;
        } else {
            ands.push(parse(item, depth + 1)?);
            expect_expr = false;
        }
    }
    if expect_expr {
        return Err(LoadError("a filter group ends with `and` or `or`".into()));
    }
    ors.push(conjunction(ands));
    Ok(if ors.len() == 1 { ors.remove(0) } else { Expr::Or(ors) })
}

/// One expression, or all of them.
fn conjunction(mut all: Vec<Expr>) -> Expr {
    if all.len() == 1 { all.remove(0) } else { Expr::And(all) }
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
            if !value.is_null() {
                // A path ending at an array of values matches through its elements (`tags = "x"`);
                // a presence test (`= null`, `<> null`) looks at the array itself.
                found = found
                    .into_iter()
                    .flat_map(|v| v.as_array().map_or_else(|| vec![v], |a| a.iter().collect()))
                    .collect();
            }
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
pub(super) fn resolve<'a>(item: &'a Value, path: &[String], out: &mut Vec<&'a Value>) {
    match (item, path.split_first()) {
        (Value::Array(items), _) if !path.is_empty() => items.iter().for_each(|i| resolve(i, path, out)),
        (_, None) => out.push(item),
        (Value::Object(map), Some((head, rest))) => {
            // The exact key is the common case; any other case of it is looked for only without one.
            let child =
                map.get(head).or_else(|| map.iter().find(|(k, _)| k.eq_ignore_ascii_case(head)).map(|(_, v)| v));
            if let Some(child) = child {
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
pub(super) fn order(a: &Value, b: &Value) -> Option<Ordering> {
    match (a, b) {
        (Value::Null, Value::Null) => Some(Ordering::Equal),
        (Value::Null, _) | (_, Value::Null) => None,
        (Value::Number(x), Value::Number(y)) => x.as_f64()?.partial_cmp(&y.as_f64()?),
        (Value::String(x), Value::String(y)) => Some(x.to_lowercase().cmp(&y.to_lowercase())),
        (Value::Bool(x), Value::Bool(y)) => Some(x.cmp(y)),
        (Value::Bool(x), Value::String(y)) => y.parse::<bool>().ok().map(|y| x.cmp(&y)),
        // The actual value stays on the left: `"true" > false`, not the other way round.
        (Value::String(x), Value::Bool(y)) => x.parse::<bool>().ok().map(|x| x.cmp(y)),
        _ => None,
    }
}
