//! Objective records: `objective-records/query`, `objective-records/{id}` and an aggregate's
//! records (previous attempts, newest first).

use reqwest::StatusCode;
use serde_json::json;

use crate::helpers::Sandbox;

#[tokio::test]
async fn records_of_the_user_by_query_by_id_and_by_aggregate() {
    let sb = Sandbox::start().await;
    let token = sb.access_token("acme", "ada").await;
    let all = sb
        .api_json(
            "acme",
            &token,
            "objective-records/query",
            &[("requireTotalCount", "true"), ("sort", r#"[{"selector":"normalizedScore","desc":true}]"#)],
        )
        .await;
    let data = all["data"].as_array().expect("data");
    assert_eq!(all["totalCount"], data.len());
    assert_eq!(data.len(), 9, "seven finished or graded courses, one imported result, one archived course");
    assert_eq!(data[0]["score"], 92.0, "highest first");
    for field in
        ["id", "finished", "score", "maxScore", "normalizedScore", "grade", "passed", "progress", "protectResults"]
    {
        assert!(data[0].get(field).is_some(), "{field} in {}", data[0]);
    }
    let imported = sb.aggregate("acme", &token, "Excel for Analysts").await;
    let record = &imported["lastObjectiveRecord"];
    assert!(record["objectiveWorkflowId"].is_null(), "an imported result has no workflow");
    let one =
        sb.api_json("acme", &token, &format!("objective-records/{}", record["id"].as_str().expect("id")), &[]).await;
    assert_eq!((&one["grade"], &one["passed"], &one["finished"]), (&json!("C"), &json!(true), &json!(true)));
    let passed = sb
        .api_json(
            "acme",
            &token,
            "objective-records/query",
            &[("filter", r#"[["passed","=",false],["finished","=",true]]"#)],
        )
        .await;
    assert!(passed["data"].as_array().expect("data").iter().all(|r| r["passed"] == false));

    let history = sb
        .api_json(
            "acme",
            &token,
            &format!("objective-workflow-aggregates/{}/objective-records", imported["id"].as_str().expect("id")),
            &[],
        )
        .await;
    assert_eq!(history.as_array().map(Vec::len), Some(1));
    let grace = sb.access_token("acme", "grace").await;
    let theirs =
        sb.api("acme", &grace, &format!("objective-records/{}", record["id"].as_str().expect("id")), &[]).await;
    assert_eq!(theirs.status(), StatusCode::NOT_FOUND, "another learner's record");
    let theirs = sb
        .api(
            "acme",
            &grace,
            &format!("objective-workflow-aggregates/{}/objective-records", imported["id"].as_str().expect("id")),
            &[],
        )
        .await;
    assert_eq!(theirs.status(), StatusCode::NOT_FOUND);
}
