//! Structured logs and traces.
//!
//! Logs: JSON lines on stderr, one span per request carrying its request id. The level comes
//! from `RUST_LOG` (default `info`); it does not limit the spans traced (`info` and above).
//!
//! Traces: every `tracing` span also becomes an OpenTelemetry span (`tracing-opentelemetry`),
//! so upstream calls can carry the W3C `traceparent` of the span that made them and an
//! incoming `traceparent` becomes the parent of the request's span. With
//! `telemetry.otlp_endpoint` set, finished spans are exported in batches over OTLP/HTTP (JSON
//! bodies) from the batch processor's own thread; without it nothing leaves the process.

use std::{sync::OnceLock, time::Duration};

use axum::http::HeaderMap;
use opentelemetry::{Context, propagation::TextMapPropagator, trace::TracerProvider as _};
use opentelemetry_http::{HeaderExtractor, HeaderInjector};
use opentelemetry_otlp::{Protocol, WithExportConfig};
use opentelemetry_sdk::{
    Resource,
    propagation::TraceContextPropagator,
    trace::{BatchConfigBuilder, BatchSpanProcessor, Sampler, SdkTracerProvider},
};
use tracing_opentelemetry::OpenTelemetrySpanExt;
use tracing_subscriber::{EnvFilter, filter::LevelFilter, fmt, prelude::*};

use crate::config::TelemetrySettings;

/// The tracer provider installed by [`init`], kept to flush it at exit.
static PROVIDER: OnceLock<SdkTracerProvider> = OnceLock::new();

/// Installs the global subscriber once, logging at the level of `RUST_LOG` (default `info`);
/// later calls do nothing (tests start many apps in one process). Fails only when the OTLP
/// exporter cannot be built from the settings.
pub fn init(settings: &TelemetrySettings) -> anyhow::Result<()> {
    let logs = EnvFilter::try_from_default_env().unwrap_or_else(|_| EnvFilter::new("info"));
    init_with_log_filter(settings, logs)
}

/// Like [`init`], with the log lines filtered by `logs`; spans of level `info` and above are
/// traced whatever the log filter says.
pub fn init_with_log_filter(settings: &TelemetrySettings, logs: EnvFilter) -> anyhow::Result<()> {
    if PROVIDER.get().is_some() {
        return Ok(());
    }
    let provider = tracer_provider(settings)?;
    let tracer = provider.tracer("gateway");
    let installed = tracing_subscriber::registry()
        .with(
            fmt::layer()
                .json()
                .with_current_span(true)
                .with_span_list(false)
                .with_writer(std::io::stderr)
                .with_filter(logs),
        )
        .with(tracing_opentelemetry::layer().with_tracer(tracer).with_filter(LevelFilter::INFO))
        .try_init();
    if installed.is_ok() {
        let _first = PROVIDER.set(provider);
    }
    Ok(())
}

/// Exports the spans still waiting (call once, at exit).
pub fn shutdown() {
    if let Some(provider) = PROVIDER.get()
        && let Err(e) = provider.shutdown()
    {
        eprintln!("gateway: flushing traces: {e}");
    }
}

fn tracer_provider(settings: &TelemetrySettings) -> anyhow::Result<SdkTracerProvider> {
    let sampler = Sampler::ParentBased(Box::new(Sampler::TraceIdRatioBased(settings.sampling_ratio)));
    let resource = Resource::builder().with_service_name(settings.service_name.clone()).build();
    let mut builder = SdkTracerProvider::builder().with_sampler(sampler).with_resource(resource);
    if let Some(endpoint) = &settings.otlp_endpoint {
        let exporter = opentelemetry_otlp::SpanExporter::builder()
            .with_http()
            .with_protocol(Protocol::HttpJson)
            .with_endpoint(endpoint.as_str())
            .with_timeout(Duration::from_millis(settings.export_timeout_ms))
            .build()?;
        let batches = BatchConfigBuilder::default()
            .with_scheduled_delay(Duration::from_millis(settings.export_interval_ms))
            .with_max_queue_size(settings.max_queued_spans)
            .build();
        builder = builder.with_span_processor(BatchSpanProcessor::builder(exporter).with_batch_config(batches).build());
    }
    Ok(builder.build())
}

/// Makes the `traceparent` (and `tracestate`) of `headers` the parent of `span`; headers
/// without a valid one leave it a root span.
pub fn follow_incoming_trace(span: &tracing::Span, headers: &HeaderMap) {
    let parent = TraceContextPropagator::new().extract(&HeaderExtractor(headers));
    // Only fails when the span is disabled (filtered out); there is nothing to follow then.
    let _ = span.set_parent(parent);
}

/// The W3C trace-context headers of the current span, for an upstream call; empty when the
/// current span is not traced.
pub fn outgoing_trace_headers() -> HeaderMap {
    let mut headers = HeaderMap::new();
    let context: Context = tracing::Span::current().context();
    TraceContextPropagator::new().inject_context(&context, &mut HeaderInjector(&mut headers));
    headers
}
