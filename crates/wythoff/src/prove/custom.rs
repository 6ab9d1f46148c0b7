//! Walnut's Custom Bases for a numeration it does not ship (Fraenkel's, see
//! [`Numeration::Fraenkel`]): the automaton of the valid words
//! (`Custom Bases/msd_NAME.txt`, one input) and of addition
//! (`Custom Bases/msd_NAME_addition.txt`, inputs x, y, z with x + y = z): the
//! first read off the greedy representations ([`guess_function`]), the second
//! built from the recurrence ([`fraenkel_adder`]), and the adder then proved to
//! be addition inside Walnut before any statement about a game is decided
//! ([`adder_statements`]).
//! Walnut orders the valid words lexicographically (its built-in `<`, which is
//! the numeric order for greedy representations).

use super::automaton::{guess_function, GuessRelation, Relation};
use super::formula::Statement;
use super::numeration::Numeration;

/// The two files of a custom base, and the size of each automaton.
#[derive(Clone, Debug)]
pub struct CustomBase {
    /// `(path relative to WALNUT_HOME, contents)`.
    pub files: Vec<(String, String)>,
    pub valid_states: usize,
    pub adder_states: usize,
}

/// The most states either automaton may have.
const MAX_STATES: usize = 400;

/// The Custom Bases files of `num`, when Walnut does not know it (`None` for
/// the bases and Ostrowski numerations Walnut builds itself).
pub fn custom_base(num: &Numeration) -> Result<Option<CustomBase>, String> {
    if !matches!(num, Numeration::Fraenkel { .. }) {
        return Ok(None);
    }
    let name = num.walnut_name();
    let r = num.radix();
    let alphabet = format!(
        "{{{}}}",
        (0..r).map(|d| d.to_string()).collect::<Vec<_>>().join(", ")
    );
    // the valid words: the graph of the identity, read on its diagonal
    let ident = match guess_function(num, 1, 1 << 14, &|x: &[u64]| x[0], MAX_STATES) {
        GuessRelation::Found(rel) => rel,
        GuessRelation::NotFound { largest, .. } => {
            return Err(format!(
                "{}: no automaton of the valid words with at most {MAX_STATES} states ({largest} classes seen)",
                num.describe()
            ))
        }
    };
    let valid = Relation {
        numeration: num.clone(),
        arity: 1,
        accept: ident.accept.clone(),
        trans: ident
            .trans
            .iter()
            .map(|row| (0..r).map(|a| row[a * r + a]).collect())
            .collect(),
    };
    let Numeration::Fraenkel { s: fs, t: ft } = *num else {
        unreachable!()
    };
    let adder = fraenkel_adder(fs, ft, &valid)?;
    // leading zeros are ignored: the initial state reads 0 (and (0, 0, 0)) to itself
    if valid.trans[0][0] != Some(0) || adder.trans[0][0] != Some(0) {
        return Err(format!(
            "{}: the automata do not ignore leading zeros",
            num.describe()
        ));
    }
    Ok(Some(CustomBase {
        files: vec![
            (
                format!("Custom Bases/{name}.txt"),
                valid.to_walnut(&alphabet),
            ),
            (
                format!("Custom Bases/{name}_addition.txt"),
                adder.to_walnut(&[alphabet.as_str(); 3].join(" ")),
            ),
        ],
        valid_states: valid.states(),
        adder_states: adder.states(),
    }))
}

/// The adder of Fraenkel's numeration, built (not guessed): reading x, y, z
/// most significant digit first, the state is `(alpha, beta)` with
/// `val(X 0^k) + val(Y 0^k) - val(Z 0^k) = alpha u_{k+1} + beta u_k` for every
/// `k >= 0` (the read prefixes X, Y, Z followed by k zeros; `u_{i+k}` is an
/// integer combination of `u_{k+1}` and `u_k` by the recurrence), so a letter
/// `(a, b, c)` moves it to `(C alpha + beta, s alpha + a + b - c)` with
/// `C = s + t - 1`, and the word is accepted when `alpha u_1 + beta u_0 = 0`.
/// `alpha theta + beta` (theta the dominant root) is multiplied by theta at
/// each step and must stay within a bound for the rest of the word to make up
/// the difference; its conjugate stays bounded by itself (theta's conjugate
/// has modulus below 1, a Pisot number), so the states are finitely many. The
/// product with the valid words of each input, trimmed and minimised (Moore),
/// is the adder; `adder_statements` then prove it inside Walnut.
fn fraenkel_adder(s: u64, t: u64, valid: &Relation) -> Result<Relation, String> {
    let c = (s + t - 1) as i64;
    let si = s as i64;
    let r = (c + 1) as usize;
    let theta = (c as f64 + ((c * c + 4 * si) as f64).sqrt()) / 2.0;
    // |v| beyond this bound can never come back to 0: the rest of the word adds
    // at most (2C + C) (u_k + u_{k-1} + ...) < 3C u_k theta / (theta - 1)
    let bound = 3.0 * c as f64 * theta / (theta - 1.0) + 2.0;
    type St = (i64, i64, u32, u32, u32);
    let start: St = (0, 0, 0, 0, 0);
    let mut index: std::collections::HashMap<St, u32> =
        std::collections::HashMap::from([(start, 0)]);
    let mut states: Vec<St> = vec![start];
    let mut trans: Vec<Vec<Option<u32>>> = Vec::new();
    let mut i = 0;
    while i < states.len() {
        let (al, be, vx, vy, vz) = states[i];
        let mut row = vec![None; r * r * r];
        for a in 0..r {
            for b in 0..r {
                for z in 0..r {
                    let step = |v: u32, d: usize| valid.trans[v as usize][d];
                    let (Some(nx), Some(ny), Some(nz)) = (step(vx, a), step(vy, b), step(vz, z))
                    else {
                        continue;
                    };
                    let d = a as i64 + b as i64 - z as i64;
                    let (na, nb) = (c * al + be, si * al + d);
                    if (na as f64 * theta + nb as f64).abs() > bound {
                        continue;
                    }
                    let st = (na, nb, nx, ny, nz);
                    let id = *index.entry(st).or_insert_with(|| {
                        states.push(st);
                        (states.len() - 1) as u32
                    });
                    row[(a * r + b) * r + z] = Some(id);
                }
            }
            if states.len() > 100_000 {
                return Err("the adder's construction did not close".into());
            }
        }
        trans.push(row);
        i += 1;
    }
    let u1 = (s + t) as i64;
    let accept: Vec<bool> = states
        .iter()
        .map(|&(al, be, vx, vy, vz)| {
            al * u1 + be == 0
                && valid.accept[vx as usize]
                && valid.accept[vy as usize]
                && valid.accept[vz as usize]
        })
        .collect();
    Ok(minimise(Relation {
        numeration: valid.numeration.clone(),
        arity: 3,
        accept,
        trans,
    }))
}

/// The minimal automaton of the same language: the states that reach an
/// accepting one, merged by Moore's refinement, renumbered from state 0 in
/// breadth-first order.
pub fn minimise(rel: Relation) -> Relation {
    let n = rel.states();
    // co-reachable states
    let mut live = rel.accept.clone();
    loop {
        let mut changed = false;
        for q in 0..n {
            if !live[q] && rel.trans[q].iter().flatten().any(|&t| live[t as usize]) {
                live[q] = true;
                changed = true;
            }
        }
        if !changed {
            break;
        }
    }
    let target = |q: usize, l: usize| -> Option<usize> {
        rel.trans[q][l].map(|t| t as usize).filter(|&t| live[t])
    };
    let letters = rel.trans.first().map_or(0, Vec::len);
    let mut class: Vec<u32> = rel.accept.iter().map(|&a| u32::from(a)).collect();
    let mut count = 0;
    loop {
        let mut ids: std::collections::HashMap<(u32, Vec<Option<u32>>), u32> =
            std::collections::HashMap::new();
        let next: Vec<u32> = (0..n)
            .map(|q| {
                let sig = (
                    class[q],
                    (0..letters)
                        .map(|l| target(q, l).map(|t| class[t]))
                        .collect(),
                );
                let k = ids.len() as u32;
                *ids.entry(sig).or_insert(k)
            })
            .collect();
        let c = ids.len();
        class = next;
        if c == count {
            break;
        }
        count = c;
    }
    // renumber from the initial state
    let mut new_id: std::collections::HashMap<u32, u32> =
        std::collections::HashMap::from([(class[0], 0)]);
    let mut reps = vec![0usize];
    let mut trans = Vec::new();
    let mut i = 0;
    while i < reps.len() {
        let q = reps[i];
        let row = (0..letters)
            .map(|l| {
                target(q, l).map(|t| {
                    *new_id.entry(class[t]).or_insert_with(|| {
                        reps.push(t);
                        (reps.len() - 1) as u32
                    })
                })
            })
            .collect();
        trans.push(row);
        i += 1;
    }
    Relation {
        numeration: rel.numeration.clone(),
        arity: rel.arity,
        accept: reps.iter().map(|&q| rel.accept[q]).collect(),
        trans,
    }
}

/// The definition the adder's statements use: `succ(a, b)`, `b` the next
/// number after `a` in Walnut's order of the valid words.
pub fn succ_definition() -> (String, String) {
    ("succ".into(), "a<b & ~(E c a<c & c<b)".into())
}

/// The statements that make the constructed adder trustworthy, proved inside
/// Walnut before any statement about a game: with the valid words ordered by
/// Walnut (an order of type omega: finitely many words of each length,
/// unbounded), a total and functional `+` with `x + 0 = x` and
/// `x + succ(y) = succ(x + y)` is addition (induction on `y`). What that
/// induction and the formulas' constants rest on is stated too: 0 is the
/// least number and the constants `1, 2, ..., top` (`top` the largest constant
/// the formulas write) are its successive successors. Leading zeros are
/// ignored by construction (the initial state of both automata loops on 0,
/// checked by [`custom_base`]), which Walnut's language cannot state.
pub fn adder_statements(top: u64) -> Vec<Statement> {
    let st = |name: &str, body: String| Statement {
        name: name.into(),
        body,
    };
    let mut ladder = vec!["(A c 0<=c)".to_string()];
    for k in 0..top.max(1) {
        ladder.push(format!("$succ({k},{})", k + 1));
    }
    vec![
        st("adder_total", "E z a+b=z".into()),
        st("adder_functional", "A z,w (a+b=z & a+b=w) => z=w".into()),
        st("adder_zero", "a+0=a & b=b".into()),
        st(
            "adder_successor",
            "A u,z,v ($succ(b,u) & a+b=z & a+u=v) => $succ(z,v)".into(),
        ),
        st(
            "successor_of_zero",
            format!("{} & a=a & b=b", ladder.join(" & ")),
        ),
        st("unbounded", "(E c a<c) & b=b".into()),
    ]
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn fraenkel_base_files() {
        let num = Numeration::parse("fraenkel:2,1").unwrap();
        let cb = custom_base(&num).unwrap().unwrap();
        eprintln!(
            "valid words: {} states, adder: {} states",
            cb.valid_states, cb.adder_states
        );
        assert_eq!(cb.files[0].0, "Custom Bases/msd_fs2t1.txt");
        assert!(cb.files[1].1.starts_with("{0, 1, 2} {0, 1, 2} {0, 1, 2}\n"));
        assert!(custom_base(&Numeration::Base(2)).unwrap().is_none());
        // the adder agrees with addition (every sum of two numbers below 300)
        let st = Numeration::parse("fraenkel:2,1").unwrap();
        let rel = {
            let valid = match guess_function(&st, 1, 1 << 12, &|x: &[u64]| x[0], 50) {
                GuessRelation::Found(r) => r,
                other => panic!("{other:?}"),
            };
            let r = st.radix();
            let v = Relation {
                numeration: st.clone(),
                arity: 1,
                accept: valid.accept.clone(),
                trans: valid
                    .trans
                    .iter()
                    .map(|row| (0..r).map(|a| row[a * r + a]).collect())
                    .collect(),
            };
            fraenkel_adder(2, 1, &v).unwrap()
        };
        let rep = |v: u64| st.represent(&malachite_nz::natural::Natural::from(v));
        for x in 0..300u64 {
            for y in (0..300u64).step_by(7) {
                for z in [x + y, x + y + 1, (x + y).saturating_sub(1)] {
                    assert_eq!(
                        rel.accepts(&[rep(x), rep(y), rep(z)]),
                        z == x + y,
                        "{x} + {y} = {z}"
                    );
                }
            }
        }
    }
}
