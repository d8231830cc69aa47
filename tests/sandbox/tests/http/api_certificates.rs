//! Certificate records: query by number or by objective and user, the public record, the PDF
//! and PNG files, expiry relative to the clock, and a certificate issued on passing.

use lms_sandbox::clock::ClockMode;
use reqwest::StatusCode;
use serde_json::{Value, json};

use crate::helpers::{Sandbox, fast_config, new_id};

const NOW: i64 = 1_800_000_000;

fn seconds(date: &Value) -> i64 {
    let text = date.as_str().expect("a date");
    time::OffsetDateTime::parse(text, &time::format_description::well_known::Rfc3339).expect("rfc3339").unix_timestamp()
}

#[tokio::test]
async fn seeded_certificates_files_and_queries() {
    let mut config = fast_config();
    config.clock = ClockMode::Fixed(NOW);
    let sb = Sandbox::start_with(config).await;
    let token = sb.access_token("acme", "ada").await;
    let me = sb.api_json("acme", &token, "users/me", &[]).await;
    let all = sb.api_json("acme", &token, "certificate-records/query", &[("requireTotalCount", "true")]).await;
    assert_eq!(all["totalCount"], 2);
    let by_course = |name: &str| {
        all["data"].as_array().expect("data").iter().find(|c| c["objective"]["name"] == name).expect(name).clone()
    };
    let valid = by_course("Workplace Safety");
    let expired = by_course("Introduction to Python");
    assert_eq!(seconds(&valid["expirationDate"]), NOW + 365 * 86_400, "valid for a year from the clock");
    assert_eq!(seconds(&expired["expirationDate"]), NOW - 30 * 86_400, "expired 30 days ago");
    for field in [
        "certificateNumber",
        "certificateTemplate",
        "externalUrl",
        "objectiveRecord",
        "normalizedPassingScore",
        "created",
    ] {
        assert!(!valid[field].is_null(), "{field} in {valid}");
    }
    assert_eq!(valid["userId"], me["id"]);
    assert_eq!(valid["objectiveRecord"]["grade"], "A");

    let number = valid["certificateNumber"].as_str().expect("number");
    let filter = json!(["certificateNumber", "=", number]).to_string();
    let found = sb.api_json("acme", &token, "certificate-records/query", &[("filter", &filter)]).await;
    assert_eq!(found["data"].as_array().map(Vec::len), Some(1));
    assert_eq!(found["data"][0]["id"], valid["id"]);
    let filter = json!([["objectiveId", "=", valid["objectiveId"]], "and", ["userId", "=", me["id"]]]).to_string();
    let sort = r#"[{"selector":"created","desc":true}]"#;
    let mine = sb.api_json("acme", &token, "certificate-records/query", &[("filter", &filter), ("sort", sort)]).await;
    assert_eq!(mine["data"][0]["id"], valid["id"]);

    let id = valid["id"].as_str().expect("id");
    let public = sb.public("acme", &format!("public/certificate-records/{id}"), &[]).await;
    assert_eq!(public.status(), StatusCode::OK, "no token needed");
    assert_eq!(public.json::<Value>().await.expect("json")["certificateNumber"], number);
    let by_number = sb.public("acme", &format!("public/certificate-records/{number}"), &[]).await;
    assert_eq!(by_number.status(), StatusCode::OK, "the shared link's certificate number finds it too");
    assert_eq!(by_number.json::<Value>().await.expect("json")["id"], valid["id"]);
    assert_eq!(
        sb.public("globex", &format!("public/certificate-records/{number}"), &[]).await.status(),
        StatusCode::NOT_FOUND,
        "another tenant's number is not found"
    );
    assert_eq!(
        sb.public("acme", &format!("public/certificate-records/{}", new_id().as_str().expect("id")), &[])
            .await
            .status(),
        StatusCode::NOT_FOUND
    );
    assert_eq!(
        sb.public("globex", &format!("public/certificate-records/{id}"), &[]).await.status(),
        StatusCode::NOT_FOUND
    );

    let pdf = sb.browser.get(valid["certificatePdfUrl"].as_str().expect("url")).send().await.expect("pdf");
    assert_eq!(pdf.status(), StatusCode::OK);
    assert_eq!(pdf.headers()["content-type"], "application/pdf");
    let bytes = pdf.bytes().await.expect("bytes");
    assert!(bytes.starts_with(b"%PDF-1.4"), "a PDF");
    let text = String::from_utf8_lossy(&bytes);
    assert!(text.trim_end().ends_with("%%EOF") && text.contains(number) && text.contains("Ada Lovelace"));
    let startxref: usize = text
        .rsplit("startxref")
        .next()
        .expect("startxref")
        .split_whitespace()
        .next()
        .expect("n")
        .parse()
        .expect("offset");
    assert!(text[startxref..].starts_with("xref"), "the cross-reference offset is right");
    let png = sb.browser.get(valid["certificatePngUrl"].as_str().expect("url")).send().await.expect("png");
    assert_eq!(png.headers()["content-type"], "image/png");
    let bytes = png.bytes().await.expect("bytes");
    assert!(bytes.starts_with(&[0x89, b'P', b'N', b'G', 0x0d, 0x0a, 0x1a, 0x0a]), "the PNG signature");
    assert_eq!(&bytes[12..16], b"IHDR");
    assert_eq!(
        (
            u32::from_be_bytes(bytes[16..20].try_into().expect("4")),
            u32::from_be_bytes(bytes[20..24].try_into().expect("4"))
        ),
        (240, 160)
    );
}

#[tokio::test]
async fn passing_a_course_with_a_template_issues_a_certificate() {
    let mut config = fast_config();
    config.clock = ClockMode::Fixed(NOW);
    let sb = Sandbox::start_with(config).await;
    let token = sb.access_token("acme", "ada").await;
    let python = sb.aggregate("acme", &token, "Introduction to Python").await;
    let ow = new_id();
    sb.sync(
        "acme",
        &token,
        "start-objective-workflows",
        &json!({ "id": ow, "objectiveWorkflowAggregateId": python["id"] }),
    )
    .await;
    let ow = ow.as_str().expect("id");
    let root = sb.api_json("acme", &token, &format!("users/me/objective-workflows/{ow}/activity"), &[]).await;
    let aw = sb
        .sync(
            "acme",
            &token,
            "start-activity-workflows",
            &json!({ "objectiveWorkflowId": ow, "activityPartIds": [root["id"]] }),
        )
        .await["activityWorkflowIds"][0]
        .clone();
    let aw = aw.as_str().expect("id");
    let put = sb
        .browser
        .put(sb.url(&format!("t/acme/api/users/me/objective-workflows/{ow}/activity-workflows/{aw}")))
        .bearer_auth(&token)
        .json(&json!({ "score": 9.5 }))
        .send()
        .await
        .expect("put");
    assert_eq!(put.status(), StatusCode::OK);
    sb.sync(
        "acme",
        &token,
        "finish-activity-workflows",
        &json!({ "objectiveWorkflowId": ow, "activityWorkflowIds": [aw] }),
    )
    .await;
    sb.run_async("acme", &token, "submit-objective-workflows", &json!({ "id": ow })).await;
    let done = sb
        .sync("acme", &token, "finish-objective-workflows", &json!({ "id": new_id(), "objectiveWorkflowId": ow }))
        .await;
    assert_eq!((&done["grade"], &done["passed"]), (&json!("A"), &json!(true)));
    let certificate = done["certificateRecordId"].as_str().expect("a certificate was issued");
    let record: Value =
        sb.public("acme", &format!("public/certificate-records/{certificate}"), &[]).await.json().await.expect("json");
    assert_eq!(seconds(&record["created"]), NOW);
    assert_eq!(seconds(&record["expirationDate"]), NOW + 365 * 86_400);
    assert_eq!(record["objectiveRecord"]["id"], done["objectiveRecordId"]);

    // Failing does not issue one.
    let failed = sb.aggregate("acme", &token, "Financial Literacy").await;
    let ow = new_id();
    sb.sync(
        "acme",
        &token,
        "start-objective-workflows",
        &json!({ "id": ow, "objectiveWorkflowAggregateId": failed["id"] }),
    )
    .await;
    let done = sb
        .sync("acme", &token, "finish-objective-workflows", &json!({ "id": new_id(), "objectiveWorkflowId": ow }))
        .await;
    assert_eq!((&done["passed"], &done["certificateRecordId"]), (&json!(false), &Value::Null));
}

#[tokio::test]
async fn a_head_request_reads_the_size_of_a_certificate_file() {
    let sb = Sandbox::start().await;
    let token = sb.access_token("acme", "ada").await;
    let all = sb.api_json("acme", &token, "certificate-records/query", &[]).await;
    let certificate = &all["data"][0];
    for (field, kind) in [("certificatePdfUrl", "application/pdf"), ("certificatePngUrl", "image/png")] {
        let url = certificate[field].as_str().expect("url");
        let head = sb.browser.head(url).send().await.expect("head");
        assert_eq!(head.status(), StatusCode::OK, "{field}");
        assert_eq!(head.headers()["content-type"], kind);
        let length: usize = head.headers()["content-length"].to_str().expect("ascii").parse().expect("a number");
        assert!(head.bytes().await.expect("body").is_empty(), "a HEAD answer has no body");
        let body = sb.browser.get(url).send().await.expect("get").bytes().await.expect("body");
        assert_eq!(length, body.len(), "{field}: the length the attachment label shows");
    }
}
