//! The prose of [`super::outcome`]'s answers: the notes of the general path, the
//! oracle path and the Imitation Nim path, and the remoteness notes. Which path
//! answers is chosen in [`super::outcome`].

use super::*;
use crate::explain::Analysis;

/// The general path's answer (winning moves over every variant, notes on
/// variants, terminal positions and blocking) from [`analyse`]'s result.
pub(super) fn general(s: &Subject, x: u64, y: u64, an: &Analysis) -> OutcomeAnswer {
    let choice = an.variants.len() > 1;
    let mut ans = OutcomeAnswer {
        outcome: an.outcome,
        moves: Vec::new(),
        notes: Vec::new(),
        oracle: None,
        proof: None,
        pass: None,
        grundy: None,
    };
    // in a choice game the winning move depends on the variant picked: list
    // every move that wins in some variant (per-variant lists follow as notes)
    ans.moves = an.all_winning_moves();
    if s.game.has_pass() {
        let wins = an.outcome == Outcome::N && an.variants.iter().any(|v| v.pass_wins);
        ans.pass = Some(wins);
        if wins {
            ans.notes.push(format!(
                "winning move pass: ({x}, {y}) is a P-position of the game without the pass, where passing leaves the opponent"
            ));
        }
    }
    let notes = &mut ans.notes;
    for v in &an.variants {
        let tag = if choice {
            format!("variant {}: ", v.index)
        } else {
            String::new()
        };
        if choice {
            match v.outcome {
                None => notes.push(format!(
                    "{tag}({x}, {y}) is not on this variant's board ({})",
                    v.rules
                )),
                Some(o) => {
                    notes.push(format!("{tag}{o} ({})", v.rules));
                    let ms: Vec<String> = v
                        .winning_moves
                        .iter()
                        .map(|(a, b)| format!("{a},{b}"))
                        .collect();
                    if !ms.is_empty() {
                        notes.push(format!("{tag}winning moves: {}", ms.join(" ")));
                    }
                }
            }
        }
        if v.terminal && v.outcome.is_some() {
            notes.push(format!(
                "{tag}no move is possible from ({x}, {y}): the player to move {}",
                if s.convention() == Convention::Misere {
                    "wins (misère play)"
                } else {
                    "loses"
                }
            ));
        }
        if let Some(b) = &v.blocking {
            let list = |ps: &[(u64, u64)]| {
                if ps.is_empty() {
                    "none".to_string()
                } else {
                    ps.iter()
                        .map(|(a, b)| format!("{a},{b}"))
                        .collect::<Vec<_>>()
                        .join(" ")
                }
            };
            notes.extend(blocking_notes(
                &tag,
                b.p,
                &b.class,
                list(&b.p_in_class),
                list(&b.p_outside),
                &b.reason,
            ));
        }
    }
    if choice {
        notes.push(CHOICE_NOTE.to_string());
    }
    ans
}

const CHOICE_NOTE: &str = "the second player picks a variant before play: P iff P in some variant whose board holds the position";

/// Piles below this get remoteness notes (a table of side `max(X, Y) + 1`),
/// when that table is at most [`REMOTENESS_WORK`] option visits (under a second).
pub const REMOTENESS_LIMIT: u64 = 256;
pub const REMOTENESS_WORK: u128 = 50_000_000;

/// `remoteness R (...)` and each winning move's remoteness, as notes.
pub fn remoteness_notes(s: &Subject, x: &Natural, y: &Natural) -> Result<Vec<String>, SolveError> {
    use crate::solve::remoteness as rem;
    let not = || {
        vec![format!(
            "remoteness: not computed (piles of {REMOTENESS_LIMIT} or more)"
        )]
    };
    let (Ok(x), Ok(y)) = (u64::try_from(x), u64::try_from(y)) else {
        return Ok(not());
    };
    if x.max(y) >= REMOTENESS_LIMIT {
        return Ok(not());
    }
    let n = (x.max(y) + 1) as usize;
    if rem::work_estimate(&s.game, n as u64) > REMOTENESS_WORK {
        return Ok(vec!["remoteness: not computed (the table below max(X, Y) + 1 is too much work here; see `wythoff remoteness`)".into()]);
    }
    let t = crate::solve::remoteness_table(&s.game, n)?;
    let Some(r) = t.get(x as usize, y as usize) else {
        return Ok(vec![]);
    };
    let conv = s.convention();
    let what = if rem::loses(conv, r) {
        "moves left with the longest defence"
    } else {
        "moves to the win, fastest win"
    };
    let mut out = vec![format!("remoteness {r} ({what})")];
    let mut wins: Vec<(u64, u64, u32)> = Vec::new();
    for v in s.game.variants() {
        rem::for_each_option(v, x, y, &mut |a, b, _| {
            if let Some(ra) = t.get(a as usize, b as usize) {
                if rem::loses(conv, ra) {
                    wins.push((a, b, ra));
                }
            }
        });
    }
    wins.sort_unstable();
    wins.dedup();
    out.extend(
        wins.into_iter()
            .map(|(a, b, ra)| format!("winning move {a},{b}: remoteness {ra}")),
    );
    Ok(out)
}

/// The notes on blocking of one position (a variant's, with its `tag`): what
/// may be blocked, the P-options inside and outside the class, and why
/// ([`crate::explain::blocking_reason`]); the general and the oracle paths alike.
fn blocking_notes(
    tag: &str,
    p: u64,
    class: &str,
    inside: String,
    outside: String,
    reason: &str,
) -> [String; 4] {
    [
        format!(
            "{tag}blocking: the opponent may block up to {} {class}",
            p - 1
        ),
        format!("{tag}blockable P-options: {inside}"),
        format!("{tag}unblockable P-options: {outside}"),
        format!("{tag}{reason}"),
    ]
}

/// The blocking notes of a position's P-options (each `(x, y, inside the
/// blocked class)`): the two lists and the blocking rule in words.
fn p_option_notes(
    s: &Subject,
    b: &crate::rules::Blocking,
    options: &[(crate::oracle::Natural, crate::oracle::Natural, bool)],
) -> Vec<String> {
    let list = |inside: bool| {
        let v: Vec<String> = options
            .iter()
            .filter(|o| o.2 == inside)
            .map(|(a, b, _)| format!("{a},{b}"))
            .collect();
        if v.is_empty() {
            "none".to_string()
        } else {
            v.join(" ")
        }
    };
    let n_in = options.iter().filter(|o| o.2).count() as u64;
    let n_out = options.len() as u64 - n_in;
    let reason =
        crate::explain::blocking_reason(b, s.convention() == Convention::Misere, n_in, n_out, None);
    blocking_notes(
        "",
        b.p,
        &b.class.to_string(),
        list(true),
        list(false),
        &reason,
    )
    .to_vec()
}

/// The oracle path: exact big-integer answers from a published solution, with
/// the same moves and notes as the general path.
pub(super) fn outcome_oracle(
    s: &Subject,
    o: &dyn Oracle,
    x: &Natural,
    y: &Natural,
) -> Result<OutcomeAnswer, SolveError> {
    let p = o.is_p(x, y)?;
    let by_variant = o.winning_moves_by_variant(x, y)?;
    let choice = s.game.is_choice();
    let blocking = s.game.variants()[0].blocking();
    let options = if blocking.is_some() {
        o.p_options(x, y)?
    } else {
        Vec::new()
    };
    let mut ans = OutcomeAnswer {
        outcome: if p { Outcome::P } else { Outcome::N },
        moves: Vec::new(),
        notes: Vec::new(),
        oracle: None,
        proof: None,
        pass: None,
        grundy: None,
    };
    if !p {
        let mut moves: Vec<(Natural, Natural)> = by_variant
            .iter()
            .flat_map(|(_, m)| m.iter().cloned())
            .collect();
        moves.sort();
        moves.dedup();
        ans.moves = moves;
    }
    let notes = &mut ans.notes;
    if choice {
        for (i, moves) in &by_variant {
            let ms: Vec<String> = moves.iter().map(|(a, b)| format!("{a},{b}")).collect();
            let o_i = if moves.is_empty() { "P" } else { "N" };
            notes.push(format!(
                "variant {i}: {o_i} ({})",
                s.game.variants()[*i].describe()
            ));
            if !ms.is_empty() {
                notes.push(format!("variant {i}: winning moves: {}", ms.join(" ")));
            }
        }
        notes.push(CHOICE_NOTE.to_string());
    }
    if let Some(b) = blocking {
        notes.extend(p_option_notes(s, &b, &options));
    }
    let method = match o.method() {
        oracle::Method::ClosedForm => "closed form",
        oracle::Method::Recurrence => "recurrence",
    };
    ans.oracle = Some(format!("oracle ({method}): {}", o.source()));
    Ok(ans)
}

/// A game with memory: the outcome after a history, with the state solver.
pub(super) fn outcome_imitation(
    s: &Subject,
    rules: ImitationNim,
    x: u64,
    y: u64,
    history: &[(u64, u64)],
) -> Result<OutcomeAnswer, SolveError> {
    let mut hist = history.to_vec();
    // A history that already ends with (X, Y) is read as ending there: a move
    // from (X, Y) to itself is never legal, so no legal game is misread.
    let repeated = hist.last() == Some(&(x, y));
    if repeated {
        hist.pop();
    }
    let mut positions = hist.clone();
    positions.push((x, y));
    let st = rules.replay(&positions)?;
    let solver = StateSolver::new(rules, x.max(y) + 1)?;
    let o = solver.outcome(&st)?;
    let wins = solver.winning_moves(&st)?;
    let mut ans = OutcomeAnswer {
        outcome: o,
        moves: Vec::new(),
        notes: Vec::new(),
        oracle: None,
        proof: None,
        pass: None,
        grundy: None,
    };
    if o == Outcome::N {
        ans.moves = wins
            .iter()
            .map(|(_, t)| (Natural::from(t.x), Natural::from(t.y)))
            .collect();
    }
    let (p, m) = (rules.p(), rules.m());
    let notes = &mut ans.notes;
    if repeated {
        notes.push(format!(
            "the history's last position is ({x}, {y}) itself: read as the current position"
        ));
    }
    if hist.is_empty() {
        notes.push(format!(
            "{}: ({x}, {y}) as a starting position (no history)",
            s.label
        ));
    } else {
        notes.push(format!(
            "{}: ({x}, {y}) after {} move(s) from ({}, {})",
            s.label,
            hist.len(),
            hist[0].0,
            hist[0].1
        ));
    }
    notes.push(match st.window {
        None => "the last move opened no imitation window".into(),
        Some(w) => format!(
            "the last move removed {} from the {} pile (not larger before it): removing {} to {} from the {} pile is an m-imitation (m = {m})",
            w.removed,
            w.pile,
            w.removed,
            w.removed + m - 1,
            w.pile.other()
        ),
    });
    notes.push(format!(
        "runs of consecutive m-imitations: player to move {}, previous player {} (at most {} allowed)",
        st.mover_run,
        st.previous_run,
        p - 1
    ));
    for (mv, t) in &wins {
        if rules.is_imitation(&st, *mv) {
            notes.push(format!("{},{} is an m-imitation (m = {m})", t.x, t.y));
        }
    }
    notes.push(format!(
        "({x}, {y}) is {} (Definition 1)",
        match solver.classify(x, y) {
            PositionClass::P => "non-dynamic P: P after every history",
            PositionClass::N => "non-dynamic N: N after every history",
            PositionClass::Dynamic => "dynamic: its outcome depends on the history",
        }
    ));
    // the search visits every state below (X, Y): kept to small piles here
    if x.max(y) < 32 {
        let mut rem = crate::imitation::remoteness::ImitationRemoteness::new(rules);
        let r = rem.value(&st);
        let what = if rem.loses(r) {
            "moves left with the longest defence"
        } else {
            "moves to the win, fastest win"
        };
        notes.push(format!("remoteness {r} ({what})"));
        for (_, t, rt) in rem.moves(&st) {
            if rem.loses(rt) {
                notes.push(format!("winning move {},{}: remoteness {rt}", t.x, t.y));
            }
        }
    }
    if rules.is_misere() {
        notes.push(
            "Theorem 1 (Larsson) is stated for normal play: not applied in misère play".into(),
        );
        return Ok(ans);
    }
    let t1 = Theorem1::new(rules, x.max(y) + 1);
    let clause = match t1.clause(&st) {
        Clause::I => "(I): in P_W and xi <= L".to_string(),
        Clause::II { c } => format!("(II): the P_W option ({}, {c}) has L < xi", x.min(y)),
        Clause::Neither => "neither (I) nor (II): N".to_string(),
    };
    notes.push(format!("Theorem 1 (Larsson): {clause}"));
    Ok(ans)
}

/// The answer of a proved automaton ([`crate::proved`]): the outcome, the
/// proof it rests on, and for an N-position its winning moves, the P-options
/// found on its row, column and diagonals by the search over the automaton's
/// states ([`crate::explain::proved_p_options`]); where that search is refused
/// (a choice game, cone moves, more than its list limit) the answer says the
/// moves are not computed, and why. A blocking game's P-options are listed by
/// class, as the oracle path does.
pub(super) fn outcome_proved(
    s: &Subject,
    a: &crate::proved::ProvedAutomaton,
    x: &Natural,
    y: &Natural,
) -> OutcomeAnswer {
    let p = a.is_p(x, y);
    let mut notes = vec![format!(
        "answered by a proof: the automaton of the P-positions ({} states in {}, proved by Walnut to accept exactly the P-positions) {} ({x}, {y})",
        a.source.states,
        a.source.numeration_text,
        if p { "accepts" } else { "rejects" }
    )];
    let mut moves = Vec::new();
    if !p {
        match crate::explain::proved_p_options(s, a, x, y) {
            Ok(options) => {
                notes.push(
                    "winning moves: the P-positions on the row, the column and the diagonals a move reaches, found by a search over the proved automaton's states with one input fixed (exact), each a legal move of the game's rules".to_string(),
                );
                if let Some(b) = s.game.variants()[0].blocking() {
                    notes.extend(p_option_notes(s, &b, &options));
                    notes.push(format!(
                        "with blocking, every P-option listed is a winning move unless the opponent blocked it: the opponent blocks up to {} of them, so at least one listed move stays open",
                        b.p - 1
                    ));
                }
                moves = options.into_iter().map(|(a, b, _)| (a, b)).collect();
                moves.sort();
                moves.dedup();
            }
            Err(e) => notes.push(format!("winning moves: not computed ({e})")),
        }
    }
    OutcomeAnswer {
        outcome: if p { Outcome::P } else { Outcome::N },
        moves,
        notes,
        oracle: Some(a.source.line()),
        proof: Some(a.source.clone()),
        pass: None,
        grundy: None,
    }
}
