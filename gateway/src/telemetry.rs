//! Structured logs and traces.
//!
//! Logs: JSON lines on stderr, one span per request carrying its request id. The level comes
//! from `RUST_LOG` (default `info`).
//!
//! Traces: with `telemetry.otlp_endpoint` set, every `tracing` span of level `info` and above
//! also becomes an OpenTelemetry span (`tracing-opentelemetry`), so upstream calls carry the W3C
//! `traceparent` of the span that made them, an incoming `traceparent` becomes the parent of the
//! request's span, and finished spans are exported in batches over OTLP/HTTP (JSON bodies) from
//! the batch processor's own thread.
//!
//! Without an endpoint nothing is exported, so no OpenTelemetry span is built at all and the
//! trace context needs no span either: the outer layers leave every request a `traceparent`
//! header ([`settle_trace_context`]: the incoming one when valid, else a new trace sampled at
//! `telemetry.sampling_ratio`), which the request's upstream calls read as they read its request
//! id ([`RequestTrace`]); each call gets a `traceparent` of that trace with a span id of its own.
//! A request's span then exists only when its log lines are wanted: building, entering and
//! dropping a span per request for its trace context alone cost about a tenth of a
//! pass-through request's CPU, logs off.

use std::sync::{
    OnceLock,
    atomic::{AtomicBool, Ordering},
};
use std::time::Duration;

use axum::http::{HeaderMap, HeaderValue};
use opentelemetry::{
    propagation::TextMapPropagator,
    trace::{TraceContextExt, TracerProvider as _},
};
use opentelemetry_http::{HeaderExtractor, HeaderInjector};
use opentelemetry_otlp::{Protocol, WithExportConfig};
use opentelemetry_sdk::{
    Resource,
    propagation::TraceContextPropagator,
    trace::{BatchConfigBuilder, BatchSpanProcessor, Sampler, SdkTracerProvider},
};
use rand::Rng;
use tracing_opentelemetry::OpenTelemetrySpanExt;
use tracing_subscriber::{EnvFilter, Layer, filter::LevelFilter, fmt, prelude::*};

use crate::{
    config::TelemetrySettings,
    headers::{TRACEPARENT, TRACESTATE},
};

/// The tracer provider installed by [`init`], kept to flush it at exit.
static PROVIDER: OnceLock<SdkTracerProvider> = OnceLock::new();
/// Whether spans are exported (the OpenTelemetry layer is installed).
static EXPORTING: AtomicBool = AtomicBool::new(false);
/// `telemetry.sampling_ratio`, for traces started here when nothing is exported.
static SAMPLING_RATIO: OnceLock<f64> = OnceLock::new();

/// `00-` + 32 hex digits of trace id + `-` + 16 of parent id + `-` + 2 of flags.
const TRACEPARENT_LEN: usize = 55;
/// Where the trace id, the parent id and the flags stand in a `traceparent` of version 00.
const TRACE_ID_DIGITS: std::ops::Range<usize> = 3..35;
const PARENT_ID_DIGITS: std::ops::Range<usize> = 36..52;
const FLAGS_DIGITS: std::ops::Range<usize> = 53..55;

/// Installs the global subscriber once, logging at the level of `RUST_LOG` (default `info`);
/// later calls do nothing (tests start many apps in one process). Fails only when the OTLP
/// exporter cannot be built from the settings.
pub fn init(settings: &TelemetrySettings) -> anyhow::Result<()> {
    let logs = EnvFilter::try_from_default_env().unwrap_or_else(|_| EnvFilter::new("info"));
    init_with_log_filter(settings, logs)
}

/// Like [`init`], with the log lines filtered by `logs`; when spans are exported, those of level
/// `info` and above are traced whatever the log filter says.
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
    let traces = exporting
        .then(|| tracing_opentelemetry::layer().with_tracer(provider.tracer("gateway")).with_filter(LevelFilter::INFO));
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

/// When nothing is exported, leaves the request's `headers` one `traceparent` of version 00:
/// the incoming one when it is valid and alone (a valid one of a later version is rewritten as
/// 00, as W3C Trace Context asks), else a new trace sampled at `telemetry.sampling_ratio` (any
/// `tracestate` of the refused one goes too). When spans are exported the request's span
/// follows the incoming headers instead ([`follow_incoming_trace`]) and they stay as they are.
pub fn settle_trace_context(headers: &mut HeaderMap) {
    if EXPORTING.load(Ordering::Relaxed) {
        return;
    }
    let mut values = headers.get_all(TRACEPARENT).iter();
    let (single, as_sent) = match (values.next(), values.next()) {
        (Some(v), None) => (true, v.len() == TRACEPARENT_LEN && v.as_bytes().starts_with(b"00-")),
        _ => (false, false),
    };
    let found = if single {
        incoming(headers).span().span_context().clone()
    } else {
        opentelemetry::trace::SpanContext::empty_context()
    };
    if found.is_valid() && as_sent {
        return;
    }
    let (trace_id, flags) = if found.is_valid() {
        (u128::from_be_bytes(found.trace_id().to_bytes()), found.trace_flags().to_u8())
    } else {
        headers.remove(TRACESTATE);
        let ratio = SAMPLING_RATIO.get().copied().unwrap_or(1.0);
        let mut rng = rand::rng();
        let sampled = ratio >= 1.0 || rng.random::<f64>() < ratio;
        (rng.random::<u128>().max(1), u8::from(sampled))
    };
    // The parent id is never read: each upstream call names a span id of its own. Written into
    // a fixed buffer, as this runs on every request without a valid traceparent.
    let mut value: [u8; TRACEPARENT_LEN] = *b"00-00000000000000000000000000000000-0000000000000001-00";
    hex::encode_to_slice(trace_id.to_be_bytes(), &mut value[TRACE_ID_DIGITS]).expect("32 digits for 16 bytes");
    hex::encode_to_slice([flags], &mut value[FLAGS_DIGITS]).expect("2 digits for 1 byte");
    headers.insert(TRACEPARENT, HeaderValue::from_bytes(&value).expect("hex digits and dashes"));
}

/// The trace context of the incoming trace-context headers (with an invalid span context when
/// there is none).
fn incoming(headers: &HeaderMap) -> opentelemetry::Context {
    TraceContextPropagator::new().extract(&HeaderExtractor(headers))
}

/// Makes the `traceparent` (and `tracestate`) of `headers` the parent of `span` when spans are
/// exported; headers without a valid one leave it a root span.
pub fn follow_incoming_trace(span: &tracing::Span, headers: &HeaderMap) {
    if EXPORTING.load(Ordering::Relaxed) {
        let parent = incoming(headers);
        // Only fails when the span is disabled (filtered out); there is nothing to follow then.
        let _ = span.set_parent(parent);
    }
}

/// A request's trace as its upstream calls carry it when nothing is exported: its `traceparent`
/// (left by [`settle_trace_context`]) and `tracestate`, read from its headers like its request id.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct RequestTrace {
    traceparent: HeaderValue,
    tracestate: Option<HeaderValue>,
}

impl RequestTrace {
    /// The trace of a request whose headers went through [`settle_trace_context`]; `None`
    /// otherwise (or when spans are exported: the current span carries the trace then).
    pub fn of(headers: &HeaderMap) -> Option<Self> {
        let traceparent = headers.get(TRACEPARENT).filter(|v| v.len() == TRACEPARENT_LEN)?.clone();
        Some(RequestTrace { traceparent, tracestate: headers.get(TRACESTATE).cloned() })
    }
}

/// Adds the W3C trace-context headers of an upstream call to `out`: when spans are exported,
/// those of the current span; else those of `trace` with a new span id. Adds nothing when the
/// call belongs to no trace.
pub fn add_trace_headers(trace: Option<&RequestTrace>, out: &mut HeaderMap) {
    if EXPORTING.load(Ordering::Relaxed) {
        let context = tracing::Span::current().context();
        TraceContextPropagator::new().inject_context(&context, &mut HeaderInjector(out));
        return;
    }
    let Some(trace) = trace else { return };
    // The request's traceparent (its length checked by `RequestTrace::of`) with this call's span id.
    let request = trace.traceparent.as_bytes();
    let span_id = rand::rng().random::<u64>().max(1);
    let mut value = [0u8; TRACEPARENT_LEN];
    value.copy_from_slice(request);
    hex::encode_to_slice(span_id.to_be_bytes(), &mut value[PARENT_ID_DIGITS]).expect("16 digits for 8 bytes");
    out.insert(TRACEPARENT, HeaderValue::from_bytes(&value).expect("the bytes of a traceparent"));
    if let Some(state) = &trace.tracestate {
        out.insert(TRACESTATE, state.clone());
    }
}

#[cfg(test)]
mod tests {
    use axum::http::{HeaderMap, HeaderValue};

    use super::*;

    const INCOMING: &str = "00-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-01";

    /// [`add_trace_headers`] into a map of their own.
    fn trace_headers(trace: Option<&RequestTrace>) -> HeaderMap {
        let mut headers = HeaderMap::new();
        add_trace_headers(trace, &mut headers);
        headers
    }

    fn traceparent(headers: &HeaderMap) -> Vec<String> {
        let value = headers.get("traceparent").expect("a traceparent").to_str().expect("ascii");
        value.split('-').map(String::from).collect()
    }

    /// The headers of a request after the outer layers, with these incoming ones.
    fn settled(incoming: &[(&'static str, &'static str)]) -> HeaderMap {
        let mut headers = HeaderMap::new();
        for (name, value) in incoming {
            headers.append(*name, HeaderValue::from_static(value));
        }
        settle_trace_context(&mut headers);
        headers
    }

    fn quiet_init() {
        let settings = TelemetrySettings {
            otlp_endpoint: None,
            service_name: "test".into(),
            sampling_ratio: 1.0,
            export_interval_ms: 5000,
            export_timeout_ms: 10000,
            max_queued_spans: 16,
        };
        init_with_log_filter(&settings, EnvFilter::new("off")).expect("telemetry");
    }

    /// Without an OTLP endpoint no span is exported, yet upstream calls still carry the
    /// request's trace: the incoming one, or one started here and shared by its calls.
    #[test]
    fn without_export_upstream_calls_carry_the_request_trace() {
        quiet_init();
        let headers = settled(&[("traceparent", INCOMING), ("tracestate", "vendor=1")]);
        assert_eq!(headers.get("traceparent").expect("kept"), INCOMING, "a valid incoming trace is kept as it is");
        let trace = RequestTrace::of(&headers);
        let call = trace_headers(trace.as_ref());
        let parts = traceparent(&call);
        assert_eq!(parts[0], "00");
        assert_eq!(parts[1], "4bf92f3577b34da6a3ce929d0e0e4736", "the incoming trace goes on");
        assert_ne!(parts[2], "00f067aa0ba902b7", "the gateway's own span is the parent upstream");
        assert_eq!(parts[2].len(), 16);
        assert_eq!(parts[3], "01");
        assert_eq!(call.get("tracestate").expect("passed on"), "vendor=1");

        let headers = settled(&[]);
        let trace = RequestTrace::of(&headers);
        let first = traceparent(&trace_headers(trace.as_ref()));
        let second = traceparent(&trace_headers(trace.as_ref()));
        assert_eq!(first[1], second[1], "one trace per request");
        assert_eq!(first[1].len(), 32);
        assert_ne!(first[1], "0".repeat(32));
        assert_ne!(first[1], "4bf92f3577b34da6a3ce929d0e0e4736");
        assert_ne!(first[2], second[2], "a span id per call");
        assert_eq!(first[3], "01", "sampled at ratio 1.0");

        assert!(trace_headers(None).is_empty(), "no request, no trace");
    }

    /// W3C Trace Context: an invalid `traceparent` (with its `tracestate`) is replaced by a new
    /// trace, two of them too; a valid one of a later version goes on as version 00.
    #[test]
    fn without_export_an_unfit_incoming_trace_is_replaced() {
        quiet_init();
        let zero_trace = "00-00000000000000000000000000000000-00f067aa0ba902b7-01";
        let cases: [(&str, &[(&'static str, &'static str)]); 4] = [
            ("not hex", &[("traceparent", "00-xyz-00f067aa0ba902b7-01"), ("tracestate", "vendor=1")]),
            ("a zero trace id", &[("traceparent", zero_trace)]),
            ("two of them", &[("traceparent", INCOMING), ("traceparent", INCOMING)]),
            ("version ff", &[("traceparent", "ff-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-01")]),
        ];
        for (case, incoming) in cases {
            let headers = settled(incoming);
            assert_eq!(headers.get_all("traceparent").iter().count(), 1, "{case}: one traceparent");
            let parts = traceparent(&headers);
            assert_eq!(parts[0], "00", "{case}");
            assert_ne!(parts[1], "4bf92f3577b34da6a3ce929d0e0e4736", "{case}: a new trace");
            assert_ne!(parts[1], "0".repeat(32), "{case}");
            assert!(headers.get("tracestate").is_none(), "{case}: the refused trace's state goes too");
        }
        let later = settled(&[("traceparent", "01-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-01-future")]);
        let parts = traceparent(&later);
        assert_eq!(
            (parts[0].as_str(), parts[1].as_str(), parts[3].as_str()),
            ("00", "4bf92f3577b34da6a3ce929d0e0e4736", "01"),
            "a later version goes on as 00"
        );
    }
}
