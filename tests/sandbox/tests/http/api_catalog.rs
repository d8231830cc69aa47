//! The public open catalog (no token) and the collections of the catalog and of enrolled courses.

use reqwest::StatusCode;
use serde_json::{Value, json};

use crate::helpers::Sandbox;

#[tokio::test]
async fn the_open_catalog_is_public_and_takes_load_options() {
    let sb = Sandbox::start().await;
    let query = [("sort", r#"[{"selector":"name","desc":false}]"#), ("requireTotalCount", "true"), ("take", "10")];
    let response = sb.public("acme", "public/open-catalog/objectives/query", &query).await;
    assert_eq!(response.status(), StatusCode::OK, "no token needed");
    let page: Value = response.json().await.expect("json");
    let total = page["totalCount"].as_u64().expect("total");
    assert!(total >= 120, "the generated catalog: {total}");
    let names: Vec<&str> =
        page["data"].as_array().expect("data").iter().map(|o| o["name"].as_str().expect("name")).collect();
    assert_eq!(names.len(), 10);
    let mut sorted = names.clone();
    sorted.sort_by_key(|n| n.to_lowercase());
    assert_eq!(names, sorted);
    for o in page["data"].as_array().expect("data") {
        assert_ne!(o["activity"]["state"], 4, "no archived course in the catalog");
        for field in ["id", "about", "displayMode", "presentationMode", "showcases", "certificateTemplates"] {
            assert!(o.get(field).is_some(), "{field} in {o}");
        }
    }
    let languages = sb
        .public(
            "acme",
            "public/open-catalog/objectives/query",
            &[("filter", r#"["showcases.name","=","Languages"]"#), ("requireTotalCount", "true")],
        )
        .await
        .json::<Value>()
        .await
        .expect("json");
    assert!(languages["totalCount"].as_u64().is_some_and(|n| n > 0 && n < total));
    let select = sb
        .public(
            "acme",
            "public/open-catalog/objectives/query",
            &[("select", r#"["id","activity.type"]"#), ("take", "1")],
        )
        .await
        .json::<Value>()
        .await
        .expect("json");
    let only = &select["data"][0];
    assert_eq!(only.as_object().map(|o| o.len()), Some(2), "select keeps only the named fields: {only}");
    assert!(only["activity"]["type"].is_string() && only["activity"].as_object().map(|o| o.len()) == Some(1));

    let id = page["data"][0]["id"].as_str().expect("id");
    let one: Value =
        sb.public("acme", &format!("public/open-catalog/objectives/{id}"), &[]).await.json().await.expect("json");
    assert_eq!(one["name"], page["data"][0]["name"]);
    let globex = sb.public("globex", &format!("public/open-catalog/objectives/{id}"), &[]).await;
    assert_eq!(globex.status(), StatusCode::NOT_FOUND, "another tenant's course");
    assert_eq!(sb.public("nobody", "public/open-catalog/showcases", &[]).await.status(), StatusCode::NOT_FOUND);
    let bad = sb.public("acme", "public/open-catalog/objectives/query", &[("filter", "[1,2")]).await;
    assert_eq!(bad.status(), StatusCode::BAD_REQUEST);

    let showcases: Value = sb.public("acme", "public/open-catalog/showcases", &[]).await.json().await.expect("json");
    let names: Vec<&str> =
        showcases.as_array().expect("array").iter().map(|s| s["name"].as_str().expect("name")).collect();
    assert_eq!(names, ["Security", "Languages", "Technology", "Management"]);
}

#[tokio::test]
async fn catalog_and_enrolled_collections_count_their_own_courses() {
    let sb = Sandbox::start().await;
    let token = sb.access_token("acme", "ada").await;
    let catalog = sb.api_json("acme", &token, "users/me/catalog-showcases", &[]).await;
    let counts: Vec<(String, u64)> = catalog
        .as_array()
        .expect("array")
        .iter()
        .map(|c| (c["name"].as_str().expect("name").to_string(), c["objectivesCount"].as_u64().expect("count")))
        .collect();
    assert_eq!(counts.iter().map(|c| c.0.as_str()).collect::<Vec<_>>(), ["Languages", "Technology", "Management"]);
    assert_eq!(counts.iter().map(|c| c.1).sum::<u64>(), 96, "96 of the 120 generated courses have a collection");
    let catalog_items = sb
        .api_json(
            "acme",
            &token,
            "objective-workflow-aggregates/query",
            &[
                ("filter", r#"[["showInCatalog","=",true],["isSelfEnrolled","=",false],["lastObjectiveWorkflow","=",null],["lastObjectiveRecord","=",null],["objective.activity.state","<>",4]]"#),
                ("requireTotalCount", "true"),
            ],
        )
        .await;
    assert_eq!(catalog_items["totalCount"], 121, "the 120 generated courses and Negotiation Skills");
    let none = sb.api_json("acme", &sb.access_token("acme", "ken").await, "users/me/catalog-showcases", &[]).await;
    assert_eq!(none, json!([]));
}
