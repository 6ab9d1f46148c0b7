//! The claims of the classical papers and of seeds 000, 001 and 002 about
//! their oracles, each checked by two independent computations (general solver
//! against oracle, closed form against recurrence, or a structural property of
//! the exact sequences). Registered in `claims::verify::registry`.
//!
//! - [`blocking`]: Blocking Wythoff Nim `k = 2, 3` (Larsson 2011) against its oracle.
//! - [`seed003`]: each theorem and corollary of seed 003 against its oracle.
//!
//! The oracles themselves live in `crate::oracle`, which names no claim and no
//! board dispatcher: the checks that run the general solver are here.

pub mod blocking;
pub mod seed003;

use crate::catalogue::parse_game;
use crate::claim::{Claim, ClaimReport, VerifyConfig};
use crate::oracle::beatty::Beatty;
use crate::oracle::classical::modular_pairs;
use crate::rules::Convention;
use crate::sets::gcd;
use crate::solve;
use malachite_nz::natural::Natural;

fn report(
    source: &str,
    game: &str,
    compared: &str,
    range: String,
    first_bad: Option<String>,
) -> ClaimReport {
    ClaimReport {
        source: source.into(),
        game: game.into(),
        compared: compared.into(),
        range,
        passed: first_bad.is_none(),
        detail: first_bad.unwrap_or_default(),
    }
}

/// The general solver against the oracle on the `n x n` board.
pub(crate) fn board_vs_oracle(source: &str, name: &str, n: usize) -> ClaimReport {
    let compared = "general solver vs exact oracle";
    let range = format!("board {n}x{n}");
    let ng = match parse_game(name) {
        Ok(g) => g,
        Err(e) => return report(source, name, compared, range, Some(e.to_string())),
    };
    let Some(o) = crate::oracle::for_game(ng.entry_name, &ng.params, Convention::Normal) else {
        return report(
            source,
            name,
            compared,
            range,
            Some("no oracle for this game".into()),
        );
    };
    let t = match solve::outcomes(&ng.game, n) {
        Ok(t) => t,
        Err(e) => return report(source, name, compared, range, Some(e.to_string())),
    };
    let mut bad = None;
    'outer: for x in 0..n {
        for y in 0..n {
            if !ng.game.on_some_board(x as u64, y as u64) {
                continue;
            }
            let want = t.is_p(x, y);
            match o.is_p(&Natural::from(x as u64), &Natural::from(y as u64)) {
                Ok(got) if got == want => {}
                Ok(got) => {
                    bad = Some(format!(
                        "({x}, {y}): solver {}, oracle {}",
                        if want { "P" } else { "N" },
                        if got { "P" } else { "N" }
                    ));
                    break 'outer;
                }
                Err(e) => {
                    bad = Some(format!("({x}, {y}): oracle error: {e}"));
                    break 'outer;
                }
            }
        }
    }
    report(source, &ng.canonical, compared, range, bad)
}

const MP: u64 = 6;

/// Lemma 3.3 (i), (ii): p-complementarity of `a` and `b_{>0}`, and
/// `b_n - a_n = m n` with `b` from its own closed form `floor(n (phi_k + k)/p)`.
fn lemma_3_3(cfg: &VerifyConfig, progress: &mut dyn FnMut(u64, u64)) -> Vec<ClaimReport> {
    let terms = cfg.terms.max(10);
    let mut out = Vec::new();
    let mut bad_diff = None;
    let mut bad_comp = None;
    for m in 1..=MP {
        progress(m - 1, MP);
        for p in 1..=MP {
            let bt = Beatty::new(m, p);
            let Some(pairs) = bt.pairs_u64(terms) else {
                bad_diff.get_or_insert(format!("m={m}, p={p}: terms do not fit in 64 bits"));
                continue;
            };
            for n in 0..terms {
                // every term on u128; the big-integer form on a sample
                let want = pairs[n as usize].0 as u128 + (m * n) as u128;
                let b = if n % 4096 == 0 {
                    u128::try_from(&bt.b_closed(&Natural::from(n))).ok()
                } else {
                    bt.b_closed_u128(n as u128)
                };
                if b != Some(want) && bad_diff.is_none() {
                    bad_diff = Some(format!(
                        "m={m}, p={p}, n={n}: b_n = {b:?} but a_n + m n = {want}"
                    ));
                }
            }
            // every value below a_last occurs exactly p times among a_n (n >= 0) and b_n (n > 0)
            let limit = pairs.last().unwrap().0 as usize;
            let mut count = vec![0u64; limit];
            for (n, &(a, b)) in pairs.iter().enumerate() {
                if (a as usize) < limit {
                    count[a as usize] += 1;
                }
                if n > 0 && (b as usize) < limit {
                    count[b as usize] += 1;
                }
            }
            if let Some((v, c)) = count.iter().enumerate().find(|(_, &c)| c != p) {
                bad_comp.get_or_insert(format!(
                    "m={m}, p={p}: the value {v} occurs {c} times, not p = {p}"
                ));
            }
        }
    }
    let range = format!("m, p in 1..={MP}, n < {terms}");
    out.push(report(
        "seed 000, Lemma 3.3 (ii)",
        "seed 000 Beatty pairs",
        "b_n from floor(n (phi_mp + mp)/p) vs a_n + m n, every n",
        range.clone(),
        bad_diff,
    ));
    out.push(report(
        "seed 000, Lemma 3.3 (i)",
        "seed 000 Beatty pairs",
        "occurrences of each value in a and b_{>0} vs p",
        format!("{range}, values below a_(n-1)"),
        bad_comp,
    ));
    out
}

/// Theorem 5.1: `a_{phi_n} = b_n - 1` with `phi_n = p b_n - n`, and `phi_n` is the
/// greatest such index (`a_{phi_n + 1} = b_n`).
fn theorem_5_1(cfg: &VerifyConfig, progress: &mut dyn FnMut(u64, u64)) -> Vec<ClaimReport> {
    let terms = cfg.terms.max(10);
    let mut bad = None;
    'outer: for m in 1..=MP {
        progress(m - 1, MP);
        for p in 1..=MP {
            let bt = Beatty::new(m, p);
            for n in 1..terms as u128 {
                let b = bt.a_u128(n).unwrap() + m as u128 * n;
                let phi = p as u128 * b - n;
                let (a0, a1) = (bt.a_u128(phi).unwrap(), bt.a_u128(phi + 1).unwrap());
                // b_n - 1 = a_(phi_n), and phi_n is the greatest such index
                if a0 + 1 != b || a1 < b {
                    bad = Some(format!(
                        "m={m}, p={p}, n={n}: b_n = {b}, phi_n = {phi}, a_phi = {a0}, a_(phi+1) = {a1}"
                    ));
                    break 'outer;
                }
            }
        }
    }
    vec![report(
        "seed 000, Theorem 5.1",
        "seed 000 Beatty pairs",
        "a_(phi_n) = b_n - 1 and a_(phi_n + 1) > b_n - 1, phi_n = p b_n - n, from the closed forms",
        format!("m, p in 1..={MP}, 1 <= n < {terms}"),
        bad,
    )]
}

/// Proposition 5.2 (i): `x_n = mex^p` of the multiset of earlier values.
fn mex_i(m: u64, p: u64, terms: usize) -> Vec<(u64, u64)> {
    let mut count = vec![0u64; terms * (m as usize + 2) + 4];
    let mut lo = 0usize;
    let mut out = Vec::with_capacity(terms);
    for n in 0..terms {
        while count[lo] >= p {
            lo += 1;
        }
        let (x, y) = (lo as u64, lo as u64 + m * n as u64);
        // xi counts indices j with i = x_j or i = y_j: j = 0 counts once
        count[x as usize] += 1;
        if y != x {
            count[y as usize] += 1;
        }
        out.push((x, y));
    }
    out
}

/// Proposition 5.2 (ii): per residue class `r = n mod p`, the mex of
/// `{x_i : i = r} u {y_i : i = -r (mod p)}`.
fn mex_ii(m: u64, p: u64, terms: usize) -> Vec<(u64, u64)> {
    let size = terms * (m as usize + 2) + 4;
    let mut seen = vec![vec![false; size]; p as usize];
    let mut low = vec![0usize; p as usize];
    let mut out = Vec::with_capacity(terms);
    for n in 0..terms {
        let r = n % p as usize;
        while seen[r][low[r]] {
            low[r] += 1;
        }
        let x = low[r] as u64;
        let y = x + m * n as u64;
        seen[r][x as usize] = true;
        seen[(p as usize - r) % p as usize][y as usize] = true;
        out.push((x, y));
    }
    out
}

/// Proposition 5.2 (iii): `p` interleaved mex recurrences.
fn mex_iii(m: u64, p: u64, terms: usize) -> Vec<(u64, u64)> {
    let pu = p as usize;
    let size = terms * (m as usize + 2) + 4;
    let mut out = vec![(0u64, 0u64); terms];
    // class l uses {x_(pi+l), y_(p(i+1)-l)} (l > 0) or {x_(pi), y_(pi)} (l = 0)
    let mut seen = vec![vec![false; size]; pu];
    let mut low = vec![0usize; pu];
    // y values of class-l partners not yet added (index p(i+1)-l may come later than needed? no:
    // it is below pn + l for i < n, so it is known in index order)
    for idx in 0..terms {
        let (n, l) = (idx / pu, idx % pu);
        // add the partners for i = n - 1 (the newest i < n) in class l
        if n > 0 {
            let i = n - 1;
            let xi = out[p as usize * i + l].0;
            seen[l][xi as usize] = true;
            let j = if l == 0 { pu * i } else { pu * (i + 1) - l };
            let yj = out[j].1;
            seen[l][yj as usize] = true;
        }
        while seen[l][low[l]] {
            low[l] += 1;
        }
        let x = low[l] as u64;
        out[idx] = (x, x + m * idx as u64);
    }
    out
}

fn proposition_5_2(cfg: &VerifyConfig, progress: &mut dyn FnMut(u64, u64)) -> Vec<ClaimReport> {
    let terms = cfg.terms.clamp(10, 200_000) as usize;
    let algos: [(&str, fn(u64, u64, usize) -> Vec<(u64, u64)>); 3] =
        [("(i)", mex_i), ("(ii)", mex_ii), ("(iii)", mex_iii)];
    let mut out = Vec::new();
    for (k, (label, f)) in algos.iter().enumerate() {
        progress(k as u64, 3);
        let mut bad = None;
        'outer: for m in 1..=MP {
            for p in 1..=MP {
                let want = Beatty::new(m, p).pairs_u64(terms as u64).unwrap();
                let got = f(m, p, terms);
                if let Some(n) = (0..terms).find(|&n| got[n] != want[n]) {
                    bad = Some(format!(
                        "m={m}, p={p}, n={n}: mex algorithm gives {:?}, closed form {:?}",
                        got[n], want[n]
                    ));
                    break 'outer;
                }
            }
        }
        out.push(report(
            &format!("seed 000, Proposition 5.2 {label}"),
            "seed 000 Beatty pairs",
            "mex algorithm vs closed forms (2)-(3)",
            format!("m, p in 1..={MP}, n < {terms}"),
            bad,
        ));
    }
    out
}

fn theorem_2_1(cfg: &VerifyConfig, progress: &mut dyn FnMut(u64, u64)) -> Vec<ClaimReport> {
    let n = cfg.board as usize;
    let mut jobs: Vec<(&str, String)> = Vec::new();
    for m in 1..=4 {
        for p in 1..=4 {
            jobs.push((
                "seed 000, Main Theorem 2.1 (i)",
                format!("roob-blocking:m={m},p={p}"),
            ));
        }
    }
    for m in 1..=5u64 {
        for p in 1..=6u64 {
            if gcd(m, p) == 1 {
                jobs.push((
                    "seed 000, Main Theorem 2.1 (ii a)",
                    format!("modulo-rook:m={m},l=0,p={p}"),
                ));
            }
        }
    }
    for m in 1..=3u64 {
        for q in 1..=3u64 {
            jobs.push((
                "seed 000, Main Theorem 2.1 (ii b)",
                format!("modulo-rook:m={m},l={m},p={}", m * q),
            ));
        }
    }
    for m in 1..=3 {
        for p in 1..=4 {
            for l in 0..p {
                jobs.push((
                    "seed 000, Main Theorem 2.1 (iii a), mirrored (see shifted)",
                    format!("shifted:m={m},p={p},l={l}"),
                ));
            }
            jobs.push((
                "seed 000, Main Theorem 2.1 (iii b)",
                format!("choose-shift:m={m},p={p}"),
            ));
        }
    }
    for p in 1..=6 {
        jobs.push((
            "Connell 1959; seed 000, Theorem 2.1 (ii a) with m = 1",
            format!("connell:p={p}"),
        ));
    }
    let total = jobs.len() as u64;
    jobs.iter()
        .enumerate()
        .map(|(i, (src, name))| {
            progress(i as u64, total);
            board_vs_oracle(src, name, n)
        })
        .collect()
}

/// Theorem 2.1 (ii a), "only if": for `gcd(m, p) > 1` the P-positions of
/// mWN^(p) are not `{a_i, b_i}`. Reports the first difference (in order of
/// `x + y`, then `x`) and checks the paper's witness `(0, m p / gcd)`.
fn theorem_2_1_only_if(cfg: &VerifyConfig, progress: &mut dyn FnMut(u64, u64)) -> Vec<ClaimReport> {
    let n = cfg.board as usize;
    let mut out = Vec::new();
    let pairs: Vec<(u64, u64)> = (2..=6u64)
        .flat_map(|m| (2..=6u64).map(move |p| (m, p)))
        .filter(|&(m, p)| gcd(m, p) > 1)
        .collect();
    for (i, &(m, p)) in pairs.iter().enumerate() {
        progress(i as u64, pairs.len() as u64);
        let name = format!("modulo-rook:m={m},l=0,p={p}");
        let g = parse_game(&name).expect("valid").game;
        let t = solve::outcomes(&g, n).expect("small board");
        let set = crate::oracle::pset::BeattySet::symmetric(m, p);
        let mut first = None;
        'outer: for s in 0..(2 * n - 1) {
            for x in s.saturating_sub(n - 1)..=s.min(n - 1) {
                let y = s - x;
                let beatty = crate::oracle::pset::PSet::is_p(
                    &set,
                    &Natural::from(x as u64),
                    &Natural::from(y as u64),
                )
                .unwrap();
                if beatty != t.is_p(x, y) {
                    first = Some((x, y, beatty));
                    break 'outer;
                }
            }
        }
        let pp = p / gcd(m, p);
        let witness = (m * pp) as usize;
        let witness_ok = witness < n && !t.is_p(0, witness);
        let detail = match first {
            Some((x, y, b)) => format!(
                "first difference at ({x}, {y}): the Beatty pair says {}, the general solver {}; the paper's witness (0, m p') = (0, {witness}) is {} in the game",
                if b { "P" } else { "N" },
                if b { "N" } else { "P" },
                if witness_ok { "N (as the proof says)" } else { "P or off the board" }
            ),
            None => format!("no difference on the board {n}x{n}: the claim fails here"),
        };
        let mut r = report(
            "seed 000, Main Theorem 2.1 (ii a), only if",
            &name,
            "general solver vs Beatty pair (m, p), expecting a difference since gcd(m,p) > 1",
            format!("board {n}x{n}"),
            None,
        );
        r.passed = first.is_some() && witness_ok;
        r.detail = detail;
        out.push(r);
    }
    out
}

/// Example 6 of seed 000 (statements about 2 x 3 WN_l), with the corner of
/// Definition 4 (iiia).
fn example_6(_cfg: &VerifyConfig, _progress: &mut dyn FnMut(u64, u64)) -> Vec<ClaimReport> {
    let mut out = Vec::new();
    let p_of = |l: u64, x: usize, y: usize| -> Option<bool> {
        let g = parse_game(&format!("shifted:m=2,p=3,l={l}")).ok()?.game;
        let t = solve::outcomes(&g, 12).ok()?;
        g.on_some_board(x as u64, y as u64).then(|| t.is_p(x, y))
    };
    let show = |v: Option<bool>| match v {
        Some(true) => "P",
        Some(false) => "N",
        None => "off the board",
    };
    // (a) 2x3WN_1 and 2x3WN_2 terminal positions
    for (l, cells) in [(1u64, [(2usize, 0usize), (0, 4)]), (2, [(0, 2), (4, 0)])] {
        let ok = cells.iter().all(|&(x, y)| p_of(l, x, y) == Some(true));
        out.push(report(
            "seed 000, Example 6 (terminal positions)",
            &format!("shifted:m=2,p=3,l={l}"),
            "general solver vs the printed terminal positions",
            "board 12x12".into(),
            (!ok).then(|| {
                format!(
                    "{:?}: {}",
                    cells,
                    cells
                        .iter()
                        .map(|&(x, y)| show(p_of(l, x, y)))
                        .collect::<Vec<_>>()
                        .join(", ")
                )
            }),
        ));
    }
    // (b) "2x3WN_2 from (1,9): Alice wins by moving to (0,4)": (0,4) must be P in l = 2;
    // (c) "2x3WN_1 from (1,9) ... Bob wins": (1,9) P in l = 1; "2x3WN_0 from (1,7) ... Bob wins".
    for (what, l, x, y) in [
        ("(1,9) -> (0,4) wins in 2x3WN_2", 2u64, 0usize, 4usize),
        ("Bob wins from (1,9) in 2x3WN_1", 1, 1, 9),
        ("Bob wins from (1,7) in 2x3WN_0", 0, 1, 7),
    ] {
        let v = p_of(l, x, y);
        let ml = (3 - l) % 3;
        let mirrored = p_of(ml, x, y);
        // The statement holds under the definition's corner (Definition 4 (iiia)), or it is the
        // known disagreement: it holds only with the mirrored corner of the printed
        // Theorem 2.1 (iii a). It fails when it holds in neither reading.
        let known = v != Some(true) && mirrored == Some(true);
        let compared = if known {
            format!(
                "known disagreement: ({x},{y}) is {} with the corner of Definition 4 (iiia) for l = {l}, P with the mirrored corner (l = {ml}), the convention of the printed Theorem 2.1 (iii a)",
                show(v)
            )
        } else {
            format!("general solver: is ({x},{y}) a P-position?")
        };
        out.push(report(
            &format!("seed 000, Example 6 ({what})"),
            &format!("shifted:m=2,p=3,l={l}"),
            &compared,
            "board 12x12".into(),
            (v != Some(true) && !known).then(|| {
                format!(
                    "({x},{y}) is {} with the corner of Definition 4 (iiia) for l = {l} and {} with the mirrored corner (l = {ml})",
                    show(v),
                    show(mirrored)
                )
            }),
        ));
    }
    out
}

/// Seed 001: Theorem 5 (P = Wythoff pairs with smaller pile < m) and
/// Corollary 6 (`2 floor(m/phi) + 1` of them), against the general solver.
fn seed001_p_positions(cfg: &VerifyConfig, progress: &mut dyn FnMut(u64, u64)) -> Vec<ClaimReport> {
    let top = 40u64;
    let mut bad = None;
    for m in 1..=top {
        progress(m - 1, top);
        let n = (cfg.board as usize / 2).max(2 * m as usize + 2);
        let g = parse_game(&format!("modular:m={m}")).expect("valid").game;
        let t = solve::outcomes(&g, n).expect("small");
        let got = t.p_positions();
        let mut want: Vec<(u64, u64)> = modular_pairs(m)
            .into_iter()
            .flat_map(|(a, b)| [(a, b), (b, a)])
            .collect();
        want.sort_unstable();
        want.dedup();
        // floor(m / phi) = floor((sqrt(5 m^2) - m) / 2), exactly
        let m_phi = ((5 * m as u128 * m as u128).isqrt() - m as u128) / 2;
        let count = 2 * m_phi as usize + 1;
        if got != want || got.len() != count {
            bad = Some(format!(
                "m={m}: solver has {} P-positions on {n}x{n}, Theorem 5 set has {}, 2 floor(m/phi) + 1 = {count}; first solver positions {:?}",
                got.len(),
                want.len(),
                &got[..got.len().min(8)]
            ));
            break;
        }
    }
    vec![report(
        "seed 001, Theorem 5 and Corollary 6",
        "modular:m=1..40",
        "general solver P-set vs Wythoff pairs with smaller pile < m, and its size vs 2 floor(m/phi) + 1",
        format!("m in 1..={top}, board max({}, 2m+2)", cfg.board / 2),
        bad,
    )]
}

/// Seed 001 section 5.1: the m = 3 Grundy formula, and Grundy values equal to
/// Wythoff's while both piles are at most m.
fn seed001_grundy(cfg: &VerifyConfig, progress: &mut dyn FnMut(u64, u64)) -> Vec<ClaimReport> {
    let mut out = Vec::new();
    let n = cfg.board as usize;
    let g3 = parse_game("modular:m=3").expect("valid").game;
    let t = solve::grundy(&g3, n).expect("small");
    let mut bad = None;
    'outer: for x in 0..n {
        for y in 0..n {
            let (i, r, j, s) = (x / 3, x % 3, y / 3, y % 3);
            let want = (3 * (i + j) + (r + s) % 3) as u32;
            let got = t.get(x, y).expect("on board");
            if got != want {
                bad = Some(format!("g({x},{y}) = {got}, formula gives {want}"));
                break 'outer;
            }
        }
    }
    out.push(report(
        "seed 001, section 5.1 (3-Modular Wythoff Grundy formula)",
        "modular:m=3",
        "general Grundy solver vs g(3i+r, 3j+s) = 3(i+j) + ((r+s) mod 3)",
        format!("the whole board {n}x{n}"),
        bad,
    ));
    // agreement with Wythoff's Grundy values
    let top = 20u64;
    let side = 3 * top as usize + 3;
    let w = solve::grundy(&parse_game("wythoff").expect("valid").game, side).expect("small");
    let mut bad = None;
    let mut sides = Vec::new();
    for m in 1..=top {
        progress(m - 1, top);
        let g = parse_game(&format!("modular:m={m}")).expect("valid").game;
        let t = solve::grundy(&g, side).expect("small");
        // largest s with agreement on [0, s]^2
        let mut s = 0usize;
        while s < side && (0..=s).all(|i| t.get(i, s) == w.get(i, s) && t.get(s, i) == w.get(s, i))
        {
            s += 1;
        }
        let largest = s as i64 - 1;
        sides.push(format!("m={m}: {largest}"));
        if largest < m as i64 && bad.is_none() {
            bad = Some(format!(
                "m={m}: the Grundy tables already differ inside [0,{m}]^2 (agree only up to {largest})"
            ));
        }
    }
    let detail_sides = sides.join(", ");
    let mut r = report(
        "seed 001, section 5.1 (Grundy values equal Wythoff's for piles <= m)",
        "modular:m=1..20",
        "general Grundy solvers of m-Modular Wythoff and Wythoff: largest s with equal values on [0,s]^2",
        format!("m in 1..={top}, board {side}x{side}"),
        bad,
    );
    if r.passed {
        r.detail = format!("largest agreeing square [0,s]^2: {detail_sides}");
    } else {
        r.detail = format!("{}; largest agreeing squares: {detail_sides}", r.detail);
    }
    out.push(r);
    out
}

/// Seed 002 Proposition 1 against the general solver, and the Beatty form for
/// `p | m` against the recurrence.
fn seed002(cfg: &VerifyConfig, progress: &mut dyn FnMut(u64, u64)) -> Vec<ClaimReport> {
    let n = cfg.board as usize;
    let mut out = Vec::new();
    let total = 4 * 6;
    for p in 1..=4u64 {
        for m in 1..=6u64 {
            progress((p - 1) * 6 + m - 1, total);
            out.push(board_vs_oracle(
                if m % p == 0 {
                    "seed 002, Proposition 1 (a) and the Beatty form for p | m"
                } else {
                    "seed 002, Proposition 1 (a) (mex recurrence)"
                },
                &format!("diagonal-blocking:p={p},m={m}"),
                n,
            ));
        }
    }
    // Beatty form vs recurrence over many terms
    let terms = cfg.terms.clamp(10, 1_000_000);
    let mut bad = None;
    let mut bad_b = None;
    'outer: for p in 1..=6u64 {
        for q in 1..=4u64 {
            let m = p * q;
            let rec = crate::oracle::pset::RecurrenceSet::new(
                crate::oracle::pset::Second::DiagonalBlocking { p, m },
                format!("diagonal-blocking:p={p},m={m}"),
            );
            let want = rec.pairs(terms).expect("within reach");
            let inner = Beatty::new(q, 1).pairs_u64(terms / p + 1).expect("fits");
            for (i, &w) in want.iter().enumerate() {
                let (a, b) = inner[i / p as usize];
                let r = (i as u64) % p;
                let got = (p * a + r, p * b + r);
                if got != w {
                    bad = Some(format!(
                        "p={p}, m={m}, n={i}: recurrence {w:?}, Beatty form {got:?}"
                    ));
                    break 'outer;
                }
            }
            // Proposition 1 (b): a_i = b_i = i for i < p, and a_{>=0}, b_{>=p} partition N_0
            let limit = want.last().unwrap().0 as usize;
            let mut count = vec![0u32; limit];
            for (i, &(a, b)) in want.iter().enumerate() {
                if (i as u64) < p && (a != i as u64 || b != i as u64) {
                    bad_b.get_or_insert(format!("p={p}, m={m}: (a_{i}, b_{i}) = ({a}, {b})"));
                }
                if (a as usize) < limit {
                    count[a as usize] += 1;
                }
                if i as u64 >= p && (b as usize) < limit {
                    count[b as usize] += 1;
                }
            }
            if let Some((v, c)) = count.iter().enumerate().find(|(_, &c)| c != 1) {
                bad_b.get_or_insert(format!(
                    "p={p}, m={m}: {v} occurs {c} times in a_(>=0), b_(>=p)"
                ));
            }
        }
    }
    out.push(report(
        "seed 002, remark after Proposition 1 (Beatty form when p | m)",
        "diagonal-blocking:p|m",
        "mex recurrence vs (p a'_(n/p) + n mod p, p b'_(n/p) + n mod p), (a', b') the (m/p)-Wythoff pairs",
        format!("p in 1..=6, m/p in 1..=4, n < {terms}"),
        bad,
    ));
    out.push(report(
        "seed 002, Proposition 1 (b)",
        "diagonal-blocking:p|m",
        "a_i = b_i = i for i < p; a_(>=0) and b_(>=p) partition N_0 (mex recurrence)",
        format!("p in 1..=6, m/p in 1..=4, n < {terms}, values below a_(n-1)"),
        bad_b,
    ));
    out
}

/// Classical: Fraenkel's recurrence (5) against the closed form, and (s,t)-Wythoff
/// recurrence against the general solver.
fn classical(cfg: &VerifyConfig, progress: &mut dyn FnMut(u64, u64)) -> Vec<ClaimReport> {
    let terms = cfg.terms.clamp(10, 1_000_000);
    let mut out = Vec::new();
    let mut bad = None;
    'outer: for m in 1..=MP {
        let rec = crate::oracle::pset::RecurrenceSet::new(
            crate::oracle::pset::Second::Cone { s: 1, t: m },
            String::new(),
        );
        let want = rec.pairs(terms).expect("within reach");
        let got = Beatty::new(m, 1).pairs_u64(terms).expect("fits");
        if let Some(n) = (0..terms as usize).find(|&n| got[n] != want[n]) {
            bad = Some(format!(
                "m={m}, n={n}: recurrence {:?}, closed form {:?}",
                want[n], got[n]
            ));
            break 'outer;
        }
    }
    out.push(report(
        "Fraenkel 1982 (seed 000, recurrence (5))",
        "m-wythoff:m=1..6",
        "mex recurrence vs a_n = floor(n phi_m), b_n = a_n + m n",
        format!("m in 1..={MP}, n < {terms}"),
        bad,
    ));
    let n = cfg.board as usize;
    let mut names = vec!["wythoff".to_string()];
    for (s, t) in [(1, 2), (2, 1), (2, 2), (3, 1), (3, 2)] {
        names.push(format!("st-wythoff:s={s},t={t}"));
    }
    for (i, name) in names.iter().enumerate() {
        progress(i as u64, names.len() as u64);
        out.push(board_vs_oracle(
            "Fraenkel, (s,t)-Wythoff (seed 003 section 1.2); Wythoff 1907",
            name,
            n,
        ));
    }
    out
}

/// The games of seed 000's Beatty-pair claims.
const SEED000_GAMES: &[&str] = &[
    "roob-blocking",
    "modulo-rook",
    "shifted",
    "choose-shift",
    "connell",
];

/// Every claim of this module.
pub fn claims() -> Vec<Claim> {
    vec![
        Claim {
            id: "classical-fraenkel",
            scope: "m in 1..=6, n < min(terms, 10^6) (default 100000); Wythoff and 5 (s,t)-Wythoff games on the N x N board (default 200)",
            games: &["wythoff", "m-wythoff", "st-wythoff"],
            source: "Wythoff 1907; Fraenkel 1982; Fraenkel's (s,t)-Wythoff",
            run: classical,
        },
        Claim {
            id: "s000-lemma-3.3-i-ii",
            scope: "m, p in 1..=6, every n < terms (default 100000)",
            games: SEED000_GAMES,
            source: "seed 000, Lemma 3.3 (i), (ii)",
            run: lemma_3_3,
        },
        Claim {
            id: "s000-thm-5.1",
            scope: "m, p in 1..=6, 1 <= n < terms (default 100000)",
            games: SEED000_GAMES,
            source: "seed 000, Theorem 5.1",
            run: theorem_5_1,
        },
        Claim {
            id: "s000-prop-5.2",
            scope: "m, p in 1..=6, n < min(terms, 200000)",
            games: SEED000_GAMES,
            source: "seed 000, Proposition 5.2 (i), (ii), (iii)",
            run: proposition_5_2,
        },
        Claim {
            id: "s000-thm-2.1-oracle",
            scope: "board N x N (default 200): mWN^p m,p <= 4; mWN^(p) m <= 5, p <= 6 coprime; mWN^(m,mq) m,q <= 3; m x p WN_l and m x p WN, m <= 3, p <= 4; WN^(p) p <= 6",
            games: SEED000_GAMES,
            source: "seed 000, Main Theorem 2.1",
            run: theorem_2_1,
        },
        Claim {
            id: "s000-thm-2.1-iia-only-if-witness",
            scope: "m, p in 2..=6 with gcd(m,p) > 1, board N x N (default 200)",
            games: &["modulo-rook"],
            source: "seed 000, Main Theorem 2.1 (ii a), only if",
            run: theorem_2_1_only_if,
        },
        Claim {
            id: "s000-example-6",
            scope: "the cells the example names, board 12x12 (fixed)",
            games: &["shifted"],
            source: "seed 000, Example 6",
            run: example_6,
        },
        Claim {
            id: "s001-thm-5-cor-6",
            scope: "m in 1..=40, board max(N/2, 2m+2) (default N = 200)",
            games: &["modular"],
            source: "seed 001, Theorem 5 and Corollary 6",
            run: seed001_p_positions,
        },
        Claim {
            id: "s001-grundy-5.1",
            scope: "m = 3 on the N x N board (default 200); m in 1..=20 on 63 x 63",
            games: &["modular"],
            source: "seed 001, section 5.1 (Grundy values)",
            run: seed001_grundy,
        },
        Claim {
            id: "s002-prop-1-a",
            scope: "p in 1..=4, m in 1..=6 on the N x N board (default 200); p | m: p in 1..=6, m/p in 1..=4, n < min(terms, 10^6)",
            games: &["diagonal-blocking"],
            source: "seed 002, Proposition 1",
            run: seed002,
        },
    ]
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn mex_algorithms_agree_with_closed_form() {
        for m in 1..=4 {
            for p in 1..=4 {
                let want = Beatty::new(m, p).pairs_u64(3000).unwrap();
                assert_eq!(mex_i(m, p, 3000), want, "(i) m={m} p={p}");
                assert_eq!(mex_ii(m, p, 3000), want, "(ii) m={m} p={p}");
                assert_eq!(mex_iii(m, p, 3000), want, "(iii) m={m} p={p}");
            }
        }
    }

    #[test]
    fn small_run_of_all_claims() {
        let cfg = VerifyConfig {
            board: 40,
            terms: 2000,
        };
        let mut failed = Vec::new();
        for c in claims() {
            for r in (c.run)(&cfg, &mut |_, _| {}) {
                if !r.passed {
                    failed.push(format!("{} | {} | {}", r.source, r.game, r.detail));
                }
            }
        }
        // Example 6's mirrored statements pass as known disagreements; nothing fails.
        assert!(failed.is_empty(), "{failed:#?}");
    }

    /// The default run, printed (run with `--ignored --nocapture` to see the reports).
    #[test]
    #[ignore]
    fn default_run_report() {
        let cfg = VerifyConfig::default();
        let start = std::time::Instant::now();
        for c in claims() {
            let t = std::time::Instant::now();
            let reports = (c.run)(&cfg, &mut |_, _| {});
            println!("== {} ({:.2?})", c.source, t.elapsed());
            for r in reports {
                println!(
                    "{} | {} | {} | {} | {} | {} | {}",
                    if r.passed { "PASS" } else { "FAIL" },
                    r.source,
                    r.game,
                    r.compared,
                    r.range,
                    r.passed,
                    r.detail
                );
            }
        }
        println!("total {:.2?}", start.elapsed());
    }
}
