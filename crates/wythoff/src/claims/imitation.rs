//! The claims of seed 002 about (p,m)-Imitation Nim, for `wythoff verify`:
//! Theorem 1 (the oracle `crate::imitation::Theorem1` against the state solver
//! on every reachable state), Corollary 1 (the starting P-positions against the
//! general solver of `diagonal-blocking`) and the remark after Corollary 1 (the
//! predicted classification against the solver's).

use crate::claim::{Claim, ClaimReport, VerifyConfig};
use crate::imitation::{
    predicted_class, ImitationError, ImitationNim, StateSolver, Theorem1, WythoffPairs,
};

/// Parameter sets of the default claim runs.
const THEOREM1_PARAMS: &[(u64, u64)] = &[
    (1, 1),
    (2, 1),
    (3, 1),
    (4, 1),
    (1, 2),
    (2, 2),
    (3, 2),
    (1, 3),
    (2, 3),
    (3, 3),
    (4, 3),
    (2, 5),
];

fn game_name(p: u64, m: u64) -> String {
    format!("imitation:p={p},m={m}")
}

/// Theorem 1 against the state solver on every valid (= reachable) state of
/// every position of the board.
pub fn check_theorem1(p: u64, m: u64, n: u64) -> ClaimReport {
    match ImitationNim::new(p, m).and_then(|r| StateSolver::new(r, n)) {
        Ok(solver) => theorem1_report(&solver),
        Err(e) => failed("Theorem 1", p, m, n, e),
    }
}

fn failed(what: &str, p: u64, m: u64, n: u64, e: ImitationError) -> ClaimReport {
    ClaimReport {
        source: format!("seed 002 (Larsson, Imitation Nim), {what}"),
        game: game_name(p, m),
        compared: "could not run".into(),
        range: format!("piles < {n}"),
        passed: false,
        detail: e.to_string(),
    }
}

/// [`check_theorem1`] on an existing solver.
pub fn theorem1_report(solver: &StateSolver) -> ClaimReport {
    let rules = solver.rules();
    let (p, m, n) = (rules.p(), rules.m(), solver.size());
    let mut rep = ClaimReport {
        source: "seed 002 (Larsson, Imitation Nim), Theorem 1".into(),
        game: game_name(p, m),
        compared: "Theorem 1 (xi, L) vs exact state solver, every reachable state".into(),
        range: format!("piles < {n}"),
        passed: true,
        detail: String::new(),
    };
    let t1 = Theorem1::new(rules, n);
    let mut states = 0u64;
    for x in 0..n {
        for y in 0..n {
            for s in rules.states_at(x, y) {
                states += 1;
                let got = solver.outcome(&s).expect("valid state on board");
                let want = t1.outcome(&s);
                if got != want && rep.passed {
                    rep.passed = false;
                    rep.detail = format!(
                        "state {s}: solver {got}, Theorem 1 {want} (clause {:?})",
                        t1.clause(&s)
                    );
                }
            }
        }
    }
    rep.range = format!("piles < {n}, {states} states");
    rep
}

/// Corollary 1: the starting P-positions equal the P-positions of
/// `diagonal-blocking` with the same `p, m` (general solver).
pub fn check_corollary1(p: u64, m: u64, n: u64) -> ClaimReport {
    match ImitationNim::new(p, m).and_then(|r| StateSolver::new(r, n)) {
        Ok(solver) => corollary1_report(&solver),
        Err(e) => failed("Corollary 1", p, m, n, e),
    }
}

/// [`check_corollary1`] on an existing solver.
pub fn corollary1_report(solver: &StateSolver) -> ClaimReport {
    let rules = solver.rules();
    let (p, m, n) = (rules.p(), rules.m(), solver.size());
    let mut rep = ClaimReport {
        source: "seed 002 (Larsson, Imitation Nim), Corollary 1".into(),
        game: format!("{} vs diagonal-blocking:p={p},m={m}", game_name(p, m)),
        compared: "starting P-positions (state solver) vs general solver of (p,m)-Wythoff Nim"
            .into(),
        range: format!("board {n}x{n}"),
        passed: true,
        detail: String::new(),
    };
    let res = (|| -> Result<(), String> {
        let g = crate::catalogue::parse_game(&format!("diagonal-blocking:p={p},m={m}"))
            .map_err(|e| e.to_string())?;
        let table = crate::solve::outcomes(&g.game, n as usize).map_err(|e| e.to_string())?;
        let mine = solver.start_table();
        for x in 0..n as usize {
            for y in 0..n as usize {
                if mine.get(x, y) != table.get(x, y) {
                    return Err(format!(
                        "({x}, {y}): imitation start {:?}, diagonal-blocking {:?}",
                        mine.get(x, y),
                        table.get(x, y)
                    ));
                }
            }
        }
        Ok(())
    })();
    if let Err(d) = res {
        rep.passed = false;
        rep.detail = d;
    }
    rep
}

/// The remark after Corollary 1: `(a, b)`, `a <= b`, is non-dynamic P iff it is in
/// P_W with `xi(a, b) = 0`; a position of N_W is dynamic iff some `(a, c)` in P_W
/// has `a <= c < b`. Hence (reading Theorem 1) a P_W position with `xi > 0` is
/// dynamic and every other position is non-dynamic N. Checked as this full
/// three-way classification against the solver's.
pub fn check_classification(p: u64, m: u64, n: u64) -> ClaimReport {
    match ImitationNim::new(p, m).and_then(|r| StateSolver::new(r, n)) {
        Ok(solver) => classification_report(&solver),
        Err(e) => failed("remark after Corollary 1", p, m, n, e),
    }
}

/// [`check_classification`] on an existing solver.
pub fn classification_report(solver: &StateSolver) -> ClaimReport {
    let rules = solver.rules();
    let (p, m, n) = (rules.p(), rules.m(), solver.size());
    let mut rep = ClaimReport {
        source: "seed 002 (Larsson, Imitation Nim), remark after Corollary 1 (Definition 1)".into(),
        game: game_name(p, m),
        compared: "predicted P / N / dynamic per position vs state solver over all histories"
            .into(),
        range: format!("board {n}x{n}"),
        passed: true,
        detail: String::new(),
    };
    let w = WythoffPairs::new(p, m, n);
    for x in 0..n {
        for y in 0..n {
            let got = solver.classify(x, y);
            let want = predicted_class(&w, x, y);
            if got != want {
                rep.passed = false;
                rep.detail = format!("({x}, {y}): solver {got}, remark {want}");
                return rep;
            }
        }
    }
    rep
}

fn run_claims(cfg: &VerifyConfig, progress: &mut dyn FnMut(u64, u64)) -> Vec<ClaimReport> {
    // Theorem 1 is checked on every state, p n^3 / 3 of them: the default run
    // uses piles below 150 (a few seconds); an explicit `--max` is honoured as
    // given.
    let n = if cfg.board == VerifyConfig::default().board {
        150
    } else {
        cfg.board
    };
    let total = THEOREM1_PARAMS.len() as u64;
    let mut out = Vec::new();
    for (i, &(p, m)) in THEOREM1_PARAMS.iter().enumerate() {
        match ImitationNim::new(p, m).and_then(|r| StateSolver::new(r, n)) {
            Ok(solver) => {
                out.push(theorem1_report(&solver));
                out.push(corollary1_report(&solver));
                out.push(classification_report(&solver));
            }
            Err(e) => out.push(failed("Theorem 1", p, m, n, e)),
        }
        progress(i as u64 + 1, total);
    }
    out
}

/// The claims of seed 002 about Imitation Nim, for `verify::registry`.
pub fn claims() -> Vec<Claim> {
    vec![Claim {
        id: "s002-thm-1-cor-1",
        scope: "12 pairs (p, m) with p <= 4, m <= 5, every reachable state with piles < 150 (default) or < N with --max N",
        games: &["imitation", "diagonal-blocking"],
        source:
            "seed 002 (Larsson, Imitation Nim): Theorem 1, Corollary 1, remark after Corollary 1",
        run: run_claims,
    }]
}
