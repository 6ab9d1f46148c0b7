//! Library errors. Each message is one line saying what is wrong and what is allowed.

use thiserror::Error;

#[derive(Debug, Error, Clone, PartialEq, Eq)]
pub enum RuleError {
    /// A game name that the catalogue does not know.
    #[error("unknown game `{name}`; known games: {known}")]
    UnknownGame { name: String, known: String },
    /// A bad, missing, zero or out-of-range parameter.
    #[error("{0}")]
    Param(String),
    /// A malformed length set.
    #[error("{0}")]
    Set(String),
}

/// An argument of a request that a library error names, as data: each front
/// end words it, the CLI by its flag ([`Arg::flag`]), Python by its parameter.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Arg {
    /// The board side (`--max N`; Python's `n`).
    Max,
    /// The larger board of `patterns --check M`.
    Check,
    /// The number of sequence terms (`--terms N`; Python's `terms`).
    Terms,
    /// The positions before the one asked about (`--history`; Python's `history`).
    History,
    /// Answer from the board's conjectured structure (`--conjecture`).
    Conjecture,
    /// The board side of every game of a sweep (`sweep --max N`; Python's
    /// `max` of `wythoff.sweep`).
    SweepMax,
    /// The worker threads (`--threads`; Python's `threads`).
    Threads,
    /// The Grundy values listed (`grundy --values A..G`; Python's `values`).
    Values,
    /// The one Grundy value whose pairs are listed (`sequence --value g`;
    /// Python's `value`).
    Value,
    /// The first index of the pairs listed (`sequence --value g --from N`;
    /// Python's `n` of `Game.value_position`).
    From,
    /// The Grundy rows asked (`rows --rows A..B`; Python's `rows`).
    Rows,
    /// The columns each Grundy row is computed over (`rows --columns Y`;
    /// Python's `columns`).
    Columns,
}

/// The board argument of the board errors ([`SolveError::BoardOutOfRange`], ...).
pub type BoardArg = Arg;

impl Arg {
    /// The command-line flag: `--max`, `--check`, `--terms`, ...
    pub fn flag(self) -> &'static str {
        match self {
            Arg::Max => "--max",
            Arg::Check => "--check",
            Arg::Terms => "--terms",
            Arg::History => "--history",
            Arg::Conjecture => "--conjecture",
            Arg::SweepMax => "--max",
            Arg::Threads => "--threads",
            Arg::Values => "--values",
            Arg::Value => "--value",
            Arg::From => "--from",
            Arg::Rows => "--rows",
            Arg::Columns => "--columns",
        }
    }
}

/// One piece of a [`Message`].
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Part {
    /// Words that every front end shows as they are.
    Text(String),
    /// An argument named alone (the CLI: `--terms`).
    Name(Arg),
    /// An argument with the value given (the CLI: `--terms 5`).
    NameValue(Arg, String),
    /// The command and flag that answer a misère question instead (the CLI:
    /// `` `p-positions --misere` ``).
    MisereBoard,
}

/// An error message that names the request's arguments as data: each front end
/// words it ([`Message::words`]); its `Display` is the CLI's wording.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct Message(pub Vec<Part>);

impl Message {
    /// An empty message, built with [`Message::text`], [`Message::name`],
    /// [`Message::value`].
    pub fn new() -> Self {
        Message(Vec::new())
    }
    pub fn text(mut self, s: impl Into<String>) -> Self {
        self.0.push(Part::Text(s.into()));
        self
    }
    pub fn name(mut self, a: Arg) -> Self {
        self.0.push(Part::Name(a));
        self
    }
    pub fn value(mut self, a: Arg, v: impl std::fmt::Display) -> Self {
        self.0.push(Part::NameValue(a, v.to_string()));
        self
    }
    pub fn misere_board(mut self) -> Self {
        self.0.push(Part::MisereBoard);
        self
    }
    /// The message after `text`.
    pub fn after(self, text: impl Into<String>) -> Self {
        let mut parts = vec![Part::Text(text.into())];
        parts.extend(self.0);
        Message(parts)
    }
    /// The message in a front end's words: `name(a)` for an argument alone,
    /// `name_value(a, v)` for one with its value, `misere_board` for the way to
    /// misère outcomes.
    pub fn words(
        &self,
        name: &dyn Fn(Arg) -> String,
        name_value: &dyn Fn(Arg, &str) -> String,
        misere_board: &str,
    ) -> String {
        let mut s = String::new();
        for p in &self.0 {
            match p {
                Part::Text(t) => s.push_str(t),
                Part::Name(a) => s.push_str(&name(*a)),
                Part::NameValue(a, v) => s.push_str(&name_value(*a, v)),
                Part::MisereBoard => s.push_str(misere_board),
            }
        }
        s
    }
    /// The command line's wording (flags).
    pub fn cli(&self) -> String {
        self.words(
            &|a| a.flag().to_string(),
            &|a, v| format!("{} {v}", a.flag()),
            "`p-positions --misere`",
        )
    }
}

impl std::fmt::Display for Message {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.cli())
    }
}

/// Why a game has no Sprague-Grundy values.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum NoGrundy {
    /// A choice among variants made before play.
    Choice,
    /// Blocking (Muller twist).
    Blocking,
    /// Misère play.
    Misere,
    /// A memory rule.
    Memory,
    /// A pass (its state is the position and whether the pass is still there).
    Pass,
}

impl NoGrundy {
    /// The reason as a message (misère play points to the misère board).
    pub fn message(self) -> Message {
        match self {
            NoGrundy::Choice => Message::new().text("this game is a choice among variants made before play; Grundy values are defined per variant (use `shifted`)"),
            NoGrundy::Blocking => Message::new().text("blocking games (Muller twist) have no Sprague-Grundy values: the blocker's choice is not a move of a sum"),
            NoGrundy::Misere => Message::new()
                .text("Sprague-Grundy values are defined for normal play; misère outcomes are available with ")
                .misere_board(),
            NoGrundy::Memory => Message::new().text("games with memory have no Sprague-Grundy values on positions alone"),
            NoGrundy::Pass => Message::new().text("a game with a pass has no Sprague-Grundy values on positions alone: in a sum the one pass would be shared by the components, so a component's value is not a function of its position (its outcomes, P-positions and remoteness are available)"),
        }
    }
}

impl std::fmt::Display for NoGrundy {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.message().cli())
    }
}

fn over_memory(arg: &BoardArg, n: &u64, what: &Option<String>, need: &u64, budget: &u64) -> String {
    let flag = arg.flag();
    over_memory_worded(flag, &format!("{flag} {n}"), what, *need, *budget)
}

/// [`SolveError::OverMemory`] with the board argument named `name` (alone) and
/// `name_value` (with its value).
fn over_memory_worded(
    name: &str,
    name_value: &str,
    what: &Option<String>,
    need: u64,
    budget: u64,
) -> String {
    let (need, budget) = (
        crate::units::human_bytes(need),
        crate::units::human_bytes(budget),
    );
    match what {
        None => format!(
            "{name_value} needs about {need} of memory, over the budget of {budget}: use a smaller {name}"
        ),
        Some(w) => format!(
            "{name_value}: {w} needs about {need} of memory, over the budget of {budget}: use a smaller {name}"
        ),
    }
}

fn over_time(arg: &Option<BoardArg>, n: &u64, what: &str, seconds: &u64, bound: &u64) -> String {
    let named = arg.map(|a| format!("{} {n}: ", a.flag()));
    over_time_worded(
        &named.unwrap_or_default(),
        what,
        *seconds,
        &cli_bound(*bound),
    )
}

/// The CLI's words for a time bound: `over the bound of 10 min: use --force ...`.
fn cli_bound(bound: u64) -> String {
    format!(
        "over the bound of {} min: use --force to run it anyway",
        bound / 60
    )
}

/// `named`: the board argument and its value with `: `, or nothing.
fn over_time_worded(named: &str, what: &str, seconds: u64, bound: &str) -> String {
    format!(
        "{named}{what} would take {} of computation, {bound}",
        crate::units::human_seconds(seconds)
    )
}

/// How a front end names a request's arguments: `name(a)` alone,
/// `name_value(a, v)` with the value given, and the way to misère outcomes.
/// The CLI's is [`Wording::cli`] (its flags); the server and Python have their
/// own parameter names.
pub struct Wording<'a> {
    pub name: &'a dyn Fn(Arg) -> String,
    pub name_value: &'a dyn Fn(Arg, &str) -> String,
    pub misere_board: &'a str,
    /// A time bound of so many seconds and what to do (`over the bound of 10
    /// min: use --force to run it anyway`).
    pub bound: &'a dyn Fn(u64) -> String,
}

impl Message {
    /// The message in `w`'s words.
    pub fn worded(&self, w: &Wording) -> String {
        self.words(w.name, w.name_value, w.misere_board)
    }
}

impl SolveError {
    /// The error in a front end's words: every argument it names as data is
    /// worded by `w` (with the CLI's [`Wording`] this is its `Display`).
    pub fn worded(&self, w: &Wording) -> String {
        match self {
            SolveError::BadArg(m) | SolveError::ArgTooLarge(m) => m.worded(w),
            SolveError::NoGrundy { label, why } => format!(
                "{}{}",
                label
                    .as_ref()
                    .map(|l| format!("{l} has no Grundy values: "))
                    .unwrap_or_default(),
                why.message().worded(w)
            ),
            SolveError::BoardOutOfRange { arg, n, max } => format!(
                "{} is out of range: allowed 1..={max}",
                (w.name_value)(*arg, &n.to_string())
            ),
            SolveError::BoardNotWhole { arg, text, max } => format!(
                "`{text}` is not a whole number: {} takes 1..={max}",
                (w.name)(*arg)
            ),
            SolveError::OverMemory {
                arg,
                n,
                what,
                need,
                budget,
            } => over_memory_worded(
                &(w.name)(*arg),
                &(w.name_value)(*arg, &n.to_string()),
                what,
                *need,
                *budget,
            ),
            SolveError::OverTime {
                arg,
                n,
                what,
                seconds,
                bound,
            } => over_time_worded(
                &arg.map(|a| format!("{}: ", (w.name_value)(a, &n.to_string())))
                    .unwrap_or_default(),
                what,
                *seconds,
                &(w.bound)(*bound),
            ),
            other => other.to_string(),
        }
    }
}

#[derive(Debug, Error, Clone, PartialEq, Eq)]
pub enum SolveError {
    #[error(transparent)]
    Rule(#[from] RuleError),
    /// The request is not defined for this game (e.g. Grundy values with blocking).
    #[error("{0}")]
    Unsupported(String),
    /// The request would need more memory or time than allowed.
    #[error("{0}")]
    TooLarge(String),
    /// A position or argument outside what the game allows.
    #[error("{0}")]
    BadInput(String),
    /// This machine's files failed (a full disk, a folder without write
    /// permission): the run's failure, never an answer or a record.
    #[error("{0}")]
    Io(String),
    /// A bad argument, named as data: the CLI's wording is its `Display`,
    /// Python words it with its parameters (`ValueError`).
    #[error("{0}")]
    BadArg(Message),
    /// Work over a memory or size limit set by an argument, named as data
    /// (Python: `MemoryError`).
    #[error("{0}")]
    ArgTooLarge(Message),
    /// A game without Grundy values; `label` names it when known.
    #[error("{}{why}", .label.as_ref().map(|l| format!("{l} has no Grundy values: ")).unwrap_or_default())]
    NoGrundy {
        label: Option<String>,
        why: NoGrundy,
    },
    /// A board side outside `1..=max`.
    #[error("{} {n} is out of range: allowed 1..={max}", .arg.flag())]
    BoardOutOfRange { arg: BoardArg, n: u64, max: u64 },
    /// A board side given as text that is not a whole number.
    #[error("`{text}` is not a whole number: {} takes 1..={max}", .arg.flag())]
    BoardNotWhole {
        arg: BoardArg,
        text: String,
        max: u64,
    },
    /// The board needs more memory than the budget: `need` bytes (for `what`,
    /// when named) against `budget`.
    #[error("{}", over_memory(.arg, .n, .what, .need, .budget))]
    OverMemory {
        arg: BoardArg,
        n: u64,
        what: Option<String>,
        need: u64,
        budget: u64,
    },
    /// The work on the board of side `n` named by `arg` (`what`: `the outcome
    /// solver`; no argument: a position's board, named by `what`) is estimated
    /// at `seconds`, over a front end's bound of `bound` seconds
    /// (`solve::cost::Cost::admit`).
    #[error("{}", over_time(.arg, .n, .what, .seconds, .bound))]
    OverTime {
        arg: Option<BoardArg>,
        n: u64,
        what: String,
        seconds: u64,
        bound: u64,
    },
}

impl SolveError {
    /// The same error about the board named by `arg` (`patterns --check`
    /// solves the board of `--check`).
    pub fn for_board_arg(self, arg: BoardArg) -> SolveError {
        match self {
            SolveError::BoardOutOfRange { n, max, .. } => {
                SolveError::BoardOutOfRange { arg, n, max }
            }
            SolveError::BoardNotWhole { text, max, .. } => {
                SolveError::BoardNotWhole { arg, text, max }
            }
            SolveError::OverMemory {
                n,
                what,
                need,
                budget,
                ..
            } => SolveError::OverMemory {
                arg,
                n,
                what,
                need,
                budget,
            },
            other => other,
        }
    }
}

#[cfg(test)]
mod message_tests {
    use super::*;

    /// The CLI's wording is the flags' text; another front end's wording names
    /// no flag.
    #[test]
    fn messages_are_worded_by_each_front_end() {
        let m = Message::new()
            .value(Arg::Terms, 7)
            .text(": over ")
            .name(Arg::Max)
            .text("; try ")
            .misere_board();
        assert_eq!(
            m.to_string(),
            "--terms 7: over --max; try `p-positions --misere`"
        );
        let py = m.words(
            &|a| format!("{a:?}").to_lowercase(),
            &|a, v| format!("{a:?} = {v}").to_lowercase(),
            "p_positions",
        );
        assert_eq!(py, "terms = 7: over max; try p_positions");
        let e = SolveError::NoGrundy {
            label: Some("wythoff".into()),
            why: NoGrundy::Misere,
        };
        assert_eq!(
            e.to_string(),
            "wythoff has no Grundy values: Sprague-Grundy values are defined for normal play; misère outcomes are available with `p-positions --misere`"
        );
        assert_eq!(Message::new().text("x").after("a: ").to_string(), "a: x");
    }
}
