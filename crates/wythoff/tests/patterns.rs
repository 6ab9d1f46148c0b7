//! `patterns`: the right kind with the right numbers on games whose answer is a
//! theorem; planted structures found on synthetic boards and lost (or moved)
//! by one flipped cell; and every reported pattern re-checked by regenerating
//! the board from it.

use wythoff::catalogue::parse_game;
use wythoff::oracle::{Natural, Oracle};
use wythoff::patterns::fitted::{FittedOracle, FromReport};
use wythoff::patterns::pairs::{self, BLaw, Difference, Pairs};
use wythoff::patterns::periodic::Periodic;
use wythoff::patterns::{self as pat, Board, Pattern, PatternReport};
use wythoff::solve;

fn report(spec: &str, n: usize, misere: bool) -> (PatternReport, Board) {
    let g = parse_game(spec).unwrap();
    let game = if misere {
        g.game.with_convention(wythoff::Convention::Misere)
    } else {
        g.game.clone()
    };
    let rep = pat::find(&game, spec, n, false).unwrap();
    let board = Board::from_table(&solve::outcomes(&game, n).unwrap());
    (rep, board)
}

/// Every cell a finite or periodic pattern claims agrees with the board, and
/// every pairs pattern regenerates its side's pairs from its laws.
fn regenerate_all(rep: &PatternReport, board: &Board) {
    let n = board.size();
    for p in &rep.patterns {
        let block = match p {
            Pattern::Finite(f) => f.block,
            Pattern::Periodic(q) => q.block,
            Pattern::Pairs(q) => q.block,
            Pattern::GrundyRows(_) | Pattern::Rays(_) => 1,
        } as usize;
        match p {
            Pattern::Finite(_) | Pattern::Periodic(_) => {
                for x in 0..n / block * block {
                    for y in 0..n / block * block {
                        if let Some(v) = pat::predict(p, n, x, y) {
                            assert_eq!(v, board.get(x, y), "{}: cell ({x}, {y})", rep.game);
                        }
                    }
                }
            }
            Pattern::Pairs(q) => {
                let small = if block > 1 {
                    board.shrink(block).unwrap()
                } else {
                    board.clone()
                };
                let all = pairs::side_pairs(&small, q.side);
                let want = if q.order == "a" {
                    let (cut, rows) = pat::by_rows(&all, small.size()).unwrap();
                    assert_eq!(Some(cut), q.rows_below, "{}", rep.game);
                    rows
                } else {
                    all
                };
                assert_eq!(want.len() as u64, q.terms);
                if let Some(got) = pairs::regenerate(q, want.len()) {
                    assert_eq!(got, want, "{}: pairs regenerated from the laws", rep.game);
                }
                check_pair_laws(q, &want, &rep.game);
            }
            // rays are a measured statistic: re-checked by `--check`, not a cell law
            Pattern::GrundyRows(_) | Pattern::Rays(_) => {}
        }
    }
}

/// The mex and multiplicity laws of `q`, each on every index of its range,
/// recomputed directly from the pairs (whether or not `regenerate` applies).
fn check_pair_laws(q: &Pairs, want: &[(u64, u64)], game: &str) {
    if let Some(d) = &q.difference {
        for n in d.from() as usize..want.len() {
            assert_eq!(
                d.b(n as u64, want[n].0),
                Some(want[n].1),
                "{game}: difference law at n = {n}"
            );
        }
    }
    if let Some(l) = &q.b_law {
        for n in l.from as usize..want.len() {
            assert_eq!(l.b(n as u64), Some(want[n].1), "{game}: b law at n = {n}");
        }
    }
    if let (Some(rule), Some(from)) = (q.mex_rule(), q.mex_from) {
        let mv = pairs::mex_values(want, rule);
        for n in from as usize..want.len() {
            assert_eq!(mv[n], want[n].0, "{game}: mex law at n = {n}");
        }
    }
    if let (Some(k), Some(f), Some(t)) = (q.multiplicity, q.multiplicity_from, q.multiplicity_to) {
        for v in f..t {
            let c: u64 = want
                .iter()
                .map(|&(a, b)| (a == v) as u64 + (b == v) as u64)
                .sum();
            assert_eq!(c, k, "{game}: multiplicity of {v}");
        }
    }
}

fn only_pairs(rep: &PatternReport) -> &Pairs {
    let ps: Vec<&Pairs> = rep
        .patterns
        .iter()
        .filter_map(|p| match p {
            Pattern::Pairs(q) => Some(q),
            _ => None,
        })
        .collect();
    assert_eq!(ps.len(), 1, "{}: {:?}", rep.game, rep.patterns);
    ps[0]
}

fn periodic(rep: &PatternReport) -> &Periodic {
    rep.patterns
        .iter()
        .find_map(|p| match p {
            Pattern::Periodic(q) => Some(q),
            _ => None,
        })
        .unwrap_or_else(|| panic!("{}: no periodic pattern: {:?}", rep.game, rep.patterns))
}

#[test]
fn wythoff_and_m_wythoff_are_beatty_pairs() {
    for (spec, m, name) in [
        ("wythoff", 1, "phi"),
        ("m-wythoff:m=2", 2, "phi_2"),
        ("m-wythoff:m=3", 3, "phi_3"),
    ] {
        let (rep, board) = report(spec, 700, false);
        regenerate_all(&rep, &board);
        let p = only_pairs(&rep);
        assert_eq!(p.side, "both");
        assert_eq!(p.holds_from, 0);
        assert_eq!(p.difference, Some(Difference::Linear { m, c: 0, from: 0 }));
        assert_eq!(p.mex, Some("complementary"));
        assert_eq!(p.multiplicity, Some(1));
        let b = p.beatty.as_ref().unwrap();
        assert_eq!(b.name.as_deref(), Some(name));
        assert_eq!(b.beta, "0");
        // the interval is narrow: width at most 10 / N
        let (l, h) = (b.low, b.high);
        assert!(
            (h.0 * l.1 - l.0 * h.1) * 700 <= 10 * l.1 * h.1,
            "{spec}: {b:?}"
        );
    }
}

#[test]
fn seed000_p_complementary_pairs() {
    // Theorem 2.1 (i) and (ii a): a_n = floor(n phi_{mp} / p), b_n = a_n + m n
    for (spec, m, p) in [
        ("roob-blocking:m=2,p=3", 2u64, 3u64),
        ("connell:p=2", 1, 2),
        ("modulo-rook:m=1,l=0,p=3", 1, 3),
    ] {
        let (rep, board) = report(spec, 900, false);
        regenerate_all(&rep, &board);
        let q = only_pairs(&rep);
        assert_eq!(
            q.difference,
            Some(Difference::Linear { m, c: 0, from: 0 }),
            "{spec}"
        );
        assert_eq!(q.multiplicity, Some(p), "{spec}");
        assert_eq!(q.mex, Some("p-fold"));
        assert_eq!(q.mex_p, Some(p));
        let b = q.beatty.as_ref().unwrap();
        assert_eq!(
            b.name.clone().unwrap(),
            format!("phi_{{{}}}/{p}", m * p),
            "{spec}"
        );
    }
}

#[test]
fn seed000_open_case_is_not_p_complementary_beatty() {
    // gcd(m, p) != 1 with l = 0: Theorem 2.1 (ii a) says the pair is not the P-set
    let (rep, board) = report("modulo-rook:m=2,l=0,p=4", 1024, false);
    regenerate_all(&rep, &board);
    assert!(rep
        .patterns
        .iter()
        .all(|p| !matches!(p, Pattern::Pairs(q) if q.beatty.is_some())));
    // ... but its pairs, read in a-order ((8, 72) comes after (7, 74)), follow
    // the 4-fold mex with every value used 4 times
    let q = only_pairs(&rep);
    assert_eq!((q.order, q.side), ("a", "both"));
    assert_eq!(
        (q.mex, q.mex_p, q.mex_from),
        (Some("p-fold"), Some(4), Some(0))
    );
    assert_eq!(q.multiplicity, Some(4));
    assert!(q.terms >= 40, "{q:?}");
    // no conjectured oracle from an a-order reading
    let g = parse_game("modulo-rook:m=2,l=0,p=4").unwrap();
    assert!(FittedOracle::from_report(g.game.as_single().unwrap(), &rep).is_none());
}

#[test]
fn a_order_needs_a_law() {
    // pairs sorted by a with b not increasing and no law: no pattern
    let v: Vec<(u64, u64)> = (0..40u64).map(|i| (2 * i, 200 + (i * 37) % 41)).collect();
    assert!(pairs::of_pairs(&v, "both").is_none());
    assert!(pairs::of_rows(&v, "both", 40).is_none());
}

#[test]
fn seed001_is_finite() {
    let (rep, board) = report("modular:m=5", 300, false);
    regenerate_all(&rep, &board);
    match &rep.patterns[..] {
        [Pattern::Finite(f)] => {
            let want: Vec<[u64; 2]> = board.cells().iter().map(|&(x, y)| [x, y]).collect();
            assert_eq!(f.positions, want);
            // 2 floor(m / phi) + 1 positions (seed 001, Corollary 6)
            assert_eq!(f.positions.len(), 7);
        }
        other => panic!("{other:?}"),
    }
}

#[test]
fn seed002_floor_law_and_st_affine_law() {
    let (rep, board) = report("diagonal-blocking:p=2,m=3", 800, false);
    regenerate_all(&rep, &board);
    let q = only_pairs(&rep);
    assert_eq!(
        q.difference,
        Some(Difference::Floor {
            p: 2,
            m: 3,
            from: 0
        })
    );
    assert_eq!(q.mex, Some("complementary"));
    let (rep, board) = report("st-wythoff:s=2,t=1", 800, false);
    regenerate_all(&rep, &board);
    let q = only_pairs(&rep);
    assert_eq!(
        q.difference,
        Some(Difference::Affine {
            s: 2,
            t: 1,
            c: 0,
            from: 0
        })
    );
    assert_eq!(q.mex, Some("complementary"));
    assert!(q.beatty.is_none(), "(2,1)-Wythoff is not a Beatty sequence");
}

#[test]
fn seed003_odd_odd_period_and_even_even_blocks() {
    // Theorem 7: P = (even, even)
    let (rep, board) = report("odd-odd:s=1,t=1", 300, false);
    regenerate_all(&rep, &board);
    let p = periodic(&rep);
    assert_eq!(p.period, [2, 2]);
    assert_eq!(p.preperiod, [0, 0]);
    assert_eq!(p.cells, vec![[0, 0]]);
    // Theorem 13: 2 x 2 blocks at (A_n, B_n), B_n = s A_n + (t + delta_t) n; for
    // s = t = 1 the blocks' pairs are Wythoff's
    let (rep, board) = report("even-even:s=1,t=1", 600, false);
    regenerate_all(&rep, &board);
    let q = only_pairs(&rep);
    assert_eq!(q.block, 2);
    assert_eq!(
        q.difference,
        Some(Difference::Linear {
            m: 1,
            c: 0,
            from: 0
        })
    );
    assert_eq!(q.beatty.as_ref().unwrap().name.as_deref(), Some("phi"));
}

#[test]
fn misere_wythoff_has_a_prefix() {
    let (rep, board) = report("wythoff", 500, true);
    regenerate_all(&rep, &board);
    let q = only_pairs(&rep);
    assert_eq!(q.prefix, vec![[0, 1], [2, 2]]);
    assert_eq!(q.holds_from, 2);
    assert_eq!(
        q.difference,
        Some(Difference::Linear {
            m: 1,
            c: 0,
            from: 2
        })
    );
}

#[test]
fn catalogue_reports_regenerate_in_both_conventions() {
    for spec in [
        "nim",
        "connell:p=3",
        "roob-blocking:m=1,p=2",
        "modulo-rook:m=3,l=2,p=4",
        "shifted:m=1,p=2,l=1",
        "corner:m=1,p=2,u=1,v=2",
        "odd-even:s=2,t=1",
        "even-odd:s=1,t=1",
        "even-even:s=2,t=2",
        "restricted:s=1,t=1,h=3:0,v=3:0,d1=3:1,d2=3:2",
        "restricted:s=1,t=2,h=3:1,v=3:1,d1=3:1,d2=3:1",
    ] {
        for misere in [false, true] {
            let (rep, board) = report(spec, 240, misere);
            regenerate_all(&rep, &board);
        }
    }
}

#[test]
fn planted_periodic_set_is_found_and_one_flip_moves_it() {
    let n = 240;
    let f = |x: usize, y: usize| {
        (x >= 7 && y >= 5 && (x + 2 * y) % 5 == 0) || (x < 7 && (y * x) % 4 == 1)
    };
    let b = Board::from_fn(n, f);
    let Some(Pattern::Periodic(p)) = pat::find_in_board(&b).into_iter().next() else {
        panic!("not found")
    };
    assert_eq!(p.period, [5, 5]);
    assert!(p.preperiod[0] <= 7 && p.preperiod[1] <= 5);
    for x in 0..n {
        for y in 0..n {
            if let Some(v) = p.predict(n, x, y) {
                assert_eq!(v, f(x, y));
            }
        }
    }
    // flip one cell deep in the quadrant: no law can hold across it
    let g = |x: usize, y: usize| f(x, y) ^ (x == n - 2 && y == n - 3);
    let b2 = Board::from_fn(n, g);
    for p in pat::find_in_board(&b2) {
        if let Pattern::Periodic(q) = p {
            for x in 0..n {
                for y in 0..n {
                    if let Some(v) = q.predict(n, x, y) {
                        assert_eq!(v, g(x, y));
                    }
                }
            }
        }
    }
    // a flip early in the quadrant moves the preperiod past it
    let h = |x: usize, y: usize| f(x, y) ^ (x == 60 && y == 61);
    let b3 = Board::from_fn(n, h);
    match pat::find_in_board(&b3).into_iter().next() {
        Some(Pattern::Periodic(q)) => assert!(q.preperiod[0] > 60 || q.preperiod[1] > 61, "{q:?}"),
        other => panic!("{other:?}"),
    }
}

/// A symmetric board of Beatty pairs `a_n = floor(n u / w)` (a rational slope
/// close to sqrt 3), `b_n = a_n + 2 n`, and mirrors.
fn planted_pairs(n: usize, flip: Option<(usize, usize)>) -> (Board, Vec<(u64, u64)>) {
    let mut cells = std::collections::HashSet::new();
    let mut v = Vec::new();
    for k in 0.. {
        let a = k * 17321 / 10000;
        let b = a + 2 * k;
        if b >= n {
            break;
        }
        v.push((a as u64, b as u64));
        cells.insert((a, b));
        cells.insert((b, a));
    }
    if let Some(c) = flip {
        if !cells.remove(&c) {
            cells.insert(c);
        }
    }
    (Board::from_fn(n, |x, y| cells.contains(&(x, y))), v)
}

#[test]
fn planted_beatty_pairs_are_found_and_a_flip_moves_the_range() {
    let n = 1000;
    let (b, v) = planted_pairs(n, None);
    let ps = pairs::find(&b);
    assert_eq!(ps.len(), 1);
    let p = &ps[0];
    assert_eq!(p.terms as usize, v.len());
    assert_eq!(
        p.difference,
        Some(Difference::Linear {
            m: 2,
            c: 0,
            from: 0
        })
    );
    let bt = p.beatty.as_ref().unwrap();
    // the true slope 17321/10000 lies in [low, high)
    let (l, h) = (bt.low, bt.high);
    assert!(
        l.0 * 10000 <= 17321 * l.1 && 17321 * h.1 < h.0 * 10000,
        "{bt:?}"
    );
    assert!(
        (h.0 * l.1 - l.0 * h.1) * n as i128 <= 10 * l.1 * h.1,
        "{bt:?}"
    );
    // not complementary: no closed form is claimed from the interval alone
    assert!(bt.closed_form.is_none() || p.multiplicity.is_some());
    // remove one late pair: the Beatty form holds only after the hole
    let k = v.len() * 3 / 4;
    let (a, bb) = v[k];
    let (b2, _) = planted_pairs(n, Some((a as usize, bb as usize)));
    let q = &pairs::find(&b2)[0];
    assert!(
        q.difference
            .as_ref()
            .map_or(true, |d| d.from() > k as u64 - 2),
        "{q:?}"
    );
}

#[test]
fn conjectured_oracle_agrees_with_the_published_one() {
    let big: Natural = "1".repeat(1).parse::<Natural>().unwrap() * "10000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000".parse::<Natural>().unwrap();
    for spec in [
        "wythoff",
        "m-wythoff:m=2",
        "roob-blocking:m=2,p=3",
        "connell:p=2",
    ] {
        let g = parse_game(spec).unwrap();
        let rep = pat::find(&g.game, spec, 600, false).unwrap();
        let fit = FittedOracle::from_report(g.game.as_single().unwrap(), &rep).unwrap();
        let pubd = wythoff::oracle::for_game(g.entry_name, &g.params, g.game.convention()).unwrap();
        assert!(fit.source().contains("conjecture"));
        for (dx, dy) in [(0u32, 0u32), (0, 7), (3, 11), (12345, 0), (999, 1617)] {
            let (x, y) = (
                &big + Natural::from(dx),
                &big + Natural::from(dy) + &big / Natural::from(2u32),
            );
            assert_eq!(
                fit.is_p(&x, &y).unwrap(),
                pubd.is_p(&x, &y).unwrap(),
                "{spec}"
            );
            assert_eq!(
                fit.winning_moves(&x, &y).unwrap(),
                pubd.winning_moves(&x, &y).unwrap(),
                "{spec}"
            );
        }
        for i in 0..200u32 {
            let n = &big * Natural::from(i + 1) + Natural::from(i);
            let (a, b) = fit.pair(&n).unwrap().unwrap();
            assert!(pubd.is_p(&a, &b).unwrap(), "{spec}: pair {i}");
        }
    }
}

/// `patterns --check`: laws read on a small board, re-checked on a larger one.
fn checked(spec: &str, n: usize, m: usize) -> (PatternReport, pat::check::Prediction) {
    let g = parse_game(spec).unwrap();
    pat::find_checked(&g.game, spec, n, m, false, &mut |_, _| {}).unwrap()
}

#[test]
fn laws_of_theorems_hold_on_the_larger_board() {
    for spec in [
        "wythoff",
        "m-wythoff:m=2",
        "roob-blocking:m=2,p=3",
        "modular:m=5",
        "odd-odd:s=1,t=1",
        "diagonal-blocking:p=2,m=3",
    ] {
        let (rep, pred) = checked(spec, 200, 800);
        // the report is the one of the 200-board itself
        assert_eq!(rep, report(spec, 200, false).0, "{spec}");
        assert!(pred.all_hold(), "{spec}: {pred:?}");
        assert!(!pred.checks.is_empty(), "{spec}");
        assert!(pred.checks.iter().all(|c| c.holds == Some(true)), "{spec}");
        assert_eq!((pred.fitted_on, pred.max), (200, 800));
    }
    // Wythoff: the closed form phi is re-checked on every term of the larger board
    let (_, pred) = checked("wythoff", 200, 800);
    let cf = pred.checks.iter().find(|c| c.law == "closed-form").unwrap();
    assert_eq!(
        cf.checked,
        format!(
            "n < {}",
            report("wythoff", 800, false)
                .1
                .cells()
                .iter()
                .filter(|c| c.0 <= c.1)
                .count()
        )
    );
}

#[test]
fn a_law_of_a_small_board_can_fail_on_the_larger_one() {
    // seed 000's open case m=2, l=0, p=4: on the board of 400 the a-order
    // pairs look Beatty; the board of 1024 refutes it, the 4-fold mex survives
    let (rep, pred) = checked("modulo-rook:m=2,l=0,p=4", 400, 1024);
    let Some(Pattern::Pairs(q)) = rep.patterns.first() else {
        panic!("{rep:?}")
    };
    assert!(q.beatty.is_some());
    let law = |l: &str| pred.checks.iter().find(|c| c.law == l).unwrap();
    assert_eq!(law("mex").holds, Some(true));
    assert_eq!(law("beatty").holds, Some(false));
    assert!(law("beatty").failure.as_ref().unwrap().starts_with("n = "));
    assert!(!pred.all_hold());
}

#[test]
fn one_flip_outside_the_small_board_is_found() {
    // periodic: a planted law, one cell flipped beyond the small board
    let f = |x: usize, y: usize| (x + 2 * y) % 5 == 0;
    let small = Board::from_fn(120, f);
    let rep = PatternReport {
        game: "planted".into(),
        convention: "normal".into(),
        max: 120,
        patterns: pat::find_in_board(&small),
        why_none: None,
    };
    let big = Board::from_fn(400, |x, y| f(x, y) ^ (x == 300 && y == 211));
    let pred = pat::check::recheck(&rep, &big, None);
    let c = &pred.checks[0];
    assert_eq!((c.kind, c.holds), ("periodic", Some(false)));
    assert!(
        c.failure.as_ref().unwrap().starts_with("cell (300, 211)"),
        "{c:?}"
    );
    assert!(pat::check::recheck(&rep, &Board::from_fn(400, f), None).all_hold());
    // pairs: the planted Beatty pairs, one pair removed beyond the small board
    let (b, v) = planted_pairs(1000, None);
    let rep = PatternReport {
        game: "planted".into(),
        convention: "normal".into(),
        max: 300,
        patterns: pat::find_in_board(&pat::check::corner(&b, 300)),
        why_none: None,
    };
    assert!(pat::check::recheck(&rep, &b, None).all_hold());
    let (k, &(a, bb)) = v.iter().enumerate().find(|(_, p)| p.1 > 600).unwrap();
    let (b2, _) = planted_pairs(1000, Some((a as usize, bb as usize)));
    let pred = pat::check::recheck(&rep, &b2, None);
    assert!(!pred.all_hold());
    let first = pred.checks.iter().find(|c| c.holds == Some(false)).unwrap();
    assert!(
        first
            .failure
            .as_ref()
            .unwrap()
            .contains(&format!("n = {k}")),
        "{first:?}"
    );
}

#[test]
fn check_refuses_a_smaller_board() {
    let g = parse_game("wythoff").unwrap();
    let e = pat::find_checked(&g.game, "wythoff", 100, 100, false, &mut |_, _| {}).unwrap_err();
    assert!(e.to_string().contains("--check 100"), "{e}");
}

#[test]
fn a_periodic_board_is_not_read_as_pairs_by_rows() {
    // Odd-Odd: P iff both piles even; rows a < N / (2R) are a single row
    let (rep, board) = report("odd-odd:s=1,t=1", 300, false);
    regenerate_all(&rep, &board);
    assert!(
        rep.patterns.iter().all(|p| !matches!(p, Pattern::Pairs(_))),
        "{:?}",
        rep.patterns
    );
    periodic(&rep);
}

#[test]
fn imitation_patterns_in_both_conventions_match_the_p_positions() {
    for misere in [false, true] {
        let s = wythoff::answer::Subject::parse("imitation:p=2,m=1", misere).unwrap();
        let rep = pat::find(&s.game, "imitation:p=2,m=1", 128, false).unwrap();
        let ps = wythoff::answer::p_positions_list(&s, 128, &mut |_, _| {}).unwrap();
        let board = Board::from_fn(128, |x, y| ps.contains(&(x as u64, y as u64)));
        assert!(board.count() > 0);
        regenerate_all(&rep, &board);
        assert!(!rep.patterns.is_empty(), "misere {misere}");
    }
}

/// Seed 003, open problem 25 (a theorem): when every length set is the multiples
/// of K, every move keeps (x mod K, y mod K), and (x div K, y div K) plays
/// (s, ceil(t/K))-Wythoff: a move (Ki, Kj) is legal iff |j - i| <
/// (s - 1) min(i, j) + t/K, and for integers that is < (s - 1) min(i, j) +
/// ceil(t/K). So the P-set is the K x K thickening of (s, ceil(t/K))-Wythoff's,
/// in both conventions (the terminal positions are the cells of the block (0, 0)).
/// Checked here cell by cell against the solver, and `patterns` must name the
/// block size K (the largest that tiles, not a divisor of it) and the law.
#[test]
fn problem25_is_the_thickening_of_st_wythoff() {
    for k in 2..=8u64 {
        for s in 1..=3u64 {
            for t in 1..=3u64 {
                let t2 = t.div_ceil(k);
                for misere in [false, true] {
                    let spec = format!("restricted:s={s},t={t},h={k}:0,v={k}:0,d1={k}:0,d2={k}:0");
                    let n = 40 * k as usize;
                    let (rep, board) = report(&spec, n, misere);
                    let (_, small) =
                        report(&format!("st-wythoff:s={s},t={t2}"), n / k as usize, misere);
                    for x in 0..n {
                        for y in 0..n {
                            assert_eq!(
                                board.get(x, y),
                                small.get(x / k as usize, y / k as usize),
                                "{spec} misere={misere}: cell ({x}, {y})"
                            );
                        }
                    }
                    regenerate_all(&rep, &board);
                    let q = only_pairs(&rep);
                    assert_eq!(q.block, k, "{spec} misere={misere}: block size");
                    if !misere {
                        let want = if s == 1 {
                            Difference::Linear {
                                m: t2,
                                c: 0,
                                from: 0,
                            }
                        } else {
                            Difference::Affine {
                                s: s as i64,
                                t: t2 as i64,
                                c: 0,
                                from: 0,
                            }
                        };
                        assert_eq!(q.difference.as_ref(), Some(&want), "{spec}");
                    } else if s >= 2 {
                        // misère (s, t')-Wythoff: b_n = s a_n + t' n + 1
                        match q.difference {
                            Some(Difference::Affine {
                                s: s2, t: t3, c: 1, ..
                            }) => {
                                assert_eq!((s2, t3), (s as i64, t2 as i64), "{spec} misère")
                            }
                            ref d => panic!("{spec} misère: {d:?}"),
                        }
                    }
                }
            }
        }
    }
}

/// A planted board of 6 x 6 blocks is read at block 6, not at 2 or 3 (which
/// tile it too); one flipped cell inside a block makes it plain.
#[test]
fn block_size_is_the_largest_that_tiles() {
    let small = |x: usize, y: usize| (x * 7 + y * 3) % 5 == 0;
    let b = Board::from_fn(600, |x, y| small(x / 6, y / 6));
    assert_eq!(b.block_size(), 6);
    assert_eq!(pat::block_of(&b), Some(6));
    assert!(b.shrink(2).is_some() && b.shrink(3).is_some() && b.shrink(4).is_none());
    let flipped = Board::from_fn(600, |x, y| small(x / 6, y / 6) ^ (x == 301 && y == 97));
    assert_eq!(flipped.block_size(), 1);
    assert_eq!(pat::block_of(&flipped), None);
    // too few blocks a side: the largest divisor that keeps 16
    let coarse = Board::from_fn(600, |x, y| (x / 60 + y / 60) % 3 == 0);
    assert_eq!(coarse.block_size(), 60);
    assert_eq!(pat::block_of(&coarse), Some(30));
}

/// Laws outside the old vocabulary: b_n = 3 n alone (roob-blocking, m = 2,
/// p = 4, l = 3) and a_n + b_n = 3 n (normal) / 3 n + 1 (misère) in seed 003's
/// problem 28 with K = 3, r = 1 (an affine law with s = -1).
#[test]
fn b_law_and_affine_laws_with_a_constant() {
    let (rep, board) = report("roob-blocking:m=2,p=4,l=3", 600, false);
    regenerate_all(&rep, &board);
    let q = only_pairs(&rep);
    assert_eq!(
        q.b_law,
        Some(BLaw {
            k: 3,
            c: 0,
            from: 0
        })
    );
    for (misere, c) in [(false, 0), (true, 1)] {
        let spec = "restricted:s=1,t=1,h=all,v=all,d1=3:1,d2=3:1";
        let (rep, board) = report(spec, 600, misere);
        regenerate_all(&rep, &board);
        let q = only_pairs(&rep);
        assert_eq!(
            q.difference,
            Some(Difference::Affine {
                s: -1,
                t: 3,
                c,
                from: 0
            }),
            "{spec} misere={misere}"
        );
        // the json names the new fields as documented
        let v = serde_json::to_value(&rep.patterns).unwrap();
        assert_eq!(v[0]["difference"]["law"], "affine");
        assert_eq!(v[0]["difference"]["s"], -1);
        assert_eq!(v[0]["difference"]["c"], c);
    }
    let (rep, _) = report("roob-blocking:m=2,p=4,l=3", 600, false);
    let v = serde_json::to_value(&rep.patterns).unwrap();
    assert_eq!(v[0]["b_law"]["k"], 3);
    assert_eq!(v[0]["b_law"]["c"], 0);
}

/// `--check` re-checks the Grundy rows' additive periods on the larger
/// board's Grundy table: m-Modular Wythoff's rows read on 128 hold on 256
/// (and say how many rows were checked); a saltus changed by one is caught
/// at its row.
#[test]
fn grundy_rows_are_rechecked_on_the_larger_table() {
    let game = wythoff::catalogue::parse_game("modular:m=2").unwrap().game;
    let (rep, pred) =
        pat::find_checked(&game, "modular:m=2", 128, 256, true, &mut |_, _| {}).unwrap();
    let c = pred
        .checks
        .iter()
        .find(|c| c.kind == "grundy-rows")
        .unwrap();
    assert_eq!(c.holds, Some(true), "{c:?}");
    assert!(
        c.checked.starts_with("every column y < 256 of the "),
        "{c:?}"
    );
    let mut bad = rep.clone();
    let Some(pat::Pattern::GrundyRows(g)) = bad
        .patterns
        .iter_mut()
        .find(|p| matches!(p, pat::Pattern::GrundyRows(_)))
    else {
        panic!("no grundy rows")
    };
    let row = g.rows.iter_mut().find(|r| r.saltus.is_some()).unwrap();
    let x = row.x;
    row.saltus = row.saltus.map(|s| s + 1);
    let big = pat::board_of(&game, 256, &mut |_, _| {}).unwrap();
    let table = wythoff::solve::grundy(&game, 256).unwrap();
    let pred = pat::check::recheck(&bad, &big, Some(&table));
    let c = pred
        .checks
        .iter()
        .find(|c| c.kind == "grundy-rows")
        .unwrap();
    assert_eq!(c.holds, Some(false));
    assert!(
        c.failure
            .as_ref()
            .unwrap()
            .starts_with(&format!("row {x}, ")),
        "{c:?}"
    );
}
