//! `wythoff serve`: one page and a small JSON API over `wythoff::answer`
//! (axum on tokio). Glue only: [`api`] checks each request like the CLI
//! argument it stands for and calls the library; the bodies are rendered by
//! `crate::render::serve` (or the CLI's own JSON writers); [`cache`] shares one
//! computation among requests for the same board; [`conn`] runs the
//! connections (their bounds and timeouts). The page (`page/`: HTML, CSS,
//! JavaScript) is compiled into the binary; no file is read from disk.
//!
//! Every route of the API takes its parameters as the query of a GET, or as
//! the form-encoded body of a POST (for a long `rules=` text: a request line
//! is at most 65534 bytes, a body [`api::PARAMS_MAX`]); any other method, and
//! every refusal, is answered with `{"error": "<one line>"}`.

pub mod api;
pub mod cache;
pub mod conn;

use axum::extract::{FromRequest, Request, State};
use axum::http::{header, HeaderValue, Method, StatusCode};
use axum::response::{IntoResponse, Response};
use axum::routing::get;
use axum::Router;
use cache::Cache;
use std::sync::Arc;

/// Bytes of JSON bodies the cache keeps.
pub const CACHE_BYTES: usize = 64 << 20;

const INDEX_HTML: &str = include_str!("page/index.html");
const APP_JS: &str = include_str!("page/app.js");
const STYLE_CSS: &str = include_str!("page/style.css");
const FAVICON_SVG: &str = include_str!("page/favicon.svg");

struct App {
    cache: Arc<Cache>,
    conns: Arc<conn::Connections>,
    /// `/api/play` rebuilds its session (a remoteness table) for each request:
    /// a few at a time.
    play: tokio::sync::Semaphore,
}

type Shared = Arc<App>;

fn json_body(status: StatusCode, body: impl Into<axum::body::Body>) -> Response {
    let mut r = (status, body.into()).into_response();
    r.headers_mut().insert(
        header::CONTENT_TYPE,
        HeaderValue::from_static("application/json"),
    );
    r
}

/// A refused request: HTTP 400 with `{"error": "<one line>"}`.
fn bad_request(msg: &str) -> Response {
    let v = serde_json::json!({ "error": api::message(msg) });
    json_body(StatusCode::BAD_REQUEST, v.to_string())
}

fn not_found() -> Response {
    let v = serde_json::json!({ "error": "not found" });
    json_body(StatusCode::NOT_FOUND, v.to_string())
}

fn method_not_allowed() -> Response {
    let v = serde_json::json!({
        "error": "this method is not allowed here: the API takes GET (parameters in the query) or POST (parameters as a form-encoded body), the page GET"
    });
    let mut r = json_body(StatusCode::METHOD_NOT_ALLOWED, v.to_string());
    r.headers_mut()
        .insert(header::ALLOW, HeaderValue::from_static("GET, HEAD, POST"));
    r
}

/// The cached body itself (`Bytes`: shared, not copied).
fn ok_body(body: cache::Body) -> Response {
    match body {
        Ok(b) => json_body(StatusCode::OK, b),
        Err(e) => bad_request(&e),
    }
}

/// A request's parameters: the query of a GET, or the form-encoded body of
/// a POST (at most [`api::PARAMS_MAX`] bytes).
struct Params(Option<String>);

impl<S: Send + Sync> FromRequest<S> for Params {
    type Rejection = Response;

    async fn from_request(req: Request, _: &S) -> Result<Params, Response> {
        if req.method() != Method::POST {
            return Ok(Params(req.uri().query().map(str::to_string)));
        }
        if req.uri().query().is_some() {
            return Err(bad_request(
                "give the parameters in the query or in the body, not both",
            ));
        }
        let too_large = || {
            let max = api::PARAMS_MAX;
            let v = serde_json::json!({
                "error": format!("the body is over {max} bytes: a rules= text is at most 1 MiB")
            });
            json_body(StatusCode::PAYLOAD_TOO_LARGE, v.to_string())
        };
        // a body declared over the bound is refused before any of it is read
        // (and so before hyper answers `Expect: 100-continue`)
        let declared = req
            .headers()
            .get(axum::http::header::CONTENT_LENGTH)
            .and_then(|v| v.to_str().ok())
            .and_then(|v| v.trim().parse::<u64>().ok());
        if declared.is_some_and(|n| n > api::PARAMS_MAX as u64) {
            return Err(too_large());
        }
        let body = tokio::time::timeout(conn::BODY_TIMEOUT, read_capped(req.into_body(), api::PARAMS_MAX))
            .await
            .map_err(|_| {
                let v = serde_json::json!({
                    "error": format!("the body did not arrive within {} s of the headers", conn::BODY_TIMEOUT.as_secs())
                });
                json_body(StatusCode::REQUEST_TIMEOUT, v.to_string())
            })?;
        let body = match body {
            Capped::Whole(b) => b,
            Capped::TooLong => return Err(too_large()),
            Capped::Broken => {
                return Err(bad_request(
                    "the body is malformed or was cut off (its chunks or its length)",
                ))
            }
        };
        let text = String::from_utf8(body.to_vec())
            .map_err(|_| bad_request("the body is not UTF-8 text (form-encoded parameters)"))?;
        Ok(Params(Some(text)))
    }
}

/// What reading a POST body gave.
enum Capped {
    /// The whole body, within the bound.
    Whole(bytes::Bytes),
    /// Over the bound (413).
    TooLong,
    /// Malformed (a bad chunk size) or cut off within the bound (400).
    Broken,
}

/// Bytes of an over-long body read and thrown away before the 413 is sent.
const DRAIN_MAX: usize = 4 * api::PARAMS_MAX;
/// How long an over-long body is read and thrown away at most.
const DRAIN_SECS: u64 = 5;

/// The body, if it ends within `max` bytes. A longer one is read on and
/// thrown away (at most [`DRAIN_MAX`] bytes, [`DRAIN_SECS`] seconds) before
/// the refusal is sent: a client still writing its body would otherwise meet
/// a closed connection (a reset) and never read the 413.
async fn read_capped(mut body: axum::body::Body, max: usize) -> Capped {
    use http_body_util::BodyExt;
    let mut kept = bytes::BytesMut::new();
    let mut total = 0usize;
    let deadline = tokio::time::Instant::now() + std::time::Duration::from_secs(DRAIN_SECS);
    loop {
        let frame = if total > max {
            match tokio::time::timeout_at(deadline, body.frame()).await {
                Ok(f) => f,
                Err(_) => return Capped::TooLong,
            }
        } else {
            body.frame().await
        };
        let Some(Ok(frame)) = frame else {
            // the end (or a body cut off: an error)
            return match frame {
                None if total <= max => Capped::Whole(kept.freeze()),
                _ if total > max => Capped::TooLong,
                _ => Capped::Broken,
            };
        };
        if let Ok(data) = frame.into_data() {
            total = total.saturating_add(data.len());
            if total <= max {
                kept.extend_from_slice(&data);
            } else {
                kept = bytes::BytesMut::new();
                if total > max.saturating_add(DRAIN_MAX) {
                    return Capped::TooLong;
                }
            }
        }
    }
}

/// A checked request run through the cache (one computation per key);
/// `heavy`: a board computation (one at a time).
async fn cached(app: &App, job: Result<api::Job, String>, heavy: bool) -> Response {
    let job = match job {
        Ok(j) => j,
        Err(e) => return bad_request(&e),
    };
    ok_body(app.cache.get(job.key, heavy, job.work).await)
}

/// The routes of a board computation.
async fn board(
    app: &App,
    raw: Option<String>,
    allowed: &[&str],
    f: fn(&api::Query) -> Result<api::Job, String>,
) -> Response {
    let job = api::Query::parse(raw.as_deref(), allowed).and_then(|q| f(&q));
    cached(app, job, true).await
}

async fn p_positions(State(app): State<Shared>, Params(q): Params) -> Response {
    board(
        &app,
        q,
        &["game", "rules", "max", "misere"],
        api::p_positions,
    )
    .await
}

async fn grundy(State(app): State<Shared>, Params(q): Params) -> Response {
    board(&app, q, &["game", "rules", "max", "values"], api::grundy).await
}

async fn remoteness(State(app): State<Shared>, Params(q): Params) -> Response {
    board(
        &app,
        q,
        &["game", "rules", "max", "misere"],
        api::remoteness,
    )
    .await
}

async fn patterns(State(app): State<Shared>, Params(q): Params) -> Response {
    board(
        &app,
        q,
        &["game", "rules", "max", "misere", "grundy", "format"],
        api::patterns,
    )
    .await
}

async fn compare(State(app): State<Shared>, Params(q): Params) -> Response {
    board(&app, q, &["a", "b", "max"], api::compare).await
}

async fn outcome(State(app): State<Shared>, Params(q): Params) -> Response {
    let job = api::Query::parse(
        q.as_deref(),
        &["game", "rules", "x", "y", "misere", "history"],
    )
    .and_then(|q| api::outcome(&q));
    match job {
        Ok((job, heavy)) => cached(&app, Ok(job), heavy).await,
        Err(e) => cached(&app, Err(e), false).await,
    }
}

async fn play(State(app): State<Shared>, Params(q): Params) -> Response {
    let q = match api::Query::parse(
        q.as_deref(),
        &[
            "game", "rules", "misere", "start", "moves", "computer", "seed",
        ],
    ) {
        Ok(q) => q,
        Err(e) => return bad_request(&e),
    };
    let Ok(_permit) = app.play.acquire().await else {
        return bad_request("the server is stopping");
    };
    match tokio::task::spawn_blocking(move || api::play(&q)).await {
        Ok(Ok(body)) => json_body(StatusCode::OK, body),
        Ok(Err(e)) => bad_request(&e),
        Err(e) => bad_request(&format!("the computation failed: {e}")),
    }
}

async fn games(Params(q): Params) -> Response {
    if let Err(e) = api::Query::parse(q.as_deref(), &[]) {
        return bad_request(&e);
    }
    json_body(StatusCode::OK, wythoff::answer::games_json().to_string())
}

async fn palette() -> Response {
    json_body(StatusCode::OK, crate::render::serve::palette())
}

/// `/api/stats`: computations run, cache entries and bytes, the server's bounds.
async fn stats(State(app): State<Shared>) -> Response {
    let (entries, bytes) = app.cache.size();
    let v = serde_json::json!({
        "solves": app.cache.solves(),
        "cache_entries": entries,
        "cache_bytes": bytes,
        "cache_budget": app.cache.budget(),
        "table_max": api::TABLE_MAX,
        "list_max": api::LIST_MAX,
        "list_positions": api::LIST_POSITIONS,
        "time_bound_seconds": api::TIME_BOUND,
        "abandoned": app.cache.abandoned(),
        "connections": app.conns.open(),
        "connection_limit": app.conns.limit(),
        "header_timeout_seconds": conn::HEADER_TIMEOUT.as_secs(),
        "body_timeout_seconds": conn::BODY_TIMEOUT.as_secs(),
        "stall_timeout_seconds": conn::STALL_TIMEOUT.as_secs(),
        "params_max": api::PARAMS_MAX,
    });
    json_body(StatusCode::OK, v.to_string())
}

fn asset(content_type: &'static str, body: &'static str) -> Response {
    let mut r = body.into_response();
    r.headers_mut()
        .insert(header::CONTENT_TYPE, HeaderValue::from_static(content_type));
    r
}

/// The page's files, by exact name: nothing else is served (no file system).
async fn static_file(axum::extract::Path(name): axum::extract::Path<String>) -> Response {
    match name.as_str() {
        "app.js" => asset("text/javascript; charset=utf-8", APP_JS),
        "style.css" => asset("text/css; charset=utf-8", STYLE_CSS),
        "favicon.svg" => asset("image/svg+xml", FAVICON_SVG),
        _ => not_found(),
    }
}

/// The application: every route.
fn router(conns: Arc<conn::Connections>) -> Router {
    let app = Arc::new(App {
        cache: Arc::new(Cache::new(CACHE_BYTES)),
        conns,
        play: tokio::sync::Semaphore::new(2),
    });
    Router::new()
        .route(
            "/",
            get(|| async { asset("text/html; charset=utf-8", INDEX_HTML) }),
        )
        .route(
            "/favicon.ico",
            get(|| async { asset("image/svg+xml", FAVICON_SVG) }),
        )
        .route("/static/{name}", get(static_file))
        .route("/api/games", get(games).post(games))
        .route("/api/palette", get(palette))
        .route("/api/stats", get(stats))
        .route("/api/p-positions", get(p_positions).post(p_positions))
        .route("/api/grundy", get(grundy).post(grundy))
        .route("/api/remoteness", get(remoteness).post(remoteness))
        .route("/api/patterns", get(patterns).post(patterns))
        .route("/api/compare", get(compare).post(compare))
        .route("/api/outcome", get(outcome).post(outcome))
        .route("/api/play", get(play).post(play))
        // a method the server never takes (`OPTIONS *`, `CONNECT host:port`,
        // `TRACE`) is a 405 on any target; an unknown path a 404
        .fallback(|method: Method| async move {
            if [Method::GET, Method::HEAD, Method::POST].contains(&method) {
                not_found()
            } else {
                method_not_allowed()
            }
        })
        .method_not_allowed_fallback(|| async { method_not_allowed() })
        .with_state(app)
}

/// Ctrl-C (SIGINT) and SIGTERM, registered when made (before the address is
/// printed, so that a signal sent as soon as it is read is not missed);
/// [`Signals::recv`] resolves on the first.
struct Signals {
    #[cfg(unix)]
    int: tokio::signal::unix::Signal,
    #[cfg(unix)]
    term: tokio::signal::unix::Signal,
}

impl Signals {
    fn new() -> anyhow::Result<Signals> {
        #[cfg(unix)]
        {
            use tokio::signal::unix::{signal, SignalKind};
            let e = |e| anyhow::anyhow!("cannot listen for Ctrl-C: {e}");
            Ok(Signals {
                int: signal(SignalKind::interrupt()).map_err(e)?,
                term: signal(SignalKind::terminate()).map_err(e)?,
            })
        }
        #[cfg(not(unix))]
        Ok(Signals {})
    }

    async fn recv(mut self) {
        #[cfg(unix)]
        tokio::select! {
            _ = self.int.recv() => {},
            _ = self.term.recv() => {},
        }
        #[cfg(not(unix))]
        {
            let _ = &mut self;
            let _ = tokio::signal::ctrl_c().await;
        }
    }
}

/// How long requests still running at Ctrl-C may take to finish.
pub const GRACE: std::time::Duration = std::time::Duration::from_secs(2);

/// Serve on `bind` until Ctrl-C (or SIGTERM); `announce` is called with the
/// address once the socket is bound. At the signal the server stops
/// accepting, lets running requests finish for [`GRACE`], then returns (a
/// solve still running then is abandoned with the process).
pub fn run(
    bind: std::net::SocketAddr,
    announce: impl FnOnce(std::net::SocketAddr),
) -> anyhow::Result<()> {
    let rt = tokio::runtime::Builder::new_multi_thread()
        .worker_threads(2)
        .max_blocking_threads(16)
        .enable_all()
        .build()
        .map_err(|e| anyhow::anyhow!("cannot start the server's threads: {e}"))?;
    rt.block_on(async move {
        let listener = tokio::net::TcpListener::bind(bind)
            .await
            .map_err(|e| anyhow::anyhow!("cannot listen on {bind}: {e}"))?;
        let addr = listener.local_addr()?;
        let signals = Signals::new()?;
        announce(addr);
        let (tx, rx) = tokio::sync::watch::channel(false);
        let mut stopping = rx.clone();
        let conns = Arc::new(conn::Connections::new());
        let server = conn::serve(listener, router(conns.clone()), conns, async move {
            signals.recv().await;
            let _ = tx.send(true);
        });
        let grace = async move {
            let _ = stopping.wait_for(|&s| s).await;
            tokio::time::sleep(GRACE).await;
        };
        drop(rx);
        tokio::select! {
            () = server => Ok::<(), anyhow::Error>(()),
            () = grace => Ok(()),
        }
    })?;
    rt.shutdown_timeout(std::time::Duration::from_millis(100));
    Ok(())
}
