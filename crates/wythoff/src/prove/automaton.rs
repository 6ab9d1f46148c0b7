//! Automata of sets of pairs read most significant digit first, both numbers
//! padded to one length (Walnut's convention): guessing from a solved board
//! (Myhill-Nerode), checking on every cell, Walnut's file format (write and read),
//! and one cell flipped (a wrong automaton, for tests of refutation).

use super::numeration::{Numeration, Tables};
use malachite_nz::natural::Natural;
use std::collections::HashMap;

/// A deterministic automaton over pairs of digits; state 0 is initial; a missing
/// transition goes to a rejecting sink (not written).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Automaton {
    pub numeration: Numeration,
    pub accept: Vec<bool>,
    /// `trans[s][a * radix + b]`: the target on the digit pair `(a, b)`.
    pub trans: Vec<Vec<Option<u32>>>,
}

const DEAD: u32 = u32::MAX;

impl Automaton {
    pub fn states(&self) -> usize {
        self.accept.len()
    }
    fn radix(&self) -> usize {
        self.numeration.radix()
    }
    /// Does the automaton accept the pair `(x, y)` (canonical representations,
    /// padded to one length)?
    pub fn accepts(&self, x: &Natural, y: &Natural) -> bool {
        let mut dx = self.numeration.represent(x);
        let mut dy = self.numeration.represent(y);
        let len = dx.len().max(dy.len());
        pad(&mut dx, len);
        pad(&mut dy, len);
        let r = self.radix();
        let mut s = 0u32;
        for i in 0..len {
            match self.trans[s as usize][dx[i] as usize * r + dy[i] as usize] {
                Some(t) => s = t,
                None => return false,
            }
        }
        self.accept[s as usize]
    }
    /// The state after every pair `(x, y)` with `x, y < n`, row-major, `DEAD` for
    /// the sink: one step from `(head x, head y)` each.
    fn run_board(&self, t: &Tables, n: u32) -> Vec<u32> {
        let r = self.radix();
        let mut st = vec![DEAD; n as usize * n as usize];
        st[0] = 0;
        for x in 0..n {
            for y in 0..n {
                if x == 0 && y == 0 {
                    continue;
                }
                let (hx, hy) = (t.head[x as usize], t.head[y as usize]);
                let from = st[hx as usize * n as usize + hy as usize];
                let to = if from == DEAD {
                    DEAD
                } else {
                    let letter = t.last[x as usize] as usize * r + t.last[y as usize] as usize;
                    self.trans[from as usize][letter].unwrap_or(DEAD)
                };
                st[x as usize * n as usize + y as usize] = to;
            }
        }
        st
    }
    /// The first cell `(x, y)` of the `n x n` board (row-major) where the automaton
    /// and `member` disagree, or `None`.
    pub fn first_mismatch(&self, n: u32, member: &dyn Fn(u32, u32) -> bool) -> Option<(u32, u32)> {
        if self.trans[0][0] != Some(0) {
            return Some((0, 0));
        }
        let t = Tables::new(&self.numeration, n as u64);
        let st = self.run_board(&t, n);
        for x in 0..n {
            for y in 0..n {
                let s = st[x as usize * n as usize + y as usize];
                let acc = s != DEAD && self.accept[s as usize];
                if acc != member(x, y) {
                    return Some((x, y));
                }
            }
        }
        None
    }
    /// Walnut's automaton file: the number systems, a blank line, then each state
    /// `s output` followed by its `a b -> target` lines.
    pub fn to_walnut(&self) -> String {
        let ns = self.numeration.walnut_name();
        let r = self.radix();
        let mut out = format!("{ns} {ns}\n");
        for (s, row) in self.trans.iter().enumerate() {
            out.push_str(&format!("\n{s} {}\n", u8::from(self.accept[s])));
            for (letter, t) in row.iter().enumerate() {
                if let Some(t) = t {
                    out.push_str(&format!("{} {} -> {t}\n", letter / r, letter % r));
                }
            }
        }
        out
    }
    /// The same automaton with the membership of the one cell `(x, y)` flipped
    /// (a product with the automaton of that one pair; not minimised).
    pub fn flip(&self, x: &Natural, y: &Natural) -> Automaton {
        let r = self.radix();
        let mut dx = self.numeration.represent(x);
        let mut dy = self.numeration.represent(y);
        let len = dx.len().max(dy.len());
        pad(&mut dx, len);
        pad(&mut dy, len);
        let word: Vec<usize> = (0..len)
            .map(|i| dx[i] as usize * r + dy[i] as usize)
            .collect();
        const FAIL: usize = usize::MAX;
        let step_word = |j: usize, letter: usize| -> usize {
            if j == FAIL {
                FAIL
            } else if j == 0 && letter == 0 {
                0
            } else if j < len && word[j] == letter {
                j + 1
            } else {
                FAIL
            }
        };
        let mut index: HashMap<(u32, usize), u32> = HashMap::new();
        let mut pairs: Vec<(u32, usize)> = vec![(0, 0)];
        index.insert((0, 0), 0);
        let mut accept = Vec::new();
        let mut trans = Vec::new();
        let mut i = 0;
        while i < pairs.len() {
            let (q, j) = pairs[i];
            let acc_q = q != DEAD && self.accept[q as usize];
            accept.push(acc_q ^ (j == len));
            let mut row = vec![None; r * r];
            for (letter, slot) in row.iter_mut().enumerate() {
                let q2 = if q == DEAD {
                    DEAD
                } else {
                    self.trans[q as usize][letter].unwrap_or(DEAD)
                };
                let j2 = step_word(j, letter);
                if q2 == DEAD && j2 == FAIL {
                    continue;
                }
                let id = *index.entry((q2, j2)).or_insert_with(|| {
                    pairs.push((q2, j2));
                    (pairs.len() - 1) as u32
                });
                *slot = Some(id);
            }
            trans.push(row);
            i += 1;
        }
        Automaton {
            numeration: self.numeration.clone(),
            accept,
            trans,
        }
    }
}

fn pad(d: &mut Vec<u32>, len: usize) {
    while d.len() < len {
        d.insert(0, 0);
    }
}

/// What guessing found.
#[derive(Clone, Debug)]
pub enum Guess {
    /// A minimal automaton that agrees with every cell of the board; `depth` is the
    /// length of the distinguishing suffixes.
    Found { automaton: Automaton, depth: usize },
    /// No automaton of at most `max_states` states agrees with the board (as far as
    /// suffixes of the lengths tried tell); `largest` is the most classes seen.
    NotFound { largest: usize, digits: usize },
}

/// Guess the minimal automaton of the set `member` of pairs `(x, y)`, `x, y < n`,
/// in numeration `num`: prefixes (value pairs) are told apart by their
/// membership after every suffix of `t` digit pairs, for `t = 1, 2, ...`; the
/// classes reached from `(0, 0)` become states when the table is closed and
/// consistent on every pair of the sample, and the automaton is used only when it
/// agrees with every cell of the board.
pub fn guess(
    num: &Numeration,
    n: u32,
    member: &dyn Fn(u32, u32) -> bool,
    max_states: usize,
) -> Guess {
    let tables = Tables::new(num, n as u64);
    let w = &tables.weights;
    // L: all values below w[L] <= n are on the board
    let l = match w.iter().rposition(|&x| x <= n as u64) {
        Some(l) => l,
        None => {
            return Guess::NotFound {
                largest: 0,
                digits: 0,
            }
        }
    };
    let r = tables.radix;
    let letters = r * r;
    // bounds[k]: the children of every value below bounds[k] are below
    // bounds[k - 1] (canonical children of x are below shift(x + 1), and shift
    // is increasing); bounds[0] = n, the board
    let mut bounds: Vec<usize> = vec![n as usize];
    while bounds.len() <= l + 1 {
        let prev = *bounds.last().unwrap();
        let mut b = prev;
        while b > 0 && (tables.shift[b.min(n as usize - 1)] as usize > prev || b >= n as usize) {
            b -= 1;
        }
        bounds.push(b);
    }
    let l = bounds.iter().rposition(|&b| b >= 2).unwrap_or(0);
    // sig[k]: class ids of pairs x, y < bounds[k]
    let width = |k: usize| bounds[k];
    let mut sigs: Vec<Vec<u32>> = Vec::new();
    let w0 = width(0);
    let mut s0 = vec![0u32; w0 * w0];
    for x in 0..w0 {
        for y in 0..w0 {
            // the empty residual is the sink, DEAD, at every level
            s0[x * w0 + y] = if member(x as u32, y as u32) { 0 } else { DEAD };
        }
    }
    sigs.push(s0);
    let mut largest = 0usize;
    for t in 1..l {
        if l < t + 1 {
            break;
        }
        // level t from level t - 1
        let (wt, wp) = (width(t), width(t - 1));
        let prev = &sigs[t - 1];
        let mut map: HashMap<Vec<u32>, u32> = HashMap::new();
        let mut cur = vec![0u32; wt * wt];
        let mut key = vec![0u32; letters + 1];
        for x in 0..wt {
            for y in 0..wt {
                key[0] = u32::from(member(x as u32, y as u32));
                for a in 0..r {
                    let cx = tables.child(x as u32, a as u32);
                    for b in 0..r {
                        let cy = tables.child(y as u32, b as u32);
                        key[1 + a * r + b] = match (cx, cy) {
                            (Some(cx), Some(cy)) => prev[cx as usize * wp + cy as usize],
                            _ => DEAD,
                        };
                    }
                }
                cur[x * wt + y] = if key[0] == 0 && key[1..].iter().all(|&c| c == DEAD) {
                    DEAD
                } else {
                    let next = map.len() as u32;
                    *map.entry(key.clone()).or_insert(next)
                };
            }
            // every class is a state of the automaton (when there is one): more
            // classes than allowed states ends the search, and bounds memory
            if map.len() > max_states {
                return Guess::NotFound {
                    largest: largest.max(map.len()),
                    digits: l,
                };
            }
        }
        drop(map);
        sigs.push(cur);
        if l < t + 2 {
            break;
        }
        let wr = width(t + 1);
        let cls = &sigs[t];
        // BFS from (0, 0) over shortest representatives
        if cls[0] == DEAD {
            // the empty set (as far as the board tells)
            let aut = Automaton {
                numeration: num.clone(),
                accept: vec![false],
                trans: vec![vec![Some(0); letters]],
            };
            if aut.first_mismatch(n, member).is_none() {
                return Guess::Found {
                    automaton: aut,
                    depth: t,
                };
            }
            continue;
        }
        let mut state_of: HashMap<u32, u32> = HashMap::new();
        let mut reps: Vec<(u32, u32)> = vec![(0, 0)];
        state_of.insert(cls[0], 0);
        let mut trans: Vec<Vec<Option<u32>>> = Vec::new();
        let mut ok = true;
        let mut i = 0;
        while i < reps.len() {
            let (x, y) = reps[i];
            if x as usize >= wr || y as usize >= wr || reps.len() > max_states {
                ok = false;
                break;
            }
            let mut row = vec![None; letters];
            for a in 0..r {
                let cx = tables.child(x, a as u32);
                for b in 0..r {
                    let cy = tables.child(y, b as u32);
                    if let (Some(cx), Some(cy)) = (cx, cy) {
                        let c = cls[cx as usize * wt + cy as usize];
                        if c == DEAD {
                            continue;
                        }
                        let id = *state_of.entry(c).or_insert_with(|| {
                            reps.push((cx, cy));
                            (reps.len() - 1) as u32
                        });
                        row[a * r + b] = Some(id);
                    }
                }
            }
            trans.push(row);
            i += 1;
        }
        largest = largest.max(reps.len());
        if !ok {
            if reps.len() > max_states {
                return Guess::NotFound { largest, digits: l };
            }
            continue;
        }
        // closed and consistent on every pair below w[l - t - 1]
        'check: for x in 0..wr {
            for y in 0..wr {
                let c = cls[x * wt + y];
                if c == DEAD {
                    continue;
                }
                let Some(&s) = state_of.get(&c) else {
                    ok = false;
                    break 'check;
                };
                for a in 0..r {
                    let cx = tables.child(x as u32, a as u32);
                    for b in 0..r {
                        let cy = tables.child(y as u32, b as u32);
                        let got = match (cx, cy) {
                            (Some(cx), Some(cy)) => {
                                let c = cls[cx as usize * wt + cy as usize];
                                if c == DEAD {
                                    None
                                } else {
                                    match state_of.get(&c) {
                                        Some(&s) => Some(s),
                                        None => Some(DEAD),
                                    }
                                }
                            }
                            _ => None,
                        };
                        if got != trans[s as usize][a * r + b] {
                            ok = false;
                            break 'check;
                        }
                    }
                }
            }
        }
        if !ok {
            continue;
        }
        let accept = reps.iter().map(|&(x, y)| member(x, y)).collect();
        let aut = Automaton {
            numeration: num.clone(),
            accept,
            trans,
        };
        if aut.first_mismatch(n, member).is_none() {
            return Guess::Found {
                automaton: aut,
                depth: t,
            };
        }
    }
    Guess::NotFound { largest, digits: l }
}

/// An automaton read from Walnut's file format (any number of inputs).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct WalnutAutomaton {
    /// The number system of each input (`msd_2`, ...); empty for `true`/`false`.
    pub inputs: Vec<String>,
    pub accept: Vec<bool>,
    /// Per state: (digits, target).
    pub trans: Vec<Vec<(Vec<u32>, u32)>>,
    /// For the constant automata `true` and `false`.
    pub constant: Option<bool>,
}

impl WalnutAutomaton {
    /// Parse Walnut's automaton file format.
    pub fn parse(text: &str) -> Result<WalnutAutomaton, String> {
        let mut lines = text.lines().map(str::trim).filter(|l| !l.is_empty());
        let first = lines.next().ok_or("empty automaton file")?;
        if first == "true" || first == "false" {
            return Ok(WalnutAutomaton {
                inputs: vec![],
                accept: vec![],
                trans: vec![],
                constant: Some(first == "true"),
            });
        }
        let inputs: Vec<String> = first.split_whitespace().map(str::to_string).collect();
        let mut accept: Vec<bool> = Vec::new();
        let mut trans: Vec<Vec<(Vec<u32>, u32)>> = Vec::new();
        let mut cur: Option<usize> = None;
        for line in lines {
            if let Some((lhs, rhs)) = line.split_once("->") {
                let s = cur.ok_or("a transition before any state")?;
                let digits: Vec<u32> = lhs
                    .split_whitespace()
                    .map(|d| {
                        d.parse::<u32>()
                            .map_err(|_| format!("bad digit in `{line}`"))
                    })
                    .collect::<Result<_, _>>()?;
                let target: u32 = rhs
                    .split_whitespace()
                    .next()
                    .ok_or("missing target")?
                    .parse()
                    .map_err(|_| format!("bad target in `{line}`"))?;
                trans[s].push((digits, target));
            } else {
                let mut it = line.split_whitespace();
                let s: usize = it
                    .next()
                    .unwrap_or("")
                    .parse()
                    .map_err(|_| format!("bad state line `{line}`"))?;
                let out: i64 = it
                    .next()
                    .unwrap_or("0")
                    .parse()
                    .map_err(|_| format!("bad output in `{line}`"))?;
                if s >= accept.len() {
                    accept.resize(s + 1, false);
                    trans.resize(s + 1, Vec::new());
                }
                accept[s] = out != 0;
                cur = Some(s);
            }
        }
        Ok(WalnutAutomaton {
            inputs,
            accept,
            trans,
            constant: None,
        })
    }
    /// Does it accept the digit tuples (one per step, msd first)?
    pub fn accepts_digits(&self, word: &[Vec<u32>]) -> bool {
        if let Some(c) = self.constant {
            return c;
        }
        let mut s = 0usize;
        for letter in word {
            match self.trans[s].iter().find(|(d, _)| d == letter) {
                Some(&(_, t)) => s = t as usize,
                None => return false,
            }
        }
        self.accept.get(s).copied().unwrap_or(false)
    }
    /// Does it accept the pair `(x, y)` in `num`?
    pub fn accepts_pair(&self, num: &Numeration, x: u64, y: u64) -> bool {
        let mut dx = num.represent(&Natural::from(x));
        let mut dy = num.represent(&Natural::from(y));
        let len = dx.len().max(dy.len());
        pad(&mut dx, len);
        pad(&mut dy, len);
        let word: Vec<Vec<u32>> = (0..len).map(|i| vec![dx[i], dy[i]]).collect();
        self.accepts_digits(&word)
    }
    /// The smallest accepted pair `(x, y)` in the order of `max(x, y)`, then `x`,
    /// then `y`, among `x, y < limit` (`limit <= 4096`), by one step per cell from
    /// `(head x, head y)`; beyond, the pair of a shortest accepted word.
    pub fn smallest_pair(&self, num: &Numeration, limit: u64) -> Option<(u64, u64)> {
        if let Some(c) = self.constant {
            return c.then_some((0, 0));
        }
        let r = num.radix();
        // dense transitions: [state][a * r + b]
        let dense: Vec<Vec<u32>> = self
            .trans
            .iter()
            .map(|row| {
                let mut d = vec![DEAD; r * r];
                for (digits, t) in row {
                    if digits.len() == 2 && (digits[0] as usize) < r && (digits[1] as usize) < r {
                        d[digits[0] as usize * r + digits[1] as usize] = *t;
                    }
                }
                d
            })
            .collect();
        if dense.is_empty() {
            return None;
        }
        let acc = |s: u32| s != DEAD && self.accept.get(s as usize).copied().unwrap_or(false);
        let mut b = 256u64;
        loop {
            let n = b.min(limit).min(4096) as usize;
            let t = Tables::new(num, n as u64);
            let mut st = vec![DEAD; n * n];
            st[0] = 0;
            for x in 0..n {
                for y in 0..n {
                    if x + y == 0 {
                        continue;
                    }
                    let from = st[t.head[x] as usize * n + t.head[y] as usize];
                    if from != DEAD {
                        st[x * n + y] =
                            dense[from as usize][t.last[x] as usize * r + t.last[y] as usize];
                    }
                }
            }
            for m in 0..n {
                for x in 0..=m {
                    if acc(st[x * n + m]) {
                        return Some((x as u64, m as u64));
                    }
                }
                for y in 0..m {
                    if acc(st[m * n + y]) {
                        return Some((m as u64, y as u64));
                    }
                }
            }
            if n as u64 >= limit.min(4096) {
                break;
            }
            b *= 4;
        }
        // a shortest accepted word (breadth first, smallest letters first)
        let mut prev: Vec<Option<(u32, usize)>> = vec![None; dense.len()];
        let mut seen = vec![false; dense.len()];
        seen[0] = true;
        let mut queue = std::collections::VecDeque::from([0u32]);
        while let Some(q) = queue.pop_front() {
            if acc(q) {
                let mut letters = Vec::new();
                let mut cur = q;
                while let Some((p, l)) = prev[cur as usize] {
                    letters.push(l);
                    cur = p;
                }
                letters.reverse();
                let xs: Vec<u32> = letters.iter().map(|&l| (l / r) as u32).collect();
                let ys: Vec<u32> = letters.iter().map(|&l| (l % r) as u32).collect();
                let x = u64::try_from(&num.value(&xs)).ok()?;
                let y = u64::try_from(&num.value(&ys)).ok()?;
                return Some((x, y));
            }
            for (l, &t) in dense[q as usize].iter().enumerate() {
                if t != DEAD && !seen[t as usize] {
                    seen[t as usize] = true;
                    prev[t as usize] = Some((q, l));
                    queue.push_back(t);
                }
            }
        }
        None
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn wythoff_p(x: u32, y: u32) -> bool {
        // the P-positions of Wythoff's game: (floor(n phi), floor(n phi^2))
        let phi = (1.0 + 5f64.sqrt()) / 2.0;
        (0..2000u32).any(|n| {
            let a = (n as f64 * phi).floor() as u32;
            let b = a + n;
            (a == x && b == y) || (a == y && b == x)
        })
    }

    #[test]
    fn guesses_wythoff_in_zeckendorf() {
        let n = 300u32;
        let mut board = vec![false; (n * n) as usize];
        for x in 0..n {
            for y in 0..n {
                board[(x * n + y) as usize] = wythoff_p(x, y);
            }
        }
        let member = |x: u32, y: u32| board[(x * n + y) as usize];
        match guess(&Numeration::zeckendorf(), n, &member, 100) {
            Guess::Found { automaton, .. } => {
                assert!(automaton.states() <= 20, "{}", automaton.states());
                assert!(automaton.first_mismatch(n, &member).is_none());
                // beyond the board too
                for x in 300..400u32 {
                    for y in [x, x / 2, (x as f64 * 1.618) as u32] {
                        assert_eq!(
                            automaton.accepts(&Natural::from(x), &Natural::from(y)),
                            wythoff_p(x, y)
                        );
                    }
                }
                // the file round-trips
                let w = WalnutAutomaton::parse(&automaton.to_walnut()).unwrap();
                for (x, y) in [(1, 2), (3, 5), (4, 7), (5, 3), (6, 10), (2, 2)] {
                    assert_eq!(
                        w.accepts_pair(&automaton.numeration, x, y),
                        wythoff_p(x as u32, y as u32)
                    );
                }
                // one flipped cell
                let f = automaton.flip(&Natural::from(7u32), &Natural::from(9u32));
                assert_eq!(
                    f.first_mismatch(n, &|x, y| member(x, y) ^ (x == 7 && y == 9)),
                    None
                );
                let f = automaton.flip(&Natural::from(6u32), &Natural::from(10u32));
                assert!(!f.accepts(&Natural::from(6u32), &Natural::from(10u32)));
                assert!(f.accepts(&Natural::from(10u32), &Natural::from(6u32)));
            }
            other => panic!("{other:?}"),
        }
    }

    #[test]
    fn base_two_and_not_found() {
        let n = 256u32;
        let member = |x: u32, y: u32| (x ^ y) == 0;
        match guess(&Numeration::Base(2), n, &member, 10) {
            Guess::Found { automaton, .. } => assert_eq!(automaton.states(), 1),
            other => panic!("{other:?}"),
        }
        // x = y^2 is not 2-automatic: no small automaton
        let sq = |x: u32, y: u32| x == y * y;
        assert!(matches!(
            guess(&Numeration::Base(2), n, &sq, 12),
            Guess::NotFound { .. }
        ));
    }
}
