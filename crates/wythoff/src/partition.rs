//! Partitions of the P-positions into labelled parts, as the papers shade them.
//!
//! Seed 000 (Larsson, restrictions of m-Wythoff) shades the P-positions of
//! `mWN^p`, `mWN^(p)`, `mWN^(m,mp)` and `m x p WN` by the shifted game
//! `m x p WN_l` in which each one is a P-position (Figures 1 and 2): the parts
//! are the `p` pairs of complementary sequences `{(a_{ip+l}, b_{ip+l})}` and
//! `{(b_{ip-l}, a_{ip-l})}`. Two readings are offered:
//!
//! - [`Scheme::Variant`] solves each shifted game `shifted:m=M,p=P,l=L` on the
//!   same board and labels every P-position of the game by the variants in which it
//!   is P as well. Nothing is assumed: a P-position that is P in no variant (which
//!   happens in the open cases, e.g. `modulo-rook` with `gcd(m, p) != 1`) gets
//!   its own part, and so does one that is P in several.
//! - [`Scheme::Index`] uses Lemma 3.3, `b_n - a_n = m n`: a P-position `(x, y)`
//!   has index `n = |y - x| / m` and is labelled by `n mod p`. A P-position whose
//!   difference is not a multiple of `m` gets its own part.
//!
//! Which `(m, p)` belongs to a game: `roob-blocking`, `modulo-rook`, `shifted`,
//! `corner`, `choose-shift` use their own `m` and `p`, except `modulo-rook` with
//! `l = m` and `m | p`, which is `mWN^(m, m p')` of Theorem 2.1 (ii b) and uses
//! `p' = p / m`; `connell:p=P` is `WN^(p)`, so `m = 1`. Only normal play is
//! partitioned: the theorem is about normal play.

use crate::catalogue::{parse_game, NamedGame};
use crate::error::SolveError;
use crate::rules::Convention;
use crate::solve::{outcomes, OutcomeTable};

/// Largest `p` that is partitioned (more shades would not be told apart).
pub const MAX_PARTS: u64 = 10;

/// `n` in Unicode subscript digits.
pub fn subscript(n: u64) -> String {
    n.to_string()
        .chars()
        .map(|c| char::from_u32(0x2080 + c.to_digit(10).unwrap_or(0)).unwrap_or(c))
        .collect()
}

/// How to split the P-positions.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Scheme {
    /// By the shifted variant `m x p WN_l` in which the position is P (the papers' shading).
    Variant,
    /// By the index `n = |y - x| / m` modulo `p` (Lemma 3.3).
    Index,
}

/// One part: a label for the legend and the number of cells on the board.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Part {
    pub label: String,
    pub count: usize,
}

/// P-positions of one board split into parts.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Partition {
    /// One line saying what the parts are.
    pub description: String,
    pub parts: Vec<Part>,
    n: usize,
    /// Part index of each cell, row-major (`x` outer), [`Partition::NONE`] where the
    /// cell is not a P-position.
    cells: Vec<u16>,
}

impl Partition {
    /// Cell code of cells that are in no part (not a P-position).
    pub const NONE: u16 = u16::MAX;

    pub fn size(&self) -> usize {
        self.n
    }
    /// The part of `(x, y)`, `None` when it is not a P-position.
    pub fn part(&self, x: usize, y: usize) -> Option<usize> {
        let c = self.cells[x * self.n + y];
        (c != Self::NONE).then_some(c as usize)
    }
}

/// The `(m, p)` of seed 000's shading for a game, if it has one.
pub fn seed000_params(g: &NamedGame) -> Option<(u64, u64)> {
    if g.game.has_pass() {
        return None; // seed 000's shading is of the games without a pass
    }
    let ints = g.params.ints();
    let get = |k: &str| ints.get(k).copied();
    match g.entry_name {
        "roob-blocking" | "shifted" | "corner" | "choose-shift" => Some((get("m")?, get("p")?)),
        "modulo-rook" => {
            let (m, l, p) = (get("m")?, get("l")?, get("p")?);
            if l == m && m > 1 && p % m == 0 {
                Some((m, p / m))
            } else {
                Some((m, p))
            }
        }
        "connell" => Some((1, get("p")?)),
        _ => None,
    }
}

/// Label every P-cell by `key` (an index into `base` followed by `extra`);
/// extra parts that no cell uses are dropped.
fn build(
    table: &OutcomeTable,
    description: String,
    base: Vec<String>,
    extra: &[&str],
    mut key: impl FnMut(usize, usize) -> usize,
) -> Partition {
    let n = table.size();
    let nbase = base.len();
    let mut parts: Vec<Part> = base
        .into_iter()
        .chain(extra.iter().map(|s| s.to_string()))
        .map(|label| Part { label, count: 0 })
        .collect();
    let mut cells = vec![Partition::NONE; n * n];
    for x in 0..n {
        for y in 0..n {
            if table.is_p(x, y) {
                let k = key(x, y);
                parts[k].count += 1;
                cells[x * n + y] = k as u16;
            }
        }
    }
    let keep: Vec<bool> = parts
        .iter()
        .enumerate()
        .map(|(i, p)| i < nbase || p.count > 0)
        .collect();
    let mut remap = vec![Partition::NONE; parts.len()];
    let mut next = 0u16;
    for (i, &k) in keep.iter().enumerate() {
        if k {
            remap[i] = next;
            next += 1;
        }
    }
    for c in cells.iter_mut().filter(|c| **c != Partition::NONE) {
        *c = remap[*c as usize];
    }
    let parts = parts
        .into_iter()
        .zip(keep)
        .filter_map(|(p, k)| k.then_some(p))
        .collect();
    Partition {
        description,
        parts,
        n,
        cells,
    }
}

/// Split the P-positions of `table` (the outcome table of `g` on its board) by
/// `scheme`. `Ok(None)` when the game has no such partition (not one of seed 000's
/// games, misère play, `p = 1`, or `p > MAX_PARTS`).
pub fn split(
    g: &NamedGame,
    table: &OutcomeTable,
    scheme: Scheme,
) -> Result<Option<Partition>, SolveError> {
    let Some((m, p)) = seed000_params(g) else {
        return Ok(None);
    };
    if g.game.convention() != Convention::Normal || !(2..=MAX_PARTS).contains(&p) {
        return Ok(None);
    }
    let n = table.size();
    let pu = p as usize;
    match scheme {
        Scheme::Index => {
            let labels = (0..p).map(|r| format!("n ≡ {r} (mod {p})")).collect();
            let desc =
                format!("parts: index n = |y - x| / {m} of the P-position, modulo {p} (Lemma 3.3)");
            let other = format!("|y - x| not a multiple of {m}");
            Ok(Some(build(table, desc, labels, &[&other], |x, y| {
                let d = x.abs_diff(y) as u64;
                if d % m == 0 {
                    ((d / m) % p) as usize
                } else {
                    pu
                }
            })))
        }
        Scheme::Variant => {
            // One variant table at a time; `hits` keeps, per cell, the bit set of
            // the shifts in which the cell is P (p <= MAX_PARTS < 16 bits).
            let mut hits = vec![0u16; n * n];
            for l in 0..p {
                let v = parse_game(&format!("shifted:m={m},p={p},l={l}"))?;
                let t = outcomes(&v.game, n)?;
                for (i, h) in hits.iter_mut().enumerate() {
                    if t.cells()[i] == crate::solve::CELL_P {
                        *h |= 1 << l;
                    }
                }
            }
            let labels = (0..p)
                .map(|l| format!("P in {m}×{p} WN{} (shift l = {l})", subscript(l)))
                .collect();
            let desc = format!(
                "parts: the shifted game {m}×{p} WN_l (seed 000, Theorem 2.1 iii) in which the P-position is P"
            );
            Ok(Some(build(
                table,
                desc,
                labels,
                &["P in no shifted game", "P in several shifted games"],
                |x, y| match hits[x * n + y] {
                    0 => pu,
                    h if h.is_power_of_two() => h.trailing_zeros() as usize,
                    _ => pu + 1,
                },
            )))
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn parts_of(text: &str, n: usize, scheme: Scheme) -> Option<Partition> {
        let g = parse_game(text).unwrap();
        let t = outcomes(&g.game, n).unwrap();
        split(&g, &t, scheme).unwrap()
    }

    /// Seed 000, Example 6: the terminal positions of 2×3 WN_1 are (2, 0) and
    /// (0, 4), those of 2×3 WN_2 are (0, 2) and (4, 0). With Table 2
    /// (a_n, b_n) = (0,0), (0,2), (0,4), (1,7), (1,9), (1,11), ... the shift-l
    /// P-positions are then {(b_{ip+l}, a_{ip+l})} and {(a_{ip-l}, b_{ip-l})}:
    /// the mirror image of the caption of Figure 2 and of Theorem 2.1 (iii a) as
    /// printed (the solver follows the rules, i.e. Example 6).
    #[test]
    fn figure2_shifts_follow_example_6() {
        for game in [
            "modulo-rook:m=2,l=0,p=3",
            "roob-blocking:m=2,p=3",
            "modulo-rook:m=2,l=2,p=6",
            "choose-shift:m=2,p=3",
        ] {
            let part = parts_of(game, 40, Scheme::Variant).expect(game);
            assert_eq!(part.parts.len(), 3, "{game}: {:?}", part.parts);
            assert_eq!(part.part(2, 0), Some(1), "{game}");
            assert_eq!(part.part(0, 4), Some(1), "{game}");
            assert_eq!(part.part(0, 2), Some(2), "{game}");
            assert_eq!(part.part(4, 0), Some(2), "{game}");
            assert_eq!(part.part(0, 0), Some(0), "{game}");
            // index 3 = 3 + 0: shift 0, both orders
            assert_eq!(part.part(1, 7), Some(0), "{game}");
            assert_eq!(part.part(7, 1), Some(0), "{game}");
            // index 4 = 3 + 1: (a_4, b_4) = (1, 9) is in shift 3 - 1 = 2
            assert_eq!(part.part(1, 9), Some(2), "{game}");
            assert_eq!(part.part(9, 1), Some(1), "{game}");
            assert_eq!(part.part(0, 1), None, "{game}");
            // every P-position is in a part, and the three parts are about equal
            let total: usize = part.parts.iter().map(|p| p.count).sum();
            let g = parse_game(game).unwrap();
            let t = outcomes(&g.game, 40).unwrap();
            assert_eq!(total, t.p_positions().len());
        }
    }

    #[test]
    fn index_scheme_uses_lemma_3_3() {
        let part = parts_of("roob-blocking:m=2,p=3", 40, Scheme::Index).unwrap();
        assert_eq!(part.parts.len(), 3);
        // (1, 9): n = 4 -> 1; (4, 0): n = 2 -> 2 (differs from the variant reading)
        assert_eq!(part.part(1, 9), Some(1));
        assert_eq!(part.part(4, 0), Some(2));
        assert_eq!(part.part(0, 2), Some(1));
    }

    #[test]
    fn open_case_gets_an_other_part() {
        // gcd(m, p) = 2: Theorem 2.1 (ii a) does not apply; some P-positions
        // are P in no shifted game.
        let part = parts_of("modulo-rook:m=2,l=0,p=4", 60, Scheme::Variant).unwrap();
        assert!(
            part.parts
                .iter()
                .any(|p| p.label.contains("no shifted") && p.count > 0),
            "{:?}",
            part.parts
        );
    }

    #[test]
    fn games_without_partition() {
        assert!(parts_of("wythoff", 10, Scheme::Variant).is_none());
        assert!(parts_of("roob-blocking:m=2,p=1", 10, Scheme::Variant).is_none());
        let g = parse_game("roob-blocking:m=2,p=3").unwrap();
        let mis = NamedGame {
            game: g.game.with_convention(Convention::Misere),
            ..g
        };
        let t = outcomes(&mis.game, 10).unwrap();
        assert!(split(&mis, &t, Scheme::Variant).unwrap().is_none());
        let c = parts_of("connell:p=3", 30, Scheme::Variant).unwrap();
        assert_eq!(c.parts.len(), 3);
    }
}
