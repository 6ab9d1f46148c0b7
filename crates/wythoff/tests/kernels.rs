//! The fast kernels (sequences, streaming outcome kernel, Grundy kernel) against
//! the reference and the general solvers.

use std::collections::BTreeSet;
use wythoff::catalogue::parse_game;
use wythoff::sequence;
use wythoff::solve;

/// Games with a sequence kernel: the P-positions of the reference solver on a
/// small board must be exactly the pairs `{a_n, b_n}` in both orders.
#[test]
fn sequences_equal_reference_p_positions() {
    for name in [
        "wythoff",
        "m-wythoff:m=2",
        "m-wythoff:m=3",
        "st-wythoff:s=2,t=1",
        "st-wythoff:s=3,t=2",
        "st-wythoff:s=1,t=3",
        "diagonal-blocking:p=2,m=1",
        "diagonal-blocking:p=3,m=2",
        "diagonal-blocking:p=2,m=3",
        "roob-blocking:m=1,p=2",
        "roob-blocking:m=2,p=3",
        "roob-blocking:m=2,p=2,l=2",
        "connell:p=2",
        "connell:p=3",
        "modulo-rook:m=2,l=0,p=3",
        "modulo-rook:m=3,l=1,p=2",
        "modulo-rook:m=2,l=2,p=4",
        "modulo-rook:m=2,l=2,p=6",
        "choose-shift:m=1,p=3",
        "choose-shift:m=2,p=2",
        "modular:m=3",
        "modular:m=7",
    ] {
        let g = parse_game(name).unwrap();
        let spec = sequence::for_game(&g)
            .unwrap()
            .unwrap_or_else(|| panic!("{name}: no kernel"));
        let n = 40u64;
        let pairs = sequence::pairs(&spec.kind, 4 * n).unwrap();
        let mut want = BTreeSet::new();
        for &(a, b) in &pairs {
            if a < n && b < n {
                want.insert((a, b));
                want.insert((b, a));
            }
        }
        let t = solve::outcomes_reference(&g.game, n as usize).unwrap();
        let got: BTreeSet<_> = t.p_positions().into_iter().collect();
        assert_eq!(got, want, "{name}");
    }
}

use proptest::prelude::*;
use wythoff::rules::{Convention, Game, Relation, Rules};
use wythoff::sets::LengthSet;

mod strategies;
use strategies::{any_set, periodic_set};

const BAND_GAMES: &[&str] = &[
    "nim",
    "wythoff",
    "m-wythoff:m=2",
    "m-wythoff:m=3",
    "st-wythoff:s=1,t=2",
    "roob-blocking:m=1,p=2",
    "roob-blocking:m=2,p=3",
    "roob-blocking:m=2,p=2,l=1",
    "roob-blocking:m=3,p=2,l=5",
    "shifted:m=1,p=3,l=1",
    "shifted:m=2,p=2,l=1",
    "corner:m=1,p=2,u=2,v=3",
    "corner:m=1,p=2,u=5,v=1",
    "diagonal-blocking:p=2,m=1",
    "diagonal-blocking:p=3,m=2",
    "diagonal-blocking:p=2,m=4",
];

#[test]
fn band_kernel_equals_reference_on_catalogue() {
    for name in BAND_GAMES {
        let g = parse_game(name).unwrap().game;
        for c in [Convention::Normal, Convention::Misere] {
            let g = g.with_convention(c);
            let r = g.as_single().unwrap();
            let n = 37;
            let a = solve::outcome::band::outcomes(r, n)
                .unwrap_or_else(|| panic!("{name}: out of scope"));
            let b = solve::outcomes_reference(&g, n).unwrap();
            assert_eq!(a, b, "{name} {c:?}");
            // larger board against the general fast solver
            let n = 150;
            let a = solve::outcome::band::outcomes(r, n).unwrap();
            let b = solve::outcome::counters::outcomes(r, n);
            assert_eq!(a, b, "{name} {c:?} n=150");
        }
    }
}

prop_compose! {
    fn band_rules()(rel in prop_oneof![
            Just(None),
            Just(Some(Relation::Diagonal)),
            (1u64..5).prop_map(|m| Some(Relation::Band { m })),
            (1u64..4).prop_map(|t| Some(Relation::Cone { s: 1, t })),
        ], block in 0u8..60, bl in 1u64..5, p in 1u64..5,
        cu in 0u64..6, cv in 0u64..6, misere in any::<bool>()) -> Rules {
        let mut b = Rules::builder();
        if let Some(rel) = rel { b = b.two_pile(LengthSet::all(), LengthSet::all(), rel); }
        b = strategies::with_block(b, block, bl, p, |_| true);
        b.corner(cu, cv).convention(if misere { Convention::Misere } else { Convention::Normal }).build().unwrap()
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(400))]
    #[test]
    fn band_kernel_equals_reference(r in band_rules(), n in 1usize..40) {
        // every block class is drawn; the band kernel leaves some to the counters
        prop_assume!(solve::outcome::band::applies(&r));
        let a = solve::outcome::band::outcomes(&r, n).expect("in scope");
        let b = solve::outcomes_reference(&Game::single(r.clone()), n).unwrap();
        prop_assert_eq!(a, b, "{}", r.describe());
    }
}

#[test]
fn grundy_kernel_equals_reference() {
    for name in [
        "nim",
        "wythoff",
        "corner:m=1,p=1,u=2,v=4",
        "corner:m=1,p=1,u=3,v=2",
    ] {
        let g = parse_game(name).unwrap().game;
        let r = g.as_single().unwrap();
        for n in [1, 2, 5, 33] {
            assert_eq!(
                solve::grundy::nim_like::grundy(r, n).expect("in scope"),
                solve::grundy_reference(&g, n).unwrap(),
                "{name} n={n}"
            );
        }
        // the plain bitset baseline agrees too (no corner)
        if r.corner().is_none() {
            let n = 200;
            let mut v = Vec::new();
            solve::grundy::nim_like::grundy_plain_bitset(r, n, |_, row| v.extend_from_slice(row));
            assert_eq!(
                solve::grundy::nim_like::grundy(r, n).unwrap().values(),
                &v[..]
            );
        }
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(100))]
    #[test]
    fn grundy_kernel_random_corners(diag in any::<bool>(), cu in 0u64..6, cv in 0u64..6, n in 1usize..30) {
        let mut b = Rules::builder();
        if diag { b = b.two_pile(LengthSet::all(), LengthSet::all(), Relation::Diagonal); }
        let r = b.corner(cu, cv).build().unwrap();
        prop_assert_eq!(solve::grundy::nim_like::grundy(&r, n).unwrap(), solve::grundy_reference(&Game::single(r.clone()), n).unwrap());
    }
}

prop_compose! {
    fn sparse_rules()(h in any_set(), v in any_set(), d1 in any_set(), d2 in any_set(),
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
    #![proptest_config(ProptestConfig::with_cases(500))]
    #[test]
    fn sparse_kernel_equals_reference(r in sparse_rules(), n in 1usize..36) {
        let a = solve::outcome::sparse::outcomes(&r, n).expect("in scope, small");
        let b = solve::outcomes_reference(&Game::single(r.clone()), n).unwrap();
        prop_assert_eq!(a, b, "{}", r.describe());
    }

    /// Misère play on a full board (the kernel refuses a removed corner there).
    #[test]
    fn sparse_kernel_misere_equals_reference(r in sparse_rules(), n in 1usize..36) {
        let r = r.with_convention(Convention::Misere);
        let a = solve::outcome::sparse::outcomes(&r, n);
        prop_assert_eq!(a.is_some(), r.corner().is_none(), "scope: {}", r.describe());
        if let Some(a) = a {
            let b = solve::outcomes_reference(&Game::single(r.clone()), n).unwrap();
            prop_assert_eq!(a, b, "{}", r.describe());
        }
    }
}

#[test]
fn sparse_kernel_on_catalogue() {
    for name in [
        "st-wythoff:s=2,t=1",
        "st-wythoff:s=3,t=2",
        "modular:m=3",
        "modular:m=5",
        "connell:p=3",
        "modulo-rook:m=2,l=0,p=3",
        "restricted:s=2,t=2,h=3:0,v=3:0,d1=3:1,d2=3:2",
        "odd-odd:s=2,t=3",
        "even-even:s=2,t=1",
        "odd-even:s=2,t=2",
        "even-odd:s=3,t=1",
    ] {
        let g = parse_game(name).unwrap().game;
        for g in [g.clone(), g.with_convention(Convention::Misere)] {
            let r = g.as_single().unwrap();
            let n = 40;
            assert_eq!(
                solve::outcome::sparse::outcomes(r, n).unwrap(),
                solve::outcomes_reference(&g, n).unwrap(),
                "{name} {:?}",
                g.convention()
            );
            let n = 120;
            assert_eq!(
                solve::outcome::sparse::outcomes(r, n).unwrap(),
                solve::outcome::counters::outcomes(r, n),
                "{name} n=120 {:?}",
                g.convention()
            );
        }
    }
}

/// Values beyond the first 512-value block of the bitsets, with corners that
/// break the symmetry (the unsymmetric path), against the option-enumerating
/// Grundy solver of `solve::grundy`.
#[test]
fn grundy_kernel_equals_enumeration_across_blocks() {
    for (diag, u, v) in [(true, 0, 0), (true, 5, 2), (false, 3, 9), (true, 1, 40)] {
        let mut b = Rules::builder();
        if diag {
            b = b.two_pile(LengthSet::all(), LengthSet::all(), Relation::Diagonal);
        }
        let r = b.corner(u, v).build().unwrap();
        let n = 520;
        let fast = solve::grundy::nim_like::grundy(&r, n).unwrap();
        assert!(fast.values().iter().any(|&g| g != u32::MAX && g >= 600));
        assert_eq!(
            fast,
            solve::grundy::plain::grundy(&r, n),
            "diag={diag} corner=({u},{v})"
        );
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(300))]
    /// The union-of-bitsets Grundy kernel against the reference, where it applies
    /// (periodic length sets for the cone and the congruence).
    #[test]
    fn grundy_union_equals_reference(r in sparse_rules(), n in 1usize..30) {
        if let Some(t) = solve::grundy::union::grundy(&r, n) {
            prop_assert_eq!(t, solve::grundy_reference(&Game::single(r.clone()), n).unwrap(), "{}", r.describe());
        } else {
            prop_assert!(!solve::grundy::union::applies(&r), "{}", r.describe());
        }
    }
}

#[test]
fn grundy_union_on_catalogue() {
    let mut covered = 0;
    for name in [
        "wythoff",
        "m-wythoff:m=3",
        "st-wythoff:s=2,t=1",
        "st-wythoff:s=3,t=2",
        "st-wythoff:s=1,t=3",
        "connell:p=3",
        "modulo-rook:m=2,l=2,p=3",
        "modular:m=4",
        "restricted:s=2,t=2,h=3:0,v=3:0,d1=3:1,d2=3:2",
        "odd-odd:s=2,t=1",
        "even-even:s=2,t=3",
        "odd-even:s=1,t=1",
        "even-odd:s=3,t=1",
        "corner:m=2,p=2,u=2,v=5",
    ] {
        let g = parse_game(name).unwrap().game;
        let r = g.as_single().unwrap();
        let Some(t) = solve::grundy::union::grundy(r, 90) else {
            continue;
        };
        covered += 1;
        assert_eq!(t, solve::grundy::plain::grundy(r, 90), "{name}");
    }
    assert!(
        covered >= 12,
        "the kernel covers the catalogue's Grundy games ({covered})"
    );
}

#[test]
fn grundy_parallel_equals_sequential() {
    for name in [
        "nim",
        "wythoff",
        "corner:m=1,p=1,u=7,v=3",
        "corner:m=1,p=1,u=2,v=40",
    ] {
        let g = parse_game(name).unwrap().game;
        let r = g.as_single().unwrap();
        for n in [1, 2, 3, 6, 64, 301, 700] {
            let mut a = Vec::new();
            solve::grundy::nim_like::stream(r, n, &mut |_| {}, |x, row| a.push((x, row.to_vec())))
                .unwrap();
            let mut b = Vec::new();
            solve::grundy::nim_like::stream_parallel(r, n, &mut |_| {}, |x, row| {
                b.push((x, row.to_vec()))
            })
            .unwrap();
            assert_eq!(a, b, "{name} n={n}");
        }
    }
}

/// The sequence kernels against the exact big-integer oracles (an independent
/// implementation of the papers' solutions), where the oracle gives pairs.
#[test]
fn sequences_equal_oracle_pairs() {
    use malachite_nz::natural::Natural;
    let mut checked = 0;
    for name in [
        "wythoff",
        "m-wythoff:m=2",
        "m-wythoff:m=3",
        "st-wythoff:s=2,t=1",
        "st-wythoff:s=3,t=2",
        "diagonal-blocking:p=3,m=2",
        "diagonal-blocking:p=2,m=1",
        "imitation:p=3,m=2",
        "roob-blocking:m=2,p=3",
        "roob-blocking:m=1,p=2",
        "connell:p=3",
        "modulo-rook:m=2,l=0,p=3",
        "choose-shift:m=2,p=2",
        "modular:m=7",
    ] {
        let g = parse_game(name).unwrap();
        let spec = sequence::for_game(&g).unwrap().unwrap();
        let Some(o) = wythoff::oracle::for_game(g.entry_name, &g.params, g.game.convention())
        else {
            continue;
        };
        let terms = 20_000u64;
        let pairs = sequence::pairs(&spec.kind, terms).unwrap();
        let mut any = false;
        for n in 0..pairs.len() as u64 {
            let Some((a, b)) = o.pair(&Natural::from(n)).unwrap() else {
                break;
            };
            any = true;
            assert_eq!(
                (a, b),
                (
                    Natural::from(pairs[n as usize].0),
                    Natural::from(pairs[n as usize].1)
                ),
                "{name} n={n}"
            );
        }
        if any {
            checked += 1;
        }
    }
    assert!(checked > 0, "no oracle gives pairs yet");
    eprintln!("{checked} games checked against their oracle");
}

prop_compose! {
    /// Band rules (the line-bitset kernel's scope) with random periodic sets.
    fn band_grundy_rules()(h in any_set(), v in any_set(), d1 in any_set(), d2 in any_set(),
        rel in prop_oneof![
            Just(Relation::Diagonal),
            (1u64..6).prop_map(|m| Relation::Band { m }),
            (1u64..5).prop_map(|t| Relation::Cone { s: 1, t }),
        ], two in any::<bool>(), cu in 0u64..5, cv in 0u64..5, sym in any::<bool>()) -> Rules {
        let (v, d2, cv) = if sym { (h.clone(), d1.clone(), cu) } else { (v, d2, cv) };
        let mut b = Rules::builder().h(h).v(v);
        if two { b = b.two_pile(d1, d2, rel); }
        b.corner(cu, cv).build().unwrap()
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(400))]
    /// The line-bitset Grundy kernel against the reference, on
    /// random band rules (every one is in scope) and on the general random
    /// rules (where it applies).
    #[test]
    fn grundy_lines_equals_reference(r in band_grundy_rules(), n in 1usize..34) {
        let t = solve::grundy::lines::grundy(&r, n);
        prop_assert!(t.is_some(), "in scope: {}", r.describe());
        prop_assert_eq!(t.unwrap(), solve::grundy_reference(&Game::single(r.clone()), n).unwrap(), "{}", r.describe());
    }

    #[test]
    fn grundy_lines_equals_reference_general(r in sparse_rules(), n in 1usize..30) {
        if let Some(t) = solve::grundy::lines::grundy(&r, n) {
            prop_assert_eq!(t, solve::grundy_reference(&Game::single(r.clone()), n).unwrap(), "{}", r.describe());
        }
    }
}

/// The catalogue's band and residue games: the line-bitset kernel against the
/// option-enumerating solver, on boards whose values pass the first 512-value
/// block of the bitsets.
#[test]
fn grundy_lines_on_catalogue() {
    let mut past_block = 0;
    for name in [
        "nim",
        "wythoff",
        "m-wythoff:m=2",
        "m-wythoff:m=4",
        "connell:p=2",
        "connell:p=3",
        "modulo-rook:m=2,l=0,p=3",
        "modulo-rook:m=3,l=2,p=3",
        "shifted:m=1,p=2,l=1",
        "shifted:m=2,p=3,l=2",
        "corner:m=2,p=2,u=2,v=5",
        "diagonal-blocking:m=3,p=1",
        "st-wythoff:s=1,t=3",
        "odd-even:s=1,t=1",
        "odd-odd:s=1,t=2",
        "restricted:s=1,t=2,h=3:0,v=3:0,d1=3:1,d2=3:2",
    ] {
        let g = parse_game(name).unwrap().game;
        let Some(r) = g.as_single() else {
            panic!("{name}: a single game");
        };
        if r.blocking().is_some() {
            assert!(!solve::grundy::lines::applies(r), "{name}: blocking");
            continue;
        }
        let n = 360;
        let t = solve::grundy::lines::grundy(r, n).unwrap_or_else(|| panic!("{name}: in scope"));
        past_block += (t.max_value() >= 512) as usize;
        assert_eq!(t, solve::grundy::plain::grundy(r, n), "{name}");
    }
    assert!(past_block >= 3, "some values pass 512 ({past_block})");
}

/// Rows of the line-bitset kernel's tiled order (`grundy_lines::tiled`).
fn lines_tiled(
    r: &Rules,
    n: usize,
    threads: usize,
    triangle: bool,
    cols: usize,
) -> (Vec<(u64, Vec<u32>)>, u64) {
    let mut rows = Vec::new();
    let mut done = 0;
    solve::grundy::lines::tiled(
        r,
        n,
        threads,
        triangle,
        cols,
        &mut |d| done = d,
        |x, row| rows.push((x, row.to_vec())),
    )
    .unwrap();
    (rows, done)
}

/// Rows of the line-bitset row kernel (`grundy_lines::stream_rows`).
fn lines_rows(r: &Rules, n: usize) -> Vec<(u64, Vec<u32>)> {
    let mut rows = Vec::new();
    solve::grundy::lines::stream_rows(r, n, &mut |_| {}, |x, row| rows.push((x, row.to_vec())))
        .unwrap();
    rows
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(300))]
    /// The tiled line-bitset kernel (1, 2 and 3 workers, with and without the
    /// triangle, narrow bands so that small boards have many skewed tiles)
    /// against the row kernel on random band and residue rules, and against
    /// the reference on the smaller boards.
    #[test]
    fn grundy_lines_tiled_equals_rows(r in band_grundy_rules(), n in 1usize..160,
        cols in 1usize..40, triangle in any::<bool>()) {
        let a = lines_rows(&r, n);
        for t in [1, 2, 3] {
            let (b, done) = lines_tiled(&r, n, t, triangle, cols);
            prop_assert!(a == b, "threads={} cols={} triangle={}: {}", t, cols, triangle, r.describe());
            prop_assert_eq!(done, n as u64);
        }
        if n < 40 {
            let (b, _) = lines_tiled(&r, n, 2, triangle, cols);
            let t = solve::grundy_reference(&Game::single(r.clone()), n).unwrap();
            let want: Vec<(u64, Vec<u32>)> = (0..n).map(|x| (x as u64, t.values()[x * n..(x + 1) * n].to_vec())).collect();
            prop_assert!(b == want, "reference, cols={}: {}", cols, r.describe());
        }
    }
}

/// The catalogue's band and residue games: the tiled line-bitset kernel with
/// 1, 2, 3 and 5 workers, with and without the triangle, at the real band
/// width and at a narrow one, gives the row kernel's rows (sizes around the
/// tile edges; values past the first 512-value block).
#[test]
fn grundy_lines_threads_equal_rows() {
    use solve::wavefront::{TILE_COLS, TILE_ROWS};
    for name in [
        "m-wythoff:m=2",
        "m-wythoff:m=5",
        "connell:p=2",
        "connell:p=5",
        "modulo-rook:m=2,l=0,p=3",
        "shifted:m=2,p=3,l=2",
        "corner:m=2,p=2,u=2,v=5",
        "restricted:s=1,t=2,h=3:0,v=3:0,d1=3:1,d2=3:2",
    ] {
        let g = parse_game(name).unwrap().game;
        let r = g.as_single().unwrap();
        for n in [1, TILE_ROWS + 1, TILE_COLS + 1, 457] {
            let a = lines_rows(r, n);
            for t in [1, 2, 3, 5] {
                for triangle in [true, false] {
                    for cols in [TILE_COLS, 7] {
                        let (b, done) = lines_tiled(r, n, t, triangle, cols);
                        assert!(
                            a == b,
                            "{name} n={n} threads={t} triangle={triangle} cols={cols}"
                        );
                        assert_eq!(done, n as u64, "{name} n={n}: progress ends at n");
                    }
                }
            }
            let mut c = Vec::new();
            solve::grundy::lines::stream_threads(r, n, 2, &mut |_| {}, |x, row| {
                c.push((x, row.to_vec()))
            })
            .unwrap();
            assert!(a == c, "{name} n={n} stream_threads");
        }
    }
}

/// The tiled kernel with 1, 2, 3 and 5 workers, with and without the stored
/// triangle, in the build picked for this CPU and in the portable one, gives the row kernel's table (`stream_with`, row after row on one
/// thread), rows delivered in order and progress ending at n (symmetric and
/// unsymmetric boards, corners, sizes around the tile edges of 64 rows and 128
/// columns, values past the first 512-value block).
#[test]
fn grundy_threads_equal_sequential() {
    use solve::wavefront::{TILE_COLS, TILE_ROWS};
    for name in [
        "nim",
        "wythoff",
        "corner:m=1,p=1,u=7,v=3",
        "corner:m=1,p=1,u=2,v=40",
        "corner:m=1,p=1,u=70,v=70",
    ] {
        let g = parse_game(name).unwrap().game;
        let r = g.as_single().unwrap();
        for n in [0, 1, 5, TILE_ROWS, TILE_ROWS + 1, TILE_COLS + 1, 333, 600] {
            let mut a = Vec::new();
            solve::grundy::nim_like::stream_with(r, n, true, &mut |_| {}, |x, row| {
                a.push((x, row.to_vec()))
            })
            .unwrap();
            for t in [1, 2, 3, 5] {
                for triangle in [true, false] {
                    let mut b = Vec::new();
                    let mut done = 0;
                    solve::grundy::nim_like::tiled(
                        r,
                        n,
                        t,
                        triangle,
                        &mut |d| done = d,
                        |x, row| b.push((x, row.to_vec())),
                    )
                    .unwrap();
                    assert_eq!(a, b, "{name} n={n} threads={t} triangle={triangle}");
                    assert_eq!(
                        done, n as u64,
                        "{name} n={n} threads={t}: progress ends at n"
                    );
                    // the portable build (the AVX2 one is picked where the CPU has it)
                    let mut p = Vec::new();
                    solve::grundy::nim_like::tiled_simd(
                        r,
                        n,
                        t,
                        triangle,
                        false,
                        &mut |_| {},
                        |x, row| p.push((x, row.to_vec())),
                    )
                    .unwrap();
                    assert_eq!(
                        a, p,
                        "{name} n={n} threads={t} triangle={triangle} portable"
                    );
                }
            }
            let mut c = Vec::new();
            solve::grundy::nim_like::stream_threads(r, n, 2, &mut |_| {}, |x, row| {
                c.push((x, row.to_vec()))
            })
            .unwrap();
            assert_eq!(a, c, "{name} n={n} stream_threads");
        }
    }
}

/// Without the stored triangle (the path of boards whose values pass 65535)
/// the symmetric games give the same rows.
#[test]
fn grundy_without_triangle_equals_with() {
    for name in ["nim", "wythoff", "corner:m=1,p=1,u=4,v=4"] {
        let g = parse_game(name).unwrap().game;
        let r = g.as_single().unwrap();
        assert!(solve::grundy::nim_like::keeps_triangle(r, 600), "{name}");
        for n in [1, 7, 600] {
            let mut a = Vec::new();
            solve::grundy::nim_like::stream_with(r, n, true, &mut |_| {}, |x, row| {
                a.push((x, row.to_vec()))
            })
            .unwrap();
            let mut b = Vec::new();
            solve::grundy::nim_like::stream_with(r, n, false, &mut |_| {}, |x, row| {
                b.push((x, row.to_vec()))
            })
            .unwrap();
            assert_eq!(a, b, "{name} n={n}");
        }
    }
    // values pass 65535 from N = 21846 on: no triangle there
    let r = parse_game("wythoff")
        .unwrap()
        .game
        .as_single()
        .unwrap()
        .clone();
    assert!(!solve::grundy::nim_like::keeps_triangle(&r, 65536));
}

prop_compose! {
    /// Cone and congruence rules with periodic length sets (the region
    /// kernel's scope), with a removed corner at times.
    fn region_rules()(h in periodic_set(), v in periodic_set(), d1 in periodic_set(), d2 in periodic_set(),
        rel in prop_oneof![
            (2u64..6, 1u64..7).prop_map(|(s, t)| Relation::Cone { s, t }),
            (1u64..8).prop_map(|m| Relation::Congruent { m }),
        ], cu in 0u64..5, cv in 0u64..5, corner in any::<bool>()) -> Rules {
        let b = Rules::builder().h(h).v(v).two_pile(d1, d2, rel);
        let b = if corner { b.corner(cu, cv) } else { b };
        b.build().unwrap()
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(400))]
    /// The region kernel against the reference on its own scope: it must apply
    /// to every cone whose rays' first cells are moves, and agree everywhere.
    #[test]
    fn grundy_region_equals_reference(r in region_rules(), n in 1usize..40) {
        if let Some(t) = solve::grundy::region::grundy(&r, n) {
            let want = solve::grundy_reference(&Game::single(r.clone()), n).unwrap();
            prop_assert_eq!(first_diff(&t, &want), None, "{}", r.describe());
            // the same rows on 1, 2 and 3 workers, stripes of 1, 2, 5 and 16
            // rows, steps of 1 to 128 columns (the row above's lag binds)
            for (threads, rows, step) in [(2, 16, 128), (3, 16, 128), (2, 1, 1), (3, 2, 3), (2, 5, 7), (1, 3, 2)] {
                let mut got = Vec::new();
                let mut rows_seen = Vec::new();
                solve::grundy::region::stream_tuned(&r, n, threads, rows, step, 64, &mut |_| {}, |x, row| {
                    rows_seen.push(x);
                    got.extend_from_slice(row);
                })
                .unwrap();
                prop_assert_eq!(&rows_seen, &(0..n as u64).collect::<Vec<_>>());
                prop_assert!(
                    got == t.values(),
                    "{} n={} threads={} rows={} step={}",
                    r.describe(), n, threads, rows, step
                );
            }
        } else {
            prop_assert!(!solve::grundy::region::applies(&r), "{}", r.describe());
        }
    }

    /// The same on the general random rules (most are out of scope).
    #[test]
    fn grundy_region_equals_reference_general(r in sparse_rules(), n in 1usize..30) {
        if let Some(t) = solve::grundy::region::grundy(&r, n) {
            let want = solve::grundy_reference(&Game::single(r.clone()), n).unwrap();
            prop_assert_eq!(first_diff(&t, &want), None, "{}", r.describe());
        }
    }
}

/// The region kernel covers the catalogue's cone and congruence games, past
/// the first bitset width (values over 128 at N = 150 restart the solve).
#[test]
fn grundy_region_on_catalogue() {
    let mut covered = Vec::new();
    for name in [
        "st-wythoff:s=2,t=1",
        "st-wythoff:s=3,t=2",
        "st-wythoff:s=5,t=7",
        "modular:m=1",
        "modular:m=4",
        "modular:m=5",
        "modular:m=100",
        "restricted:s=2,t=2,h=3:0,v=3:0,d1=3:1,d2=3:2",
        "odd-odd:s=2,t=1",
        "odd-odd:s=3,t=4",
        "even-even:s=2,t=3",
        "odd-even:s=2,t=1",
        "even-odd:s=3,t=1",
    ] {
        let g = parse_game(name).unwrap().game;
        let r = g.as_single().unwrap();
        let Some(t) = solve::grundy::region::grundy(r, 150) else {
            continue;
        };
        covered.push(name);
        assert_eq!(
            first_diff(&t, &solve::grundy::plain::grundy(r, 150)),
            None,
            "{name}"
        );
    }
    assert!(covered.len() >= 11, "covered: {covered:?}");
}

/// The region kernel on several workers, past the first bitset width (values
/// over 512 restart the solve with every worker stopped, the rows already
/// handed over not handed over again): the rows of one worker, in order.
#[test]
fn grundy_region_threads_equal_one() {
    let mut restarted = Vec::new();
    for name in [
        "st-wythoff:s=2,t=1",
        "st-wythoff:s=3,t=2",
        "modular:m=5",
        "odd-odd:s=2,t=1",
        "odd-even:s=2,t=1",
        "even-odd:s=3,t=1",
        "restricted:s=2,t=2,h=3:0,v=3:0,d1=3:1,d2=3:2",
    ] {
        let g = parse_game(name).unwrap().game;
        let r = g.as_single().unwrap();
        let n = 400;
        let mut a = Vec::new();
        solve::grundy::region::stream(r, n, &mut |_| {}, |x, row| a.push((x, row.to_vec())))
            .unwrap();
        if a.iter()
            .flat_map(|(_, v)| v)
            .any(|&g| g != u32::MAX && g >= 512)
        {
            restarted.push(name);
        }
        for (threads, rows, step) in [
            (2, 16, 128),
            (3, 16, 128),
            (2, 1, 16),
            (3, 4, 5),
            (1, 16, 128),
        ] {
            // a first width of 512 values: the values past it restart the solve
            let mut b = Vec::new();
            let mut done = 0;
            solve::grundy::region::stream_tuned(
                r,
                n,
                threads,
                rows,
                step,
                8,
                &mut |d| done = d,
                |x, row| b.push((x, row.to_vec())),
            )
            .unwrap();
            assert!(a == b, "{name} threads={threads} rows={rows} step={step}");
            assert!(done >= 384, "{name}: progress reported");
        }
        let mut c = Vec::new();
        solve::grundy::region::stream_threads(r, n, 2, &mut |_| {}, |x, row| {
            c.push((x, row.to_vec()))
        })
        .unwrap();
        assert!(a == c, "{name} stream_threads");
    }
    assert!(restarted.len() >= 3, "restarted: {restarted:?}");
}

/// The first cell `(x, y, got, want)` where two tables differ.
fn first_diff(
    a: &solve::GrundyTable,
    b: &solve::GrundyTable,
) -> Option<(usize, usize, Option<u32>, Option<u32>)> {
    assert_eq!(a.size(), b.size());
    let n = a.size();
    (0..n * n)
        .map(|i| (i / n, i % n))
        .find(|&(x, y)| a.get(x, y) != b.get(x, y))
        .map(|(x, y)| (x, y, a.get(x, y), b.get(x, y)))
}
