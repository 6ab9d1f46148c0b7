//! The rectangle attack kernel (`solve::outcome::sparse_rect`) against the
//! reference on random rules, and `wythoff sequence`'s board reading
//! (`board_pairs::read`) against `patterns::read_pairs`, the square-board
//! reading it replaces for games read in a-order.

use proptest::prelude::*;
use wythoff::catalogue::parse_game;
use wythoff::rules::{Relation, Rules};
use wythoff::solve;

mod strategies;
use strategies::any_set;

prop_compose! {
    fn rect_rules()(h in any_set(), v in any_set(), d1 in any_set(), d2 in any_set(),
        rel in prop_oneof![
            Just(Relation::Diagonal),
            (1u64..5).prop_map(|m| Relation::Band { m }),
            (1u64..5, 1u64..5).prop_map(|(s, t)| Relation::Cone { s, t }),
            (1u64..6).prop_map(|m| Relation::Congruent { m }),
        ], two in any::<bool>(), cu in 0u64..5, cv in 0u64..5) -> Rules {
        let mut b = Rules::builder().h(h).v(v);
        if two { b = b.two_pile(d1, d2, rel); }
        b.corner(cu, cv).build().unwrap()
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(300))]
    /// Every rectangle is the corner of the reference's square board.
    #[test]
    fn sparse_rect_is_the_corner_of_the_board(r in rect_rules(), rows in 1usize..30, cols in 1usize..30) {
        let n = rows.max(cols);
        let want = solve::reference::outcomes(&r, n);
        let got = solve::outcome::sparse_rect::p_positions(&r, rows, cols, u64::MAX, &mut |_| {})
            .expect("in scope, small");
        let mut expect = Vec::new();
        for x in 0..rows {
            for y in 0..cols {
                if want.is_p(x, y) {
                    expect.push((x as u32, y as u32));
                }
            }
        }
        prop_assert_eq!(got, expect);
    }
}

/// Out of scope: blocking, memory, misère play.
#[test]
fn sparse_rect_scope() {
    for g in ["roob-blocking:m=2,p=3", "imitation:p=2,m=1"] {
        let game = parse_game(g).unwrap().game;
        assert!(
            solve::outcome::sparse_rect::p_positions(
                &game.variants()[0],
                8,
                8,
                u64::MAX,
                &mut |_| {}
            )
            .is_none(),
            "{g}"
        );
    }
    let mis = parse_game("wythoff")
        .unwrap()
        .game
        .with_convention(wythoff::rules::Convention::Misere);
    assert!(solve::outcome::sparse_rect::p_positions(
        &mis.variants()[0],
        8,
        8,
        u64::MAX,
        &mut |_| {}
    )
    .is_none());
}

/// Games read in a-order (seed 000's mWN^(l,p) outside Theorem 2.1) and in
/// b-order: the same pairs as the square board of `read_pairs`.
#[test]
fn board_pairs_equal_read_pairs() {
    let budget = 1 << 30;
    for (g, terms) in [
        ("modulo-rook:m=2,l=0,p=4", 300u64),
        ("modulo-rook:m=2,l=0,p=2", 200),
        ("modulo-rook:m=3,l=0,p=3", 200),
        ("modulo-rook:m=2,l=3,p=4", 150),
        ("modulo-rook:m=3,l=2,p=5", 120),
        ("corner:m=2,p=3,u=5,v=7", 150),
        ("restricted:s=1,t=2,h=3:0,v=3:0,d1=3:1,d2=3:2", 60),
    ] {
        let game = parse_game(g).unwrap().game;
        let square = wythoff::patterns::read_pairs(&game, terms, budget).map(|(v, _)| v);
        let fast = wythoff::board_pairs::read(&game, terms, budget, false, &mut |_, _| {});
        match (square, fast) {
            (Ok(a), Ok(b)) => assert_eq!(a, b, "{g} --terms {terms}"),
            (Err(_), Err(_)) => {}
            (a, b) => panic!("{g}: square {a:?}, rectangle {b:?}"),
        }
    }
}

/// More pairs than any board holds: refused before any solving.
#[test]
fn too_many_terms_refused_before_solving() {
    let game = parse_game("modulo-rook:m=3,l=2,p=5").unwrap().game;
    let e = wythoff::board_pairs::read(&game, 100_000_000_000, 1 << 30, false, &mut |_, _| {
        panic!("no work for a refused request")
    })
    .unwrap_err();
    assert!(e.to_string().contains("at most"), "{e}");
}

/// The plan announced before work: the reading `read` takes, or none when a
/// kernel or an oracle answers.
#[test]
fn the_plan_names_the_reading() {
    use wythoff::answer::{sequence_board_plan, Subject};
    let s = |g: &str| Subject::parse(g, false).unwrap();
    let p = sequence_board_plan(&s("modulo-rook:m=2,l=0,p=4"), 16000).unwrap();
    assert_eq!(p.reading, "a-order, rectangle");
    assert!(p.rows < p.cols && p.rows >= 4000, "{p:?}");
    let p = sequence_board_plan(&s("modulo-rook:m=3,l=2,p=5"), 5000).unwrap();
    assert_eq!(p.reading, "b-order, square board");
    assert_eq!(p.rows, 20064);
    assert!(sequence_board_plan(&s("wythoff"), 100).is_none());
    assert!(sequence_board_plan(&s("modulo-rook:m=2,l=0,p=3"), 100).is_none());
    assert!(sequence_board_plan(&s("modulo-rook:m=2,l=0,p=4"), 100_000_000).is_none());
}

/// Plan and run agree where the probe reads no pairs (seed 003's restricted
/// frame with K = 5, a P-set of rays): both refuse with the same words, and the
/// run solves no board beyond the probe (it used to solve the board of 32768,
/// minutes, to say the same); where the probe reads pairs, both go on.
#[test]
fn plan_and_run_refuse_alike_where_the_probe_reads_no_pairs() {
    use wythoff::answer::{sequence_board_plan, Subject};
    let g = "restricted:s=1,t=3,h=5:1,v=5:4,d1=5:1,d2=5:4";
    let game = parse_game(g).unwrap().game;
    for terms in [10, 32768] {
        let planned = wythoff::board_pairs::plan(&game, terms).unwrap_err();
        let run = wythoff::board_pairs::read(&game, terms, 1 << 30, false, &mut |_, _| {
            panic!("no board solved for a refused request")
        })
        .unwrap_err();
        assert_eq!(planned.to_string(), run.to_string());
        assert!(run.to_string().contains("probe board of 512"), "{run}");
        assert!(sequence_board_plan(&Subject::parse(g, false).unwrap(), terms).is_none());
    }
    for g in [
        "restricted:s=1,t=1,h=3:0,v=3:0,d1=3:0,d2=3:0",
        "modulo-rook:m=2,l=0,p=4",
    ] {
        let game = parse_game(g).unwrap().game;
        let p = wythoff::board_pairs::plan(&game, 64).unwrap();
        let v = wythoff::board_pairs::read(&game, 64, 1 << 30, false, &mut |_, _| {}).unwrap();
        assert_eq!(v.len(), 64, "{g}");
        assert!(p.rows > 0, "{g}: {p:?}");
    }
}

/// `prove`'s guesses read pairs within a bound of seconds, all boards
/// together: a misère set that is no pair of sequences on the first board is
/// not read off boards doubled up to the largest (minutes each, then a
/// periodic law sought on a board of 32768 to name the patterns), but
/// refused once the next board would pass the bound, and the patterns of the
/// refusal are sought on a corner.
#[test]
fn a_bounded_reading_stops_at_its_bound() {
    let game = parse_game("modulo-rook:m=1,l=2,p=3")
        .unwrap()
        .game
        .with_convention(wythoff::rules::Convention::Misere);
    let work = wythoff::board_pairs::work_of_seconds(10);
    let got = wythoff::board_pairs::read_within(
        &game,
        1 << 15,
        solve::memory_budget(),
        work,
        false,
        &mut |_, _| {},
    );
    let e = got.expect_err("no pairs of sequences");
    let text = e.to_string();
    assert!(
        text.contains("patterns found on its corner of 512"),
        "{text}"
    );
}
