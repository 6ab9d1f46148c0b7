//! Seed 001 (Khovanova and Niu, "m-Modular Wythoff"): Lemma 1, Lemmas 2-4 (facts
//! about the set `P_(a_m)` of construction (1)), the worked example of section
//! 3.1 and the printed tables (section 3.2, the table of `a_m`, Appendix Tables
//! 1-4), each against the general solvers.

use crate::catalogue::parse_game;
use crate::claims::general::{floor_m_over_phi, table};
use crate::claims::{Claim, ClaimReport, VerifyConfig};
use crate::solve;

const R: fn(&str, &str, &str, String, Option<String>) -> ClaimReport = ClaimReport::new;

/// The claims of this module, for [`crate::claims::verify::registry`].
pub fn claims() -> Vec<Claim> {
    vec![
        Claim {
            id: "s001-lemma-1",
            games: &["modular"],
            source: "seed 001, Lemma 1",
            scope: "m in 1..=8, every q > s (dominating) with both piles < clamp(N/10, 12, 40) (default 20)",
            run: lemma_1,
        },
        Claim {
            id: "s001-lemmas-2-4",
            games: &["modular", "wythoff"],
            source: "seed 001, Lemmas 2, 3 and 4",
            scope: "m in 1..=clamp(N/2, 40, 1000) (default 100), construction (1) and the general solver on the board 2m + 3",
            run: lemmas_2_4,
        },
        Claim {
            id: "s001-printed",
            games: &["modular", "wythoff"],
            source: "seed 001, section 3 and Appendix (printed tables)",
            scope: "as printed: P-sets for m = 2..5, a_m for m = 1..16, Grundy values of piles 0..15 for Wythoff and m = 2, 3, 4",
            run: printed,
        },
    ]
}

/// Lemma 1: if `q` strictly dominates `s` and `q1 - q2 = s1 - s2 (mod m)`, then
/// `q -> s` is a move of m-Modular Wythoff (the rules value of the catalogue).
fn lemma_1(cfg: &VerifyConfig, progress: &mut dyn FnMut(u64, u64)) -> Vec<ClaimReport> {
    let b = (cfg.board / 10).clamp(12, 40) as i64;
    let mut bad = None;
    let mut pairs = 0u64;
    for m in 1..=8u64 {
        progress(m - 1, 8);
        let g = parse_game(&format!("modular:m={m}")).expect("valid").game;
        let r = g.as_single().expect("single").clone();
        for q1 in 0..b {
            for q2 in 0..b {
                for s1 in 0..=q1 {
                    for s2 in 0..=q2 {
                        if (q1, q2) == (s1, s2) || ((q1 - q2) - (s1 - s2)).rem_euclid(m as i64) != 0
                        {
                            continue;
                        }
                        pairs += 1;
                        if !r.is_move((q1 - s1) as u64, (q2 - s2) as u64) {
                            bad.get_or_insert(format!(
                                "m={m}: ({q1}, {q2}) -> ({s1}, {s2}) is not a move"
                            ));
                        }
                    }
                }
            }
        }
    }
    vec![R(
        "seed 001, Lemma 1",
        "modular:m=1..8",
        &format!("{pairs} dominating pairs with q1 - q2 = s1 - s2 (mod m): each is a move of the rules value"),
        format!("piles < {b}"),
        bad,
    )]
}

/// `floor(k phi) = (k + isqrt(5 k^2)) / 2`, exactly.
fn floor_k_phi(k: u64) -> u64 {
    ((k as u128 + (5 * k as u128 * k as u128).isqrt()) / 2) as u64
}

/// Construction (1): `P_0 = {(0, 0)}`, `P_i = P_(i-1) u {(c_i, c_i + i), (c_i + i, c_i)}`
/// with `c_i` the least positive integer in no pair of `P_(i-1)`.
fn construction_1(i_max: u64) -> Vec<(u64, u64)> {
    let mut used = vec![false; (3 * i_max + 4) as usize];
    used[0] = true;
    let mut out = vec![(0, 0)];
    let mut c = 1usize;
    for i in 1..=i_max {
        while used[c] {
            c += 1;
        }
        let (a, b) = (c as u64, c as u64 + i);
        used[a as usize] = true;
        used[b as usize] = true;
        out.push((a, b));
        out.push((b, a));
    }
    out.sort_unstable();
    out
}

/// Lemmas 2-4 about `P_(a_m)`, `a_m = floor(m / phi)` (= the number of lower
/// Wythoff numbers below m, checked too), on both `P_(a_m)` from construction
/// (1) and the P-set of the general solver (equal by Theorem 5, also checked):
/// Lemma 2: `(p1, p2)` with `p1 < p2` has `p1 < m`, `p2 < m phi`,
/// `p2 - p1 < m / phi`; Lemma 3: every `r < m` is a coordinate; Lemma 4: every
/// `0 < s < m / phi` is the difference of exactly two positions,
/// `(floor(s phi), floor(s phi^2))` and its mirror.
fn lemmas_2_4(cfg: &VerifyConfig, progress: &mut dyn FnMut(u64, u64)) -> Vec<ClaimReport> {
    let top = (cfg.board / 2).clamp(40, 1000);
    let (mut bad_def, mut bad2, mut bad3, mut bad4) = (None, None, None, None);
    for m in 1..=top {
        progress(m - 1, top);
        let am = floor_m_over_phi(m);
        // a_m = #{k >= 1 : floor(k phi) < m}
        let count = (1..=m).take_while(|&k| floor_k_phi(k) < m).count() as u64;
        if count != am {
            bad_def.get_or_insert(format!(
                "m={m}: floor(m/phi) = {am}, lower Wythoff numbers below m: {count}"
            ));
        }
        let set = construction_1(am);
        let n = (2 * m + 3) as usize;
        let solver = match table(&format!("modular:m={m}"), n) {
            Ok(t) => t.p_positions(),
            Err(e) => {
                bad_def.get_or_insert(e);
                continue;
            }
        };
        if solver != set {
            bad_def.get_or_insert(format!(
                "m={m}: the general solver's P-set differs from P_(a_m)"
            ));
        }
        let m_phi = floor_k_phi(m); // p2 < m phi  <=>  p2 <= floor(m phi)
        for &(p1, p2) in &set {
            if p1 < p2 && !(p1 < m && p2 <= m_phi && p2 - p1 <= am) {
                bad2.get_or_insert(format!("m={m}: ({p1}, {p2}) breaks (3), (4) or (5)"));
            }
        }
        if let Some(r) = (0..m).find(|&r| !set.iter().any(|&(x, y)| x == r || y == r)) {
            bad3.get_or_insert(format!("m={m}: {r} is no coordinate of P_(a_m)"));
        }
        for s in 1..=am {
            let with: Vec<_> = set
                .iter()
                .filter(|&&(x, y)| x.abs_diff(y) == s)
                .copied()
                .collect();
            let (q1, q2) = (floor_k_phi(s), floor_k_phi(s) + s);
            if with != [(q1, q2), (q2, q1)] {
                bad4.get_or_insert(format!(
                    "m={m}, s={s}: positions with difference s: {with:?}"
                ));
            }
        }
    }
    let range = format!("m in 1..={top}");
    let g = &format!("modular:m=1..{top}");
    vec![
        R("seed 001, section 4 (a_m and construction (1))", g, "a_m = floor(m/phi) = number of lower Wythoff numbers below m; P_(a_m) of (1) = the general solver's P-set", range.clone(), bad_def),
        R("seed 001, Lemma 2", g, "every (p1, p2) in P_(a_m), p1 < p2: p1 < m, p2 < m phi, p2 - p1 < m/phi (exact floors)", range.clone(), bad2),
        R("seed 001, Lemma 3", g, "every r < m is a coordinate of a position of P_(a_m)", range.clone(), bad3),
        R("seed 001, Lemma 4", g, "every 0 < s < m/phi: exactly (floor(s phi), floor(s phi^2)) and its mirror have difference s", range, bad4),
    ]
}

fn data_lines(text: &str) -> impl Iterator<Item = &str> {
    text.lines()
        .map(str::trim)
        .filter(|l| !l.is_empty() && !l.starts_with('#'))
}

fn pair_list(text: &str) -> Vec<(u64, u64)> {
    data_lines(text)
        .filter_map(|l| {
            l.split_once(',')
                .and_then(|(a, b)| Some((a.trim().parse().ok()?, b.trim().parse().ok()?)))
        })
        .collect()
}

/// The printed tables, transcribed in `testdata/papers/seed001`, against the
/// general solvers: the section 3.2 table of P-sets (m = 2..5; m = 2 is also
/// the worked example of section 3.1), the table of `a_m` (m = 1..16, as
/// (number of P-positions - 1) / 2 of the solver) and Appendix Tables 1-4.
fn printed(_cfg: &VerifyConfig, _progress: &mut dyn FnMut(u64, u64)) -> Vec<ClaimReport> {
    let mut out = Vec::new();
    let lists = [
        (
            2,
            include_str!("../../../../testdata/papers/seed001/p-positions-m2.txt"),
        ),
        (
            3,
            include_str!("../../../../testdata/papers/seed001/p-positions-m3.txt"),
        ),
        (
            4,
            include_str!("../../../../testdata/papers/seed001/p-positions-m4.txt"),
        ),
        (
            5,
            include_str!("../../../../testdata/papers/seed001/p-positions-m5.txt"),
        ),
    ];
    for (m, text) in lists {
        let name = format!("modular:m={m}");
        let mut printed = pair_list(text);
        printed.sort_unstable();
        let fail = table(&name, 2 * m + 3).map_or_else(Some, |t| {
            let got = t.p_positions();
            (got != printed).then(|| format!("printed {printed:?}, solver {got:?}"))
        });
        let src = if m == 2 {
            "seed 001, sections 3.1 (example) and 3.2 (table)"
        } else {
            "seed 001, section 3.2 (table)"
        };
        out.push(R(
            src,
            &name,
            "printed P-set vs the general solver's (complete)",
            format!("board {}x{}", 2 * m + 3, 2 * m + 3),
            fail,
        ));
    }
    let am: Vec<(u64, u64)> =
        pair_list(include_str!("../../../../testdata/papers/seed001/a_m.txt"));
    let fail = if am.len() != 16 {
        Some(format!("{} printed values read, 16 expected", am.len()))
    } else {
        am.iter().find_map(|&(m, a)| {
            let n = (2 * m + 3) as usize;
            match table(&format!("modular:m={m}"), n) {
                Ok(t) => {
                    let k = (t.p_positions().len() as u64 - 1) / 2;
                    (k != a).then(|| {
                        format!("m={m}: printed a_m = {a}, solver (P-positions - 1)/2 = {k}")
                    })
                }
                Err(e) => Some(e),
            }
        })
    };
    out.push(R(
        "seed 001, section 4 (table of a_m)",
        "modular:m=1..16",
        "printed a_m vs (number of P-positions - 1) / 2 of the general solver",
        "m = 1..16".into(),
        fail,
    ));
    let grids = [
        (
            "Appendix Table 1",
            "wythoff",
            include_str!("../../../../testdata/papers/seed001/table1-grundy-wythoff.txt"),
        ),
        (
            "Appendix Table 2",
            "modular:m=2",
            include_str!("../../../../testdata/papers/seed001/table2-grundy-modular-m2.txt"),
        ),
        (
            "Appendix Table 3",
            "modular:m=3",
            include_str!("../../../../testdata/papers/seed001/table3-grundy-modular-m3.txt"),
        ),
        (
            "Appendix Table 4",
            "modular:m=4",
            include_str!("../../../../testdata/papers/seed001/table4-grundy-modular-m4.txt"),
        ),
    ];
    for (label, name, text) in grids {
        let fail = (|| -> Result<Option<String>, String> {
            let g = parse_game(name).map_err(|e| e.to_string())?.game;
            let t = solve::grundy(&g, 16).map_err(|e| e.to_string())?;
            let rows: Vec<Vec<u32>> = data_lines(text)
                .skip(1)
                .map(|l| {
                    l.split_whitespace()
                        .skip(1)
                        .filter_map(|v| v.parse().ok())
                        .collect()
                })
                .collect();
            if rows.len() != 16 || rows.iter().any(|r| r.len() != 16) {
                return Ok(Some("the transcription is not 16 x 16".into()));
            }
            for (x, row) in rows.iter().enumerate() {
                for (y, &v) in row.iter().enumerate() {
                    if t.get(x, y) != Some(v) {
                        return Ok(Some(format!(
                            "g({x}, {y}): printed {v}, solver {:?}",
                            t.get(x, y)
                        )));
                    }
                }
            }
            Ok(None)
        })()
        .unwrap_or_else(Some);
        out.push(R(
            &format!("seed 001, {label}"),
            name,
            "printed Grundy values vs the general Grundy solver",
            "piles 0..15".into(),
            fail,
        ));
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn claims_pass_on_a_small_run() {
        crate::claims::assert_all_pass(claims(), 40, 100);
    }

    #[test]
    fn construction_1_starts_as_printed_in_section_2() {
        assert_eq!(construction_1(1), vec![(0, 0), (1, 2), (2, 1)]);
        assert_eq!(
            construction_1(2),
            vec![(0, 0), (1, 2), (2, 1), (3, 5), (5, 3)]
        );
    }
}
