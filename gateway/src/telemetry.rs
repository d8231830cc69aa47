//! Structured logs and traces.
//!
//! Logs: JSON lines on stderr, one span per request carrying its request id. The level comes
//! from `RUST_LOG` (default `info`); it does not limit the spans traced (`info` and above).
//!
//! Traces: with `telemetry.otlp_endpoint` set, every `tracing` span also becomes an
//! OpenTelemetry span (`tracing-opentelemetry`), so upstream calls carry the W3C `traceparent`
//! of the span that made them, an incoming `traceparent` becomes the parent of the request's
//! span, and finished spans are exported in batches over OTLP/HTTP (JSON bodies) from the batch
//! processor's own thread.
//!
//! Without an endpoint nothing is exported, so no OpenTelemetry span is built at all: the
//! request's span only carries its trace context (the incoming `traceparent`'s trace, or a new
//! one sampled at `telemetry.sampling_ratio`), and each upstream call gets a `traceparent` of
//! that trace with a span id of its own. Building, timing and dropping an OpenTelemetry span
//! for every `tracing` span and event cost more than the rest of a pass-through request.

use std::sync::{
    OnceLock,
    atomic::{AtomicBool, Ordering},
};
use std::time::Duration;

use axum::http::HeaderMap;
use opentelemetry::{
    Context as TraceContext,
    propagation::TextMapPropagator,
    trace::{SpanContext, SpanId, TraceContextExt, TraceFlags, TraceId, TraceState, TracerProvider as _},
};
use opentelemetry_http::{HeaderExtractor, HeaderInjector};
use opentelemetry_otlp::{Protocol, WithExportConfig};
use opentelemetry_sdk::{
    Resource,
    propagation::TraceContextPropagator,
    trace::{BatchConfigBuilder, BatchSpanProcessor, Sampler, SdkTracerProvider},
};
use rand::Rng;
use tracing::{Level, Metadata, subscriber::Interest};
use tracing_opentelemetry::OpenTelemetrySpanExt;
use tracing_subscriber::{
    EnvFilter, Layer, Registry,
    filter::LevelFilter,
    fmt,
    layer::{Context, Filter},
    prelude::*,
    registry::{LookupSpan, SpanRef},
};

use crate::config::TelemetrySettings;

/// The tracer provider installed by [`init`], kept to flush it at exit.
static PROVIDER: OnceLock<SdkTracerProvider> = OnceLock::new();
/// Whether spans are exported (the OpenTelemetry layer is installed).
static EXPORTING: AtomicBool = AtomicBool::new(false);
/// `telemetry.sampling_ratio`, for traces started here when nothing is exported.
static SAMPLING_RATIO: OnceLock<f64> = OnceLock::new();

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
    let log_lines = fmt::layer()
        .json()
        .with_current_span(true)
        .with_span_list(false)
        .with_writer(std::io::stderr)
        .with_filter(logs);
    let exporting = settings.otlp_endpoint.is_some();
    let traces = if exporting {
        tracing_opentelemetry::layer().with_tracer(provider.tracer("gateway")).with_filter(LevelFilter::INFO).boxed()
    } else {
        TraceContextOnly.with_filter(InfoSpansOnly).boxed()
    };
    let installed = tracing_subscriber::registry().with(log_lines).with(traces).try_init();
    if installed.is_ok() {
        EXPORTING.store(exporting, Ordering::Relaxed);
        let _ = SAMPLING_RATIO.set(settings.sampling_ratio);
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

/// The layer installed when nothing is exported: it records nothing, but keeps `info` spans
/// alive whatever the log level, so a request's span can carry its [`RequestTrace`].
struct TraceContextOnly;

impl<S: tracing::Subscriber> Layer<S> for TraceContextOnly {}

/// Spans of level `info` and above, no events: decided once per call site.
struct InfoSpansOnly;

impl InfoSpansOnly {
    fn wants(metadata: &Metadata<'_>) -> bool {
        metadata.is_span() && *metadata.level() <= Level::INFO
    }
}

impl<S> Filter<S> for InfoSpansOnly {
    fn enabled(&self, metadata: &Metadata<'_>, _: &Context<'_, S>) -> bool {
        Self::wants(metadata)
    }

    fn callsite_enabled(&self, metadata: &'static Metadata<'static>) -> Interest {
        if Self::wants(metadata) { Interest::always() } else { Interest::never() }
    }
}

/// The trace a request belongs to, kept in its span when nothing is exported.
#[derive(Debug, Clone)]
struct RequestTrace(SpanContext);

/// Makes the `traceparent` (and `tracestate`) of `headers` the parent of `span`; headers
/// without a valid one leave it a root span.
pub fn follow_incoming_trace(span: &tracing::Span, headers: &HeaderMap) {
    let parent = TraceContextPropagator::new().extract(&HeaderExtractor(headers));
    if EXPORTING.load(Ordering::Relaxed) {
        // Only fails when the span is disabled (filtered out); there is nothing to follow then.
        let _ = span.set_parent(parent);
        return;
    }
    let remote = parent.span().span_context().clone();
    let trace = if remote.is_valid() {
        remote
    } else {
        let ratio = SAMPLING_RATIO.get().copied().unwrap_or(1.0);
        let mut rng = rand::rng();
        let sampled = ratio >= 1.0 || rng.random::<f64>() < ratio;
        let flags = if sampled { TraceFlags::SAMPLED } else { TraceFlags::default() };
        SpanContext::new(TraceId::from(rng.random::<u128>().max(1)), SpanId::INVALID, flags, false, TraceState::NONE)
    };
    with_registry_span(span, |s| s.extensions_mut().insert(RequestTrace(trace)));
}

/// The W3C trace-context headers of the current span, for an upstream call; empty when the
/// current span is not traced.
pub fn outgoing_trace_headers() -> HeaderMap {
    let mut headers = HeaderMap::new();
    let context = if EXPORTING.load(Ordering::Relaxed) {
        tracing::Span::current().context()
    } else {
        let found = with_registry_span(&tracing::Span::current(), |s| {
            s.scope().find_map(|s| s.extensions().get::<RequestTrace>().map(|t| t.0.clone()))
        })
        .flatten();
        let Some(trace) = found else { return headers };
        let span_id = SpanId::from(rand::rng().random::<u64>().max(1));
        let call = SpanContext::new(trace.trace_id(), span_id, trace.trace_flags(), false, trace.trace_state().clone());
        TraceContext::new().with_remote_span_context(call)
    };
    TraceContextPropagator::new().inject_context(&context, &mut HeaderInjector(&mut headers));
    headers
}

/// Runs `f` on the registry's record of `span`, when the installed subscriber keeps one.
fn with_registry_span<R>(span: &tracing::Span, f: impl FnOnce(SpanRef<'_, Registry>) -> R) -> Option<R> {
    span.with_subscriber(|(id, dispatch)| dispatch.downcast_ref::<Registry>().and_then(|r| r.span(id)).map(f)).flatten()
}

#[cfg(test)]
mod tests {
    use axum::http::{HeaderMap, HeaderValue};

    use super::*;

    fn traceparent(headers: &HeaderMap) -> Vec<String> {
        let value = headers.get("traceparent").expect("a traceparent").to_str().expect("ascii");
        value.split('-').map(String::from).collect()
    }

    /// Without an OTLP endpoint no span is exported, yet upstream calls still carry the
    /// request's trace: the incoming one, or one started here and shared by its calls.
    #[test]
    fn without_export_upstream_calls_carry_the_request_trace() {
        let settings = TelemetrySettings {
            otlp_endpoint: None,
            service_name: "test".into(),
            sampling_ratio: 1.0,
            export_interval_ms: 5000,
            export_timeout_ms: 10000,
            max_queued_spans: 16,
        };
        init_with_log_filter(&settings, EnvFilter::new("off")).expect("telemetry");

        let mut incoming = HeaderMap::new();
        incoming
            .insert("traceparent", HeaderValue::from_static("00-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-01"));
        let request = tracing::info_span!("request");
        follow_incoming_trace(&request, &incoming);
        let call = request.in_scope(|| tracing::info_span!("upstream call").in_scope(outgoing_trace_headers));
        let parts = traceparent(&call);
        assert_eq!(parts[1], "4bf92f3577b34da6a3ce929d0e0e4736", "the incoming trace goes on");
        assert_ne!(parts[2], "00f067aa0ba902b7", "the gateway's own span is the parent upstream");
        assert_eq!(parts[3], "01");

        let request = tracing::info_span!("request");
        follow_incoming_trace(&request, &HeaderMap::new());
        let first = traceparent(&request.in_scope(outgoing_trace_headers));
        let second = traceparent(&request.in_scope(outgoing_trace_headers));
        assert_eq!(first[1], second[1], "one trace per request");
        assert_ne!(first[1], "4bf92f3577b34da6a3ce929d0e0e4736");
        assert_ne!(first[2], second[2], "a span id per call");
        assert_eq!(first[3], "01", "sampled at ratio 1.0");

        assert!(outgoing_trace_headers().is_empty(), "no request, no trace");
    }
}
