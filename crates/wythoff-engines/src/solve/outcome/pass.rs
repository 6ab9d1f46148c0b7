//! The pass kernel: the outcomes of a game with one pass (docs/games.md, "A pass").
//!
//! The state of such a game is the position and whether the pass is still
//! there; the question's position has it. With `O0`, the outcomes of the game
//! without the pass (any kernel: the pass's wrapper runs the selected one on
//! [`Rules::without_pass`] first), a position `(x, y)` with the pass is decided
//! by the rule of [`crate::solve::table::decide`] with one more option when `(x, y)`
//! has an option: the pass, outside every block class, a P-option exactly when
//! `O0(x, y) = P`. So `O1(x, y) = N` iff some move reaches a P-position of `O1`
//! (blocking: one outside the class, or `p` inside it), or `(x, y)` has a move
//! and `O0(x, y) = P`; in misère play a position without options is N, as
//! without the pass (the pass is no option there).
//!
//! The P-positions of `O1` are kept as a list, and each cell tests them
//! (`O(|P| )` a cell at worst): first those on its row, column and diagonal
//! (where a one-pile or diagonal move usually finds one at once), then all of
//! them; every test is [`Rules::is_move`] of the difference, so the kernel
//! holds for every memoryless rule. Whether a position has an option at all is
//! the up-set of the move vectors (no corner), or a search that stops at the
//! first option (a removed corner). The reference ([`crate::solve::reference`])
//! enumerates every option instead and checks this kernel (`tests/engines.rs`).

use crate::rules::{Memory, Rules};
use crate::solve::table::{decide, Outcome, OutcomeTable, CELL_N, CELL_OFF, CELL_P};

/// Is `r` in the kernel's scope: a pass (memoryless by the rules' invariant)?
pub fn applies(r: &Rules) -> bool {
    r.has_pass() && r.memory() == Memory::None
}

/// Bytes the kernel itself holds on the `n x n` board besides the table of the
/// game without the pass: its own table, the option flags (a byte a cell) and
/// the P-positions as lists (at most two a row or column are typical; `8 n`
/// entries of 8 bytes are budgeted).
pub fn memory_estimate(n: u64) -> u64 {
    n.saturating_mul(n)
        .saturating_mul(2)
        .saturating_add(n.saturating_mul(64 * 3))
}

/// Does `(x, y)` have an option (ignoring the pass)?
struct HasOption<'a> {
    r: &'a Rules,
    n: usize,
    /// Without a corner: is some move vector `<= (x, y)`? (row-major, `n * n`)
    up: Vec<bool>,
}

impl<'a> HasOption<'a> {
    fn new(r: &'a Rules, n: usize) -> Self {
        let mut up = Vec::new();
        if r.corner().is_none() {
            up = vec![false; n * n];
            for x in 0..n {
                for y in 0..n {
                    up[x * n + y] = r.is_move(x as u64, y as u64)
                        || (x > 0 && up[(x - 1) * n + y])
                        || (y > 0 && up[x * n + y - 1]);
                }
            }
        }
        HasOption { r, n, up }
    }
    fn at(&self, x: usize, y: usize) -> bool {
        let r = self.r;
        if r.is_terminal(x as u64, y as u64) {
            return false;
        }
        if r.corner().is_none() {
            return self.up[x * self.n + y];
        }
        // a removed corner: an option must land on the board
        (0..=x).any(|k| {
            (0..=y).any(|l| {
                r.is_move(k as u64, l as u64) && r.on_board((x - k) as u64, (y - l) as u64)
            })
        })
    }
}

/// The outcomes of `r` (a pass; cut to the board) on the `n x n` board, given
/// `without`, the outcomes of [`Rules::without_pass`] on the same board.
/// `None` out of scope or when `without` is not of this board.
pub fn outcomes(
    r: &Rules,
    without: &OutcomeTable,
    n: usize,
    progress: &mut dyn FnMut(u64),
) -> Option<OutcomeTable> {
    if !applies(r) || without.size() != n {
        return None;
    }
    let has = HasOption::new(r, n);
    let mut t = OutcomeTable::new(n);
    // P-positions so far: all of them, and by row, column and diagonal
    let mut all: Vec<(u32, u32)> = Vec::new();
    let mut by_col: Vec<Vec<u32>> = vec![Vec::new(); n];
    let mut by_diag: Vec<Vec<u32>> = vec![Vec::new(); 2 * n];
    let blocking = r.blocking();
    for x in 0..n {
        if x % 64 == 63 {
            progress(x as u64);
        }
        let mut row: Vec<u32> = Vec::new();
        for y in 0..n {
            if !r.on_board(x as u64, y as u64) {
                t.set(x, y, CELL_OFF);
                continue;
            }
            let any = has.at(x, y);
            let pass_p = (any && without.is_p(x, y)) as u64;
            let (mut p_out, mut p_in) = (0u64, 0u64);
            if any && pass_p == 0 {
                let class = |k: u64, l: u64| blocking.is_some_and(|b| b.class.contains(k, l));
                let test = |a: usize, b: usize, p_out: &mut u64, p_in: &mut u64| {
                    let (k, l) = ((x - a) as u64, (y - b) as u64);
                    if r.is_move(k, l) {
                        if class(k, l) {
                            *p_in += 1;
                        } else {
                            *p_out += 1;
                        }
                    }
                };
                if blocking.is_none() {
                    // whether one exists: the lines first, then every one
                    let d = x + n - y;
                    let near = row
                        .iter()
                        .map(|&b| (x, b as usize))
                        .chain(by_col[y].iter().map(|&a| (a as usize, y)))
                        .chain(by_diag[d].iter().map(|&a| (a as usize, a as usize + y - x)));
                    for (a, b) in near {
                        test(a, b, &mut p_out, &mut p_in);
                        if p_out > 0 {
                            break;
                        }
                    }
                }
                if p_out + p_in == 0 {
                    let need_in = blocking.map_or(1, |b| b.p);
                    for &(a, b) in &all {
                        if b as usize <= y {
                            test(a as usize, b as usize, &mut p_out, &mut p_in);
                            if p_out > 0 || p_in >= need_in {
                                break;
                            }
                        }
                    }
                    for &b in &row {
                        test(x, b as usize, &mut p_out, &mut p_in);
                        if p_out > 0 || p_in >= need_in {
                            break;
                        }
                    }
                }
            }
            let (o_out, o_in) = (any as u64, 0);
            let cell = match decide(r, p_out + pass_p, p_in, o_out, o_in) {
                Outcome::P => CELL_P,
                Outcome::N => CELL_N,
            };
            t.set(x, y, cell);
            if cell == CELL_P {
                row.push(y as u32);
            }
        }
        for &y in &row {
            all.push((x as u32, y));
            by_col[y as usize].push(x as u32);
            by_diag[x + n - y as usize].push(x as u32);
        }
    }
    Some(t)
}
