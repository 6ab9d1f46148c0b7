//! Walnut's automaton files read back: any number of inputs, the words an
//! automaton accepts, and the smallest pair it accepts.

use super::numeration::{Numeration, Tables};
use super::{pad, DEAD};
use malachite_nz::natural::Natural;

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
        let lines_in_file = text.lines().count();
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
                // every state is listed on a line of its own: a number past the
                // file's lines names a state that is not there (and would
                // size the tables: found by the fuzz harness)
                if s >= lines_in_file {
                    return Err(format!(
                        "state {s} in a file of {lines_in_file} lines: states are numbered from 0, one a line"
                    ));
                }
                if s >= accept.len() {
                    accept.resize(s + 1, false);
                    trans.resize(s + 1, Vec::new());
                }
                accept[s] = out != 0;
                cur = Some(s);
            }
        }
        // a file Walnut did not finish (killed at the time bound) can name
        // states it never listed: refuse it rather than read a wrong automaton
        let states = accept.len();
        if states == 0 {
            // (read, it panicked at its first word: found by the fuzz harness)
            return Err("no state after the inputs line (an unfinished file?)".into());
        }
        for (s, ts) in trans.iter().enumerate() {
            for (digits, t) in ts {
                if *t as usize >= states {
                    return Err(format!(
                        "state {s} has a transition to state {t}, but the file lists {states} states (an unfinished file?)"
                    ));
                }
                if digits.len() != inputs.len() {
                    return Err(format!(
                        "state {s} has a transition on {} digits, but the automaton has {} inputs",
                        digits.len(),
                        inputs.len()
                    ));
                }
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
    /// Every accepted word whose first inputs are the fixed digit strings
    /// `fixed` (all of one length `L`, msd first), the other inputs free: the
    /// digits of the free inputs, one `Vec` per free input, each of length `L`.
    /// Backward, the states from which the rest of the fixed digits can still
    /// be accepted; forward, only into those (so every path found is a word).
    /// At most `limit` words.
    pub fn completions(&self, fixed: &[Vec<u32>], free: usize, limit: usize) -> Vec<Vec<Vec<u32>>> {
        if self.constant.is_some() || self.accept.is_empty() {
            return Vec::new();
        }
        let len = fixed.first().map_or(0, Vec::len);
        let k = fixed.len();
        let n = self.accept.len();
        let fits = |digits: &[u32], i: usize| -> bool {
            digits.len() == k + free && (0..k).all(|j| digits[j] == fixed[j][i])
        };
        // good[i][q]: from q, the fixed digits i.. can be completed and accepted
        let mut good = vec![vec![false; n]; len + 1];
        good[len] = self.accept.clone();
        for i in (0..len).rev() {
            for q in 0..n {
                good[i][q] = self.trans[q]
                    .iter()
                    .any(|(d, t)| fits(d, i) && good[i + 1][*t as usize]);
            }
        }
        let mut out = Vec::new();
        if !good[0][0] {
            return out;
        }
        // depth first, smallest letters first
        let mut path: Vec<Vec<u32>> = Vec::new();
        fn walk(
            a: &WalnutAutomaton,
            q: usize,
            i: usize,
            len: usize,
            k: usize,
            free: usize,
            good: &[Vec<bool>],
            fits: &dyn Fn(&[u32], usize) -> bool,
            path: &mut Vec<Vec<u32>>,
            out: &mut Vec<Vec<Vec<u32>>>,
            limit: usize,
        ) {
            if out.len() >= limit {
                return;
            }
            if i == len {
                let words = (0..free)
                    .map(|j| path.iter().map(|l| l[k + j]).collect())
                    .collect();
                out.push(words);
                return;
            }
            let mut next: Vec<&(Vec<u32>, u32)> = a.trans[q]
                .iter()
                .filter(|(d, t)| fits(d, i) && good[i + 1][*t as usize])
                .collect();
            next.sort();
            for (d, t) in next {
                path.push(d.clone());
                walk(
                    a,
                    *t as usize,
                    i + 1,
                    len,
                    k,
                    free,
                    good,
                    fits,
                    path,
                    out,
                    limit,
                );
                path.pop();
            }
        }
        walk(
            self, 0, 0, len, k, free, &good, &fits, &mut path, &mut out, limit,
        );
        out
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

    /// Found by the fuzz harness (`walnut_automaton`): a state number of
    /// 4294967295 sized the tables by it (gigabytes), one near 2^64 panicked.
    #[test]
    fn a_state_number_past_the_files_lines_is_refused() {
        for s in ["4294967295", "18446744073709551614", "9"] {
            let text = format!("msd_2 msd_2\n\n0 1\n0 0 -> 0\n\n{s} 0\n0 1 -> 0\n");
            let e = WalnutAutomaton::parse(&text).unwrap_err();
            assert!(
                e.contains(&format!("state {s} in a file of 7 lines")),
                "{e}"
            );
        }
    }

    /// Found by the fuzz harness (`walnut_automaton`): an inputs line and no
    /// state was read, and the first word read panicked.
    #[test]
    fn a_file_without_states_is_refused() {
        for text in ["truru", "msd_2 msd_2\n", "msd_2\n\n"] {
            let e = WalnutAutomaton::parse(text).unwrap_err();
            assert!(e.contains("no state"), "{e}");
        }
    }

    #[test]
    fn an_unfinished_automaton_file_is_refused_not_read() {
        // complete: two states, every target listed
        let whole = "msd_2 msd_2\n\n0 1\n0 0 -> 0\n1 1 -> 1\n\n1 0\n0 1 -> 0\n";
        let a = WalnutAutomaton::parse(whole).unwrap();
        assert_eq!(a.accept.len(), 2);
        assert!(a.accepts_digits(&[vec![1, 1], vec![0, 1]]));
        assert!(!a.accepts_digits(&[vec![1, 1]]));
        // cut after state 0's transitions (Java killed at the time bound):
        // state 1 is a target but never listed
        let cut = "msd_2 msd_2\n\n0 1\n0 0 -> 0\n1 1 -> 1\n";
        let e = WalnutAutomaton::parse(cut).unwrap_err();
        assert!(
            e.contains("transition to state 1") && e.contains("lists 1 states"),
            "{e}"
        );
        // a transition with the wrong number of digits
        let short = "msd_2 msd_2\n\n0 1\n0 -> 0\n";
        assert!(WalnutAutomaton::parse(short)
            .unwrap_err()
            .contains("1 digits"));
    }
}
