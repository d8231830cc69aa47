//! Property tests of the filter grammar: generated expressions over generated rows agree with a
//! plain reference evaluator written here from the grammar's description; `!` is the
//! complement; `and` and `or` are commutative; "and" binds tighter than "or"; anything
//! malformed or arbitrary is an error, never a panic.

use std::cmp::Ordering;

use proptest::prelude::*;
use serde_json::{Map, Value, json};

use super::*;

/// Cases per property: enough to find the usual mistakes, few enough to keep the suite fast.
const CASES: u32 = 256;

/// Words rows and conditions are made of: case variants, booleans and numbers spelled as text.
const WORDS: &[&str] = &["", "a", "A", "ab", "Ab", "ba", "abc", "true", "False", "1", "1.5", "x y"];

/// Paths conditions use: top-level fields, nested ones, through arrays, absent ones, other case.
const PATHS: &[&str] = &[
    "name",
    "score",
    "flag",
    "nested",
    "nested.code",
    "nested.level",
    "tags",
    "items",
    "items.id",
    "missing",
    "nested.missing.deep",
    "NAME",
    "Nested.Code",
];

/// Operators as a client may spell them.
const OPS: &[&str] = &[
    "=",
    "<>",
    "!=",
    "<",
    ">",
    "<=",
    ">=",
    "contains",
    "notcontains",
    "startswith",
    "endswith",
    "Contains",
    "STARTSWITH",
];

/// A filter expression as the test builds it.
#[derive(Debug, Clone)]
enum Tree {
    Cond(&'static str, &'static str, Value),
    /// The children; `true` when written side by side without the word `and`.
    And(Vec<Tree>, bool),
    Or(Vec<Tree>),
    Not(Box<Tree>),
}

fn scalar() -> impl Strategy<Value = Value> {
    prop_oneof![
        Just(Value::Null),
        any::<bool>().prop_map(Value::from),
        (-3i64..=3).prop_map(Value::from),
        (-6i32..=6).prop_map(|halves| json!(f64::from(halves) / 2.0)),
        prop::sample::select(WORDS).prop_map(Value::from),
    ]
}

fn row() -> impl Strategy<Value = Value> {
    let nested = prop_oneof![
        Just(Value::Null),
        (prop::option::of(scalar()), prop::option::of(scalar()))
            .prop_map(|(code, level)| object([("code", code), ("level", level)])),
    ];
    let item = prop::option::of(scalar()).prop_map(|id| object([("id", id)]));
    (
        prop::option::of(scalar()),
        prop::option::of(scalar()),
        prop::option::of(scalar()),
        prop::option::of(nested),
        prop::option::of(prop::collection::vec(scalar(), 0..3).prop_map(Value::from)),
        prop::option::of(prop::collection::vec(item, 0..3).prop_map(Value::from)),
    )
        .prop_map(|(name, score, flag, nested, tags, items)| {
            object([
                ("name", name),
                ("score", score),
                ("flag", flag),
                ("nested", nested),
                ("tags", tags),
                ("items", items),
            ])
        })
}

/// An object of the fields that are present.
fn object<const N: usize>(fields: [(&str, Option<Value>); N]) -> Value {
    Value::Object(fields.into_iter().filter_map(|(k, v)| Some((k.to_string(), v?))).collect::<Map<_, _>>())
}

fn rows() -> impl Strategy<Value = Vec<Value>> {
    prop::collection::vec(row(), 1..8)
}

fn cond() -> impl Strategy<Value = Tree> {
    (prop::sample::select(PATHS), prop::sample::select(OPS), scalar()).prop_map(|(p, o, v)| Tree::Cond(p, o, v))
}

fn tree() -> impl Strategy<Value = Tree> {
    cond().prop_recursive(4, 48, 4, |inner| {
        prop_oneof![
            (prop::collection::vec(inner.clone(), 2..4), any::<bool>()).prop_map(|(all, bare)| Tree::And(all, bare)),
            prop::collection::vec(inner.clone(), 2..4).prop_map(Tree::Or),
            inner.prop_map(|t| Tree::Not(Box::new(t))),
        ]
    })
}

/// The filter JSON of `tree`.
fn encode(tree: &Tree) -> Value {
    let joined = |all: &[Tree], word: Option<&str>| {
        let mut items = Vec::new();
        for (i, t) in all.iter().enumerate() {
            if let (Some(word), true) = (word, i > 0) {
                items.push(Value::from(word));
            }
            items.push(encode(t));
        }
        Value::Array(items)
    };
    match tree {
        Tree::Cond(path, op, value) => json!([path, op, value]),
        Tree::And(all, bare) => joined(all, if *bare { None } else { Some("and") }),
        Tree::Or(any) => joined(any, Some("or")),
        Tree::Not(inner) => json!(["!", encode(inner)]),
    }
}

/// The reference: the grammar's description, evaluated as plainly as possible.
fn reference(tree: &Tree, row: &Value) -> bool {
    match tree {
        Tree::And(all, _) => all.iter().all(|t| reference(t, row)),
        Tree::Or(any) => any.iter().any(|t| reference(t, row)),
        Tree::Not(inner) => !reference(inner, row),
        Tree::Cond(path, op, expected) => {
            // Every value the dotted path reaches, stepping into arrays on the way.
            let mut reached = vec![row.clone()];
            for key in path.split('.') {
                let mut next = Vec::new();
                let mut stack = reached;
                while let Some(value) = stack.pop() {
                    match value {
                        Value::Array(items) => stack.extend(items.into_iter().rev()),
                        Value::Object(map) => {
                            if let Some((_, child)) = map.into_iter().find(|(k, _)| k.eq_ignore_ascii_case(key)) {
                                next.push(child);
                            }
                        }
                        _ => {}
                    }
                }
                reached = next;
            }
            // An array at the end compares through its elements, except in a presence test.
            if !expected.is_null() {
                reached = reached
                    .into_iter()
                    .flat_map(|v| match v {
                        Value::Array(items) => items,
                        other => vec![other],
                    })
                    .collect();
            }
            if reached.is_empty() {
                reached.push(Value::Null);
            }
            let op = op.to_ascii_lowercase();
            match op.as_str() {
                "<>" | "!=" => reached.iter().all(|v| rank(v, expected) != Some(Ordering::Equal)),
                "notcontains" => reached.iter().all(|v| !text_test(v, expected, |a, e| a.contains(e))),
                _ => reached.iter().any(|v| holds(v, &op, expected)),
            }
        }
    }
}

fn holds(actual: &Value, op: &str, expected: &Value) -> bool {
    let ranked = rank(actual, expected);
    match op {
        "=" => ranked == Some(Ordering::Equal),
        "<" => ranked == Some(Ordering::Less),
        ">" => ranked == Some(Ordering::Greater),
        "<=" => ranked.is_some_and(|o| o != Ordering::Greater),
        ">=" => ranked.is_some_and(|o| o != Ordering::Less),
        "contains" => text_test(actual, expected, |a, e| a.contains(e)),
        "startswith" => text_test(actual, expected, |a, e| a.starts_with(e)),
        "endswith" => text_test(actual, expected, |a, e| a.ends_with(e)),
        other => panic!("the test generated operator {other}"),
    }
}

/// Values of one kind compare (text ignoring case, booleans also against "true"/"false");
/// null equals null only; anything else does not compare.
fn rank(a: &Value, b: &Value) -> Option<Ordering> {
    match (a, b) {
        (Value::Null, Value::Null) => Some(Ordering::Equal),
        (Value::Number(x), Value::Number(y)) => x.as_f64().partial_cmp(&y.as_f64()),
        (Value::String(x), Value::String(y)) => Some(x.to_lowercase().cmp(&y.to_lowercase())),
        (Value::Bool(x), Value::Bool(y)) => Some(x.cmp(y)),
        (Value::Bool(x), Value::String(s)) => s.parse::<bool>().ok().map(|y| x.cmp(&y)),
        (Value::String(s), Value::Bool(y)) => s.parse::<bool>().ok().map(|x| x.cmp(y)),
        _ => None,
    }
}

/// A text operator over the lower-cased text of strings, numbers and booleans.
fn text_test(actual: &Value, expected: &Value, test: fn(&str, &str) -> bool) -> bool {
    let text = |v: &Value| match v {
        Value::String(s) => Some(s.to_lowercase()),
        Value::Number(n) => Some(n.to_string()),
        Value::Bool(b) => Some(b.to_string()),
        _ => None,
    };
    match (text(actual), text(expected)) {
        (Some(a), Some(e)) => test(&a, &e),
        _ => false,
    }
}

/// Which rows a filter keeps, by the engine.
fn engine(filter: &Value, rows: &[Value]) -> Vec<bool> {
    let expr = parse_filter(filter).unwrap_or_else(|e| panic!("{filter} is well-formed but refused: {e}"));
    rows.iter().map(|row| matches(&expr, row)).collect()
}

/// Filters broken in one of the ways clients break them.
fn malformed() -> impl Strategy<Value = Value> {
    let good = tree().prop_map(|t| encode(&t)).boxed();
    prop_oneof![
        Just(json!([])),
        good.clone().prop_map(|g| json!([g, "and"])),
        good.clone().prop_map(|g| json!(["or", g])),
        (good.clone(), good.clone()).prop_map(|(a, b)| json!([a, "xor", b])),
        (good.clone(), good.clone()).prop_map(|(a, b)| json!([a, "and", "or", b])),
        (prop::sample::select(PATHS), "[a-z]{1,8}", scalar())
            .prop_filter("not an operator", |(_, op, _)| !OPS.iter().any(|o| o.eq_ignore_ascii_case(op)))
            .prop_map(|(p, op, v)| json!([p, op, v])),
        (good.clone(), scalar()).prop_map(|(g, s)| json!([g, "and", s])),
        scalar().prop_map(|s| json!(["!", s])),
        good.clone().prop_map(|g| json!({ "filter": g })),
        scalar(),
        good.prop_map(|g| json!([g.clone(), "and", [g, "or", []]])),
    ]
}

/// Any JSON at all, with the grammar's words among the strings so the parser goes deep.
fn any_json() -> impl Strategy<Value = Value> {
    let word = prop::sample::select(&["!", "and", "or", "AND", "=", "<>", "contains", "name", "nested.code"][..]);
    let leaf = prop_oneof![
        scalar(),
        word.prop_map(Value::from),
        ".*".prop_map(Value::from),
        any::<f64>().prop_map(Value::from)
    ];
    leaf.prop_recursive(5, 64, 5, |inner| {
        prop_oneof![
            prop::collection::vec(inner.clone(), 0..5).prop_map(Value::Array),
            prop::collection::btree_map(".{0,4}", inner, 0..3).prop_map(|m| Value::Object(m.into_iter().collect())),
        ]
    })
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(CASES))]

    #[test]
    fn well_formed_filters_agree_with_the_reference(t in tree(), rows in rows()) {
        let expected: Vec<bool> = rows.iter().map(|row| reference(&t, row)).collect();
        prop_assert_eq!(engine(&encode(&t), &rows), expected, "filter {}", encode(&t));
    }

    #[test]
    fn and_binds_tighter_than_or(
        conds in prop::collection::vec(cond(), 2..6),
        words in prop::collection::vec(any::<bool>(), 5),
        rows in rows(),
    ) {
        let mut flat = vec![encode(&conds[0])];
        for (c, is_and) in conds[1..].iter().zip(&words) {
            flat.push(Value::from(if *is_and { "and" } else { "or" }));
            flat.push(encode(c));
        }
        // The reference: split at every "or"; each run of "and" is one conjunction.
        let mut runs: Vec<Vec<&Tree>> = vec![vec![&conds[0]]];
        for (c, is_and) in conds[1..].iter().zip(&words) {
            if !*is_and {
                runs.push(Vec::new());
            }
            runs.last_mut().expect("a run").push(c);
        }
        let expected: Vec<bool> =
            rows.iter().map(|row| runs.iter().any(|run| run.iter().all(|c| reference(c, row)))).collect();
        prop_assert_eq!(engine(&Value::Array(flat.clone()), &rows), expected, "filter {}", Value::Array(flat));
    }

    #[test]
    fn negation_is_the_complement(t in tree(), rows in rows()) {
        let kept = engine(&encode(&t), &rows);
        let negated = engine(&json!(["!", encode(&t)]), &rows);
        prop_assert_eq!(negated, kept.iter().map(|k| !k).collect::<Vec<_>>());
    }

    #[test]
    fn and_and_or_are_commutative(a in tree(), b in tree(), rows in rows()) {
        let (ea, eb) = (encode(&a), encode(&b));
        prop_assert_eq!(engine(&json!([ea, "and", eb]), &rows), engine(&json!([eb, "and", ea]), &rows));
        prop_assert_eq!(engine(&json!([ea, "or", eb]), &rows), engine(&json!([eb, "or", ea]), &rows));
        prop_assert_eq!(engine(&json!([ea, eb]), &rows), engine(&json!([ea, "and", eb]), &rows));
    }

    #[test]
    fn malformed_filters_are_errors(filter in malformed()) {
        prop_assert!(parse_filter(&filter).is_err(), "{} was accepted", filter);
    }

    #[test]
    fn nesting_is_limited_to_32_levels(depth in 0usize..64, c in cond()) {
        let mut filter = encode(&c);
        for _ in 0..depth {
            filter = json!(["!", filter]);
        }
        prop_assert_eq!(parse_filter(&filter).is_ok(), depth <= 32, "depth {}", depth);
    }

    #[test]
    fn any_json_is_parsed_or_refused_without_panic(filter in any_json(), rows in rows()) {
        if let Ok(expr) = parse_filter(&filter) {
            for row in &rows {
                matches(&expr, row);
            }
        }
    }

    #[test]
    fn any_query_string_is_answered_or_refused_without_panic(
        filter in prop::option::of(".*"),
        sort in prop::option::of(".*"),
        skip in prop::option::of(".{0,4}"),
        take in prop::option::of(".{0,4}"),
        rows in rows(),
    ) {
        let not_json = filter.as_deref().is_some_and(|f| !f.is_empty() && serde_json::from_str::<Value>(f).is_err());
        let query = LoadQuery { filter, sort, skip, take, require_total_count: Some("true".into()) };
        let answer = load(rows, &query);
        if not_json {
            prop_assert!(answer.is_err(), "a filter that is not JSON was accepted");
        }
    }

    #[test]
    fn sorting_a_column_of_mixed_kinds_is_a_stable_total_order(
        keys in prop::collection::vec(prop_oneof![scalar(), Just(json!([1])), Just(json!({"a": 1}))], 0..40),
        desc in any::<bool>(),
    ) {
        let mut items: Vec<Value> = keys.iter().enumerate().map(|(n, k)| json!({ "k": k, "n": n })).collect();
        sort(&mut items, &[SortBy { path: vec!["k".into()], desc }]);
        let mut seen: Vec<u64> = items.iter().map(|i| i["n"].as_u64().expect("n")).collect();
        for pair in items.windows(2) {
            let ord = kind_order(&pair[0]["k"], &pair[1]["k"]);
            let ord = if desc { ord.reverse() } else { ord };
            prop_assert_ne!(ord, Ordering::Greater, "{} before {}", pair[0], pair[1]);
            if ord == Ordering::Equal {
                prop_assert!(pair[0]["n"].as_u64() < pair[1]["n"].as_u64(), "not stable: {} before {}", pair[0], pair[1]);
            }
        }
        seen.sort_unstable();
        prop_assert_eq!(seen, (0..keys.len() as u64).collect::<Vec<_>>(), "not a permutation");
    }
}

/// The order a sort gives a column, written from its description: null, booleans, numbers,
/// strings (ignoring case), then arrays and objects (all equal); within a kind, by value.
fn kind_order(a: &Value, b: &Value) -> Ordering {
    let kind = |v: &Value| match v {
        Value::Null => 0,
        Value::Bool(_) => 1,
        Value::Number(_) => 2,
        Value::String(_) => 3,
        Value::Array(_) | Value::Object(_) => 4,
    };
    kind(a).cmp(&kind(b)).then_with(|| match (a, b) {
        (Value::Bool(x), Value::Bool(y)) => x.cmp(y),
        (Value::Number(x), Value::Number(y)) => {
            x.as_f64().expect("finite").partial_cmp(&y.as_f64().expect("finite")).expect("comparable")
        }
        (Value::String(x), Value::String(y)) => x.to_lowercase().cmp(&y.to_lowercase()),
        _ => Ordering::Equal,
    })
}
