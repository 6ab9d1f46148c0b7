//! Numeration systems for Walnut: base `k` (msd first), Zeckendorf, and the
//! Ostrowski numeration of a quadratic irrational given by its continued fraction
//! (preperiod, period), with the canonical (greedy) representation of any natural
//! number; and the exact continued fraction of a quadratic irrational
//! `(p + sqrt d) / q` (the closed forms `patterns` names: phi, phi_m, phi_{mp}/p).

use malachite_base::num::basic::traits::{One, Zero};
use malachite_nz::natural::Natural;
use std::fmt;

/// A numeration system, as Walnut names it (`msd_2`, `msd_fib`, `msd_NAME`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Numeration {
    /// Base `k >= 2`, most significant digit first (Walnut's built-in `msd_k`).
    Base(u32),
    /// The Ostrowski numeration of `alpha = [a_0; a_1, a_2, ...]`: `pre` is
    /// `[a_0, ..., a_j]` (`a_0` included), `period` the repeating partial quotients.
    /// Walnut creates it with `ost NAME [pre] [period];`. Zeckendorf is
    /// `[0; 1, 1, 1, ...]` (`ost fib [0] [1];`, weights 1, 2, 3, 5, ...).
    Ostrowski {
        name: String,
        pre: Vec<u64>,
        period: Vec<u64>,
    },
    /// Fraenkel's numeration for (s,t)-Wythoff (A. S. Fraenkel, "How to beat
    /// your Wythoff games' opponent on three fronts", Amer. Math. Monthly 89,
    /// 1982): `u_0 = 1`, `u_1 = s + t`, `u_n = (s + t - 1) u_{n-1} + s u_{n-2}`
    /// (with `u_{-1} = 1/s` the recurrence holds from `n = 1`), digits `0` to
    /// `s + t - 1`, greedy representations. `s = 1` gives the Ostrowski
    /// numeration of `phi_t` (`t = 1`: Zeckendorf); for `s = 2, t = 1` the
    /// weights are 1, 3, 8, 22, 60 (walnut-facts.md). Walnut does not ship it:
    /// `prove` writes its Custom Bases files (the valid words and the adder,
    /// guessed and then proved inside Walnut), named `msd_fsStT`.
    Fraenkel { s: u64, t: u64 },
}

impl fmt::Display for Numeration {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.walnut_name())
    }
}

/// Why a numeration text was refused, and the forms allowed (the text itself
/// is not repeated: each front end names it with its own parameter).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct NumerationError(pub String);

impl fmt::Display for NumerationError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

/// The forms a numeration's text may take.
pub const NUMERATION_FORMS: &str = "base:K (2 <= K <= 9), zeckendorf (or fib), \
     ost:A0,A1,...;P1,P2,... (an Ostrowski numeration: the continued fraction's preperiod, \
     a_0 = 0 first, then its period; partial quotients 1 to 16, at most 24 of each), \
     frac:(P+sqrtD)/Q and inv:(P+sqrtD)/Q (the Ostrowski numeration of the fractional part \
     of alpha = (P + sqrt D) / Q, or of 1 / alpha, alpha > 1, D not a square: the slopes \
     `patterns` derives, e.g. frac:(2+sqrt29)/5), \
     fraenkel:S,T (Fraenkel's numeration of (s,t)-Wythoff, 1 <= S, T and S + T <= 9), \
     or a Walnut name prove writes (msd_2, msd_fib, msd_o1p2, msd_oxp1_2_10_2_1, msd_fs2t1)";

/// The largest partial quotient of an Ostrowski numeration `prove` takes (its
/// digits run to it: the guesser reads `(a + 1)^2` letters per step).
pub const MAX_QUOTIENT: u64 = 16;
/// The most partial quotients in the preperiod (after `a_0`) and in the period.
pub const MAX_TERMS: usize = 24;

impl Numeration {
    /// Zeckendorf (Fibonacci) numeration, Walnut's `msd_fib`.
    pub fn zeckendorf() -> Numeration {
        Numeration::Ostrowski {
            name: "fib".into(),
            pre: vec![0],
            period: vec![1],
        }
    }
    /// The Ostrowski numeration of `[0; pre[1..], (period)]`, named after its
    /// partial quotients: `o1p2` for `[0; 1, (2)]` when every quotient is a
    /// single digit, else `ox` and the quotients joined by `_`, the period
    /// after `p` (`oxp1_2_10_2_1` for `[0; (1, 2, 10, 2, 1)]`).
    pub fn ostrowski(pre: Vec<u64>, period: Vec<u64>) -> Numeration {
        if pre == [0] && period == [1] {
            return Numeration::zeckendorf();
        }
        let join = |v: &[u64], sep: &str| {
            v.iter()
                .map(|a| a.to_string())
                .collect::<Vec<_>>()
                .join(sep)
        };
        let short = pre[1..].iter().chain(&period).all(|&a| a <= 9);
        let name = if short {
            format!("o{}p{}", join(&pre[1..], ""), join(&period, ""))
        } else {
            format!("ox{}p{}", join(&pre[1..], "_"), join(&period, "_"))
        };
        Numeration::Ostrowski { name, pre, period }
    }
    /// The numeration of a Walnut name as `prove` writes them (`msd_2`,
    /// `msd_fib`, `msd_o1p2`, `msd_oxp1_2_10_2_1`, `msd_fs2t1`), or `None`.
    pub fn from_walnut_name(name: &str) -> Option<Numeration> {
        let rest = name.strip_prefix("msd_")?;
        let num = if rest == "fib" {
            Numeration::zeckendorf()
        } else if rest.len() == 1 && rest.chars().all(|c| c.is_ascii_digit()) {
            Numeration::parse(&format!("base:{rest}")).ok()?
        } else if let Some(st) = rest.strip_prefix("fs") {
            let (s, t) = st.split_once('t')?;
            Numeration::parse(&format!("fraenkel:{s},{t}")).ok()?
        } else if let Some(o) = rest.strip_prefix("ox") {
            let (pre, per) = o.split_once('p')?;
            let list = |s: &str| -> Option<Vec<u64>> {
                if s.is_empty() {
                    return Some(Vec::new());
                }
                s.split('_').map(|a| a.parse::<u64>().ok()).collect()
            };
            let mut pre_q = vec![0];
            pre_q.extend(list(pre)?);
            Numeration::ostrowski(pre_q, list(per)?)
        } else if let Some(o) = rest.strip_prefix('o') {
            let (pre, per) = o.split_once('p')?;
            let digits = |s: &str| -> Option<Vec<u64>> {
                s.chars().map(|c| c.to_digit(10).map(u64::from)).collect()
            };
            let mut pre_q = vec![0];
            pre_q.extend(digits(pre)?);
            Numeration::ostrowski(pre_q, digits(per)?)
        } else {
            return None;
        };
        if let Numeration::Ostrowski { pre, period, .. } = &num {
            Self::check_ostrowski(pre, period).ok()?;
        }
        (num.walnut_name() == name).then_some(num)
    }
    /// The bounds [`parse`](Self::parse) puts on an Ostrowski numeration.
    fn check_ostrowski(pre: &[u64], period: &[u64]) -> Result<(), &'static str> {
        if pre.first() != Some(&0) {
            return Err("the preperiod must start with a_0 = 0");
        }
        if pre.len() > MAX_TERMS + 1 || period.is_empty() || period.len() > MAX_TERMS {
            return Err("at most 24 partial quotients after a_0 in each part, and a period");
        }
        if pre[1..]
            .iter()
            .chain(period)
            .any(|&a| !(1..=MAX_QUOTIENT).contains(&a))
        {
            return Err("partial quotients after a_0 must be from 1 to 16");
        }
        Ok(())
    }
    /// The Ostrowski numerations of a quadratic irrational `alpha = (p + sqrt d) / q`
    /// (`alpha > 1`): of `frac(alpha)` and of `1 / alpha` ([`beatty_numerations`]),
    /// those within [`MAX_QUOTIENT`] and [`MAX_TERMS`]. `None` when `d` is a
    /// square, `alpha <= 1`, or the numbers are too large.
    pub fn of_quadratic(p: i64, d: u64, q: i64) -> Option<Vec<Numeration>> {
        let (pre, per) = continued_fraction(p, d, q)?;
        if pre[0] < 1 {
            return None;
        }
        Some(
            beatty_numerations(&pre, &per)
                .into_iter()
                .filter(|n| match n {
                    Numeration::Ostrowski { pre, period, .. } => {
                        Self::check_ostrowski(pre, period).is_ok()
                    }
                    _ => true,
                })
                .collect(),
        )
    }
    /// `(P+sqrtD)/Q`, `(P-sqrtD)/Q`, `(sqrtD)/Q`, `sqrtD` (spaces ignored) as `(p, d, q)`
    /// with the sign of the root folded into `q` (`(P - sqrt D)/Q = (-P + sqrt D)/(-Q)`).
    fn parse_quadratic(text: &str) -> Option<(i64, u64, i64)> {
        let t: String = text.chars().filter(|c| !c.is_whitespace()).collect();
        let (num, q) = match t.rsplit_once('/') {
            Some((n, q)) => (n.to_string(), q.parse::<i64>().ok()?),
            None => (t.clone(), 1),
        };
        let num = num
            .strip_prefix('(')
            .and_then(|n| n.strip_suffix(')'))
            .unwrap_or(&num);
        let (p, sign, d) = if let Some(d) = num.strip_prefix("sqrt") {
            (0i64, 1i64, d)
        } else if let Some((p, d)) = num.split_once("+sqrt") {
            (p.parse::<i64>().ok()?, 1, d)
        } else if let Some((p, d)) = num.split_once("-sqrt") {
            (p.parse::<i64>().ok()?, -1, d)
        } else {
            return None;
        };
        let d = d.parse::<u64>().ok()?;
        if q == 0 || d > 1 << 40 || p.unsigned_abs() > 1 << 40 || q.unsigned_abs() > 1 << 40 {
            return None;
        }
        Some(if sign > 0 { (p, d, q) } else { (-p, d, -q) })
    }
    /// Parse `base:K`, `zeckendorf`, `fib`, `ost:A0,A1;P1,P2`.
    pub fn parse(text: &str) -> Result<Numeration, NumerationError> {
        let t = text.trim();
        let bad = |why: &str| NumerationError(format!("{why}; allowed: {NUMERATION_FORMS}"));
        if t == "zeckendorf" || t == "fib" || t == "msd_fib" {
            return Ok(Numeration::zeckendorf());
        }
        if let Some(k) = t.strip_prefix("base:").or_else(|| {
            t.strip_prefix("msd_")
                .filter(|r| r.chars().all(|c| c.is_ascii_digit()))
        }) {
            let k: u32 = k
                .parse()
                .map_err(|_| bad("the base is not a whole number"))?;
            if !(2..=9).contains(&k) {
                return Err(bad("the base must be from 2 to 9"));
            }
            return Ok(Numeration::Base(k));
        }
        if let Some(rest) = t.strip_prefix("fraenkel:") {
            let (a, b) = rest
                .split_once(',')
                .ok_or_else(|| bad("write fraenkel:S,T"))?;
            let (Ok(s), Ok(tt)) = (a.trim().parse::<u64>(), b.trim().parse::<u64>()) else {
                return Err(bad("S and T must be whole numbers"));
            };
            // checked: S + T must not wrap (u64::MAX,1)
            if s == 0 || tt == 0 || s.checked_add(tt).is_none_or(|v| v > 9) {
                return Err(bad("S, T >= 1 and S + T <= 9"));
            }
            return Ok(Numeration::Fraenkel { s, t: tt });
        }
        for (prefix, inverse) in [("frac:", false), ("inv:", true)] {
            if let Some(rest) = t.strip_prefix(prefix) {
                let (p, d, q) = Self::parse_quadratic(rest)
                    .ok_or_else(|| bad("write the number as (P+sqrtD)/Q, e.g. (2+sqrt29)/5"))?;
                let list = Self::of_quadratic(p, d, q).ok_or_else(|| {
                    bad("the number must be a quadratic irrational above 1 (D not a square)")
                })?;
                // of_quadratic: frac(alpha) first, then 1/alpha when it differs
                let (pre, per) = continued_fraction(p, d, q).expect("checked by of_quadratic");
                let all = beatty_numerations(&pre, &per);
                let want = if inverse { all.get(1) } else { all.first() };
                return match want {
                    Some(n) if list.contains(n) => Ok(n.clone()),
                    Some(_) => Err(bad(
                        "its continued fraction has a partial quotient above 16 or more than 24 terms in a part",
                    )),
                    None => Err(bad("1/alpha gives the same numeration as frac(alpha) here: use frac:")),
                };
            }
        }
        if t.starts_with("msd_") {
            return Numeration::from_walnut_name(t)
                .ok_or_else(|| bad("not a Walnut name prove writes"));
        }
        if let Some(rest) = t.strip_prefix("ost:") {
            let (pre, per) = rest
                .split_once(';')
                .ok_or_else(|| bad("write the preperiod and the period separated by `;`"))?;
            let list = |s: &str| -> Result<Vec<u64>, NumerationError> {
                s.split(',')
                    .map(|a| {
                        a.trim()
                            .parse::<u64>()
                            .map_err(|_| bad("a partial quotient is not a whole number"))
                    })
                    .collect()
            };
            let pre = list(pre)?;
            let period = list(per)?;
            Self::check_ostrowski(&pre, &period).map_err(bad)?;
            return Ok(Numeration::ostrowski(pre, period));
        }
        Err(bad("unknown form"))
    }
    /// Walnut's name of the number system (`msd_2`, `msd_fib`, ...).
    pub fn walnut_name(&self) -> String {
        match self {
            Numeration::Base(k) => format!("msd_{k}"),
            Numeration::Ostrowski { name, .. } => format!("msd_{name}"),
            Numeration::Fraenkel { s, t } => format!("msd_fs{s}t{t}"),
        }
    }
    /// The Walnut command that creates the number system, if it is not built in.
    pub fn walnut_definition(&self) -> Option<String> {
        match self {
            Numeration::Base(_) | Numeration::Fraenkel { .. } => None,
            Numeration::Ostrowski { name, pre, period } => {
                let j = |v: &[u64]| {
                    v.iter()
                        .map(|a| a.to_string())
                        .collect::<Vec<_>>()
                        .join(" ")
                };
                Some(format!("ost {name} [{}] [{}];", j(pre), j(period)))
            }
        }
    }
    /// A human description: `base 2`, `Zeckendorf`, `Ostrowski [0; 2, (1)]`.
    pub fn describe(&self) -> String {
        match self {
            Numeration::Base(k) => format!("base {k}"),
            Numeration::Fraenkel { s, t } => {
                format!("Fraenkel's numeration for s = {s}, t = {t}")
            }
            Numeration::Ostrowski { name, .. } if name == "fib" => "Zeckendorf".into(),
            Numeration::Ostrowski { pre, period, .. } => {
                let tail: Vec<String> = pre[1..].iter().map(|a| a.to_string()).collect();
                let per: Vec<String> = period.iter().map(|a| a.to_string()).collect();
                let mut s = format!("Ostrowski [{};", pre[0]);
                if !tail.is_empty() {
                    s.push(' ');
                    s.push_str(&tail.join(", "));
                    s.push(',');
                }
                s.push_str(&format!(" ({})]", per.join(", ")));
                s
            }
        }
    }
    /// The partial quotient `a_i` (`i >= 1`) of an Ostrowski numeration.
    fn partial_quotient(pre: &[u64], period: &[u64], i: usize) -> u64 {
        if i < pre.len() {
            pre[i]
        } else {
            period[(i - pre.len()) % period.len()]
        }
    }
    /// The largest digit.
    pub fn max_digit(&self) -> u32 {
        match self {
            Numeration::Base(k) => k - 1,
            Numeration::Fraenkel { s, t } => (s + t - 1) as u32,
            Numeration::Ostrowski { pre, period, .. } => {
                pre[1..].iter().chain(period).copied().max().unwrap_or(1) as u32
            }
        }
    }
    /// The number of digits (`max_digit + 1`).
    pub fn radix(&self) -> usize {
        self.max_digit() as usize + 1
    }
    /// The place values `w_0 = 1 < w_1 < ...`, as long as they stay at most
    /// `limit` (and one more, the first above it). Ostrowski: `q_0 = 1`,
    /// `q_1 = a_1`, `q_{n+1} = a_{n+1} q_n + q_{n-1}`; with `a_1 = 1` the
    /// duplicate `q_0 = q_1` is dropped, as Walnut does.
    pub fn weights_natural(&self, limit: &Natural) -> Vec<Natural> {
        let mut w: Vec<Natural> = Vec::new();
        match self {
            Numeration::Base(k) => {
                let mut x = Natural::ONE;
                loop {
                    let stop = &x > limit;
                    w.push(x.clone());
                    if stop {
                        break;
                    }
                    x *= Natural::from(*k);
                }
            }
            Numeration::Fraenkel { s, t } => {
                let (c, s) = (Natural::from(s + t - 1), Natural::from(*s));
                let mut prev = Natural::ONE;
                let mut cur = &s + Natural::from(*t);
                w.push(Natural::ONE);
                while w.last().is_some_and(|x| x <= limit) {
                    w.push(cur.clone());
                    let next = &c * &cur + &s * &prev;
                    prev = std::mem::replace(&mut cur, next);
                }
            }
            Numeration::Ostrowski { pre, period, .. } => {
                let a = |i: usize| Natural::from(Self::partial_quotient(pre, period, i));
                let mut q_prev = Natural::ONE; // q_0
                let mut q = a(1); // q_1
                let mut i = 1;
                w.push(Natural::ONE);
                if q == Natural::ONE {
                    // a_1 = 1: q_1 = q_0, drop the duplicate
                } else {
                    w.push(q.clone());
                }
                loop {
                    if w.last().is_some_and(|x| x > limit) {
                        break;
                    }
                    let next = a(i + 1) * &q + &q_prev;
                    q_prev = std::mem::replace(&mut q, next);
                    i += 1;
                    w.push(q.clone());
                }
            }
        }
        w
    }
    /// The place values as `u64`, up to the first above `limit`.
    pub fn weights(&self, limit: u64) -> Vec<u64> {
        self.weights_natural(&Natural::from(limit))
            .iter()
            .map(|x| u64::try_from(x).expect("weights near a u64 limit"))
            .collect()
    }
    /// The canonical (greedy) representation of `n`, most significant digit
    /// first, without leading zeros (`[]` for 0).
    pub fn represent(&self, n: &Natural) -> Vec<u32> {
        if *n == Natural::ZERO {
            return Vec::new();
        }
        let w = self.weights_natural(n);
        // w.last() > n: the top digit sits at the place just below
        let mut rest = n.clone();
        let mut out = Vec::new();
        for place in w[..w.len() - 1].iter().rev() {
            let mut d = 0u32;
            while &rest >= place {
                rest -= place;
                d += 1;
            }
            out.push(d);
        }
        while out.first() == Some(&0) {
            out.remove(0);
        }
        out
    }
    /// The value of a digit string (msd first), canonical or not.
    pub fn value(&self, digits: &[u32]) -> Natural {
        let w = self.weights_natural_len(digits.len());
        let mut v = Natural::ZERO;
        for (i, &d) in digits.iter().rev().enumerate() {
            v += Natural::from(d) * &w[i];
        }
        v
    }
    fn weights_natural_len(&self, len: usize) -> Vec<Natural> {
        let mut limit = Natural::ONE;
        loop {
            let w = self.weights_natural(&limit);
            if w.len() > len {
                return w;
            }
            limit *= Natural::from(16u32);
        }
    }
}

/// Tables of a numeration on `0..size` for the automaton guesser: for each `n`,
/// the canonical representation's last digit and the value of the rest (`head`),
/// and `shift(n)`, the value of `n`'s representation with a 0 appended.
#[derive(Clone, Debug)]
pub struct Tables {
    pub weights: Vec<u64>,
    pub last: Vec<u32>,
    pub head: Vec<u32>,
    pub shift: Vec<u32>,
    pub radix: usize,
}

impl Tables {
    /// Tables for every `n < size` (`size <= 2^31`).
    pub fn new(num: &Numeration, size: u64) -> Tables {
        assert!(size <= 1 << 31);
        let weights = num.weights(size.max(2));
        let mut last = vec![0u32; size as usize];
        let mut head = vec![0u32; size as usize];
        let mut shift = vec![0u32; size as usize];
        let mut digits = Vec::new();
        for n in 0..size {
            // greedy, msd first, in place values
            digits.clear();
            let mut rest = n;
            for &w in weights.iter().rev() {
                if w > n && digits.is_empty() {
                    continue;
                }
                digits.push((rest / w) as u32);
                rest %= w;
            }
            let k = digits.len();
            let (mut h, mut s) = (0u64, 0u64);
            for (i, &d) in digits.iter().enumerate() {
                let place = k - 1 - i;
                if place >= 1 {
                    h += d as u64 * weights[place - 1];
                }
                s += d as u64 * weights.get(place + 1).copied().unwrap_or(u64::MAX / 4);
            }
            last[n as usize] = digits.last().copied().unwrap_or(0);
            head[n as usize] = h as u32;
            shift[n as usize] = s.min(u32::MAX as u64) as u32;
        }
        Tables {
            weights,
            last,
            head,
            shift,
            radix: num.radix(),
        }
    }
    /// The child of `x` under digit `a` (the value of `rep(x) a`), when that word
    /// is canonical and its value below the table size.
    #[inline]
    pub fn child(&self, x: u32, a: u32) -> Option<u32> {
        let v = self.shift[x as usize] as u64 + a as u64;
        if v >= self.last.len() as u64 {
            return None;
        }
        let v = v as u32;
        if self.last[v as usize] == a && self.head[v as usize] == x {
            Some(v)
        } else {
            None
        }
    }
    /// The canonical representation of `n` padded with zeros to `len` digits.
    pub fn digits(&self, n: u32, len: usize) -> Vec<u32> {
        let mut out = vec![0u32; len];
        let mut x = n;
        let mut i = len;
        while x > 0 {
            i -= 1;
            out[i] = self.last[x as usize];
            x = self.head[x as usize];
        }
        out
    }
    /// The number of digits of `n`'s canonical representation.
    pub fn len_of(&self, n: u32) -> usize {
        let mut x = n;
        let mut k = 0;
        while x > 0 {
            k += 1;
            x = self.head[x as usize];
        }
        k
    }
}

/// The continued fraction of the quadratic irrational `(p + sqrt d) / q`
/// (`d` not a square, `q != 0`), exactly: `(preperiod, period)`, `a_0` first.
/// Returns `None` when `d` is a perfect square or the numbers are too large.
pub fn continued_fraction(p: i64, d: u64, q: i64) -> Option<(Vec<u64>, Vec<u64>)> {
    let s = (d as u128).isqrt() as i128;
    if (s * s) as u128 == d as u128 || q == 0 {
        return None;
    }
    // normalise so that q | d - p^2: multiply through by |q|
    let (mut pp, mut dd, mut qq) = (p as i128, d as i128, q as i128);
    if (dd - pp * pp) % qq != 0 {
        let a = qq.abs();
        pp *= a;
        qq *= a;
        dd = dd.checked_mul(a)?.checked_mul(a)?;
    }
    let sd = (dd as u128).isqrt() as i128;
    let mut seen: std::collections::HashMap<(i128, i128), usize> = std::collections::HashMap::new();
    let mut terms: Vec<u64> = Vec::new();
    loop {
        if let Some(&i) = seen.get(&(pp, qq)) {
            let mut period = terms[i..].to_vec();
            let mut pre = terms[..i].to_vec();
            if pre.is_empty() {
                // keep a_0 in the preperiod
                pre.push(period[0]);
                period.rotate_left(1);
            }
            return Some((pre, period));
        }
        seen.insert((pp, qq), terms.len());
        // a = floor((pp + sqrt dd) / qq)
        let a = if qq > 0 {
            (pp + sd).div_euclid(qq)
        } else {
            // (pp + sqrt dd)/qq with qq < 0: floor = floor((-pp - sqrt dd)/(-qq)),
            // and floor(-(pp + sqrt dd)) = -pp - sd - 1 (sqrt dd irrational)
            (-pp - sd - 1).div_euclid(-qq)
        };
        if a < 0 && !terms.is_empty() {
            return None;
        }
        terms.push(u64::try_from(a).ok()?);
        if terms.len() > 10_000 {
            return None;
        }
        pp = a * qq - pp;
        qq = (dd - pp * pp) / qq;
    }
}

/// The continued fractions of the closed forms of the papers: `phi`, `phi_m =
/// (2 - m + sqrt(m^2 + 4)) / 2`, and `phi_{mp} / p`.
pub fn phi_m(m: u64) -> Option<(Vec<u64>, Vec<u64>)> {
    continued_fraction(2 - m as i64, m * m + 4, 2)
}

/// `phi_{mp} / p = (2 - mp + sqrt((mp)^2 + 4)) / (2p)`.
pub fn phi_mp_over_p(m: u64, p: u64) -> Option<(Vec<u64>, Vec<u64>)> {
    let mp = m.checked_mul(p)?;
    continued_fraction(
        2 - mp as i64,
        mp.checked_mul(mp)?.checked_add(4)?,
        2 * p as i64,
    )
}

/// The two Ostrowski numerations a Beatty law `floor(n alpha)` suggests, for
/// `alpha` with continued fraction `(pre, period)`: of `frac(alpha)` and of
/// `1/alpha` (when `alpha > 1`).
pub fn beatty_numerations(pre: &[u64], period: &[u64]) -> Vec<Numeration> {
    let mut out = Vec::new();
    // frac(alpha) = [0; a_1, a_2, ...]
    let mut p0 = vec![0u64];
    p0.extend_from_slice(&pre[1..]);
    out.push(Numeration::ostrowski(p0, period.to_vec()));
    if pre[0] >= 1 {
        // 1/alpha = [0; a_0, a_1, ...]
        let mut p1 = vec![0u64];
        p1.extend_from_slice(pre);
        let n = Numeration::ostrowski(p1, period.to_vec());
        if !out.contains(&n) {
            out.push(n);
        }
    }
    out.iter_mut().for_each(|n| simplify(n));
    let mut uniq: Vec<Numeration> = Vec::new();
    for n in out {
        if !uniq.contains(&n) {
            uniq.push(n);
        }
    }
    uniq
}

/// Fold the end of the preperiod into the period where it repeats
/// (`[0; 1, 1, (1)]` -> `[0; (1)]`).
fn simplify(n: &mut Numeration) {
    if let Numeration::Ostrowski { pre, period, .. } = n {
        let (mut pre2, mut per2) = (pre.clone(), period.clone());
        while pre2.len() > 1 && pre2.last() == per2.last() {
            let a = pre2.pop().unwrap();
            per2.pop();
            per2.insert(0, a);
        }
        *n = Numeration::ostrowski(pre2, per2);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn zeckendorf_and_sqrt2() {
        let z = Numeration::zeckendorf();
        assert_eq!(z.weights(20), vec![1, 2, 3, 5, 8, 13, 21]);
        assert_eq!(z.represent(&Natural::from(2u32)), vec![1, 0]);
        assert_eq!(z.represent(&Natural::from(12u32)), vec![1, 0, 1, 0, 1]);
        let s2 = Numeration::parse("ost:0;2").unwrap();
        assert_eq!(s2.walnut_definition().unwrap(), "ost op2 [0] [2];");
        assert_eq!(s2.weights(30), vec![1, 2, 5, 12, 29, 70]);
        assert_eq!(s2.represent(&Natural::from(11u32)), vec![2, 0, 1]);
        let fr = Numeration::parse("fraenkel:2,1").unwrap();
        assert_eq!(fr.walnut_name(), "msd_fs2t1");
        assert_eq!(fr.weights(60), vec![1, 3, 8, 22, 60, 164]);
        assert_eq!(fr.max_digit(), 2);
        assert_eq!(fr.represent(&Natural::from(7u32)), vec![2, 1]);
        assert_eq!(
            Numeration::Base(2).represent(&Natural::from(6u32)),
            vec![1, 1, 0]
        );
    }

    #[test]
    fn tables_agree_with_greedy() {
        for num in [
            Numeration::Base(2),
            Numeration::Base(3),
            Numeration::zeckendorf(),
            Numeration::parse("ost:0,2;1").unwrap(),
            Numeration::parse("ost:0,1;3").unwrap(),
            Numeration::parse("fraenkel:2,1").unwrap(),
            Numeration::parse("fraenkel:3,2").unwrap(),
        ] {
            let t = Tables::new(&num, 500);
            for n in 0..500u32 {
                let d = num.represent(&Natural::from(n));
                assert_eq!(t.digits(n, d.len()), d, "{num} {n}");
                assert_eq!(num.value(&d), Natural::from(n));
                if !d.is_empty() {
                    let mut hd = d.clone();
                    hd.pop();
                    assert_eq!(num.value(&hd), Natural::from(t.head[n as usize]));
                }
                // the child relation is exactly "append a digit, still canonical"
                for a in 0..num.radix() as u32 {
                    let mut w = d.clone();
                    w.push(a);
                    let v = num.value(&w);
                    let canon = num.represent(&v)
                        == w.iter()
                            .copied()
                            .skip_while(|&x| x == 0)
                            .collect::<Vec<_>>();
                    let expect = if canon && v < Natural::from(500u32) {
                        Some(u32::try_from(&v).unwrap())
                    } else {
                        None
                    };
                    assert_eq!(t.child(n, a), expect, "{num} {n} {a}");
                }
            }
        }
    }

    #[test]
    fn continued_fractions_of_closed_forms() {
        // phi = [1; (1)], sqrt 2 = [1; (2)], phi_2 = sqrt 2 = [1; (2)]
        assert_eq!(continued_fraction(1, 5, 2), Some((vec![1], vec![1])));
        assert_eq!(phi_m(1), Some((vec![1], vec![1])));
        assert_eq!(phi_m(2), Some((vec![1], vec![2])));
        // phi_3 = (-1 + sqrt 13)/2 = 1.30277... = [1; (3)]
        assert_eq!(phi_m(3), Some((vec![1], vec![3])));
        // phi_{2*3}/3 with m = 2, p = 3: (2 - 6 + sqrt 40)/6 = 0.38743... = [0; 2, (1, 1, 2, 1, 1, 2)]?
        let (pre, per) = phi_mp_over_p(2, 3).unwrap();
        assert_eq!(pre[0], 0);
        // check against a float: the convergents approach the value
        let x = (-4.0 + 40f64.sqrt()) / 6.0;
        let mut terms = pre.clone();
        while terms.len() < 40 {
            terms.extend_from_slice(&per);
        }
        let mut v = 0.0f64;
        for &a in terms[..40].iter().rev() {
            v = if v == 0.0 {
                a as f64
            } else {
                a as f64 + 1.0 / v
            };
        }
        assert!((v - x).abs() < 1e-6, "{v} {x}");
        assert_eq!(continued_fraction(0, 4, 1), None);
    }

    /// The numerations of derived slopes: `frac:` and `inv:` of `(P + sqrt D) / Q`,
    /// long names for quotients above 9, Walnut names read back, bounds refused.
    #[test]
    fn numerations_of_derived_slopes() {
        // k = 5: (2 + sqrt 29) / 5 = [1; (2, 10, 2, 1, 1)]
        let f = Numeration::parse("frac:(2+sqrt29)/5").unwrap();
        assert_eq!(f, Numeration::ostrowski(vec![0], vec![2, 10, 2, 1, 1]));
        assert_eq!(f.walnut_name(), "msd_oxp2_10_2_1_1");
        assert_eq!(
            f.walnut_definition().unwrap(),
            "ost oxp2_10_2_1_1 [0] [2 10 2 1 1];"
        );
        assert_eq!(Numeration::parse("msd_oxp2_10_2_1_1").unwrap(), f);
        assert_eq!(Numeration::parse(" frac: ( 2 + sqrt 29 ) / 5 ").unwrap(), f);
        // 1 / alpha = [0; 1, 2, 10, 2, 1, 1, ...] = [0; (1, 2, 10, 2, 1)]
        let i = Numeration::parse("inv:(2+sqrt29)/5").unwrap();
        assert_eq!(i, Numeration::ostrowski(vec![0], vec![1, 2, 10, 2, 1]));
        // 1 + sqrt 2: frac and 1/alpha are both [0; (2)], named as before
        assert_eq!(
            Numeration::parse("frac:1+sqrt2").unwrap().walnut_name(),
            "msd_op2"
        );
        assert!(Numeration::parse("inv:1+sqrt2").is_err());
        // the old short names still read back (shipped proofs use msd_o1p2)
        assert_eq!(
            Numeration::parse("msd_o1p2").unwrap(),
            Numeration::ostrowski(vec![0, 1], vec![2])
        );
        assert_eq!(Numeration::parse("msd_2").unwrap(), Numeration::Base(2));
        for bad in [
            "frac:(1+sqrt4)/1",      // a square: rational
            "frac:(0+sqrt2)/2",      // below 1
            "frac:2+sqrtx",          // not a number
            "frac:(17+sqrt4514)/65", // a partial quotient 134
            "msd_oxp2_0",            // a zero quotient
            "msd_o1",                // no period
            "ost:0;17",              // above 16
        ] {
            let e = Numeration::parse(bad).unwrap_err();
            assert!(e.0.contains("allowed:"), "{bad}: {e}");
        }
        // the weights of a quotient above 9 (q_(n+1) = a_(n+1) q_n + q_(n-1))
        assert_eq!(f.weights(1000), vec![1, 2, 21, 44, 65, 109, 283, 2939]);
    }

    #[test]
    fn beatty_candidates() {
        let (pre, per) = phi_m(3).unwrap();
        let c = beatty_numerations(&pre, &per);
        assert_eq!(c[0], Numeration::ostrowski(vec![0], vec![3]));
        assert_eq!(c[1], Numeration::ostrowski(vec![0, 1], vec![3]));
        let (pre, per) = phi_m(1).unwrap();
        assert_eq!(
            beatty_numerations(&pre, &per),
            vec![Numeration::zeckendorf()]
        );
    }
}
