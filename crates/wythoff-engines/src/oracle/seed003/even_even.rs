//! Even-Even: the mex recurrences of Theorems 13 and 14 (seed 003, section 4).

use super::*;

/// Which recurrence of seed 003 section 4 (all values halved: every `A_n`, `B_n`,
/// `E_n`, `H_n` is even, Lemma 12 (I), Facts A.1 and B.1).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum EvenKind {
    /// Theorem 13: `A_n = mex{A_i, A_i + 1, B_i, B_i + 1}`, `B_n = s A_n + (t + delta_t) n`.
    Normal,
    /// Theorem 14 (A), `s != 1` or `t > 2`: `H_n = s E_n + (t + delta_t) n + 2`.
    MisereA,
    /// Theorem 14 (B), `s = 1`, `t in {1, 2}`: `E_0 = H_0 = 4`, `H_n = E_n + 2 n`.
    MisereB,
}

/// The halved sequences `a_n = A_n / 2`, `b_n = B_n / 2`: `a_n = mex{a_i, b_i : i < n}`
/// (for `n >= first`), `b_n = s a_n + c n + d`; index 0 may be a seed.
struct HalfSeq {
    s: u128,
    c: u128,
    d: u128,
    /// `Some(v)`: index 0 is the seed `a_0 = b_0 = v` and the mex starts at 1.
    seed: Option<u64>,
    a: Vec<u32>,
    /// Smallest index (>= first) whose `b` has not been passed by the mex scan.
    bptr: usize,
}

impl HalfSeq {
    fn first(&self) -> usize {
        usize::from(self.seed.is_some())
    }
    fn b(&self, n: usize) -> u128 {
        match self.seed {
            Some(v) if n == 0 => v as u128,
            _ => self.s * self.a[n] as u128 + self.c * n as u128 + self.d,
        }
    }
    /// Extend until the last `a` exceeds `limit` (a half pile value).
    fn extend_past(&mut self, limit: u64) {
        if self.a.is_empty() {
            if let Some(v) = self.seed {
                self.a.push(v as u32);
            }
            self.bptr = self.first();
        }
        loop {
            let n = self.a.len();
            if n > self.first() && self.a[n - 1] as u64 > limit {
                return;
            }
            let mut v: u64 = if n > self.first() {
                self.a[n - 1] as u64 + 1
            } else {
                0
            };
            loop {
                while self.bptr < n && self.b(self.bptr) < v as u128 {
                    self.bptr += 1;
                }
                let taken_by_b = self.bptr < n && self.b(self.bptr) == v as u128;
                let taken_by_seed = self.seed.is_some_and(|sv| sv == v);
                if taken_by_b || taken_by_seed {
                    v += 1;
                } else {
                    break;
                }
            }
            self.a.push(v as u32);
        }
    }
    /// Index `n` with `a_n = v` (the seed counts), if any (after `extend_past(v)`).
    fn index_of_a(&self, v: u64) -> Option<usize> {
        if self.seed == Some(v) {
            return Some(0);
        }
        let f = self.first();
        self.a[f..]
            .binary_search_by(|&e| (e as u64).cmp(&v))
            .ok()
            .map(|i| i + f)
    }
    /// Index `n` with `b_n = v` among the computed terms, if any.
    fn index_of_b(&self, v: u128) -> Option<usize> {
        if self.seed.is_some_and(|sv| sv as u128 == v) {
            return Some(0);
        }
        let f = self.first();
        let (mut lo, mut hi) = (f, self.a.len());
        while lo < hi {
            let mid = (lo + hi) / 2;
            if self.b(mid) < v {
                lo = mid + 1;
            } else {
                hi = mid;
            }
        }
        (lo < self.a.len() && self.b(lo) == v).then_some(lo)
    }
}

/// Theorems 13 and 14 as an index-bounded recurrence oracle.
pub(super) struct EvenEven {
    source: String,
    kind: EvenKind,
    rules: ParityRules,
    seq: Mutex<HalfSeq>,
}

/// A pile value for the u128 fast path: exact below 2^120; above, 2^120 plus the
/// parity (every P-position considered here is below 2^100, so from such a pile
/// only a one-pile move along it can reach them, and only its parity matters).
fn sat(v: &Natural) -> u128 {
    const BIG: u128 = 1 << 120;
    match u128::try_from(v) {
        Ok(w) if w < BIG => w,
        _ => BIG + u128::from(v.odd()),
    }
}

impl EvenEven {
    pub(super) fn new(kind: EvenKind, s: u64, t: u64) -> EvenEven {
        let half_t = t / 2 + delta(t); // (t + delta_t) / 2
        let (s128, c, d, seed) = match kind {
            EvenKind::Normal => (s as u128, half_t as u128, 0, None),
            EvenKind::MisereA => (s as u128, half_t as u128, 1, None),
            EvenKind::MisereB => (1, 1, 0, Some(2)),
        };
        let source = match kind {
            EvenKind::Normal => format!(
                "seed 003, section 4, Theorem 13 (Even-Even (s,t)-Wythoff, normal play; s = {s}, t = {t}): \
                 A_n = mex{{A_i, A_i+1, B_i, B_i+1 : i < n}}, B_n = s A_n + (t + delta_t) n, \
                 P = {{A_n (+1), B_n (+1)}}"
            ),
            EvenKind::MisereA => format!(
                "seed 003, section 4, Theorem 14 (A) (Even-Even (s,t)-Wythoff, misère play; s = {s}, t = {t}): \
                 E_n = mex{{E_i, E_i+1, H_i, H_i+1 : i < n}}, H_n = s E_n + (t + delta_t) n + 2"
            ),
            EvenKind::MisereB => format!(
                "seed 003, section 4, Theorem 14 (B) (Even-Even (s,t)-Wythoff, misère play; s = {s}, t = {t}): \
                 E_0 = H_0 = 4, E_n = mex{{E_i, E_i+1, H_i, H_i+1 : i < n}}, H_n = E_n + 2n"
            ),
        };
        EvenEven {
            source,
            kind,
            rules: ParityRules {
                p1: Par::Even,
                p2: Par::Even,
                s,
                t,
            },
            seq: Mutex::new(HalfSeq {
                s: s128,
                c,
                d,
                seed,
                a: Vec::new(),
                bptr: 0,
            }),
        }
    }

    fn too_large(&self, what: &str, v: &Natural) -> SolveError {
        SolveError::TooLarge(format!(
            "{what} = {v} is beyond the Even-Even recurrence bound {RECURRENCE_MAX_PILE}: the P-positions of \
             seed 003 Theorem {} are given by a mex recurrence, which this oracle runs term by term \
             (4 bytes per term, at most 64 MiB); use a position whose smaller pile is at most {RECURRENCE_MAX_PILE}",
            if self.kind == EvenKind::Normal { "13" } else { "14" }
        ))
    }

    /// The half bound for the smaller pile of `(x, y)`, or `TooLarge`.
    fn half_min(&self, x: &Natural, y: &Natural) -> Result<u64, SolveError> {
        let m = x.min(y);
        match u64::try_from(m) {
            Ok(v) if v <= RECURRENCE_MAX_PILE => Ok(v / 2),
            _ => Err(self.too_large("the smaller pile", m)),
        }
    }

    fn lock(&self) -> std::sync::MutexGuard<'_, HalfSeq> {
        // a poisoned lock only means another thread panicked mid-extension; the
        // vector is still a valid prefix of the sequence
        self.seq.lock().unwrap_or_else(|e| e.into_inner())
    }

    fn is_p_half(seq: &HalfSeq, u: u64, w: u128) -> bool {
        if let Some(n) = seq.index_of_a(u) {
            if seq.b(n) == w {
                return true;
            }
        }
        if let Some(n) = seq.index_of_b(u as u128) {
            if seq.a[n] as u128 == w {
                return true;
            }
        }
        false
    }
}

impl Oracle for EvenEven {
    fn source(&self) -> String {
        self.source.clone()
    }
    fn method(&self) -> Method {
        Method::Recurrence
    }
    /// `TooLarge` when the smaller pile exceeds [`RECURRENCE_MAX_PILE`].
    fn is_p(&self, x: &Natural, y: &Natural) -> Result<bool, SolveError> {
        let h = self.half_min(x, y)?;
        let mut seq = self.lock();
        seq.extend_past(h);
        let (u, w) = if x <= y {
            (h, sat(y) / 2)
        } else {
            (h, sat(x) / 2)
        };
        Ok(Self::is_p_half(&seq, u, w))
    }
    /// The P-options, at most [`WINNING_MOVES_CAP`] of them (scanning the blocks
    /// from the largest index down); all of them when there are fewer.
    /// `TooLarge` when the smaller pile exceeds [`RECURRENCE_MAX_PILE`].
    fn winning_moves(
        &self,
        x: &Natural,
        y: &Natural,
    ) -> Result<Vec<(Natural, Natural)>, SolveError> {
        let h = self.half_min(x, y)?;
        let mut seq = self.lock();
        seq.extend_past(h);
        let (xs, ys) = (sat(x), sat(y));
        let r = &self.rules;
        let (s1, t) = (r.s as u128 - 1, r.t as u128);
        // exact u128 legality (see `sat`), confirmed below in Natural arithmetic
        let legal = |a: u128, b: u128| -> bool {
            if a > xs || b > ys {
                return false;
            }
            let (k, l) = (xs - a, ys - b);
            match (k, l) {
                (0, 0) => false,
                (k, 0) => k % 2 == 0,
                (0, l) => l % 2 == 0,
                (k, l) => k % 2 == 0 && l % 2 == 0 && k.abs_diff(l) < s1 * k.min(l) + t,
            }
        };
        let mut out: Vec<(Natural, Natural)> = Vec::new();
        // A target block needs 2 b_n <= max(x, y) (its larger side lies in one of
        // the piles), and b_n increases from index `first` on: stop there.
        let bmax = xs.max(ys) / 2;
        let f = seq.first();
        let (mut lo, mut hi) = (f, seq.a.len());
        while lo < hi {
            let mid = (lo + hi) / 2;
            if seq.b(mid) <= bmax {
                lo = mid + 1;
            } else {
                hi = mid;
            }
        }
        // Scan from the largest index down (the targets nearest to (x, y) first)
        // and stop at the cap: all P-options are found when there are fewer.
        'scan: for n in (0..lo).rev() {
            let a = seq.a[n] as u128;
            if a as u64 > h {
                continue;
            }
            let b = seq.b(n);
            for (p, q) in [(a, b), (b, a)] {
                for (dp, dq) in [(0, 0), (0, 1), (1, 0), (1, 1)] {
                    let (cx, cy) = (2 * p + dp, 2 * q + dq);
                    if legal(cx, cy) {
                        let (nx, ny) = (Natural::from(cx), Natural::from(cy));
                        if r.legal(x, y, &nx, &ny) && !out.contains(&(nx.clone(), ny.clone())) {
                            out.push((nx, ny));
                            if out.len() >= WINNING_MOVES_CAP {
                                break 'scan;
                            }
                        }
                    }
                }
            }
        }
        out.sort();
        out.dedup();
        out.truncate(WINNING_MOVES_CAP);
        Ok(out)
    }
    /// `(A_n, B_n)` (Theorem 13) or `(E_n, H_n)` (Theorem 14); `TooLarge` when
    /// the term would exceed the recurrence bound.
    fn pair(&self, n: &Natural) -> Result<Option<(Natural, Natural)>, SolveError> {
        let idx = match usize::try_from(n) {
            Ok(i) if (i as u64) <= RECURRENCE_MAX_PILE / 2 => i,
            _ => return Err(self.too_large("the index n", n)),
        };
        let mut seq = self.lock();
        // a_n >= n - 1, so a_n is reached before the half bound is passed
        while seq.a.len() <= idx {
            let last = seq.a.last().map_or(0, |&v| v as u64);
            if last > RECURRENCE_MAX_PILE / 2 {
                return Err(self.too_large("the index n", n));
            }
            seq.extend_past(last + 1);
        }
        let (a, b) = (seq.a[idx] as u128, seq.b(idx));
        Ok(Some((Natural::from(2 * a), Natural::from(2 * b))))
    }
    fn limits(&self) -> Option<String> {
        Some(format!(
            "mex recurrence run term by term: the smaller pile must be at most {RECURRENCE_MAX_PILE} \
             (and the index n at most {}); at most {WINNING_MOVES_CAP} winning moves are listed",
            RECURRENCE_MAX_PILE / 2
        ))
    }
}
