//! Grundy rows `0..R` over `Y` columns, each row certified additively periodic
//! where the row certificate applies: `O(R Y)` memory, never an `n x n` table.
//!
//! # Scope ([`refusal`])
//!
//! Normal play, one set of rules, no blocking, no corner, no terminal set, no
//! memory; one-pile moves of **every** length on the second pile (so every row
//! is injective); and for each `k >= 1` finitely many two-pile moves `(k, l)`,
//! `l <= lmax(k)` ([`lmax`]): Wythoff (`l = k`), m-Wythoff, the (s,t) cones,
//! finite second-pile sets, Nim. m-Modular Wythoff (`k = l mod m`) reaches
//! row `x - k` at unboundedly many columns: refused.
//!
//! # The argument (row `x`; the rows below it already certified)
//!
//! The options of `(x, y)` are the row's own cells `(x, y')`, `y' < y` (the set
//! `A`, all distinct), and the cells `(x', y - d)` of the earlier rows for the
//! `c` pairs `(x', d)` with `(x - x', d)` a move (the set `B`; [`pairs`];
//! `c = 2x` for Wythoff). Then `y - c <= G(x, y) <= y + c`: the upper bound as
//! `|A| + |B| <= y + c`; the lower bound because a value `v` occurs in the row
//! at a column `<= v + c` (among the columns `0..=v + c`, at most `c` see `v`
//! in `B` and at most `v` have a value below `v`). So the values the row has
//! used before column `y` are fixed by the *window* `W(y)`, the used values in
//! `[y - c, y + c)` (below it all are used, above it none), and `G(x, y)` is the
//! least value `>= y - c` outside `W(y)` and `B(y)`. Once every `y - d` is past
//! its row's preperiod (`y >= y0`), `B(y) - y` depends only on `y mod L` (`L`
//! the lcm of the earlier rows' periods; their saltus equals their period, by
//! the bounds). When the window repeats at two columns `m1 < m2` of phase 0
//! (`y = 0 mod L`, `y >= y0`), the row is additively periodic from `m1` with
//! period and saltus `m2 - m1`; the least period and preperiod are then read
//! off the exact values. Both bounds are checked at every column (a failure is
//! a bug, reported, never a wrong law).
//!
//! This is the argument of `patterns/row_proof.rs` (Dress, Flammenkamp
//! and Pink 1999; Landman 2002 give such finite-state machines), here with
//! the rows kept as arrays so that the earlier rows' cells are read, not
//! recomputed from their laws.
//!
//! # Data and the inner loop
//!
//! Row `x` is stored relative, `G(x, y) - y` as `i16` (`|G - y| <= c`,
//! [`MAX_WINDOW`]): `2 R Y` bytes. While row `x` is built: the values it has
//! used as one bitset over `[-c, Y + c]` (`Y / 8` bytes), and `B(y)` as a
//! bitset of `2c + 1` bits about `y`; the mex is the first zero of the two
//! ORed word by word. A state is a window of `2c` bits, kept as a 64-bit
//! fingerprint and the column; a fingerprint match is confirmed by rebuilding
//! both windows from the row's values (a collision is never a proof).
//! Time: `sum_x (c_x + 2c_x / 64 + O(1)) Y` steps.

use crate::rules::{Convention, Memory, Relation, Rules};
use crate::solve::table::{RowLaw, RowStatus, RowsTable};
use rustc_hash::FxHashMap;

/// Largest window `c` (relative values `G - y` are stored as `i16`).
pub const MAX_WINDOW: u64 = i16::MAX as u64;
/// Largest number of columns (indexes are `usize`, values below `2^31`).
pub const MAX_COLUMNS: u64 = 1 << 31;
/// Default columns a row is computed over.
pub const DEFAULT_COLUMNS: u64 = 1 << 20;

/// Why the row certificate does not apply to `r` (`None`: it applies), one phrase.
pub fn refusal(r: &Rules) -> Option<String> {
    if r.convention() == Convention::Misere {
        return Some("misère play: the certificate is for normal-play Grundy values".into());
    }
    if r.memory() != Memory::None {
        return Some("a game with memory has no Grundy values".into());
    }
    if r.blocking().is_some() {
        return Some("blocking: no Grundy values".into());
    }
    if r.has_pass() {
        return Some(
            "a pass: a position's value depends on whether the pass is used, so no Grundy values"
                .into(),
        );
    }
    if r.corner().is_some() {
        return Some("a removed corner: the rows are not translation-invariant".into());
    }
    if r.terminal().is_some() {
        return Some("a terminal set: its rows are not injective".into());
    }
    if !r.v().is_all() {
        return Some(format!(
            "one-pile moves on the second pile are not of every length ({}): rows need not be injective",
            r.v().spec()
        ));
    }
    if let Some(t) = r.two_pile() {
        if matches!(t.relation, Relation::Ratio { .. } | Relation::Union(_)) {
            return Some(format!(
                "the row certificate is written for one diagonal, band, cone or congruence relation, not for {}",
                t.relation.spec()
            ));
        }
        if !t.d2.is_finite() {
            if let Relation::Congruent { m } = t.relation {
                return Some(format!(
                    "two-pile moves (k, l) with k = l (mod {m}) reach row x - k at every column y - l, l = k (mod {m}): unboundedly many columns of each earlier row, so no finite state"
                ));
            }
        }
    }
    None
}

/// The largest `l` of a two-pile move `(k, l)` (`None`: unbounded or over `u64`).
pub fn lmax(r: &Rules, k: u64) -> Option<u64> {
    let Some(t) = r.two_pile() else {
        return Some(0);
    };
    if !t.d1.contains(k) {
        return Some(0);
    }
    let by_set = t.d2.is_finite().then(|| t.d2.threshold());
    let by_rel = match t.relation {
        Relation::Diagonal => Some(k),
        Relation::Band { m } => k.checked_add(m - 1),
        // l > k: l - k < (s - 1) k + t, so l < s k + t
        Relation::Cone { s, t } => s.checked_mul(k).and_then(|v| v.checked_add(t - 1)),
        // out of the certificate's scope (refused above): unbounded
        Relation::Congruent { .. } | Relation::Ratio { .. } | Relation::Union(_) => None,
    };
    match (by_set, by_rel) {
        (Some(a), Some(b)) => Some(a.min(b)),
        (a, b) => a.or(b),
    }
}

/// The smallest `l >= 1` of a two-pile move `(k, l)` the relation allows.
pub fn lmin(r: &Rules, k: u64) -> u64 {
    match r.two_pile().map(|t| &t.relation) {
        Some(Relation::Diagonal) => k,
        Some(&Relation::Band { m }) => k.saturating_sub(m - 1).max(1),
        // l < k: k - l < (s - 1) l + t, so k < s l + t
        Some(&Relation::Cone { s, t }) if k >= t => (k - t) / s + 1,
        _ => 1,
    }
}

/// The cells of the rows below `x` among the options of `(x, y)`, as pairs
/// `(x', d)`: the cell `(x', y - d)` (every `d` with `(x - x', d)` a move).
/// `Err` when some `lmax` is over `limit` (or unbounded), or there are more
/// than [`MAX_WINDOW`] pairs (found without listing them all).
pub fn pairs(r: &Rules, x: u64, limit: u64) -> Result<Vec<(u64, u64)>, String> {
    let mut out = Vec::new();
    for k in 1..=x {
        if out.len() as u64 > MAX_WINDOW {
            return Err(format!(
                "row {x} reads more than {MAX_WINDOW} cells of earlier rows: over the kernel's window"
            ));
        }
        let top = match lmax(r, k) {
            Some(t) if t <= limit => t,
            _ => {
                return Err(format!(
                    "two-pile moves reach row {} at more than {limit} columns",
                    x - k
                ))
            }
        };
        if r.is_move(k, 0) {
            out.push((x - k, 0));
        }
        let lo = lmin(r, k).min(top).max(1);
        out.extend((lo..=top).filter(|&l| r.is_move(k, l)).map(|l| (x - k, l)));
    }
    Ok(out)
}

/// `c_x` for each row `0..rows` ([`pairs`]' length), or why not.
pub fn windows(r: &Rules, rows: u64, limit: u64) -> Result<Vec<u64>, String> {
    (0..rows)
        .map(|x| pairs(r, x, limit).map(|p| p.len() as u64))
        .collect()
}

/// Bytes allocated for rows `0..rows` over `columns` columns with largest
/// window `c`: the values (`2` bytes a cell), the used-values bitset, and the
/// fingerprints of one row (at most one a column).
pub fn memory_estimate(rows: u64, columns: u64, c: u64) -> u64 {
    let cells = rows.saturating_mul(columns).saturating_mul(2);
    let used = columns.saturating_add(2 * c + 256) / 8;
    let prints = columns.saturating_mul(24);
    cells.saturating_add(used).saturating_add(prints)
}

/// Rows `0..rows` of `r` over `columns` columns, each certified where it can
/// be ([`RowStatus`]); `progress(done, total)` in cells. `Err`: out of scope
/// ([`refusal`]), a window over [`MAX_WINDOW`], columns out of
/// `1..=MAX_COLUMNS`, or a failed bound (a bug, never a wrong value).
pub fn compute(
    r: &Rules,
    rows: u64,
    columns: u64,
    progress: &mut dyn FnMut(u64, u64),
) -> Result<RowsTable, String> {
    if let Some(why) = refusal(r) {
        return Err(why);
    }
    if columns == 0 || columns > MAX_COLUMNS {
        return Err(format!("columns out of range 1..={MAX_COLUMNS}"));
    }
    let ny = columns as usize;
    let total = rows.saturating_mul(columns);
    let mut rel: Vec<i16> = vec![0; (rows as usize).saturating_mul(ny)];
    let mut status: Vec<RowStatus> = Vec::with_capacity(rows as usize);
    for x in 0..rows {
        let p = pairs(r, x, columns)?;
        let c = p.len() as u64;
        if c > MAX_WINDOW {
            return Err(format!(
                "row {x} reads {c} cells of earlier rows: over the kernel's window of {MAX_WINDOW}"
            ));
        }
        let (below, rest) = rel.split_at_mut(x as usize * ny);
        let cur = &mut rest[..ny];
        let st = one_row(x, &p, below, ny, &status, cur, &mut |y| {
            progress(x * columns + y, total)
        })?;
        status.push(st);
    }
    progress(total, total);
    Ok(RowsTable::from_parts(ny, rel, status))
}

/// The bits `[p, p + 64)` of `bits` (zeros past its end are the caller's: the
/// bitset is two words longer than any read).
#[inline(always)]
fn word_at(bits: &[u64], p: usize) -> u64 {
    let (q, s) = (p / 64, p % 64);
    if s == 0 {
        bits[q]
    } else {
        bits[q] >> s | bits[q + 1] << (64 - s)
    }
}

/// The window of `2c` bits at column `m` rebuilt from the row's values `cur`
/// (bit `j`: the value `m - c + j` used before `m`; negative values count as used).
fn window_from_values(cur: &[i16], c: usize, m: usize) -> Vec<u64> {
    let mut w = vec![0u64; (2 * c).div_ceil(64).max(1)];
    let lo = m as i64 - c as i64;
    for j in 0..2 * c {
        if lo + (j as i64) < 0 {
            w[j / 64] |= 1 << (j % 64);
        }
    }
    for (y, &rv) in cur.iter().enumerate().take(m).skip(m.saturating_sub(2 * c)) {
        let v = y as i64 + rv as i64;
        if v >= lo && v < lo + 2 * c as i64 {
            let j = (v - lo) as usize;
            w[j / 64] |= 1 << (j % 64);
        }
    }
    w
}

/// Row `x` into `cur`, its earlier cells read from `below` (rows `0..x`, `ny`
/// columns each); certified against the earlier rows' `status`.
fn one_row(
    x: u64,
    p: &[(u64, u64)],
    below: &[i16],
    ny: usize,
    status: &[RowStatus],
    cur: &mut [i16],
    progress: &mut dyn FnMut(u64),
) -> Result<RowStatus, String> {
    let c = p.len();
    let two_c = 2 * c;
    let unproved = |reason: String| RowStatus::Unproved {
        row: x,
        window: c as u64,
        reason,
    };
    // the certificate's inputs: L and y0, or why there is none
    let mut plan: Result<(u64, u64), String> = Ok((1, 0));
    for &(xr, d) in p {
        let Ok((l, y0)) = plan else { break };
        plan = match status[xr as usize].law() {
            None => Err(format!("depends on row {xr}, which is not proved")),
            Some(law) => {
                let l = crate::sets::lcm(l, law.period);
                if l > ny as u64 {
                    Err(format!(
                        "the periods of the rows below have an lcm over {ny} columns"
                    ))
                } else {
                    Ok((l, y0.max(law.preperiod + d)))
                }
            }
        };
    }
    // (base of the cell (x', y - d) at y = 0, reach d, offset c - d)
    let prep: Vec<(usize, usize, i32)> = p
        .iter()
        .map(|&(xr, d)| (xr as usize * ny, d as usize, c as i32 - d as i32))
        .collect();
    let dmax = p.iter().map(|&(_, d)| d as usize).max().unwrap_or(0);
    let nb = (two_c + 1).div_ceil(64);
    let mut b = vec![0u64; nb];
    // used values: bit v + c for v >= -c; the negative values count as used
    let mut used = vec![0u64; (ny + two_c + 64 * nb).div_ceil(64) + 2];
    for i in 0..c {
        used[i / 64] |= 1 << (i % 64);
    }
    let mut prints: FxHashMap<u64, u64> = FxHashMap::default();
    let mut repeat: Option<(u64, u64)> = None;
    let ww = two_c.div_ceil(64).max(1);
    let mut win = vec![0u64; ww];
    for y in 0..ny {
        if y % 65536 == 0 {
            progress(y as u64);
        }
        if let (Ok((l, y0)), None) = (&plan, repeat) {
            if y as u64 >= *y0 && (y as u64).is_multiple_of(*l) {
                for (j, w) in win.iter_mut().enumerate() {
                    *w = word_at(&used, y + 64 * j);
                }
                if two_c % 64 != 0 {
                    win[ww - 1] &= (1u64 << (two_c % 64)) - 1;
                }
                if two_c == 0 {
                    win[0] = 0;
                }
                let fp = fingerprint(&win);
                match prints.get(&fp) {
                    Some(&m1) if window_from_values(cur, c, m1 as usize) == win => {
                        repeat = Some((m1, y as u64));
                        prints = FxHashMap::default();
                    }
                    Some(_) => {} // a fingerprint collision: not a repeat
                    None => {
                        prints.insert(fp, y as u64);
                    }
                }
            }
        }
        b.iter_mut().for_each(|w| *w = 0);
        if y >= dmax {
            for &(base, d, off) in &prep {
                let i = (below[base + y - d] as i32 + off) as u32;
                if i as usize <= two_c {
                    b[i as usize / 64] |= 1 << (i % 64);
                }
            }
        } else {
            for &(base, d, off) in &prep {
                if d <= y {
                    let i = (below[base + y - d] as i32 + off) as u32;
                    if i as usize <= two_c {
                        b[i as usize / 64] |= 1 << (i % 64);
                    }
                }
            }
        }
        let mut i = usize::MAX;
        for (j, bw) in b.iter().enumerate() {
            let w = word_at(&used, y + 64 * j) | bw;
            if w != u64::MAX {
                i = 64 * j + w.trailing_ones() as usize;
                break;
            }
        }
        if i > two_c {
            return Err(format!(
                "row {x} column {y}: the bound G(x, y) <= y + c failed (a bug)"
            ));
        }
        // the bottom of the window leaves: it must be used (the lower bound)
        if i != 0 && used[y / 64] >> (y % 64) & 1 == 0 {
            return Err(format!(
                "row {x} column {y}: the bound G(x, y) >= y - c failed (a bug)"
            ));
        }
        cur[y] = (i as i64 - c as i64) as i16;
        let bit = y + i;
        used[bit / 64] |= 1 << (bit % 64);
    }
    progress(ny as u64);
    let (m1, m2) = match (plan, repeat) {
        (Err(why), _) => return Ok(unproved(why)),
        (Ok((l, y0)), None) => {
            return Ok(unproved(format!(
                "no repeat of the row's state within {ny} columns (window {c}, phases mod {l}, from column {y0})"
            )))
        }
        (Ok(_), Some(m)) => m,
    };
    let (l, y0) = plan_of(p, status);
    let per_all = m2 - m1;
    let at = |z: u64| -> i16 {
        if z < m2 {
            cur[z as usize]
        } else {
            cur[(m1 + (z - m1) % per_all) as usize]
        }
    };
    // the law continues the computed values to the last column (a bug otherwise)
    if let Some(z) = (m2..ny as u64).find(|&z| at(z) != cur[z as usize]) {
        return Err(format!(
            "row {x} column {z}: the certified law differs from the computed value (a bug)"
        ));
    }
    let period = (1..=per_all)
        .filter(|q| per_all.is_multiple_of(*q))
        .find(|&q| (m1..m2).all(|z| at(z + q) == at(z)))
        .unwrap_or(per_all);
    let mut pre = m1;
    while pre > 0 && at(pre - 1 + period) == at(pre - 1) {
        pre -= 1;
    }
    Ok(RowStatus::Proved(RowLaw {
        row: x,
        preperiod: pre,
        period,
        saltus: period,
        repeat: [m1, m2],
        phases: l,
        start: y0,
        window: c as u64,
    }))
}

/// `(L, y0)` of a row whose earlier rows are all proved.
fn plan_of(p: &[(u64, u64)], status: &[RowStatus]) -> (u64, u64) {
    p.iter().fold((1, 0), |(l, y0), &(xr, d)| {
        let law = status[xr as usize].law().expect("checked: proved");
        (crate::sets::lcm(l, law.period), y0.max(law.preperiod + d))
    })
}

/// A 64-bit fingerprint of a window (FxHash of its words; matches are confirmed).
fn fingerprint(w: &[u64]) -> u64 {
    use std::hash::{Hash, Hasher};
    let mut h = rustc_hash::FxHasher::default();
    w.hash(&mut h);
    h.finish()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn rules(name: &str) -> Rules {
        crate::catalogue::parse_game(name)
            .unwrap_or_else(|e| panic!("{name}: {e:?}"))
            .game
            .as_single()
            .unwrap()
            .clone()
    }

    /// Every computed cell equals the board solvers' table, and every
    /// certified law holds on the whole board.
    fn agree(name: &str, nrows: u64, columns: u64, n: usize) -> usize {
        let r = rules(name);
        let t = compute(&r, nrows, columns, &mut |_, _| {}).unwrap();
        let g = crate::solve::run::grundy(&crate::rules::Game::single(r.clone()), n).unwrap();
        let mut proved = 0;
        for (x, st) in t.status().iter().enumerate() {
            for y in 0..columns.min(n as u64) {
                assert_eq!(
                    Some(t.value(x as u64, y) as u32),
                    g.get(x, y as usize),
                    "{name} ({x}, {y})"
                );
            }
            if let Some(law) = st.law() {
                proved += 1;
                for y in law.preperiod..(n as u64 - law.period) {
                    assert_eq!(
                        g.get(x, (y + law.period) as usize).unwrap() as u64,
                        g.get(x, y as usize).unwrap() as u64 + law.saltus,
                        "{name} row {x} law at {y}"
                    );
                }
                if law.preperiod > 0 {
                    let y = law.preperiod - 1;
                    assert_ne!(
                        g.get(x, (y + law.period) as usize).unwrap() as u64,
                        g.get(x, y as usize).unwrap() as u64 + law.saltus,
                        "{name} row {x}: preperiod not least"
                    );
                }
            }
        }
        proved
    }

    #[test]
    fn rows_equal_the_board_solvers() {
        assert_eq!(agree("wythoff", 12, 1024, 1024), 12);
        assert_eq!(agree("nim", 8, 512, 512), 8);
        assert!(agree("m-wythoff:m=2", 5, 1024, 1024) >= 4);
        assert!(agree("st-wythoff:s=2,t=1", 4, 1024, 1024) >= 3);
    }

    #[test]
    fn the_first_wythoff_laws() {
        let t = compute(&rules("wythoff"), 3, 256, &mut |_, _| {}).unwrap();
        let law = |x: usize| {
            let l = t.status()[x].law().unwrap();
            (l.preperiod, l.period, l.saltus)
        };
        assert_eq!(law(0), (0, 1, 1));
        assert_eq!(law(1), (0, 3, 3));
        assert_eq!(law(2), (0, 3, 3));
    }

    #[test]
    fn few_columns_leave_rows_unproved_and_their_dependants() {
        let t = compute(&rules("wythoff"), 8, 40, &mut |_, _| {}).unwrap();
        let first = t.status().iter().position(|s| s.law().is_none()).unwrap();
        for s in &t.status()[first + 1..] {
            match s {
                RowStatus::Unproved { reason, .. } => assert!(
                    reason.contains("not proved") || reason.contains("no repeat"),
                    "{reason}"
                ),
                RowStatus::Proved(l) => panic!("row {} proved above an unproved row", l.row),
            }
        }
    }

    #[test]
    fn modular_is_refused() {
        let why = compute(&rules("modular:m=3"), 4, 64, &mut |_, _| {}).unwrap_err();
        assert!(why.contains("unboundedly many columns"), "{why}");
    }

    #[test]
    fn a_window_rebuilt_from_values_is_the_window_kept() {
        // row 3 of Wythoff: the kept window at each column equals the rebuilt one
        let r = rules("wythoff");
        let t = compute(&r, 4, 300, &mut |_, _| {}).unwrap();
        let cur = t.relative_row(3);
        let c = 6usize;
        for m in 0..300usize {
            let w = window_from_values(cur, c, m);
            // bit j: value m - c + j used before m, counted from the values
            for j in 0..2 * c {
                let v = m as i64 - c as i64 + j as i64;
                let used = v < 0 || (0..m).any(|y| y as i64 + cur[y] as i64 == v);
                assert_eq!(w[j / 64] >> (j % 64) & 1 == 1, used, "m {m} j {j}");
            }
        }
    }
}
