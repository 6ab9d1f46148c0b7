//! Guessing the automaton of a function's graph `{(x, f(x))}` from its values
//! (sparse: only the prefixes that lead to a tuple of the graph are stored),
//! and of a sequence's graph `{(n, f(n))}` from its first terms.

use super::strings::Strings;
use super::{Guess, GuessRelation, Relation, DEAD};
use crate::prove::numeration::Numeration;
use rustc_hash::{FxHashMap, FxHashSet};
use std::cell::RefCell;
use std::collections::HashMap;

/// Digit strings of a numeration as keys: a tuple of up to 3 strings of one
/// length (leading all-zero letters stripped), each packed as a base-`radix`
/// number, and that length.
type TupleKey = ([u64; 3], u8);

/// Guess the minimal automaton of the graph `{(n, f(n)) : n >= 0}` of a
/// sequence from its first terms `f[0..N]` (inputs n then the value), in
/// numeration `num`: the first `2^14` terms, then 4 times more, ..., until an
/// automaton agrees with all of them (see [`guess_function`]).
pub fn guess_graph(num: &Numeration, f: &[u64], max_states: usize) -> Guess {
    let mut m = f.len().min(1 << 14);
    loop {
        let g = guess_function(num, 1, m as u64, &|x: &[u64]| f[x[0] as usize], max_states);
        match g {
            GuessRelation::Found(rel) => {
                let st = Strings::new(num, f.iter().copied().max().unwrap_or(0) + 3);
                if m == f.len() || agrees(&rel, &st, 1, f.len() as u64, &|x| f[x[0] as usize]) {
                    return Guess::Found {
                        automaton: rel.into_automaton(),
                        depth: 0,
                    };
                }
            }
            // more terms only add classes: past the bound, stop
            GuessRelation::NotFound { largest, digits } if m == f.len() || largest > max_states => {
                return Guess::NotFound { largest, digits }
            }
            _ => {}
        }
        m = (m * 4).min(f.len());
    }
}

/// Accepts `(x, f(x))` and rejects `(x, f(x) +- 1, 2)` for every `x` in
/// `[0, m)^dom`.
fn agrees(rel: &Relation, st: &Strings, dom: usize, m: u64, f: &dyn Fn(&[u64]) -> u64) -> bool {
    let mut x = vec![0u64; dom];
    loop {
        let v = f(&x);
        let mut words: Vec<Vec<u32>> = x.iter().map(|&c| st.rep(c)).collect();
        words.push(st.rep(v));
        if !rel.run(&words) {
            return false;
        }
        for w in [v.wrapping_sub(2), v.wrapping_sub(1), v + 1, v + 2] {
            if w <= v + 2 {
                *words.last_mut().unwrap() = st.rep(w);
                if rel.run(&words) {
                    return false;
                }
            }
        }
        // next tuple
        let mut i = dom;
        loop {
            if i == 0 {
                return true;
            }
            i -= 1;
            x[i] += 1;
            if x[i] < m {
                break;
            }
            x[i] = 0;
        }
    }
}

/// Guess the minimal automaton of the graph `{(x, f(x))}` of a function of
/// `dom` (1 or 2) natural numbers, from its values on `[0, m)^dom`, in
/// numeration `num` (inputs the `dom` arguments, then the value). Sparse: only
/// the prefixes that lead to a tuple of the graph are stored (a function's graph
/// has few per length). Prefixes are digit strings (see [`Strings`]). A prefix
/// is classified at level `t` (suffixes of at most `t` letters) only when every
/// canonical extension of each argument's string by at most `t` digits is below
/// `m`: on the value side nothing is unknown (the graph holds `(x, v)` exactly
/// when `v = f(x)`), so no class is split by missing data. The automaton is
/// returned only when it accepts every `(x, f(x))` of the data and rejects
/// `(x, f(x) +- 1, 2)`.
pub fn guess_function(
    num: &Numeration,
    dom: usize,
    m: u64,
    f: &dyn Fn(&[u64]) -> u64,
    max_states: usize,
) -> GuessRelation {
    assert!((1..=2).contains(&dom));
    let not_found = |largest: usize, digits: usize| GuessRelation::NotFound { largest, digits };
    if m < 4 {
        return not_found(0, 0);
    }
    let g = match Graph::new(num, dom, m, f) {
        Ok(g) => g,
        Err(digits) => return not_found(0, digits),
    };
    let digits = g.digits;
    let root: TupleKey = ([0; 3], 0);
    // level 0: the tuples of the graph (one class, accepting), not stored
    let mut prev: FxHashMap<TupleKey, u32> = FxHashMap::default();
    let mut largest = 0usize;
    let mut t = 0usize;
    loop {
        t += 1;
        if !g.complete(&root, t) {
            break;
        }
        let (cur, classes) = match g.classify(&prev, t, max_states) {
            Ok(level) => level,
            Err(classes) => return not_found(largest.max(classes), digits),
        };
        largest = largest.max(classes);
        prev = cur;
        if !g.complete(&root, t + 1) {
            break;
        }
        let Some(rel) = g.relation(num, &prev, t, max_states) else {
            continue;
        };
        // every tuple of the data (pairs: those below 1024)
        let check = if dom == 1 { m } else { m.min(1024) };
        if agrees(&rel, &g.st, dom, check, f) {
            return GuessRelation::Found(rel);
        }
    }
    not_found(largest, digits)
}

/// The data of [`guess_function`]: the function on `[0, m)^dom`, the strings
/// of its numeration, and the canonical strings of the values below a bound.
struct Graph<'a> {
    f: &'a dyn Fn(&[u64]) -> u64,
    dom: usize,
    arity: usize,
    m: u64,
    st: Strings,
    r: usize,
    rr: u64,
    letters: usize,
    /// The canonical digits of each argument below `m`.
    words: Vec<Vec<u32>>,
    /// Every canonical string of a value below `top`, packed (leading zeros
    /// do not change the packed number), and its value.
    canon: FxHashMap<u64, u64>,
    /// The packed string of each value below `top`, and its length.
    packed: Vec<(u64, u8)>,
    pow: Vec<u64>,
    completes: RefCell<FxHashMap<(u64, usize), bool>>,
    /// Digits of `m - 1`.
    digits: usize,
}

impl<'a> Graph<'a> {
    /// `Err(digits)` when the longest string does not fit a u64 in base r.
    fn new(
        num: &Numeration,
        dom: usize,
        m: u64,
        f: &'a dyn Fn(&[u64]) -> u64,
    ) -> Result<Graph<'a>, usize> {
        let vmax = if dom == 1 {
            (0..m).map(|x| f(&[x])).max().unwrap_or(0)
        } else {
            f(&[m - 1, m - 1])
        };
        let st = Strings::new(num, m.max(vmax).saturating_add(3));
        let r = num.radix();
        let arity = dom + 1;
        let digits = st.rep(m - 1).len();
        // longest string: must fit a u64 in base r
        let longest = st.rep(m.max(vmax).saturating_add(3)).len() + 2;
        if (longest as f64) * (r as f64).log2() > 62.0 {
            return Err(digits);
        }
        let words: Vec<Vec<u32>> = (0..m).map(|x| st.rep(x)).collect();
        let top = if dom == 2 { 2 * m + 3 } else { m.max(vmax) + 3 };
        let mut canon: FxHashMap<u64, u64> =
            FxHashMap::with_capacity_and_hasher(top as usize, Default::default());
        let mut packed: Vec<(u64, u8)> = Vec::with_capacity(top as usize);
        for v in 0..top {
            let d = if (v as usize) < words.len() {
                words[v as usize].clone()
            } else {
                st.rep(v)
            };
            let p = st.pack(&d, d.len());
            canon.insert(p, v);
            packed.push((p, d.len() as u8));
        }
        let rr = r as u64;
        Ok(Graph {
            f,
            dom,
            arity,
            m,
            st,
            r,
            rr,
            letters: r.pow(arity as u32),
            words,
            canon,
            packed,
            pow: (0..64).map(|i| rr.saturating_pow(i)).collect(),
            completes: Default::default(),
            digits,
        })
    }

    /// The tuple (x, f(x)) as a key, its last `drop` letters removed.
    fn tuple_key(&self, x: &[u64], drop: usize) -> TupleKey {
        let v = (self.f)(x);
        let mut k = [0u64; 3];
        let mut len = 0u8;
        for (i, &c) in x.iter().chain(std::iter::once(&v)).enumerate() {
            let (p, l) = match self.packed.get(c as usize) {
                Some(&pl) => pl,
                None => {
                    let d = self.st.rep(c);
                    (self.st.pack(&d, d.len()), d.len() as u8)
                }
            };
            k[i] = p;
            len = len.max(l);
        }
        if len as usize <= drop {
            return ([0; 3], 0);
        }
        for x in k.iter_mut() {
            *x /= self.pow[drop];
        }
        (k, len - drop as u8)
    }

    /// Every tuple of `[0, m)^dom` whose arguments pass `keep`.
    fn each_tuple(&self, keep: &dyn Fn(u64) -> bool, sink: &mut dyn FnMut(&[u64])) {
        let xs: Vec<u64> = (0..self.m).filter(|&x| keep(x)).collect();
        if self.dom == 1 {
            xs.iter().for_each(|&x| sink(&[x]));
        } else {
            for &x in &xs {
                for &y in &xs {
                    sink(&[x, y]);
                }
            }
        }
    }

    fn member(&self, k: &TupleKey) -> bool {
        let mut v = [0u64; 3];
        for i in 0..self.arity {
            match self.canon.get(&k.0[i]) {
                Some(&x) => v[i] = x,
                None => return false,
            }
        }
        v[..self.dom].iter().all(|&x| x < self.m) && (self.f)(&v[..self.dom]) == v[self.dom]
    }

    /// Every canonical extension of the string `d` by at most t digits is < m.
    fn complete_str(&self, d: &[u32], t: usize) -> bool {
        let st = &self.st;
        for s in (0..=t).rev() {
            if s >= st.weights.len() {
                return false;
            }
            if let Some(v) = st.value_at(d, s) {
                return v.checked_add(st.weights[s]).is_some_and(|e| e <= self.m);
            }
            if d.iter().all(|&c| c == 0) {
                return st.weights[s] <= self.m;
            }
        }
        true
    }

    /// Every argument's string of `k` is complete at level `t` (cached).
    fn complete(&self, k: &TupleKey, t: usize) -> bool {
        (0..self.dom).all(|i| {
            let key = (k.0[i], t);
            if let Some(&c) = self.completes.borrow().get(&key) {
                return c;
            }
            let c = self.complete_str(&self.st.unpack(k.0[i], k.1 as usize), t);
            self.completes.borrow_mut().insert(key, c);
            c
        })
    }

    fn child(&self, k: &TupleKey, letter: usize) -> TupleKey {
        if k.1 == 0 && letter == 0 {
            return *k;
        }
        let mut out = k.0;
        let mut l = letter;
        for i in (0..self.arity).rev() {
            out[i] = out[i] * self.rr + (l % self.r) as u64;
            l /= self.r;
        }
        (out, k.1 + 1)
    }

    fn parent(&self, k: &TupleKey) -> TupleKey {
        if k.1 <= 1 {
            ([0; 3], 0)
        } else {
            let mut out = k.0;
            for x in out.iter_mut().take(self.arity) {
                *x /= self.rr;
            }
            (out, k.1 - 1)
        }
    }

    fn class_at(&self, prev: &FxHashMap<TupleKey, u32>, t: usize, k: &TupleKey) -> u32 {
        if t == 0 {
            if self.member(k) {
                0
            } else {
                DEAD
            }
        } else {
            prev.get(k).copied().unwrap_or(DEAD)
        }
    }

    /// The classes of the live prefixes at level `t` (`prev`: level t - 1)
    /// and how many; `Err(classes)` past `max_states`. The live prefixes:
    /// tuples of the graph complete at level t, and parents of the live
    /// prefixes of level t - 1.
    fn classify(
        &self,
        prev: &FxHashMap<TupleKey, u32>,
        t: usize,
        max_states: usize,
    ) -> Result<(FxHashMap<TupleKey, u32>, usize), usize> {
        let mut set: FxHashSet<TupleKey> = FxHashSet::default();
        self.each_tuple(
            &|x| self.complete_str(&self.words[x as usize], t),
            &mut |x| {
                set.insert(self.tuple_key(x, 0));
            },
        );
        if t == 1 {
            self.each_tuple(&|_| true, &mut |x| {
                set.insert(self.tuple_key(x, 1));
            });
        } else {
            set.extend(prev.keys().map(|k| self.parent(k)));
        }
        let mut cand: Vec<TupleKey> = set.into_iter().filter(|k| self.complete(k, t)).collect();
        cand.sort_unstable();
        let mut ids: FxHashMap<Vec<u32>, u32> = FxHashMap::default();
        let mut cur: FxHashMap<TupleKey, u32> =
            FxHashMap::with_capacity_and_hasher(cand.len(), Default::default());
        let mut key = vec![0u32; self.letters + 1];
        for k in &cand {
            key[0] = u32::from(self.member(k));
            for l in 0..self.letters {
                key[1 + l] = self.class_at(prev, t - 1, &self.child(k, l));
            }
            if key[0] == 0 && key.iter().skip(1).all(|&c| c == DEAD) {
                continue;
            }
            let next = ids.len() as u32;
            let id = *ids.entry(key.clone()).or_insert(next);
            cur.insert(*k, id);
            if ids.len() > max_states {
                return Err(ids.len());
            }
        }
        Ok((cur, ids.len()))
    }

    /// The automaton of the classes `cls` of level `t`, when the classes
    /// reached from the empty prefix (through representatives whose children
    /// are classified at this level) are at most `max_states` and the table is
    /// closed and consistent on every prefix classified one level further.
    fn relation(
        &self,
        num: &Numeration,
        cls: &FxHashMap<TupleKey, u32>,
        t: usize,
        max_states: usize,
    ) -> Option<Relation> {
        let root: TupleKey = ([0; 3], 0);
        let &c0 = cls.get(&root)?;
        let mut state_of: HashMap<u32, u32> = HashMap::from([(c0, 0)]);
        let mut reps: Vec<TupleKey> = vec![root];
        let mut trans: Vec<Vec<Option<u32>>> = Vec::new();
        let mut i = 0;
        while i < reps.len() {
            let k = reps[i];
            if !self.complete(&k, t + 1) || reps.len() > max_states {
                return None;
            }
            let mut row = vec![None; self.letters];
            for (l, slot) in row.iter_mut().enumerate() {
                let ck = self.child(&k, l);
                if let Some(&c) = cls.get(&ck) {
                    let id = *state_of.entry(c).or_insert_with(|| {
                        reps.push(ck);
                        (reps.len() - 1) as u32
                    });
                    *slot = Some(id);
                }
            }
            trans.push(row);
            i += 1;
        }
        if !self.consistent(cls, t, &state_of, &trans) {
            return None;
        }
        Some(Relation {
            numeration: num.clone(),
            arity: self.arity,
            accept: reps.iter().map(|k| self.member(k)).collect(),
            trans,
        })
    }

    /// Closed and consistent on every prefix classified one level further.
    fn consistent(
        &self,
        cls: &FxHashMap<TupleKey, u32>,
        t: usize,
        state_of: &HashMap<u32, u32>,
        trans: &[Vec<Option<u32>>],
    ) -> bool {
        for (k, c) in cls.iter() {
            if !self.complete(k, t + 1) {
                continue;
            }
            let Some(&s) = state_of.get(c) else {
                return false;
            };
            for l in 0..self.letters {
                let got = cls
                    .get(&self.child(k, l))
                    .map(|c| *state_of.get(c).unwrap_or(&DEAD));
                if got != trans[s as usize][l] {
                    return false;
                }
            }
        }
        true
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use malachite_nz::natural::Natural;

    #[test]
    fn guesses_graphs_of_beatty_sequences() {
        // floor(n phi) in Zeckendorf
        let f: Vec<u64> = (0..20_000u64)
            .map(|n| (n + (5 * n * n).isqrt()) / 2)
            .collect();
        let Guess::Found { automaton, .. } = guess_graph(&Numeration::zeckendorf(), &f, 100) else {
            panic!("no automaton for floor(n phi)");
        };
        assert!(automaton.states() <= 20, "{}", automaton.states());
        for n in [20_000u64, 123_456, 1_000_003] {
            let v = (n + (5 * n * n).isqrt()) / 2;
            assert!(automaton.accepts(&Natural::from(n), &Natural::from(v)));
            assert!(!automaton.accepts(&Natural::from(n), &Natural::from(v + 1)));
        }
        // floor(n (sqrt 10 - 2) / 3) in Ostrowski [0; (2, 1, 1)]
        let a = |n: u64| ((10 * n * n).isqrt() - 2 * n) / 3;
        let f: Vec<u64> = (0..300_000u64).map(a).collect();
        let num = Numeration::ostrowski(vec![0], vec![2, 1, 1]);
        match guess_graph(&num, &f, 300) {
            Guess::Found { automaton, .. } => {
                eprintln!("roob a_n: {} states", automaton.states());
                for n in [300_000u64, 1_234_567, 9_999_999] {
                    assert!(automaton.accepts(&Natural::from(n), &Natural::from(a(n))));
                    assert!(!automaton.accepts(&Natural::from(n), &Natural::from(a(n) + 1)));
                }
            }
            other => panic!("{other:?}"),
        }
    }
}
