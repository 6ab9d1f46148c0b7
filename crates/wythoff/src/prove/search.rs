//! The search for the P-set's automaton: solve the board (through
//! [`crate::board`]), choose the numerations to try ([`candidates`]), and guess
//! an automaton in each until one agrees with every cell (`search`).

use super::automaton::{guess, Automaton, Guess};
use super::formula::refusal;
use super::numeration::{beatty_numerations, continued_fraction, Numeration};
use crate::board::outcome_table;
use crate::error::SolveError;
use crate::patterns::pairs::Difference;
use crate::patterns::{board::Board, find_in_board, Pattern};
use crate::subject::Subject;

/// The largest board `prove` solves (the guesser keeps a few words per cell:
/// [`GUESS_CELL_BYTES`]). Measured (issue 51, blocking-wythoff k = 5, one
/// derived Ostrowski numeration, load about 4): 8192 in 30 s and 378 MiB,
/// 16384 in 170 to 235 s and 1.7 to 2.6 GiB, the board's solve included.
pub const MAX_PROVE_BOARD: u64 = 16384;
/// Bytes a cell that the board and the guesser's classes may take at the
/// peak (16384: 10.1 measured), checked against the memory budget before
/// the board is solved.
pub const GUESS_CELL_BYTES: u64 = 11;
/// The default board.
pub const DEFAULT_BOARD: u64 = 1024;
/// The default bound on the automaton's states.
pub const DEFAULT_MAX_STATES: usize = 300;

/// The board of side `max` one game's P-set is read off, solved once when
/// first asked ([`Boards::own`]), and in misère play normal play's
/// ([`Boards::normal`]): the automaton search, the pairs and the misère
/// pairs read both off these, never solving them again.
pub(crate) struct Boards {
    subject: Subject,
    max: u64,
    own: std::cell::OnceCell<Vec<bool>>,
    normal: std::cell::OnceCell<Vec<bool>>,
}

impl Boards {
    /// Nothing solved yet.
    pub(crate) fn new(s: &Subject, max: u64) -> Boards {
        Boards {
            subject: s.clone(),
            max,
            own: std::cell::OnceCell::new(),
            normal: std::cell::OnceCell::new(),
        }
    }
    pub(crate) fn subject(&self) -> &Subject {
        &self.subject
    }
    /// The board side.
    pub(crate) fn max(&self) -> u64 {
        self.max
    }
    /// The game's board (row-major, `true` = P), solved on the first call
    /// (`progress` follows that solve).
    pub(crate) fn own(&self, progress: &mut dyn FnMut(u64, u64)) -> Result<&[bool], SolveError> {
        if self.own.get().is_none() {
            let cells = outcome_table(&self.subject, self.max, progress)?;
            let _ = self.own.set(cells);
        }
        Ok(self.own.get().expect("set above"))
    }
    /// The game in normal play.
    pub(crate) fn normal_subject(&self) -> Subject {
        Subject {
            game: self
                .subject
                .game
                .with_convention(crate::rules::Convention::Normal),
            ..self.subject.clone()
        }
    }
    /// The board of the game in normal play, solved on the first call.
    pub(crate) fn normal(&self) -> Result<&[bool], SolveError> {
        if self.normal.get().is_none() {
            let cells = outcome_table(&self.normal_subject(), self.max, &mut |_, _| {})?;
            let _ = self.normal.set(cells);
        }
        Ok(self.normal.get().expect("set above"))
    }
}

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
    /// Where the numeration came from when not one of the defaults: the ray
    /// slope `patterns` derives from the board's covers.
    pub origin: Option<String>,
}

impl Attempt {
    pub fn describe(&self) -> String {
        let origin = self
            .origin
            .as_ref()
            .map(|o| format!(" [{o}]"))
            .unwrap_or_default();
        let text = match self.states {
            Some(s) => format!("{}: {s} states", self.numeration.describe()),
            None => format!(
                "{}: none with at most {} states ({} classes seen, {} digits of data)",
                self.numeration.describe(),
                self.max_states,
                self.largest,
                self.digits
            ),
        };
        format!("{text}{origin}")
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

/// The numerations the board's rays suggest, tried after the defaults: for
/// every line whose slope `alpha` `patterns` derives from its covers as a
/// quadratic irrational `(a + b sqrt d) / c` ([`crate::patterns::rays`]), the
/// Ostrowski numerations of `frac(alpha)` and of `1 / alpha`
/// ([`Numeration::of_quadratic`]: eventually periodic continued fractions,
/// quotients up to [`super::numeration::MAX_QUOTIENT`]), each with the slope it
/// came from. Rational slopes suggest none. Read on the whole board.
pub fn derived_numerations(board: &Board) -> Vec<(Numeration, String)> {
    let mut out: Vec<(Numeration, String)> = Vec::new();
    let Some(rays) = crate::patterns::rays::find(board) else {
        return out;
    };
    for line in &rays.lines {
        let Some(f) = &line.closed_form else {
            continue;
        };
        if f.b == 0 {
            continue;
        }
        // (a + b sqrt d) / c = (a + sqrt(b^2 d)) / c, b > 0
        let Some(d) = f.b.checked_mul(f.b).and_then(|b2| b2.checked_mul(f.d)) else {
            continue;
        };
        let Ok(d) = u64::try_from(d) else { continue };
        for n in Numeration::of_quadratic(f.a, d, f.c).unwrap_or_default() {
            if !out.iter().any(|(m, _)| *m == n) {
                out.push((n, format!("slope {} derived from covers", f.text)));
            }
        }
    }
    out
}

/// The numeration the rules themselves suggest, tried last (the board's
/// suggestions keep their order): Fraenkel's for the (s,t) cone of
/// (s,t)-Wythoff with `s >= 2` (its misère board shows no Beatty pairs to
/// suggest it).
pub(super) fn with_rules(s: &Subject, mut list: Vec<Numeration>) -> Vec<Numeration> {
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
pub(crate) fn find_automaton(
    boards: &Boards,
    only: Option<&Numeration>,
    max_states: usize,
    progress: &mut dyn FnMut(u64, u64),
) -> Result<Search, SolveError> {
    let (s, max) = (boards.subject(), boards.max());
    if let Some(why) = refusal(&s.game) {
        return Err(SolveError::Unsupported(format!("{}: {why}", s.label)));
    }
    crate::limits::check_table_memory(
        "prove's board and its guess (11 bytes a cell)",
        max,
        GUESS_CELL_BYTES,
    )?;
    let cells = boards.own(progress)?;
    let n = max as usize;
    let member = |x: u32, y: u32| cells[x as usize * n + y as usize];
    let list = match only {
        Some(num) => vec![num.clone()],
        None => with_rules(s, candidates(&board_of(cells, n))),
    };
    let mut attempts = Vec::new();
    let found = try_numerations(
        list.into_iter().map(|n| (n, None)),
        max,
        &member,
        max_states,
        &mut attempts,
    );
    let found = match (found, only) {
        (Some(a), _) => Some(a),
        // the defaults found nothing: the numerations of the rays' slopes
        (None, None) => {
            let tried: Vec<Numeration> = attempts.iter().map(|a| a.numeration.clone()).collect();
            let derived = derived_numerations(&board_of(cells, n))
                .into_iter()
                .filter(|(num, _)| !tried.contains(num))
                .map(|(num, o)| (num, Some(o)));
            try_numerations(derived, max, &member, max_states, &mut attempts)
        }
        (None, Some(_)) => None,
    };
    Ok(Search {
        automaton: found,
        attempts,
        board: max,
        row_count: row_count(cells, n),
    })
}

/// Guess in each numeration in turn, recording the attempts, until one gives
/// an automaton agreeing with every cell.
fn try_numerations(
    list: impl Iterator<Item = (Numeration, Option<String>)>,
    max: u64,
    member: &dyn Fn(u32, u32) -> bool,
    max_states: usize,
    attempts: &mut Vec<Attempt>,
) -> Option<Automaton> {
    for (num, origin) in list {
        match guess(&num, max as u32, member, max_states) {
            Guess::Found { automaton, .. } => {
                attempts.push(Attempt {
                    numeration: num,
                    states: Some(automaton.states()),
                    largest: automaton.states(),
                    digits: 0,
                    max_states,
                    origin,
                });
                return Some(automaton);
            }
            Guess::NotFound { largest, digits } => attempts.push(Attempt {
                numeration: num,
                states: None,
                largest,
                digits,
                max_states,
                origin,
            }),
        }
    }
    None
}

/// The `n x n` board `cells` (row-major, `true` = P) as a [`Board`].
pub(super) fn board_of(cells: &[bool], n: usize) -> Board {
    Board::from_fn(n, |x, y| cells[x * n + y])
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::prove::files::proof_files;

    #[test]
    fn wythoff_search_and_files() {
        let s = Subject::parse("wythoff", false).unwrap();
        let r = find_automaton(&Boards::new(&s, 256), None, 100, &mut |_, _| {}).unwrap();
        let a = r.automaton.unwrap();
        assert_eq!(a.numeration, Numeration::zeckendorf());
        let f = proof_files(&s, &a, &[]).unwrap();
        assert_eq!(f.statements, ["stable", "absorbing"]);
        assert!(f.files[1].1.contains("ost fib [0] [1];"));
        let blocked = Subject::parse("imitation", false);
        if let Ok(b) = blocked {
            assert!(find_automaton(&Boards::new(&b, 64), None, 10, &mut |_, _| {}).is_err());
        }
    }
}
