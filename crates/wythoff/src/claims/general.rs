//! Claims checked with the general solvers alone (no oracle): the solvers
//! against the reference, and the papers' statements that relate
//! games to each other or count P-positions, on a board.
//!
//! Every check compares two computations made from the rules; none compares
//! against a stored answer.

use crate::catalogue::parse_game;
use crate::claims::{Claim, ClaimReport, VerifyConfig};
use crate::rules::Convention;
use crate::sets::gcd;
use crate::solve::{self, OutcomeTable};

/// Catalogue instances used by the solver cross-check: at least one per entry.
const CROSS_CHECK_GAMES: &[&str] = &[
    "nim",
    "wythoff",
    "m-wythoff:m=3",
    "st-wythoff:s=2,t=1",
    "connell:p=3",
    "roob-blocking:m=2,p=3",
    "roob-blocking:m=2,p=2,l=1",
    "modulo-rook:m=2,l=0,p=3",
    "modulo-rook:m=2,l=2,p=6",
    "shifted:m=2,p=3,l=1",
    "corner:m=1,p=2,u=2,v=3",
    "choose-shift:m=2,p=3",
    "modular:m=4",
    "diagonal-blocking:p=3,m=2",
    "restricted:s=1,t=2,h=3:0,v=3:0,d1=3:1,d2=3:2",
    "odd-odd:s=2,t=1",
    "even-even:s=1,t=2",
    "odd-even:s=2,t=2",
    "even-odd:s=1,t=1",
    "blocking-wythoff:k=3",
    "terminal-wythoff:l=2",
    "gdwn:p=1,q=2",
];

/// The claims of this module, for [`crate::claims::verify::registry`].
pub fn claims() -> Vec<Claim> {
    vec![
        Claim {
            id: "solvers-vs-reference",
            scope: "22 catalogue games, both conventions, board clamp(N/5, 16, 120) (default 40)",
            games: &[
                "nim",
                "wythoff",
                "m-wythoff",
                "st-wythoff",
                "connell",
                "roob-blocking",
                "modulo-rook",
                "shifted",
                "corner",
                "choose-shift",
                "modular",
                "diagonal-blocking",
                "restricted",
                "odd-odd",
                "even-even",
                "odd-even",
                "even-odd",
                "blocking-wythoff",
                "terminal-wythoff",
                "gdwn",
            ],
            source: "docs/games.md section 8 (1): general solvers",
            run: fast_vs_reference,
        },
        Claim {
            id: "s000-thm-2.1-same-p-sets",
            scope: "(m, p) in (1,2),(1,3),(2,3),(3,2),(2,5),(3,4), board N x N (default 200)",
            games: &["roob-blocking", "modulo-rook", "choose-shift"],
            source: "seed 000, Main Theorem 2.1 (i), (ii a), (ii b), (iii b)",
            run: theorem_2_1_same_p_sets,
        },
        Claim {
            id: "s000-thm-2.1-iia-only-if",
            scope: "(m, p) in (2,2),(2,4),(3,3),(2,6), board N x N (default 200)",
            games: &["modulo-rook", "roob-blocking"],
            source: "seed 000, Main Theorem 2.1 (ii a), only if",
            run: theorem_2_1_ii_a_only_if,
        },
        Claim {
            id: "s000-thm-2.1-iiia",
            scope: "(m, p) in (1,2),(1,3),(2,3),(2,2),(1,4), every l < p, board N x N (default 200)",
            games: &["shifted", "roob-blocking"],
            source: "seed 000, Main Theorem 2.1 (iii a)",
            run: theorem_2_1_iii_a,
        },
        Claim {
            id: "s000-remark-2",
            scope: "p in 2..=4, board N x N (default 200)",
            games: &["m-wythoff", "connell"],
            source: "seed 000, Remark 2",
            run: remark_2,
        },
        Claim {
            id: "s001-sec-4-count",
            scope: "m in 1..=clamp(N/7, 10, 200) (default 28), board 2 top + 3",
            games: &["modular", "wythoff"],
            source: "seed 001, Section 4 (P-positions of m Wythoff)",
            run: modular_p_positions,
        },
        Claim {
            id: "s001-sec-5.1-grundy",
            scope: "m in 2..=clamp(N/10, 6, 60) on piles <= m; m = 3 on clamp(N, 30, 400) (default 200)",
            games: &["modular", "wythoff"],
            source: "seed 001, Section 5.1 (Grundy observations)",
            run: modular_grundy,
        },
    ]
}

fn report(
    source: &str,
    game: String,
    compared: &str,
    range: String,
    first_failure: Option<String>,
) -> ClaimReport {
    ClaimReport {
        source: source.to_string(),
        game,
        compared: compared.to_string(),
        range,
        passed: first_failure.is_none(),
        detail: first_failure.unwrap_or_default(),
    }
}

pub(crate) fn table(name: &str, n: usize) -> Result<OutcomeTable, String> {
    let g = parse_game(name).map_err(|e| format!("{name}: {e}"))?;
    solve::outcomes(&g.game, n).map_err(|e| format!("{name}: {e}"))
}

/// The first cell where two tables differ, described.
pub(crate) fn first_difference(
    a: &OutcomeTable,
    an: &str,
    b: &OutcomeTable,
    bn: &str,
) -> Option<String> {
    let n = a.size().min(b.size());
    for x in 0..n {
        for y in 0..n {
            let (u, v) = (a.get(x, y), b.get(x, y));
            if u != v {
                let s = |o: Option<solve::Outcome>| {
                    o.map_or("off board".to_string(), |o| o.to_string())
                };
                return Some(format!(
                    "({x}, {y}) is {} in {an} but {} in {bn}",
                    s(u),
                    s(v)
                ));
            }
        }
    }
    None
}

/// Every catalogue entry: the fast outcome solver and the Grundy solver equal
/// the reference, in both conventions.
fn fast_vs_reference(cfg: &VerifyConfig, progress: &mut dyn FnMut(u64, u64)) -> Vec<ClaimReport> {
    let n = (cfg.board / 5).clamp(16, 120) as usize;
    let source = "docs/games.md section 8 (1): general solvers";
    let total = CROSS_CHECK_GAMES.len() as u64;
    let mut out = Vec::new();
    for (i, name) in CROSS_CHECK_GAMES.iter().enumerate() {
        progress(i as u64, total);
        let g = match parse_game(name) {
            Ok(g) => g,
            Err(e) => {
                out.push(report(
                    source,
                    name.to_string(),
                    "fast solver vs brute-force reference",
                    String::new(),
                    Some(e.to_string()),
                ));
                continue;
            }
        };
        for c in [Convention::Normal, Convention::Misere] {
            let gc = g.game.with_convention(c);
            let fail = match (solve::outcomes(&gc, n), solve::outcomes_reference(&gc, n)) {
                (Ok(a), Ok(b)) => first_difference(&a, "the fast solver", &b, "the reference"),
                (Err(e), _) | (_, Err(e)) => Some(e.to_string()),
            };
            let what = match c {
                Convention::Normal => "fast outcomes vs brute-force reference, normal play",
                Convention::Misere => "fast outcomes vs brute-force reference, misère play",
            };
            out.push(report(
                source,
                g.canonical.clone(),
                what,
                format!("board {n}x{n}"),
                fail,
            ));
        }
        if solve::grundy_unsupported(&g.game).is_none() {
            let fail = match (
                solve::grundy(&g.game, n),
                solve::grundy_reference(&g.game, n),
            ) {
                (Ok(a), Ok(b)) => (0..n * n)
                    .find(|&i| a.values()[i] != b.values()[i])
                    .map(|i| {
                        format!(
                            "g({}, {}) = {} by the fast solver, {} by the reference",
                            i / n,
                            i % n,
                            a.values()[i],
                            b.values()[i]
                        )
                    }),
                (Err(e), _) | (_, Err(e)) => Some(e.to_string()),
            };
            out.push(report(
                source,
                g.canonical.clone(),
                "Grundy values vs brute-force reference",
                format!("board {n}x{n}"),
                fail,
            ));
        }
    }
    progress(total, total);
    out
}

/// Parameter pairs `(m, p)` for the seed 000 game relations.
const MP: &[(u64, u64)] = &[(1, 2), (1, 3), (2, 3), (3, 2), (2, 5), (3, 4)];

/// Theorem 2.1: mWN^p, mWN^(p) (when gcd(m, p) = 1), mWN^(m, mp) and m x p WN
/// have the same P-positions ({a_i, b_i}); here compared with each other.
fn theorem_2_1_same_p_sets(
    cfg: &VerifyConfig,
    progress: &mut dyn FnMut(u64, u64),
) -> Vec<ClaimReport> {
    let n = cfg.board as usize;
    let source = "seed 000, Main Theorem 2.1 (i), (ii a), (ii b), (iii b)";
    let mut out = Vec::new();
    for (i, &(m, p)) in MP.iter().enumerate() {
        progress(i as u64, MP.len() as u64);
        let base = format!("roob-blocking:m={m},p={p}");
        let mut others = vec![
            format!("modulo-rook:m={m},l={m},p={}", m * p),
            format!("choose-shift:m={m},p={p}"),
        ];
        if gcd(m, p) == 1 {
            others.insert(0, format!("modulo-rook:m={m},l=0,p={p}"));
        }
        let a = match table(&base, n) {
            Ok(t) => t,
            Err(e) => {
                out.push(report(
                    source,
                    base.clone(),
                    "P-sets equal",
                    format!("board {n}x{n}"),
                    Some(e),
                ));
                continue;
            }
        };
        for o in others {
            let fail = match table(&o, n) {
                Ok(b) => first_difference(&a, &base, &b, &o),
                Err(e) => Some(e),
            };
            out.push(report(
                source,
                format!("{base} = {o}"),
                "general solver: P-sets of the two games equal",
                format!("board {n}x{n}"),
                fail,
            ));
        }
    }
    progress(MP.len() as u64, MP.len() as u64);
    out
}

/// Theorem 2.1 (ii a), "only if": when gcd(m, p) > 1, the P-set of mWN^(p)
/// differs from {a_i, b_i} (= the P-set of mWN^p by (i)) somewhere on the board.
fn theorem_2_1_ii_a_only_if(
    cfg: &VerifyConfig,
    _progress: &mut dyn FnMut(u64, u64),
) -> Vec<ClaimReport> {
    let n = cfg.board as usize;
    let source = "seed 000, Main Theorem 2.1 (ii a), only if";
    let mut out = Vec::new();
    for (m, p) in [(2u64, 2u64), (2, 4), (3, 3), (2, 6)] {
        let (a, b) = (
            format!("modulo-rook:m={m},l=0,p={p}"),
            format!("roob-blocking:m={m},p={p}"),
        );
        let fail = match (table(&a, n), table(&b, n)) {
            (Ok(ta), Ok(tb)) => match first_difference(&ta, &a, &tb, &b) {
                Some(_) => None,
                None => Some(format!(
                    "gcd({m},{p}) > 1 but the P-sets agree on the whole board"
                )),
            },
            (Err(e), _) | (_, Err(e)) => Some(e),
        };
        out.push(report(
            source,
            format!("{a} != {b}"),
            "general solver: P-sets differ (gcd(m,p) > 1)",
            format!("board {n}x{n}"),
            fail,
        ));
    }
    out
}

/// The pairs `(a_n, b_n)`, `a_n <= b_n`, of a symmetric P-set read off a table,
/// in the order of the papers (by `b`, then `a`), with `b_n < n` (the board).
pub(crate) fn pairs_of(t: &OutcomeTable) -> Vec<(u64, u64)> {
    let mut v: Vec<(u64, u64)> = t
        .p_positions()
        .into_iter()
        .filter(|&(x, y)| x <= y)
        .collect();
    v.sort_by_key(|&(a, b)| (b, a));
    v
}

/// The P-set that Theorem 2.1 (iii a) gives for shift `l`:
/// `{(a_{ip+l}, b_{ip+l}) : i >= 0} u {(b_{ip-l}, a_{ip-l}) : i > 0}`.
fn formula_iii_a(pairs: &[(u64, u64)], p: u64, l: u64) -> std::collections::BTreeSet<(u64, u64)> {
    let mut want = std::collections::BTreeSet::new();
    for (k, &(a, b)) in pairs.iter().enumerate() {
        let k = k as u64;
        if k % p == l {
            want.insert((a, b));
        }
        if k > 0 && (k + l).is_multiple_of(p) {
            want.insert((b, a));
        }
    }
    want
}

/// The first cell below `lim` where the table and the set disagree.
fn first_set_difference(
    t: &OutcomeTable,
    want: &std::collections::BTreeSet<(u64, u64)>,
    lim: usize,
) -> Option<(usize, usize, bool)> {
    (0..lim)
        .flat_map(|x| (0..lim).map(move |y| (x, y)))
        .find(|&(x, y)| t.is_p(x, y) != want.contains(&(x as u64, y as u64)))
        .map(|(x, y)| (x, y, t.is_p(x, y)))
}

/// Theorem 2.1 (iii a), with (a_n, b_n) read off the general solver of mWN^p
/// (by (i) these are the pairs of (2), (3)).
///
/// Definition 4 (iiia) removes the corner `[0, m l) x [0, m (p - l))`; the
/// theorem's formula (and Figure 2: 2x3WN_1 has the P-position (a_1, b_1) =
/// (0, 2)) puts the corner at `[0, m (p - l)) x [0, m l)`, the mirror image. So
/// the formula for `l` is compared with the game `shifted:l' = p - l` (the
/// catalogue follows the definition), and a second line records that the literal
/// pairing (formula `l` with game `l`) is refuted, with the first refuting cell;
/// that line fails if the disagreement ever disappears.
fn theorem_2_1_iii_a(cfg: &VerifyConfig, _progress: &mut dyn FnMut(u64, u64)) -> Vec<ClaimReport> {
    let n = cfg.board as usize;
    let source = "seed 000, Main Theorem 2.1 (iii a)";
    let mut out = Vec::new();
    for (m, p) in [(1u64, 2u64), (1, 3), (2, 3), (2, 2), (1, 4)] {
        let base = format!("roob-blocking:m={m},p={p}");
        let pairs = match table(&base, n) {
            Ok(t) => pairs_of(&t),
            Err(e) => {
                out.push(report(source, base, "pairs", String::new(), Some(e)));
                continue;
            }
        };
        // b_n increases with n: every pair with an index beyond those read has b >= n
        let lim = (pairs.last().map_or(0, |&(_, b)| b) as usize).min(n);
        for l in 0..p {
            let mirrored = (p - l) % p;
            let game_l = format!("shifted:m={m},p={p},l={mirrored}");
            let t = match table(&game_l, n) {
                Ok(t) => t,
                Err(e) => {
                    out.push(report(source, game_l, "", String::new(), Some(e)));
                    continue;
                }
            };
            let fail =
                first_set_difference(&t, &formula_iii_a(&pairs, p, l), lim).map(|(x, y, got)| {
                    format!(
                        "({x}, {y}) is {} by the general solver, {} by the formula",
                        if got { "P" } else { "not P" },
                        if got { "not P" } else { "P" }
                    )
                });
            out.push(report(
                source,
                game_l.clone(),
                &format!(
                    "general solver vs formula for l = {l} over the pairs of {base} (corner [0,m(p-l)) x [0,ml), the mirror of Definition 4 (iiia))"
                ),
                format!("x, y < {lim}"),
                fail,
            ));
            if mirrored != l {
                let literal = format!("shifted:m={m},p={p},l={l}");
                let refuted = table(&literal, n)
                    .ok()
                    .and_then(|t| first_set_difference(&t, &formula_iii_a(&pairs, p, l), lim));
                let (compared, fail) = match refuted {
                    Some((x, y, got)) => (
                        format!(
                            "known disagreement: literal reading (Definition 4 (iiia) corner [0,ml) x [0,m(p-l)) with the formula for l = {l}) is refuted: ({x}, {y}) is {} by the rules, {} by the formula",
                            if got { "P" } else { "not P" },
                            if got { "not P" } else { "P" }
                        ),
                        None,
                    ),
                    None => (
                        "known disagreement: literal reading of Definition 4 (iiia) with the formula".to_string(),
                        Some("the literal reading now agrees: the recorded disagreement has disappeared".to_string()),
                    ),
                };
                out.push(report(
                    source,
                    literal,
                    &compared,
                    format!("x, y < {lim}"),
                    fail,
                ));
            }
        }
    }
    out
}

/// Remark 2: a_n^{p,1} = a_{pn}^{1,p} and b_n^{p,1} = b_{pn}^{1,p}: the P-pairs of
/// p-Wythoff Nim are every p-th pair of Connell's WN^(p).
fn remark_2(cfg: &VerifyConfig, _progress: &mut dyn FnMut(u64, u64)) -> Vec<ClaimReport> {
    let n = cfg.board as usize;
    let source = "seed 000, Remark 2";
    let mut out = Vec::new();
    for p in 2u64..=4 {
        let (wn, cn) = (format!("m-wythoff:m={p}"), format!("connell:p={p}"));
        let fail = match (table(&wn, n), table(&cn, n)) {
            (Ok(a), Ok(b)) => {
                let (pa, pb) = (pairs_of(&a), pairs_of(&b));
                let every_p: Vec<_> = pb.iter().step_by(p as usize).copied().collect();
                let k = pa.len().min(every_p.len());
                if k < 3 {
                    Some("board too small for the comparison".to_string())
                } else {
                    (0..k).find(|&i| pa[i] != every_p[i]).map(|i| {
                        format!(
                            "pair {i}: {:?} in {wn}, but pair {} of {cn} is {:?}",
                            pa[i],
                            i as u64 * p,
                            every_p[i]
                        )
                    })
                }
            }
            (Err(e), _) | (_, Err(e)) => Some(e),
        };
        out.push(report(
            source,
            format!("{wn} vs {cn}"),
            "general solver: pair n of one = pair p n of the other",
            format!("board {n}x{n}"),
            fail,
        ));
    }
    out
}

/// `floor(m / phi) = floor(m (sqrt 5 - 1) / 2) = (isqrt(5 m^2) - m) / 2`, exactly.
pub fn floor_m_over_phi(m: u64) -> u64 {
    let s = (5 * (m as u128) * (m as u128)).isqrt();
    ((s - m as u128) / 2) as u64
}

/// seed 001, Section 4: the P-positions of m-Modular Wythoff are the Wythoff
/// P-positions with smaller pile < m, and there are 2 floor(m/phi) + 1 of them.
fn modular_p_positions(cfg: &VerifyConfig, progress: &mut dyn FnMut(u64, u64)) -> Vec<ClaimReport> {
    let source = "seed 001, Section 4 (P-positions of m Wythoff)";
    let top = (cfg.board / 7).clamp(10, 200);
    // every P-position has both piles < m phi < 2m (Lemma 2); a board of 2m + 2
    // holds them all, and one more row/column shows nothing lies beyond.
    let n = (2 * top + 3) as usize;
    let mut out = Vec::new();
    let w = match table("wythoff", n) {
        Ok(t) => t,
        Err(e) => return vec![report(source, "wythoff".into(), "", String::new(), Some(e))],
    };
    let mut count_fail = None;
    let mut set_fail = None;
    let mut exactly_m = Vec::new();
    for m in 1..=top {
        progress(m, top);
        let name = format!("modular:m={m}");
        let t = match table(&name, n) {
            Ok(t) => t,
            Err(e) => {
                count_fail.get_or_insert(e);
                continue;
            }
        };
        let ps = t.p_positions();
        let want = 2 * floor_m_over_phi(m) + 1;
        if ps.len() as u64 == m {
            exactly_m.push(m);
        }
        if ps.len() as u64 != want && count_fail.is_none() {
            count_fail = Some(format!(
                "{name}: {} P-positions on the board, 2 floor(m/phi) + 1 = {want}",
                ps.len()
            ));
        }
        if set_fail.is_none() {
            for x in 0..n {
                for y in 0..n {
                    let exp = w.is_p(x, y) && (x.min(y) as u64) < m;
                    if t.is_p(x, y) != exp {
                        set_fail = Some(format!(
                            "{name}: ({x}, {y}) is {} but the theorem says {}",
                            if t.is_p(x, y) { "P" } else { "N" },
                            if exp { "P" } else { "N" }
                        ));
                    }
                }
            }
        }
    }
    out.push(report(
        source,
        format!("modular:m=1..{top}"),
        "general solver: number of P-positions vs 2 floor(m/phi) + 1 (exact isqrt)",
        format!("m = 1..{top}, board {n}x{n}"),
        count_fail,
    ));
    out.push(report(
        "seed 001, Section 5.1",
        format!("modular:m=1..{top}"),
        "general solver: exactly m P-positions precisely when m = 1 or m = 3",
        format!("m = 1..{top}, board {n}x{n}"),
        (exactly_m != [1, 3]).then(|| format!("exactly m P-positions for m in {exactly_m:?}")),
    ));
    out.push(report(
        source,
        format!("modular:m=1..{top} vs wythoff"),
        "general solver: P-set vs Wythoff P-positions with smaller pile < m",
        format!("m = 1..{top}, board {n}x{n}"),
        set_fail,
    ));
    out
}

/// seed 001, Section 5.1: the Grundy values of m-Modular Wythoff equal
/// Wythoff's while both piles are `<= m` (checked on the box `0 <= x, y <= m`
/// for m = 2..top), and for m = 3, `g(3i + r, 3j + s) = 3(i + j) + ((r + s) mod 3)`.
fn modular_grundy(cfg: &VerifyConfig, _progress: &mut dyn FnMut(u64, u64)) -> Vec<ClaimReport> {
    let source = "seed 001, Section 5.1 (Grundy observations)";
    let top = (cfg.board / 10).clamp(6, 60);
    let n = (top + 1) as usize;
    let mut out = Vec::new();
    let gw = parse_game("wythoff")
        .map_err(|e| e.to_string())
        .and_then(|g| solve::grundy(&g.game, n).map_err(|e| e.to_string()));
    let mut fail = None;
    match &gw {
        Err(e) => fail = Some(e.clone()),
        Ok(w) => {
            'm: for m in 2..=top {
                let name = format!("modular:m={m}");
                let g = match parse_game(&name)
                    .map_err(|e| e.to_string())
                    .and_then(|g| solve::grundy(&g.game, n).map_err(|e| e.to_string()))
                {
                    Ok(g) => g,
                    Err(e) => {
                        fail = Some(e);
                        break;
                    }
                };
                for x in 0..=m as usize {
                    for y in 0..=m as usize {
                        if g.get(x, y) != w.get(x, y) {
                            fail = Some(format!(
                                "{name}: g({x}, {y}) = {:?}, Wythoff's is {:?}",
                                g.get(x, y),
                                w.get(x, y)
                            ));
                            break 'm;
                        }
                    }
                }
            }
        }
    }
    out.push(report(
        source,
        format!("modular:m=2..{top} vs wythoff"),
        "general solver: Grundy values equal Wythoff's for piles <= m",
        format!("m = 2..{top}, piles 0..m"),
        fail,
    ));
    let n3 = cfg.board.clamp(30, 400) as usize;
    let fail = parse_game("modular:m=3")
        .map_err(|e| e.to_string())
        .and_then(|g| solve::grundy(&g.game, n3).map_err(|e| e.to_string()))
        .map_or_else(Some, |g| {
            (0..n3 * n3).find_map(|i| {
                let (x, y) = (i / n3, i % n3);
                let want = 3 * (x / 3 + y / 3) + (x % 3 + y % 3) % 3;
                (g.get(x, y) != Some(want as u32))
                    .then(|| format!("g({x}, {y}) = {:?}, the formula gives {want}", g.get(x, y)))
            })
        });
    out.push(report(
        source,
        "modular:m=3".into(),
        "general solver vs g(3i+r, 3j+s) = 3(i+j) + (r+s mod 3)",
        format!("board {n3}x{n3}"),
        fail,
    ));
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::catalogue::CATALOGUE;

    #[test]
    fn floor_m_over_phi_matches_the_definition() {
        // a_m = number of lower Wythoff numbers floor(k phi), k >= 1, below m
        // (seed 001, Section 4); floor(k phi) = (k + isqrt(5 k^2)) / 2.
        for m in 1..2000u64 {
            let count = (1..=m)
                .take_while(|&k| ((k as u128 + (5 * (k as u128).pow(2)).isqrt()) / 2) < m as u128)
                .count() as u64;
            assert_eq!(floor_m_over_phi(m), count, "m = {m}");
        }
    }

    #[test]
    fn every_catalogue_entry_is_cross_checked() {
        for e in CATALOGUE {
            if e.name == "imitation" {
                continue; // memory game: no position-only solver
            }
            assert!(
                CROSS_CHECK_GAMES
                    .iter()
                    .any(|g| g.split(':').next() == Some(e.name)),
                "{}",
                e.name
            );
        }
    }

    #[test]
    fn claims_pass_on_a_small_board() {
        let cfg = VerifyConfig {
            board: 60,
            terms: 100,
        };
        for c in claims() {
            for r in (c.run)(&cfg, &mut |_, _| {}) {
                assert!(
                    r.passed,
                    "{} {} {}: {}",
                    r.source, r.game, r.compared, r.detail
                );
            }
        }
    }
}
