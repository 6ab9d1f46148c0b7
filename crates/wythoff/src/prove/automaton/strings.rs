//! Strings of a numeration by their digits, for the guesser of a function's
//! graph ([`super::graph`]).

use crate::prove::numeration::Numeration;

/// Strings of a numeration by their digits, not their values: in an Ostrowski
/// numeration whose period is longer than 1 the digit rules depend on the
/// position counted from the right, so a prefix of a canonical word is not the
/// canonical word of a smaller number, and prefixes must be told apart as
/// strings ([`super::graph::guess_function`]).
pub(super) struct Strings {
    pub(super) weights: Vec<u64>,
    radix: u64,
}

impl Strings {
    pub(super) fn new(num: &Numeration, top: u64) -> Strings {
        // weights far enough for every string and offset the guesser forms
        let weights = num.weights(top.saturating_mul(64).min(u64::MAX / 64));
        Strings {
            weights,
            radix: num.radix() as u64,
        }
    }
    /// The canonical (greedy) digits of `v`, most significant first.
    pub(super) fn rep(&self, v: u64) -> Vec<u32> {
        let mut out = Vec::new();
        let mut rest = v;
        for &w in self.weights.iter().rev() {
            if w > v && out.is_empty() {
                continue;
            }
            out.push((rest / w) as u32);
            rest %= w;
        }
        out
    }
    pub(super) fn pack(&self, d: &[u32], len: usize) -> u64 {
        let mut x = 0u64;
        for _ in d.len()..len {
            x *= self.radix;
        }
        for &c in d {
            x = x * self.radix + c as u64;
        }
        x
    }
    pub(super) fn unpack(&self, mut x: u64, len: usize) -> Vec<u32> {
        let mut d = vec![0u32; len];
        for i in (0..len).rev() {
            d[i] = (x % self.radix) as u32;
            x /= self.radix;
        }
        d
    }
    /// The value of the string `d` followed by `s` zeros, when that word is
    /// canonical; `None` when it is not (or is too large to tell).
    pub(super) fn value_at(&self, d: &[u32], s: usize) -> Option<u64> {
        let top = d.len() + s;
        if top >= self.weights.len() {
            return None;
        }
        let mut v = 0u64;
        for (j, &c) in d.iter().enumerate() {
            v = v.checked_add((c as u64).checked_mul(self.weights[top - 1 - j])?)?;
        }
        let mut want: Vec<u32> = d.iter().copied().skip_while(|&c| c == 0).collect();
        if !want.is_empty() {
            want.extend(std::iter::repeat_n(0, s));
        }
        (self.rep(v) == want).then_some(v)
    }
}
