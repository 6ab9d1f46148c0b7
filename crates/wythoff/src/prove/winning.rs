//! The winning moves of the proved set (the automaton [`super::files::WINNING`]
//! Walnut builds) compared with `outcome`'s, at positions near the origin and
//! far from it.

use super::automaton::WalnutAutomaton;
use super::numeration::Numeration;
use crate::error::SolveError;
use crate::subject::Subject;
use malachite_base::num::arithmetic::traits::Pow;
use malachite_nz::natural::Natural;

/// The positions where the winning moves are compared with `outcome`: every
/// position below 24, and positions near the largest scale `outcome` answers
/// among 10^30 and 10^4 (a game with an exact oracle; a recurrence oracle has a
/// bound) or 100 (the general solver), together with the positions their
/// winning moves reach and neighbours of those.
pub fn winning_positions(s: &Subject) -> Result<Vec<(Natural, Natural)>, SolveError> {
    let mut out: Vec<(Natural, Natural)> = Vec::new();
    for x in 0..24u64 {
        for y in 0..24u64 {
            out.push((Natural::from(x), Natural::from(y)));
        }
    }
    let scales: &[u64] = if s.oracle().is_some() { &[30, 4] } else { &[2] };
    for &scale in scales {
        let b = Natural::from(10u32).pow(scale);
        let far: Vec<(Natural, Natural)> = (0..6u64)
            .flat_map(|k| {
                [
                    (&b + Natural::from(5 * k), &b + Natural::from(3 * k + 1)),
                    (
                        &b + Natural::from(7 * k),
                        Natural::from(2u32) * &b + Natural::from(k),
                    ),
                    (Natural::from(3u32) * &b + Natural::from(k), b.clone()),
                ]
            })
            .collect();
        let mut found = Vec::new();
        let mut answered = true;
        for (x, y) in far {
            let moves = match crate::explain::winning_moves_unproved(s, &x, &y) {
                Ok((_, m)) => m,
                Err(SolveError::TooLarge(_)) => {
                    answered = false;
                    break;
                }
                Err(SolveError::BadInput(_)) => continue,
                Err(e) => return Err(e),
            };
            for (a, b) in moves.iter().take(3) {
                found.push((a.clone(), b.clone()));
                found.push((a + Natural::from(1u32), b.clone()));
                found.push((a.clone(), b + Natural::from(2u32)));
            }
            found.push((x, y));
        }
        if answered {
            out.extend(found);
            break;
        }
    }
    Ok(out)
}

/// The winning moves `outcome` gives compared with the moves the automaton
/// `win` (inputs x, y, x', y', numeration `num`) accepts, at each position:
/// the same set; where there are more than an oracle lists (it lists at most
/// `WINNING_MOVES_CAP`), every listed one accepted. `Ok(None)` when they agree
/// everywhere, else the first position where they differ.
pub fn check_winning_moves(
    s: &Subject,
    win: &WalnutAutomaton,
    num: &Numeration,
    positions: &[(Natural, Natural)],
) -> Result<Option<(Natural, Natural)>, SolveError> {
    for (x, y) in positions {
        let moves = match crate::explain::winning_moves_unproved(s, x, y) {
            Ok((_, m)) => m,
            // not a position (a removed corner): nothing to compare
            Err(SolveError::BadInput(_)) => continue,
            Err(e) => return Err(e),
        };
        let mut want: Vec<(Natural, Natural)> = moves;
        want.sort();
        let (mut dx, mut dy) = (num.represent(x), num.represent(y));
        let len = dx.len().max(dy.len());
        while dx.len() < len {
            dx.insert(0, 0);
        }
        while dy.len() < len {
            dy.insert(0, 0);
        }
        let limit = want.len() + 16;
        let words = win.completions(&[dx.clone(), dy.clone()], 2, limit);
        let mut got: Vec<(Natural, Natural)> = words
            .iter()
            .map(|w| (num.value(&w[0]), num.value(&w[1])))
            .collect();
        got.sort();
        got.dedup();
        let cap = crate::oracle::seed003::WINNING_MOVES_CAP;
        let agree = if got == want {
            true
        } else if got.len() <= cap && words.len() < limit {
            // every move the automaton accepts was read, and `outcome` lists
            // all of them when there are at most `cap`
            false
        } else {
            // more moves than `outcome` lists: a capped list (an oracle lists at
            // most WINNING_MOVES_CAP), each of them accepted
            want.len() == cap
                && want.iter().all(|(c, d)| {
                    let (mut dc, mut dd) = (num.represent(c), num.represent(d));
                    while dc.len() < len {
                        dc.insert(0, 0);
                    }
                    while dd.len() < len {
                        dd.insert(0, 0);
                    }
                    let word: Vec<Vec<u32>> =
                        (0..len).map(|i| vec![dx[i], dy[i], dc[i], dd[i]]).collect();
                    win.accepts_digits(&word)
                })
        };
        if !agree {
            return Ok(Some((x.clone(), y.clone())));
        }
    }
    Ok(None)
}
