//! The plain reference: enumerate every option of every position
//! with [`Rules::options`]. Every other solver is tested against this one.

use super::table::{
    decide, GrundyTable, Outcome, OutcomeTable, CELL_N, CELL_OFF, CELL_P, GRUNDY_OFF,
};
use crate::rules::Rules;

///
/// With a pass ([`Rules::has_pass`]): the game without the pass first (this
/// same reference), then the pass as one more option of every position that
/// has an option, outside every block class, P exactly when the position is P
/// without the pass (docs/games.md, "A pass").
pub fn outcomes(r: &Rules, n: usize) -> OutcomeTable {
    let without_pass = r.has_pass().then(|| outcomes(&r.without_pass(), n));
    let mut t = OutcomeTable::new(n);
    for x in 0..n {
        for y in 0..n {
            if !r.on_board(x as u64, y as u64) {
                t.set(x, y, CELL_OFF);
                continue;
            }
            let (mut p_out, mut p_in, mut o_out, mut o_in) = (0, 0, 0, 0);
            for (a, b, cls) in r.options(x as u64, y as u64) {
                let p = t.is_p(a as usize, b as usize) as u64;
                if cls {
                    p_in += p;
                    o_in += 1;
                } else {
                    p_out += p;
                    o_out += 1;
                }
            }
            if let (Some(t0), true) = (&without_pass, o_out + o_in > 0) {
                p_out += t0.is_p(x, y) as u64;
                o_out += 1;
            }
            let c = match decide(r, p_out, p_in, o_out, o_in) {
                Outcome::P => CELL_P,
                Outcome::N => CELL_N,
            };
            t.set(x, y, c);
        }
    }
    t
}

/// The Sprague-Grundy values (normal play: the rules' convention is not read).
pub fn grundy(r: &Rules, n: usize) -> GrundyTable {
    values(r, n, 0)
}

/// The misère Grundy values of one game: a position without options has
/// value 1, every other the mex of its options' values (value 0 exactly at the
/// misère P-positions; unlike normal-play values they do not add over sums).
pub fn misere_grundy(r: &Rules, n: usize) -> GrundyTable {
    values(r, n, 1)
}

/// Every option enumerated: `none` for a position without options, else the mex.
fn values(r: &Rules, n: usize, none: u32) -> GrundyTable {
    let mut v = vec![GRUNDY_OFF; n * n];
    for x in 0..n {
        for y in 0..n {
            if !r.on_board(x as u64, y as u64) {
                continue;
            }
            let options = r.options(x as u64, y as u64);
            if options.is_empty() {
                v[x * n + y] = none;
                continue;
            }
            let mut seen: Vec<u32> = options
                .iter()
                .map(|&(a, b, _)| v[a as usize * n + b as usize])
                .collect();
            seen.sort_unstable();
            seen.dedup();
            let mut g = 0;
            for s in seen {
                if s == g {
                    g += 1;
                } else if s > g {
                    break;
                }
            }
            v[x * n + y] = g;
        }
    }
    GrundyTable::from_values(n, v)
}
