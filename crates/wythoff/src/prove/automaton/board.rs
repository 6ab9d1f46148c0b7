//! Guessing the automaton of a set of pairs from a solved board: prefixes told
//! apart by their membership after every suffix (Myhill-Nerode), the classes
//! reached from `(0, 0)` made states, the result checked on every cell.

use super::{Automaton, Guess, DEAD};
use crate::prove::numeration::{Numeration, Tables};
use std::collections::HashMap;

/// Guess the minimal automaton of the set `member` of pairs `(x, y)`, `x, y < n`,
/// in numeration `num`: prefixes (value pairs) are told apart by their
/// membership after every suffix of `t` digit pairs, for `t = 1, 2, ...`; the
/// classes reached from `(0, 0)` become states when the table is closed and
/// consistent on every pair of the sample, and the automaton is used only when it
/// agrees with every cell of the board.
pub fn guess(
    num: &Numeration,
    n: u32,
    member: &dyn Fn(u32, u32) -> bool,
    max_states: usize,
) -> Guess {
    let tables = Tables::new(num, n as u64);
    let w = &tables.weights;
    // L: all values below w[L] <= n are on the board
    let l = match w.iter().rposition(|&x| x <= n as u64) {
        Some(l) => l,
        None => {
            return Guess::NotFound {
                largest: 0,
                digits: 0,
            }
        }
    };
    let r = tables.radix;
    let letters = r * r;
    let bounds = level_bounds(&tables, n, l);
    let l = bounds.iter().rposition(|&b| b >= 2).unwrap_or(0);
    // sig[k]: class ids of pairs x, y < bounds[k]
    let width = |k: usize| bounds[k];
    let mut sigs: Vec<Vec<u32>> = Vec::new();
    let w0 = width(0);
    let mut s0 = vec![0u32; w0 * w0];
    for x in 0..w0 {
        for y in 0..w0 {
            // the empty residual is the sink, DEAD, at every level
            s0[x * w0 + y] = if member(x as u32, y as u32) { 0 } else { DEAD };
        }
    }
    sigs.push(s0);
    let mut largest = 0usize;
    for t in 1..l {
        if l < t + 1 {
            break;
        }
        // level t from level t - 1
        let (wt, wp) = (width(t), width(t - 1));
        match next_level(&tables, member, &sigs[t - 1], wt, wp, max_states) {
            Ok(cur) => sigs.push(cur),
            Err(classes) => {
                return Guess::NotFound {
                    largest: largest.max(classes),
                    digits: l,
                }
            }
        }
        if l < t + 2 {
            break;
        }
        let wr = width(t + 1);
        let cls = &sigs[t];
        // BFS from (0, 0) over shortest representatives
        if cls[0] == DEAD {
            // the empty set (as far as the board tells)
            let aut = Automaton {
                numeration: num.clone(),
                accept: vec![false],
                trans: vec![vec![Some(0); letters]],
            };
            if aut.first_mismatch(n, member).is_none() {
                return Guess::Found {
                    automaton: aut,
                    depth: t,
                };
            }
            continue;
        }
        let states = states_from_origin(&tables, cls, wt, wr, max_states);
        largest = largest.max(states.reps.len());
        if !states.ok {
            if states.reps.len() > max_states {
                return Guess::NotFound { largest, digits: l };
            }
            continue;
        }
        let States {
            reps,
            state_of,
            trans,
            ..
        } = states;
        // closed and consistent on every pair below w[l - t - 1]
        if !closed_and_consistent(&tables, cls, wt, wr, &state_of, &trans) {
            continue;
        }
        let accept = reps.iter().map(|&(x, y)| member(x, y)).collect();
        let aut = Automaton {
            numeration: num.clone(),
            accept,
            trans,
        };
        if aut.first_mismatch(n, member).is_none() {
            return Guess::Found {
                automaton: aut,
                depth: t,
            };
        }
    }
    Guess::NotFound { largest, digits: l }
}

/// `bounds[k]`: the children of every value below `bounds[k]` are below
/// `bounds[k - 1]` (canonical children of x are below shift(x + 1), and shift
/// is increasing); `bounds[0] = n`, the board; `l + 2` levels.
fn level_bounds(tables: &Tables, n: u32, l: usize) -> Vec<usize> {
    let mut bounds: Vec<usize> = vec![n as usize];
    while bounds.len() <= l + 1 {
        let prev = *bounds.last().unwrap();
        let mut b = prev;
        while b > 0 && (tables.shift[b.min(n as usize - 1)] as usize > prev || b >= n as usize) {
            b -= 1;
        }
        bounds.push(b);
    }
    bounds
}

/// The class ids of the pairs `x, y < wt` at level t from those of level t - 1
/// (`prev`, pairs below `wp`): membership and the classes of the children.
/// `Err(classes)` when there are more classes than `max_states`: every class
/// is a state of the automaton (when there is one), so more ends the search,
/// and bounds memory.
fn next_level(
    tables: &Tables,
    member: &dyn Fn(u32, u32) -> bool,
    prev: &[u32],
    wt: usize,
    wp: usize,
    max_states: usize,
) -> Result<Vec<u32>, usize> {
    let r = tables.radix;
    let mut map: HashMap<Vec<u32>, u32> = HashMap::new();
    let mut cur = vec![0u32; wt * wt];
    let mut key = vec![0u32; r * r + 1];
    for x in 0..wt {
        for y in 0..wt {
            key[0] = u32::from(member(x as u32, y as u32));
            for a in 0..r {
                let cx = tables.child(x as u32, a as u32);
                for b in 0..r {
                    let cy = tables.child(y as u32, b as u32);
                    key[1 + a * r + b] = match (cx, cy) {
                        (Some(cx), Some(cy)) => prev[cx as usize * wp + cy as usize],
                        _ => DEAD,
                    };
                }
            }
            cur[x * wt + y] = if key[0] == 0 && key[1..].iter().all(|&c| c == DEAD) {
                DEAD
            } else {
                let next = map.len() as u32;
                *map.entry(key.clone()).or_insert(next)
            };
        }
        if map.len() > max_states {
            return Err(map.len());
        }
    }
    Ok(cur)
}

/// The states reached from `(0, 0)` through shortest representatives, and
/// their transitions; `ok` false when a representative is not below `wr` (its
/// children are not classified) or there are more than `max_states`.
struct States {
    reps: Vec<(u32, u32)>,
    state_of: HashMap<u32, u32>,
    trans: Vec<Vec<Option<u32>>>,
    ok: bool,
}

/// The BFS from `(0, 0)` over the classes `cls` (pairs below `wt`).
fn states_from_origin(
    tables: &Tables,
    cls: &[u32],
    wt: usize,
    wr: usize,
    max_states: usize,
) -> States {
    let r = tables.radix;
    let mut state_of: HashMap<u32, u32> = HashMap::new();
    let mut reps: Vec<(u32, u32)> = vec![(0, 0)];
    state_of.insert(cls[0], 0);
    let mut trans: Vec<Vec<Option<u32>>> = Vec::new();
    let mut ok = true;
    let mut i = 0;
    while i < reps.len() {
        let (x, y) = reps[i];
        if x as usize >= wr || y as usize >= wr || reps.len() > max_states {
            ok = false;
            break;
        }
        let mut row = vec![None; r * r];
        for a in 0..r {
            let cx = tables.child(x, a as u32);
            for b in 0..r {
                let cy = tables.child(y, b as u32);
                if let (Some(cx), Some(cy)) = (cx, cy) {
                    let c = cls[cx as usize * wt + cy as usize];
                    if c == DEAD {
                        continue;
                    }
                    let id = *state_of.entry(c).or_insert_with(|| {
                        reps.push((cx, cy));
                        (reps.len() - 1) as u32
                    });
                    row[a * r + b] = Some(id);
                }
            }
        }
        trans.push(row);
        i += 1;
    }
    States {
        reps,
        state_of,
        trans,
        ok,
    }
}

/// Is the table closed and consistent on every pair below `wr`: each class a
/// state, and each child's class the state the transition gives?
fn closed_and_consistent(
    tables: &Tables,
    cls: &[u32],
    wt: usize,
    wr: usize,
    state_of: &HashMap<u32, u32>,
    trans: &[Vec<Option<u32>>],
) -> bool {
    let r = tables.radix;
    for x in 0..wr {
        for y in 0..wr {
            let c = cls[x * wt + y];
            if c == DEAD {
                continue;
            }
            let Some(&s) = state_of.get(&c) else {
                return false;
            };
            for a in 0..r {
                let cx = tables.child(x as u32, a as u32);
                for b in 0..r {
                    let cy = tables.child(y as u32, b as u32);
                    let got = match (cx, cy) {
                        (Some(cx), Some(cy)) => {
                            let c = cls[cx as usize * wt + cy as usize];
                            if c == DEAD {
                                None
                            } else {
                                match state_of.get(&c) {
                                    Some(&s) => Some(s),
                                    None => Some(DEAD),
                                }
                            }
                        }
                        _ => None,
                    };
                    if got != trans[s as usize][a * r + b] {
                        return false;
                    }
                }
            }
        }
    }
    true
}

#[cfg(test)]
mod tests {
    use super::super::WalnutAutomaton;
    use super::*;
    use malachite_nz::natural::Natural;

    fn wythoff_p(x: u32, y: u32) -> bool {
        // the P-positions of Wythoff's game: (floor(n phi), floor(n phi^2))
        let phi = (1.0 + 5f64.sqrt()) / 2.0;
        (0..2000u32).any(|n| {
            let a = (n as f64 * phi).floor() as u32;
            let b = a + n;
            (a == x && b == y) || (a == y && b == x)
        })
    }

    #[test]
    fn guesses_wythoff_in_zeckendorf() {
        let n = 300u32;
        let mut board = vec![false; (n * n) as usize];
        for x in 0..n {
            for y in 0..n {
                board[(x * n + y) as usize] = wythoff_p(x, y);
            }
        }
        let member = |x: u32, y: u32| board[(x * n + y) as usize];
        match guess(&Numeration::zeckendorf(), n, &member, 100) {
            Guess::Found { automaton, .. } => {
                assert!(automaton.states() <= 20, "{}", automaton.states());
                assert!(automaton.first_mismatch(n, &member).is_none());
                // beyond the board too
                for x in 300..400u32 {
                    for y in [x, x / 2, (x as f64 * 1.618) as u32] {
                        assert_eq!(
                            automaton.accepts(&Natural::from(x), &Natural::from(y)),
                            wythoff_p(x, y)
                        );
                    }
                }
                // the file round-trips
                let w = WalnutAutomaton::parse(&automaton.to_walnut()).unwrap();
                for (x, y) in [(1, 2), (3, 5), (4, 7), (5, 3), (6, 10), (2, 2)] {
                    assert_eq!(
                        w.accepts_pair(&automaton.numeration, x, y),
                        wythoff_p(x as u32, y as u32)
                    );
                }
                // one flipped cell
                let f = automaton.flip(&Natural::from(7u32), &Natural::from(9u32));
                assert_eq!(
                    f.first_mismatch(n, &|x, y| member(x, y) ^ (x == 7 && y == 9)),
                    None
                );
                let f = automaton.flip(&Natural::from(6u32), &Natural::from(10u32));
                assert!(!f.accepts(&Natural::from(6u32), &Natural::from(10u32)));
                assert!(f.accepts(&Natural::from(10u32), &Natural::from(6u32)));
            }
            other => panic!("{other:?}"),
        }
    }

    #[test]
    fn base_two_and_not_found() {
        let n = 256u32;
        let member = |x: u32, y: u32| (x ^ y) == 0;
        match guess(&Numeration::Base(2), n, &member, 10) {
            Guess::Found { automaton, .. } => assert_eq!(automaton.states(), 1),
            other => panic!("{other:?}"),
        }
        // x = y^2 is not 2-automatic: no small automaton
        let sq = |x: u32, y: u32| x == y * y;
        assert!(matches!(
            guess(&Numeration::Base(2), n, &sq, 12),
            Guess::NotFound { .. }
        ));
    }
}
