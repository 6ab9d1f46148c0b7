//! Grundy rows proved beyond the board: a finite-state certificate of each
//! row's additive periodicity (the shape of Dress, Flammenkamp and Pink 1999
//! and Landman 2002, derived here for the rule model).
//!
//! # Scope
//!
//! Normal play, one set of rules, no blocking, no corner, no terminal set, no
//! memory; one-pile moves of **every** length on the second pile (so every row
//! is injective); and for each `k >= 1` only finitely many two-pile moves
//! `(k, l)`: `l <= lmax(k)` with `lmax(k) = k` (`k = l`, Wythoff),
//! `k + m - 1` (`|k - l| < m`, m-Wythoff), `s k + t - 1` (the (s,t) cone), or the
//! largest member of a finite second-pile set. m-Modular Wythoff (`k = l mod m`)
//! reaches row `x - k` at every column `y - l`, `l = k (mod m)`: unboundedly
//! many columns, no certificate.
//!
//! # The argument (row `x`, rows `x' < x` already certified)
//!
//! The options of `(x, y)` are the row's own cells `(x, y')`, `y' < y` (the set
//! `A`, all distinct: the row is injective), and the cells `(x', y - d)` of the
//! earlier rows for the pairs `(x', d)` with `d` in `D(x - x')` =
//! `{l >= 0 : (x - x', l) is a move}` (the set `B`). Let `c` be the number of
//! such pairs (`c = 2x` for Wythoff).
//!
//! - **Upper bound.** `G(x, y) = mex(A u B) <= |A| + |B| <= y + c`.
//! - **Lower bound.** A value `v` occurs in row `x` at a column `<= v + c`:
//!   among the `v + c + 1` columns `0..=v + c`, a column `y'` where `v` is not
//!   yet used and `G(x, y') != v` has `v` in `B(y')` or `G(x, y') < v`; the
//!   first happens in at most `c` columns (each earlier row holds `v` once, and
//!   each pair `(x', d)` sees it at one column), the second in at most `v`.
//!   So every value below `y - c` is used by row `x` before column `y`, and
//!   `y - c <= G(x, y)`.
//!
//! Hence the values the row has used are fixed by the *window*
//! `W(y) = {v - y : v used before y, -c <= v - y < c}` (below the window all
//! are used, above it none), and `G(x, y) - y` is the least `r >= -c` outside
//! `W(y)` and outside `B(y) - y`. Once every `y - d` is past the preperiod of
//! its row, `B(y) - y` depends only on `y mod L` (`L` the lcm of the earlier
//! rows' periods; their saltus equals their period, by the bounds). The state
//! `(W(y), y mod L)` thus determines the rest of the row: when it repeats at
//! `m1 < m2` (compared at the columns `y = 0 mod L`, so only the window is
//! stored), `G(x, y + P) = G(x, y) + P` for every `y >= m1`, `P = m2 - m1`.
//! The least period divides `P`; it and the least preperiod are then read off
//! the exact values. Row `0` needs no earlier row (`G(0, y) = y`).
//!
//! The certificate computes every value from the rules alone (no board): the
//! tests compare it with the solvers on boards far longer than the repeats.

#[cfg(test)]
use crate::rules::Convention;
use crate::rules::{Game, Rules};
use std::collections::HashMap;

/// Default bound on the columns the certificate computes for one row.
pub const DEFAULT_MAX_COLUMNS: u64 = 1 << 20;

/// The law of one proved row: `G(x, y + period) = G(x, y) + saltus` for every
/// `y >= preperiod`, with `preperiod` and `period` the least.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ProvedRow {
    pub x: u64,
    pub preperiod: u64,
    pub period: u64,
    pub saltus: i64,
    /// The state `(window, phases)` repeated at these columns `m1 < m2`.
    pub repeat: (u64, u64),
    /// `c`: the number of cells of earlier rows among the options of a cell
    /// (the window is `[-c, c)` about the column).
    pub window: u64,
    /// `G(x, y)` for `y < preperiod + period`.
    values: Vec<u64>,
}

impl ProvedRow {
    /// `G(x, y)` at any column, from the law.
    pub fn value(&self, y: u64) -> u64 {
        let head = self.preperiod + self.period;
        if y < head {
            return self.values[y as usize];
        }
        let k = (y - self.preperiod) / self.period;
        let r = (y - self.preperiod) % self.period;
        let base = self.values[(self.preperiod + r) as usize] as i128;
        (base + k as i128 * self.saltus as i128) as u64
    }
}

/// One row: proved, or only read on the board (and why).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum RowProof {
    Proved(ProvedRow),
    Read { x: u64, reason: String },
}

impl RowProof {
    pub fn proved(&self) -> Option<&ProvedRow> {
        match self {
            RowProof::Proved(p) => Some(p),
            RowProof::Read { .. } => None,
        }
    }
}

/// Why the certificate does not apply to `game` (`None`: it applies), one phrase.
pub fn refusal(game: &Game) -> Option<String> {
    let Some(r) = game.as_single() else {
        return Some("a choice of rule sets: no single row structure".into());
    };
    refusal_rules(r)
}

fn refusal_rules(r: &Rules) -> Option<String> {
    crate::solve::wrappers::ROWS.refusal(r)
}

/// The largest `l` of a two-pile move `(k, l)` (`None`: unbounded).
fn lmax(r: &Rules, k: u64) -> Option<u64> {
    crate::solve::wrappers::ROWS.lmax(r, k)
}

/// The smallest `l >= 1` of a two-pile move `(k, l)` the relation allows.
fn lmin(r: &Rules, k: u64) -> u64 {
    crate::solve::wrappers::ROWS.lmin(r, k)
}

/// `c_x`: the number of cells of the rows below `x` among the options of a
/// cell `(x, y)`, `y` large (the pairs `(x', d)`, `d` in `D(x - x')`), when
/// finite and found in at most `work` steps. By the lower bound of the module
/// documentation, a value `v` occurs in row `x` at a column `<= v + c_x` (in
/// the certificate's scope).
pub fn reach(r: &Rules, x: u64, work: u64) -> Option<u64> {
    let mut c: u64 = 0;
    let mut steps: u64 = 0;
    for k in 1..=x {
        let top = lmax(r, k)?;
        let lo = lmin(r, k).min(top);
        steps = steps.saturating_add(top - lo + 2);
        if steps > work {
            return None;
        }
        c += r.is_move(k, 0) as u64;
        c += (lo.max(1)..=top).filter(|&l| r.is_move(k, l)).count() as u64;
    }
    Some(c)
}

/// A small fixed-width bitset over the offsets `[-c, c]`.
#[derive(Clone, PartialEq, Eq, Hash)]
struct Bits(Vec<u64>);

impl Bits {
    fn new(len: usize) -> Self {
        Bits(vec![0; len.div_ceil(64).max(1)])
    }
    fn get(&self, i: usize) -> bool {
        self.0[i / 64] >> (i % 64) & 1 == 1
    }
    fn set(&mut self, i: usize) {
        self.0[i / 64] |= 1 << (i % 64);
    }
    fn clear_all(&mut self) {
        self.0.iter_mut().for_each(|w| *w = 0);
    }
    /// `self[i] = self[i + 1]` for every `i` (the top bit becomes 0).
    fn shift_down(&mut self) {
        let n = self.0.len();
        for i in 0..n {
            let hi = if i + 1 < n { self.0[i + 1] & 1 } else { 0 };
            self.0[i] = self.0[i] >> 1 | hi << 63;
        }
    }
}

/// Certify the rows `0..rows` of `game` in order, each computed for at most
/// `max_columns` columns. A row depending on a row that is not proved stays read.
pub fn certify(game: &Game, rows: usize, max_columns: u64) -> Vec<RowProof> {
    let refused = refusal(game);
    let mut out: Vec<RowProof> = Vec::with_capacity(rows);
    for x in 0..rows as u64 {
        let proof = match (&refused, game.as_single()) {
            (None, Some(r)) => certify_row(r, x, &out, max_columns),
            _ => RowProof::Read {
                x,
                reason: refused.clone().unwrap_or_default(),
            },
        };
        out.push(proof);
    }
    out
}

/// Certify row `x` given the proofs of the rows below it.
fn certify_row(r: &Rules, x: u64, below: &[RowProof], max_columns: u64) -> RowProof {
    let read = |reason: String| RowProof::Read { x, reason };
    // the cells of earlier rows among the options: (row, offsets d)
    let mut refs: Vec<(&ProvedRow, Vec<u64>)> = Vec::new();
    let mut c: u64 = 0;
    for k in 1..=x {
        let xr = x - k;
        let Some(top) = lmax(r, k) else {
            return read(format!(
                "two-pile moves reach row {xr} at unboundedly many columns"
            ));
        };
        if top > max_columns {
            return read(format!(
                "two-pile moves reach row {xr} at {top} columns or more (over the bound {max_columns})"
            ));
        }
        let ds: Vec<u64> = (0..=top).filter(|&l| r.is_move(k, l)).collect();
        if ds.is_empty() {
            continue;
        }
        let Some(p) = below[xr as usize].proved() else {
            return read(format!("depends on row {xr}, which is not proved"));
        };
        c += ds.len() as u64;
        refs.push((p, ds));
    }
    // L = lcm of the periods; y0: every y - d past its row's preperiod
    let mut lcm: u64 = 1;
    let mut y0: u64 = 0;
    for (p, ds) in &refs {
        lcm = crate::sets::lcm(lcm, p.period);
        if lcm > max_columns {
            return read(format!(
                "the periods of the rows below have an lcm over {max_columns} columns"
            ));
        }
        y0 = y0.max(p.preperiod + ds.iter().max().copied().unwrap_or(0));
    }
    let ci = c as i64;
    let width = 2 * c as usize; // W: offsets -c..c-1 at bits 0..2c
    let mut w = Bits::new(width);
    // at y = 0 the negative "values" count as used
    for i in 0..c as usize {
        w.set(i);
    }
    let mut b = Bits::new(width + 1);
    let mut rel: Vec<i64> = Vec::new();
    let mut seen: HashMap<Bits, u64> = HashMap::new();
    let mut y: u64 = 0;
    let (m1, m2) = loop {
        // states compared at the columns of phase 0 (y = 0 mod L) past y0
        if y >= y0 && y.is_multiple_of(lcm) {
            if let Some(&m1) = seen.get(&w) {
                break (m1, y);
            }
            seen.insert(w.clone(), y);
        }
        if y >= max_columns {
            return read(format!(
                "no repeat of the row's state within {max_columns} columns (window {c}, phases mod {lcm})"
            ));
        }
        b.clear_all();
        for (p, ds) in &refs {
            for &d in ds {
                if d <= y {
                    let v = p.value(y - d) as i64 - y as i64;
                    if (-ci..=ci).contains(&v) {
                        b.set((v + ci) as usize);
                    }
                }
            }
        }
        let mut i = 0usize;
        while i < width && (w.get(i) || b.get(i)) {
            i += 1;
        }
        if i == width && b.get(width) {
            return read("the bound G(x, y) <= y + c failed (a bug)".into());
        }
        let ry = i as i64 - ci;
        // the bottom of the window leaves: it must be used (the lower bound)
        if c > 0 && !w.get(0) && ry != -ci {
            return read("the bound G(x, y) >= y - c failed (a bug)".into());
        }
        rel.push(ry);
        if c > 0 {
            w.shift_down();
            if ry > -ci {
                w.set((ry - 1 + ci) as usize);
            }
        }
        y += 1;
    };
    let per_all = m2 - m1;
    let at = |z: u64| -> i64 {
        if z < m2 {
            rel[z as usize]
        } else {
            rel[(m1 + (z - m1) % per_all) as usize]
        }
    };
    let period = (1..=per_all)
        .filter(|q| per_all % q == 0)
        .find(|&q| (m1..m2).all(|z| at(z + q) == at(z)))
        .unwrap_or(per_all);
    let mut pre = m1;
    while pre > 0 && at(pre - 1 + period) == at(pre - 1) {
        pre -= 1;
    }
    let values = (0..pre + period)
        .map(|z| (at(z) + z as i64) as u64)
        .collect();
    RowProof::Proved(ProvedRow {
        x,
        preperiod: pre,
        period,
        saltus: period as i64,
        repeat: (m1, m2),
        window: c,
        values,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn game(name: &str) -> Game {
        crate::catalogue::parse_game(name)
            .unwrap_or_else(|e| panic!("{name}: {e:?}"))
            .game
    }

    /// Every proved row equals the solver's row on a board of side `n`.
    fn agree_with_solver(name: &str, rows: usize, n: usize) -> usize {
        let g = game(name);
        let proofs = certify(&g, rows, DEFAULT_MAX_COLUMNS);
        let t = crate::solve::grundy(&g, n).unwrap();
        let mut proved = 0;
        for p in proofs.iter().filter_map(RowProof::proved) {
            assert!(
                p.repeat.1 * 4 <= n as u64,
                "{name} row {}: board {n} not much longer than the repeat {:?}",
                p.x,
                p.repeat
            );
            for y in 0..n {
                assert_eq!(
                    Some(p.value(y as u64) as u32),
                    t.get(p.x as usize, y),
                    "{name} row {} column {y}",
                    p.x
                );
            }
            proved += 1;
        }
        proved
    }

    #[test]
    fn wythoff_first_rows() {
        let g = game("wythoff");
        let rows = certify(&g, 3, DEFAULT_MAX_COLUMNS);
        let law = |i: usize| {
            let p = rows[i].proved().unwrap();
            (p.preperiod, p.period, p.saltus)
        };
        assert_eq!(law(0), (0, 1, 1));
        assert_eq!(law(1), (0, 3, 3));
        assert_eq!(law(2), (0, 3, 3));
    }

    #[test]
    fn proved_rows_equal_the_solver_far_beyond_the_repeat() {
        assert_eq!(agree_with_solver("wythoff", 14, 2048), 14);
        assert!(agree_with_solver("m-wythoff:m=2", 5, 2048) >= 4);
        assert!(agree_with_solver("nim", 6, 512) == 6);
        assert!(agree_with_solver("st-wythoff:s=2,t=1", 4, 2048) >= 3);
    }

    #[test]
    fn the_row_kernel_certifies_the_same_laws() {
        // the row kernel (solve::run::grundy_rows) keeps the rows as arrays; the laws are the same
        for (name, n) in [("wythoff", 20), ("m-wythoff:m=2", 6), ("nim", 8)] {
            let g = game(name);
            let here = certify(&g, n, DEFAULT_MAX_COLUMNS);
            let t = crate::solve::run::grundy_rows(
                g.as_single().unwrap(),
                n as u64,
                1 << 14,
                &mut |_, _| {},
            )
            .unwrap();
            let mut proved = 0;
            for (a, b) in here.iter().zip(t.status()) {
                let a = a
                    .proved()
                    .map(|p| (p.x, p.preperiod, p.period, p.saltus as u64, p.window));
                let b = b
                    .law()
                    .map(|l| (l.row, l.preperiod, l.period, l.saltus, l.window));
                if b.is_some() {
                    assert_eq!(a, b, "{name}");
                    proved += 1;
                }
            }
            assert!(proved >= n - 1, "{name}: {proved} rows proved");
        }
    }

    #[test]
    fn modular_is_refused_with_its_reason() {
        let g = game("modular:m=3");
        let why = refusal(&g).expect("m-Modular has no certificate");
        assert!(why.contains("unboundedly many columns"), "{why}");
        for p in certify(&g, 4, DEFAULT_MAX_COLUMNS) {
            match p {
                RowProof::Read { reason, .. } => assert_eq!(reason, why),
                RowProof::Proved(p) => panic!("row {} proved", p.x),
            }
        }
    }

    #[test]
    fn a_small_column_budget_leaves_rows_read_and_their_dependants_too() {
        let g = game("wythoff");
        let rows = certify(&g, 8, 40);
        let first_read = rows.iter().position(|p| p.proved().is_none()).unwrap();
        match &rows[first_read] {
            RowProof::Read { reason, .. } => {
                assert!(reason.contains("within 40 columns"), "{reason}")
            }
            RowProof::Proved(_) => unreachable!(),
        }
        for p in &rows[first_read + 1..] {
            match p {
                RowProof::Read { reason, .. } => assert!(reason.contains("not proved"), "{reason}"),
                RowProof::Proved(p) => panic!("row {} proved above a read row", p.x),
            }
        }
    }

    #[test]
    fn misere_and_restricted_second_pile_are_refused() {
        let g = game("wythoff").with_convention(Convention::Misere);
        assert!(refusal(&g).unwrap().contains("misère"));
        let g = game("connell:p=2");
        assert!(refusal(&g).unwrap().contains("second pile"));
    }
}
