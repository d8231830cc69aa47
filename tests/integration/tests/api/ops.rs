//! Liveness and readiness answer on any host, tenant or not.

use reqwest::StatusCode;

use crate::helpers::spawn_app;

#[tokio::test]
async fn health_and_readiness() {
    let app = spawn_app().await;
    for path in ["/healthz", "/readyz"] {
        let response =
            app.browser().get(app.url("localhost", path)).header("host", "10.0.0.1").send().await.expect("probe");
        assert_eq!(response.status(), StatusCode::OK, "{path}");
    }
}
