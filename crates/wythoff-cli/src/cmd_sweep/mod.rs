//! `wythoff sweep SPEC --max N [--misere] [--format json|csv|markdown] [--shard K/T]
//! [--resume FILE] [--plan T] [--force] [--prove [--prove-max N] [--states S]
//! [--timeout SECONDS] [--numeration SPEC] [--emit DIR] [--java-memory SIZE]
//! [--timings FILE]]` and `wythoff sweep --merge FILE... [--partial]`.
//!
//! `--prove` (docs/proof-sweeps.md): each distinct game (`wythoff::sweep_proof`)
//! is proved once by `wythoff_walnut::sweep::Prover` and every record gains
//! `proof`; the Java processes at once are as many as their `-Xmx` fits in
//! the memory budget (at most the threads). The seconds of each proof go to
//! `--timings FILE`, not into the records, which are the same bytes in every
//! run.
//!
//! The spec language, the order, the skips, the records, their identity and the
//! cost model are library code ([`wythoff::sweep`]); formats live in
//! [`crate::render::sweep`]. Every file is read line by line with a bounded line
//! length ([`crate::resources::read_line`]); records are written and flushed one
//! by one, so a killed run leaves whole lines (and at most one cut line at the
//! end), which `--resume` completes.

mod merge;
mod resume;

use resume::Resume;

use crate::game_arg::parse_max;
use crate::progress::Bar;
use crate::render::sweep::{self, Parsed, SweepFormat};
use crate::resources::{self, Input, Line};
use anyhow::{anyhow, bail, Result};
use std::io::{BufRead, BufReader, Write};
use std::path::PathBuf;
use std::process::ExitCode;
use wythoff::rules::Convention;
use wythoff::solve::cost::{human_seconds, TIME_BOUND_SECONDS};
use wythoff::solve::{human_bytes, memory_budget};
use wythoff::sweep::{parse_shard, shard_costs, Identity, Plan, Spec};

#[derive(clap::Args)]
pub struct Args {
    /// A game with ranges, lists and variables, e.g. `modulo-rook:m=1..8,l=0..8,p=1..8`
    /// or `restricted:s=1..3,t=1..3,K=2..8,r=0..7,h=K:r,v=K:r,d1=K:r,d2=K:r`
    /// (see docs/guide.md, "Sweeps"). A catalogue game only: sweeps take no rules files.
    #[arg(required_unless_present = "merge")]
    pub spec: Option<String>,
    /// Board size of every combination: positions 0 <= x, y < N.
    #[arg(long, value_parser = parse_max, allow_hyphen_values = true, required_unless_present = "merge")]
    pub max: Option<u64>,
    /// Misère play for every combination.
    #[arg(long)]
    pub misere: bool,
    /// Output format (json by default; with --merge, the inputs' format).
    #[arg(long, value_enum)]
    pub format: Option<SweepFormat>,
    /// Run only the K-th of T parts (1-based): the combinations numbered K-1 mod T.
    #[arg(long, value_name = "K/T")]
    pub shard: Option<String>,
    /// Complete FILE, the output of an interrupted run of the same sweep (and
    /// shard): keeps its whole records, computes the missing ones, and prints the
    /// whole output, the bytes an uninterrupted run prints. Write it elsewhere.
    #[arg(long, value_name = "FILE", conflicts_with = "plan")]
    pub resume: Option<String>,
    /// Print the plan without running it, as `--plan` does everywhere: the
    /// games, estimated seconds and peak memory (on this process's threads);
    /// `--plan T` splits it into T shards (`--plan` alone: one).
    #[arg(long, value_name = "T", conflicts_with = "shard", num_args = 0..=1, default_missing_value = "1")]
    pub plan: Option<u64>,
    /// Run even when the estimate is over the time bound (10 min).
    #[arg(long)]
    pub force: bool,
    /// Join the outputs of the shards of one sweep (any order; `-` is standard
    /// input) into what one run prints; refuses files of other sweeps, records
    /// without the sweep's identity, conflicting records and missing ones.
    #[arg(long, num_args = 1.., value_name = "FILE", conflicts_with_all = ["spec", "max", "shard", "misere", "resume", "plan", "force", "prove"])]
    pub merge: Vec<PathBuf>,
    /// With --merge: print what there is when records are missing, and list the
    /// missing ones on stderr.
    #[arg(long, requires = "merge")]
    pub partial: bool,
    /// Also prove every distinct game with Walnut, as `wythoff prove` does: each
    /// record gains `proof` (verdict, numeration, states, witness, Walnut's
    /// version and jar); combinations with the same moves share one proof
    /// (`shared_with`). json records only. See docs/proof-sweeps.md.
    #[arg(long)]
    pub prove: bool,
    /// With --prove: the board each automaton is guessed from (prove's --max,
    /// 16 to 16384; default 1024).
    #[arg(long, requires = "prove", value_name = "N")]
    pub prove_max: Option<u64>,
    /// With --prove: the most states an automaton may have (default 300).
    #[arg(long, requires = "prove")]
    pub states: Option<usize>,
    /// With --prove: seconds Walnut may take on one game (each run; default 300).
    #[arg(long, requires = "prove", value_name = "SECONDS")]
    pub timeout: Option<u64>,
    /// With --prove: the numeration to use, as `prove --numeration` takes it
    /// (default: those the board suggests).
    #[arg(long, requires = "prove", value_name = "SPEC")]
    pub numeration: Option<String>,
    /// With --prove: write each proved game's WALNUT_HOME under DIR/GAME/CONVENTION/.
    #[arg(long, requires = "prove", value_name = "DIR")]
    pub emit: Option<PathBuf>,
    /// With --prove: Java's heap per Walnut process (-Xmx, e.g. 3G; default 3G).
    /// As many run at once as fit in the memory budget, at most the threads.
    #[arg(
        long,
        requires = "prove",
        value_name = "SIZE",
        allow_hyphen_values = true
    )]
    pub java_memory: Option<String>,
    /// With --prove: append one json line per game proved by this run (its
    /// seconds, Walnut's seconds, the verdict) to FILE; the records hold no time.
    #[arg(long, requires = "prove", value_name = "FILE")]
    pub timings: Option<PathBuf>,
}

/// The proof options of `--prove`.
fn proof_options(a: &Args) -> Result<wythoff_walnut::sweep::Options> {
    let mut o = wythoff_walnut::sweep::Options::default();
    if let Some(n) = a.prove_max {
        o.board = n;
    }
    if let Some(s) = a.states {
        o.states = s;
    }
    if let Some(t) = a.timeout {
        o.timeout = t;
    }
    o.numeration = a.numeration.clone();
    if let Some(m) = &a.java_memory {
        o.java_memory_mib = resources::java_heap_mib(m)?;
    }
    o.emit = a.emit.clone();
    use wythoff_walnut::sweep::OptionError;
    o.check().map_err(|e| match e {
        OptionError::Prove(wythoff::prove::ProveError::BadArg { arg, value, why }) => {
            anyhow!("{} {value}: {why}", wythoff_walnut::sweep::flag(arg))
        }
        OptionError::Prove(e) => anyhow!("{e}"),
        OptionError::JavaMemory(m) => {
            anyhow!("--java-memory {m} MiB: allowed 64 MiB to 1 TiB (e.g. 3G)")
        }
    })?;
    Ok(o)
}

pub fn run(a: Args) -> Result<ExitCode> {
    if !a.merge.is_empty() {
        let names: Vec<String> = a.merge.iter().map(|p| p.display().to_string()).collect();
        return merge::run(&names, a.format, a.partial);
    }
    let spec_text = a.spec.as_deref().expect("clap: required");
    let max = a.max.expect("clap: required");
    let spec = parse_spec(spec_text)?;
    if max < 4 {
        bail!("sweep runs `patterns`, which needs a board of at least 4 x 4 (got --max {max})");
    }
    let convention = if a.misere {
        Convention::Misere
    } else {
        Convention::Normal
    };
    let format = a.format.unwrap_or(SweepFormat::Json);
    let threads = rayon::current_num_threads();
    let proving = if a.prove {
        if format != SweepFormat::Json {
            bail!("--prove writes json records: leave out --format (or use --format json)");
        }
        Some(proof_options(&a)?)
    } else {
        None
    };
    if let Some(t) = a.plan {
        return plan(&spec, max, convention, t, threads, format, proving.as_ref());
    }
    let shard = match &a.shard {
        Some(s) => parse_shard(s)?,
        None => (1, 1),
    };
    let mut plan = Plan::new(&spec, shard, max, convention);
    if plan.skipped_total == plan.total {
        bail!(
            "every combination of the sweep is refused by the rules, e.g. {}",
            plan.skip_reasons.first().map_or("", |s| s.as_str())
        );
    }
    // a machine without Java or the jar refuses here, before any game
    let walnut = match &proving {
        Some(o) => {
            let w = wythoff_walnut::sweep::walnut(o)?;
            plan.identity.prove = Some(o.identity(&w));
            plan.group_distinct();
            Some(w)
        }
        None => None,
    };
    // the records FILE already holds (`--resume`)
    let kept = match &a.resume {
        Some(path) => Some(Resume::scan(path, format, &plan)?),
        None => None,
    };
    if let Some(k) = &kept {
        let have = &k.indices;
        plan.retain(&mut |i| have.binary_search(&i).is_err());
    }
    let workers = threads.min(plan.runnable().max(1) as usize);
    plan.check(max, workers, memory_budget())?;
    let mut mem = plan.memory_estimate(workers);
    let budget = memory_budget();
    // Java processes at once: as many as their heaps fit beside the boards
    let java = match &proving {
        Some(o) => java_processes(o, budget, mem, workers)?,
        None => 0,
    };
    if let Some(o) = &proving {
        mem += java as u64 * o.java_bytes();
    }
    let proofs = plan.distinct_games();
    let seconds = admitted_seconds(&plan, workers, proving.as_ref(), proofs, java, max, a.force)?;
    let summary = run_summary(
        &plan,
        shard,
        max,
        kept.as_ref().map(|k| k.indices.len()),
        workers,
        seconds,
        mem,
        proving.as_ref().map(|o| (proofs, java, o.java_memory_mib)),
    );
    // the estimate first on a terminal; in a log, once at the end (a failing
    // sweep prints one line: its error)
    let tty = std::io::IsTerminal::is_terminal(&std::io::stderr());
    if tty {
        eprintln!("{summary}");
    }
    let mut out = std::io::BufWriter::new(std::io::stdout());
    for h in sweep::header(format, &spec.key_names()) {
        writeln!(out, "{h}")?;
    }
    out.flush()?;
    let timing_failure: std::sync::Arc<std::sync::Mutex<Option<String>>> = Default::default();
    let prover = match (proving, walnut) {
        (Some(o), Some(w)) => Some(make_prover(
            &a,
            o,
            w,
            java,
            kept.as_ref(),
            timing_failure.clone(),
        )?),
        _ => None,
    };
    let hook = |rep: u64, g: &wythoff::catalogue::NamedGame| {
        prover.as_ref().expect("a prover").proof(rep, g)
    };
    let hook_ref: Option<&wythoff::sweep::ProofHook<'_>> = match &prover {
        Some(_) => Some(&hook),
        None => None,
    };
    let mut kept = match kept {
        Some(k) => Some(k.reopen()?),
        None => None,
    };
    // the kept records before the first one this run computes go out now,
    // before any game: a run killed before its next record (a proof can take
    // minutes) must not leave an output with fewer records than FILE had
    if let Some(k) = &mut kept {
        k.copy_until(plan.runnable_indices().first().copied(), &mut out)?;
    }
    let mut bar = Bar::new("sweep");
    wythoff::sweep::run_with::<anyhow::Error>(
        &plan,
        max as usize,
        convention,
        hook_ref,
        &mut |d, t| bar.set(d, t),
        &mut |r| {
            if let Some(k) = &mut kept {
                k.copy_until(Some(r.index), &mut out)?;
            }
            // one record, one write, flushed: a killed run leaves whole lines
            let mut l = sweep::line(format, &r);
            l.push('\n');
            out.write_all(l.as_bytes())?;
            out.flush()?;
            Ok(())
        },
    )?;
    if let Some(k) = &mut kept {
        k.copy_until(None, &mut out)?;
    }
    bar.finish();
    out.flush()?;
    if !tty {
        eprintln!("{summary}");
    }
    timings_written(&timing_failure)?;
    Ok(ExitCode::SUCCESS)
}

/// The sweep's estimated seconds (the boards, and the proofs of `proving`),
/// its plan admitted as every plan is (`Cost::admit` against `Bound::cli`),
/// the refusal worded for a sweep.
fn admitted_seconds(
    plan: &Plan,
    workers: usize,
    proving: Option<&wythoff_walnut::sweep::Options>,
    proofs: u64,
    java: usize,
    max: u64,
    force: bool,
) -> Result<u64> {
    let proof_seconds = match proving {
        Some(o) => wythoff::sweep_proof::proof_seconds(proofs, java, o.timeout).0,
        None => 0,
    };
    let cost = plan.admission_cost(workers, proof_seconds);
    match cost.admit(wythoff::solve::cost::Bound::cli(force)) {
        Ok(()) => Ok(cost.seconds),
        Err(wythoff::SolveError::OverTime { .. }) => bail!(
            "the sweep would take {} on {workers} threads ({} games of {max}x{max}), over the bound of {} min: split it with --shard K/T (see --plan T) or use --force",
            human_seconds(cost.seconds),
            plan.runnable(),
            TIME_BOUND_SECONDS / 60
        ),
        Err(e) => Err(e.into()),
    }
}

/// How many Java processes of `o`'s heap fit beside the sweep's `mem` in the
/// memory `budget`, refused when not even one does.
fn java_processes(
    o: &wythoff_walnut::sweep::Options,
    budget: u64,
    mem: u64,
    workers: usize,
) -> Result<usize> {
    wythoff_walnut::sweep::java_processes(budget, mem, workers, o).ok_or_else(|| {
        anyhow!(
            "--prove: one Java process of {} (--java-memory {} MiB and its overhead) does not fit beside the sweep's {} in the memory budget of {}: use a smaller --java-memory",
            human_bytes(o.java_bytes()),
            o.java_memory_mib,
            human_bytes(mem),
            human_bytes(budget)
        )
    })
}

/// A `--timings` write that failed makes the run fail (exit 2, said) once the
/// records are written.
fn timings_written(failure: &std::sync::Mutex<Option<String>>) -> Result<()> {
    let failed = failure.lock().unwrap_or_else(|e| e.into_inner()).take();
    match failed {
        Some(why) => Err(resources::RunIoError(format!(
            "{why} (the records are whole; the timings are not)"
        ))
        .into()),
        None => Ok(()),
    }
}

/// The sweep's one-line account: combinations, skipped, games, threads, the
/// estimate and memory, and with `proving` (distinct games, Java processes,
/// their heap in MiB) the proofs.
#[allow(clippy::too_many_arguments)]
fn run_summary(
    plan: &Plan,
    shard: (u64, u64),
    max: u64,
    kept: Option<usize>,
    workers: usize,
    seconds: u64,
    mem: u64,
    proving: Option<(u64, usize, u64)>,
) -> String {
    format!(
        "sweep: {} combinations, {} skipped (refused by the rules){}; {}this run: {} games on {max}x{max} boards{}, {} threads, estimated {}, memory about {}",
        plan.total,
        plan.skipped_total,
        match plan.skip_reasons.first() {
            Some(r) => format!(", e.g. {r}"),
            None => String::new(),
        },
        if shard.1 > 1 {
            format!("shard {}/{}: ", shard.0, shard.1)
        } else {
            String::new()
        },
        plan.runnable(),
        match kept {
            Some(k) => format!(" ({k} kept from --resume)"),
            None => String::new(),
        },
        workers,
        human_seconds(seconds),
        human_bytes(mem)
    ) + &match proving {
        Some((proofs, java, mib)) => format!(
            "; proving {proofs} distinct games, {java} Java process(es) of -Xmx{mib}m at once"
        ),
        None => String::new(),
    }
}

/// The prover of `--prove`: Walnut `w` with `java` processes at once, its
/// timings appended to `--timings` (a failed write is kept in `failure`, said
/// at the end), the proofs of `--resume`'s kept records not made again.
fn make_prover(
    a: &Args,
    o: wythoff_walnut::sweep::Options,
    w: wythoff_walnut::Walnut,
    java: usize,
    kept: Option<&Resume>,
    failure: std::sync::Arc<std::sync::Mutex<Option<String>>>,
) -> Result<wythoff_walnut::sweep::Prover> {
    let timings = match &a.timings {
        Some(p) => Some(std::sync::Mutex::new(
            std::fs::OpenOptions::new()
                .create(true)
                .append(true)
                .open(p)
                .map_err(|e| anyhow!("--timings {}: {e}", p.display()))?,
        )),
        None => None,
    };
    let path = a.timings.clone();
    let failed = failure;
    let on_timing = Box::new(move |t: &wythoff_walnut::sweep::Timing| {
        if let Some(f) = &timings {
            let mut f = f.lock().unwrap_or_else(|e| e.into_inner());
            let line = serde_json::to_string(t).expect("timing serialises") + "\n";
            // a lost timing line changes no record, but the run has
            // failed to do what it was asked: said at the end, exit 2
            if let Err(e) = f.write_all(line.as_bytes()).and_then(|()| f.flush()) {
                let mut first = failed.lock().unwrap_or_else(|e| e.into_inner());
                first.get_or_insert_with(|| {
                    format!(
                        "--timings {}: {e}",
                        path.as_deref()
                            .map(|p| p.display().to_string())
                            .unwrap_or_default()
                    )
                });
            }
        }
    });
    let p = wythoff_walnut::sweep::Prover::new(o, w, java, on_timing);
    // the proofs the kept records hold are not made again
    if let Some(k) = kept {
        for (i, proof) in &k.proofs {
            let rep = proof.shared_with.unwrap_or(*i);
            p.keep(rep, proof.clone());
        }
    }
    Ok(p)
}

/// Parse a spec; a rules file (`.toml`) is named as such.
fn parse_spec(text: &str) -> Result<Spec> {
    Spec::parse(text).map_err(|e| {
        let t = text.trim();
        if t.ends_with(".toml") || (!t.contains(':') && std::path::Path::new(t).is_file()) {
            anyhow!(
                "sweep takes a catalogue game with ranges (e.g. `modulo-rook:m=1..4,l=0,p=1..6`; see `wythoff games`), not a rules file: `{t}`"
            )
        } else {
            anyhow!(e)
        }
    })
}

/// `--plan T`: each shard's games, seconds and peak memory.
fn plan(
    spec: &Spec,
    max: u64,
    convention: Convention,
    t: u64,
    threads: usize,
    format: SweepFormat,
    proving: Option<&wythoff_walnut::sweep::Options>,
) -> Result<ExitCode> {
    if t == 0 || t > 1_000_000 {
        bail!("--plan {t}: allowed 1 to 1000000 shards");
    }
    let (mut costs, skipped, reasons) = shard_costs(spec, t, max, convention);
    // a proof sweep: each shard proves its distinct games, as many Java
    // processes at once as fit in the memory budget (at most the threads)
    if let Some(o) = proving {
        let distinct = wythoff::sweep_proof::distinct_per_shard(spec, t);
        let budget = memory_budget();
        for (c, d) in costs.iter_mut().zip(&distinct) {
            let workers = threads.min(c.games.max(1) as usize);
            // (a shard where not even one fits is refused when it runs; planned with one)
            let java =
                wythoff_walnut::sweep::java_processes(budget, c.memory_bytes(workers), workers, o)
                    .unwrap_or(1);
            c.add_proofs(*d, java, o.java_bytes(), o.timeout);
        }
    }
    if skipped == spec.total() {
        bail!(
            "every combination of the sweep is refused by the rules, e.g. {}",
            reasons.first().map_or("", |s| s.as_str())
        );
    }
    let mut out = std::io::BufWriter::new(std::io::stdout().lock());
    match format {
        SweepFormat::Json => {
            let list: Vec<String> = costs
                .iter()
                .enumerate()
                .map(|(k, c)| {
                    format!(
                        "{{\"shard\":\"{}/{t}\",\"games\":{},{}\"seconds\":{},\"memory_bytes\":{}}}",
                        k + 1,
                        c.games,
                        if proving.is_some() {
                            format!(
                                "\"proofs\":{},\"seconds_at_most\":{},",
                                c.proofs,
                                c.seconds_at_most(threads)
                            )
                        } else {
                            String::new()
                        },
                        c.seconds(threads),
                        c.memory_bytes(threads)
                    )
                })
                .collect();
            writeln!(out, "[{}]", list.join(","))?;
        }
        SweepFormat::Csv => {
            writeln!(out, "shard,games,seconds,memory_bytes")?;
            for (k, c) in costs.iter().enumerate() {
                writeln!(
                    out,
                    "{}/{t},{},{},{}",
                    k + 1,
                    c.games,
                    c.seconds(threads),
                    c.memory_bytes(threads)
                )?;
            }
        }
        SweepFormat::Markdown => {
            writeln!(out, "| shard | games | seconds | memory_bytes |")?;
            writeln!(out, "|---|---|---|---|")?;
            for (k, c) in costs.iter().enumerate() {
                writeln!(
                    out,
                    "| {}/{t} | {} | {} | {} |",
                    k + 1,
                    c.games,
                    c.seconds(threads),
                    c.memory_bytes(threads)
                )?;
            }
        }
    }
    out.flush()?;
    eprintln!(
        "sweep --plan: {} combinations, {skipped} skipped; {t} shards, each estimated on {threads} threads (--threads, RAYON_NUM_THREADS) on {max}x{max} boards",
        spec.total()
    );
    Ok(ExitCode::SUCCESS)
}

/// A reader over an [`Input`].
fn reader(input: Input) -> Box<dyn BufRead + Send> {
    match input {
        Input::File(f) => Box::new(BufReader::with_capacity(1 << 16, f)),
        Input::Stdin => Box::new(BufReader::with_capacity(1 << 16, std::io::stdin())),
    }
}

/// The first field in which a record's identity differs from the sweep's, as
/// the end of a sentence.
fn differs(ours: &Identity, theirs: &Identity, other_name: &str) -> Option<String> {
    ours.differs(theirs)
        .map(|(what, a, b)| format!("another sweep: {what} `{b}`, where {other_name} has `{a}`"))
}

/// Refuse a record (`text`, numbered `index`, line `line_no` of `name`) of
/// the sweep `sweep` whose game, convention, parameters or board are not
/// those of combination `index` of `spec` (an edited record): merged or
/// resumed, it would put one combination twice and leave another out. Numbers
/// out of range or skipped by the rules are refused where every number is
/// checked.
fn check_record(
    spec: &Spec,
    sweep: &Identity,
    format: SweepFormat,
    text: &str,
    index: u64,
    (name, line_no): (&str, u64),
) -> Result<()> {
    let keys = spec.key_names();
    let claims = sweep::record_claims(format, text, &keys)
        .ok_or_else(|| anyhow!("{name} line {line_no}: not a record of `wythoff sweep`"))?;
    wythoff::sweep::check_record(spec, sweep, index, &claims)
        .map_err(|e| anyhow!("{name} line {line_no}: {e}"))
}

fn plan_keys(plan: &Plan) -> Vec<&str> {
    plan.key_names()
}

fn format_name(f: SweepFormat) -> &'static str {
    match f {
        SweepFormat::Json => "json",
        SweepFormat::Csv => "csv",
        SweepFormat::Markdown => "markdown",
    }
}
