//! Regression tests for issue 13 (hardening): user numbers near `2^64` must give
//! either a clean refusal or the right answer, never an overflowed one.

use wythoff::custom::parse_rules_file;
use wythoff::explain;
use wythoff::rules::{Convention, Game, Relation, Rules};
use wythoff::sets::{lcm, LengthSet};
use wythoff::solve;

const HUGE: &[u64] = &[
    u64::MAX,
    u64::MAX - 1,
    u64::MAX - 1000,
    (1 << 63) + 1,
    1 << 63,
    (1 << 63) - 1,
    1 << 32,
    (1 << 32) + 1,
];

fn relations() -> Vec<Relation> {
    let mut v = Vec::new();
    for &m in HUGE {
        v.push(Relation::Band { m });
        v.push(Relation::Congruent { m });
        v.push(Relation::Cone { s: 1, t: m });
        v.push(Relation::Cone { s: m, t: 1 });
        v.push(Relation::Cone { s: 2, t: m });
        v.push(Relation::Cone { s: m, t: m });
    }
    v
}

fn sets() -> Vec<LengthSet> {
    ["all", "odd", "2:0", "3:1+2", "max2|5:0"]
        .iter()
        .map(|s| LengthSet::parse(s).unwrap())
        .collect()
}

/// Every solver agrees with the reference: outcome tables, the
/// streamed P-positions, Grundy values, and the one-position analysis.
fn check(g: &Game, what: &str) {
    let n = 14;
    let want = solve::outcomes_reference(g, n).unwrap();
    assert_eq!(solve::outcomes(g, n).unwrap(), want, "outcomes {what}");
    let mut streamed = Vec::new();
    solve::stream::p_positions(g, n, &mut |_, _| {}, &mut |x, ys| {
        streamed.extend(ys.iter().map(|&y| (x, y as u64)))
    })
    .unwrap();
    assert_eq!(streamed, want.p_positions(), "stream {what}");
    for (x, y) in [(0u64, 0u64), (2, 1), (4, 3), (5, 9), (13, 13)] {
        let a = explain::analyse(g, x, y).unwrap();
        assert_eq!(
            a.outcome,
            want.get(x as usize, y as usize).unwrap(),
            "analyse {what} ({x}, {y})"
        );
    }
    if solve::grundy_unsupported(g).is_none() {
        let gr = solve::grundy_reference(g, n).unwrap();
        assert_eq!(solve::grundy(g, n).unwrap(), gr, "grundy {what}");
        for x in 0..n {
            for y in 0..n {
                assert_eq!(
                    gr.get(x, y) == Some(0),
                    want.is_p(x, y),
                    "grundy zero vs P {what} ({x}, {y})"
                );
            }
        }
    }
}

#[test]
fn huge_relation_values_agree_with_reference() {
    for rel in relations() {
        for (i, d) in sets().into_iter().enumerate() {
            for conv in [Convention::Normal, Convention::Misere] {
                let r = Rules::builder()
                    .one_pile(if i == 0 { LengthSet::all() } else { d.clone() })
                    .two_pile(d.clone(), d.clone(), rel.clone())
                    .convention(conv)
                    .build()
                    .unwrap();
                check(&Game::single(r), &format!("{rel:?} d={d} {conv:?}"));
            }
        }
    }
}

#[test]
fn huge_relation_in_rules_file_issue_example() {
    // issue 13: `band:18446744073709551615` listed 2,1 4,3 ...; the truth is 0,0 alone
    let (_, g) =
        parse_rules_file("[two-pile]\nrelation = \"band:18446744073709551615\"\n").unwrap();
    let t = solve::outcomes(&g, 12).unwrap();
    assert_eq!(t.p_positions(), vec![(0, 0)]);
    check(&g, "band:2^64-1 file");
    for text in [
        "cone:18446744073709551615:18446744073709551615",
        "cone:2:18446744073709551615",
        "congruent:18446744073709551615",
        "congruent:9223372036854775809",
    ] {
        let (_, g) = parse_rules_file(&format!(
            "h = \"odd\"\n[two-pile]\nd2 = \"2:0\"\nrelation = \"{text}\"\n"
        ))
        .unwrap();
        check(&g, text);
    }
}

#[test]
fn rook_with_huge_l_is_small_and_exact() {
    for l in [u64::MAX, 10_000_000_000_000, 100_000_000, 3, 2] {
        for p in [1, 3, 64] {
            let s = LengthSet::rook(l, p).unwrap();
            let want: Vec<u64> = (1..=200).filter(|&k| (k % p) < l.clamp(1, p)).collect();
            assert_eq!(s.members_up_to(200), want, "rook({l},{p})");
        }
    }
    assert!(LengthSet::parse("rook(18446744073709551615,3)").is_ok());
    assert!(LengthSet::parse("rook(18446744073709551616,3)").is_err());
}

#[test]
fn lcm_saturates() {
    assert_eq!(lcm((1 << 63) + 1, 2), u64::MAX);
    assert_eq!(lcm(4, 6), 12);
}

#[test]
fn huge_thresholds_are_cut_at_the_board_and_stay_exact() {
    for text in [
        "restricted:s=1,t=1,h=max0,v=min1048576,d1=none,d2=all",
        "restricted:s=1,t=2,h=min20|3:1,v=max1048576&odd,d1=min7,d2=all",
        "roob-blocking:m=1,p=1000000,l=1000000",
        "roob-blocking:m=2,p=3,l=20",
        "roob-blocking:m=1,p=2,l=9",
    ] {
        let g = wythoff::catalogue::parse_game(text).unwrap().game;
        for conv in [Convention::Normal, Convention::Misere] {
            let g = g.with_convention(conv);
            // the board rules answer like the original ones, by the reference
            for n in [1u64, 8, 15] {
                assert_eq!(
                    solve::outcomes_reference(&g.for_board(n), n as usize).unwrap(),
                    solve::outcomes_reference(&g, n as usize).unwrap(),
                    "{text} {conv:?} n={n}"
                );
            }
            check(&g, text);
        }
    }
    let s = LengthSet::parse("min1048576").unwrap().for_board(10);
    assert!(s.is_empty(), "no length fits the board: no moves");
    let s = LengthSet::parse("min1048576|max3").unwrap().for_board(10);
    assert_eq!(s.threshold(), 10);
    assert_eq!(s.members_up_to(10), vec![1, 2, 3]);
}
