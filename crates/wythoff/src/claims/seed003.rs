//! Seed 003 (restricted (s,t)-Wythoff): the rule equivalences of Remarks 1-4
//! and 16 (two rule values built and their tables compared), Lemma 12 and
//! Facts A.1-B.2 (the sequences of Theorems 13 and 14, from their mex
//! definitions (10) and (12)), Proposition 6 / Remark 8 (stability and
//! absorption of the solver's P-sets), and the worked Examples 5, 11 and
//! Remarks 10, 15.

use crate::catalogue::parse_game;
use crate::claims::general::first_difference;
use crate::claims::{Claim, ClaimReport, VerifyConfig};
use crate::rules::Convention;
use crate::solve::{self, OutcomeTable};

const R: fn(&str, &str, &str, String, Option<String>) -> ClaimReport = ClaimReport::new;

/// The claims of this module, for [`crate::claims::verify::registry`].
pub fn claims() -> Vec<Claim> {
    const ALL: &[&str] = &[
        "restricted",
        "st-wythoff",
        "m-wythoff",
        "wythoff",
        "odd-odd",
        "even-even",
        "odd-even",
        "even-odd",
    ];
    vec![
        Claim {
            id: "s003-remarks-1-4-16",
            games: ALL,
            source: "seed 003, Remarks 1, 2, 3, 4 and 16 (rule equivalences)",
            scope: "s, t in 1..=4 (R in 1..=4), both conventions, board clamp(N/2, 20, 200) (default 100); Remark 1 on lengths < 60",
            run: remarks,
        },
        Claim {
            id: "s003-lemma-12-facts",
            games: &["even-even"],
            source: "seed 003, Lemma 12 and Facts A.1, A.2, B.1, B.2",
            scope: "s, t in 1..=6, n < clamp(terms/10, 1000, 10^6) (default 10000)",
            run: lemma_12_facts,
        },
        Claim {
            id: "s003-prop-6-examples",
            games: ALL,
            source: "seed 003, Proposition 6, Remark 8, Examples 5 and 11, Remarks 10 and 15",
            scope: "the cells the examples name; stability and absorption on the board clamp(N/6, 16, 120) (default 33) for the four parity games, s, t in 1..=3, both conventions",
            run: prop_6_examples,
        },
    ]
}

fn rules_file_table(text: &str, n: usize, c: Convention) -> Result<OutcomeTable, String> {
    let (_, g) = crate::custom::parse_rules_file(text).map_err(|e| e.to_string())?;
    solve::outcomes(&g.with_convention(c), n).map_err(|e| e.to_string())
}

fn named_table(name: &str, n: usize, c: Convention) -> Result<OutcomeTable, String> {
    let g = parse_game(name).map_err(|e| e.to_string())?;
    solve::outcomes(&g.game.with_convention(c), n).map_err(|e| e.to_string())
}

/// The pairs of rule values that Remarks 2, 3, 4 and 16 say are the same game: (remark,
/// game, the restricted game it is), a game given as `file:` is a rules file's text.
fn remark_pairs() -> Vec<(&'static str, String, String)> {
    let mut pairs: Vec<(&'static str, String, String)> = Vec::new();
    for s in 1..=3u64 {
        for t in 1..=3u64 {
            pairs.push((
                "Remark 2",
                format!("st-wythoff:s={s},t={t}"),
                format!("restricted:s={s},t={t},h=all,v=all,d1=all,d2=all"),
            ));
        }
    }
    for a in 1..=4u64 {
        pairs.push((
            "Remark 2",
            format!("m-wythoff:m={a}"),
            format!("restricted:s=1,t={a},h=all,v=all,d1=all,d2=all"),
        ));
    }
    pairs.push((
        "Remark 2",
        "wythoff".into(),
        "restricted:s=1,t=1,h=all,v=all,d1=all,d2=all".into(),
    ));
    let file = |h: &str, d: &str, rel: &str| {
        format!("name = \"bounded\"\nh = \"{h}\"\nv = \"{h}\"\n[two-pile]\nd1 = \"{d}\"\nd2 = \"{d}\"\nrelation = \"{rel}\"\n")
    };
    for r in 1..=4u64 {
        let m = format!("max{r}");
        pairs.push((
            "Remark 3",
            format!("file:{}", file(&m, &m, "diagonal")),
            format!("restricted:s=1,t=1,h={m},v={m},d1={m},d2={m}"),
        ));
        pairs.push((
            "Remark 4 (1)",
            format!("file:{}", file("all", &m, "diagonal")),
            format!("restricted:s=1,t=1,h=all,v=all,d1={m},d2={m}"),
        ));
        pairs.push((
            "Remark 4 (2)",
            format!("file:{}", file(&m, "all", "diagonal")),
            format!("restricted:s=1,t=1,h={m},v={m},d1=all,d2=all"),
        ));
        for a in 2..=3u64 {
            pairs.push((
                "Remark 4 (3)",
                format!("file:{}", file(&m, "all", &format!("band:{a}"))),
                format!("restricted:s=1,t={a},h={m},v={m},d1=all,d2=all"),
            ));
            pairs.push((
                "Remark 4 (3)",
                format!("file:{}", file(&m, &m, &format!("band:{a}"))),
                format!("restricted:s=1,t={a},h={m},v={m},d1={m},d2={m}"),
            ));
        }
    }
    // Remark 16: for s = t = 1 the Odd-Even two-pile rule is empty: the game is Nim on odd / even lengths
    pairs.push((
        "Remark 16",
        "file:name = \"odd-even nim\"\nh = \"odd\"\nv = \"even\"\n".into(),
        "odd-even:s=1,t=1".into(),
    ));
    pairs.push((
        "Remark 16",
        "file:name = \"even-odd nim\"\nh = \"even\"\nv = \"odd\"\n".into(),
        "even-odd:s=1,t=1".into(),
    ));
    pairs
}

/// Remarks 1-4 and 16.
fn remarks(cfg: &VerifyConfig, progress: &mut dyn FnMut(u64, u64)) -> Vec<ClaimReport> {
    let n = (cfg.board / 2).clamp(20, 200) as usize;
    let range = format!("board {n}x{n}, both conventions");
    let mut out = Vec::new();
    // Remark 1: max(k, l) < s min(k, l) + t  <=>  |l - k| < (s - 1) min(k, l) + t, and the rules value
    let mut bad = None;
    for s in 1..=4u64 {
        for t in 1..=4u64 {
            let r = parse_game(&format!("restricted:s={s},t={t},h=all,v=all,d1=all,d2=all"))
                .expect("valid")
                .game;
            let r = r.as_single().expect("single").clone();
            for k in 1..60u64 {
                for l in 1..60u64 {
                    let lam = k.min(l);
                    let a = k.max(l) < s * lam + t;
                    let b = k.abs_diff(l) < (s - 1) * lam + t;
                    if a != b || b != r.is_move(k, l) {
                        bad.get_or_insert(format!(
                            "s={s}, t={t}, (k, l) = ({k}, {l}): {a}, {b}, rules {}",
                            r.is_move(k, l)
                        ));
                    }
                }
            }
        }
    }
    out.push(R("seed 003, Remark 1", "restricted:s=1..4,t=1..4", "max(k,l) < s min(k,l) + t (Fraenkel) <=> |l-k| < (s-1) min(k,l) + t (Eq. (5)/(6)) <=> a move of the rules value", "k, l < 60".into(), bad));
    // pairs of rule values that the remarks say are the same game
    let pairs = remark_pairs();
    let total = pairs.len() as u64;
    let mut by_remark: std::collections::BTreeMap<&str, (usize, Option<String>)> =
        Default::default();
    for (i, (remark, a, b)) in pairs.iter().enumerate() {
        progress(i as u64, total);
        let e = by_remark.entry(remark).or_default();
        e.0 += 1;
        for c in [Convention::Normal, Convention::Misere] {
            let ta = match a.strip_prefix("file:") {
                Some(text) => rules_file_table(text, n, c),
                None => named_table(a, n, c),
            };
            let la = if a.starts_with("file:") {
                "the rules file"
            } else {
                a.as_str()
            };
            let fail = match (ta, named_table(b, n, c)) {
                (Ok(x), Ok(y)) => first_difference(&x, la, &y, b),
                (Err(e), _) | (_, Err(e)) => Some(e),
            };
            if let Some(f) = fail {
                e.1.get_or_insert(format!("{b} ({c}): {f}"));
            }
        }
    }
    // Remark 16, the other half: for s + t > 2 the rule allows some two-pile move
    let mut bad16 = None;
    for s in 1..=4u64 {
        for t in 1..=4u64 {
            let r = parse_game(&format!("odd-even:s={s},t={t}"))
                .expect("valid")
                .game;
            let r = r.as_single().expect("single").clone();
            let some = (1..40u64).any(|k| (1..40u64).any(|l| r.is_move(k, l)));
            if some != (s + t > 2) {
                bad16.get_or_insert(format!("s={s}, t={t}: two-pile moves exist: {some}"));
            }
        }
    }
    let what = |r: &str| {
        match r {
        "Remark 2" => "(s,t)-Wythoff, a-Wythoff and Wythoff = the general restriction with all four sets Z>0",
        "Remark 3" => "bounded Wythoff (all distances <= R) = S1 = S2 = D1 = D2 = {n <= R}, s = t = 1 (vs a rules file)",
        "Remark 4 (1)" => "only the diagonal distance bounded = D1 = D2 = {n <= R} (vs a rules file)",
        "Remark 4 (2)" => "horizontal and vertical distances bounded = S1 = S2 = {n <= R} (vs a rules file)",
        "Remark 4 (3)" => "bounded a-Wythoff (s = 1, t = a), diagonal unbounded or bounded (vs a rules file)",
        _ => "s = t = 1: the Odd-Even (and Even-Odd) two-pile rule is empty: Nim on odd / even lengths (vs a rules file)",
    }
    };
    for (remark, (count, fail)) in by_remark {
        out.push(R(
            &format!("seed 003, {remark}"),
            &format!("{count} pairs of rule values"),
            &format!("{}: tables equal", what(remark)),
            range.clone(),
            fail,
        ));
    }
    out.push(R(
        "seed 003, Remark 16",
        "odd-even:s=1..4,t=1..4",
        "the Odd-Even two-pile rule allows some move iff s + t > 2",
        "k, l < 40".into(),
        bad16,
    ));
    out
}

/// `delta_t = 1` iff `t` is odd.
fn delta(t: u64) -> u64 {
    t % 2
}

/// The mex recurrence `X_n = mex{X_i, X_i + 1, Y_i, Y_i + 1 : i < n}`,
/// `Y_n = f(n, X_n)`, from `start` (the given first terms).
fn recurrence(count: usize, start: &[(u64, u64)], f: impl Fn(u64, u64) -> u64) -> Vec<(u64, u64)> {
    let mut out: Vec<(u64, u64)> = start.to_vec();
    let mut used = vec![false; 16];
    let mark = |used: &mut Vec<bool>, v: u64| {
        if v as usize + 2 > used.len() {
            used.resize(v as usize * 2 + 4, false);
        }
        used[v as usize] = true;
        used[v as usize + 1] = true;
    };
    for &(x, y) in start {
        mark(&mut used, x);
        mark(&mut used, y);
    }
    let mut mex = 0usize;
    while out.len() < count {
        while used[mex] {
            mex += 1;
        }
        let n = out.len() as u64;
        let x = mex as u64;
        let y = f(n, x);
        mark(&mut used, x);
        mark(&mut used, y);
        out.push((x, y));
    }
    out
}

/// The first failure of: even terms; strictly increasing from index `from`;
/// `{X_n, X_n + 1}` and `{Y_n, Y_n + 1}` cover every value below the last
/// `X` and meet exactly in `common`.
fn facts(seq: &[(u64, u64)], from: usize, common: &[u64]) -> (Option<String>, Option<String>) {
    let mut f1 = None;
    if let Some(n) = seq.iter().position(|&(x, y)| x % 2 == 1 || y % 2 == 1) {
        f1 = Some(format!("n={n}: ({}, {}) not both even", seq[n].0, seq[n].1));
    }
    if let Some(n) =
        (from + 1..seq.len()).find(|&n| seq[n].0 <= seq[n - 1].0 || seq[n].1 <= seq[n - 1].1)
    {
        f1.get_or_insert(format!("n={n}: not strictly increasing"));
    }
    let lim = seq.last().unwrap().0 as usize;
    let (mut in_x, mut in_y) = (vec![false; lim], vec![false; lim]);
    for &(x, y) in seq {
        for v in [x, x + 1] {
            if (v as usize) < lim {
                in_x[v as usize] = true;
            }
        }
        for v in [y, y + 1] {
            if (v as usize) < lim {
                in_y[v as usize] = true;
            }
        }
    }
    let mut f2 = None;
    if let Some(v) = (0..lim).find(|&v| !(in_x[v] || in_y[v])) {
        f2 = Some(format!("{v} is in neither set"));
    }
    let meet: Vec<u64> = (0..lim)
        .filter(|&v| in_x[v] && in_y[v])
        .map(|v| v as u64)
        .collect();
    let want: Vec<u64> = common.iter().flat_map(|&c| [c, c + 1]).collect();
    if meet != want {
        f2.get_or_insert(format!("the sets meet in {meet:?}, expected {want:?}"));
    }
    (f1, f2)
}

/// Lemma 12 (sequences (10): `A_n = mex{A_i, A_i + 1, B_i, B_i + 1}`,
/// `B_n = s A_n + (t + delta_t) n`): (I) even, (II) strictly increasing,
/// (III) `B_n > A_n + 1 > A_n` for n >= 1, (IV) `A` and `B` complementary.
/// Facts A.1, A.2 (Theorem 14 (A), s != 1 or t > 2: `E_n` by (12),
/// `H_n = s E_n + (t + delta_t) n + 2`) and B.1, B.2 (case (B), s = 1,
/// t in {1, 2}: `E_0 = H_0 = 4`, `H_n = E_n + 2n`; the sets meet in {4} only
/// (with 4 + 1 = 5, as both sets are thickened by one)).
fn lemma_12_facts(cfg: &VerifyConfig, progress: &mut dyn FnMut(u64, u64)) -> Vec<ClaimReport> {
    let count = (cfg.terms / 10).clamp(1000, 1_000_000) as usize;
    let mut bad: [Option<String>; 7] = Default::default();
    for s in 1..=6u64 {
        progress(s - 1, 6);
        for t in 1..=6u64 {
            let ab = recurrence(count, &[], |n, a| s * a + (t + delta(t)) * n);
            let (f1, f2) = facts(&ab, 0, &[0]);
            if let Some(f) = f1 {
                bad[0].get_or_insert(format!("s={s}, t={t}: {f}"));
            }
            if let Some(n) = (1..ab.len()).find(|&n| !(ab[n].1 > ab[n].0 + 1)) {
                bad[1].get_or_insert(format!(
                    "s={s}, t={t}, n={n}: B_n = {}, A_n = {}",
                    ab[n].1, ab[n].0
                ));
            }
            // A_0 = B_0 = 0 is the one shared pair: the sets meet in {0, 1} only
            if let Some(f) = f2 {
                bad[2].get_or_insert(format!("s={s}, t={t}: {f}"));
            }
            if s != 1 || t > 2 {
                let eh = recurrence(count, &[], |n, e| s * e + (t + delta(t)) * n + 2);
                let (f1, f2) = facts(&eh, 0, &[]);
                if let Some(f) = f1 {
                    bad[3].get_or_insert(format!("s={s}, t={t}: {f}"));
                }
                if let Some(f) = f2 {
                    bad[4].get_or_insert(format!("s={s}, t={t}: {f}"));
                }
            } else {
                let eh = recurrence(count, &[(4, 4)], |n, e| e + 2 * n);
                let (f1, f2) = facts(&eh, 1, &[4]);
                if let Some(f) = f1 {
                    bad[5].get_or_insert(format!("s={s}, t={t}: {f}"));
                }
                if let Some(f) = f2 {
                    bad[6].get_or_insert(format!("s={s}, t={t}: {f}"));
                }
            }
        }
    }
    let range = format!("s, t in 1..=6, n < {count}");
    let g = "even-even:s=1..6,t=1..6";
    let [b0, b1, b2, b3, b4, b5, b6] = bad;
    vec![
        R("seed 003, Lemma 12 (I), (II)", g, "A_n, B_n even and strictly increasing (recurrence (10))", range.clone(), b0),
        R("seed 003, Lemma 12 (III)", g, "B_n > A_n + 1 > A_n for n >= 1", range.clone(), b1),
        R("seed 003, Lemma 12 (IV)", g, "A = U{A_n, A_n + 1} and B = U{B_n, B_n + 1} cover Z>=0 and meet only in A_0 = B_0 = 0 (and 1)", range.clone(), b2),
        R("seed 003, Fact A.1", g, "s != 1 or t > 2: E_n, H_n even and strictly increasing (recurrence (12))", range.clone(), b3),
        R("seed 003, Fact A.2", g, "s != 1 or t > 2: E u H = Z>=0, E n H empty", range.clone(), b4),
        R("seed 003, Fact B.1", g, "s = 1, t in {1, 2}: E_n, H_n even, strictly increasing for n >= 1 (E_0 = H_0 = 4)", range.clone(), b5),
        R("seed 003, Fact B.2", g, "s = 1, t in {1, 2}: E u H = Z>=0, E n H = {4} (with 4 + 1)", range, b6),
    ]
}

/// Proposition 6 / Remark 8 (Facts 1, 2): on the solver's tables, no option of
/// a P-position is P (stability) and every N-position has a P option
/// (absorption; in misère play a position without options is N). Examples 5,
/// 11 and Remarks 10, 15 on the named cells.
fn prop_6_examples(cfg: &VerifyConfig, progress: &mut dyn FnMut(u64, u64)) -> Vec<ClaimReport> {
    let n = (cfg.board / 6).clamp(16, 120) as usize;
    let mut out = Vec::new();
    let mut bad = None;
    let mut sym = None;
    let mut games = 0;
    for (i, g) in ["odd-odd", "even-even", "odd-even", "even-odd"]
        .iter()
        .enumerate()
    {
        progress(i as u64, 4);
        for s in 1..=3u64 {
            for t in 1..=3u64 {
                let name = format!("{g}:s={s},t={t}");
                let game = parse_game(&name).expect("valid").game;
                let r = game.as_single().expect("single").clone();
                for c in [Convention::Normal, Convention::Misere] {
                    games += 1;
                    let rc = r.with_convention(c);
                    let tb = match solve::outcomes(&game.with_convention(c), n) {
                        Ok(t) => t,
                        Err(e) => {
                            bad.get_or_insert(e.to_string());
                            continue;
                        }
                    };
                    for x in 0..n as u64 {
                        for y in 0..n as u64 {
                            let opts = rc.options(x, y);
                            let p_opt = opts.iter().any(|o| tb.is_p(o.0 as usize, o.1 as usize));
                            let is_p = tb.is_p(x as usize, y as usize);
                            let want_n = p_opt || (c == Convention::Misere && opts.is_empty());
                            if is_p == want_n {
                                bad.get_or_insert(format!(
                                    "{name} ({c}): ({x}, {y}) is {} with a P option: {p_opt}",
                                    if is_p { "P" } else { "N" }
                                ));
                            }
                            if (*g == "odd-odd" || *g == "even-even")
                                && is_p != tb.is_p(y as usize, x as usize)
                            {
                                sym.get_or_insert(format!(
                                    "{name} ({c}): ({x}, {y}) and ({y}, {x}) differ"
                                ));
                            }
                        }
                    }
                }
            }
        }
    }
    let range = format!("board {n}x{n}");
    out.push(R("seed 003, Proposition 6 and Remark 8 (Facts 1, 2)", &format!("{games} parity games and conventions"), "stability (no P option of a P-position) and absorption (every N-position has a P option) of the solver's P-set, from the options of the rules", range.clone(), bad));
    out.push(R(
        "seed 003, Remark 10 and section 3",
        "odd-odd, even-even, s, t in 1..=3",
        "Odd-Odd and Even-Even are symmetric: (x, y) and (y, x) have the same outcome",
        range.clone(),
        sym,
    ));
    let cell = |name: &str, c: Convention, cells: &[(usize, usize, bool)]| -> Option<String> {
        match named_table(name, 12, c) {
            Ok(t) => cells
                .iter()
                .find(|&&(x, y, p)| t.is_p(x, y) != p)
                .map(|&(x, y, p)| format!("({x}, {y}) is {}", if p { "N" } else { "P" })),
            Err(e) => Some(e),
        }
    };
    let ex5 = "restricted:s=2,t=2,h=all,v=all,d1=all,d2=all";
    let mut fail = cell(
        ex5,
        Convention::Normal,
        &[
            (1, 4, true),
            (0, 1, false),
            (0, 2, false),
            (0, 3, false),
            (0, 4, false),
            (1, 0, false),
            (1, 1, false),
            (1, 2, false),
            (1, 3, false),
        ],
    );
    if fail.is_none() {
        let r = parse_game(ex5)
            .expect("valid")
            .game
            .as_single()
            .expect("single")
            .clone();
        let mut opts: Vec<(u64, u64)> = r.options(1, 4).iter().map(|o| (o.0, o.1)).collect();
        opts.sort_unstable();
        let want = vec![
            (0, 1),
            (0, 2),
            (0, 3),
            (0, 4),
            (1, 0),
            (1, 1),
            (1, 2),
            (1, 3),
        ];
        if opts != want {
            fail = Some(format!("Option(1, 4) = {opts:?}"));
        }
    }
    out.push(R("seed 003, Example 5", ex5, "(1, 4) is P with Option(1, 4) = {(0,4)} u {(1,0..3)} u {(0,1..3)}; (0, 1..4), (1, 0), (1, 1..3) are N", "board 12x12".into(), fail));
    out.push(R(
        "seed 003, Example 11",
        "even-even:s=1,t=1",
        "(0, 1) and (1, 0) are P-positions (normal play)",
        "board 12x12".into(),
        cell(
            "even-even:s=1,t=1",
            Convention::Normal,
            &[(0, 1, true), (1, 0, true)],
        ),
    ));
    let mut fail = cell(
        "odd-even:s=1,t=1",
        Convention::Normal,
        &[(0, 0, true), (0, 1, true), (1, 0, false)],
    );
    let r = parse_game("odd-even:s=1,t=1")
        .expect("valid")
        .game
        .as_single()
        .expect("single")
        .clone();
    if fail.is_none() && !(r.is_move(7, 0) && !r.is_move(0, 7)) {
        fail = Some("(10, 8) -> (3, 8) and (8, 10) -> (8, 3) are not as stated".into());
    }
    out.push(R("seed 003, Remark 15", "odd-even:s=1,t=1", "no symmetry: (0,0), (0,1) P and (1,0) N; (10,8) -> (3,8) is a move, (8,10) -> (8,3) is not", "board 12x12".into(), fail));
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn claims_pass_on_a_small_run() {
        crate::claims::assert_all_pass(claims(), 40, 2000);
    }

    #[test]
    fn recurrences_start_as_printed() {
        // Table 1 (s = t = 1) and Table 6 (E, H for s = t = 1)
        let ab = recurrence(5, &[], |n, a| a + 2 * n);
        assert_eq!(ab, vec![(0, 0), (2, 4), (6, 10), (8, 14), (12, 20)]);
        let eh = recurrence(4, &[(4, 4)], |n, e| e + 2 * n);
        assert_eq!(eh, vec![(4, 4), (0, 2), (6, 10), (8, 14)]);
    }
}
