//! Closed forms as data: a P-set written as a union of families of pairs
//! `(ax u_n + cx, ay v_n + cy)`, `n >= 0`, with their mirror images, where
//! `(u_n, v_n)` is `(n, n)` or Wythoff's pair `(A_n, B_n)` (`A_n = floor(n phi)`,
//! `B_n = A_n + n`). The same data answers membership here (exactly, on big
//! integers: the oracle of Blocking Wythoff Nim, k = 2 and 3, *is* this
//! membership) and is written as a Walnut formula ([`ClosedForm::walnut`]), so
//! that `wythoff prove` can have Walnut decide "the closed form's set is the
//! proved P-set automaton" (the side statement `closed_form`).
//!
//! Walnut cannot multiply by an irrational; `floor(n phi)` is written in the
//! Zeckendorf numeration (`msd_fib`) as in Shallit's book (*The Logical Approach
//! to Automatic Sequences*; the same two commands are `test620` and `test621`
//! of Walnut's `src/test/java/Main/IntegrationTest.java`):
//! `reg shift {0,1} {0,1} "([0,0]|[0,1][1,1]*[1,0])*"` (the second number's
//! digits are the first's shifted left by one place) and
//! `phin(n, s) := (s = 0 & n = 0) | E x shift(n - 1, x) & s = x + 1`, which is
//! the identity `floor((n + 1) phi) - 1 = [Zeckendorf digits of n, then 0]`
//! (tested below against [`Beatty`] for `n < 20000`). A form with Wythoff's
//! pairs is therefore written in `msd_fib` only; a form of lines in any
//! numeration Walnut ships.

use super::beatty::Beatty;
use crate::catalogue::{Params, LARSSON_2011};
use crate::rules::Convention;
use malachite_nz::natural::Natural;

/// The pair sequence a family is built on.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Pairs {
    /// `(u_n, v_n) = (n, n)`.
    Linear,
    /// Wythoff's pairs `(A_n, B_n) = (floor(n phi), floor(n phi) + n)`.
    Wythoff,
}

/// The pairs `(ax u_n + cx, ay v_n + cy)` for `n >= 0`, and their mirror
/// images `(y, x)`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Family {
    pub pairs: Pairs,
    /// `(ax, cx)`: the first pile is `ax u_n + cx`.
    pub x: (u64, u64),
    /// `(ay, cy)`: the second pile is `ay v_n + cy`.
    pub y: (u64, u64),
}

impl Family {
    pub const fn linear(x: (u64, u64), y: (u64, u64)) -> Family {
        Family {
            pairs: Pairs::Linear,
            x,
            y,
        }
    }
    pub const fn wythoff(x: (u64, u64), y: (u64, u64)) -> Family {
        Family {
            pairs: Pairs::Wythoff,
            x,
            y,
        }
    }
}

/// A P-set as a union of families, each with its mirror images.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ClosedForm {
    /// The paper (as the oracle names it).
    pub source: String,
    pub families: Vec<Family>,
}

/// The Walnut commands that define a closed form's set as `cform(a, b)`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct WalnutForm {
    /// The commands (`reg`, `def`), one a line, each ending in `;`.
    pub commands: String,
    /// The set's formula (the body of `def cform`).
    pub formula: String,
}

/// The name of the closed form's automaton in a proof folder.
pub const CFORM: &str = "cform";

/// `(ax, cx)` applied to `v`, exactly.
fn affine(v: &Natural, (a, c): (u64, u64)) -> Natural {
    v * Natural::from(a) + Natural::from(c)
}

/// The `u` with `a u + c = x`, if any (`a > 0`); `Err(())` when `a = 0` (every
/// `u` when `x = c`, none otherwise: told apart by the caller).
fn solve(x: &Natural, (a, c): (u64, u64)) -> Result<Option<Natural>, ()> {
    if a == 0 {
        return Err(());
    }
    let c = Natural::from(c);
    if *x < c {
        return Ok(None);
    }
    let d = x - &c;
    let a = Natural::from(a);
    let u = &d / &a;
    Ok((&u * &a == d).then_some(u))
}

/// A Walnut term `a*v+c` without the factors and terms that are 1 or 0.
fn term(v: &str, (a, c): (u64, u64)) -> String {
    let lin = match a {
        0 => String::new(),
        1 => v.to_string(),
        a => format!("{a}*{v}"),
    };
    match (lin.is_empty(), c) {
        (true, c) => c.to_string(),
        (false, 0) => lin,
        (false, c) => format!("{lin}+{c}"),
    }
}

impl ClosedForm {
    /// Is `(x, y)` in one of the families (either orientation)? Exact.
    pub fn contains(&self, x: &Natural, y: &Natural) -> bool {
        self.families
            .iter()
            .any(|f| Self::in_family(f, x, y) || Self::in_family(f, y, x))
    }

    fn in_family(f: &Family, x: &Natural, y: &Natural) -> bool {
        match f.pairs {
            Pairs::Linear => match (solve(x, f.x), solve(y, f.y)) {
                (Ok(Some(n)), _) => affine(&n, f.y) == *y,
                (Ok(None), _) | (_, Ok(None)) => false,
                (Err(()), Ok(Some(_))) => *x == f.x.1,
                (Err(()), Err(())) => *x == f.x.1 && *y == f.y.1,
            },
            Pairs::Wythoff => {
                let bt = Beatty::new(1, 1);
                match (solve(x, f.x), solve(y, f.y)) {
                    (Ok(Some(a)), _) => {
                        bt.indices_a(&a).iter().any(|n| affine(&bt.b(n), f.y) == *y)
                    }
                    (Ok(None), _) | (_, Ok(None)) => false,
                    (Err(()), Ok(Some(b))) => bt.index_b(&b).is_some() && *x == f.x.1,
                    (Err(()), Err(())) => *x == f.x.1 && *y == f.y.1,
                }
            }
        }
    }

    /// The form in words: `(n, 2n+1), (2A_n+2, 2B_n+2) and mirrors`.
    pub fn describe(&self) -> String {
        let fam: Vec<String> = self
            .families
            .iter()
            .map(|f| {
                let (u, v) = match f.pairs {
                    Pairs::Linear => ("n", "n"),
                    Pairs::Wythoff => ("A_n", "B_n"),
                };
                format!("({}, {})", term(u, f.x), term(v, f.y)).replace('*', "")
            })
            .collect();
        let wythoff = self.families.iter().any(|f| f.pairs == Pairs::Wythoff);
        format!(
            "{} and mirrors, n >= 0{}",
            fam.join(", "),
            if wythoff {
                ", A_n = floor(n phi), B_n = A_n + n"
            } else {
                ""
            }
        )
    }

    /// The Walnut commands defining the form's set as [`CFORM`]`(a, b)` in the
    /// numeration `ns` (Walnut's name), or why it cannot be written there.
    pub fn walnut(&self, ns: &str) -> Result<WalnutForm, String> {
        let wythoff = self.families.iter().any(|f| f.pairs == Pairs::Wythoff);
        if wythoff && ns != "msd_fib" {
            return Err(format!(
                "floor(n phi) is written in Zeckendorf's numeration (msd_fib) only, not in {ns}"
            ));
        }
        let mut parts = Vec::new();
        for f in &self.families {
            for (p, q) in [("a", "b"), ("b", "a")] {
                if p == "b" && f.pairs == Pairs::Linear && f.x == f.y {
                    continue; // its own mirror image
                }
                let part = match f.pairs {
                    Pairs::Linear if f.x.0 == 0 && f.y.0 == 0 => {
                        format!("({p}={} & {q}={})", f.x.1, f.y.1)
                    }
                    Pairs::Linear => {
                        format!("(E n {p}={} & {q}={})", term("n", f.x), term("n", f.y))
                    }
                    Pairs::Wythoff => format!(
                        "(E n,u,v $phin(n,u) & v=u+n & {p}={} & {q}={})",
                        term("u", f.x),
                        term("v", f.y)
                    ),
                };
                if !parts.contains(&part) {
                    parts.push(part);
                }
            }
        }
        let formula = parts.join(" | ");
        let mut commands = String::new();
        if wythoff {
            commands.push_str("reg shift {0,1} {0,1} \"([0,0]|[0,1][1,1]*[1,0])*\";\n");
            commands.push_str("def phin \"?msd_fib (s=0 & n=0) | Ex $shift(n-1,x) & s=x+1\";\n");
        }
        commands.push_str(&format!("def {CFORM} \"?{ns} {formula}\";\n"));
        Ok(WalnutForm { commands, formula })
    }
}

/// Wythoff's P-set: `(A_n, B_n)` and mirrors.
pub fn wythoff() -> ClosedForm {
    ClosedForm {
        source: "Wythoff 1907: (floor(n phi), floor(n phi^2))".into(),
        families: vec![Family::wythoff((1, 0), (1, 0))],
    }
}

/// The P-set of `blocking-wythoff:k=K`, `K` in 2..=3, as families (each with
/// its mirror images): the oracle's membership, and the closed form `prove`
/// has Walnut compare with the proved automaton.
pub fn blocking_wythoff(k: u64) -> Option<ClosedForm> {
    let families = match k {
        // (0, 0); (n, 2n + 1); (2 A_m + 2, 2 B_m + 2)
        2 => vec![
            Family::linear((0, 0), (0, 0)),
            Family::linear((1, 0), (2, 1)),
            Family::wythoff((2, 2), (2, 2)),
        ],
        // (0, 0); (n, 2n + 1); (n, 2n + 2)
        3 => vec![
            Family::linear((0, 0), (0, 0)),
            Family::linear((1, 0), (2, 1)),
            Family::linear((1, 0), (2, 2)),
        ],
        _ => return None,
    };
    Some(ClosedForm {
        source: format!("{LARSSON_2011} (k = {k})"),
        families,
    })
}

/// The closed form of a catalogue game's oracle, where it is a union of such
/// families: Nim, Wythoff (and the family members that are Wythoff's game),
/// Blocking Wythoff Nim with k = 2, 3 (normal play; misère play has no
/// formula oracle).
pub fn for_game(entry: &str, params: &Params, convention: Convention) -> Option<ClosedForm> {
    if convention != Convention::Normal {
        return None;
    }
    let ints = params.ints();
    match (entry, ints.get("k"), ints.get("l")) {
        ("nim", _, _) => Some(ClosedForm {
            source: "Bouton 1901: P iff x = y".into(),
            families: vec![Family::linear((1, 0), (1, 0))],
        }),
        ("wythoff", _, _) | ("blocking-wythoff", Some(1), _) | ("terminal-wythoff", _, Some(0)) => {
            Some(wythoff())
        }
        ("blocking-wythoff", Some(&k), _) => blocking_wythoff(k),
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::catalogue::parse_game;
    use malachite_base::num::arithmetic::traits::Pow;

    /// Walnut's `phin`: `floor((n + 1) phi) - 1` is `n`'s Zeckendorf digits
    /// followed by a 0 (what `shift` accepts), so `phin(n) = floor(n phi)`.
    /// The digits by the greedy rule over the place values 1, 2, 3, 5, 8, ...
    #[test]
    fn the_shift_of_zeckendorf_digits_is_floor_n_phi() {
        let mut fib = vec![1u64, 2];
        while fib.len() < 40 {
            let n = fib.len();
            fib.push(fib[n - 1] + fib[n - 2]);
        }
        let bt = Beatty::new(1, 1);
        for n in 0..20_000u64 {
            // digit i (place value fib[i]) of n, greedily; shifted: place fib[i + 1]
            let (mut rest, mut shifted) = (n, 0u64);
            for i in (0..30).rev() {
                if fib[i] <= rest {
                    rest -= fib[i];
                    shifted += fib[i + 1];
                }
            }
            assert_eq!(rest, 0);
            assert_eq!(
                Natural::from(shifted + 1),
                bt.a(&Natural::from(n + 1)),
                "n = {n}"
            );
        }
    }

    /// Each closed form is its game's oracle, on a board and at big piles.
    #[test]
    fn closed_forms_are_the_oracles() {
        for g in [
            "nim",
            "wythoff",
            "blocking-wythoff:k=1",
            "blocking-wythoff:k=2",
            "blocking-wythoff:k=3",
        ] {
            let ng = parse_game(g).unwrap();
            let f = for_game(ng.entry_name, &ng.params, Convention::Normal).unwrap();
            let o = crate::oracle::for_game(ng.entry_name, &ng.params, Convention::Normal).unwrap();
            for x in 0..200u64 {
                for y in 0..200u64 {
                    let (x, y) = (Natural::from(x), Natural::from(y));
                    assert_eq!(
                        f.contains(&x, &y),
                        o.is_p(&x, &y).unwrap(),
                        "{g} ({x}, {y})"
                    );
                }
            }
            let big = Natural::from(10u32).pow(40) + Natural::from(12345u32);
            for x in [big.clone(), &big * Natural::from(3u32)] {
                // the P-positions of x's row, found by the oracle, and their neighbours
                let ys: Vec<Natural> = (0..=3u64)
                    .flat_map(|c| [&x * Natural::from(c) / Natural::from(2u32)])
                    .chain([
                        &x + Natural::from(1u32),
                        &x * Natural::from(2u32) + Natural::from(1u32),
                    ])
                    .collect();
                for y in ys {
                    for d in 0..3u32 {
                        let y = &y + Natural::from(d);
                        assert_eq!(
                            f.contains(&x, &y),
                            o.is_p(&x, &y).unwrap(),
                            "{g} ({x}, {y})"
                        );
                        assert_eq!(
                            f.contains(&y, &x),
                            o.is_p(&y, &x).unwrap(),
                            "{g} ({y}, {x})"
                        );
                    }
                }
            }
        }
        assert!(for_game(
            "blocking-wythoff",
            &parse_game("blocking-wythoff:k=4").unwrap().params,
            Convention::Normal
        )
        .is_none());
        let w = parse_game("wythoff").unwrap();
        assert!(for_game("wythoff", &w.params, Convention::Misere).is_none());
    }

    #[test]
    fn walnut_text_of_the_forms() {
        let k3 = blocking_wythoff(3).unwrap();
        let w = k3.walnut("msd_2").unwrap();
        assert_eq!(
            w.formula,
            "(a=0 & b=0) | (E n a=n & b=2*n+1) | (E n b=n & a=2*n+1) | (E n a=n & b=2*n+2) | (E n b=n & a=2*n+2)"
        );
        assert!(!w.commands.contains("phin"));
        let wy = wythoff();
        assert!(wy.walnut("msd_2").is_err());
        let t = wy.walnut("msd_fib").unwrap();
        assert!(t.commands.starts_with("reg shift {0,1} {0,1}"));
        assert!(t
            .formula
            .contains("(E n,u,v $phin(n,u) & v=u+n & a=u & b=v)"));
        assert_eq!(
            wy.describe(),
            "(A_n, B_n) and mirrors, n >= 0, A_n = floor(n phi), B_n = A_n + n"
        );
    }
}
