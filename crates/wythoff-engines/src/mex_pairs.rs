//! The pairs of sequences `(a_n, b_n)` that define the P-positions of a game, by
//! fast mex recurrences on a bitmap.
//!
//! Each kernel streams the pairs in the order that defines them (from `n = 0`) to
//! a sink and stores nothing but a bitmap of the `b` values seen (the `a` values
//! increase, so the mex only ever looks above the last `a`). Kernels:
//! - [`SeqKind::Linear`]: `A_n = mex{A_i, B_i : i < n}`, `B_n = s A_n + t n`
//!   (Wythoff: `s = t = 1`; m-Wythoff: `s = 1, t = m`; (s,t)-Wythoff).
//! - [`SeqKind::DiagonalBlocking`]: `a_n = mex{a_i, b_i : i < n}`,
//!   `b_n = a_n + floor(n / p) m` (seed 002, Proposition 1).
//! - [`SeqKind::Seed000`]: `x_n = mex^p`, the least value that occurs fewer than `p`
//!   times among `{x_j, y_j : j < n}` (counted once per index `j`), and
//!   `y_n = x_n + m n` (seed 000, Proposition 5.2 (i)); equal to
//!   `a_n = floor(n phi_{mp} / p)`, `b_n = a_n + m n`.
//! - [`SeqKind::Finite`]: a finite list (m-Modular Wythoff, seed 001).
//!
//! Which catalogue game has which kernel is stated, with the theorem, by
//! [`for_game`]. The tests check every kernel against the P-positions of the
//! reference solver and against exact closed forms.

use crate::catalogue::NamedGame;
use crate::error::SolveError;
use crate::error::{Arg, Message};
use crate::rules::Convention;
use crate::sets::gcd;

/// A recurrence that generates the pairs.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum SeqKind {
    /// `A_n = mex{A_i, B_i : i < n}`, `B_n = s A_n + t n`; `s, t >= 1`.
    Linear { s: u64, t: u64 },
    /// `a_n = mex{a_i, b_i : i < n}`, `b_n = a_n + floor(n / p) m`; `p, m >= 1`.
    DiagonalBlocking { p: u64, m: u64 },
    /// `x_n = mex^p`, `y_n = x_n + m n` (seed 000, Proposition 5.2 (i)); `m, p >= 1`.
    Seed000 { m: u64, p: u64 },
    /// A finite list of pairs.
    Finite(Vec<(u64, u64)>),
}

/// The sequences of a game, with where the result comes from.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SequenceSpec {
    pub kind: SeqKind,
    /// Paper and theorem that make these sequences the P-positions.
    pub source: String,
}

/// The sequence kernel of a catalogue game, if one exists (normal play only).
/// `Ok(None)`: no kernel here (the caller may use an oracle).
pub fn for_game(g: &NamedGame) -> Result<Option<SequenceSpec>, SolveError> {
    if g.game.convention() != Convention::Normal {
        return Err(SolveError::Unsupported(
            "sequences are defined for normal play only".into(),
        ));
    }
    if g.game.has_pass() {
        // a pass: the entry's sequences are those of the game without it
        return Ok(None);
    }
    let ps = &g.params;
    let int = |k: &str| ps.ints().get(k).copied();
    let spec = |kind: SeqKind, source: &str| {
        Ok(Some(SequenceSpec {
            kind,
            source: source.to_string(),
        }))
    };
    match g.entry_name {
        "wythoff" => spec(
            SeqKind::Linear { s: 1, t: 1 },
            "Wythoff 1907: a_n = mex, b_n = a_n + n",
        ),
        "m-wythoff" => spec(
            SeqKind::Linear {
                s: 1,
                t: ps.int("m"),
            },
            "Fraenkel 1982: a_n = mex, b_n = a_n + m n",
        ),
        "st-wythoff" => spec(
            SeqKind::Linear {
                s: ps.int("s"),
                t: ps.int("t"),
            },
            "Fraenkel: A_n = mex, B_n = s A_n + t n",
        ),
        "diagonal-blocking" => spec(
            SeqKind::DiagonalBlocking {
                p: ps.int("p"),
                m: ps.int("m"),
            },
            "seed 002, Proposition 1: a_n = mex, b_n = a_n + floor(n/p) m",
        ),
        "imitation" => spec(
            SeqKind::DiagonalBlocking {
                p: ps.int("p"),
                m: ps.int("m"),
            },
            "seed 002, Corollary 1 with Proposition 1 (starting positions)",
        ),
        "roob-blocking" => {
            let (m, p) = (ps.int("m"), ps.int("p"));
            if int("l").unwrap_or(m) != m {
                return Ok(None);
            }
            spec(
                SeqKind::Seed000 { m, p },
                "seed 000, Main Theorem 2.1 (i) and Proposition 5.2 (i)",
            )
        }
        "connell" => spec(
            SeqKind::Seed000 {
                m: 1,
                p: ps.int("p"),
            },
            "seed 000, Main Theorem 2.1 (ii a) with m = 1 (Connell 1959)",
        ),
        "modulo-rook" => {
            let (m, l, p) = (ps.int("m"), ps.int("l"), ps.int("p"));
            if l <= 1 && gcd(m, p) == 1 {
                spec(
                    SeqKind::Seed000 { m, p },
                    "seed 000, Main Theorem 2.1 (ii a): gcd(m, p) = 1",
                )
            } else if l == m && p % m == 0 {
                spec(
                    SeqKind::Seed000 { m, p: p / m },
                    "seed 000, Main Theorem 2.1 (ii b): mWN^(m, m p') with p' = p/m",
                )
            } else {
                Ok(None)
            }
        }
        "choose-shift" => spec(
            SeqKind::Seed000 {
                m: ps.int("m"),
                p: ps.int("p"),
            },
            "seed 000, Main Theorem 2.1 (iii b)",
        ),
        "modular" => {
            let m = ps.int("m");
            let mut v = Vec::new();
            generate(&SeqKind::Linear { s: 1, t: 1 }, m, &mut |_| {}, |a, b| {
                if a < m {
                    v.push((a, b))
                }
            })?;
            spec(
                SeqKind::Finite(v),
                "seed 001: the Wythoff pairs whose smaller pile is below m (finite)",
            )
        }
        _ => Ok(None),
    }
}

/// Largest possible `b` value among the first `terms` pairs (a bound), or `None`
/// on overflow.
pub fn max_value_bound(kind: &SeqKind, terms: u64) -> Option<u64> {
    let n = terms;
    match *kind {
        // a_n <= 2n: the mex of 2n values
        SeqKind::Linear { s, t } => s.checked_mul(2 * n)?.checked_add(t.checked_mul(n)?),
        SeqKind::DiagonalBlocking { p, m } => (2 * n).checked_add(m.checked_mul(n / p)?),
        // x_n <= n: x is the p-fold mex of at most 2n p values... x_n <= n holds as
        // each value below x_n is used at least once per index
        SeqKind::Seed000 { m, .. } => n.checked_add(m.checked_mul(n)?),
        SeqKind::Finite(ref v) => Some(v.iter().map(|&(a, b)| a.max(b)).max().unwrap_or(0)),
    }
}

/// Bytes the generator needs for `terms` pairs (the bitmap).
pub fn memory_estimate(kind: &SeqKind, terms: u64) -> Option<u64> {
    max_value_bound(kind, terms.max(1)).map(|b| b / 8 + 64)
}

/// How often (in terms) the progress callback is called.
pub const PROGRESS_STEP: u64 = 1 << 22;

/// Pairs per chunk handed from the generator to its consumer.
pub const CHUNK_PAIRS: usize = 1 << 15;

/// Below this many terms [`summary`] runs on one thread (starting a second one
/// does not pay).
pub const PIPELINE_MIN_TERMS: u64 = 1 << 21;

/// How `b_n` follows from `a_n` in the word-at-a-time kinds, with the running
/// state that makes each step an addition.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum BForm {
    /// `b = a + t n` (`tn` = `t n`).
    Shift { t: u64, tn: u64 },
    /// `b = s a + t n`.
    Scaled { s: u64, t: u64, tn: u64 },
    /// `b = a + step floor(n / p)` (`q` = `step floor(n / p)`, `r` = `n mod p`).
    Blocked { p: u64, step: u64, q: u64, r: u64 },
}

impl BForm {
    /// `b_n` from `a_n`, advancing to `n + 1`.
    #[inline(always)]
    fn next(&mut self, a: u64) -> u64 {
        match self {
            BForm::Shift { t, tn } => {
                let b = a + *tn;
                *tn += *t;
                b
            }
            BForm::Scaled { s, t, tn } => {
                let b = *s * a + *tn;
                *tn += *t;
                b
            }
            BForm::Blocked { p, step, q, r } => {
                let b = a + *q;
                *r += 1;
                if *r == *p {
                    *r = 0;
                    *q += *step;
                }
                b
            }
        }
    }

    /// Grow `bm` to hold every `b_j`, `j < terms`.
    fn reserve(&self, bm: &mut Vec<u64>, terms: u64) {
        let kind = match *self {
            BForm::Shift { t, .. } => SeqKind::Linear { s: 1, t },
            BForm::Scaled { s, t, .. } => SeqKind::Linear { s, t },
            BForm::Blocked { p, step, .. } => SeqKind::DiagonalBlocking { p, m: step },
        };
        let top = max_value_bound(&kind, terms + 1).unwrap_or(u64::MAX);
        let need = (top / 64 + 2) as usize;
        if bm.len() < need {
            bm.resize(need.max(bm.len() * 2), 0);
        }
    }
}

/// Run `$body` with `$next` bound to a closure computing `b` from `a` for the
/// variant of `$form` (one loop per variant, each with its own arithmetic), and
/// write the advanced state back.
macro_rules! with_next {
    ($form:expr, $next:ident => $body:expr) => {
        match $form {
            BForm::Shift { t, tn } => {
                let (t, mut x) = (*t, *tn);
                let $next = |a: u64| {
                    let b = a + x;
                    x += t;
                    b
                };
                let out = $body;
                *tn = x;
                out
            }
            BForm::Scaled { s, t, tn } => {
                let (s, t, mut x) = (*s, *t, *tn);
                let $next = |a: u64| {
                    let b = s * a + x;
                    x += t;
                    b
                };
                let out = $body;
                *tn = x;
                out
            }
            BForm::Blocked { p, step, q, r } => {
                let (p, step, mut qq, mut rr) = (*p, *step, *q, *r);
                let $next = |a: u64| {
                    let b = a + qq;
                    rr += 1;
                    if rr == p {
                        rr = 0;
                        qq += step;
                    }
                    b
                };
                let out = $body;
                (*q, *r) = (qq, rr);
                out
            }
        }
    };
}

/// A resumable generator of the pairs `(a_n, b_n)`, `n = 0, 1, ...`, written into
/// caller-provided buffers (interleaved `a_0, b_0, a_1, b_1, ...`).
///
/// # Word-at-a-time mex ([`SeqKind::Linear`], [`SeqKind::DiagonalBlocking`])
///
/// In both recurrences `a_n` is the mex of all earlier values and `b_n >= a_n`,
/// with `b` strictly increasing; so the `a` values are exactly the numbers that
/// are not a `b_j` with `j < n` at the time they are reached, in increasing order.
/// The generator keeps a bitmap of the `b` values and the *zero mask* `z` of the
/// 64-bit word it is reading: the next `a` is the lowest set bit of `z`
/// (`trailing_zeros`, then clear it), and a new `b` that falls into the same word
/// is cleared from `z` at once (this happens only for the first few `n`, while
/// `b_n - a_n < 64`). There is no per-term read-modify-write of memory: the bits
/// of the word the `b` values are filling are kept in a register and stored when
/// `b` moves to the next word, and no bit is read twice. This is the plain bitmap
/// mex with its serial dependence (load a bit, then decide `a`) removed; the
/// tests check it against the per-term definition and the closed forms.
pub struct Generator {
    kind: SeqKind,
    terms: u64,
    n: u64,
    state: GenState,
}

enum GenState {
    /// Word-at-a-time mex (see [`Generator`]).
    Words {
        bm: Vec<u64>,
        /// The words being read (for `a`) and written (for `b`).
        mex: WordMex,
        /// How `b_n` follows from `a_n`, with its running state.
        form: BForm,
        /// From this `n` on, `b_n - a_n >= 64`: every `b` lands in a word after the
        /// one being read, and the fast loop runs ([`Generator`]).
        warm: u64,
    },
    /// Per-term p-fold mex (seed 000).
    Seed000 {
        bm: Vec<u64>,
        m: u64,
        p: u64,
        x: u64,
        c: u64,
    },
    Finite(Vec<(u64, u64)>),
}

impl Generator {
    /// A generator of the first `terms` pairs of `kind`; refuses when the values
    /// would overflow 64 bits.
    pub fn new(kind: &SeqKind, terms: u64) -> Result<Generator, SolveError> {
        let bound = max_value_bound(kind, terms).ok_or_else(|| {
            SolveError::ArgTooLarge(
                Message::new()
                    .value(Arg::Terms, terms)
                    .text(": the values would overflow 64 bits"),
            )
        })?;
        // the bitmap grows on demand; start with the bound when it is modest
        let words = (bound.min(1 << 36) / 64 + 2) as usize;
        let words_state = |form: BForm, warm: u64| GenState::Words {
            bm: vec![0; words],
            mex: WordMex {
                w: 0,
                z: !0,
                cur: 0,
                bits: 0,
            },
            form,
            warm,
        };
        // b - a >= t n (Linear), >= floor(n / p) step (DiagonalBlocking)
        let linear = |s: u64, t: u64| {
            let form = if s == 1 {
                BForm::Shift { t, tn: 0 }
            } else {
                BForm::Scaled { s, t, tn: 0 }
            };
            words_state(form, 64u64.div_ceil(t))
        };
        let state = match *kind {
            SeqKind::Linear { s, t } => linear(s, t),
            SeqKind::Seed000 { m, p: 1 } => linear(1, m),
            SeqKind::DiagonalBlocking { p, m } => words_state(
                BForm::Blocked {
                    p,
                    step: m,
                    q: 0,
                    r: 0,
                },
                p.saturating_mul(64u64.div_ceil(m)),
            ),
            SeqKind::Seed000 { m, p } => GenState::Seed000 {
                bm: vec![0; words],
                m,
                p,
                x: 0,
                c: 0,
            },
            SeqKind::Finite(ref v) => GenState::Finite(v.clone()),
        };
        // a finite list ends where it ends
        let terms = match kind {
            SeqKind::Finite(v) => terms.min(v.len() as u64),
            _ => terms,
        };
        Ok(Generator {
            kind: kind.clone(),
            terms,
            n: 0,
            state,
        })
    }

    /// The recurrence.
    pub fn kind(&self) -> &SeqKind {
        &self.kind
    }

    /// Pairs this generator writes in all (the request, or a finite list's length).
    pub fn terms(&self) -> u64 {
        self.terms
    }

    /// Pairs written so far.
    pub fn done(&self) -> u64 {
        self.n
    }

    /// Write the next pairs into `out` (`a, b` interleaved); returns the number of
    /// pairs written: `min(out.len() / 2, terms left)`, 0 when all are done.
    pub fn fill(&mut self, out: &mut [u64]) -> usize {
        let want = ((out.len() / 2) as u64).min(self.terms - self.n) as usize;
        let out = &mut out[..2 * want];
        let n0 = self.n;
        let mut n = n0;
        match &mut self.state {
            GenState::Words {
                bm,
                mex,
                form,
                warm,
            } => {
                let warm = *warm;
                let WordMex {
                    w: mut wi,
                    z: mut zz,
                    cur: mut ci,
                    bits: mut cb,
                } = *mex;
                let mut pairs = out.chunks_exact_mut(2);
                // the first terms: a new b may fall into the word being read
                while n < warm {
                    let Some(pair) = pairs.next() else { break };
                    while zz == 0 {
                        wi += 1;
                        let pending = if ci == wi { cb } else { 0 };
                        zz = !(bm.get(wi).copied().unwrap_or(0) | pending);
                    }
                    let a = ((wi as u64) << 6) + zz.trailing_zeros() as u64;
                    zz &= zz - 1;
                    let b = form.next(a);
                    let bi = (b >> 6) as usize;
                    let bit = 1u64 << (b & 63);
                    if bi == wi {
                        zz &= !bit;
                    } else if bi == ci {
                        cb |= bit;
                    } else {
                        store_bits(bm, ci, cb);
                        ci = bi;
                        cb = bit;
                    }
                    pair[0] = a;
                    pair[1] = b;
                    n += 1;
                    if n == warm {
                        // from here on the word of the last b is stored whole after
                        // every term, so it must hold its earlier bits
                        store_bits(bm, ci, cb);
                        cb = bm[ci];
                    }
                }
                drop(pairs);
                let done = (n - n0) as usize;
                let fast = &mut out[2 * done..2 * want];
                form.reserve(bm, n + want as u64);
                *mex = WordMex {
                    w: wi,
                    z: zz,
                    cur: ci,
                    bits: cb,
                };
                with_next!(form, next => mex.run(bm, fast, next));
                n += (fast.len() / 2) as u64;
            }
            GenState::Seed000 { bm, m, p, x, c } => {
                // bit v set: v is some y_j, j >= 1 (y_0 = x_0 = 0 counts once)
                let (m, p) = (*m, *p);
                for pair in out.chunks_exact_mut(2) {
                    while *c + bit_of(bm, *x) as u64 >= p {
                        *x += 1;
                        *c = 0;
                    }
                    let y = *x + m * n;
                    if n > 0 {
                        store_bits(bm, (y >> 6) as usize, 1 << (y & 63));
                    }
                    *c += 1;
                    pair[0] = *x;
                    pair[1] = y;
                    n += 1;
                }
            }
            GenState::Finite(v) => {
                for (pair, &(a, b)) in out.chunks_exact_mut(2).zip(&v[n as usize..]) {
                    pair[0] = a;
                    pair[1] = b;
                }
                n += want as u64;
            }
        }
        self.n = n;
        want
    }
}

/// A chunk of terms as the generator hands it over: plain pairs, or (for the
/// word-at-a-time kinds after warm-up) the `a` values as `(word, bits)` with the
/// `b` rule's state at the chunk's first term: 16 bytes per word of `a` values
/// instead of 16 per term, which is what the hashing thread would otherwise have
/// to pull from the other core's cache.
pub struct Chunk {
    body: ChunkBody,
    /// Terms in the chunk.
    pub terms: u64,
}

enum ChunkBody {
    Pairs(Vec<u64>),
    Words { form: BForm, masks: Vec<(u64, u64)> },
}

impl Chunk {
    /// Feed the chunk's values (`a, b` per term, in order) to the summary.
    pub fn hash_into(&self, sum: &mut crate::hash::Summary) {
        use crate::hash::step;
        match &self.body {
            ChunkBody::Pairs(v) => {
                sum.hash = v.iter().fold(sum.hash, |h, &x| step(h, x));
            }
            ChunkBody::Words { form, masks } => {
                let mut form = *form;
                let mut h = sum.hash;
                with_next!(&mut form, next => {
                    let mut next = next;
                    for &(w, mut m) in masks {
                        while m != 0 {
                            let a = (w << 6) | m.trailing_zeros() as u64;
                            m &= m - 1;
                            h = step(step(h, a), next(a));
                        }
                    }
                });
                sum.hash = h;
            }
        }
        sum.count += self.terms;
    }

    /// The chunk's pairs (tests).
    pub fn pairs(&self) -> Vec<(u64, u64)> {
        match &self.body {
            ChunkBody::Pairs(v) => v.chunks_exact(2).map(|p| (p[0], p[1])).collect(),
            ChunkBody::Words { form, masks } => {
                let mut form = *form;
                let mut v = Vec::new();
                for &(w, mut m) in masks {
                    while m != 0 {
                        let a = (w << 6) | m.trailing_zeros() as u64;
                        m &= m - 1;
                        v.push((a, form.next(a)));
                    }
                }
                v
            }
        }
    }
}

impl Generator {
    /// The next chunk of at most `max` terms (`None` when all are done): `(word,
    /// bits)` form once the word-at-a-time loop runs, pairs before and for the
    /// other kinds.
    pub fn next_chunk(&mut self, max: usize) -> Option<Chunk> {
        let want = (max as u64).min(self.terms - self.n);
        if want == 0 {
            return None;
        }
        if let GenState::Words {
            bm,
            mex,
            form,
            warm,
        } = &mut self.state
        {
            if self.n >= *warm {
                let start = *form;
                form.reserve(bm, self.n + want);
                let mut masks = Vec::with_capacity(want as usize / 16 + 2);
                with_next!(form, next => mex.run_masks(bm, &mut masks, want, next));
                self.n += want;
                return Some(Chunk {
                    body: ChunkBody::Words { form: start, masks },
                    terms: want,
                });
            }
        }
        let mut v = vec![0u64; 2 * want as usize];
        let k = self.fill(&mut v);
        v.truncate(2 * k);
        Some(Chunk {
            body: ChunkBody::Pairs(v),
            terms: k as u64,
        })
    }
}

/// The fast loop of the word-at-a-time mex, once `b_n - a_n >= 64`: the zero bits
/// of the word being read are the next `a` values, and the word of the last `b`
/// is kept in a register and stored whole after every term (no read-modify-write,
/// no data-dependent branch but the word changes).
#[derive(Clone, Copy, Debug)]
struct WordMex {
    /// The word being read for `a` values, and its remaining zero mask.
    w: usize,
    z: u64,
    /// The word the last `b` went into, and its bits (after warm-up: all of them).
    cur: usize,
    bits: u64,
}

impl WordMex {
    /// `bm` must hold every `b` this call produces (the caller sizes it).
    #[inline(always)]
    fn run(&mut self, bm: &mut [u64], out: &mut [u64], mut next_b: impl FnMut(u64) -> u64) {
        let (mut wi, mut zz, mut ci, mut cb) = (self.w, self.z, self.cur, self.bits);
        for pair in out.chunks_exact_mut(2) {
            while zz == 0 {
                wi += 1;
                // every b below this word's end is already stored (b - a >= 64)
                zz = !bm[wi];
            }
            let (a, b) = take(bm, wi, &mut zz, &mut ci, &mut cb, &mut next_b);
            pair[0] = a;
            pair[1] = b;
        }
        (self.w, self.z, self.cur, self.bits) = (wi, zz, ci, cb);
    }

    /// [`WordMex::run`] for `terms` terms, recording the `a` values as `(word,
    /// bits)` instead of writing pairs.
    #[inline(always)]
    fn run_masks(
        &mut self,
        bm: &mut [u64],
        masks: &mut Vec<(u64, u64)>,
        terms: u64,
        mut next_b: impl FnMut(u64) -> u64,
    ) {
        let (mut wi, mut zz, mut ci, mut cb) = (self.w, self.z, self.cur, self.bits);
        let mut left = terms;
        while left > 0 {
            while zz == 0 {
                wi += 1;
                zz = !bm[wi];
            }
            let before = zz;
            while zz != 0 && left > 0 {
                take(bm, wi, &mut zz, &mut ci, &mut cb, &mut next_b);
                left -= 1;
            }
            masks.push((wi as u64, before & !zz));
        }
        (self.w, self.z, self.cur, self.bits) = (wi, zz, ci, cb);
    }
}

/// One term of the fast loop: the lowest bit of the zero mask `zz` of word `wi`
/// is `a`; `b` follows, and its bit joins the word `ci` of the last `b` (kept
/// whole in `cb` and stored after every term; a new word starts empty, as `b`
/// increases).
#[inline(always)]
fn take(
    bm: &mut [u64],
    wi: usize,
    zz: &mut u64,
    ci: &mut usize,
    cb: &mut u64,
    next_b: &mut impl FnMut(u64) -> u64,
) -> (u64, u64) {
    let a = ((wi as u64) << 6) | zz.trailing_zeros() as u64;
    *zz &= *zz - 1;
    let b = next_b(a);
    let bi = (b >> 6) as usize;
    let keep = ((bi == *ci) as u64).wrapping_neg();
    *cb = (*cb & keep) | 1u64 << (b & 63);
    *ci = bi;
    bm[bi] = *cb;
    (a, b)
}

/// `bm[i] |= bits`, growing the bitmap when needed.
#[inline]
fn store_bits(bm: &mut Vec<u64>, i: usize, bits: u64) {
    if i >= bm.len() {
        let len = (i + 1).max(bm.len() * 2);
        bm.resize(len, 0);
    }
    bm[i] |= bits;
}

#[inline(always)]
fn bit_of(bm: &[u64], v: u64) -> bool {
    bm.get((v >> 6) as usize)
        .is_some_and(|w| (w >> (v & 63)) & 1 == 1)
}

/// Generate the first `terms` pairs, calling `sink(a_n, b_n)` in order of `n`.
/// `progress(done)` is called every [`PROGRESS_STEP`] terms.
pub fn generate(
    kind: &SeqKind,
    terms: u64,
    progress: &mut dyn FnMut(u64),
    mut sink: impl FnMut(u64, u64),
) -> Result<(), SolveError> {
    let mut g = Generator::new(kind, terms)?;
    let terms = g.terms();
    let mut buf = vec![0u64; 2 * CHUNK_PAIRS];
    let mut last = 0;
    loop {
        let k = g.fill(&mut buf);
        if k == 0 {
            break;
        }
        for pair in buf[..2 * k].chunks_exact(2) {
            sink(pair[0], pair[1]);
        }
        if g.done() - last >= PROGRESS_STEP || g.done() == terms {
            last = g.done();
            progress(last);
        }
    }
    Ok(())
}

/// The first `terms` pairs as a vector (tests and small requests).
pub fn pairs(kind: &SeqKind, terms: u64) -> Result<Vec<(u64, u64)>, SolveError> {
    let mut v = Vec::new();
    generate(kind, terms, &mut |_| {}, |a, b| v.push((a, b)))?;
    Ok(v)
}

/// Count and hash of the first `terms` pairs, without storing them.
///
/// With two or more cores and at least [`PIPELINE_MIN_TERMS`] terms, the
/// generator runs on a second thread and hands chunks of [`CHUNK_PAIRS`] pairs
/// to this one, which hashes them in order (the hash is a serial chain of
/// multiplies, about as costly as the generation itself). The result does not
/// depend on the thread count.
pub fn summary(
    kind: &SeqKind,
    terms: u64,
    progress: &mut dyn FnMut(u64),
) -> Result<crate::hash::Summary, SolveError> {
    let threads = std::thread::available_parallelism().map_or(1, |n| n.get());
    summary_with(
        kind,
        terms,
        threads >= 2 && terms >= PIPELINE_MIN_TERMS,
        progress,
    )
}

/// [`summary`] with the choice of the two-thread pipeline made by the caller.
pub fn summary_with(
    kind: &SeqKind,
    terms: u64,
    pipelined: bool,
    progress: &mut dyn FnMut(u64),
) -> Result<crate::hash::Summary, SolveError> {
    let mut g = Generator::new(kind, terms)?;
    let terms = g.terms();
    let mut sum = crate::hash::Summary::new();
    let mut last = 0u64;
    let mut consume = |c: &Chunk| {
        c.hash_into(&mut sum);
        if sum.count - last >= PROGRESS_STEP || sum.count == terms {
            last = sum.count;
            progress(last);
        }
    };
    if !pipelined {
        while let Some(c) = g.next_chunk(CHUNK_PAIRS) {
            consume(&c);
        }
        return Ok(sum);
    }
    // chunks go to the hashing thread (this one) through a bounded queue
    const QUEUE: usize = 8;
    let (tx, rx) = std::sync::mpsc::sync_channel::<Chunk>(QUEUE);
    std::thread::scope(|scope| {
        scope.spawn(move || {
            while let Some(c) = g.next_chunk(CHUNK_PAIRS) {
                if tx.send(c).is_err() {
                    break;
                }
            }
        });
        for c in rx.iter() {
            consume(&c);
        }
    });
    Ok(sum)
}

/// Exact closed forms, for the tests and the oracle-free checks.
pub mod closed {
    /// `floor(n phi_{mp} / p)`, `phi_{mp} = (2 - mp + sqrt((mp)^2 + 4)) / 2` (seed 000).
    pub fn seed000_a(n: u64, m: u64, p: u64) -> u64 {
        let mp = (m * p) as i128;
        let n = n as i128;
        let root = ((n * n * (mp * mp + 4)) as u128).isqrt() as i128;
        let num = n * (2 - mp) + root;
        num.div_euclid(2 * p as i128) as u64
    }
    /// `floor(n phi_m)`, `phi_m = (2 - m + sqrt(m^2 + 4)) / 2` (m-Wythoff).
    pub fn m_wythoff_a(n: u64, m: u64) -> u64 {
        seed000_a(n, m, 1)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn wythoff_start() {
        let v = pairs(&SeqKind::Linear { s: 1, t: 1 }, 6).unwrap();
        assert_eq!(v, vec![(0, 0), (1, 2), (3, 5), (4, 7), (6, 10), (8, 13)]);
    }

    #[test]
    fn closed_forms_agree() {
        for m in 1..5 {
            let v = pairs(&SeqKind::Linear { s: 1, t: m }, 100_000).unwrap();
            for (n, &(a, b)) in v.iter().enumerate() {
                assert_eq!(a, closed::m_wythoff_a(n as u64, m), "m={m} n={n}");
                assert_eq!(b, a + m * n as u64);
            }
        }
        for (m, p) in [(1, 2), (2, 3), (1, 3), (3, 2), (2, 2)] {
            let v = pairs(&SeqKind::Seed000 { m, p }, 100_000).unwrap();
            for (n, &(a, b)) in v.iter().enumerate() {
                assert_eq!(a, closed::seed000_a(n as u64, m, p), "m={m} p={p} n={n}");
                assert_eq!(b, a + m * n as u64);
            }
        }
    }

    /// The recurrences written the plain way: a bitmap of every value used and a
    /// mex pointer that walks over set bits, one term at a time.
    fn plain(kind: &SeqKind, terms: u64) -> Vec<(u64, u64)> {
        let mut used = vec![false; (max_value_bound(kind, terms).unwrap() + 2) as usize];
        let mut mex = 0usize;
        let mut v = Vec::new();
        for n in 0..terms {
            while used[mex] {
                mex += 1;
            }
            let a = mex as u64;
            let b = match *kind {
                SeqKind::Linear { s, t } => s * a + t * n,
                SeqKind::DiagonalBlocking { p, m } => a + (n / p) * m,
                _ => unreachable!(),
            };
            used[a as usize] = true;
            used[b as usize] = true;
            v.push((a, b));
        }
        v
    }

    #[test]
    fn word_at_a_time_equals_plain_mex() {
        let mut kinds = Vec::new();
        for s in 1..5 {
            for t in 1..9 {
                kinds.push(SeqKind::Linear { s, t });
            }
        }
        for p in 1..7 {
            for m in [1, 2, 3, 5, 8, 64, 65, 200] {
                kinds.push(SeqKind::DiagonalBlocking { p, m });
            }
        }
        for kind in kinds {
            // several chunk boundaries, and a count that is not a multiple of a chunk
            let terms = 2 * CHUNK_PAIRS as u64 + 1234;
            assert_eq!(
                pairs(&kind, terms).unwrap(),
                plain(&kind, terms),
                "{kind:?}"
            );
        }
    }

    /// Chunks (pairs during warm-up, then `(word, bits)`) carry the same pairs as
    /// `fill`, for chunk sizes that cut words in the middle.
    #[test]
    fn chunks_carry_the_pairs() {
        let kinds = [
            SeqKind::Linear { s: 1, t: 1 },
            SeqKind::Linear { s: 1, t: 5 },
            SeqKind::Linear { s: 3, t: 2 },
            SeqKind::DiagonalBlocking { p: 3, m: 2 },
            SeqKind::DiagonalBlocking { p: 1, m: 100 },
            SeqKind::Seed000 { m: 2, p: 3 },
        ];
        for kind in kinds {
            let terms = 20_000;
            let want = pairs(&kind, terms).unwrap();
            for max in [1, 7, 64, 1000] {
                let mut g = Generator::new(&kind, terms).unwrap();
                let mut got = Vec::new();
                let mut masked = false;
                while let Some(c) = g.next_chunk(max) {
                    assert!(c.terms as usize <= max);
                    masked |= matches!(c.body, ChunkBody::Words { .. });
                    got.extend(c.pairs());
                }
                assert_eq!(got, want, "{kind:?} max={max}");
                assert_eq!(masked, !matches!(kind, SeqKind::Seed000 { .. }), "{kind:?}");
            }
        }
    }

    #[test]
    fn summary_pipelined_equals_sequential() {
        let kinds = [
            SeqKind::Linear { s: 1, t: 2 },
            SeqKind::Linear { s: 3, t: 1 },
            SeqKind::DiagonalBlocking { p: 3, m: 2 },
            SeqKind::Seed000 { m: 2, p: 3 },
            SeqKind::Finite(vec![(0, 0), (1, 2), (3, 5)]),
            SeqKind::Finite(vec![]),
        ];
        for kind in kinds {
            for terms in [1, 3, 5 * CHUNK_PAIRS as u64, 13 * CHUNK_PAIRS as u64 + 77] {
                let want = crate::hash::hash_values(
                    pairs(&kind, terms)
                        .unwrap()
                        .into_iter()
                        .flat_map(|(a, b)| [a, b]),
                );
                for pipelined in [false, true] {
                    let mut calls = 0;
                    let got = summary_with(&kind, terms, pipelined, &mut |_| calls += 1).unwrap();
                    let count = match kind {
                        SeqKind::Finite(ref v) => terms.min(v.len() as u64),
                        _ => terms,
                    };
                    assert_eq!(
                        (got.count, got.hash),
                        (count, want),
                        "{kind:?} {terms} {pipelined}"
                    );
                    assert!(count == 0 || calls >= 1, "progress is reported at the end");
                }
            }
        }
    }

    #[test]
    fn diagonal_blocking_is_plain_mex() {
        // the definition, written the slow way
        let (p, m) = (3u64, 2u64);
        let mut seen = std::collections::BTreeSet::new();
        let mut want = Vec::new();
        for n in 0..2000u64 {
            let mut a = 0;
            while seen.contains(&a) {
                a += 1;
            }
            let b = a + (n / p) * m;
            seen.insert(a);
            seen.insert(b);
            want.push((a, b));
        }
        assert_eq!(
            pairs(&SeqKind::DiagonalBlocking { p, m }, 2000).unwrap(),
            want
        );
    }
}
