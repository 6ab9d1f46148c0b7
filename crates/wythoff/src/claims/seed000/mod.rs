//! Seed 000 (Larsson, "Restrictions of m-Wythoff Nim and p-complementary
//! Beatty sequences"): the statements that `claims::oracle` and
//! `claims::general` do not check. Sequences come from exact integer
//! arithmetic ([`crate::claims::quadratic`], [`crate::oracle::beatty`]); games from the
//! general solvers. Every check compares two computations; none compares
//! against a stored answer except the printed tables (the print is the claim).

use crate::catalogue::parse_game;
use crate::claims::general::{first_difference, pairs_of, table};
use crate::claims::quadratic::Quad;
use crate::claims::{Claim, ClaimReport, VerifyConfig};
use crate::oracle::beatty::Beatty;
use crate::rules::Convention;
use crate::solve;

mod printed;
use printed::{appendix, examples_1_5, figures, remark_5, tables};

const R: fn(&str, &str, &str, String, Option<String>) -> ClaimReport = ClaimReport::new;

/// The claims of this module, for [`crate::claims::verify::registry`].
pub fn claims() -> Vec<Claim> {
    const SEQ: &[&str] = &[
        "roob-blocking",
        "modulo-rook",
        "shifted",
        "choose-shift",
        "connell",
    ];
    vec![
        Claim {
            id: "s000-thm-3.1",
            games: SEQ,
            source: "seed 000, Theorem 3.1 (O'Bryant)",
            scope: "p in 1..=6; 10 quadratic pairs alpha = (2 - a p + sqrt(a^2 p^2 + 4)) / (2p), beta = alpha + a (a in 1/3..5) and 6 rational pairs; values < clamp(terms/20, 500, 10^7) (default 5000)",
            run: theorem_3_1,
        },
        Claim {
            id: "s000-prop-3.2",
            games: SEQ,
            source: "seed 000, Proposition 3.2",
            scope: "p in 2..=6, every l < p, the irrational pairs of s000-thm-3.1, values < clamp(terms/20, 500, 10^7)",
            run: proposition_3_2,
        },
        Claim {
            id: "s000-lemma-3.3-iii-iv",
            games: SEQ,
            source: "seed 000, Lemma 3.3 (iii), (iv)",
            scope: "m, p in 1..=6, every n < terms (default 100000)",
            run: lemma_3_3_iii_iv,
        },
        Claim {
            id: "s000-thm-4.1",
            games: SEQ,
            source: "seed 000, Theorem 4.1 (uniqueness)",
            scope: "m, p in 1..=5, every prefix of length clamp(terms/50, 200, 20000) (default 2000)",
            run: theorem_4_1,
        },
        Claim {
            id: "s000-remark-4",
            games: &["m-wythoff", "wythoff"],
            source: "seed 000, Remark 4",
            scope: "p = 1, m in 1..=6, every n < terms (default 100000)",
            run: remark_4,
        },
        Claim {
            id: "s000-remark-5",
            games: &["roob-blocking", "corner", "shifted", "m-wythoff", "wythoff"],
            source: "seed 000, Remark 5",
            scope: "m, p in 1..=3 (corners m p <= 4), board clamp(N/2, 20, 400) (default 100)",
            run: remark_5,
        },
        Claim {
            id: "s000-appendix",
            games: SEQ,
            source: "seed 000, Appendix (Fraenkel): Theorem 1, Remarks (i), (ii)",
            scope: "p in 1..=6, a in 10 rationals 1/3..5 with a^2 p^2 + 4 not a square, values < clamp(terms/20, 500, 10^7)",
            run: appendix,
        },
        Claim {
            id: "s000-examples-1-5",
            games: &["roob-blocking", "modulo-rook"],
            source: "seed 000, Examples 1-5",
            scope: "the cells the examples name; 'for all y' statements for y < N (default 200); the comparison of Examples 1-3 on the N x N board",
            run: examples_1_5,
        },
        Claim {
            id: "s000-figures",
            games: &["connell", "m-wythoff", "roob-blocking", "modulo-rook", "choose-shift"],
            source: "seed 000, Figures 1 and 2",
            scope: "rows, columns and diagonals below max(N, 240)/12 on the max(N, 240) board (default 20 on 240)",
            run: figures,
        },
        Claim {
            id: "s000-tables",
            games: &["connell", "roob-blocking", "modulo-rook"],
            source: "seed 000, Tables 1-4",
            scope: "Tables 1, 2 as printed (n = 0..16); Tables 3, 4: the first pairs on the N x N board (default 200)",
            run: tables,
        },
    ]
}

/// The range of values for the general Beatty checks.
fn value_range(cfg: &VerifyConfig) -> i128 {
    (cfg.terms / 20).clamp(500, 10_000_000) as i128
}

/// The rationals `a = u / w` of the quadratic families.
const A_LIST: &[(i128, i128)] = &[
    (1, 3),
    (1, 2),
    (2, 3),
    (1, 1),
    (3, 2),
    (2, 1),
    (5, 2),
    (3, 1),
    (7, 3),
    (5, 1),
];

/// `alpha = (2 - a p + sqrt(a^2 p^2 + 4)) / (2p)` and `beta = alpha + a` for
/// `a = u / w` (so `1/alpha + 1/beta = p`, `alpha < beta`; Fraenkel's appendix),
/// and `D = u^2 p^2 + 4 w^2`. Rational exactly when `D` is a square.
fn quad_pair(p: i128, u: i128, w: i128) -> (Quad, Quad, u128) {
    let d = (u * u * p * p + 4 * w * w) as u128;
    let q = 2 * p * w;
    (
        Quad::new(2 * w - u * p, 1, d, q),
        Quad::new(2 * w + u * p, 1, d, q),
        d,
    )
}

/// Rational pairs `alpha = u / (w p)`, `beta = u / ((u - w) p)`, `w < u < 2w`.
const RATIONAL: &[(i128, i128)] = &[(3, 2), (4, 3), (5, 3), (5, 4), (7, 4), (7, 5)];

/// The pairs of Theorem 3.1's hypothesis for `p`: (label, alpha, beta).
fn pairs_for(p: i128) -> Vec<(String, Quad, Quad)> {
    let mut out = Vec::new();
    for &(u, w) in A_LIST {
        let (al, be, d) = quad_pair(p, u, w);
        out.push((format!("p={p}, a={u}/{w} (D={d})"), al, be));
    }
    for &(u, w) in RATIONAL {
        out.push((
            format!("p={p}, alpha={u}/{}", w * p),
            Quad::rational(u, w * p),
            Quad::rational(u, (u - w) * p),
        ));
    }
    out
}

/// `#{i in from.. : floor(i x) = v}` added into `count[v]` for every `v < count.len()`,
/// over the indices `i = step k + offset`, `k >= k0`.
fn add_counts(count: &mut [u32], x: &Quad, step: i128, offset: i128, k0: i128) {
    let lim = count.len() as i128;
    let mut k = k0;
    loop {
        let v = x.floor_mul(step * k + offset);
        if v >= lim {
            break;
        }
        if v >= 0 {
            count[v as usize] += 1;
        }
        k += 1;
    }
}

/// Theorem 3.1: for `0 < alpha < beta` with `1/alpha + 1/beta = p`,
/// `(floor(i alpha))_{i >= 0}` and `(floor(i beta))_{i > 0}` are p-complementary
/// on `Z>=0` iff alpha, beta are irrational. Both directions: every irrational
/// pair gives exactly `p` of each value below the range; every rational pair has
/// a value that occurs a different number of times (found and named).
fn theorem_3_1(cfg: &VerifyConfig, progress: &mut dyn FnMut(u64, u64)) -> Vec<ClaimReport> {
    let v = value_range(cfg);
    let (mut irr_bad, mut rat_bad) = (None, None);
    let (mut n_irr, mut n_rat) = (0, 0);
    let mut first_refutations = Vec::new();
    for p in 1..=6i128 {
        progress(p as u64 - 1, 6);
        for (label, al, be) in pairs_for(p) {
            let mut count = vec![0u32; v as usize];
            add_counts(&mut count, &al, 1, 0, 0);
            add_counts(&mut count, &be, 1, 0, 1);
            let bad = count.iter().position(|&c| c as i128 != p);
            if al.is_irrational() {
                n_irr += 1;
                if let Some(x) = bad {
                    irr_bad.get_or_insert(format!(
                        "{label}: irrational, but the value {x} occurs {} times, not p",
                        count[x]
                    ));
                }
            } else {
                n_rat += 1;
                match bad {
                    Some(x) if first_refutations.len() < 3 => {
                        first_refutations.push(format!("{label}: {x} occurs {} times", count[x]))
                    }
                    Some(_) => {}
                    None => {
                        rat_bad.get_or_insert(format!(
                            "{label}: rational, yet p-complementary on every value below {v}"
                        ));
                    }
                }
            }
        }
    }
    vec![
        R(
            "seed 000, Theorem 3.1 (O'Bryant), if",
            "general homogeneous Beatty pairs",
            &format!("{n_irr} irrational pairs: each value occurs exactly p times in floor(i alpha) (i >= 0) and floor(i beta) (i > 0)"),
            format!("p in 1..=6, values < {v}"),
            irr_bad,
        ),
        R(
            "seed 000, Theorem 3.1 (O'Bryant), only if",
            "general homogeneous Beatty pairs",
            &format!(
                "{n_rat} rational pairs: some value does not occur p times (e.g. {})",
                first_refutations.join("; ")
            ),
            format!("p in 1..=6, values < {v}"),
            rat_bad,
        ),
    ]
}

/// Proposition 3.2: for `p >= 2` and every `0 <= l < p`, `(x_{pi+l})_{i >= 0}`
/// and `(y_{pi-l})_{i > 0}` are complementary (each value exactly once).
fn proposition_3_2(cfg: &VerifyConfig, progress: &mut dyn FnMut(u64, u64)) -> Vec<ClaimReport> {
    let v = value_range(cfg);
    let mut bad = None;
    let mut n = 0;
    for p in 2..=6i128 {
        progress(p as u64 - 2, 5);
        for (label, al, be) in pairs_for(p) {
            if !al.is_irrational() {
                continue;
            }
            for l in 0..p {
                n += 1;
                let mut count = vec![0u32; v as usize];
                add_counts(&mut count, &al, p, l, 0);
                add_counts(&mut count, &be, p, -l, 1);
                if let Some(x) = count.iter().position(|&c| c != 1) {
                    bad.get_or_insert(format!(
                        "{label}, l={l}: the value {x} occurs {} times in x_(pi+l), y_(pi-l)",
                        count[x]
                    ));
                }
            }
        }
    }
    vec![R(
        "seed 000, Proposition 3.2",
        "general homogeneous Beatty pairs",
        &format!("{n} pairs (p, alpha, l): each value exactly once in (x_(pi+l))_(i>=0) and (y_(pi-l))_(i>0)"),
        format!("p in 2..=6, values < {v}"),
        bad,
    )]
}

/// Lemma 3.3 (iii), (iv): the steps of `a` and `b`.
fn lemma_3_3_iii_iv(cfg: &VerifyConfig, progress: &mut dyn FnMut(u64, u64)) -> Vec<ClaimReport> {
    let terms = cfg.terms.max(10);
    let (mut bad3, mut bad4) = (None, None);
    let mut both_seen = true;
    for m in 1..=6u64 {
        progress(m - 1, 6);
        for p in 1..=6u64 {
            let Some(pairs) = Beatty::new(m, p).pairs_u64(terms) else {
                bad4.get_or_insert(format!("m={m}, p={p}: terms do not fit"));
                continue;
            };
            let (lo, hi) = if p == 1 { (1, 2) } else { (0, 1) };
            let mut seen = [false; 2];
            for n in 0..pairs.len() - 1 {
                let (da, db) = (pairs[n + 1].0 - pairs[n].0, pairs[n + 1].1 - pairs[n].1);
                let ok = (da == lo && db == m + lo) || (da == hi && db == m + hi);
                if ok {
                    seen[(da - lo) as usize] = true;
                } else {
                    let slot = if p == 1 { &mut bad3 } else { &mut bad4 };
                    slot.get_or_insert(format!(
                        "m={m}, p={p}, n={n}: a_(n+1) - a_n = {da}, b_(n+1) - b_n = {db}"
                    ));
                }
            }
            both_seen &= seen[0] && seen[1];
        }
    }
    if !both_seen {
        bad4.get_or_insert("some (m, p) never shows one of the two cases".into());
    }
    let range = format!("m, p in 1..=6, n < {terms}");
    vec![
        R(
            "seed 000, Lemma 3.3 (iii)",
            "seed 000 Beatty pairs, p = 1",
            "(a_(n+1) - a_n, b_(n+1) - b_n) in {(1, m+1), (2, m+2)}",
            range.clone(),
            bad3,
        ),
        R(
            "seed 000, Lemma 3.3 (iv)",
            "seed 000 Beatty pairs, p > 1",
            "(a_(n+1) - a_n, b_(n+1) - b_n) in {(0, m), (1, m+1)}, both cases occurring",
            range,
            bad4,
        ),
    ]
}

/// Theorem 4.1: every pair of non-decreasing sequences `x`, `y` with `x` and
/// `y_(>0)` p-complementary and `y_n - x_n = m n` is `(a, b)`. Checked by an
/// exhaustive depth-first search over all prefixes `x_0..x_(N-1)` with
/// `x_n` in `[x_(n-1), w + 1]` (`w` the least value not yet seen p times; a
/// larger `x_n` would leave `w` short for ever), keeping the prefixes that do not
/// yet violate p-complementarity: no value more than `p` times, and every value
/// below `x_n` exactly `p` times (no later term can equal it: later `x` are
/// `>= x_n`, later `y_j = x_j + m j > x_n`). The search must find exactly one
/// prefix of length N, equal to `(a_n, b_n)`.
fn theorem_4_1(cfg: &VerifyConfig, progress: &mut dyn FnMut(u64, u64)) -> Vec<ClaimReport> {
    let len = (cfg.terms / 50).clamp(200, 20_000) as usize;
    let mut bad = None;
    let mut nodes = 0u64;
    for m in 1..=5u64 {
        progress(m - 1, 5);
        for p in 1..=5u64 {
            let (found, visited) = search_4_1(m, p, len);
            nodes += visited;
            let want = Beatty::new(m, p).pairs_u64(len as u64).expect("fits");
            let msg = match found.len() {
                0 => Some(format!(
                    "m={m}, p={p}: no sequence pair of length {len} satisfies (i)"
                )),
                1 => (0..len).find(|&n| found[0][n] != want[n].0).map(|n| {
                    format!(
                        "m={m}, p={p}: the pair found has x_{n} = {}, a_{n} = {}",
                        found[0][n], want[n].0
                    )
                }),
                _ => Some(format!(
                    "m={m}, p={p}: two different sequence pairs of length {len} satisfy (i)"
                )),
            };
            if let Some(m) = msg {
                bad.get_or_insert(m);
            }
        }
    }
    vec![R(
        "seed 000, Theorem 4.1",
        "seed 000 Beatty pairs",
        &format!("exhaustive search ({nodes} nodes): exactly one prefix pair satisfies (i), and it is (a_n, b_n) (ii)"),
        format!("m, p in 1..=5, prefixes of length {len}"),
        bad,
    )]
}

/// The prefixes (at most two) of length `len` found by the search of
/// [`theorem_4_1`], and the number of nodes visited.
fn search_4_1(m: u64, p: u64, len: usize) -> (Vec<Vec<u64>>, u64) {
    let size = len * (m as usize + 2) + 8;
    let mut count = vec![0u64; size];
    let mut xs: Vec<u64> = Vec::with_capacity(len);
    // per level: (next candidate, last candidate)
    let mut stack: Vec<(u64, u64)> = vec![(0, 1)];
    let mut found = Vec::new();
    let mut visited = 0u64;
    while !stack.is_empty() {
        let n = stack.len() - 1;
        if xs.len() > n {
            // undo the previous candidate of this level
            let x = xs.pop().expect("level value");
            count[x as usize] -= 1;
            if n > 0 {
                count[(x + m * n as u64) as usize] -= 1;
            }
        }
        let top = &mut stack[n];
        if top.0 > top.1 {
            stack.pop();
            continue;
        }
        let v = top.0;
        top.0 += 1;
        visited += 1;
        let prev = xs.last().copied().unwrap_or(0);
        let y = v + m * n as u64;
        let ok = count[v as usize] < p
            && (prev..v).all(|u| count[u as usize] == p)
            && (n == 0 || count[y as usize] < p);
        if !ok {
            continue;
        }
        xs.push(v);
        count[v as usize] += 1;
        if n > 0 {
            count[y as usize] += 1;
        }
        if xs.len() == len {
            found.push(xs.clone());
            if found.len() >= 2 {
                break;
            }
            continue; // the loop undoes it
        }
        let mut w = v;
        while count[w as usize] >= p {
            w += 1;
        }
        stack.push((v, w + 1));
    }
    (found, visited)
}

/// Remark 4 (p = 1): `x_(y_n) = x_n + y_n`, and `y_n - 1 = x_(y_n - n)` (n > 0),
/// with `x = a`, `y = b` from their closed forms.
fn remark_4(cfg: &VerifyConfig, progress: &mut dyn FnMut(u64, u64)) -> Vec<ClaimReport> {
    let terms = cfg.terms.max(10) as u128;
    let (mut bad1, mut bad2) = (None, None);
    for m in 1..=6u64 {
        progress(m - 1, 6);
        let bt = Beatty::new(m, 1);
        for n in 0..terms {
            let (x, y) = (bt.a_u128(n).unwrap(), bt.b_closed_u128(n).unwrap());
            if bt.a_u128(y).unwrap() != x + y {
                bad1.get_or_insert(format!(
                    "m={m}, n={n}: x_(y_n) = {}, x_n + y_n = {}",
                    bt.a_u128(y).unwrap(),
                    x + y
                ));
            }
            if n > 0 && bt.a_u128(y - n).unwrap() + 1 != y {
                bad2.get_or_insert(format!(
                    "m={m}, n={n}: x_(y_n - n) = {}, y_n - 1 = {}",
                    bt.a_u128(y - n).unwrap(),
                    y - 1
                ));
            }
        }
    }
    let range = format!("m in 1..=6, n < {terms}");
    vec![
        R(
            "seed 000, Remark 4 (first equation)",
            "m-wythoff:m=1..6",
            "x_(y_n) = x_n + y_n with x = a, y = b (closed forms (2), (3), p = 1)",
            range.clone(),
            bad1,
        ),
        R(
            "seed 000, Remark 4 (second equation)",
            "m-wythoff:m=1..6",
            "y_n - 1 = x_(y_n - n), n > 0 (closed forms, p = 1)",
            range,
            bad2,
        ),
    ]
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn claims_pass_on_a_small_run() {
        crate::claims::assert_all_pass(claims(), 60, 4000);
    }

    #[test]
    fn the_uniqueness_search_rejects_a_wrong_prefix_rule() {
        // with p = 2 the search finds exactly the Beatty pair; the pair of p = 1
        // differs from it, so a search that returned it would be caught
        let (found, _) = search_4_1(1, 2, 300);
        assert_eq!(found.len(), 1);
        let want: Vec<u64> = Beatty::new(1, 2)
            .pairs_u64(300)
            .unwrap()
            .iter()
            .map(|p| p.0)
            .collect();
        assert_eq!(found[0], want);
        let other: Vec<u64> = Beatty::new(1, 1)
            .pairs_u64(300)
            .unwrap()
            .iter()
            .map(|p| p.0)
            .collect();
        assert_ne!(found[0], other);
    }

    #[test]
    fn rational_pairs_are_refuted_and_irrational_pass() {
        let mut count = vec![0u32; 300];
        let (al, be, _) = quad_pair(1, 3, 2); // D = 25: alpha = 3/2, beta = 3
        assert!(!al.is_irrational());
        add_counts(&mut count, &al, 1, 0, 0);
        add_counts(&mut count, &be, 1, 0, 1);
        assert!(count.iter().any(|&c| c != 1));
    }
}
