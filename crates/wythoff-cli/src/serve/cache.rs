//! The server's cache of answers: one entry per request key (the kind of
//! answer, the game's canonical text, its convention, the board), holding the
//! JSON body. Requests for the same key share one computation (single flight:
//! the first request runs it on tokio's blocking pool, the others wait for
//! its result), and the cache keeps at most [`Cache::budget`] bytes of bodies,
//! dropping the oldest entries first. Refusals are not kept: they are cheap.
//!
//! A body is `bytes::Bytes`: every response for it shares the one copy.
//! A computation is for the requests waiting for it: when they have all gone
//! (their clients closed the connection), a computation not yet started is not
//! started, and one running stops at its next progress report ([`Stop`]).

use bytes::Bytes;
use std::collections::{HashMap, VecDeque};
use std::sync::atomic::{AtomicU64, AtomicUsize, Ordering};
use std::sync::{Arc, Mutex};
use tokio::sync::OnceCell;
use wythoff::answer::Cancelled;

/// A computed body, or the one-line refusal of the request.
pub type Body = Result<Bytes, String>;

/// One key's body, once computed, and the requests waiting for it.
#[derive(Default)]
struct Slot {
    body: OnceCell<Bytes>,
    waiting: AtomicUsize,
}

type Cell = Arc<Slot>;

/// One waiting request (counted while it lives).
struct Waiting(Cell);

impl Drop for Waiting {
    fn drop(&mut self) {
        self.0.waiting.fetch_sub(1, Ordering::SeqCst);
    }
}

/// A computation's way to learn that no request waits for it any more: its
/// progress callback calls [`Stop::check`].
pub struct Stop(Cell);

impl Stop {
    /// Unwind with [`Cancelled`] (the library's cancel) once every request
    /// for this computation has gone.
    pub fn check(&self) {
        if self.0.waiting.load(Ordering::SeqCst) == 0 {
            std::panic::resume_unwind(Box::new(Cancelled));
        }
    }
}

/// The refusal a computation nobody waits for ends with (no client reads it).
const GONE: &str = "every request for this answer has gone";

#[derive(Default)]
struct Entries {
    map: HashMap<String, Cell>,
    /// Keys in insertion order, with the size of their body once known.
    order: VecDeque<(String, usize)>,
    bytes: usize,
}

pub struct Cache {
    entries: Mutex<Entries>,
    /// Bytes of bodies kept at most.
    budget: usize,
    /// Computations run (each one a solve of some kind); for `/api/stats`.
    solves: AtomicU64,
    /// Computations stopped or never started because their requests had gone.
    abandoned: AtomicU64,
    /// One heavy computation at a time (a board solve uses every worker
    /// thread and may take the whole memory budget); answers already kept, and
    /// light work, do not wait.
    heavy: tokio::sync::Semaphore,
    /// Light computations (one position) at most [`LIGHT`] at a time.
    light: tokio::sync::Semaphore,
}

/// Light computations run at once.
const LIGHT: usize = 4;

impl Cache {
    pub fn new(budget: usize) -> Cache {
        Cache {
            entries: Mutex::new(Entries::default()),
            budget,
            solves: AtomicU64::new(0),
            abandoned: AtomicU64::new(0),
            heavy: tokio::sync::Semaphore::new(1),
            light: tokio::sync::Semaphore::new(LIGHT),
        }
    }

    /// How many computations have run since the server started.
    pub fn solves(&self) -> u64 {
        self.solves.load(Ordering::SeqCst)
    }

    /// How many computations were stopped, or not started, because every
    /// request for them had gone.
    pub fn abandoned(&self) -> u64 {
        self.abandoned.load(Ordering::SeqCst)
    }

    /// (entries, bytes) kept now.
    pub fn size(&self) -> (usize, usize) {
        let e = self.entries.lock().unwrap_or_else(|p| p.into_inner());
        (e.map.len(), e.bytes)
    }

    pub fn budget(&self) -> usize {
        self.budget
    }

    /// The body for `key`: from the cache, from the computation another
    /// request has started, or computed now by `work` on the blocking pool
    /// (`heavy`: one at a time, after the heavy computations before it; light
    /// work: a few at a time). The computation runs in a task of its own, so a
    /// request that goes away does not abandon it while another request still
    /// waits for it; when none waits, it is not started, or stops at its next
    /// progress report (`work` is given the [`Stop`] to check).
    pub async fn get(
        self: &Arc<Self>,
        key: String,
        heavy: bool,
        work: impl FnOnce(&Stop) -> Result<String, String> + Send + 'static,
    ) -> Body {
        let cell = {
            let mut e = self.entries.lock().unwrap_or_else(|p| p.into_inner());
            e.map.entry(key.clone()).or_default().clone()
        };
        if let Some(b) = cell.body.get() {
            return Ok(b.clone());
        }
        cell.waiting.fetch_add(1, Ordering::SeqCst);
        let _waiting = Waiting(cell.clone());
        let me = self.clone();
        let task = tokio::spawn(async move {
            let mut ran = false;
            let result = cell
                .body
                .get_or_try_init(|| async {
                    ran = true;
                    let gate = if heavy { &me.heavy } else { &me.light };
                    let Ok(_permit) = gate.acquire().await else {
                        return Err("the server is stopping".to_string());
                    };
                    if cell.waiting.load(Ordering::SeqCst) == 0 {
                        me.abandoned.fetch_add(1, Ordering::SeqCst);
                        return Err(GONE.to_string());
                    }
                    me.solves.fetch_add(1, Ordering::SeqCst);
                    let stop = Stop(cell.clone());
                    let run = move || {
                        use std::panic::{catch_unwind, resume_unwind, AssertUnwindSafe};
                        catch_unwind(AssertUnwindSafe(|| work(&stop))).unwrap_or_else(|e| {
                            if !e.is::<Cancelled>() {
                                resume_unwind(e);
                            }
                            Err(GONE.to_string())
                        })
                    };
                    match tokio::task::spawn_blocking(run).await {
                        Ok(Ok(body)) => Ok(Bytes::from(body)),
                        Ok(Err(msg)) => {
                            if msg == GONE {
                                me.abandoned.fetch_add(1, Ordering::SeqCst);
                            }
                            Err(msg)
                        }
                        Err(e) => Err(format!("the computation failed: {e}")),
                    }
                })
                .await
                .cloned();
            if ran {
                // the key counts too (a rules file's text may be long)
                me.settle(
                    &key,
                    &cell,
                    result.as_ref().ok().map(|b| b.len() + key.len()),
                );
            }
            result
        });
        task.await
            .unwrap_or_else(|e| Err(format!("the computation failed: {e}")))
    }

    /// After the computation of `key`: keep its body within the budget, or
    /// forget the key (a refusal, or a body larger than the whole budget).
    fn settle(&self, key: &str, cell: &Cell, size: Option<usize>) {
        let mut e = self.entries.lock().unwrap_or_else(|p| p.into_inner());
        // the entry may have been replaced meanwhile: only ours is settled
        if !e.map.get(key).is_some_and(|c| Arc::ptr_eq(c, cell)) {
            return;
        }
        match size {
            Some(n) if n <= self.budget => {
                e.order.push_back((key.to_string(), n));
                e.bytes += n;
                while e.bytes > self.budget {
                    let Some((old, n)) = e.order.pop_front() else {
                        break;
                    };
                    e.map.remove(&old);
                    e.bytes -= n;
                }
            }
            _ => {
                e.map.remove(key);
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn runtime() -> tokio::runtime::Runtime {
        tokio::runtime::Builder::new_multi_thread()
            .worker_threads(2)
            .enable_time()
            .build()
            .unwrap()
    }

    #[test]
    fn same_key_one_computation_and_bounded_bytes() {
        let rt = runtime();
        rt.block_on(async {
            let cache = Arc::new(Cache::new(100));
            let mut tasks = Vec::new();
            for _ in 0..50 {
                let c = cache.clone();
                tasks.push(tokio::spawn(async move {
                    c.get("k".into(), true, |_| {
                        std::thread::sleep(std::time::Duration::from_millis(50));
                        Ok("x".repeat(60))
                    })
                    .await
                }));
            }
            for t in tasks {
                assert_eq!(t.await.unwrap().unwrap().len(), 60);
            }
            assert_eq!(cache.solves(), 1);
            assert_eq!(cache.size(), (1, 61));
            // a second body pushes the first out (60 + 60 > 100)
            let b = cache.get("j".into(), true, |_| Ok("y".repeat(60))).await;
            assert_eq!(b.unwrap().len(), 60);
            assert_eq!(cache.size(), (1, 61));
            assert_eq!(cache.solves(), 2);
            // refusals are not kept, and computed again
            let r = cache.get("bad".into(), false, |_| Err("no".into())).await;
            assert_eq!(r, Err("no".to_string()));
            assert_eq!(cache.size(), (1, 61));
            let _ = cache.get("bad".into(), false, |_| Err("no".into())).await;
            assert_eq!(cache.solves(), 4);
            // too large for the budget: answered, not kept
            let big = cache
                .get("big".into(), false, |_| Ok("z".repeat(200)))
                .await;
            assert_eq!(big.unwrap().len(), 200);
            assert_eq!(cache.size(), (1, 61));
            // a request that goes away does not abandon the computation
            let before = cache.solves();
            let c = cache.clone();
            let gone = tokio::spawn(async move {
                c.get("slow".into(), true, |_| {
                    std::thread::sleep(std::time::Duration::from_millis(200));
                    Ok("s".into())
                })
                .await
            });
            tokio::time::sleep(std::time::Duration::from_millis(50)).await;
            gone.abort();
            let later = cache.get("slow".into(), true, |_| Ok("again".into())).await;
            assert_eq!(later.unwrap().as_ref(), b"s");
            assert_eq!(cache.solves(), before + 1);
        });
    }

    #[test]
    fn work_whose_requests_have_gone_is_not_started_or_stops() {
        use std::sync::atomic::AtomicBool;
        use std::time::{Duration, Instant};
        let rt = runtime();
        rt.block_on(async {
            let cache = Arc::new(Cache::new(1 << 20));
            // a heavy computation running, reporting progress, its request gone
            let c = cache.clone();
            let first = tokio::spawn(async move {
                c.get("first".into(), true, |stop| {
                    for _ in 0..1000 {
                        stop.check();
                        std::thread::sleep(Duration::from_millis(10));
                    }
                    Ok("never".into())
                })
                .await
            });
            tokio::time::sleep(Duration::from_millis(100)).await;
            // two more queued behind it, their requests gone too
            let started = Arc::new(AtomicBool::new(false));
            let mut queued = Vec::new();
            for k in ["second", "third"] {
                let (c, started) = (cache.clone(), started.clone());
                queued.push(tokio::spawn(async move {
                    c.get(k.into(), true, move |_| {
                        started.store(true, Ordering::SeqCst);
                        std::thread::sleep(Duration::from_secs(10));
                        Ok("late".into())
                    })
                    .await
                }));
            }
            tokio::time::sleep(Duration::from_millis(100)).await;
            let t = Instant::now();
            first.abort();
            for q in queued {
                q.abort();
            }
            // a trivial request waits for none of them
            let b = cache.get("trivial".into(), true, |_| Ok("t".into())).await;
            assert_eq!(b.unwrap().as_ref(), b"t");
            assert!(t.elapsed() < Duration::from_secs(5), "{:?}", t.elapsed());
            assert!(
                !started.load(Ordering::SeqCst),
                "work nobody waits for started"
            );
            assert_eq!(cache.abandoned(), 3);
            assert_eq!(cache.solves(), 2, "the first and the trivial one");
            // nothing kept of them: asked again, the first is computed
            assert_eq!(cache.size().0, 1);
            let again = cache.get("first".into(), true, |_| Ok("f".into())).await;
            assert_eq!(again.unwrap().as_ref(), b"f");
        });
    }
}
