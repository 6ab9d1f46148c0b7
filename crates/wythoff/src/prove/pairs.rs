//! The P-set through the pairs that define it: the first pairs `(a_n, b_n)`
//! of normal or misère play, and the automata of the graphs `n -> a_n`,
//! `n -> b_n` guessed from them (`search_pairs`), for P-sets with no small
//! automaton of their own.

use super::automaton::{guess_graph, Automaton, Guess};
use super::numeration::Numeration;
use super::search::{board_of, candidates, with_rules, Attempt, Boards};
use crate::error::SolveError;
use crate::subject::Subject;

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
/// candidates of the `max` board of `boards` (checked by [`prepare`]), or
/// `only`. The boards are those the automaton search read (solved once).
pub(crate) fn search_pairs(
    boards: &Boards,
    only: Option<&Numeration>,
    max_states: usize,
) -> Result<(Option<PairsModel>, Vec<Attempt>), SolveError> {
    let (s, max) = (boards.subject(), boards.max());
    let n = max as usize;
    let cells = boards.own(&mut |_, _| {})?;
    let list = match only {
        Some(num) => vec![num.clone()],
        None => {
            let mut list = with_rules(s, candidates(&board_of(cells, n)));
            if s.convention() == crate::rules::Convention::Misere {
                // a misère set whose laws the board does not show (roob-blocking):
                // the numerations normal play's board suggests, too
                let normal = boards.normal_subject();
                let more = candidates(&board_of(boards.normal()?, n));
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
            if !pairs_are_the_board(&a, &b, cells, n) {
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
                            origin: None,
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
    let (model, more) = search_whole(boards, list, max_states)?;
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
/// numerations `list`, checked against the `max` board of `boards`.
fn search_whole(
    boards: &Boards,
    list: Vec<Numeration>,
    max_states: usize,
) -> Result<(Option<PairsModel>, Vec<Attempt>), SolveError> {
    let (s, max) = (boards.subject(), boards.max());
    let n = max as usize;
    let cells = boards.own(&mut |_, _| {})?;
    let flat = if s.convention() == crate::rules::Convention::Misere {
        misere_pairs(boards)?
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
                    origin: None,
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
                origin: None,
            }),
            _ => {}
        }
    }
    Ok((None, attempts))
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
/// `x <= y`, of the `max` board (of `boards`, both conventions) in the order of the normal pairs (by `a`, then
/// `b`), followed by the normal pairs from the point where both lists agree
/// to the board's edge (the misère set differs near the origin only); where
/// they share no tail (a shifted set), the misère pairs read off the largest
/// board the pairs' reader takes (`board_pairs::read`), else the board's pairs
/// alone. A guess, like the graphs: Walnut decides it.
fn misere_pairs(boards: &Boards) -> Result<Vec<u64>, SolveError> {
    let (s, max) = (boards.subject(), boards.max());
    let normal = boards.normal_subject();
    let flat = normal_pairs(&normal, boards.normal()?, max)?;
    let pairs: Vec<(u64, u64)> = flat.chunks(2).map(|c| (c[0], c[1])).collect();
    // the misère board's P-positions x <= y, in order (x, then y)
    let own = boards.own(&mut |_, _| {})?;
    let n = max as usize;
    let board: Vec<(u64, u64)> = (0..n)
        .flat_map(|x| (x..n).map(move |y| (x, y)))
        .filter(|&(x, y)| own[x * n + y])
        .map(|(x, y)| (x as u64, y as u64))
        .collect();
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::outcome_table;

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
        assert!(search_pairs(&Boards::new(&ee, n), None, 300)
            .unwrap()
            .0
            .is_none());
        // where they are (Wythoff, roob-blocking in both conventions) the check passes
        for (game, misere) in [
            ("wythoff", false),
            ("roob-blocking:m=2,p=3", false),
            ("roob-blocking:m=2,p=3", true),
        ] {
            let s = Subject::parse(game, misere).unwrap();
            let cells = outcome_table(&s, n, &mut |_, _| {}).unwrap();
            let flat = if misere {
                misere_pairs(&Boards::new(&s, n)).unwrap()
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
        let e = search_pairs(&Boards::new(&rays, 256), None, 300)
            .unwrap_err()
            .to_string();
        assert!(e.contains("board of 256"), "{e}");
        // roob-blocking's misère pairs share no tail with normal play's (b_n - a_n
        // = 2 n + 1): read off a board, and guessed in normal play's numeration
        // Ostrowski [0; (2, 1, 1)], which the misère board does not suggest
        let s = Subject::parse("roob-blocking:m=2,p=3", true).unwrap();
        let flat = misere_pairs(&Boards::new(&s, 1024)).unwrap();
        assert!(flat.len() > 2 * 4096, "{}", flat.len());
        assert_eq!(&flat[..8], [0, 1, 0, 3, 0, 5, 1, 8]);
        let (model, _) = search_pairs(&Boards::new(&s, 1024), None, 300).unwrap();
        let m = model.expect("graphs of the misère pairs");
        assert_eq!(m.a.numeration.walnut_name(), "msd_op211");
    }
}
