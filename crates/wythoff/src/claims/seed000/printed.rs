//! Seed 000's printed material: Remark 5's final positions, the appendix, Examples 1-5,
//! the figures and the tables, each against the general solvers.

use super::*;

/// The box where Remark 5's final positions are searched (every option enumerated).
const FINALS_BOX: u64 = 20;

/// The cells of two tables that differ, restricted to cells on both boards.
fn first_difference_on(
    a: &solve::OutcomeTable,
    an: &str,
    b: &solve::OutcomeTable,
    bn: &str,
    on: impl Fn(u64, u64) -> bool,
) -> Option<String> {
    let n = a.size().min(b.size());
    (0..n)
        .flat_map(|x| (0..n).map(move |y| (x, y)))
        .find(|&(x, y)| on(x as u64, y as u64) && a.is_p(x, y) != b.is_p(x, y))
        .map(|(x, y)| {
            let s = |t: bool| if t { "P" } else { "N" };
            format!(
                "({x}, {y}) is {} in {an} but {} in {bn}",
                s(a.is_p(x, y)),
                s(b.is_p(x, y))
            )
        })
}

fn rules_file_table(text: &str, n: usize) -> Result<solve::OutcomeTable, String> {
    let (_, g) = crate::custom::parse_rules_file(text).map_err(|e| e.to_string())?;
    solve::outcomes(&g, n).map_err(|e| e.to_string())
}

/// Remark 5: the identities it states, each as two rule values compared on
/// the board: mWN^p_m = mWN^p (blocking class: roob moves, i.e. one-pile moves
/// of length >= m); mWN^p_1 = m-Wythoff with any p - 1 rook options blockable;
/// m x p WN_(lm, m(p-l)) = m x p WN_l; the final positions of m x p WN_(u,v) are
/// exactly (u, 0) and (0, v); and (after [Fra84]) the corner game with only
/// (0, 0) removed is misère (mp)-Wythoff on every other position.
pub(super) fn remark_5(cfg: &VerifyConfig, progress: &mut dyn FnMut(u64, u64)) -> Vec<ClaimReport> {
    let n = (cfg.board / 2).clamp(20, 400) as usize;
    let src = "seed 000, Remark 5";
    let range = format!("board {n}x{n}");
    let mut out = Vec::new();
    let (mut bad_m, mut bad_1) = (None, None);
    for m in 1..=3u64 {
        for p in 1..=3u64 {
            progress((m - 1) * 3 + p - 1, 9);
            let base = format!("roob-blocking:m={m},p={p}");
            for (l, min, slot) in [(m, m, &mut bad_m), (1, 1, &mut bad_1)] {
                let game = format!("roob-blocking:m={m},p={p},l={l}");
                let file = format!(
                    "name = \"rook-blocking\"\n[two-pile]\nd1 = \"all\"\nd2 = \"all\"\nrelation = \"band:{m}\"\n[blocking]\nclass = \"one-pile\"\nmin = {min}\np = {p}\n"
                );
                let fail = match (table(&game, n), rules_file_table(&file, n)) {
                    (Ok(a), Ok(b)) => first_difference(
                        &a,
                        &game,
                        &b,
                        &format!(
                            "m-Wythoff with one-pile moves of length >= {min} blockable (p = {p})"
                        ),
                    ),
                    (Err(e), _) | (_, Err(e)) => Some(e),
                };
                if l == m && fail.is_none() {
                    // and the default l of the catalogue is m
                    if let (Ok(a), Ok(b)) = (table(&game, n), table(&base, n)) {
                        if let Some(d) = first_difference(&a, &game, &b, &base) {
                            slot.get_or_insert(d);
                        }
                    }
                }
                if let Some(f) = fail {
                    slot.get_or_insert(f);
                }
            }
        }
    }
    out.push(R(src, "roob-blocking:m=1..3,p=1..3,l=m", "mWN^p_m = mWN^p: the l = m game vs a rules file blocking one-pile moves of length >= m, and vs the default", range.clone(), bad_m));
    out.push(R(src, "roob-blocking:m=1..3,p=1..3,l=1", "mWN^p_1 = m-Wythoff where any p - 1 rook-type options may be blocked (rules file, one-pile class from length 1)", range.clone(), bad_1));
    // corners
    let (mut bad_c, mut bad_f, mut bad_mis) = (None, None, None);
    for m in 1..=2u64 {
        for p in 1..=4u64 {
            if m * p > 4 {
                continue;
            }
            for l in 1..p {
                let (u, v) = (l * m, m * (p - l));
                let (c, s) = (
                    format!("corner:m={m},p={p},u={u},v={v}"),
                    format!("shifted:m={m},p={p},l={l}"),
                );
                let g = parse_game(&c).expect("valid").game;
                let fail = match (table(&c, n), table(&s, n)) {
                    (Ok(a), Ok(b)) => {
                        first_difference_on(&a, &c, &b, &s, |x, y| g.on_some_board(x, y))
                    }
                    (Err(e), _) | (_, Err(e)) => Some(e),
                };
                if let Some(f) = fail {
                    bad_c.get_or_insert(f);
                }
            }
            for (u, v) in [(1u64, 1u64), (2, 3), (3, 1), (4, 4)] {
                let c = format!("corner:m={m},p={p},u={u},v={v}");
                let g = parse_game(&c).expect("valid").game;
                let r = g.as_single().expect("single").clone();
                let finals: Vec<(u64, u64)> = (0..FINALS_BOX)
                    .flat_map(|x| (0..FINALS_BOX).map(move |y| (x, y)))
                    .filter(|&(x, y)| r.on_board(x, y) && r.options(x, y).is_empty())
                    .collect();
                if finals != [(0, v), (u, 0)] {
                    bad_f.get_or_insert(format!("{c}: final positions {finals:?}"));
                }
            }
            let c = format!("corner:m={m},p={p},u=1,v=1");
            let w = format!("m-wythoff:m={}", m * p);
            let fail = parse_game(&w)
                .map_err(|e| e.to_string())
                .and_then(|g| {
                    solve::outcomes(&g.game.with_convention(Convention::Misere), n)
                        .map_err(|e| e.to_string())
                })
                .and_then(|mis| table(&c, n).map(|t| (t, mis)))
                .map_or_else(Some, |(t, mis)| {
                    first_difference_on(&t, &c, &mis, &format!("misère {w}"), |x, y| {
                        (x, y) != (0, 0)
                    })
                });
            if let Some(f) = fail {
                bad_mis.get_or_insert(f);
            }
        }
    }
    out.push(R(
        src,
        "corner vs shifted, m p <= 4",
        "m x p WN_(lm, m(p-l)) = m x p WN_l: general solver, every position of the board",
        range.clone(),
        bad_c,
    ));
    out.push(R(
        src,
        "corner:u,v in (1,1),(2,3),(3,1),(4,4), m p <= 4",
        "the final positions (no option) of m x p WN_(u,v) are exactly (u, 0) and (0, v)",
        format!("x, y < {FINALS_BOX}"),
        bad_f,
    ));
    out.push(R(
        src,
        "corner:m,p,u=1,v=1 vs misère m-wythoff:m=mp, m p <= 4",
        "identical to misère (mp)-Wythoff Nim [Fra84] on every position but the removed (0, 0)",
        range,
        bad_mis,
    ));
    out
}

/// Fraenkel's appendix: with `alpha = (2 - a p + sqrt(a^2 p^2 + 4)) / (2p)`,
/// `beta = alpha + a`, `M = floor(1/alpha) + 1`, `N = floor(1/beta) + 1`:
/// `1/p < alpha < 2/p < beta`; Theorem 1: `S = {floor(n alpha)}_(n >= M)` and
/// `T = {floor(n beta)}_(n >= N)` hold every positive integer exactly p times
/// and nothing else; Remark (i): `floor(1/alpha) = p - N`, `M = p - N + 1`;
/// Remark (ii): `floor((M-1) alpha) = floor((N-1) beta) = 0`, `N <= M`, for
/// `N <= n < M` `floor(n alpha) = 0 < floor(n beta)`, and `M + N = p + 1` zeros.
pub(super) fn appendix(cfg: &VerifyConfig, progress: &mut dyn FnMut(u64, u64)) -> Vec<ClaimReport> {
    let v = value_range(cfg);
    let (mut bad_t, mut bad_r, mut bad_b) = (None, None, None);
    let mut n_pairs = 0;
    for p in 1..=6i128 {
        progress(p as u64 - 1, 6);
        for &(u, w) in A_LIST {
            let (al, be, d) = quad_pair(p, u, w);
            if !al.is_irrational() {
                continue;
            }
            n_pairs += 1;
            let label = format!("p={p}, a={u}/{w}");
            let c = 2 * w - u * p;
            // 1/alpha = (sqrt D - c) / (2u), 1/beta = p - 1/alpha
            let inv_a = Quad::new(-c, 1, d, 2 * u);
            let inv_b = Quad::new(2 * u * p + c, -1, d, 2 * u);
            let big_m = inv_a.floor_mul(1) + 1;
            let big_n = inv_b.floor_mul(1) + 1;
            if al.floor_mul(p) != 1 || be.floor_mul(p) < 2 {
                bad_b.get_or_insert(format!(
                    "{label}: floor(p alpha) = {}, floor(p beta) = {}",
                    al.floor_mul(p),
                    be.floor_mul(p)
                ));
            }
            let mut count = vec![0u32; v as usize];
            add_counts(&mut count, &al, 1, 0, big_m);
            add_counts(&mut count, &be, 1, 0, big_n);
            if count[0] != 0 {
                bad_t.get_or_insert(format!("{label}: 0 occurs {} times in S u T", count[0]));
            }
            if let Some(x) = (1..v as usize).find(|&x| count[x] as i128 != p) {
                bad_t.get_or_insert(format!(
                    "{label}: {x} occurs {} times in S u T, not p",
                    count[x]
                ));
            }
            let zeros = (0..big_m).filter(|&n| al.floor_mul(n) == 0).count() as i128
                + (0..big_n).filter(|&n| be.floor_mul(n) == 0).count() as i128;
            let ok = inv_a.floor_mul(1) == p - big_n
                && big_m == p - big_n + 1
                && al.floor_mul(big_m - 1) == 0
                && be.floor_mul(big_n - 1) == 0
                && big_n <= big_m
                && (big_n..big_m).all(|n| al.floor_mul(n) == 0 && be.floor_mul(n) > 0)
                && zeros == p + 1
                && big_m + big_n == p + 1;
            if !ok {
                bad_r.get_or_insert(format!(
                    "{label}: M = {big_m}, N = {big_n}, zeros = {zeros}"
                ));
            }
        }
    }
    let range = format!("p in 1..=6, values < {v}");
    let g = "Fraenkel's homogeneous Beatty pairs";
    vec![
        R("seed 000, Appendix (Fraenkel), alpha and beta", g, &format!("{n_pairs} pairs: 1/p < alpha < 2/p < beta (exact floors of p alpha, p beta)"), range.clone(), bad_b),
        R("seed 000, Appendix (Fraenkel), Theorem 1", g, "S = {floor(n alpha)}_(n>=M), T = {floor(n beta)}_(n>=N) are p-fold complementary (S u T = p x Z>0)", range.clone(), bad_t),
        R("seed 000, Appendix (Fraenkel), Remarks (i), (ii)", g, "floor(1/alpha) = p - N, M = p - N + 1, N <= M, floor((M-1) alpha) = floor((N-1) beta) = 0, M + N = p + 1 zeros", range, bad_r),
    ]
}

/// Examples 1-5 (section 2.2), on the general solver.
pub(super) fn examples_1_5(
    cfg: &VerifyConfig,
    _progress: &mut dyn FnMut(u64, u64),
) -> Vec<ClaimReport> {
    let n = cfg.board.max(12) as usize;
    let mut out = Vec::new();
    let mut case = |src: &str,
                    game: &str,
                    what: &str,
                    check: &dyn Fn(&solve::OutcomeTable) -> Option<String>| {
        let fail = table(game, n).map_or_else(Some, |t| check(&t));
        out.push(R(
            &format!("seed 000, {src}"),
            game,
            what,
            format!("board {n}x{n}"),
            fail,
        ));
    };
    let pn = |t: &solve::OutcomeTable, x: usize, y: usize| if t.is_p(x, y) { "P" } else { "N" };
    case(
        "Example 1",
        "roob-blocking:m=2,p=2",
        "{0, y} is P iff y = 0 or 2",
        &|t| {
            (0..n)
                .find(|&y| {
                    (t.is_p(0, y) && t.is_p(y, 0)) != (y == 0 || y == 2)
                        || t.is_p(0, y) != t.is_p(y, 0)
                })
                .map(|y| format!("(0, {y}) is {}", pn(t, 0, y)))
        },
    );
    case(
        "Example 2",
        "modulo-rook:m=2,l=0,p=2",
        "(0, 2) is N, (0, 3) is P, (0, 1) is N",
        &|t| {
            (pn(t, 0, 2), pn(t, 0, 3), pn(t, 0, 1))
                .ne(&("N", "P", "N"))
                .then(|| {
                    format!(
                        "(0,2), (0,3), (0,1) are {}, {}, {}",
                        pn(t, 0, 2),
                        pn(t, 0, 3),
                        pn(t, 0, 1)
                    )
                })
        },
    );
    case(
        "Example 3",
        "modulo-rook:m=2,l=2,p=4",
        "(0, 2) is P and (0, y) is N for every y >= 3",
        &|t| {
            if !t.is_p(0, 2) {
                return Some("(0, 2) is N".into());
            }
            (3..n)
                .find(|&y| t.is_p(0, y))
                .map(|y| format!("(0, {y}) is P"))
        },
    );
    case("Example 4", "roob-blocking:m=2,p=3", "(0, 4) is P", &|t| {
        (!t.is_p(0, 4)).then(|| "(0, 4) is N".into())
    });
    case(
        "Example 5",
        "modulo-rook:m=2,l=0,p=3",
        "(0, 4) is P",
        &|t| (!t.is_p(0, 4)).then(|| "(0, 4) is N".into()),
    );
    // the comparison after Example 5: P-sets of Examples 1 and 2 differ, of 1 and 3 coincide
    let (e1, e2, e3) = (
        "roob-blocking:m=2,p=2",
        "modulo-rook:m=2,l=0,p=2",
        "modulo-rook:m=2,l=2,p=4",
    );
    let fail = match (table(e1, n), table(e2, n), table(e3, n)) {
        (Ok(a), Ok(b), Ok(c)) => match (
            first_difference(&a, e1, &b, e2),
            first_difference(&a, e1, &c, e3),
        ) {
            (Some(_), None) => None,
            (None, _) => Some(format!("{e1} and {e2} agree on the board")),
            (_, Some(d)) => Some(d),
        },
        (Err(e), _, _) | (_, Err(e), _) | (_, _, Err(e)) => Some(e),
    };
    out.push(R(
        "seed 000, remark after Example 5",
        &format!("{e1}, {e2}, {e3}"),
        "P-sets of Examples 1 and 2 differ; of Examples 1 and 3 coincide",
        format!("board {n}x{n}"),
        fail,
    ));
    out
}

/// Rows, columns and diagonals of a P-set: the number of P-positions in each
/// row and column `< lim`, and in each diagonal `y - x = d`, `|d| < lim`.
fn line_counts(t: &solve::OutcomeTable, lim: usize) -> (Vec<usize>, Vec<usize>, Vec<usize>) {
    let n = t.size();
    let rows = (0..lim)
        .map(|x| (0..n).filter(|&y| t.is_p(x, y)).count())
        .collect();
    let cols = (0..lim)
        .map(|y| (0..n).filter(|&x| t.is_p(x, y)).count())
        .collect();
    let diags = (0..2 * lim - 1)
        .map(|i| {
            let d = i as i64 - (lim as i64 - 1);
            (0..n)
                .filter(|&x| {
                    let y = x as i64 + d;
                    y >= 0 && (y as usize) < n && t.is_p(x, y as usize)
                })
                .count()
        })
        .collect();
    (rows, cols, diags)
}

/// Figure 1: the P-positions of WN^(3) have exactly three in each row and
/// column and one on each diagonal; those of 3-Wythoff one in each row and one
/// on every third diagonal. Figure 2: 2WN^(3), 2WN^3, 2WN^(2,6) and 2x3WN have
/// three in each row and column and one on every second diagonal; the darkest
/// ({a_(3i), b_(3i)}) are the P-positions of 6-Wythoff.
pub(super) fn figures(cfg: &VerifyConfig, _progress: &mut dyn FnMut(u64, u64)) -> Vec<ClaimReport> {
    // every P-position with smaller pile below lim has larger pile < 12 lim here
    let n = cfg.board.max(240) as usize;
    let lim = n / 12;
    let mut out = Vec::new();
    let pattern = |name: &str, per_row: usize, step: usize| -> Option<String> {
        let t = match table(name, n) {
            Ok(t) => t,
            Err(e) => return Some(e),
        };
        let (rows, cols, diags) = line_counts(&t, lim);
        if let Some(x) = rows.iter().position(|&c| c != per_row) {
            return Some(format!("row x = {x} holds {} P-positions", rows[x]));
        }
        if let Some(y) = cols.iter().position(|&c| c != per_row) {
            return Some(format!("column y = {y} holds {} P-positions", cols[y]));
        }
        diags.iter().enumerate().find_map(|(i, &c)| {
            let d = (i as i64 - (lim as i64 - 1)).unsigned_abs() as usize;
            let want = usize::from(d % step == 0);
            (c != want).then(|| {
                format!(
                    "diagonal y - x = {} holds {c} P-positions",
                    i as i64 - (lim as i64 - 1)
                )
            })
        })
    };
    let range = format!("rows, columns, diagonals below {lim} on the board {n}x{n}");
    out.push(R(
        "seed 000, Figure 1",
        "connell:p=3",
        "three P-positions in each row and column, one on each diagonal",
        range.clone(),
        pattern("connell:p=3", 3, 1),
    ));
    out.push(R(
        "seed 000, Figure 1",
        "m-wythoff:m=3",
        "black: one P-position in each row and column, one on every third diagonal",
        range.clone(),
        pattern("m-wythoff:m=3", 1, 3),
    ));
    for g in [
        "modulo-rook:m=2,l=0,p=3",
        "roob-blocking:m=2,p=3",
        "modulo-rook:m=2,l=2,p=6",
        "choose-shift:m=2,p=3",
    ] {
        out.push(R(
            "seed 000, Figure 2",
            g,
            "three P-positions in each row and column, one on every second diagonal",
            range.clone(),
            pattern(g, 3, 2),
        ));
    }
    let fail = match (table("roob-blocking:m=2,p=3", n), table("m-wythoff:m=6", n)) {
        (Ok(a), Ok(b)) => {
            let every3: Vec<_> = pairs_of(&a).into_iter().step_by(3).collect();
            let six = pairs_of(&b);
            let k = every3.len().min(six.len());
            (0..k)
                .find(|&i| every3[i] != six[i])
                .map(|i| format!("pair {i}: {:?} vs 6-Wythoff {:?}", every3[i], six[i]))
        }
        (Err(e), _) | (_, Err(e)) => Some(e),
    };
    out.push(R(
        "seed 000, Figure 2",
        "roob-blocking:m=2,p=3 vs m-wythoff:m=6",
        "darkest squares {a_(3i), b_(3i)} are the P-positions of 6-Wythoff Nim",
        format!("board {n}x{n}"),
        fail,
    ));
    out
}

/// The pairs `(x, y)`, `x <= y`, of a symmetric P-set sorted by `(x, y)`.
fn sorted_pairs(t: &solve::OutcomeTable) -> Vec<(u64, u64)> {
    let mut v: Vec<(u64, u64)> = t
        .p_positions()
        .into_iter()
        .filter(|&(x, y)| x <= y)
        .collect();
    v.sort_unstable();
    v
}

/// The first index where `d_i - c_i` leaves the arithmetic progression of its
/// first two terms, over the pairs whose larger pile is below `lim`.
fn leaves_progression(pairs: &[(u64, u64)], lim: u64) -> Option<usize> {
    let d: Vec<i64> = pairs
        .iter()
        .filter(|p| p.1 < lim)
        .map(|&(c, e)| e as i64 - c as i64)
        .collect();
    (2..d.len()).find(|&i| d[i] - d[i - 1] != d[1] - d[0])
}

/// Tables 1-4. Tables 1 and 2 as printed (transcribed in `testdata/papers/seed000`)
/// against the general solver's pairs. Tables 3 and 4 are not in our copy, so the
/// sentence about them is checked: the differences `d_i - c_i` of 2WN^(1,3) "(as in
/// Table 3)" are not an arithmetic progression. Each check names the reading it
/// takes. Table 3's rows are labelled `c^(0,2,2)`, `d^(0,2,2)`, i.e. 2WN^(2) (an
/// audit against the printed paper; only the caption, "2WN^2", is in our copy), and
/// for 2WN^(2) the sentence holds; the caption read literally would be 2WN^2, with
/// differences `2i` by Theorem 2.1 (i). Its last pair, printed (9, 49), is a misprint
/// for (9, 50). For Table 4 only the caption is known: read literally (the literal rook)
/// 2WN^(1,3) is 2WN^(3), with differences `2i`; with rook lengths `3i + j`, `j <= l`,
/// the sentence holds. No verdict "as printed" is drawn from a caption alone.
pub(super) fn tables(cfg: &VerifyConfig, _progress: &mut dyn FnMut(u64, u64)) -> Vec<ClaimReport> {
    let n = cfg.board.max(60) as usize;
    let mut out = Vec::new();
    for (label, text, games) in [
        (
            "Table 1",
            include_str!("../../../../../testdata/papers/seed000/table1-wn3.txt"),
            &["connell:p=3"][..],
        ),
        (
            "Table 2",
            include_str!("../../../../../testdata/papers/seed000/table2-m2-p3.txt"),
            &[
                "roob-blocking:m=2,p=3",
                "modulo-rook:m=2,l=0,p=3",
                "modulo-rook:m=2,l=2,p=6",
                "choose-shift:m=2,p=3",
            ][..],
        ),
    ] {
        let printed: Vec<(u64, u64)> = text
            .lines()
            .filter(|l| !l.trim().is_empty() && !l.starts_with('#'))
            .filter_map(|l| {
                l.split_once(',')
                    .and_then(|(a, b)| Some((a.trim().parse().ok()?, b.trim().parse().ok()?)))
            })
            .collect();
        for g in games {
            let fail = table(g, n).map_or_else(Some, |t| {
                let got = pairs_of(&t);
                if printed.len() != 17 {
                    return Some(format!("{} printed pairs read, 17 expected", printed.len()));
                }
                (0..printed.len())
                    .find(|&i| got.get(i) != Some(&printed[i]))
                    .map(|i| format!("n = {i}: printed {:?}, solver {:?}", printed[i], got.get(i)))
            });
            out.push(R(
                &format!("seed 000, {label}"),
                g,
                "printed pairs (a_n, b_n), n = 0..16, vs the general solver's",
                format!("board {n}x{n}"),
                fail,
            ));
        }
    }
    let lim = (n / 2) as u64;
    // Table 3: its rows are labelled c^(0,2,2), d^(0,2,2), i.e. 2WN^(2) (the (0,p)-rook,
    // p = 2), although the caption prints 2WN^2 without the parentheses (per an audit
    // against the printed paper: the table is not in our copy). The sentence "the
    // differences are not in arithmetic progression" is read for the game of the row
    // labels, where it holds; under the caption's literal 2WN^2 they would be 2i.
    let (t3, t3_caption) = ("modulo-rook:m=2,l=0,p=2", "roob-blocking:m=2,p=2");
    let fail = match (table(t3, n), table(t3_caption, n)) {
        (Ok(a), Ok(b)) => match (
            leaves_progression(&sorted_pairs(&a), lim),
            leaves_progression(&sorted_pairs(&b), lim),
        ) {
            (Some(_), None) => None,
            (x, y) => Some(format!(
                "{t3} leaves the progression at {x:?}, the caption's literal {t3_caption} at {y:?}"
            )),
        },
        (Err(e), _) | (_, Err(e)) => Some(e),
    };
    out.push(R(
        "seed 000, Table 3",
        t3,
        "the differences d_i - c_i are not in arithmetic progression: holds for 2WN^(2), the game of the printed rows' labels c^(0,2,2), d^(0,2,2) (the caption's 2WN^2, read literally, has differences 2i: Theorem 2.1 (i))",
        format!("pairs (c_i, d_i), c_i <= d_i < {lim}, sorted"),
        fail,
    ));
    // Its last printed pair (9, 49) (reported by the audit) is a misprint: (9, 49) is
    // N by the rook move to (9, 1) (48 is a multiple of 2), and (9, 50) is the pair.
    let fail = table(t3, n).map_or_else(Some, |t| {
        let pairs = sorted_pairs(&t);
        let p9: Vec<u64> = pairs.iter().filter(|p| p.0 == 9).map(|p| p.1).collect();
        (t.is_p(9, 49) || !t.is_p(9, 1) || p9 != [50]).then(|| {
            format!(
                "(9, y) P-positions with y >= 9: {p9:?}; (9, 49) P: {}, (9, 1) P: {}",
                t.is_p(9, 49),
                t.is_p(9, 1)
            )
        })
    });
    out.push(R(
        "seed 000, Table 3",
        t3,
        "known disagreement: the printed last pair (9, 49) is N: the move to (9, 1) (48 tokens, a multiple of 2) reaches a P-position; the pair with c = 9 is (9, 50)",
        format!("board {n}x{n}"),
        fail,
    ));
    // Table 4: only its caption is in our copy (2WN^(1,3)); which game its rows show
    // is not known here, so the sentence is checked under both readings of the rook
    // and no "as printed" verdict is drawn.
    let (t4, t4_other) = ("modulo-rook:m=2,l=1,p=3", "modulo-rook:m=2,l=2,p=3");
    let fail = match (table(t4, n), table(t4_other, n)) {
        (Ok(a), Ok(b)) => match (
            leaves_progression(&sorted_pairs(&a), lim),
            leaves_progression(&sorted_pairs(&b), lim),
        ) {
            (None, Some(_)) => None,
            (x, y) => Some(format!(
                "the recorded readings changed: {t4} leaves the progression at {x:?}, {t4_other} at {y:?}"
            )),
        },
        (Err(e), _) | (_, Err(e)) => Some(e),
    };
    out.push(R(
        "seed 000, Table 4",
        &format!("{t4} / {t4_other}"),
        "the caption's 2WN^(1,3): read literally (rook lengths 3i + j, j < 1: multiples of 3, = 2WN^(3)) the differences are 2i, an arithmetic progression, so the sentence fails in that reading; it holds in the reading j in {0, ..., l} (lengths 3i, 3i + 1). The printed rows are not in our copy: which game they show is not decided here",
        format!("pairs (c_i, d_i), c_i <= d_i < {lim}, sorted"),
        fail,
    ));
    out
}
