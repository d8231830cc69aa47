//! The catalog side of the upstream: catalog collections, and the public routes (open catalog,
//! certificate records and their files) that need no token. The catalog course page reads the
//! course's access with [`Upstream::objective_access`], as the details page does.

use contracts::upstream::{CertificateRecord, LoadResult, Objective, Showcase};
use reqwest::Method;
use url::Url;
use uuid::Uuid;

use super::{CallContext, Upstream, UpstreamError, aggregates::LoadOptions};

impl Upstream {
    /// `GET users/me/catalog-showcases`: collections of the learner's catalog courses.
    pub async fn catalog_showcases(&self, ctx: &CallContext) -> Result<Vec<Showcase>, UpstreamError> {
        self.get(ctx, "reading catalog collections", "users/me/catalog-showcases", &[]).await
    }

    /// `GET public/open-catalog/objectives/query` (no token).
    pub async fn open_catalog(
        &self,
        ctx: &CallContext,
        options: &LoadOptions,
    ) -> Result<LoadResult<Objective>, UpstreamError> {
        self.get(ctx, "querying the open catalog", "public/open-catalog/objectives/query", &options.to_query()).await
    }

    /// `GET public/open-catalog/objectives/{id}` (no token).
    pub async fn open_catalog_objective(&self, ctx: &CallContext, objective: Uuid) -> Result<Objective, UpstreamError> {
        let path = format!("public/open-catalog/objectives/{objective}");
        self.get(ctx, "reading an open-catalog course", &path, &[]).await
    }

    /// `GET public/open-catalog/showcases` (no token).
    pub async fn open_catalog_showcases(&self, ctx: &CallContext) -> Result<Vec<Showcase>, UpstreamError> {
        self.get(ctx, "reading open-catalog collections", "public/open-catalog/showcases", &[]).await
    }

    /// `GET public/certificate-records/{id}` (no token), `id` being the certificate number the
    /// shared link carries.
    pub async fn public_certificate(
        &self,
        ctx: &CallContext,
        number: &str,
    ) -> Result<CertificateRecord, UpstreamError> {
        let what = "reading a public certificate";
        let mut url = self.url(what, "public/certificate-records/")?;
        // Pushed as one path segment, so the number is percent-encoded and cannot climb.
        url.path_segments_mut()
            .map_err(|()| UpstreamError::Bad(what.into(), "the API base cannot take a path".into()))?
            .pop_if_empty()
            .push(number);
        self.get_url(ctx, what, &url).await
    }

    /// GET a certificate file (`certificatePdfUrl`, `certificatePngUrl`) as bytes, only when it
    /// lives on this upstream (same origin, under the API base), within the response size limit.
    pub async fn certificate_file(&self, ctx: &CallContext, url: &Url) -> Result<Vec<u8>, UpstreamError> {
        let what = "reading a certificate file";
        if url.origin() != self.base.origin() || !url.path().starts_with(self.base.path()) {
            return Err(UpstreamError::Bad(what.into(), "certificate file outside the API".into()));
        }
        Ok(self.call(ctx, what, Method::GET, url, &[], None, None).await?.2)
    }
}
