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
    /// 16 to 4096; default 1024).
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
    #[arg(long, requires = "prove", value_name = "SIZE")]
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
        let b = resources::parse_size(m)
            .ok_or_else(|| anyhow!("--java-memory `{m}`: write a size such as 3G or 1536M"))?;
        o.java_memory_mib = b >> 20;
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
        return merge(&names, a.format, a.partial);
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
/// admitted as every plan is (`Bound::cli`), worded for a sweep.
fn admitted_seconds(
    plan: &Plan,
    workers: usize,
    proving: Option<&wythoff_walnut::sweep::Options>,
    proofs: u64,
    java: usize,
    max: u64,
    force: bool,
) -> Result<u64> {
    let seconds = plan.seconds_estimate(workers)
        + match proving {
            Some(o) => wythoff::sweep_proof::proof_seconds(proofs, java, o.timeout).0,
            None => 0,
        };
    // the admission of every plan (`Bound::cli`), worded for a sweep
    if seconds > wythoff::solve::cost::Bound::cli(force).seconds {
        bail!(
            "the sweep would take {} on {workers} threads ({} games of {max}x{max}), over the bound of {} min: split it with --shard K/T (see --plan T) or use --force",
            human_seconds(seconds),
            plan.runnable(),
            TIME_BOUND_SECONDS / 60
        );
    }
    Ok(seconds)
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

/// A `--timings` write that failed makes the run fail (exit 1, said) once the
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
            // failed to do what it was asked: said at the end, exit 1
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

/// Refuse a record (`text`, numbered `index`, line `line_no` of `name`) whose
/// game, convention or parameters are not those of combination `index` of
/// `spec` (an edited record): merged or resumed, it would put one combination
/// twice and leave another out. Numbers out of range or skipped by the rules
/// are refused where every number is checked.
fn check_record(
    spec: &Spec,
    convention: &str,
    format: SweepFormat,
    text: &str,
    index: u64,
    (name, line_no): (&str, u64),
) -> Result<()> {
    let keys = spec.key_names();
    let (game, conv, values) = sweep::record_claims(format, text, &keys)
        .ok_or_else(|| anyhow!("{name} line {line_no}: not a record of `wythoff sweep`"))?;
    wythoff::sweep::check_record(spec, convention, index, &game, &conv, &values)
        .map_err(|e| anyhow!("{name} line {line_no}: {e}"))
}

/// The file of `--resume`, scanned: its whole records (numbers, in order).
struct Resume {
    path: String,
    format: SweepFormat,
    /// Numbers of the whole records it holds, increasing.
    indices: Vec<u64>,
    /// The proofs its records hold (a proof sweep), by number.
    proofs: Vec<(u64, wythoff::sweep_proof::ProofRecord)>,
}

/// The file of `--resume`, reopened to copy its records into the output.
struct Kept {
    name: String,
    format: SweepFormat,
    r: Box<dyn BufRead + Send>,
    buf: Vec<u8>,
    line_no: u64,
    /// The next record to copy (number, line), if read ahead.
    next: Option<(u64, String)>,
    left: usize,
}

impl Resume {
    fn scan(path: &str, format: SweepFormat, plan: &Plan) -> Result<Resume> {
        let name = format!("--resume {}", crate::game_arg::shorten_path(path));
        let f = match resources::open_input(path, "--resume file")? {
            Input::File(f) => f,
            Input::Stdin => bail!("--resume takes a file, not standard input"),
        };
        if resources::is_stdout(&f) {
            bail!(
                "{name} is also the output (`> FILE`): write the completed sweep to another file"
            );
        }
        let mut r = reader(Input::File(f));
        let mut buf = Vec::new();
        let header = sweep::header(format, &plan_keys(plan));
        let mut indices: Vec<u64> = Vec::new();
        let mut proofs = Vec::new();
        let mut line_no = 0u64;
        let spec = Spec::parse(&plan.identity.spec)
            .map_err(|e| anyhow!("the sweep's spec does not parse here: {e}"))?;
        loop {
            line_no += 1;
            match resources::read_line(&mut r, &mut buf, &name, line_no)? {
                Line::End | Line::Cut => break, // a cut last line is recomputed
                Line::Whole => {}
            }
            let text = std::str::from_utf8(&buf)
                .map_err(|_| anyhow!("{name} line {line_no} is not UTF-8 text"))?;
            if (line_no as usize) <= header.len() {
                if text != header[line_no as usize - 1] {
                    bail!(
                        "{name} line {line_no} is not the {} header of this sweep (another sweep or format?)",
                        format_name(format)
                    );
                }
                continue;
            }
            let p = sweep::parse_line(format, text)
                .map_err(|e| anyhow!("{name} line {line_no}: {e}"))?;
            if let Some(d) = differs(&plan.identity, &p.identity, "this run") {
                bail!("{name} line {line_no} is {d}");
            }
            if p.shard != plan.shard {
                bail!(
                    "{name} line {line_no} is from --shard {}/{}, this run is --shard {}/{}",
                    p.shard.0,
                    p.shard.1,
                    plan.shard.0,
                    plan.shard.1
                );
            }
            if indices.last().is_some_and(|&l| p.index <= l) {
                bail!("{name} line {line_no}: combination {} is out of order (not the output of one run)", p.index);
            }
            if !plan.solves(p.index) {
                bail!(
                    "{name} line {line_no}: combination {} is not solved by this run",
                    p.index
                );
            }
            check_record(
                &spec,
                &plan.identity.convention,
                format,
                text,
                p.index,
                (&name, line_no),
            )?;
            wythoff::sweep_proof::check_proof(
                &spec,
                plan.identity.prove.as_deref(),
                p.index,
                p.proof.as_ref(),
            )
            .map_err(|e| anyhow!("{name} line {line_no}: {e}"))?;
            if let Some(proof) = p.proof {
                proofs.push((p.index, proof));
            }
            indices.push(p.index);
        }
        Ok(Resume {
            path: path.to_string(),
            format,
            indices,
            proofs,
        })
    }

    fn reopen(self) -> Result<Kept> {
        let name = format!("--resume {}", crate::game_arg::shorten_path(&self.path));
        let f = match resources::open_input(&self.path, "--resume file")? {
            Input::File(f) => f,
            Input::Stdin => unreachable!("a file"),
        };
        let mut k = Kept {
            name,
            format: self.format,
            r: reader(Input::File(f)),
            buf: Vec::new(),
            line_no: 0,
            next: None,
            left: self.indices.len(),
        };
        // skip the header
        for _ in 0..sweep::header_lines(self.format) {
            k.line_no += 1;
            resources::read_line(&mut k.r, &mut k.buf, &k.name, k.line_no)?;
        }
        Ok(k)
    }
}

impl Kept {
    /// Copy the kept records numbered below `before` (all with `None`).
    fn copy_until(&mut self, before: Option<u64>, out: &mut dyn Write) -> Result<()> {
        loop {
            if self.next.is_none() {
                if self.left == 0 {
                    return Ok(());
                }
                self.line_no += 1;
                if resources::read_line(&mut self.r, &mut self.buf, &self.name, self.line_no)?
                    != Line::Whole
                {
                    bail!("{} changed while it was read", self.name);
                }
                let text = String::from_utf8(std::mem::take(&mut self.buf))
                    .map_err(|_| anyhow!("{} changed while it was read", self.name))?;
                let p = sweep::parse_line(self.format, &text)
                    .map_err(|_| anyhow!("{} changed while it was read", self.name))?;
                self.next = Some((p.index, text));
                self.left -= 1;
            }
            let (i, _) = self.next.as_ref().expect("read ahead");
            if before.is_some_and(|b| *i >= b) {
                return Ok(());
            }
            let (_, mut text) = self.next.take().expect("read ahead");
            text.push('\n');
            out.write_all(text.as_bytes())?;
            out.flush()?;
        }
    }
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

/// Where a record lies: input, byte offset, length (standard input is kept in
/// memory, files are read again at the offset).
#[derive(Clone, Copy)]
struct Entry {
    index: u64,
    source: u32,
    offset: u64,
    len: u32,
    line_no: u64,
}

struct Source {
    name: String,
    file: Option<std::fs::File>,
    mem: Vec<u8>,
}

impl Source {
    fn line(&self, e: &Entry) -> Result<String> {
        let bytes = match &self.file {
            Some(f) => {
                use std::os::unix::fs::FileExt;
                let mut b = vec![0u8; e.len as usize];
                f.read_exact_at(&mut b, e.offset)
                    .map_err(|err| anyhow!("cannot read {}: {err}", self.name))?;
                b
            }
            None => self.mem[e.offset as usize..e.offset as usize + e.len as usize].to_vec(),
        };
        String::from_utf8(bytes).map_err(|_| anyhow!("{} changed while it was read", self.name))
    }
}

/// `--merge`: check that every input belongs to one sweep, that no record
/// conflicts and none is missing, and print the records in order.
/// What `--merge` has read so far: the files, their records' places, the first
/// record's format, keys and identity (every record is checked against them),
/// and the shards seen.
#[derive(Default)]
struct Merged {
    sources: Vec<Source>,
    entries: Vec<Entry>,
    first: Option<(String, SweepFormat, Vec<String>, Identity)>,
    // the sweep of the first record, against which every record is checked
    first_spec: Option<Spec>,
    // the shards seen, and whether every record carries one of them
    shards: Vec<(u64, u64)>,
}

fn merge(paths: &[String], format: Option<SweepFormat>, partial: bool) -> Result<ExitCode> {
    let stdin_cap = (memory_budget() / 4).min(1 << 30);
    if paths.iter().filter(|p| *p == "-").count() > 1 {
        bail!("--merge: `-` (standard input) is given twice");
    }
    let mut m = Merged::default();
    for path in paths {
        read_merge_file(path, stdin_cap, &mut m)?;
    }
    let Merged {
        sources,
        mut entries,
        first,
        shards,
        ..
    } = m;
    let Some((_, in_format, keys, id)) = first else {
        bail!("--merge: the files hold no records");
    };
    let (spec, out_format) = merged_identity(&id, in_format, format)?;
    let present = merged_present(&mut entries, &sources, in_format)?;
    let missing = merged_missing(&spec, &present, &entries, &sources)?;
    if !missing.is_empty() {
        let what = missing_words(&missing, &shards, &entries, &sources);
        if !partial {
            bail!("{what}; or merge what there is with --partial");
        }
        eprintln!("wythoff: --partial: {what}");
    }
    write_merged(&entries, &sources, &keys, in_format, out_format)?;
    Ok(ExitCode::SUCCESS)
}

/// Read one `--merge` file (or standard input, `-`): each record checked
/// against the first record's sweep, its place kept in `m.entries`.
fn read_merge_file(path: &str, stdin_cap: u64, m: &mut Merged) -> Result<()> {
    let shown = if path == "-" {
        "standard input".to_string()
    } else {
        crate::game_arg::shorten_path(path)
    };
    let input = resources::open_input(path, "--merge file")?;
    let (file, is_stdin) = match &input {
        Input::File(f) => (Some(f.try_clone()?), false),
        Input::Stdin => (None, true),
    };
    let mut r = reader(input);
    let mut mem = Vec::new();
    let mut buf = Vec::new();
    let (mut offset, mut line_no) = (0u64, 0u64);
    let mut head: Vec<String> = Vec::new();
    let mut fmt: Option<SweepFormat> = None;
    let src = m.sources.len() as u32;
    loop {
        line_no += 1;
        let kind = resources::read_line(&mut r, &mut buf, &shown, line_no)?;
        if kind == Line::End {
            break;
        }
        let start = offset;
        offset += buf.len() as u64 + 1;
        if is_stdin {
            if mem.len() as u64 + buf.len() as u64 > stdin_cap {
                bail!(
                    "standard input holds more than {}: give --merge the files",
                    human_bytes(stdin_cap)
                );
            }
            mem.extend_from_slice(&buf);
        }
        let text = std::str::from_utf8(&buf)
            .map_err(|_| anyhow!("{shown} line {line_no} is not UTF-8 text"))?;
        let f = match fmt {
            Some(f) => f,
            None => {
                let f = sweep::format_of(text).ok_or_else(|| {
                    anyhow!("{shown} is not the output of `wythoff sweep` (json, csv or markdown)")
                })?;
                if let Some((n, f0, _, _)) = &m.first {
                    if *f0 != f {
                        bail!(
                            "{shown} is {}, {n} is {}: merge outputs of one format",
                            format_name(f),
                            format_name(*f0)
                        );
                    }
                }
                fmt = Some(f);
                f
            }
        };
        if head.len() < sweep::header_lines(f) {
            if kind == Line::Cut {
                break;
            }
            head.push(text.to_string());
            continue;
        }
        if kind == Line::Cut {
            // an interrupted run's last line: the record counts as missing
            break;
        }
        let p = sweep::parse_line(f, text).map_err(|e| anyhow!("{shown} line {line_no}: {e}"))?;
        match &m.first {
            None => {
                let keys = Spec::parse(&p.identity.spec)
                    .map(|s| s.key_names().iter().map(|k| k.to_string()).collect())
                    .map_err(|e| {
                        anyhow!("{shown} line {line_no}: its spec does not parse here: {e}")
                    })?;
                let keys: Vec<String> = keys;
                let want = sweep::header(f, &keys.iter().map(|k| k.as_str()).collect::<Vec<_>>());
                if head != want {
                    bail!("{shown}: the header does not match its records' sweep");
                }
                m.first = Some((shown.clone(), f, keys, p.identity.clone()));
                m.first_spec = Spec::parse(&p.identity.spec).ok();
            }
            Some((n, _, keys, id)) => {
                if let Some(d) = differs(id, &p.identity, n) {
                    bail!("{shown} line {line_no} is {d}");
                }
                let want = sweep::header(f, &keys.iter().map(|k| k.as_str()).collect::<Vec<_>>());
                if head != want {
                    bail!("{shown}: the header is not the one of {n} (another sweep?)");
                }
            }
        }
        if let Some(spec) = &m.first_spec {
            check_record(
                spec,
                &p.identity.convention,
                f,
                text,
                p.index,
                (&shown, line_no),
            )?;
            if f == SweepFormat::Json {
                wythoff::sweep_proof::check_proof(
                    spec,
                    p.identity.prove.as_deref(),
                    p.index,
                    p.proof.as_ref(),
                )
                .map_err(|e| anyhow!("{shown} line {line_no}: {e}"))?;
            }
        }
        if !m.shards.contains(&p.shard) {
            m.shards.push(p.shard);
        }
        m.entries.push(Entry {
            index: p.index,
            source: src,
            offset: if is_stdin {
                (mem.len() - buf.len()) as u64
            } else {
                start
            },
            len: buf.len() as u32,
            line_no,
        });
    }
    m.sources.push(Source {
        name: shown,
        file,
        mem,
    });
    Ok(())
}

/// The records' sweep as this wythoff enumerates it (its identity must be the
/// records'), and the output format (a proof sweep's records are json only).
fn merged_identity(
    id: &Identity,
    in_format: SweepFormat,
    format: Option<SweepFormat>,
) -> Result<(Spec, SweepFormat)> {
    let out_format = format.unwrap_or(in_format);
    if id.prove.is_some() && out_format != SweepFormat::Json {
        bail!(
            "--format {}: the records are a proof sweep's, written as json only",
            format_name(out_format)
        );
    }
    if out_format == SweepFormat::Json && in_format != SweepFormat::Json {
        bail!(
            "--format json cannot be made from {} records: merge the json outputs",
            format_name(in_format)
        );
    }
    // the sweep, as this wythoff enumerates it
    let spec =
        Spec::parse(&id.spec).map_err(|e| anyhow!("the records' spec does not parse here: {e}"))?;
    let convention = if id.convention == "misere" {
        Convention::Misere
    } else {
        Convention::Normal
    };
    let mut here = Identity::new(&spec, id.max, convention);
    // the proof options are the records' own (merging runs no Walnut)
    here.prove = id.prove.clone();
    if let Some((what, theirs, ours)) = id.differs(&here) {
        bail!(
            "the records are of {what} `{theirs}`, this wythoff has `{ours}`: merge with the wythoff that made them"
        );
    }
    Ok((spec, out_format))
}

/// The combinations present, each once, `entries` sorted; two different
/// records for one combination are refused.
fn merged_present(
    entries: &mut [Entry],
    sources: &[Source],
    in_format: SweepFormat,
) -> Result<Vec<u64>> {
    entries.sort_by_key(|e| (e.index, e.source, e.offset));
    // conflicts: one number, two different records
    let mut present: Vec<u64> = Vec::with_capacity(entries.len());
    for (k, e) in entries.iter().enumerate() {
        if k > 0 && entries[k - 1].index == e.index {
            let prev = &entries[k - 1];
            let line = |e: &Entry| -> Result<(String, Parsed)> {
                let s = &sources[e.source as usize];
                let text = s.line(e)?;
                let p = sweep::parse_line(in_format, &text)
                    .map_err(|_| anyhow!("{} changed while it was read", s.name))?;
                let u = sweep::unshard(in_format, &text, p.shard).ok_or_else(|| {
                    anyhow!(
                        "{} line {}: not a record of `wythoff sweep`",
                        s.name,
                        e.line_no
                    )
                })?;
                Ok((u, p))
            };
            let (a, _) = line(prev)?;
            let (b, _) = line(e)?;
            if a != b {
                bail!(
                    "combination {} differs between {} line {} and {} line {}: two different records for one combination",
                    e.index,
                    sources[prev.source as usize].name,
                    prev.line_no,
                    sources[e.source as usize].name,
                    e.line_no
                );
            }
            continue;
        }
        present.push(e.index);
    }
    Ok(present)
}

/// The combinations the sweep must have (every one the rules accept) that no
/// file holds; a record of a skipped or out-of-range combination is refused.
fn merged_missing(
    spec: &Spec,
    present: &[u64],
    entries: &[Entry],
    sources: &[Source],
) -> Result<Vec<u64>> {
    // the numbers the sweep must have: every combination the rules accept
    let mut missing: Vec<u64> = Vec::new();
    let mut p = 0usize;
    for i in 0..spec.total() {
        let runnable = spec.combination(i).game.is_ok();
        let here = p < present.len() && present[p] == i;
        if here {
            p += 1;
            if !runnable {
                let e = entries.iter().find(|e| e.index == i).expect("present");
                bail!(
                    "{} line {}: combination {i} is skipped by the rules in this sweep: not one of its records",
                    sources[e.source as usize].name,
                    e.line_no
                );
            }
        } else if runnable {
            missing.push(i);
        }
    }
    if p < present.len() {
        let i = present[p];
        let e = entries.iter().find(|e| e.index == i).expect("present");
        bail!(
            "{} line {}: combination {i} is out of range (the sweep has {})",
            sources[e.source as usize].name,
            e.line_no,
            spec.total()
        );
    }
    Ok(missing)
}

/// The records in order, each once, as one unsharded run prints them.
fn write_merged(
    entries: &[Entry],
    sources: &[Source],
    keys: &[String],
    in_format: SweepFormat,
    out_format: SweepFormat,
) -> Result<()> {
    // the records in order, each once, as one unsharded run prints them
    let mut out = std::io::BufWriter::new(std::io::stdout().lock());
    for h in sweep::header(
        out_format,
        &keys.iter().map(|k| k.as_str()).collect::<Vec<_>>(),
    ) {
        writeln!(out, "{h}")?;
    }
    let key_refs: Vec<&str> = keys.iter().map(|k| k.as_str()).collect();
    for (k, e) in entries.iter().enumerate() {
        if k > 0 && entries[k - 1].index == e.index {
            continue;
        }
        let s = &sources[e.source as usize];
        let text = s.line(e)?;
        let parsed = sweep::parse_line(in_format, &text)
            .map_err(|_| anyhow!("{} changed while it was read", s.name))?;
        let u = sweep::unshard(in_format, &text, parsed.shard).ok_or_else(|| {
            anyhow!(
                "{} line {}: not a record of `wythoff sweep`",
                s.name,
                e.line_no
            )
        })?;
        let l = sweep::convert(in_format, out_format, &u, &parsed, &key_refs).ok_or_else(|| {
            anyhow!(
                "{} line {}: cannot be written as {}",
                s.name,
                e.line_no,
                format_name(out_format)
            )
        })?;
        writeln!(out, "{l}")?;
    }
    out.flush()?;
    Ok(())
}

/// "missing 3 of 6 records: re-run --shard 2/2" (whole shards), or the numbers.
fn missing_words(
    missing: &[u64],
    shards: &[(u64, u64)],
    entries: &[Entry],
    _sources: &[Source],
) -> String {
    let total = missing.len() + {
        let mut n = 0usize;
        for (k, e) in entries.iter().enumerate() {
            if k == 0 || entries[k - 1].index != e.index {
                n += 1;
            }
        }
        n
    };
    let head = format!("{} of {total} records are missing", missing.len());
    let list = |items: Vec<String>| -> String {
        let n = items.len();
        let shown: Vec<String> = items.into_iter().take(12).collect();
        if n > shown.len() {
            format!("{} and {} more", shown.join(" "), n - shown.len())
        } else {
            shown.join(" ")
        }
    };
    // the inputs are shards of one T: name the shards that hold the missing ones
    let ts: Vec<u64> = shards.iter().map(|s| s.1).collect();
    if let Some(&t) = ts.first() {
        if t > 1 && ts.iter().all(|&x| x == t) {
            let mut ks: Vec<u64> = missing.iter().map(|i| i % t + 1).collect();
            ks.sort_unstable();
            ks.dedup();
            return format!(
                "{head}: re-run {} (or complete a cut shard's file with --resume)",
                list(ks.iter().map(|k| format!("--shard {k}/{t}")).collect())
            );
        }
    }
    format!(
        "{head}: combinations {} (not whole shards: re-run the shards that hold them)",
        list(missing.iter().map(|i| i.to_string()).collect())
    )
}
