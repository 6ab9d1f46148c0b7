//! The fast kernels (sequences, streaming outcome kernel, Grundy kernel) against
//! the brute-force reference and the general solvers.

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
