//! Unit tests of the load options: parsing, evaluation, sorting and paging.

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
    let items: Vec<Value> = ["b", "A", "c", "d"].iter().enumerate().map(|(i, n)| json!({"name": n, "n": i})).collect();
    let query = LoadQuery {
        sort: Some(r#"[{"selector":"name","desc":true}]"#.into()),
        skip: Some("1".into()),
        take: Some("2".into()),
        require_total_count: Some("true".into()),
        ..LoadQuery::default()
    };
    let answer = load(items.clone(), &query).expect("load");
    assert_eq!(answer["totalCount"], 4);
    let names: Vec<&str> = answer["data"].as_array().expect("data").iter().filter_map(|v| v["name"].as_str()).collect();
    assert_eq!(names, ["c", "b"]);
    let bad = LoadQuery { take: Some("-1".into()), ..LoadQuery::default() };
    assert!(load(items.clone(), &bad).is_err());
    let bad = LoadQuery { filter: Some("[oops".into()), ..LoadQuery::default() };
    assert!(load(items, &bad).unwrap_err().0.contains("filter"));
}

#[test]
fn parsing_builds_the_expected_tree() {
    let parsed =
        parse_filter(&json!([["a", 1], "or", ["b", ">", 2], "and", ["!", ["c", "contains", "x"]]])).expect("parses");
    let cond = |p: &str, op: Op, v: Value| Expr::Cond { path: vec![p.to_string()], op, value: v };
    assert_eq!(
        parsed,
        Expr::Or(vec![
            cond("a", Op::Eq, json!(1)),
            Expr::And(vec![cond("b", Op::Gt, json!(2)), Expr::Not(Box::new(cond("c", Op::Contains, json!("x"))))]),
        ])
    );
    let nested = parse_filter(&json!(["objective.activity.state", "<>", 4])).expect("parses");
    assert_eq!(
        nested,
        Expr::Cond { path: vec!["objective".into(), "activity".into(), "state".into()], op: Op::Ne, value: json!(4) }
    );
    assert_eq!(parse_filter(&json!([["a", 1], "AND", ["b", 2]])).map(|e| matches!(e, Expr::And(_))), Ok(true));
    let unknown = parse_filter(&json!(["name", "like", "x"])).expect_err("refused");
    assert!(unknown.0.contains("like"), "{unknown}");
}

#[test]
fn paths_through_arrays_and_nulls() {
    let item = json!({
        "lastObjectiveWorkflow": null,
        "lastObjectiveRecord": { "passed": true, "normalizedScore": 0.92 },
        "objective": { "showcases": [{ "id": "a", "name": "Onboarding" }, { "id": "b", "name": "Security" }], "code": null },
        "tags": ["x", "y"]
    });
    let holds = |f: Value| matches(&parse_filter(&f).expect("parses"), &item);
    assert!(holds(json!(["objective.showcases.name", "contains", "secu"])));
    assert!(!holds(json!(["objective.showcases.name", "notcontains", "secu"])), "no element may contain it");
    assert!(holds(json!(["objective.showcases.name", "notcontains", "finance"])));
    assert!(holds(json!(["tags", "=", "y"])));
    assert!(holds(json!(["lastObjectiveWorkflow", "=", null])));
    assert!(holds(json!(["lastObjectiveWorkflow.state", "=", null])), "a path through null is absent");
    assert!(!holds(json!(["lastObjectiveWorkflow.state", "=", 1])));
    assert!(!holds(json!(["lastObjectiveWorkflow.state", ">", 0])), "absent is not greater than anything");
    assert!(holds(json!(["lastObjectiveRecord", "<>", null])));
    assert!(holds(json!(["lastObjectiveRecord.passed", "=", true])));
    assert!(holds(json!(["lastObjectiveRecord.normalizedScore", ">=", 0.9])));
    assert!(holds(json!(["objective.code", "=", null])));
    assert!(holds(json!(["!", ["!", ["objective.code", "=", null]]])));
    assert!(!holds(json!(["objective.showcases", "=", null])), "an array is present");
}

#[test]
fn sorting_by_nested_paths_puts_nulls_first() {
    let mut items = vec![
        json!({ "w": { "p": 0.5 }, "n": "b" }),
        json!({ "w": null, "n": "a" }),
        json!({ "w": { "p": 0.1 }, "n": "c" }),
    ];
    sort(&mut items, &parse_sort(&json!([{ "selector": "w.p", "desc": false }])).expect("sort"));
    let order: Vec<&str> = items.iter().filter_map(|i| i["n"].as_str()).collect();
    assert_eq!(order, ["a", "c", "b"]);
    sort(&mut items, &parse_sort(&json!("n")).expect("a bare selector"));
    let order: Vec<&str> = items.iter().filter_map(|i| i["n"].as_str()).collect();
    assert_eq!(order, ["a", "b", "c"]);
    let plain = load(items, &LoadQuery { require_total_count: Some("false".into()), ..LoadQuery::default() });
    assert!(plain.expect("load").get("totalCount").is_none());
}

#[test]
fn text_booleans_order_the_same_way_on_either_side() {
    let item = json!({ "text": "true", "flag": false });
    let holds = |f: Value| matches(&parse_filter(&f).expect("parses"), &item);
    assert!(holds(json!(["text", ">", false])), "\"true\" > false");
    assert!(!holds(json!(["text", "<", false])));
    assert!(holds(json!(["flag", "<", "true"])), "false < \"true\"");
    assert!(!holds(json!(["flag", ">", "true"])));
    assert!(holds(json!(["text", "=", true])) && holds(json!(["flag", "=", "false"])));
}

/// The sort as first written: keys read and compared at every comparison.
fn sorted_by_comparing_items(mut items: Vec<Value>, by: &[SortBy]) -> Vec<Value> {
    items.sort_by(|a, b| {
        for s in by {
            let key = |v: &Value| {
                let mut out = Vec::new();
                super::filter::resolve(v, &s.path, &mut out);
                out.first().map(|v| (*v).clone()).unwrap_or(Value::Null)
            };
            let (ka, kb) = (key(a), key(b));
            let ord = match (&ka, &kb) {
                (Value::Null, Value::Null) => std::cmp::Ordering::Equal,
                (Value::Null, _) => std::cmp::Ordering::Less,
                (_, Value::Null) => std::cmp::Ordering::Greater,
                _ => super::filter::order(&ka, &kb).unwrap_or(std::cmp::Ordering::Equal),
            };
            let ord = if s.desc { ord.reverse() } else { ord };
            if ord != std::cmp::Ordering::Equal {
                return ord;
            }
        }
        std::cmp::Ordering::Equal
    });
    items
}

#[test]
fn sorting_by_keys_read_once_orders_as_comparing_the_items() {
    // Keys of one kind each (with nulls): mixed kinds have no total order to compare against.
    let kinds = [
        vec![json!("b"), json!("B"), json!("a"), json!("Äb"), json!("äa"), json!("true"), json!(null)],
        vec![json!(2), json!(1.5), json!(-3), json!(2.0), json!(null)],
        vec![json!(true), json!(false), json!(null)],
    ];
    for keys in kinds {
        let items: Vec<Value> = (0..keys.len() * 4)
            .map(|i| json!({ "k": keys[i % keys.len()], "n": i, "m": { "j": keys[(i * 3 / 2) % keys.len()] } }))
            .collect();
        for sort_by in
            [json!("k"), json!([{ "selector": "m.j", "desc": true }, "k"]), json!([{ "selector": "k", "desc": true }])]
        {
            let by = parse_sort(&sort_by).expect("sort");
            let mut fast = items.clone();
            sort(&mut fast, &by);
            assert_eq!(fast, sorted_by_comparing_items(items.clone(), &by), "{sort_by}");
        }
    }
}
