//! The server's connections (hyper's HTTP/1.1 server under the axum router),
//! bounded against clients that hold them:
//! - at most [`Connections::limit`] open at once (half the process's open-file
//!   limit, at most 1024); a connection over it is answered 503 with a JSON
//!   error and closed;
//! - a request's headers must arrive within [`HEADER_TIMEOUT`] of the
//!   connection's start or of the previous response (hyper's header-read
//!   timeout: an idle or slow client is closed), and be at most [`HEAD_MAX`]
//!   bytes; a POST's body within [`BODY_TIMEOUT`] of its headers (a JSON 408);
//! - a response that makes no progress for [`STALL_TIMEOUT`] (a client that
//!   does not read) closes its connection;
//! - the answers hyper writes by itself for what it cannot parse (a request
//!   line over its 65534 bytes, headers too large, not HTTP) carry a JSON
//!   error like every other refusal.
//!
//! Bodies are `bytes::Bytes` written by vectored writes: a response shares the
//! cache's body, it is never copied per connection.

use hyper_util::rt::{TokioIo, TokioTimer};
use hyper_util::service::TowerToHyperService;
use std::future::Future;
use std::io;
use std::pin::Pin;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Arc;
use std::task::{ready, Context, Poll};
use std::time::Duration;
use tokio::io::{AsyncRead, AsyncWrite, ReadBuf};
use tokio::net::{TcpListener, TcpStream};

/// How long a client may take to send a request's headers, counted from the
/// connection's start or from the end of the previous response (an idle
/// keep-alive connection is closed after it).
pub const HEADER_TIMEOUT: Duration = Duration::from_secs(10);
/// How long a POST's body may take to arrive, from the end of its headers
/// (a client that trickles or stops sending its body gets a JSON 408).
pub const BODY_TIMEOUT: Duration = Duration::from_secs(10);
/// How long a response may wait for its client to read before the connection
/// is closed.
pub const STALL_TIMEOUT: Duration = Duration::from_secs(30);
/// The longest request line hyper reads (its own bound, `u16::MAX - 1`).
pub const URI_MAX: usize = 65534;
/// The most bytes of a request's head (request line and headers) hyper
/// buffers; a longer head is answered 431.
pub const HEAD_MAX: usize = 128 << 10;

/// The open connections and their bound.
pub struct Connections {
    limit: usize,
    open: AtomicUsize,
    permits: Arc<tokio::sync::Semaphore>,
}

impl Connections {
    pub fn new() -> Connections {
        let limit = connection_limit();
        Connections {
            limit,
            open: AtomicUsize::new(0),
            permits: Arc::new(tokio::sync::Semaphore::new(limit)),
        }
    }

    /// Connections kept open at most.
    pub fn limit(&self) -> usize {
        self.limit
    }

    /// Connections open now.
    pub fn open(&self) -> usize {
        self.open.load(Ordering::SeqCst)
    }
}

/// Half the open-file limit (the other half for the cache's work, the
/// refusals over the bound and the rest), between 16 and 1024.
fn connection_limit() -> usize {
    let files = open_file_limit().unwrap_or(1024);
    (files / 2).clamp(16, 1024)
}

#[cfg(unix)]
fn open_file_limit() -> Option<usize> {
    let mut r = libc::rlimit {
        rlim_cur: 0,
        rlim_max: 0,
    };
    // SAFETY: getrlimit writes the struct it is given, nothing else.
    let ok = unsafe { libc::getrlimit(libc::RLIMIT_NOFILE, &mut r) } == 0;
    ok.then(|| usize::try_from(r.rlim_cur).unwrap_or(usize::MAX))
}

#[cfg(not(unix))]
fn open_file_limit() -> Option<usize> {
    None
}

/// Serve `app` on `listener` until `shutdown` resolves; then every connection
/// finishes its request in progress (the caller bounds how long it waits).
pub async fn serve(
    listener: TcpListener,
    app: axum::Router,
    conns: Arc<Connections>,
    shutdown: impl Future<Output = ()>,
) {
    let (stop_tx, stop_rx) = tokio::sync::watch::channel(false);
    tokio::pin!(shutdown);
    loop {
        let stream = tokio::select! {
            r = listener.accept() => match r {
                Ok((s, _)) => s,
                Err(_) => {
                    // out of files or a client gone before its accept: wait a
                    // little, the closing connections return files
                    tokio::time::sleep(Duration::from_millis(50)).await;
                    continue;
                }
            },
            () = &mut shutdown => break,
        };
        let Ok(permit) = conns.permits.clone().try_acquire_owned() else {
            tokio::spawn(busy(stream, conns.limit));
            continue;
        };
        let _ = stream.set_nodelay(true);
        let service = TowerToHyperService::new(app.clone());
        let mut stop = stop_rx.clone();
        let conns = conns.clone();
        conns.open.fetch_add(1, Ordering::SeqCst);
        tokio::spawn(async move {
            let conn = hyper::server::conn::http1::Builder::new()
                .timer(TokioTimer::new())
                .header_read_timeout(HEADER_TIMEOUT)
                .max_buf_size(HEAD_MAX)
                .serve_connection(TokioIo::new(Guarded::new(stream)), service);
            tokio::pin!(conn);
            let stopped = tokio::select! {
                _ = conn.as_mut() => false,
                r = stop.wait_for(|&s| s) => r.is_ok(),
            };
            if stopped {
                conn.as_mut().graceful_shutdown();
                let _ = conn.await;
            }
            conns.open.fetch_sub(1, Ordering::SeqCst);
            drop(permit);
        });
    }
    let _ = stop_tx.send(true);
    // every connection done
    let _ = conns.permits.acquire_many(conns.limit as u32).await;
}

/// A connection over the bound: a 503 with its JSON error, then closed.
async fn busy(mut stream: TcpStream, limit: usize) {
    use tokio::io::AsyncWriteExt;
    let msg =
        format!("the server has {limit} connections open, its most: try again in a few seconds");
    let reply = response("503 Service Unavailable", &msg);
    let _ = tokio::time::timeout(Duration::from_secs(1), async {
        stream.write_all(&reply).await?;
        stream.shutdown().await
    })
    .await;
}

/// A whole response: `status` and `{"error": msg}`, then the connection closes.
fn response(status: &str, msg: &str) -> Vec<u8> {
    let body = serde_json::json!({ "error": msg }).to_string();
    format!(
        "HTTP/1.1 {status}\r\ncontent-type: application/json\r\ncontent-length: {}\r\nconnection: close\r\n\r\n{body}",
        body.len()
    )
    .into_bytes()
}

/// The JSON answer in place of a bodiless one hyper writes by itself when it
/// cannot parse a request (`head`: the whole head hyper writes, with
/// `content-length: 0`); `None` for any other write.
fn automatic_error(head: &[u8]) -> Option<Vec<u8>> {
    let text = std::str::from_utf8(head).ok()?;
    if !text.ends_with("\r\n\r\n") || !text.contains("\r\ncontent-length: 0\r\n") {
        return None;
    }
    let (status, msg) = match text.strip_prefix("HTTP/1.1 ")?.get(..3)? {
        "400" => (
            "400 Bad Request",
            "not an HTTP/1.1 request this server can read".to_string(),
        ),
        "414" => (
            "414 URI Too Long",
            format!(
                "the request line is over {URI_MAX} bytes: send long parameters (a rules= text of up to 1 MiB) as the body of a POST request"
            ),
        ),
        "431" => (
            "431 Request Header Fields Too Large",
            format!("the request's headers are over {HEAD_MAX} bytes"),
        ),
        _ => return None,
    };
    Some(response(status, &msg))
}

/// A client's socket with the stall timeout and the JSON automatic answers.
struct Guarded {
    io: TcpStream,
    /// Since when a write waits for the client (none while writes progress).
    stall: Option<Pin<Box<tokio::time::Sleep>>>,
    /// A replacement answer, and how much of it is written.
    pending: Option<(Vec<u8>, usize)>,
}

impl Guarded {
    fn new(io: TcpStream) -> Guarded {
        Guarded {
            io,
            stall: None,
            pending: None,
        }
    }

    /// A write's result, with the stall timeout applied while it waits.
    fn watch<T>(&mut self, r: Poll<io::Result<T>>, cx: &mut Context<'_>) -> Poll<io::Result<T>> {
        if r.is_ready() {
            self.stall = None;
            return r;
        }
        let sleep = self
            .stall
            .get_or_insert_with(|| Box::pin(tokio::time::sleep(STALL_TIMEOUT)));
        match sleep.as_mut().poll(cx) {
            Poll::Ready(()) => Poll::Ready(Err(io::Error::new(
                io::ErrorKind::TimedOut,
                "the client reads nothing",
            ))),
            Poll::Pending => Poll::Pending,
        }
    }

    /// Write what is left of a replacement answer.
    fn poll_pending(&mut self, cx: &mut Context<'_>) -> Poll<io::Result<()>> {
        loop {
            let Some((bytes, done)) = &self.pending else {
                return Poll::Ready(Ok(()));
            };
            if *done == bytes.len() {
                self.pending = None;
                return Poll::Ready(Ok(()));
            }
            let r = Pin::new(&mut self.io).poll_write(cx, &bytes[*done..]);
            let n = ready!(self.watch(r, cx))?;
            if n == 0 {
                return Poll::Ready(Err(io::ErrorKind::WriteZero.into()));
            }
            if let Some((_, done)) = &mut self.pending {
                *done += n;
            }
        }
    }

    /// Take `head` as hyper's automatic answer if it is one.
    fn replace(&mut self, head: &[u8], cx: &mut Context<'_>) -> Option<Poll<io::Result<usize>>> {
        let reply = automatic_error(head)?;
        self.pending = Some((reply, 0));
        Some(match self.poll_pending(cx) {
            Poll::Ready(Err(e)) => Poll::Ready(Err(e)),
            _ => Poll::Ready(Ok(head.len())),
        })
    }
}

impl AsyncRead for Guarded {
    fn poll_read(
        mut self: Pin<&mut Self>,
        cx: &mut Context<'_>,
        buf: &mut ReadBuf<'_>,
    ) -> Poll<io::Result<()>> {
        Pin::new(&mut self.io).poll_read(cx, buf)
    }
}

impl AsyncWrite for Guarded {
    fn poll_write(
        mut self: Pin<&mut Self>,
        cx: &mut Context<'_>,
        buf: &[u8],
    ) -> Poll<io::Result<usize>> {
        let me = &mut *self;
        ready!(me.poll_pending(cx))?;
        if let Some(r) = me.replace(buf, cx) {
            return r;
        }
        let r = Pin::new(&mut me.io).poll_write(cx, buf);
        me.watch(r, cx)
    }

    fn poll_write_vectored(
        mut self: Pin<&mut Self>,
        cx: &mut Context<'_>,
        bufs: &[io::IoSlice<'_>],
    ) -> Poll<io::Result<usize>> {
        let me = &mut *self;
        ready!(me.poll_pending(cx))?;
        if let [head] = bufs {
            if let Some(r) = me.replace(head, cx) {
                return r;
            }
        }
        let r = Pin::new(&mut me.io).poll_write_vectored(cx, bufs);
        me.watch(r, cx)
    }

    fn is_write_vectored(&self) -> bool {
        self.io.is_write_vectored()
    }

    fn poll_flush(mut self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<io::Result<()>> {
        let me = &mut *self;
        ready!(me.poll_pending(cx))?;
        let r = Pin::new(&mut me.io).poll_flush(cx);
        me.watch(r, cx)
    }

    fn poll_shutdown(mut self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<io::Result<()>> {
        let me = &mut *self;
        ready!(me.poll_pending(cx))?;
        Pin::new(&mut me.io).poll_shutdown(cx)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn only_hyper_s_bodiless_parse_errors_are_replaced() {
        let head = b"HTTP/1.1 414 URI Too Long\r\ncontent-length: 0\r\ndate: x\r\n\r\n";
        let r = String::from_utf8(automatic_error(head).unwrap()).unwrap();
        assert!(r.starts_with("HTTP/1.1 414 URI Too Long\r\n"), "{r}");
        let body = r.split("\r\n\r\n").nth(1).unwrap();
        let v: serde_json::Value = serde_json::from_str(body).unwrap();
        assert!(v["error"].as_str().unwrap().contains("POST"), "{v}");
        assert!(r.contains(&format!("content-length: {}\r\n", body.len())));
        // a response of the application (it has a body) is left alone
        let own = b"HTTP/1.1 400 Bad Request\r\ncontent-type: application/json\r\ncontent-length: 17\r\n\r\n";
        assert!(automatic_error(own).is_none());
        assert!(automatic_error(b"HTTP/1.1 200 OK\r\ncontent-length: 0\r\n\r\n").is_none());
        assert!(automatic_error(b"{\"error\": 1}").is_none());
    }
}
