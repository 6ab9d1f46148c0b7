//! `wythoff prove GAME [--misere] [--max N] [--numeration SPEC] [--emit DIR]
//! [--format text|json]`: guess the automaton of the P-set from a solved board,
//! write the rules as first-order statements, and let Walnut decide them;
//! `wythoff prove --recheck DIR`: re-run an emitted WALNUT_HOME in Walnut alone.
//! `wythoff prove GAME --alteration REF [--max N] [--emit DIR]`: the P-set
//! equals a known set except on a finite set D (no Walnut); `--recheck DIR`
//! of its folder re-checks the certificate alone.
//!
//! This file parses the arguments, calls the library's pipeline
//! ([`wythoff::prove::prepare`], [`wythoff_walnut::run`],
//! [`wythoff::prove::read_answers`]), words its errors with the flags, and hands the
//! report to [`crate::render::prove`].

use crate::game_arg::resolve;
use crate::render;
use anyhow::{anyhow, Result};
use std::io::Write;
use std::path::PathBuf;
use std::process::ExitCode;
use wythoff::prove::alteration;
use wythoff::prove::plan::{self, MAX_PROVE_BOARD};
use wythoff::prove::{prepare, read_answers, ProveError, Request, Verdict};
use wythoff::Admit;
use wythoff_walnut::Walnut;

#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
pub enum ProveFormat {
    Text,
    Json,
}

#[derive(clap::Args)]
pub struct Args {
    /// The game: `name` or `name:key=value,...`, or a TOML rules file.
    #[arg(required_unless_present = "recheck")]
    pub game: Option<String>,
    /// Misère play (the player who cannot move wins).
    #[arg(long)]
    pub misere: bool,
    /// The board the automaton is guessed from: positions 0 <= x, y < N (16 to 16384;
    /// default 1024; above 4096 the guess takes minutes and about 11 bytes a cell in each
    /// numeration: name one with --numeration). With --alteration, the board of the check
    /// (1 to 4096; default 64).
    #[arg(long, value_parser = parse_board, allow_hyphen_values = true)]
    pub max: Option<u64>,
    /// The numeration to use: base:K (2 to 9), zeckendorf, ost:A0,A1,...;P1,P2,...
    /// (an Ostrowski numeration: preperiod from a_0 = 0, then the period; quotients
    /// 1 to 16, at most 24 in each part), frac:(P+sqrtD)/Q or inv:(P+sqrtD)/Q (the
    /// Ostrowski numeration of frac(alpha) or 1/alpha, alpha = (P + sqrt D)/Q > 1: a
    /// slope `patterns` derives, e.g. frac:(2+sqrt29)/5), fraenkel:S,T (Fraenkel's
    /// numeration of (s,t)-Wythoff, S + T <= 9), or a Walnut name that prove writes
    /// (msd_2, msd_fib, msd_o1p2, msd_oxp1_2_10_2_1, msd_fs2t1)
    /// (default: those the board's patterns suggest, then base 2, Zeckendorf,
    /// base 3 and a few Ostrowski numerations; when none gives an automaton,
    /// the Ostrowski numerations of the ray slopes derived from the board's covers).
    #[arg(long, value_name = "SPEC")]
    pub numeration: Option<String>,
    /// The most states an automaton may have.
    #[arg(long, default_value_t = plan::DEFAULT_MAX_STATES)]
    pub states: usize,
    /// Also write a complete WALNUT_HOME here (the eight folders; `load prove.txt;`
    /// in Walnut re-runs the proof, or `wythoff prove --recheck DIR`). With
    /// --alteration: the certificate, DIR/alteration.json.
    #[arg(long, value_name = "DIR")]
    pub emit: Option<PathBuf>,
    /// Re-run the WALNUT_HOME DIR (written by `--emit`) in Walnut alone, on a
    /// fresh copy of its inputs (never its results), and print each
    /// statement's answer (exit 0 when every one is TRUE and Walnut printed no
    /// error line, an exception on its standard error included).
    /// With GAME (a rules file too), the statements are checked against
    /// GAME's rules; without it, against the catalogue game the folder's first
    /// line names. A folder whose statements are not those `prove` writes for
    /// the game (or that redefines an automaton it ships) is refused before
    /// Walnut runs. A folder of `--alteration` (DIR/alteration.json) is
    /// re-checked without Walnut: the board solved again from the rules, D
    /// and every witness checked (exit 0; a certificate that fails: exit 2).
    #[arg(long, value_name = "DIR", conflicts_with_all = ["emit"])]
    pub recheck: Option<PathBuf>,
    /// Seconds Walnut may take (each run).
    #[arg(long, default_value_t = wythoff::prove::request::DEFAULT_TIMEOUT)]
    pub timeout: u64,
    /// Java's heap for Walnut (-Xmx, e.g. 3G or 1536M; 64 MiB to the machine's
    /// memory, at most 1 TiB). Default: Java's own, a quarter of the machine's memory.
    #[arg(long, value_name = "SIZE", allow_hyphen_values = true)]
    pub java_memory: Option<String>,
    #[arg(long, value_enum, default_value = "text")]
    pub format: ProveFormat,
    /// Print the plan and stop before Walnut: the board, the candidate
    /// automaton guessed from it (states, numeration), the statements, Java's
    /// heap and the time bound (Walnut need not be installed). Without it,
    /// `prove` writes the same facts as one line on stderr before Walnut starts.
    #[arg(long, conflicts_with_all = ["recheck", "emit"])]
    pub plan: bool,
    /// Prove the Sprague-Grundy function instead of the P-set: the relation
    /// G(x, y) = z as an automaton (three numbers read together), decided by
    /// Walnut through the mex property (no option has the same value, every
    /// smaller value is an option's). Normal play, without blocking or memory.
    #[arg(long)]
    pub grundy: bool,
    /// With --grundy: prove the level set G = VALUE only (with the levels
    /// below it, each the set outside the lower levels in which a position
    /// lies exactly when none of its options does).
    #[arg(long, value_name = "VALUE", requires = "grundy")]
    pub value: Option<u32>,
    /// With --grundy: run a guess estimated beyond the time bound (10 minutes)
    /// anyway (its memory is refused over the budget all the same).
    #[arg(long, requires = "grundy")]
    pub force: bool,
    /// Prove that the P-set equals a known set S except on a finite set D, at
    /// every position, from one board and an argument on the lines through D
    /// (docs/proofs.md, "Finite alterations"; no Walnut). REF: grundy=1 (S =
    /// the level set {G = 1} of the game without the pass, for a game with a
    /// pass in normal play), normal (S = the P-set in normal play, for
    /// --misere) or without-pass (S = the P-set of the game without the pass:
    /// always refused, they differ on an infinite set). Nim or Wythoff moves
    /// only (one-pile moves of every length, diagonal moves of every length or
    /// none); elsewhere refused with the reason. Prints the theorem, D, the
    /// board and the witnesses (exit 0 proved, 1 not proved on the board).
    #[arg(long, value_name = "REF", conflicts_with_all = ["grundy", "numeration", "via_pairs", "flip_cell", "plan", "recheck", "family"])]
    pub alteration: Option<String>,
    /// Guess one automaton for a whole catalogue family instead of one game:
    /// GAME's parameter PARAM runs over its first --up-to values (from the
    /// catalogue's minimum), and the data is, for each value v and pile x
    /// below --up-to, the largest y with (x, y) a P-position (first-order
    /// definable from the P-set with v free, so an automaton of the relation
    /// (v, x, y) in P would give one of it). Prints, for each numeration
    /// (--numeration, or Zeckendorf, base 2 and base 3), the automaton's
    /// states or the classes of prefixes told apart: classes growing with
    /// --up-to are evidence against an automaton in that numeration. Walnut
    /// is not run.
    #[arg(long, value_name = "PARAM", conflicts_with_all = ["recheck", "emit", "grundy", "misere", "via_pairs", "flip_cell"])]
    pub family: Option<String>,
    /// With --family: how many values of the parameter (16 to 1024; each
    /// member is solved on the board of 4 x --up-to).
    #[arg(long, value_name = "M", default_value_t = 256, requires = "family")]
    pub up_to: u64,
    /// For tests: flip the membership of one cell `X,Y` of the guessed automaton
    /// (with --grundy: the value of that cell plus one, before guessing).
    #[arg(long, hide = true, value_name = "X,Y")]
    pub flip_cell: Option<String>,
    /// For tests: go straight to the automata of the pairs' graphs.
    #[arg(long, hide = true)]
    pub via_pairs: bool,
}

/// A whole number; the range is the library's check ([`Request::validate`]).
fn parse_board(s: &str) -> Result<u64, String> {
    s.trim()
        .parse()
        .map_err(|_| format!("`{s}` is not a whole number (16 to {MAX_PROVE_BOARD})"))
}

fn parse_cell(s: &str) -> Result<(u64, u64)> {
    let (x, y) = s
        .split_once(',')
        .ok_or_else(|| anyhow!("--flip-cell `{s}`: write X,Y"))?;
    Ok((
        x.trim()
            .parse()
            .map_err(|_| anyhow!("--flip-cell `{s}`: X is not a whole number"))?,
        y.trim()
            .parse()
            .map_err(|_| anyhow!("--flip-cell `{s}`: Y is not a whole number"))?,
    ))
}

/// The library's error in the CLI's words (its flags).
fn worded(e: ProveError) -> anyhow::Error {
    match e {
        ProveError::BadArg { arg, value, why } => {
            anyhow!("--{} {value}: {why}", arg.name().replace('_', "-"))
        }
        other => anyhow!("{other}"),
    }
}

/// `value` as pretty JSON (`--format json`), else as the text that `text` writes.
fn print<T: serde::Serialize>(
    out: &mut dyn Write,
    format: ProveFormat,
    value: &T,
    text: impl FnOnce(&mut dyn Write) -> std::io::Result<()>,
) -> Result<()> {
    if format == ProveFormat::Json {
        // through a Value, as every JSON of `prove` is written (keys sorted)
        writeln!(
            out,
            "{}",
            serde_json::to_string_pretty(&serde_json::to_value(value)?)?
        )?;
    } else {
        text(out)?;
    }
    Ok(())
}

pub fn run(a: Args) -> Result<ExitCode> {
    let mut out = std::io::stdout().lock();
    if let Some(dir) = &a.recheck {
        if dir.join(alteration::FILE).exists() {
            return recheck_alteration(&a, dir);
        }
        let walnut = Walnut::find().map_err(worded)?;
        if a.timeout == 0 || a.timeout > wythoff::prove::request::MAX_TIMEOUT {
            return Err(worded(ProveError::BadArg {
                arg: wythoff::prove::ProveArg::Timeout,
                value: a.timeout.to_string(),
                why: format!(
                    "allowed 1 to {} seconds",
                    wythoff::prove::request::MAX_TIMEOUT
                ),
            }));
        }
        let subject = a
            .game
            .as_deref()
            .map(|g| resolve(g, a.misere))
            .transpose()?;
        let r =
            wythoff_walnut::recheck(dir, &walnut, a.timeout, subject.as_ref()).map_err(worded)?;
        print(&mut out, a.format, &r, |out| {
            render::prove::recheck_text(out, dir, &r)
        })?;
        let ok = !r.timed_out
            && r.errors.is_empty()
            && !r.statements.is_empty()
            && r.statements.iter().all(|s| s.result == Some(true));
        return Ok(if ok {
            ExitCode::SUCCESS
        } else {
            ExitCode::from(1)
        });
    }
    let game = a.game.as_deref().expect("clap: GAME or --recheck");
    if let Some(param) = &a.family {
        return family(&a, game, param, &mut out);
    }
    let subject = resolve(game, a.misere)?;
    if let Some(spec) = &a.alteration {
        return prove_alteration(&a, &subject, spec);
    }
    let flip = a.flip_cell.as_deref().map(parse_cell).transpose()?;
    let req = Request {
        max: a.max.unwrap_or(plan::DEFAULT_BOARD),
        numeration: a.numeration.clone(),
        states: a.states,
        timeout: a.timeout,
        flip,
        via_pairs: a.via_pairs,
        grundy: a.grundy,
        value: a.value,
        ..Request::new(subject)
    };
    // the request and Walnut checked before any solving
    req.validate().map_err(worded)?;
    let heap = a
        .java_memory
        .as_deref()
        .map(crate::resources::java_heap_mib)
        .transpose()?;
    // --grundy: the table and the guess admitted before any solving, like
    // every other command's work (issue 53)
    let guess = if a.grundy {
        guess_admitted(&req, a.force)?
    } else {
        None
    };
    if a.plan {
        let plan = prepare(&req, &mut |_, _| {}).map_err(worded)?;
        let mut sum = plan.summary(heap);
        sum.guess = guess;
        print(&mut out, a.format, &sum, |out| {
            render::prove::plan_text(out, &sum)
        })?;
        return Ok(ExitCode::SUCCESS);
    }
    let mut walnut = Walnut::find().map_err(worded)?;
    walnut.java_heap_mib = heap;
    let plan = prepare(&req, &mut |_, _| {}).map_err(worded)?;
    if plan.strategy.is_some() {
        let mut sum = plan.summary(heap);
        sum.guess = guess;
        eprintln!("{}", render::prove::plan_line(&sum));
    }
    // a long run says where it stands on stderr (every 30 s)
    let total = plan
        .strategy
        .as_ref()
        .map_or(0, |st| st.files.statements.len());
    let label = plan.subject.label.clone();
    let run =
        wythoff_walnut::run_reporting(&plan, &walnut, a.emit.as_deref(), &|| {}, &|secs, p| {
            eprintln!(
                "{}",
                crate::render::prove::progress_line(&label, secs, total, p)
            )
        })
        .map_err(worded)?;
    let r = read_answers(&plan, run.as_ref()).map_err(worded)?;
    print(&mut out, a.format, &r, |out| {
        render::prove::text(out, &r, a.emit.as_deref())
    })?;
    Ok(if r.verdict == Verdict::Proved {
        ExitCode::SUCCESS
    } else {
        ExitCode::from(1)
    })
}

/// `prove GAME --family PARAM --up-to M`: the plan, or the guess in each
/// numeration ([`wythoff::prove::family`]).
fn family(a: &Args, game: &str, param: &str, out: &mut dyn Write) -> Result<ExitCode> {
    use wythoff::prove::family::{guess_family, FamilyRequest};
    let numerations = match &a.numeration {
        Some(t) => vec![wythoff::prove::numeration::Numeration::parse(t)
            .map_err(|e| anyhow!("--numeration {t}: {e}"))?],
        None => FamilyRequest::default_numerations(),
    };
    let states = if a.states == plan::DEFAULT_MAX_STATES {
        wythoff::prove::family::FAMILY_MAX_STATES
    } else {
        a.states
    };
    let req = FamilyRequest {
        family: game.to_string(),
        param: param.to_string(),
        up_to: a.up_to,
        numerations,
        max_states: states,
    };
    let fplan = req.plan().map_err(worded)?;
    let bound = wythoff::solve::cost::Bound::cli(false);
    if a.plan {
        print(out, a.format, &fplan, |out| {
            render::prove::family_plan_text(out, &req, &fplan)
        })?;
        return Ok(ExitCode::SUCCESS);
    }
    crate::progress::admit(
        wythoff::solve::cost::Cost::of_board(
            "the family's boards and guesses",
            fplan.board,
            fplan.memory,
            fplan.seconds,
        )
        .admit(bound),
        &format!("prove {game} --family {param} --up-to {}", a.up_to),
        fplan.seconds,
    )?;
    let mut bar = crate::progress::Bar::new("members");
    let r = guess_family(&req, bound, &mut |d, t| bar.set(d, t)).map_err(worded)?;
    bar.finish();
    print(out, a.format, &r, |out| render::prove::family_text(out, &r))?;
    Ok(ExitCode::SUCCESS)
}

/// `prove --grundy`: the guess's plan ([`wythoff::prove::grundy::guess_plan`])
/// admitted against the CLI's bound (memory, then time unless `force`), in
/// words for the plan.
fn guess_admitted(req: &Request, force: bool) -> Result<Option<String>> {
    let Some(g) = wythoff::prove::grundy::guess_plan(
        &req.subject,
        req.max,
        req.value,
        req.numeration.is_some(),
    ) else {
        return Ok(None);
    };
    g.admit(wythoff::solve::cost::Bound::cli(force))?;
    Ok(Some(format!(
        "{} and {} before Walnut (the Grundy table of the board and the guess in up to {} numeration{})",
        wythoff::solve::cost::human_seconds(g.seconds),
        wythoff::solve::human_bytes(g.memory),
        g.numerations,
        if g.numerations == 1 { "" } else { "s" }
    )))
}

/// `prove GAME --alteration REF`: refused (exit 2) where the argument does
/// not apply; else the check on the board, the report, and with `--emit DIR`
/// the certificate folder (exit 0 proved, 1 not proved on the board).
fn prove_alteration(a: &Args, subject: &wythoff::answer::Subject, spec: &str) -> Result<ExitCode> {
    let shown = crate::game_arg::shorten(spec);
    let reference =
        alteration::parse_reference(spec).map_err(|e| anyhow!("--alteration {shown}: {e}"))?;
    if let Some(why) = alteration::refusal(subject, reference) {
        return Err(anyhow!(
            "--alteration {shown} does not apply to {} ({}): {why}",
            subject.label,
            subject.convention_text()
        ));
    }
    let n = a.max.unwrap_or(alteration::DEFAULT_BOARD);
    if !(1..=wythoff::alteration::MAX_BOARD).contains(&n) {
        return Err(anyhow!(
            "--max {n}: with --alteration, allowed 1 to {}",
            wythoff::alteration::MAX_BOARD
        ));
    }
    if let Some(dir) = &a.emit {
        if dir.exists() && !dir.is_dir() {
            return Err(anyhow!("--emit {}: a file, not a folder", dir.display()));
        }
    }
    alteration::admit(
        subject,
        reference,
        n,
        wythoff::solve::cost::Bound::cli(false),
    )?;
    let (r, folder) = alteration::prove(subject, reference, n)
        .map_err(|e| anyhow!("--alteration {shown}: {e}"))?;
    let written = match (&a.emit, &folder) {
        (Some(dir), Some(f)) => {
            std::fs::create_dir_all(dir)
                .map_err(|e| anyhow!("--emit {}: cannot create the folder: {e}", dir.display()))?;
            let path = dir.join(alteration::FILE);
            std::fs::write(&path, alteration::folder_text(f))
                .map_err(|e| anyhow!("cannot write {}: {e}", path.display()))?;
            Some(dir.as_path())
        }
        _ => None,
    };
    let mut out = std::io::stdout().lock();
    print(&mut out, a.format, &r, |out| {
        render::prove::alteration_text(out, &r, written, None)
    })?;
    Ok(if folder.is_some() {
        ExitCode::SUCCESS
    } else {
        ExitCode::from(1)
    })
}

/// `prove --recheck DIR` of a `--alteration` folder: the certificate
/// re-checked alone (no Walnut); a certificate that fails is refused (exit 2).
fn recheck_alteration(a: &Args, dir: &std::path::Path) -> Result<ExitCode> {
    let path = dir.join(alteration::FILE);
    let text = wythoff_walnut::read_folder_file(&path).map_err(worded)?;
    let subject = a
        .game
        .as_deref()
        .map(|g| resolve(g, a.misere))
        .transpose()?;
    let r = alteration::recheck(&text, subject.as_ref())
        .map_err(|e| anyhow!("{}: refused: {e}", path.display()))?;
    let mut out = std::io::stdout().lock();
    print(&mut out, a.format, &r, |out| {
        render::prove::alteration_text(out, &r, None, Some(dir))
    })?;
    Ok(ExitCode::SUCCESS)
}
