//! Claims for `wythoff verify`: each theorem and corollary of seed 003 (the
//! oracles of `crate::oracle::seed003`) against the general solver.

use crate::claim::{Claim, ClaimReport, VerifyConfig};
use crate::oracle::seed003::for_game;
use crate::oracle::Method;
use crate::rules::Convention;
use malachite_nz::natural::Natural;

/// Side of the sub-board on which winning moves are checked by the claims.
const CLAIM_MOVES_BOARD: u64 = 40;

/// Compare the oracle of `game:s=S,t=T` with the general solver on the board of
/// `cfg`, cell by cell, and its winning moves on a smaller sub-board.
fn check_against_solver(
    game: &str,
    convention: Convention,
    st: &[(u64, u64)],
    cfg: &VerifyConfig,
    progress: &mut dyn FnMut(u64, u64),
) -> Vec<ClaimReport> {
    compare_with_solver(game, convention, convention, st, cfg, progress)
}

/// As [`check_against_solver`], with the oracle taken for `oracle_convention`
/// (a different convention than the solver's only in the self-test below).
fn compare_with_solver(
    game: &str,
    convention: Convention,
    oracle_convention: Convention,
    st: &[(u64, u64)],
    cfg: &VerifyConfig,
    progress: &mut dyn FnMut(u64, u64),
) -> Vec<ClaimReport> {
    let board = cfg.board.max(1);
    let total = st.len() as u64 * board;
    let mut done = 0u64;
    let mut reports = Vec::new();
    for &(s, t) in st {
        let name = format!("{game}:s={s},t={t}");
        let mut report = ClaimReport {
            source: String::new(),
            game: format!("{name} ({convention})"),
            compared: String::new(),
            range: format!(
                "board {board}x{board}; winning moves on {m}x{m}",
                m = CLAIM_MOVES_BOARD.min(board)
            ),
            passed: false,
            detail: String::new(),
        };
        let outcome = (|| -> Result<String, String> {
            let parsed = crate::catalogue::parse_game(&name).map_err(|e| e.to_string())?;
            let g = parsed.game.with_convention(convention);
            let rules = g.as_single().ok_or("not a single rule set")?.clone();
            let oracle = for_game(parsed.entry_name, &parsed.params, oracle_convention)
                .ok_or_else(|| format!("no seed-003 oracle for {name}"))?;
            report.source = oracle.source();
            report.compared = format!(
                "general solver vs {} oracle",
                match oracle.method() {
                    Method::ClosedForm => "closed-form",
                    Method::Recurrence => "recurrence",
                }
            );
            let table = crate::solve::outcomes(&g, board as usize).map_err(|e| e.to_string())?;
            for x in 0..board {
                for y in 0..board {
                    let (nx, ny) = (Natural::from(x), Natural::from(y));
                    let said = oracle.is_p(&nx, &ny).map_err(|e| e.to_string())?;
                    let truth = table.is_p(x as usize, y as usize);
                    if said != truth {
                        let opts = rules.options(x, y);
                        let why = if truth {
                            format!("every one of its {} options is N in the solver", opts.len())
                        } else {
                            match opts.iter().find(|o| table.is_p(o.0 as usize, o.1 as usize)) {
                                Some(o) => format!(
                                    "the solver's winning move ({x}, {y}) -> ({}, {}) reaches a P-position",
                                    o.0, o.1
                                ),
                                None => "terminal position".to_string(),
                            }
                        };
                        return Err(format!(
                            "first counterexample ({x}, {y}): oracle says {}, solver says {}; {why}",
                            if said { "P" } else { "N" },
                            if truth { "P" } else { "N" },
                        ));
                    }
                    if x < CLAIM_MOVES_BOARD && y < CLAIM_MOVES_BOARD {
                        let moves = oracle.winning_moves(&nx, &ny).map_err(|e| e.to_string())?;
                        // (a misère terminal position is N without any move)
                        if moves.is_empty()
                            && rules
                                .options(x, y)
                                .iter()
                                .any(|o| table.is_p(o.0 as usize, o.1 as usize))
                        {
                            return Err(format!(
                                "({x}, {y}) has a move to a P-position but the oracle gives no winning move"
                            ));
                        }
                        for (a, b) in &moves {
                            let (a, b) = (u64::try_from(a), u64::try_from(b));
                            let ok = match (a, b) {
                                (Ok(a), Ok(b)) => {
                                    a <= x
                                        && b <= y
                                        && rules.is_move(x - a, y - b)
                                        && table.is_p(a as usize, b as usize)
                                }
                                _ => false,
                            };
                            if !ok {
                                return Err(format!(
                                    "oracle winning move from ({x}, {y}) to ({a:?}, {b:?}) is not a move to a P-position"
                                ));
                            }
                        }
                    }
                }
                done += 1;
                progress(done, total);
            }
            Ok(format!("{} cells agree", board * board))
        })();
        match outcome {
            Ok(d) => {
                report.passed = true;
                report.detail = d;
            }
            Err(d) => report.detail = d,
        }
        reports.push(report);
    }
    reports
}

const ST_ALL: &[(u64, u64)] = &[(1, 1), (1, 2), (2, 1), (2, 3), (3, 5), (4, 4)];
const ST_ONE: &[(u64, u64)] = &[(1, 1)];
const ST_BIG: &[(u64, u64)] = &[(1, 2), (2, 1), (2, 2), (2, 3), (3, 1), (4, 5)];

macro_rules! claim {
    ($id:literal, $game:literal, $conv:expr, $st:expr, $scope:literal, $source:literal) => {
        Claim {
            id: $id,
            scope: $scope,
            games: &[$game],
            source: $source,
            run: |cfg, progress| check_against_solver($game, $conv, $st, cfg, progress),
        }
    };
}

/// One claim per theorem and corollary of seed 003, each comparing the oracle
/// with the general solver over several `(s, t)`.
pub fn claims() -> Vec<Claim> {
    use Convention::{Misere, Normal};
    vec![
        claim!(
            "s003-thm-7",
            "odd-odd",
            Normal,
            ST_ALL,
            "(s, t) in (1,1),(1,2),(2,1),(2,3),(3,5),(4,4), board N x N (default 200), winning moves on 40 x 40",
            "seed 003, Theorem 7 (Odd-Odd, normal play): P = all (even, even)"
        ),
        claim!(
            "s003-thm-9",
            "odd-odd",
            Misere,
            ST_ALL,
            "(s, t) in (1,1),(1,2),(2,1),(2,3),(3,5),(4,4), board N x N (default 200), winning moves on 40 x 40",
            "seed 003, Theorem 9 (Odd-Odd, misère play)"
        ),
        claim!(
            "s003-thm-13",
            "even-even",
            Normal,
            ST_ALL,
            "(s, t) in (1,1),(1,2),(2,1),(2,3),(3,5),(4,4), board N x N (default 200), winning moves on 40 x 40",
            "seed 003, Theorem 13 (Even-Even, normal play, mex recurrence)"
        ),
        claim!(
            "s003-thm-14",
            "even-even",
            Misere,
            ST_ALL,
            "(s, t) in (1,1),(1,2),(2,1),(2,3),(3,5),(4,4), board N x N (default 200), winning moves on 40 x 40",
            "seed 003, Theorem 14 (Even-Even, misère play, cases (A) and (B))"
        ),
        claim!(
            "s003-thm-17",
            "odd-even",
            Normal,
            ST_ONE,
            "s = t = 1, board N x N (default 200), winning moves on 40 x 40",
            "seed 003, Theorem 17 (Odd-Even, normal play, s = t = 1)"
        ),
        claim!(
            "s003-thm-18",
            "odd-even",
            Misere,
            ST_ONE,
            "s = t = 1, board N x N (default 200), winning moves on 40 x 40",
            "seed 003, Theorem 18 (Odd-Even, misère play, s = t = 1)"
        ),
        claim!(
            "s003-thm-19",
            "odd-even",
            Normal,
            ST_BIG,
            "(s, t) in (1,2),(2,1),(2,2),(2,3),(3,1),(4,5), board N x N (default 200), winning moves on 40 x 40",
            "seed 003, Theorem 19 (Odd-Even, normal play, s + t > 2)"
        ),
        claim!(
            "s003-thm-20",
            "odd-even",
            Misere,
            ST_BIG,
            "(s, t) in (1,2),(2,1),(2,2),(2,3),(3,1),(4,5), board N x N (default 200), winning moves on 40 x 40",
            "seed 003, Theorem 20 (Odd-Even, misère play, s + t > 2)"
        ),
        claim!(
            "s003-cor-21",
            "even-odd",
            Normal,
            ST_ONE,
            "s = t = 1, board N x N (default 200), winning moves on 40 x 40",
            "seed 003, Corollary 21 (Even-Odd, normal play, s = t = 1)"
        ),
        claim!(
            "s003-cor-22",
            "even-odd",
            Misere,
            ST_ONE,
            "s = t = 1, board N x N (default 200), winning moves on 40 x 40",
            "seed 003, Corollary 22 (Even-Odd, misère play, s = t = 1)"
        ),
        claim!(
            "s003-cor-23",
            "even-odd",
            Normal,
            ST_BIG,
            "(s, t) in (1,2),(2,1),(2,2),(2,3),(3,1),(4,5), board N x N (default 200), winning moves on 40 x 40",
            "seed 003, Corollary 23 (Even-Odd, normal play, s + t > 2)"
        ),
        claim!(
            "s003-cor-24",
            "even-odd",
            Misere,
            ST_BIG,
            "(s, t) in (1,2),(2,1),(2,2),(2,3),(3,1),(4,5), board N x N (default 200), winning moves on 40 x 40",
            "seed 003, Corollary 24 (Even-Odd, misère play, s + t > 2)"
        ),
    ]
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn claims_pass_on_a_small_board() {
        let cfg = VerifyConfig {
            board: 48,
            terms: 0,
        };
        let all = claims();
        assert_eq!(all.len(), 12);
        for c in all {
            let reports = (c.run)(&cfg, &mut |_, _| {});
            assert!(!reports.is_empty(), "{}", c.source);
            for r in reports {
                assert!(r.passed, "{}: {} {}", c.source, r.game, r.detail);
            }
        }
    }

    /// The default `wythoff verify` run of these claims (slow in debug builds).
    #[test]
    #[ignore]
    fn claims_pass_at_the_default_size() {
        let cfg = VerifyConfig::default();
        for c in claims() {
            for r in (c.run)(&cfg, &mut |_, _| {}) {
                assert!(r.passed, "{}: {} {}", c.source, r.game, r.detail);
            }
        }
    }

    #[test]
    fn a_wrong_oracle_fails_with_a_precise_counterexample() {
        let cfg = VerifyConfig {
            board: 20,
            terms: 0,
        };
        // the normal-play oracle judged against the misère solver
        let r = compare_with_solver(
            "odd-odd",
            Convention::Misere,
            Convention::Normal,
            &[(2, 3)],
            &cfg,
            &mut |_, _| {},
        );
        assert!(!r[0].passed);
        // (0,0): the normal-play oracle says P; in misère it has no option, so N
        assert!(
            r[0].detail
                .starts_with("first counterexample (0, 0): oracle says P, solver says N"),
            "{}",
            r[0].detail
        );
        let r = compare_with_solver(
            "odd-even",
            Convention::Normal,
            Convention::Misere,
            &[(2, 2)],
            &cfg,
            &mut |_, _| {},
        );
        assert!(!r[0].passed);
        assert!(
            r[0].detail.contains("winning move") || r[0].detail.contains("options"),
            "{}",
            r[0].detail
        );
    }
}
