//! The pipeline without I/O: solve the board (through [`crate::board`]), choose
//! numerations, guess the automaton of the P-set, write the rules as formulas, and
//! lay out the files of a complete WALNUT_HOME (automaton, command files). The CLI
//! writes them and runs Walnut; [`parse_output`] and [`parse_log_seconds`] read
//! Walnut's answers back.

use super::automaton::{guess, guess_graph, Automaton, Guess};
use super::error::ProveError;
use super::formula::{refusal, rules_formula, RulesFormula, Statement};
use super::numeration::{beatty_numerations, continued_fraction, Numeration};
use crate::board::outcome_table;
use crate::error::SolveError;
use crate::oracle::closed_form::{ClosedForm, CFORM};
use crate::patterns::pairs::Difference;
use crate::patterns::{board::Board, find_in_board, Pattern};
use crate::subject::Subject;
use malachite_base::num::arithmetic::traits::Pow;
use malachite_nz::natural::Natural;

/// The eight folders Walnut expects under WALNUT_HOME.
pub const WALNUT_FOLDERS: [&str; 8] = [
    "Automata Library",
    "Command Files",
    "Custom Bases",
    "Macro Library",
    "Morphism Library",
    "Result",
    "Transducer Library",
    "Word Automata Library",
];

/// The P-set automaton's name (`Automata Library/pset.txt`; inputs x then y).
pub const AUTOMATON: &str = "pset";
/// The command file of the proof (`Command Files/prove.txt`, run with `load prove.txt;`).
pub const COMMAND_FILE: &str = "prove.txt";
/// The automaton of the winning moves, built by Walnut when the P-set is
/// proved (`Automata Library/win.txt`, inputs x, y, x', y'): the moves from
/// (x, y) to (x', y') in the proved set (games without blocking).
pub const WINNING: &str = "win";
/// The name of the statement that checks it against `outcome`.
pub const WINNING_STATEMENT: &str = "winning_moves";
/// The command file that names the positions where a statement fails.
pub const WITNESS_FILE: &str = "witness.txt";

/// The largest board `prove` solves (the guesser keeps a few words per cell).
pub const MAX_PROVE_BOARD: u64 = 4096;
/// The default board.
pub const DEFAULT_BOARD: u64 = 1024;
/// The default bound on the automaton's states.
pub const DEFAULT_MAX_STATES: usize = 300;

/// One numeration tried and what came of it.
#[derive(Clone, Debug)]
pub struct Attempt {
    pub numeration: Numeration,
    /// `Some(states)` when an automaton agreeing with the board was found.
    pub states: Option<usize>,
    /// The most classes seen when none was found.
    pub largest: usize,
    /// Digits of the board's largest full block.
    pub digits: usize,
    /// The bound on the states.
    pub max_states: usize,
}

impl Attempt {
    pub fn describe(&self) -> String {
        match self.states {
            Some(s) => format!("{}: {s} states", self.numeration.describe()),
            None => format!(
                "{}: none with at most {} states ({} classes seen, {} digits of data)",
                self.numeration.describe(),
                self.max_states,
                self.largest,
                self.digits
            ),
        }
    }
}

/// The result of the search for an automaton.
#[derive(Clone, Debug)]
pub struct Search {
    pub automaton: Option<Automaton>,
    pub attempts: Vec<Attempt>,
    pub board: u64,
    /// `c` when every row `1 <= x < N/8` of the board holds exactly `c` P-positions
    /// (`1 <= c <= 4`): the papers' complementarity, stated for Walnut.
    pub row_count: Option<u64>,
}

/// The board's constant number of P-positions per row `1 <= x < N/8`, if any.
fn row_count(cells: &[bool], n: usize) -> Option<u64> {
    let counts: Vec<usize> = (1..(n / 8).max(2))
        .map(|x| cells[x * n..(x + 1) * n].iter().filter(|&&c| c).count())
        .collect();
    let c = *counts.first()?;
    (counts.iter().all(|&k| k == c) && (1..=4).contains(&c)).then_some(c as u64)
}

/// "At least `k` distinct values satisfy `atom`": `(E v1,...,vk v1<v2 & ... &
/// atom(v1) & ... & atom(vk))` with `v` the `prefix`; `(0=0)` for `k = 0`.
fn at_least_distinct(prefix: &str, k: u64, atom: impl Fn(&str) -> String) -> String {
    if k == 0 {
        return "(0=0)".into();
    }
    let vs: Vec<String> = (1..=k).map(|i| format!("{prefix}{i}")).collect();
    let mut conj: Vec<String> = vs
        .windows(2)
        .map(|w| format!("{}<{}", w[0], w[1]))
        .collect();
    conj.extend(vs.iter().map(|v| atom(v)));
    format!("(E {} {})", vs.join(","), conj.join(" & "))
}

/// The papers' complementarity as a statement about the P-set: every `x >= 1` is
/// the first pile of exactly `c` P-positions (each value `c` times among the pairs).
pub fn complementarity(c: u64) -> Statement {
    let at_least = |k: u64| at_least_distinct("y", k, |v| format!("${AUTOMATON}(a,{v})"));
    Statement {
        name: "p_complementarity".into(),
        body: format!("(a>=1 & b=b) => ({} & ~{})", at_least(c), at_least(c + 1)),
    }
}

/// The numerations to try for a board: those a Beatty law's closed form suggests
/// (Ostrowski of frac(alpha) and of 1/alpha), then base 2, Zeckendorf, base 3 and
/// the Ostrowski numerations of a few quadratic irrationals of small height.
pub fn candidates(board: &Board) -> Vec<Numeration> {
    let mut out: Vec<Numeration> = Vec::new();
    let small = if board.size() > 512 {
        Board::from_fn(512, |x, y| board.get(x, y))
    } else {
        board.clone()
    };
    let mut periodic = false;
    for p in find_in_board(&small) {
        match p {
            Pattern::Pairs(pairs) => {
                // b_n = s a_n + t n (s >= 2): Fraenkel's numeration of (s,t)-Wythoff
                if let Some(Difference::Affine { s, t, c: 0, .. }) = pairs.difference {
                    if s >= 2 && t >= 1 && s + t <= 9 {
                        out.push(Numeration::Fraenkel {
                            s: s as u64,
                            t: t as u64,
                        });
                    }
                }
                if let Some(q) = pairs.beatty.as_ref().and_then(|b| b.quad) {
                    // (u + v sqrt d) / w = (u + sqrt(v^2 d)) / w
                    if let (Ok(u), Ok(d), Ok(w)) = (
                        i64::try_from(q.u),
                        u64::try_from(q.v * q.v * q.d),
                        i64::try_from(q.w),
                    ) {
                        if let Some((pre, per)) = continued_fraction(u, d, w) {
                            if per.len() <= 8
                                && pre.len() <= 9
                                && per.iter().chain(&pre).all(|&a| a <= 9)
                            {
                                out.extend(beatty_numerations(&pre, &per));
                            }
                        }
                    }
                }
            }
            Pattern::Periodic(_) | Pattern::Finite(_) => periodic = true,
            _ => {}
        }
    }
    let _ = periodic; // base 2 comes first among the fallbacks either way
    let fallbacks = [
        Numeration::Base(2),
        Numeration::zeckendorf(),
        Numeration::Base(3),
        Numeration::ostrowski(vec![0], vec![2]),
        Numeration::ostrowski(vec![0, 1], vec![2]),
        Numeration::ostrowski(vec![0], vec![3]),
        Numeration::ostrowski(vec![0, 1], vec![3]),
    ];
    for n in fallbacks {
        if !out.contains(&n) {
            out.push(n);
        }
    }
    out
}

/// The numeration the rules themselves suggest, tried last (the board's
/// suggestions keep their order): Fraenkel's for the (s,t) cone of
/// (s,t)-Wythoff with `s >= 2` (its misère board shows no Beatty pairs to
/// suggest it).
fn with_rules(s: &Subject, mut list: Vec<Numeration>) -> Vec<Numeration> {
    let cone = s
        .game
        .as_single()
        .and_then(|r| r.two_pile())
        .and_then(|t| match t.relation {
            crate::rules::Relation::Cone { s, t } => Some((s, t)),
            _ => None,
        });
    if let Some((cs, ct)) = cone {
        if cs >= 2 && ct >= 1 && cs.checked_add(ct).is_some_and(|v| v <= 9) {
            let f = Numeration::Fraenkel { s: cs, t: ct };
            if !list.contains(&f) {
                list.push(f);
            }
        }
    }
    list
}

/// Solve the board of side `max` (checked by [`prepare`]) and search for the
/// P-set's automaton: in `only` when given, otherwise in the [`candidates`],
/// keeping the first found.
pub(crate) fn search(
    s: &Subject,
    max: u64,
    only: Option<&Numeration>,
    max_states: usize,
    progress: &mut dyn FnMut(u64, u64),
) -> Result<Search, SolveError> {
    if let Some(why) = refusal(&s.game) {
        return Err(SolveError::Unsupported(format!("{}: {why}", s.label)));
    }
    let cells = outcome_table(s, max, progress)?;
    let n = max as usize;
    let member = |x: u32, y: u32| cells[x as usize * n + y as usize];
    let list = match only {
        Some(num) => vec![num.clone()],
        None => with_rules(s, candidates(&board_of(&cells, n))),
    };
    let mut attempts = Vec::new();
    for num in list {
        match guess(&num, max as u32, &member, max_states) {
            Guess::Found { automaton, .. } => {
                attempts.push(Attempt {
                    numeration: num,
                    states: Some(automaton.states()),
                    largest: automaton.states(),
                    digits: 0,
                    max_states,
                });
                return Ok(Search {
                    automaton: Some(automaton),
                    attempts,
                    board: max,
                    row_count: row_count(&cells, n),
                });
            }
            Guess::NotFound { largest, digits } => attempts.push(Attempt {
                numeration: num,
                states: None,
                largest,
                digits,
                max_states,
            }),
        }
    }
    Ok(Search {
        automaton: None,
        attempts,
        board: max,
        row_count: row_count(&cells, n),
    })
}

/// The P-set through the pairs that define it: automata of the graphs
/// `{(n, a_n)}` and `{(n, b_n)}` (inputs n then the value), and
/// `S(x, y) = E n (A(n, x) & B(n, y)) | (A(n, y) & B(n, x))` (Walnut builds it).
#[derive(Clone, Debug)]
pub struct PairsModel {
    pub a: Automaton,
    pub b: Automaton,
    /// The pairs `(a_n, b_n)`, `n < terms`, both automata agree with.
    pub terms: u64,
    /// Whether `a_n`, `b_n` strictly increase on those terms (else they
    /// only do not decrease).
    pub a_strict: bool,
    pub b_strict: bool,
    /// `(b_1 - a_1) - (b_0 - a_0)`: the step `b_n - a_n` would have were it an
    /// arithmetic progression (seed 000, section 7's second question).
    pub first_step: Option<i64>,
}

/// The graph automata's names (`Automata Library/pa.txt`, `pb.txt`).
pub const GRAPH_A: &str = "pa";
pub const GRAPH_B: &str = "pb";

/// The terms of the pairs' sequences the graphs are guessed from (fewer when
/// the sequence's engine refuses as many).
pub const PAIR_TERMS: [u64; 4] = [1 << 18, 1 << 15, 1 << 13, 1 << 12];

/// The work one reading of pairs off a board may take for a guess (about ten
/// seconds, [`crate::board_pairs::read_within`]), where `sequence` takes ten
/// minutes: a game whose pairs take longer is not guessed through its graphs
/// (said in the attempt), so that a sweep of hundreds of games is not held up
/// for minutes by each (a limit of the search, never a fact about the game).
pub const PAIR_READ_WORK: u64 = crate::board_pairs::work_of_seconds(10);

/// The prefixes of the pairs' sequences first guesses are made on (normal
/// play), before the whole list of [`PAIR_TERMS`] is read.
pub const PREFIX_TERMS: [u64; 3] = [1 << 12, 1 << 13, 1 << 14];

/// When the P-set itself has no small automaton ("skewed" sets such as
/// roob-blocking's, where `b_n` is about 6 `a_n` and a square board holds few
/// pairs), guess the automata of `n -> a_n` and `n -> b_n` from the first pairs
/// of [`crate::sequences::sequence_list`] (up to [`PAIR_TERMS`], whichever engine
/// answers: kernel, oracle or the board reader), in one numeration: the
/// candidates of the `max` board (checked by [`prepare`]), or `only`.
pub(crate) fn search_pairs(
    s: &Subject,
    max: u64,
    only: Option<&Numeration>,
    max_states: usize,
) -> Result<(Option<PairsModel>, Vec<Attempt>), SolveError> {
    let n = max as usize;
    let cells = outcome_table(s, max, &mut |_, _| {})?;
    let list = match only {
        Some(num) => vec![num.clone()],
        None => {
            let mut list = with_rules(s, candidates(&board_of(&cells, n)));
            if s.convention() == crate::rules::Convention::Misere {
                // a misère set whose laws the board does not show (roob-blocking):
                // the numerations normal play's board suggests, too
                let normal = Subject {
                    game: s.game.with_convention(crate::rules::Convention::Normal),
                    ..s.clone()
                };
                let cells = outcome_table(&normal, max, &mut |_, _| {})?;
                let more = candidates(&board_of(&cells, n));
                for num in with_rules(&normal, more) {
                    if !list.contains(&num) {
                        list.push(num);
                    }
                }
            }
            list
        }
    };
    let mut list = list;
    let mut attempts = Vec::new();
    if s.convention() == crate::rules::Convention::Normal {
        // prefixes first (cheap: a board read of a second where the whole list
        // takes a minute): the classes a guess sees only grow with more terms,
        // so a numeration whose graph of a (or of b) is over the bound on a
        // prefix is over it on the whole list, and is dropped. Where none is
        // left, the whole list is not read. Only where the prefix already gives
        // the board's P-set (the model the graphs stand for).
        for terms in PREFIX_TERMS {
            if !prefix_pays(s, terms) {
                break;
            }
            let Ok(prefix) =
                crate::sequences::sequence_list_within(s, terms, PAIR_READ_WORK, &mut |_, _| {})
            else {
                break;
            };
            let (a, b) = unzip_pairs(&prefix);
            if !pairs_are_the_board(&a, &b, &cells, n) {
                break;
            }
            list.retain(|num| {
                let g = match guess_graph(num, &a, max_states) {
                    Guess::Found { .. } => guess_graph(num, &b, max_states),
                    g => g,
                };
                match g {
                    Guess::NotFound { largest, digits } if largest > max_states => {
                        attempts.push(Attempt {
                            numeration: num.clone(),
                            states: None,
                            largest,
                            digits,
                            max_states,
                        });
                        false
                    }
                    _ => true,
                }
            });
            if list.is_empty() {
                return Ok((None, attempts));
            }
        }
    }
    let (model, more) = search_whole(s, max, &cells, list, max_states)?;
    attempts.extend(more);
    Ok((model, attempts))
}

/// Whether reading `terms` pairs first costs at most a quarter of the whole
/// list's read: always for a kernel or a published solution; for a game read
/// off a board, where its plan's board (or rectangle) is at most a quarter of
/// the whole list's (a b-order square board is capped at 32768, so a prefix of
/// 2^13 pairs would solve the very board the whole list reads).
fn prefix_pays(s: &Subject, terms: u64) -> bool {
    if !crate::sequences::read_off_a_board(s) {
        return true;
    }
    let cells = |t: u64| {
        crate::board_pairs::plan(&s.game, t)
            .ok()
            .map(|p| u128::from(p.rows) * u128::from(p.cols))
    };
    match (cells(terms), cells(PAIR_TERMS[1])) {
        (Some(part), Some(whole)) => part.saturating_mul(4) <= whole,
        _ => true,
    }
}

/// [`search_pairs`] on the whole list of pairs ([`PAIR_TERMS`]) in the
/// numerations `list`; `cells`: the `max` board.
fn search_whole(
    s: &Subject,
    max: u64,
    cells: &[bool],
    list: Vec<Numeration>,
    max_states: usize,
) -> Result<(Option<PairsModel>, Vec<Attempt>), SolveError> {
    let n = max as usize;
    let flat = if s.convention() == crate::rules::Convention::Misere {
        misere_pairs(s, max)?
    } else {
        normal_pairs(s, cells, max)?
    };
    let (a, b) = unzip_pairs(&flat);
    if !pairs_are_the_board(&a, &b, cells, n) {
        // the pairs are not the whole P-set (Even-Even's sequence lists A_n, B_n
        // of the P-positions A_n (+1), B_n (+1)): graphs of them would be a
        // guess refuted by Walnut at once, a verdict about the model, not the game
        return Ok((None, Vec::new()));
    }
    let mut attempts = Vec::new();
    for num in list {
        let ga = guess_graph(&num, &a, max_states);
        let gb = match &ga {
            Guess::Found { .. } => Some(guess_graph(&num, &b, max_states)),
            _ => None,
        };
        match (ga, gb) {
            (Guess::Found { automaton: aa, .. }, Some(Guess::Found { automaton: ab, .. })) => {
                attempts.push(Attempt {
                    numeration: num,
                    states: Some(aa.states() + ab.states()),
                    largest: aa.states() + ab.states(),
                    digits: 0,
                    max_states,
                });
                return Ok((
                    Some(PairsModel {
                        a: aa,
                        b: ab,
                        terms: a.len() as u64,
                        a_strict: a.windows(2).all(|w| w[0] < w[1]),
                        b_strict: b.windows(2).all(|w| w[0] < w[1]),
                        first_step: (a.len() >= 2)
                            .then(|| (b[1] as i64 - a[1] as i64) - (b[0] as i64 - a[0] as i64)),
                    }),
                    attempts,
                ));
            }
            (Guess::NotFound { largest, digits }, _)
            | (_, Some(Guess::NotFound { largest, digits })) => attempts.push(Attempt {
                numeration: num,
                states: None,
                largest,
                digits,
                max_states,
            }),
            _ => {}
        }
    }
    Ok((None, attempts))
}

/// The `n x n` board `cells` (row-major, `true` = P) as a [`Board`].
fn board_of(cells: &[bool], n: usize) -> Board {
    Board::from_fn(n, |x, y| cells[x * n + y])
}

/// The flat list `a_0, b_0, a_1, b_1, ...` as the sequences `a` and `b`.
fn unzip_pairs(flat: &[u64]) -> (Vec<u64>, Vec<u64>) {
    flat.chunks(2).map(|c| (c[0], c[1])).unzip()
}

/// Do the pairs `(a_n, b_n)` and `(b_n, a_n)` give exactly the P-positions of
/// the `n x n` board `cells` (row-major, `true` = P)? The graphs model only
/// such a P-set; a sequence that lists fewer (or other) positions is no model.
fn pairs_are_the_board(a: &[u64], b: &[u64], cells: &[bool], n: usize) -> bool {
    let mut from_pairs = vec![false; n * n];
    for (&x, &y) in a.iter().zip(b) {
        let (x, y) = (x as usize, y as usize);
        if x < n && y < n {
            from_pairs[x * n + y] = true;
            from_pairs[y * n + x] = true;
        }
    }
    from_pairs == cells
}

/// The pairs `a_0, b_0, a_1, b_1, ...` of normal play (`cells`: the `max`
/// board of `s`), as many of
/// [`PAIR_TERMS`] as the sequence's engine gives (a game without a published
/// solution is read off a board, which holds fewer: `ArgTooLarge` asks for fewer).
///
/// A game read off a board (no kernel, no published solution) is first read on
/// the `max` board: where its P-positions there are no pairs of sequences (rays,
/// a periodic set), the graphs are not tried, rather than a board of 32768
/// solved for minutes to say the same. A limit of the search, said in its
/// attempts: "no automaton found" speaks of the search, never of the game.
fn normal_pairs(s: &Subject, cells: &[bool], max: u64) -> Result<Vec<u64>, SolveError> {
    if crate::sequences::solution_without_pairs(s) {
        return Err(SolveError::Unsupported(
            "its published solution gives no pairs (a_n, b_n): the graphs are not read off a board"
                .into(),
        ));
    }
    if crate::sequences::read_off_a_board(s) {
        if !crate::patterns::board_reads_pairs(&board_of(cells, max as usize)) {
            return Err(SolveError::Unsupported(format!(
                "its P-positions on the board of {max} are not pairs of sequences (a non-decreasing, b increasing)"
            )));
        }
    }
    let mut flat = Err(SolveError::BadInput("no terms".into()));
    for terms in PAIR_TERMS {
        flat = crate::sequences::sequence_list_within(s, terms, PAIR_READ_WORK, &mut |_, _| {});
        if !matches!(
            flat,
            Err(SolveError::TooLarge(_) | SolveError::ArgTooLarge(_))
        ) {
            break;
        }
    }
    flat
}

/// Misère pairs through normal play's: the misère P-positions `(x, y)`,
/// `x <= y`, of the `max` board in the order of the normal pairs (by `a`, then
/// `b`), followed by the normal pairs from the point where both lists agree
/// to the board's edge (the misère set differs near the origin only); where
/// they share no tail (a shifted set), the misère pairs read off the largest
/// board the pairs' reader takes (`board_pairs::read`), else the board's pairs
/// alone. A guess, like the graphs: Walnut decides it.
fn misere_pairs(s: &Subject, max: u64) -> Result<Vec<u64>, SolveError> {
    let normal = Subject {
        game: s.game.with_convention(crate::rules::Convention::Normal),
        ..s.clone()
    };
    let cells = outcome_table(&normal, max, &mut |_, _| {})?;
    let flat = normal_pairs(&normal, &cells, max)?;
    let pairs: Vec<(u64, u64)> = flat.chunks(2).map(|c| (c[0], c[1])).collect();
    let mut board: Vec<(u64, u64)> = Vec::new();
    crate::board::game_p_positions(&s.game, max, &mut |_, _| {}, &mut |x, ys| {
        board.extend(ys.iter().map(|&y| (x, y as u64)).filter(|&(x, y)| x <= y))
    })?;
    board.sort_unstable();
    // the normal pairs inside the board (b_n increases: a prefix)
    let inside = pairs.iter().take_while(|p| p.1 < max && p.0 < max).count();
    let (mut i, mut j) = (board.len(), inside);
    while i > 0 && j > 0 && board[i - 1] == pairs[j - 1] {
        i -= 1;
        j -= 1;
    }
    if board.len() - i < board.len() / 2 || inside < 64 {
        // no common tail (a shifted set): the misère pairs themselves, read off
        // a larger board where the pairs' reader takes it (as many of
        // PAIR_TERMS as it gives), else the board's pairs alone
        for terms in PAIR_TERMS {
            let budget = crate::solve::memory_budget();
            match crate::board_pairs::read_within(
                &s.game,
                terms,
                budget,
                PAIR_READ_WORK,
                false,
                &mut |_, _| {},
            ) {
                Ok(v) if v.len() > board.len() => {
                    return Ok(v.iter().flat_map(|&(a, b)| [a, b]).collect())
                }
                Err(SolveError::TooLarge(_) | SolveError::ArgTooLarge(_)) => continue,
                _ => break,
            }
        }
        if board.len() < 64 {
            return Err(SolveError::Unsupported(format!(
                "{}: {} misère pairs on the {max} board, too few for the graphs",
                s.label,
                board.len()
            )));
        }
        return Ok(board.iter().flat_map(|&(a, b)| [a, b]).collect());
    }
    let mut out: Vec<u64> = board[..i].iter().flat_map(|&(a, b)| [a, b]).collect();
    out.extend(pairs[j..].iter().flat_map(|&(a, b)| [a, b]));
    Ok(out)
}

/// The statements about the graphs themselves, part of the proof through the
/// pairs: each graph is a function of `n` (exactly one value) and increasing
/// (strictly where the pairs read were: `a_n` repeats in the blocking games
/// of seed 000, each value `p` times), so the proved set is
/// `{(a_n, b_n)} u {(b_n, a_n)}` for two increasing sequences (variables: `a`
/// is `n`, `b` unused).
pub fn graph_statements(m: &PairsModel) -> Vec<Statement> {
    let mut out = Vec::new();
    for (g, which, strict) in [(GRAPH_A, "a", m.a_strict), (GRAPH_B, "b", m.b_strict)] {
        out.push(Statement {
            name: format!("graph_{which}_function"),
            body: format!("(E c ${g}(a,c)) & (A c,d (${g}(a,c) & ${g}(a,d)) => c=d) & b=b"),
        });
        let (name, op) = if strict {
            (format!("graph_{which}_increasing"), "<")
        } else {
            (format!("graph_{which}_nondecreasing"), "<=")
        };
        out.push(Statement {
            name,
            body: format!("(A c,d (${g}(a,c) & ${g}(a+1,d)) => c{op}d) & b=b"),
        });
    }
    out
}

/// Seed 000's Theorem 2.1 (i) about the pairs of a game whose rules are those of
/// `mWN^p` (the m-bishop `|k - l| < m`, blocking of up to `p - 1` one-pile moves
/// of length at least `m`), as statements about the graphs (not part of the
/// proof of the P-set; empty for other rules):
///
/// - `b_minus_a`: `b_n - a_n = m n`;
/// - `a_b_complementary`: `a` and `b_{>0}` are p-complementary on `Z_{>=0}`
///   (every `x >= 0` occurs exactly `p` times among `a_0, a_1, ...` and
///   `b_1, b_2, ...`: the paper's Definition 1 with its Remark 1).
///
/// With `graph_*` (functions, `a` non-decreasing, `b` increasing) these are
/// item (i) of the paper's Theorem 4.1, which proves that (i) holds only for
/// `a_n = floor(n phi_{mp} / p)`, `b_n = a_n + m n`: TRUE for all of them
/// proves that the graphs are the paper's formula (docs/proofs.md).
pub fn pairs_paper_statements(s: &Subject) -> Vec<Statement> {
    let Some((m, p)) = mwn_blocking(s) else {
        return Vec::new();
    };
    vec![
        Statement {
            name: "b_minus_a".into(),
            body: format!("(A c,d (${GRAPH_A}(a,c) & ${GRAPH_B}(a,d)) => d=c+{m}*a) & b=b"),
        },
        sequences_complementary(p),
    ]
}

/// `(m, p)` when the rules are seed 000's `mWN^p` in normal play.
fn mwn_blocking(s: &Subject) -> Option<(u64, u64)> {
    let r = s.game.as_single()?;
    let two = r.two_pile()?;
    let crate::rules::Relation::Band { m } = two.relation else {
        return None;
    };
    let b = r.blocking()?;
    let crate::rules::BlockClass::OnePileAtLeast(l) = b.class else {
        return None;
    };
    (l == m
        && (1..=8).contains(&b.p)
        && r.convention() == crate::rules::Convention::Normal
        && r.corner().is_none()
        && two.d1.is_all()
        && two.d2.is_all()
        && r.h().is_all()
        && r.v().is_all())
    .then_some((m, b.p))
}

/// p-complementarity of the sequences themselves: every value `a` (any `x >= 0`)
/// is `a_n` for exactly `p - 1` indices `n` where it is some `b_n` with `n >= 1`,
/// and for exactly `p` where it is none (at most one `b_n` takes it:
/// `graph_b_increasing`).
pub fn sequences_complementary(p: u64) -> Statement {
    // "at least k indices n with a_n = a"
    let at_least = |k: u64| at_least_distinct("n", k, |v| format!("${GRAPH_A}({v},a)"));
    let exactly = |k: u64| format!("({} & ~{})", at_least(k), at_least(k + 1));
    let in_b = format!("(E n n>=1 & ${GRAPH_B}(n,a))");
    Statement {
        name: "a_b_complementary".into(),
        body: format!(
            "({in_b} => {}) & (~{in_b} => {}) & b=b",
            exactly(p - 1),
            exactly(p)
        ),
    }
}

/// Seed 000's second question of section 7 as a statement: is `b_n - a_n` an
/// arithmetic progression? Its step would be the first one ([`PairsModel::first_step`]):
/// TRUE or FALSE answers the question for the game (not part of the proof).
pub fn difference_progression(m: &PairsModel) -> Option<Statement> {
    let d = m.first_step?;
    // b_{n+1} - a_{n+1} = b_n - a_n + d, over the positions: v + x = y + u + d
    let eq = if d >= 0 {
        format!("v+x=y+u+{d}")
    } else {
        format!("v+x+{}=y+u", -d)
    };
    Some(Statement {
        name: "difference_ap".into(),
        body: format!(
            "(A x,y,u,v (${GRAPH_A}(a,x) & ${GRAPH_B}(a,y) & ${GRAPH_A}(a+1,u) & ${GRAPH_B}(a+1,v)) => {eq}) & b=b"
        ),
    })
}

/// The files of a WALNUT_HOME that proves the P-set of `s` is the set defined from
/// the pairs' graph automata (see [`PairsModel`]), and that the graphs are
/// strictly increasing functions ([`graph_statements`]).
pub fn pairs_proof_files(
    s: &Subject,
    m: &PairsModel,
    extras: &[Statement],
) -> Result<ProofFiles, ProveError> {
    // the graph statements speak of the sequences, not of the set: the set is
    // defined from the graphs whatever they are, and stable, absorbing and
    // no_terminal prove it the P-set; a FALSE graph statement is said beside
    // a proof (side statements), never a refutation of the set
    let side: Vec<Statement> = graph_statements(m)
        .into_iter()
        .chain(extras.iter().cloned())
        .collect();
    let mut f = proof_files_with(
        s,
        &m.a.numeration,
        &[(
            AUTOMATON.to_string(),
            format!(
                "(E n ${GRAPH_A}(n,a) & ${GRAPH_B}(n,b)) | (E n ${GRAPH_A}(n,b) & ${GRAPH_B}(n,a))"
            ),
        )],
        &[],
        &side,
    )?;
    f.files
        .push((format!("Automata Library/{GRAPH_A}.txt"), m.a.to_walnut()));
    f.files
        .push((format!("Automata Library/{GRAPH_B}.txt"), m.b.to_walnut()));
    Ok(f)
}

/// The files of a WALNUT_HOME that proves (or refutes) that `automaton` is the
/// P-set of `s`: `(path relative to WALNUT_HOME, contents)`. The eight folders
/// are created by the writer ([`WALNUT_FOLDERS`]).
#[derive(Clone, Debug)]
pub struct ProofFiles {
    pub files: Vec<(String, String)>,
    /// The statements' names, in order.
    pub statements: Vec<String>,
    /// Those that make the proof (the others are the papers' further statements
    /// about the proved set).
    pub core: Vec<String>,
    /// The winning moves' automaton the command file builds ([`WINNING`]), for
    /// games without blocking.
    pub winning: Option<String>,
    pub formula: RulesFormula,
    /// The closed form of the game's formula oracle, compared by Walnut with
    /// the proved set (the side statement [`CLOSED_FORM`]), when it has one.
    pub closed_form: Option<ClosedFormSide>,
}

/// The side statement "the closed form's set is the proved set".
pub const CLOSED_FORM: &str = "closed_form";

/// A game's closed form as a statement about the proved set.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ClosedFormSide {
    /// The paper the oracle names.
    pub source: String,
    /// The form in words.
    pub form: String,
    /// The `eval` line (after the definitions of [`crate::oracle::closed_form::CFORM`]);
    /// `None` when the form cannot be written in the proof's numeration.
    pub statement: Option<String>,
    /// The Walnut commands defining the form's set.
    pub commands: String,
    /// Why it is not stated, when it is not.
    pub why: Option<String>,
}

/// Append the closed form `form` to the command file of `f` as the side
/// statement [`CLOSED_FORM`] (`A a,b cform(a,b) <=> pset(a,b)`, not part of
/// the proof), in the numeration `num`; where `num` cannot write it, the
/// reason is kept and nothing is added. A numeration with a custom base (its
/// adder proved first) is not used for it.
pub fn add_closed_form(f: &mut ProofFiles, form: &ClosedForm, num: &Numeration) {
    let ns = num.walnut_name();
    let written = if super::custom::custom_base(num).ok().flatten().is_some() {
        Err(format!(
            "{ns} is a custom base; the closed form is written in the numerations Walnut ships"
        ))
    } else {
        form.walnut(&ns)
    };
    let mut side = ClosedFormSide {
        source: form.source.clone(),
        form: form.describe(),
        statement: None,
        commands: String::new(),
        why: None,
    };
    match written {
        Err(why) => side.why = Some(why),
        Ok(w) => {
            let eval = format!(
                "eval {CLOSED_FORM} \"?{ns} A a,b ${CFORM}(a,b) <=> ${AUTOMATON}(a,b)\":\n"
            );
            let path = format!("Command Files/{COMMAND_FILE}");
            if let Some((_, cmd)) = f.files.iter_mut().find(|(p, _)| *p == path) {
                cmd.push_str(&comment(&format!(
                    "{CLOSED_FORM} (not part of the proof) - {} - {}, is exactly the proved set {AUTOMATON}",
                    form.source,
                    side.form
                )));
                cmd.push_str(&w.commands);
                cmd.push_str(&eval);
                f.statements.push(CLOSED_FORM.to_string());
                side.statement = Some(eval.trim_end().to_string());
                side.commands = w.commands;
            }
        }
    }
    f.closed_form = Some(side);
}

pub fn proof_files(
    s: &Subject,
    automaton: &Automaton,
    extras: &[Statement],
) -> Result<ProofFiles, ProveError> {
    let mut f = proof_files_with(s, &automaton.numeration, &[], &[], extras)?;
    f.files.insert(
        0,
        (
            format!("Automata Library/{AUTOMATON}.txt"),
            automaton.to_walnut(),
        ),
    );
    Ok(f)
}

/// A comment in a Walnut command file. Walnut 6.2 has no comment syntax (a
/// `#` line is "Invalid command."), so a comment is a harmless command that
/// Walnut echoes: `macro comment "TEXT";` (it only writes `Macro
/// Library/comment.txt`). Walnut cuts a command at its first `;` or `:`, and a
/// macro's text ends at `"`: those become `,`, ` ` and `'`.
pub fn comment(text: &str) -> String {
    let t: String = text
        .chars()
        .map(|c| match c {
            ';' => ',',
            ':' => ' ',
            '"' => '\'',
            '\n' | '\r' => ' ',
            c => c,
        })
        .collect();
    format!("macro comment \"{t}\";\n")
}

/// What a statement of the emitted files says, for its comment (and the
/// report): the rules' statements, the adder's, the papers' further ones.
pub fn purpose(name: &str) -> String {
    let s = match name {
        "stable" => "no move leads from a position of the set to a position of the set",
        "absorbing" => "from every position outside the set some move leads into the set",
        "no_terminal" => "misère - every position of the set has a move (the terminal positions are N)",
        "in_set_is_p" => "blocking - every position of the set satisfies the recursion of a P-position (no unblockable option in the set, fewer than p blockable ones)",
        "p_is_in_set" => "blocking - every position satisfying the recursion of a P-position is in the set",
        "on_board" => "the set avoids the removed corner",
        "adder_total" => "the custom base's adder gives every two numbers a sum",
        "adder_functional" => "the adder gives at most one sum",
        "adder_zero" => "a + 0 = a",
        "adder_successor" => "a + succ(b) = succ(a + b), with succ the next valid word in Walnut's order - with adder_zero, the adder is addition (induction on b)",
        "successor_of_zero" => "the constants mean what they say - 0 is the least number, succ(0) = 1, succ(1) = 2, ... up to the largest constant of the formulas",
        "unbounded" => "every number has a larger one (the order of the valid words is infinite)",
        "p_complementarity" => "the papers' complementarity - every x >= 1 is the first pile of the same number of P-positions (not part of the proof)",
        "graph_a_function" => "n -> a_n is a function - exactly one a_n for each n",
        "graph_b_function" => "n -> b_n is a function - exactly one b_n for each n",
        "graph_a_increasing" => "a_n is strictly increasing",
        "graph_b_increasing" => "b_n is strictly increasing",
        "graph_a_nondecreasing" => "a_n never decreases",
        "graph_b_nondecreasing" => "b_n never decreases",
        "closed_form" => "the formula oracle's closed form (the paper's families of pairs) is exactly the proved set (not part of the proof)",
        "difference_ap" => "seed 000 section 7's question - is b_n - a_n an arithmetic progression (its step the first one)? TRUE or FALSE answers it (not part of the proof)",
        "b_minus_a" => "the paper's formula - b_n - a_n = m n (seed 000 Theorem 2.1 (i), not part of the proof)",
        "a_b_complementary" => "the paper's p-complementarity - a and b_(n>0) are p-complementary on the integers >= 0 (each x >= 0 is a_n or b_n, n >= 1, for exactly p indices n), with b_minus_a and graph_a_nondecreasing item (i) of seed 000 Theorem 4.1, so a_n = floor(n phi_mp / p) and b_n = a_n + m n (not part of the proof)",
        other => return format!("the statement {other}"),
    };
    s.to_string()
}

/// The largest integer constant written in `formulas` (0 when none).
fn largest_constant<'a>(formulas: impl Iterator<Item = &'a str>) -> u64 {
    let mut top = 0u64;
    for f in formulas {
        let mut prev_word = false;
        let mut num = String::new();
        for c in f.chars().chain(std::iter::once(' ')) {
            if c.is_ascii_digit() && (!prev_word || !num.is_empty()) {
                num.push(c);
                continue;
            }
            if !num.is_empty() {
                top = top.max(num.parse().unwrap_or(u64::MAX));
                num.clear();
            }
            prev_word = c.is_ascii_alphanumeric() || c == '_' || c == '$';
        }
    }
    top
}

/// The command files; `first_defs` come before the rules' definitions,
/// `more_core` after the rules' statements (part of the proof), `extras`
/// last (the papers' further statements, not part of it).
fn proof_files_with(
    s: &Subject,
    numeration: &Numeration,
    first_defs: &[(String, String)],
    more_core: &[Statement],
    extras: &[Statement],
) -> Result<ProofFiles, ProveError> {
    let cannot = |why: String| ProveError::CannotExpress {
        game: s.label.clone(),
        why,
    };
    let formula = rules_formula(&s.game, AUTOMATON).map_err(cannot)?;
    let ns = numeration.walnut_name();
    let custom = super::custom::custom_base(numeration).map_err(cannot)?;
    let mut cmd = comment(&format!(
        "{} ({}) - the automaton {AUTOMATON} (inputs x then y) is its set of P-positions",
        s.label,
        s.convention_text()
    ));
    cmd.push_str(&comment(
        "written by wythoff prove, run in Walnut with - load prove.txt, (each statement must print TRUE)",
    ));
    if let Some(def) = numeration.walnut_definition() {
        cmd.push_str(&comment(&format!(
            "the numeration {}",
            numeration.describe()
        )));
        cmd.push_str(&def);
        cmd.push('\n');
    }
    let mut core: Vec<Statement> = Vec::new();
    let eval = |cmd: &mut String, st: &Statement| {
        cmd.push_str(&comment(&format!("{} - {}", st.name, purpose(&st.name))));
        cmd.push_str(&format!("eval {} \"?{ns} A a,b {}\":\n", st.name, st.body));
    };
    if let Some(cb) = &custom {
        // a constructed adder, proved to be addition before anything uses it
        cmd.push_str(&comment(&format!(
            "{ns} is a custom base (Custom Bases/) - its adder ({} states, built from the recurrence) is proved to be addition first",
            cb.adder_states
        )));
        let (name, f) = super::custom::succ_definition();
        cmd.push_str(&format!("def {name} \"?{ns} {f}\";\n"));
        let top = largest_constant(
            first_defs
                .iter()
                .chain(&formula.defs)
                .map(|(_, f)| f.as_str())
                .chain(
                    formula
                        .statements
                        .iter()
                        .chain(more_core)
                        .chain(extras)
                        .map(|st| st.body.as_str()),
                ),
        );
        for st in super::custom::adder_statements(top) {
            eval(&mut cmd, &st);
            core.push(st);
        }
    }
    for (name, f) in first_defs.iter().chain(&formula.defs) {
        cmd.push_str(&format!("def {name} \"?{ns} {f}\":\n"));
    }
    let mut wit = comment("the positions (a, b) where each statement of prove.txt fails");
    for st in formula.statements.iter().chain(more_core).chain(extras) {
        eval(&mut cmd, st);
        wit.push_str(&format!("eval wit_{} \"?{ns} ~({})\";\n", st.name, st.body));
    }
    // the winning moves: moves into the proved set (without blocking, where a
    // move may be blocked, the option relation is `opt`)
    let winning = formula
        .defs
        .iter()
        .any(|(n, _)| n == "opt")
        .then(|| WINNING.to_string());
    if winning.is_some() {
        cmd.push_str(&comment(&format!(
            "{WINNING} (not part of the proof) - the moves into the set, compared by wythoff prove with the winning moves of outcome"
        )));
        cmd.push_str(&format!(
            "def {WINNING} \"?{ns} $opt(a,b,c,d) & ${AUTOMATON}(c,d)\";\n"
        ));
    }
    let mut files = vec![
        (format!("Command Files/{COMMAND_FILE}"), cmd),
        (format!("Command Files/{WITNESS_FILE}"), wit),
    ];
    if let Some(cb) = custom {
        files.extend(cb.files);
    }
    core.extend(formula.statements.iter().cloned());
    core.extend(more_core.iter().cloned());
    Ok(ProofFiles {
        statements: core.iter().chain(extras).map(|s| s.name.clone()).collect(),
        core: core.iter().map(|s| s.name.clone()).collect(),
        winning,
        files,
        formula,
        closed_form: None,
    })
}

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
            let moves = match crate::explain::winning_moves(s, &x, &y) {
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
    win: &super::automaton::WalnutAutomaton,
    num: &Numeration,
    positions: &[(Natural, Natural)],
) -> Result<Option<(Natural, Natural)>, SolveError> {
    for (x, y) in positions {
        let moves = match crate::explain::winning_moves(s, x, y) {
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

/// One `def` or `eval` command echoed in Walnut's output, and what followed.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct WalnutCommand {
    /// `true` for `eval`, `false` for `def`.
    pub eval: bool,
    pub name: String,
    /// An `eval`'s TRUE or FALSE; `None` when none was printed.
    pub result: Option<bool>,
    /// An error line printed instead.
    pub error: String,
    /// The largest intermediate automaton Walnut reported (`...:N states -`,
    /// printed for commands ended by `:`).
    pub largest: Option<usize>,
    /// Walnut printed its `Total computation time` (a `:` command) or its
    /// answer: the command finished.
    pub finished: bool,
}

/// Every `def` and `eval` of Walnut's output, in order.
pub fn parse_commands(stdout: &str) -> Vec<WalnutCommand> {
    let mut out: Vec<WalnutCommand> = Vec::new();
    for line in stdout.lines() {
        let t = line.trim().trim_start_matches("[Walnut]$").trim();
        let start = t
            .strip_prefix("eval ")
            .map(|r| (true, r))
            .or_else(|| t.strip_prefix("def ").map(|r| (false, r)));
        if let Some((eval, rest)) = start {
            out.push(WalnutCommand {
                eval,
                name: rest.split_whitespace().next().unwrap_or("").to_string(),
                result: None,
                error: String::new(),
                largest: None,
                finished: false,
            });
            continue;
        }
        let Some(c) = out.last_mut() else {
            continue;
        };
        if c.finished && !c.eval {
            continue;
        }
        if c.eval && c.result.is_none() && (t == "TRUE" || t == "FALSE") {
            c.result = Some(t == "TRUE");
            c.finished = true;
        } else if t.starts_with("Total computation time") {
            c.finished = !c.eval || c.result.is_some();
        } else if let Some(n) = t
            .rsplit_once(" states - ")
            .and_then(|(head, _)| head.rsplit(':').next())
            .and_then(|n| n.trim().parse::<usize>().ok())
        {
            c.largest = Some(c.largest.map_or(n, |m| m.max(n)));
        } else if c.error.is_empty()
            && (t.contains("Exception") || t.starts_with("Error") || t.contains("does not exist"))
        {
            c.error = t.to_string();
        }
    }
    out
}

/// The verdict of each `eval NAME` in Walnut's output: `Some(true)` for TRUE,
/// `Some(false)` for FALSE, `None` when Walnut printed an error instead.
pub fn parse_output(stdout: &str) -> Vec<(String, Option<bool>, String)> {
    parse_commands(stdout)
        .into_iter()
        .filter(|c| c.eval)
        .map(|c| (c.name, c.result, c.error))
        .collect()
}

/// The seconds of `Total computation time: N ms.` in a `Result/NAME_log.txt`.
pub fn parse_log_seconds(log: &str) -> Option<f64> {
    let i = log.find("Total computation time:")?;
    let rest = &log[i + "Total computation time:".len()..];
    let ms: String = rest
        .trim_start()
        .chars()
        .take_while(|c| c.is_ascii_digit())
        .collect();
    ms.parse::<u64>().ok().map(|m| m as f64 / 1000.0)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn graphs_only_where_the_pairs_are_the_whole_p_set() {
        // Even-Even (s,t)-Wythoff with s = 1, t = 3 (seed 003, Theorem 13):
        // its sequence lists A_n, B_n of the P-positions A_n (+1), B_n (+1), so
        // the pairs are not the P-set; a proof sweep once sent their graphs to
        // Walnut and printed "refuted" at (0, 1) for a game the paper solves
        let n = 64u64;
        let ee = Subject::parse("restricted:s=1,t=3,h=2:0,v=2:0,d1=2:0,d2=2:0", false).unwrap();
        let cells = outcome_table(&ee, n, &mut |_, _| {}).unwrap();
        let (a, b) = unzip_pairs(&normal_pairs(&ee, &cells, n).unwrap());
        assert!(!pairs_are_the_board(&a, &b, &cells, n as usize));
        assert!(search_pairs(&ee, n, None, 300).unwrap().0.is_none());
        // where they are (Wythoff, roob-blocking in both conventions) the check passes
        for (game, misere) in [
            ("wythoff", false),
            ("roob-blocking:m=2,p=3", false),
            ("roob-blocking:m=2,p=3", true),
        ] {
            let s = Subject::parse(game, misere).unwrap();
            let cells = outcome_table(&s, n, &mut |_, _| {}).unwrap();
            let flat = if misere {
                misere_pairs(&s, n).unwrap()
            } else {
                normal_pairs(&s, &cells, n).unwrap()
            };
            let (a, b) = unzip_pairs(&flat);
            assert!(
                pairs_are_the_board(&a, &b, &cells, n as usize),
                "{game} misère {misere}"
            );
        }
    }

    #[test]
    fn output_parsing() {
        let out = "[Walnut]$ eval stable \"?msd_fib A a,b x\";\ncomputed ~:1 states - 1ms\n____\nTRUE\neval absorbing \"...\";\n____\nFALSE\neval bad \"..\";\njava.lang.Exception: operator | cannot be applied\n";
        let p = parse_output(out);
        assert_eq!(p[0], ("stable".into(), Some(true), String::new()));
        assert_eq!(p[1].1, Some(false));
        assert_eq!(p[2].1, None);
        assert!(p[2].2.contains("Exception"));
        assert_eq!(
            parse_log_seconds("x\nTotal computation time: 1234ms.true"),
            Some(1.234)
        );
    }

    #[test]
    fn comments_and_constants() {
        // Walnut cuts a command at `;` or `:`, a macro's text at `"`
        assert_eq!(
            comment("st-wythoff:s=2,t=1; \"x\""),
            "macro comment \"st-wythoff s=2,t=1, 'x'\";\n"
        );
        assert_eq!(
            largest_constant(["k>=12 & $q2(a,b) & y1<y2 & a=3*b+7"].into_iter()),
            12
        );
        assert_eq!(largest_constant(["$pset(a,b)"].into_iter()), 0);
        for name in [
            "stable",
            "absorbing",
            "successor_of_zero",
            "graph_a_function",
        ] {
            assert!(!purpose(name).starts_with("the statement"), "{name}");
        }
    }

    #[test]
    fn the_papers_statements_of_mwn_p_only() {
        let s = Subject::parse("roob-blocking:m=2,p=3", false).unwrap();
        let st = pairs_paper_statements(&s);
        let names: Vec<&str> = st.iter().map(|s| s.name.as_str()).collect();
        assert_eq!(names, ["b_minus_a", "a_b_complementary"]);
        assert!(st[0].body.contains("d=c+2*a"), "{}", st[0].body);
        // exactly p = 3 (at least 3, not 4) where no b_n takes the value, else 2
        let c = &st[1].body;
        assert!(c.contains("n1<n2 & n2<n3 & n3<n4"), "{c}");
        assert!(!c.contains("n5"), "{c}");
        assert!(c.contains("(E n n>=1 & $pb(n,a))"), "{c}");
        assert_eq!(sequences_complementary(1).body.matches("(0=0)").count(), 1);
        // not the paper's game: misère play, the modulo rook, another blocked class
        for (game, misere) in [
            ("roob-blocking:m=2,p=3", true),
            ("modulo-rook:m=2,l=1,p=3", false),
            ("roob-blocking:m=2,p=3,l=1", false),
        ] {
            if let Ok(s) = Subject::parse(game, misere) {
                assert!(pairs_paper_statements(&s).is_empty(), "{game}");
            }
        }
    }

    #[test]
    fn pairs_of_games_read_off_a_board_and_of_misere_play() {
        // no published solution: fewer pairs than 2^18, read off a board
        let s = Subject::parse("modulo-rook:m=2,l=0,p=2", false).unwrap();
        let board = |s: &Subject| outcome_table(s, 256, &mut |_, _| {}).unwrap();
        let flat = normal_pairs(&s, &board(&s), 256).unwrap();
        assert_eq!(flat.len() as u64, 2 * (1 << 13));
        // a P-set of rays (seed 003's restricted frame, K = 5): not pairs on the
        // board of 256 already, so no board of 32768 is solved (minutes) to say so
        let rays = Subject::parse("restricted:s=1,t=3,h=5:1,v=5:4,d1=5:1,d2=5:4", false).unwrap();
        let e = normal_pairs(&rays, &board(&rays), 256)
            .unwrap_err()
            .to_string();
        assert!(e.contains("board of 256") && e.contains("not pairs"), "{e}");
        let e = search_pairs(&rays, 256, None, 300).unwrap_err().to_string();
        assert!(e.contains("board of 256"), "{e}");
        // roob-blocking's misère pairs share no tail with normal play's (b_n - a_n
        // = 2 n + 1): read off a board, and guessed in normal play's numeration
        // Ostrowski [0; (2, 1, 1)], which the misère board does not suggest
        let s = Subject::parse("roob-blocking:m=2,p=3", true).unwrap();
        let flat = misere_pairs(&s, 1024).unwrap();
        assert!(flat.len() > 2 * 4096, "{}", flat.len());
        assert_eq!(&flat[..8], [0, 1, 0, 3, 0, 5, 1, 8]);
        let (model, _) = search_pairs(&s, 1024, None, 300).unwrap();
        let m = model.expect("graphs of the misère pairs");
        assert_eq!(m.a.numeration.walnut_name(), "msd_op211");
    }

    #[test]
    fn wythoff_search_and_files() {
        let s = Subject::parse("wythoff", false).unwrap();
        let r = search(&s, 256, None, 100, &mut |_, _| {}).unwrap();
        let a = r.automaton.unwrap();
        assert_eq!(a.numeration, Numeration::zeckendorf());
        let f = proof_files(&s, &a, &[]).unwrap();
        assert_eq!(f.statements, ["stable", "absorbing"]);
        assert!(f.files[1].1.contains("ost fib [0] [1];"));
        let blocked = Subject::parse("imitation", false);
        if let Ok(b) = blocked {
            assert!(search(&b, 64, None, 10, &mut |_, _| {}).is_err());
        }
    }
}
