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
