//! m-Modular Wythoff with a huge `m` (`oracle::modular_big`) against the
//! catalogue's engines through `explain::winning_moves` (a cross-layer check:
//! it lives here, not in the oracle's own module, which names no layer above it).

use malachite_base::num::arithmetic::traits::Pow;
use wythoff::explain::winning_moves;
use wythoff::oracle::beatty::Beatty;
use wythoff::oracle::modular_big::{parse, Modular};
use wythoff::oracle::Natural;
use wythoff::subject::Subject;

trait PowRef {
    fn pow_ref(&self, e: u64) -> Natural;
}
impl PowRef for Natural {
    fn pow_ref(&self, e: u64) -> Natural {
        self.clone().pow(e)
    }
}

/// Every position of a board, for every small `m`: the outcome and the
/// winning moves agree with `explain::winning_moves` (catalogue oracle, itself
/// checked against the general solver).
#[test]
fn agrees_with_the_catalogue_for_small_m() {
    for m in 1..=13u64 {
        let g = Modular::new(Natural::from(m));
        let s = Subject::parse(&format!("modular:m={m}"), false).unwrap();
        for x in 0..26u64 {
            for y in 0..26u64 {
                let (nx, ny) = (Natural::from(x), Natural::from(y));
                let (_, want) = winning_moves(&s, &nx, &ny).unwrap();
                let p = g.is_p(&nx, &ny);
                assert_eq!(p, want.is_empty(), "m={m} ({x},{y})");
                assert_eq!(g.winning_moves(&nx, &ny), want, "m={m} ({x},{y})");
            }
        }
    }
}

/// With `m` above both piles the game from `(x, y)` is Wythoff's.
#[test]
fn huge_m_is_wythoff_below_m() {
    let m = parse("modular:m=10^30").unwrap().unwrap();
    let g = Modular::new(m);
    let w = Subject::parse("wythoff", false).unwrap();
    for (x, y) in [
        (0u64, 0u64),
        (1, 2),
        (3, 5),
        (4, 7),
        (10, 20),
        (1000, 1618),
        (98, 160),
    ] {
        let (nx, ny) = (Natural::from(x), Natural::from(y));
        let (_, want) = winning_moves(&w, &nx, &ny).unwrap();
        assert_eq!(g.winning_moves(&nx, &ny), want, "({x},{y})");
    }
    // a Wythoff pair far beyond 10^30 whose smaller pile is also beyond m: N
    let big = Natural::from(10u32).pow_ref(40);
    let bt = Beatty::new(1, 1);
    let (a, b) = (bt.a(&big), bt.b(&big));
    assert!(!g.is_p(&a, &b));
    assert!(Modular::new(Natural::from(10u32).pow_ref(50)).is_p(&a, &b));
}
