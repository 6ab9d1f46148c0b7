//! The P-positions on a line of a proved automaton, at any size: a row
//! (`x` fixed), a column (`y` fixed) or a diagonal (`y - x` fixed), below a
//! bound, found by a digit-by-digit search over the automaton's states,
//! exactly, without enumerating the values of the range.
//!
//! **The search.** The automaton reads `(x, y)` as one digit pair per step,
//! most significant first, both written greedily in its numeration over the
//! place values `W_0 = 1 < W_1 < ...` and padded to one length `L`. A free
//! coordinate below a bound `B` is searched through its *remainders*: before
//! the digit of place `j` is chosen, the value of its digits at places `j..0`
//! lies in `[0, R)` with `R <= W_(j+1)` (`R = B` at the top). Every number
//! below `W_(j+1)` has the greedy digit `d = floor(r / W_j)` at place `j` and
//! the remainder `r - d W_j < W_j`, so the digits `d` with `d W_j < R` are
//! exactly those of the greedy words below `R`, and the next bound is
//! `min(W_j, R - d W_j)`: no invalid word is ever read, in any numeration
//! where the representation is the greedy one (base k, Ostrowski, Fraenkel).
//! A fixed coordinate reads its own digits. On a diagonal both coordinates
//! are free and the difference of their remainders `D = r_y - r_x` is carried
//! (`D' = D - (d_y - d_x) W_j`), kept only while some pair of remainders can
//! still have it (`-R_x' < D' < R_y'`); at the end it must be 0.
//!
//! A configuration of a level is (automaton state, `R_x`, `R_y`, `D`); the
//! levels are built top-down, each holding its distinct configurations (a few
//! bounds and differences per level, at most the states times them), the
//! configurations that reach an accepting state at the end are counted
//! bottom-up (exact, big integers), and the positions are listed by walking
//! the live configurations only: time and memory `O(L * configurations *
//! digits^2)`, whatever the size of the range. Each path is one position
//! (greedy words are unique), so the count is exact even when the list is cut.
//!
//! **Rows without a bound.** [`ProvedAutomaton::row_bound`] bounds the `y` of a
//! row's P-positions from the automaton itself: the words of `(x, y)` with
//! `y` longer than `x` start with digit pairs `(0, d)`; when the letters `(0, d)`
//! make no cycle among the states that can still be completed with `x`'s own
//! digits (after the first nonzero `d`), their number is bounded by the longest
//! such path, and so is the length of `y`. A cycle there leaves the row
//! possibly infinite, and the bound undecided (`None`).

use super::{ProvedAutomaton, DEAD};
use crate::error::SolveError;
use crate::oracle::pset::BigRules;
use crate::rules::Rules;
use malachite_nz::integer::Integer;
use malachite_nz::natural::Natural;
use std::collections::HashMap;

/// One coordinate of a line search.
#[derive(Clone, Debug)]
pub enum Coord {
    /// The coordinate is this value.
    Fixed(Natural),
    /// The coordinate is any value below this bound.
    Below(Natural),
}

/// The positions found on a line, and how many there are.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LinePositions {
    /// The positions, sorted, at most the limit asked for.
    pub positions: Vec<(Natural, Natural)>,
    /// How many there are (exact): the list is complete when it holds them all.
    pub count: Natural,
}

impl LinePositions {
    pub fn complete(&self) -> bool {
        Natural::from(self.positions.len()) == self.count
    }
}

/// The most positions a search lists by default.
pub const LIST_LIMIT: usize = 10_000;

#[derive(Clone, Copy, PartialEq, Eq, Hash)]
struct Config {
    state: u32,
    ra: u32,
    rb: u32,
    d: u32,
}

/// Per-level intern tables of the bounds and differences.
#[derive(Default)]
struct Level {
    configs: Vec<Config>,
    index: HashMap<Config, u32>,
    naturals: Vec<Natural>,
    nat_index: HashMap<Natural, u32>,
    integers: Vec<Integer>,
    int_index: HashMap<Integer, u32>,
    /// Edges to the next level: (parent, child, digit of x, digit of y).
    edges: Vec<(u32, u32, u16, u16)>,
}

impl Level {
    fn nat(&mut self, v: Natural) -> u32 {
        if let Some(&i) = self.nat_index.get(&v) {
            return i;
        }
        let i = self.naturals.len() as u32;
        self.naturals.push(v.clone());
        self.nat_index.insert(v, i);
        i
    }
    fn int(&mut self, v: Integer) -> u32 {
        if let Some(&i) = self.int_index.get(&v) {
            return i;
        }
        let i = self.integers.len() as u32;
        self.integers.push(v.clone());
        self.int_index.insert(v, i);
        i
    }
    fn config(&mut self, c: Config) -> u32 {
        if let Some(&i) = self.index.get(&c) {
            return i;
        }
        let i = self.configs.len() as u32;
        self.configs.push(c);
        self.index.insert(c, i);
        i
    }
}

impl ProvedAutomaton {
    /// The states from which an accepting state can be reached.
    fn live_states(&self) -> Vec<bool> {
        let n = self.accept.len();
        let r2 = self.radix * self.radix;
        let mut rev: Vec<Vec<u32>> = vec![Vec::new(); n];
        for s in 0..n {
            for l in 0..r2 {
                let t = self.next[s * r2 + l];
                if t != DEAD {
                    rev[t as usize].push(s as u32);
                }
            }
        }
        let mut live = self.accept.clone();
        let mut stack: Vec<usize> = (0..n).filter(|&s| live[s]).collect();
        while let Some(t) = stack.pop() {
            for &s in &rev[t] {
                if !live[s as usize] {
                    live[s as usize] = true;
                    stack.push(s as usize);
                }
            }
        }
        live
    }

    /// The place values `W_0 .. W_L` with `W_L > top` (`L >= 1`).
    fn places(&self, top: &Natural) -> Vec<Natural> {
        let mut w = self.numeration.weights_natural(top);
        if w.len() < 2 {
            w = self.numeration.weights_natural(&Natural::from(1u32));
        }
        w
    }

    /// The positions `(x, y)` of the P-set with `x` and `y` as given (at most
    /// one free coordinate may be fixed by a difference: `diff = Some(d)` asks
    /// for `y - x = d`, both coordinates then free), at most `limit` listed,
    /// counted exactly.
    pub fn search_line(
        &self,
        a: &Coord,
        b: &Coord,
        diff: Option<&Integer>,
        limit: usize,
    ) -> LinePositions {
        let zero = Natural::from(0u32);
        let top = |c: &Coord| match c {
            Coord::Fixed(v) => v.clone(),
            Coord::Below(v) => v.clone(),
        };
        let w = self.places(&std::cmp::max(top(a), top(b)));
        let l = w.len() - 1; // W_L > every value searched
        let empty = LinePositions {
            positions: Vec::new(),
            count: zero.clone(),
        };
        if matches!(a, Coord::Below(v) if *v == zero) || matches!(b, Coord::Below(v) if *v == zero)
        {
            return empty;
        }
        let digits_of = |c: &Coord| -> Option<Vec<u32>> {
            match c {
                Coord::Fixed(v) => {
                    let d = super::greedy_digits(&self.numeration, v);
                    let mut p = vec![0u32; l - d.len()];
                    p.extend(d);
                    Some(p)
                }
                Coord::Below(_) => None,
            }
        };
        let (fa, fb) = (digits_of(a), digits_of(b));
        let live = self.live_states();
        let r = self.radix;
        let mut levels: Vec<Level> = Vec::with_capacity(l + 1);
        let mut first = Level::default();
        let ra = match a {
            Coord::Below(v) => first.nat(v.clone()),
            Coord::Fixed(_) => u32::MAX,
        };
        let rb = match b {
            Coord::Below(v) => first.nat(v.clone()),
            Coord::Fixed(_) => u32::MAX,
        };
        let d0 = match diff {
            Some(d) => {
                // some remainders below the bounds must have this difference
                if let (Coord::Below(ba), Coord::Below(bb)) = (a, b) {
                    if !(-Integer::from(ba.clone()) < *d && *d < Integer::from(bb.clone())) {
                        return empty;
                    }
                }
                first.int(d.clone())
            }
            None => u32::MAX,
        };
        first.config(Config {
            state: 0,
            ra,
            rb,
            d: d0,
        });
        levels.push(first);
        // top-down: level i holds the configurations before the digit of place l - 1 - i
        for i in 0..l {
            let j = l - 1 - i;
            let wj = &w[j];
            let mut next = Level::default();
            let mut edges = Vec::new();
            let cur = &levels[i];
            for (ci, c) in cur.configs.iter().enumerate() {
                let choices = |fixed: &Option<Vec<u32>>, rid: u32| -> Vec<(u32, Option<Natural>)> {
                    match fixed {
                        Some(dig) => vec![(dig[i], None)],
                        None => {
                            let rr = &cur.naturals[rid as usize];
                            let mut out = Vec::new();
                            let mut used = Natural::from(0u32);
                            let mut dgt = 0u32;
                            while &used < rr && (dgt as usize) < r {
                                let rest = rr - &used;
                                out.push((dgt, Some(std::cmp::min(wj.clone(), rest))));
                                used += wj;
                                dgt += 1;
                            }
                            out
                        }
                    }
                };
                let ca = choices(&fa, c.ra);
                let cb = choices(&fb, c.rb);
                for (da, ra2) in &ca {
                    for (db, rb2) in &cb {
                        let t =
                            self.next[c.state as usize * r * r + *da as usize * r + *db as usize];
                        if t == DEAD || !live[t as usize] {
                            continue;
                        }
                        let d2 = if diff.is_some() {
                            let d = &cur.integers[c.d as usize];
                            let shift = (Integer::from(*db) - Integer::from(*da))
                                * Integer::from(wj.clone());
                            let d2 = d - shift;
                            let lo = ra2
                                .clone()
                                .map_or(Integer::from(0u32), |v| -Integer::from(v));
                            let hi = rb2.clone().map_or(Integer::from(0u32), Integer::from);
                            if !(lo < d2 && d2 < hi) {
                                continue;
                            }
                            Some(d2)
                        } else {
                            None
                        };
                        let cfg = Config {
                            state: t,
                            ra: ra2.clone().map_or(u32::MAX, |v| next.nat(v)),
                            rb: rb2.clone().map_or(u32::MAX, |v| next.nat(v)),
                            d: d2.map_or(u32::MAX, |v| next.int(v)),
                        };
                        let k = next.config(cfg);
                        edges.push((ci as u32, k, *da as u16, *db as u16));
                    }
                }
            }
            levels[i].edges = edges;
            levels.push(next);
        }
        // bottom-up: how many accepted completions each configuration has
        let mut counts: Vec<Vec<Natural>> = Vec::with_capacity(l + 1);
        counts.resize_with(l + 1, Vec::new);
        counts[l] = levels[l]
            .configs
            .iter()
            .map(|c| {
                let d_ok = diff.is_none() || levels[l].integers[c.d as usize] == 0u32;
                Natural::from(u32::from(self.accept[c.state as usize] && d_ok))
            })
            .collect();
        for i in (0..l).rev() {
            let mut cnt = vec![Natural::from(0u32); levels[i].configs.len()];
            for &(p, c, _, _) in &levels[i].edges {
                if counts[i + 1][c as usize] != 0u32 {
                    cnt[p as usize] += &counts[i + 1][c as usize];
                }
            }
            counts[i] = cnt;
        }
        let count = counts[0][0].clone();
        // children by parent, live edges only, in digit order
        let mut kids: Vec<HashMap<u32, Vec<(u32, u16, u16)>>> = Vec::with_capacity(l);
        for i in 0..l {
            let mut m: HashMap<u32, Vec<(u32, u16, u16)>> = HashMap::new();
            for &(p, c, da, db) in &levels[i].edges {
                if counts[i + 1][c as usize] != 0u32 && counts[i][p as usize] != 0u32 {
                    m.entry(p).or_default().push((c, da, db));
                }
            }
            for v in m.values_mut() {
                v.sort_by_key(|&(_, da, db)| (da, db));
            }
            kids.push(m);
        }
        drop(levels);
        // walk the live paths (depth first, digit order: sorted output)
        let mut positions = Vec::new();
        if count != 0u32 && limit > 0 {
            let mut stack: Vec<(usize, u32, usize)> = vec![(0, 0, 0)];
            let mut dx: Vec<u16> = Vec::with_capacity(l);
            let mut dy: Vec<u16> = Vec::with_capacity(l);
            while let Some(&mut (i, cfg, ref mut k)) = stack.last_mut() {
                if i == l {
                    let val = |ds: &[u16]| -> Natural {
                        let mut v = Natural::from(0u32);
                        for (p, &dg) in ds.iter().enumerate() {
                            if dg > 0 {
                                v += &w[l - 1 - p] * Natural::from(dg);
                            }
                        }
                        v
                    };
                    positions.push((val(&dx), val(&dy)));
                    stack.pop();
                    dx.pop();
                    dy.pop();
                    if positions.len() >= limit {
                        break;
                    }
                    continue;
                }
                let list = kids[i].get(&cfg);
                match list.and_then(|v| v.get(*k)) {
                    Some(&(c, da, db)) => {
                        *k += 1;
                        dx.push(da);
                        dy.push(db);
                        stack.push((i + 1, c, 0));
                    }
                    None => {
                        stack.pop();
                        dx.pop();
                        dy.pop();
                    }
                }
            }
        }
        positions.sort();
        LinePositions { positions, count }
    }

    /// A bound above the `y` of every P-position `(x, y)` of row `x`
    /// (`column = false`) or above the `x` of every `(x, y)` of column `y`
    /// (`column = true`), from the automaton (module doc); `None` when its
    /// letters `(0, d)` cycle where the line can still be completed.
    pub fn row_bound(&self, fixed: &Natural, column: bool) -> Option<Natural> {
        let r = self.radix;
        let n = self.accept.len();
        let letter = |fixed_digit: u32, free: u32| -> usize {
            if column {
                free as usize * r + fixed_digit as usize
            } else {
                fixed_digit as usize * r + free as usize
            }
        };
        let step = |s: usize, l: usize| -> Option<usize> {
            let t = self.next[s * r * r + l];
            (t != DEAD).then_some(t as usize)
        };
        // the states from which the tail (the fixed value's own digits, any
        // free digits) reaches an accepting state
        let digits = super::greedy_digits(&self.numeration, fixed);
        let mut good: Vec<bool> = self.accept.clone();
        for &dg in digits.iter().rev() {
            let mut prev = vec![false; n];
            for (s, p) in prev.iter_mut().enumerate() {
                *p = (0..r as u32).any(|f| step(s, letter(dg, f)).is_some_and(|t| good[t]));
            }
            good = prev;
        }
        // the graph of the letters (0, d), from the states after the first nonzero d
        let succ = |s: usize| -> Vec<usize> {
            (0..r as u32)
                .filter_map(|f| step(s, letter(0, f)))
                .collect::<Vec<_>>()
        };
        // the states of the leading zero pairs, then the first nonzero free digit
        let mut zeros = vec![0usize];
        while let Some(t) = step(*zeros.last().expect("one"), 0) {
            if zeros.contains(&t) {
                break;
            }
            zeros.push(t);
        }
        let starts: Vec<usize> = zeros
            .iter()
            .flat_map(|&z| (1..r as u32).filter_map(move |f| step(z, letter(0, f))))
            .collect();
        // the states reachable from the starts that can reach `good` through (0, d)
        let mut reach = vec![false; n];
        let mut stack = starts.clone();
        for &s in &starts {
            reach[s] = true;
        }
        while let Some(s) = stack.pop() {
            for t in succ(s) {
                if !reach[t] {
                    reach[t] = true;
                    stack.push(t);
                }
            }
        }
        let mut co = good.clone();
        loop {
            let mut changed = false;
            for s in 0..n {
                if !co[s] && succ(s).into_iter().any(|t| co[t]) {
                    co[s] = true;
                    changed = true;
                }
            }
            if !changed {
                break;
            }
        }
        let keep: Vec<bool> = (0..n).map(|s| reach[s] && co[s]).collect();
        // longest path (in letters) among the kept states; a cycle: None
        let mut depth: Vec<Option<usize>> = vec![None; n];
        let mut on_stack = vec![false; n];
        fn longest(
            s: usize,
            keep: &[bool],
            succ: &dyn Fn(usize) -> Vec<usize>,
            depth: &mut Vec<Option<usize>>,
            on_stack: &mut Vec<bool>,
            guard: usize,
        ) -> Option<usize> {
            if let Some(d) = depth[s] {
                return Some(d);
            }
            if on_stack[s] || guard > 100_000 {
                return None;
            }
            on_stack[s] = true;
            let mut best = 0usize;
            for t in succ(s) {
                if keep[t] {
                    best = best.max(1 + longest(t, keep, succ, depth, on_stack, guard + 1)?);
                }
            }
            on_stack[s] = false;
            depth[s] = Some(best);
            Some(best)
        }
        let mut h = 0usize;
        for &s in &starts {
            if keep[s] {
                h = h.max(1 + longest(s, &keep, &succ, &mut depth, &mut on_stack, 0)?);
            }
        }
        // the free value has at most digits.len() + h digits: below W_(len + h)
        let len = digits.len() + h;
        let mut lim = Natural::from(2u32);
        let w = loop {
            let ws = self.numeration.weights_natural(&lim);
            if ws.len() > len {
                break ws[len].clone();
            }
            let last = ws.last().cloned().unwrap_or(Natural::from(2u32));
            lim = &last * &last;
        };
        Some(w)
    }
}

/// The P-options of `(x, y)` by the proved automaton and the game's rules:
/// the P-positions on its row and column below it and on the diagonals its
/// two-pile moves reach (the relation's band: `Diagonal` one, `Band { m }`
/// the `2m - 1` around `y - x`), each kept when it is a legal move of `rules`
/// on big integers ([`BigRules`]), with its blocking class. Relations that
/// are not bands (cones, congruences) are refused: their moves reach
/// unboundedly many diagonals.
pub fn p_options(
    a: &ProvedAutomaton,
    rules: &Rules,
    x: &Natural,
    y: &Natural,
) -> Result<Vec<(Natural, Natural, bool)>, SolveError> {
    let mut cands: Vec<(Natural, Natural)> = Vec::new();
    let unlisted = |what: &str, c: &LinePositions| {
        SolveError::TooLarge(format!(
            "the {what} through ({x}, {y}) holds {} P-positions below it, more than the {LIST_LIMIT} listed",
            c.count
        ))
    };
    let col = a.search_line(
        &Coord::Below(x.clone()),
        &Coord::Fixed(y.clone()),
        None,
        LIST_LIMIT,
    );
    if !col.complete() {
        return Err(unlisted("column", &col));
    }
    cands.extend(col.positions);
    let row = a.search_line(
        &Coord::Fixed(x.clone()),
        &Coord::Below(y.clone()),
        None,
        LIST_LIMIT,
    );
    if !row.complete() {
        return Err(unlisted("row", &row));
    }
    cands.extend(row.positions);
    if let Some(t) = rules.two_pile() {
        if *x > 0u32 && *y > 0u32 {
            let Some(width) = t.relation.band_width() else {
                return Err(SolveError::Unsupported(format!(
                    "the two-pile moves of {} reach unboundedly many diagonals: the proved automaton's diagonal search does not list them",
                    rules.describe()
                )));
            };
            let d = Integer::from(y.clone()) - Integer::from(x.clone());
            let w = Integer::from(width);
            let mut dd = &d - &w + Integer::from(1u32);
            while dd <= &d + &w - Integer::from(1u32) {
                // (a, a + dd) with a < x and a + dd < y
                let bx = Integer::from(x.clone());
                let by = Integer::from(y.clone()) - &dd;
                let bound = std::cmp::min(bx, by);
                if bound > 0u32 {
                    let bound = Natural::try_from(bound).expect("positive");
                    let b_bound = Natural::try_from(Integer::from(bound.clone()) + &dd)
                        .unwrap_or(Natural::from(0u32));
                    if b_bound > 0u32 {
                        let diag = a.search_line(
                            &Coord::Below(bound),
                            &Coord::Below(b_bound),
                            Some(&dd),
                            LIST_LIMIT,
                        );
                        if !diag.complete() {
                            return Err(unlisted("diagonal", &diag));
                        }
                        cands.extend(diag.positions);
                    }
                }
                dd += Integer::from(1u32);
            }
        }
    }
    let br = BigRules(rules);
    let mut out: Vec<(Natural, Natural, bool)> = cands
        .into_iter()
        .filter_map(|(p, q)| br.move_class(x, y, &p, &q).map(|c| (p, q, c)))
        .collect();
    out.sort();
    out.dedup();
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::proved::{shipped, shipped::SHIPPED};
    use crate::subject::Subject;

    fn nat(v: u64) -> Natural {
        Natural::from(v)
    }

    /// Rows, columns and diagonals of every shipped automaton against its own
    /// membership, cell by cell, with the counts; the whole row against a
    /// long stretch of it.
    #[test]
    fn lines_are_the_automatons_cells() {
        for a in shipped() {
            let p = |x: u64, y: u64| a.is_p(&nat(x), &nat(y));
            for fixed in 0..14u64 {
                let row = a.search_line(
                    &Coord::Fixed(nat(fixed)),
                    &Coord::Below(nat(90)),
                    None,
                    1000,
                );
                let want: Vec<(Natural, Natural)> = (0..90)
                    .filter(|&y| p(fixed, y))
                    .map(|y| (nat(fixed), nat(y)))
                    .collect();
                assert_eq!(row.positions, want, "{} row {fixed}", a.source.folder);
                assert_eq!(row.count, nat(want.len() as u64));
                let col = a.search_line(
                    &Coord::Below(nat(90)),
                    &Coord::Fixed(nat(fixed)),
                    None,
                    1000,
                );
                let want: Vec<(Natural, Natural)> = (0..90)
                    .filter(|&x| p(x, fixed))
                    .map(|x| (nat(x), nat(fixed)))
                    .collect();
                assert_eq!(col.positions, want, "{} column {fixed}", a.source.folder);
                if let Some(b) = a.row_bound(&nat(fixed), false) {
                    let whole = a.search_line(
                        &Coord::Fixed(nat(fixed)),
                        &Coord::Below(b.clone()),
                        None,
                        100_000,
                    );
                    let top = 600u64;
                    let seen: Vec<u64> = (0..top).filter(|&y| p(fixed, y)).collect();
                    let got: Vec<u64> = whole
                        .positions
                        .iter()
                        .map(|(_, y)| u64::try_from(y).unwrap())
                        .filter(|&y| y < top)
                        .collect();
                    assert_eq!(
                        got, seen,
                        "{} whole row {fixed} (bound {b})",
                        a.source.folder
                    );
                    for (x, y) in &whole.positions {
                        assert!(a.is_p(x, y));
                    }
                }
            }
            for d in -12i64..=12 {
                let diag = a.search_line(
                    &Coord::Below(nat(70)),
                    &Coord::Below(nat(70)),
                    Some(&Integer::from(d)),
                    1000,
                );
                let want: Vec<(Natural, Natural)> = (0..70i64)
                    .filter(|&x| (0..70).contains(&(x + d)) && p(x as u64, (x + d) as u64))
                    .map(|x| (nat(x as u64), nat((x + d) as u64)))
                    .collect();
                assert_eq!(diag.positions, want, "{} diagonal {d}", a.source.folder);
                assert_eq!(diag.count, nat(want.len() as u64));
            }
        }
    }

    /// The P-options from the automaton are the general solver's, position by
    /// position, for every shipped proof whose moves the search covers.
    #[test]
    fn p_options_are_the_general_solvers() {
        for (a, row) in shipped().iter().zip(SHIPPED) {
            let s = Subject::parse(row.game, row.misere).unwrap();
            let rules = s.game.as_single().unwrap();
            for x in 0..16u64 {
                for y in 0..16u64 {
                    if !s.game.on_some_board(x, y) {
                        continue;
                    }
                    let got = match p_options(a, rules, &nat(x), &nat(y)) {
                        Ok(v) => v,
                        Err(SolveError::Unsupported(_)) => continue,
                        Err(e) => panic!("{}: {e}", row.game),
                    };
                    let an = crate::explain::analyse(&s.game, x, y).unwrap();
                    if an.outcome != crate::solve::Outcome::N {
                        continue;
                    }
                    let want = an.all_winning_moves();
                    let got: Vec<(Natural, Natural)> =
                        got.into_iter().map(|(a, b, _)| (a, b)).collect();
                    assert_eq!(got, want, "{} ({x}, {y})", row.game);
                }
            }
        }
    }

    /// A planted bug: a search that drops the last digit's choice misses
    /// positions; here, the row of a huge x in Blocking Wythoff k = 4 holds
    /// P-positions the automaton accepts, and each listed one is accepted.
    #[test]
    fn huge_row_of_blocking_wythoff_k4() {
        let s = Subject::parse("blocking-wythoff:k=4", false).unwrap();
        let a = crate::proved::for_subject(&s).unwrap();
        let x: Natural = "123456789012345678901234567890".parse().unwrap();
        let b = a.row_bound(&x, false).expect("k = 4 bounds its rows");
        let row = a.search_line(&Coord::Fixed(x.clone()), &Coord::Below(b), None, 100);
        assert!(row.complete());
        assert!(!row.positions.is_empty());
        for (px, py) in &row.positions {
            assert_eq!(px, &x);
            assert!(a.is_p(px, py));
            // the neighbours of a listed y that are not listed are not P
            for z in [py + nat(1), py + nat(2)] {
                if !row.positions.iter().any(|(_, q)| *q == z) {
                    assert!(!a.is_p(&x, &z));
                }
            }
        }
    }
}
