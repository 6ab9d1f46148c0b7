//! The JSON API's requests: each parameter checked like the CLI argument it
//! stands for (the same parsers, caps, memory budget and time estimates), then
//! one call of `wythoff::answer` (or the library entry the matching command
//! calls) and one render call. The checks run before the cache is asked, so
//! a refused request costs nothing; the work runs on the blocking pool.

use super::cache::Stop;
use crate::game_arg::GameArg;
use std::collections::BTreeMap;
use wythoff::answer;
use wythoff::play::Action;
use wythoff::solve;
use wythoff::Admit;

/// Largest board side of the tables the page draws (`/api/grundy`,
/// `/api/remoteness`, `/api/patterns`, `/api/compare`): a million cells.
pub const TABLE_MAX: u64 = 1024;
/// Largest board side of `/api/p-positions`.
pub const LIST_MAX: u64 = 4096;
/// Most P-positions `/api/p-positions` sends (about 12 MB of JSON).
pub const LIST_POSITIONS: usize = 1 << 20;
/// Work estimated beyond this many seconds is refused with its estimate.
pub const TIME_BOUND: u64 = 10;
/// The longest parameters of a request, the query of a GET or the body of a
/// POST (a 1 MiB `rules=` text percent-encoded is at most 3 MiB); the query
/// of a GET is shorter still: its request line is at most 65534 bytes
/// (`super::conn::URI_MAX`).
pub const PARAMS_MAX: usize = 4 << 20;
/// Largest `seed` of `/api/play` and the longest move list it replays.
pub const PLAY_MOVES_MAX: usize = 4096;

/// The query of one request: every name at most once, and only the names the
/// route knows.
pub struct Query {
    values: BTreeMap<String, String>,
}

impl Query {
    /// Parse `raw` (the URL's query, percent-decoded here) for a route that
    /// takes `allowed`.
    pub fn parse(raw: Option<&str>, allowed: &[&str]) -> Result<Query, String> {
        let raw = raw.unwrap_or("");
        if raw.len() > PARAMS_MAX {
            return Err(format!(
                "the parameters are {} bytes long: at most {PARAMS_MAX}",
                raw.len()
            ));
        }
        let mut values = BTreeMap::new();
        for (k, v) in form_urlencoded::parse(raw.as_bytes()) {
            if !allowed.contains(&k.as_ref()) {
                return Err(format!(
                    "unknown parameter `{k}`: this route takes {}",
                    allowed.join(", ")
                ));
            }
            if values.insert(k.to_string(), v.to_string()).is_some() {
                return Err(format!("parameter `{k}` is given twice"));
            }
        }
        Ok(Query { values })
    }

    pub fn get(&self, name: &str) -> Option<&str> {
        self.values.get(name).map(String::as_str)
    }

    pub fn required(&self, name: &str) -> Result<&str, String> {
        self.get(name)
            .ok_or_else(|| format!("parameter `{name}` is missing"))
    }

    /// A flag: absent, `0`/`false` or `1`/`true`.
    pub fn flag(&self, name: &str) -> Result<bool, String> {
        match self.get(name) {
            None | Some("0") | Some("false") => Ok(false),
            Some("1") | Some("true") | Some("") => Ok(true),
            Some(v) => Err(format!(
                "{name}=`{v}` is not a flag: write {name}=1 or {name}=0"
            )),
        }
    }

    /// A board side: the CLI's `--max` (1..=`MAX_BOARD`), then the server's
    /// own bound `cap`.
    pub fn max(&self, cap: u64) -> Result<u64, String> {
        let text = self.required("max")?;
        let n = answer::parse_max(text).map_err(err)?;
        if n > cap {
            return Err(format!(
                "max={n} is over what the server draws on this route: allowed 1..={cap} (use the command line for larger boards)"
            ));
        }
        Ok(n)
    }

    /// The game, as the CLI resolves GAME, except rules files: the server
    /// reads no file a request names; the text of a rules file may be sent
    /// instead as `rules=` (in place of `game=`).
    pub fn game(&self, name: &str, misere: bool) -> Result<GameArg, String> {
        if name == "game" {
            if let Some(body) = self.get("rules") {
                if self.get("game").is_some() {
                    return Err("give game= or rules=, not both".into());
                }
                if body.len() as u64 > answer::MAX_RULES_FILE {
                    return Err(format!(
                        "rules: {} bytes, over the cap of {} (a rules file is at most 1 MiB)",
                        body.len(),
                        answer::MAX_RULES_FILE
                    ));
                }
                let mut s = GameArg::from_rules(body, misere)
                    .map_err(|e| message(&format!("rules: {e}")))?;
                s.label = crate::game_arg::escape_unsafe(&s.label);
                return Ok(s);
            }
        }
        let text = self.required(name)?;
        if answer::rules_file_path(text).is_some() {
            return Err(format!(
                "{name}=`{}`: the server reads no rules file; name a catalogue game (`wythoff games`)",
                crate::game_arg::shorten(text).trim_matches('`')
            ));
        }
        crate::game_arg::resolve(text, misere).map_err(|e| message(&format!("{e:#}")))
    }
}

/// An error as one line (the CLI's error line, without its prefix): for text
/// that names no argument (GAME resolution).
pub fn message(msg: &str) -> String {
    crate::game_arg::error_line(msg)
}

/// The server's name of an argument a library error names as data.
fn param(a: wythoff::Arg) -> &'static str {
    match a {
        wythoff::Arg::Max | wythoff::Arg::SweepMax => "max",
        wythoff::Arg::Check => "check",
        wythoff::Arg::Terms => "terms",
        wythoff::Arg::History => "history",
        wythoff::Arg::Conjecture => "conjecture",
        wythoff::Arg::Threads => "threads",
        wythoff::Arg::Values => "values",
        wythoff::Arg::Value => "value",
        wythoff::Arg::From => "from",
        wythoff::Arg::Rows => "rows",
        wythoff::Arg::Columns => "columns",
    }
}

/// A library error in the server's words (its query parameters: `max=N`,
/// `history`), as one line.
pub fn words(e: &wythoff::SolveError) -> String {
    message(&e.worded(&wythoff::Wording {
        name: &|a| param(a).to_string(),
        name_value: &|a, v| format!("{}={v}", param(a)),
        misere_board: "`/api/p-positions` with misere=1",
        bound: &|b| format!("over the server's bound of {b} s: use the command line"),
    }))
}

/// The server's bound: the process's memory budget and [`TIME_BOUND`]
/// seconds (a plan's `admit`, worded by [`words`]).
fn bound() -> solve::cost::Bound {
    solve::cost::Bound {
        memory: solve::memory_budget(),
        seconds: TIME_BOUND,
    }
}

/// A request checked and ready to run: its cache key and its work.
pub struct Job {
    pub key: String,
    /// The computation; it calls the [`Stop`]'s check in its progress reports.
    pub work: Box<dyn FnOnce(&Stop) -> Result<String, String> + Send>,
}

impl Query {
    /// What names the game in a cache key: the whole text of the rules sent
    /// (two rules files may share a name), or the subject's identity (its
    /// label and its whole rule value).
    pub fn game_key(&self, g: &GameArg) -> String {
        match self.get("rules") {
            Some(body) => format!("rules\u{0}{body}"),
            None => g.identity(),
        }
    }
}

fn key(kind: &str, q: &Query, g: &GameArg, n: u64) -> String {
    format!(
        "{kind}\u{0}{}\u{0}{}\u{0}{n}",
        q.game_key(g),
        g.convention_text()
    )
}

fn err(e: wythoff::SolveError) -> String {
    words(&e)
}

/// `/api/p-positions?game=G&max=N[&misere=1]`.
pub fn p_positions(q: &Query) -> Result<Job, String> {
    let misere = q.flag("misere")?;
    let g = q.game("game", misere)?;
    let n = q.max(LIST_MAX)?;
    if let Some(plan) = answer::p_positions_plan(&g, n).map_err(err)? {
        plan.admit(bound()).map_err(err)?;
    }
    Ok(Job {
        key: key("p", q, &g, n),
        work: Box::new(move |stop| {
            // streamed, and no longer kept past the cap
            let mut ps = Vec::new();
            let mut count = 0usize;
            answer::p_positions(&g, n, &mut |_, _| stop.check(), &mut |x, ys| {
                count += ys.len();
                if count <= LIST_POSITIONS {
                    ps.extend(ys.iter().map(|&y| (x, y as u64)));
                }
            })
            .map_err(err)?;
            if count > LIST_POSITIONS {
                return Err(format!(
                    "max={n}: the board holds {count} P-positions, more than the server sends ({LIST_POSITIONS}): use a smaller max, or `wythoff p-positions` on the command line"
                ));
            }
            let conv = g.list_convention();
            Ok(crate::render::serve::p_positions(&g.label, &conv, n, &ps))
        }),
    })
}

/// `/api/grundy?game=G&max=N` (normal play: no `misere`, as `grundy`).
pub fn grundy(q: &Query) -> Result<Job, String> {
    if let Some(values) = q.get("values") {
        let values = answer::parse_values(values).map_err(err)?;
        return grundy_levels(q, values);
    }
    let g = q.game("game", false)?;
    let n = q.max(TABLE_MAX)?;
    answer::grundy_plan(&g, n)
        .map_err(err)?
        .admit(bound())
        .map_err(err)?;
    Ok(Job {
        key: key("g", q, &g, n),
        work: Box::new(move |stop| {
            let t = answer::grundy_table(&g, n, &mut |_, _| stop.check()).map_err(err)?;
            Ok(crate::render::serve::grundy(&g.label, &t))
        }),
    })
}

/// Largest board of `/api/grundy?values=`: the level sets need no table
/// (memory `O(G N)`), and their positions are about `(G + 1) N` lines of JSON.
pub const LEVELS_MAX: u64 = 1 << 16;

/// Highest value `/api/grundy?values=A..G` lists (`G`).
pub const LEVELS_TOP: u64 = 64;
/// Most positions `/api/grundy?values=A..G` sends: one a row and level of its
/// largest board (about 60 MB of JSON). A terminal set's level 0 holds every
/// cell `x + y <= l` (issue 53: `l` near the board, gigabytes): refused over it.
pub const LEVELS_POSITIONS: u64 = (LEVELS_TOP + 1) * LEVELS_MAX;

/// `/api/grundy?game=G&max=N&values=A..G`: the positions of values `A..=G`,
/// the JSON of `grundy --values A..G --format json` (level by level, no table).
fn grundy_levels(q: &Query, values: (u64, u64)) -> Result<Job, String> {
    let g = q.game("game", false)?;
    let n = q.max(LEVELS_MAX)?;
    if values.1 > LEVELS_TOP {
        return Err(format!(
            "values={}..{}: the server lists values up to {LEVELS_TOP} (use the command line for more)",
            values.0, values.1
        ));
    }
    let values = answer::levels_values(&g, n, values).map_err(err)?;
    // the body is held whole (and cached): `[x,y],` a position
    let digits = n.saturating_sub(1).max(1).ilog10() as u64 + 1;
    let plan = answer::grundy_levels_plan(
        &g,
        n,
        values,
        solve::cost::Listing::held_text(2 * digits + 3),
    )
    .map_err(err)?;
    if plan.positions > LEVELS_POSITIONS {
        return Err(format!(
            "values={}..{}: up to {} positions on this board (a terminal set's cells all have value 0): the server sends at most {LEVELS_POSITIONS} (use the command line, which writes them as they come)",
            values.0, values.1, plan.positions
        ));
    }
    plan.admit(bound()).map_err(err)?;
    Ok(Job {
        key: format!("{}\u{0}{}..{}", key("gv", q, &g, n), values.0, values.1),
        work: Box::new(move |stop| {
            let mut out: Vec<u8> = Vec::new();
            {
                let mut w = crate::render::levels::Levels::begin(
                    &mut out,
                    crate::render::Format::Json,
                    &g.label,
                    n,
                    values,
                );
                answer::grundy_levels(&g, n, values, &mut |_, _| stop.check(), &mut |v, x, y| {
                    w.position(v, x, y)
                })
                .map_err(err)?;
                w.finish().map_err(|e| e.to_string())?;
            }
            String::from_utf8(out).map_err(|e| e.to_string())
        }),
    })
}

/// `/api/remoteness?game=G&max=N[&misere=1]`.
pub fn remoteness(q: &Query) -> Result<Job, String> {
    let misere = q.flag("misere")?;
    let g = q.game("game", misere)?;
    let n = q.max(TABLE_MAX)?;
    if let Some(plan) = answer::remoteness_plan(&g, n).map_err(err)? {
        plan.admit(bound()).map_err(err)?;
    }
    Ok(Job {
        key: key("r", q, &g, n),
        work: Box::new(move |_stop| {
            let t = answer::remoteness_table(&g, n).map_err(err)?;
            Ok(crate::render::serve::remoteness(
                &g.label,
                &g.convention_text(),
                &t,
            ))
        }),
    })
}

/// `/api/patterns?game=G&max=N[&misere=1][&grundy=1][&format=text]`: the JSON
/// of `patterns --format json`, or with `format=text` the CLI's text report as
/// `{"game", "max", "text"}`.
pub fn patterns(q: &Query) -> Result<Job, String> {
    let misere = q.flag("misere")?;
    let grundy = q.flag("grundy")?;
    let text = match q.get("format") {
        None | Some("json") => false,
        Some("text") => true,
        Some(f) => return Err(format!("format=`{f}`: write format=text or format=json")),
    };
    let g = q.game("game", misere)?;
    let n = q.max(TABLE_MAX)?;
    if let Some(plan) = answer::p_positions_plan(&g, n).map_err(err)? {
        plan.admit(bound()).map_err(err)?;
    }
    if grundy {
        answer::grundy_plan(&g, n)
            .map_err(err)?
            .admit(bound())
            .map_err(err)?;
    }
    Ok(Job {
        key: key(&format!("pt{grundy}{text}"), q, &g, n),
        work: Box::new(move |stop| {
            let rep = wythoff::patterns::find_with_progress(
                &g.game,
                &g.label,
                n as usize,
                grundy,
                &mut |_, _| stop.check(),
            )
            .map_err(err)?;
            let mut out = Vec::new();
            if text {
                crate::render::patterns_text(&mut out, &rep)
                    .map_err(|e| message(&e.to_string()))?;
                let t = String::from_utf8_lossy(&out);
                return Ok(serde_json::json!({"game": g.label, "max": n, "text": t}).to_string());
            }
            crate::render::patterns_json(&mut out, &rep, None)
                .map_err(|e| message(&e.to_string()))?;
            Ok(String::from_utf8_lossy(&out).trim_end().to_string())
        }),
    })
}

/// `/api/compare?a=GAME[@misere]&b=GAME[@misere]&max=N`: the JSON of
/// `compare --format json`, with every cell P in A or B.
pub fn compare(q: &Query) -> Result<Job, String> {
    let side = |name: &str| -> Result<GameArg, String> {
        let text = q.required(name)?;
        let (game, misere) = answer::parse_side(text).map_err(err)?;
        if answer::rules_file_path(game).is_some() {
            return Err(format!(
                "{name}: the server reads no rules file; name a catalogue game"
            ));
        }
        crate::game_arg::resolve(game, misere).map_err(|e| message(&format!("{e:#}")))
    };
    let (ga, gb) = (side("a")?, side("b")?);
    let n = q.max(TABLE_MAX)?;
    // the plan `compare --plan` prints, admitted against the server's bound
    if let Some(e) = answer::plan_compare(&ga, &gb, n, bound())
        .map_err(err)?
        .refusal
    {
        return Err(err(e));
    }
    let key = format!(
        "c\u{0}{}\u{0}{}\u{0}{}\u{0}{}\u{0}{n}",
        ga.label,
        ga.convention_text(),
        gb.label,
        gb.convention_text()
    );
    Ok(Job {
        key,
        work: Box::new(move |stop| {
            let c =
                wythoff::compare::games(&ga.game, &gb.game, n as usize, &mut |_, _| stop.check())
                    .map_err(err)?;
            Ok(crate::render::serve::compare(
                &answer::side_label(&ga),
                &answer::side_label(&gb),
                &c,
            ))
        }),
    })
}

/// `/api/outcome?game=G&x=X&y=Y[&misere=1][&history=x,y;x,y...]`: the JSON of
/// `outcome --format json` (the library's `outcome_of` and its JSON).
pub fn outcome(q: &Query) -> Result<(Job, bool), String> {
    let misere = q.flag("misere")?;
    // a rules file's text: resolved here (no file is read)
    let spec = match q.get("rules") {
        Some(_) => answer::GameSpec::Game(q.game("game", misere)?),
        None => {
            let text = q.required("game")?;
            if answer::rules_file_path(text).is_some() {
                return Err("game: the server reads no rules file; send its text as rules=".into());
            }
            crate::game_arg::resolve_spec(text, misere).map_err(|e| message(&format!("{e:#}")))?
        }
    };
    let history: Vec<&str> = match q.get("history") {
        None | Some("") => Vec::new(),
        Some(h) => h.split(';').collect(),
    };
    if history.len() > PLAY_MOVES_MAX {
        return Err(format!(
            "history has {} positions: at most {PLAY_MOVES_MAX}",
            history.len()
        ));
    }
    // the parsers run here, so that a bad request is refused before the cache
    let x = answer::parse_pile(q.required("x")?, "X").map_err(err)?;
    let y = answer::parse_pile(q.required("y")?, "Y").map_err(err)?;
    let history = answer::parse_history(&history).map_err(err)?;
    // the work estimated before it runs (a board of side max(x, y) + 1)
    let plan = answer::outcome_plan(&spec, &x, &y).map_err(err)?;
    plan.admit(&x, &y, bound()).map_err(err)?;
    // a board solved for one position is heavy work (one at a time, with the
    // boards): light answers (an oracle, a small board) never queue behind it
    let heavy = plan.n > LIGHT_SIDE || plan.seconds >= 1;
    // the whole game value (or the rules text sent); the huge m-Modular
    // choice has no rule value: its text names it
    let who = match &spec {
        answer::GameSpec::Game(g) => q.game_key(g),
        _ => q.required("game")?.to_string(),
    };
    let key = format!(
        "o\u{0}{who}\u{0}{misere}\u{0}{x}\u{0}{y}\u{0}{}",
        history
            .iter()
            .map(|(a, b)| format!("{a},{b}"))
            .collect::<Vec<_>>()
            .join(";")
    );
    Ok((
        Job {
            key,
            work: Box::new(move |_stop| {
                let l = answer::outcome_of(&spec, &x, &y, &history, None).map_err(err)?;
                Ok(l.json(&x, &y).to_string())
            }),
        },
        heavy,
    ))
}

/// The largest board an outcome solves among the light answers (a few
/// milliseconds); a larger one waits with the boards.
pub const LIGHT_SIDE: u64 = 512;

/// Parse `x,y` (a position of the play route).
fn position(text: &str, what: &str) -> Result<(u64, u64), String> {
    answer::parse_pair(text).map_err(|why| message(&format!("{what}: {why}")))
}

/// `/api/play?game=G[&misere=1]&start=x,y[&moves=M;M...][&computer=1][&seed=S]`:
/// the game so far replayed (each move `x,y`, with its blocks `x,y/a,b/c,d`;
/// the pass of a game with one: `pass`, with its blocks `pass/a,b`),
/// every move checked by the rules (`wythoff::play::Session`, as `wythoff
/// play`); with `computer=1` the perfect opponent then moves. Not cached: the
/// session is rebuilt for each request (piles as small as `play` allows).
pub fn play(q: &Query) -> Result<String, String> {
    let misere = q.flag("misere")?;
    let computer = q.flag("computer")?;
    let g = q.game("game", misere)?;
    let start = position(q.required("start")?, "start")?;
    let seed = match q.get("seed") {
        None => 0,
        Some(s) => s
            .parse::<u64>()
            .map_err(|_| format!("seed=`{s}` is not a whole number below 2^64"))?,
    };
    let mut moves: Vec<(Action, Vec<(u64, u64)>)> = Vec::new();
    if let Some(m) = q.get("moves").filter(|m| !m.is_empty()) {
        let items: Vec<&str> = m.split(';').collect();
        if items.len() > PLAY_MOVES_MAX {
            return Err(format!(
                "moves has {} moves: at most {PLAY_MOVES_MAX}",
                items.len()
            ));
        }
        for item in items {
            let mut parts = item.split('/');
            let action = match parts.next().unwrap_or("") {
                "pass" => Action::Pass,
                to => Action::Move(position(to, "moves")?),
            };
            let blocks = parts
                .map(|b| position(b, "moves (a block)"))
                .collect::<Result<Vec<_>, _>>()?;
            moves.push((action, blocks));
        }
    }
    let mut s = wythoff::play::Session::new(&g.game, start.0, start.1, seed).map_err(err)?;
    for (i, (action, blocks)) in moves.iter().enumerate() {
        let what = match action {
            Action::Move(to) => format!("({},{})", to.0, to.1),
            Action::Pass => "(pass)".to_string(),
        };
        s.act(*action, blocks)
            .map_err(|e| message(&format!("move {} {what}: {e}", i + 1)))?;
    }
    let reply = if computer { s.computer_action() } else { None };
    Ok(crate::render::serve::play(
        &g.label,
        &g.convention_text(),
        &mut s,
        reply,
    ))
}
