//! Proptest strategies shared by the solver tests.
#![allow(dead_code)]

use proptest::prelude::*;
use wythoff::sets::LengthSet;

/// Length sets of every kind the model has (all, none, parity, residues, bounds,
/// rook unions).
pub fn any_set() -> impl Strategy<Value = LengthSet> {
    prop_oneof![
        Just(LengthSet::all()),
        Just(LengthSet::none()),
        Just(LengthSet::odd()),
        Just(LengthSet::even()),
        (1u64..6, 0u64..6).prop_map(|(k, r)| LengthSet::residues(k, &[r % k]).unwrap()),
        (2u64..6, 0u64..6, 0u64..6)
            .prop_map(|(k, r, s)| LengthSet::residues(k, &[r % k, s % k]).unwrap()),
        (1u64..5).prop_map(|r| LengthSet::at_most(r).unwrap()),
        (1u64..5).prop_map(|l| LengthSet::at_least(l).unwrap()),
        (0u64..4, 1u64..5, 1u64..4).prop_map(|(l, p, m)| LengthSet::rook(l, p)
            .unwrap()
            .union(&LengthSet::at_most(m).unwrap())
            .unwrap()),
    ]
}

/// Purely periodic length sets (no explicit prefix).
pub fn periodic_set() -> impl Strategy<Value = LengthSet> {
    prop_oneof![
        Just(LengthSet::all()),
        Just(LengthSet::odd()),
        Just(LengthSet::even()),
        (1u64..5, 0u64..5).prop_map(|(k, r)| LengthSet::residues(k, &[r % k]).unwrap()),
        (2u64..5, 0u64..5, 0u64..5)
            .prop_map(|(k, r, s)| LengthSet::residues(k, &[r % k, s % k]).unwrap()),
    ]
}

/// Every block class of the model, one-pile thresholds at `bl`. The match is
/// exhaustive on purpose: a new class fails to compile here until the
/// strategies generate it.
pub fn block_classes(bl: u64) -> Vec<wythoff::rules::BlockClass> {
    use wythoff::rules::BlockClass;
    let every = vec![
        BlockClass::OnePileAtLeast(bl),
        BlockClass::Diagonal,
        BlockClass::All,
    ];
    for c in &every {
        match c {
            BlockClass::OnePileAtLeast(_) | BlockClass::Diagonal | BlockClass::All => {}
        }
    }
    every
}

/// `b` with blocking drawn by `block` (in `0..60`): no blocking for `block <
/// 20`, else one class of [`block_classes`], with count `p`; only classes
/// `keep` accepts (none when it rejects the drawn one).
pub fn with_block(
    b: wythoff::rules::RulesBuilder,
    block: u8,
    bl: u64,
    p: u64,
    keep: impl Fn(&wythoff::rules::BlockClass) -> bool,
) -> wythoff::rules::RulesBuilder {
    let classes = block_classes(bl);
    match (block as usize).checked_sub(20).map(|i| i % classes.len()) {
        Some(i) if keep(&classes[i]) => b.blocking(classes[i], p),
        _ => b,
    }
}

/// A removed corner `[0,cu) x [0,cv)` and, now and then, a terminal set
/// `x + y <= l`.
pub fn corner_terminal() -> impl Strategy<Value = (u64, u64, Option<u64>)> {
    (0u64..4, 0u64..4, proptest::option::weighted(0.1, 0u64..6))
}

/// A two-pile relation of each kind: the diagonal, bands, cones and congruences.
pub fn any_relation() -> impl Strategy<Value = wythoff::rules::Relation> {
    use wythoff::rules::Relation;
    prop_oneof![
        Just(Relation::Diagonal),
        (1u64..5).prop_map(|m| Relation::Band { m }),
        (1u64..4, 1u64..4).prop_map(|(s, t)| Relation::Cone { s, t }),
        (1u64..5).prop_map(|m| Relation::Congruent { m }),
        (1u64..5, 1u64..7)
            .prop_filter("p != q", |(p, q)| p != q)
            .prop_map(|(p, q)| Relation::Ratio { p, q }),
        // a ratio joined to another relation (bands, cones and congruences
        // that overlap it; two ratios of one direction)
        (0u8..6, 1u64..4, 1u64..4, 1u64..5, 1u64..7).prop_filter("p != q", |(_, _, _, p, q)| p != q).prop_map(
            |(kind, a, b, p, q)| {
                let other = match kind {
                    0 => Relation::Diagonal,
                    1 => Relation::Band { m: a + 1 },
                    2 => Relation::Cone { s: a, t: b },
                    3 => Relation::Congruent { m: a + 1 },
                    4 => Relation::Ratio { p: 2 * p, q: 2 * q },
                    _ => Relation::Ratio { p: a, q: a + b },
                };
                Relation::Union(vec![other, Relation::Ratio { p, q }])
            }
        ),
    ]
}

prop_compose! {
    /// Memoryless rules of every kind: one-pile sets, an optional two-pile
    /// relation of each kind, blocking of either class, a removed corner, both
    /// conventions.
    pub fn any_rules()(h in any_set(), v in any_set(), d1 in any_set(), d2 in any_set(),
        rel in any_relation(), two in any::<bool>(), block in 0u8..60, bl in 1u64..4, p in 1u64..4,
        (cu, cv, term) in corner_terminal(), misere in any::<bool>()) -> wythoff::rules::Rules {
        use wythoff::rules::{Convention, Rules};
        let mut b = Rules::builder().h(h).v(v);
        if two { b = b.two_pile(d1, d2, rel); }
        b = with_block(b, block, bl, p, |_| true);
        if let Some(l) = term { b = b.terminal(l); }
        b.corner(cu, cv).convention(if misere { Convention::Misere } else { Convention::Normal }).build().unwrap()
    }
}

prop_compose! {
    /// Rules whose two-pile region is unbounded (a cone with `s >= 2`, or a
    /// congruence) with purely periodic two-pile sets, sometimes without blocking
    /// and in normal play (the region and union Grundy kernels' scope).
    pub fn region_rules()(h in any_set(), v in any_set(), d1 in periodic_set(), d2 in periodic_set(),
        cone in any::<bool>(), s in 2u64..5, t in 1u64..5, m in 1u64..5, block in 0u8..60, bl in 1u64..4,
        p in 1u64..4, (cu, cv, term) in corner_terminal(), misere in 0u8..3) -> wythoff::rules::Rules {
        use wythoff::rules::{Convention, Relation, Rules};
        let rel = if cone { Relation::Cone { s, t } } else { Relation::Congruent { m } };
        let b = Rules::builder().h(h).v(v).two_pile(d1, d2, rel);
        // the classes the region counters count as one region
        let mut b = with_block(b, block, bl, p, |c| c.two_pile_region().is_some());
        if let Some(l) = term { b = b.terminal(l); }
        b.corner(cu, cv).convention(if misere == 2 { Convention::Misere } else { Convention::Normal }).build().unwrap()
    }
}

prop_compose! {
    /// Rules of the band kernels' shape: every one-pile length, and optionally
    /// every two-pile length along a band of diagonals (width 1 is Wythoff's
    /// diagonal); blocking, a removed corner and misère play now and then.
    pub fn band_rules()(two in 0u8..3, m in 1u64..4, block in 0u8..60, bl in 1u64..4, p in 1u64..4,
        (cu, cv, term) in corner_terminal(), misere in 0u8..3) -> wythoff::rules::Rules {
        use wythoff::rules::{Convention, Relation, Rules};
        let mut b = Rules::builder().h(LengthSet::all()).v(LengthSet::all());
        match two {
            1 => b = b.two_pile(LengthSet::all(), LengthSet::all(), Relation::Diagonal),
            2 => b = b.two_pile(LengthSet::all(), LengthSet::all(), Relation::Band { m }),
            _ => {}
        }
        b = with_block(b, block, bl, p, |_| true);
        if let Some(l) = term { b = b.terminal(l); }
        b.corner(cu, cv).convention(if misere == 2 { Convention::Misere } else { Convention::Normal }).build().unwrap()
    }
}

prop_compose! {
    /// Rules of the linear kernel's shape: every one-pile length, and
    /// optionally every two-pile length along a band of diagonals or in a cone
    /// (`s = 1` is a band); one-pile or diagonal blocking, a removed corner and
    /// misère play now and then.
    pub fn linear_rules()(two in 0u8..4, m in 1u64..5, s in 1u64..4, t in 1u64..5, block in 0u8..4,
        bl in 1u64..5, p in 1u64..5, cu in 0u64..6, cv in 0u64..6, misere in 0u8..3) -> wythoff::rules::Rules {
        use wythoff::rules::{BlockClass, Convention, Relation, Rules};
        let mut b = Rules::builder().h(LengthSet::all()).v(LengthSet::all());
        match two {
            1 => b = b.two_pile(LengthSet::all(), LengthSet::all(), Relation::Band { m }),
            2 | 3 => b = b.two_pile(LengthSet::all(), LengthSet::all(), Relation::Cone { s, t }),
            _ => {}
        }
        b = match block { 1 => b.blocking(BlockClass::OnePileAtLeast(bl), p), 2 => b.blocking(BlockClass::Diagonal, p), _ => b };
        b.corner(cu, cv).convention(if misere == 2 { Convention::Misere } else { Convention::Normal }).build().unwrap()
    }
}

prop_compose! {
    /// Rules of the residue kernel's shape: one-pile sets of every kind,
    /// optionally every two-pile length along a band of diagonals; a removed
    /// corner and misère play now and then (the kernel takes misère only on a
    /// full board), no blocking.
    pub fn residue_rules()(h in any_set(), v in any_set(), two in 0u8..3, m in 1u64..5,
        cu in 0u64..4, cv in 0u64..4, misere in 0u8..3) -> wythoff::rules::Rules {
        use wythoff::rules::{Convention, Relation, Rules};
        let mut b = Rules::builder().h(h).v(v);
        match two {
            1 => b = b.two_pile(LengthSet::all(), LengthSet::all(), Relation::Diagonal),
            2 => b = b.two_pile(LengthSet::all(), LengthSet::all(), Relation::Band { m }),
            _ => {}
        }
        b.corner(cu, cv).convention(if misere == 2 { Convention::Misere } else { Convention::Normal }).build().unwrap()
    }
}

prop_compose! {
    /// Rules of the band outcome kernel's shape with a cone `s = 1` too (a
    /// band of another width): every one-pile length, every block class, a
    /// removed corner, both conventions.
    pub fn band_cone_rules()(rel in prop_oneof![
            Just(None),
            Just(Some(wythoff::rules::Relation::Diagonal)),
            (1u64..5).prop_map(|m| Some(wythoff::rules::Relation::Band { m })),
            (1u64..4).prop_map(|t| Some(wythoff::rules::Relation::Cone { s: 1, t })),
        ], block in 0u8..60, bl in 1u64..5, p in 1u64..5,
        cu in 0u64..6, cv in 0u64..6, misere in any::<bool>()) -> wythoff::rules::Rules {
        use wythoff::rules::{Convention, Rules};
        let mut b = Rules::builder();
        if let Some(rel) = rel { b = b.two_pile(LengthSet::all(), LengthSet::all(), rel); }
        b = with_block(b, block, bl, p, |_| true);
        b.corner(cu, cv).convention(if misere { Convention::Misere } else { Convention::Normal }).build().unwrap()
    }
}

prop_compose! {
    /// Normal play, no blocking, every relation, a removed corner: the sparse
    /// kernel's scope (and, where they apply, the union, lines and region
    /// Grundy kernels').
    pub fn sparse_rules()(h in any_set(), v in any_set(), d1 in any_set(), d2 in any_set(),
        rel in any_relation(), two in any::<bool>(), cu in 0u64..5, cv in 0u64..5) -> wythoff::rules::Rules {
        use wythoff::rules::Rules;
        let mut b = Rules::builder().h(h).v(v);
        if two { b = b.two_pile(d1, d2, rel); }
        b.corner(cu, cv).build().unwrap()
    }
}

prop_compose! {
    /// Band rules (the lines Grundy kernel's scope: every one is in it) with
    /// random periodic sets, symmetric half of the time.
    pub fn band_grundy_rules()(h in any_set(), v in any_set(), d1 in any_set(), d2 in any_set(),
        rel in prop_oneof![
            Just(wythoff::rules::Relation::Diagonal),
            (1u64..6).prop_map(|m| wythoff::rules::Relation::Band { m }),
            (1u64..5).prop_map(|t| wythoff::rules::Relation::Cone { s: 1, t }),
        ], two in any::<bool>(), cu in 0u64..5, cv in 0u64..5, sym in any::<bool>()) -> wythoff::rules::Rules {
        use wythoff::rules::Rules;
        let (v, d2, cv) = if sym { (h.clone(), d1.clone(), cu) } else { (v, d2, cv) };
        let mut b = Rules::builder().h(h).v(v);
        if two { b = b.two_pile(d1, d2, rel); }
        b.corner(cu, cv).build().unwrap()
    }
}

prop_compose! {
    /// Cone and congruence rules with periodic length sets (the region Grundy
    /// kernel's scope), with a removed corner at times.
    pub fn grundy_region_rules()(h in periodic_set(), v in periodic_set(), d1 in periodic_set(), d2 in periodic_set(),
        rel in prop_oneof![
            (2u64..6, 1u64..7).prop_map(|(s, t)| wythoff::rules::Relation::Cone { s, t }),
            (1u64..8).prop_map(|m| wythoff::rules::Relation::Congruent { m }),
        ], cu in 0u64..5, cv in 0u64..5, corner in any::<bool>()) -> wythoff::rules::Rules {
        use wythoff::rules::Rules;
        let b = Rules::builder().h(h).v(v).two_pile(d1, d2, rel);
        let b = if corner { b.corner(cu, cv) } else { b };
        b.build().unwrap()
    }
}

prop_compose! {
    /// Nim or Wythoff with a removed corner (the nim-like Grundy kernel's scope).
    pub fn nim_like_rules()(diag in any::<bool>(), cu in 0u64..6, cv in 0u64..6) -> wythoff::rules::Rules {
        use wythoff::rules::{Relation, Rules};
        let mut b = Rules::builder();
        if diag { b = b.two_pile(LengthSet::all(), LengthSet::all(), Relation::Diagonal); }
        b.corner(cu, cv).build().unwrap()
    }
}
