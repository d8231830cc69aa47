//! Liveness and readiness answer on any host, tenant or not.

use reqwest::StatusCode;

use crate::helpers::TestApp;

#[tokio::test]
async fn health_and_readiness() {
    let app = TestApp::builder().spawn().await;
    for path in ["/healthz", "/readyz"] {
        let response =
            app.browser().get(app.url("localhost", path)).header("host", "10.0.0.1").send().await.expect("probe");
        assert_eq!(response.status(), StatusCode::OK, "{path}");
    }
}

#[tokio::test]
async fn readiness_reports_an_upstream_down_as_degraded_and_stays_ready() {
    let app = TestApp::builder().spawn().await;
    let ready = || async {
        let response = app.browser().get(app.url("localhost", "/readyz")).send().await.expect("readyz");
        (response.status(), response.json::<serde_json::Value>().await.expect("json"))
    };
    let (status, body) = ready().await;
    assert_eq!((status, &body["status"], &body["upstreams"]["acme"]), (StatusCode::OK, &"ready".into(), &"ok".into()));
    crate::reliability_common::set_faults(&app, serde_json::json!([{ "tenant": "acme", "fault": {"kind": "down"} }]))
        .await;
    let (status, body) = ready().await;
    assert_eq!(status, StatusCode::OK, "{body}");
    assert_eq!(body["status"], "degraded", "{body}");
    assert_eq!(body["upstreams"]["acme"], "down", "{body}");
    assert_eq!(body["upstreams"]["globex"], "ok", "{body}");
    crate::reliability_common::clear_faults(&app).await;
    assert_eq!(ready().await.1["status"], "ready");
}
