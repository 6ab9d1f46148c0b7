//! `wythoff prove`'s text: the one rendering of a [`Report`] (the JSON is its
//! serialisation) and of a re-check.

use std::io::{self, Write};
use wythoff::prove::plan::{COMMAND_FILE, WINNING};
use wythoff::prove::{PlanSummary, Report, StatementResult, Verdict};
use wythoff_walnut::RecheckReport;

fn result_text(st: &StatementResult) -> String {
    match st.result {
        Some(true) => "TRUE".to_string(),
        Some(false) if st.error.is_empty() => "FALSE".to_string(),
        Some(false) => format!("FALSE ({})", st.error),
        None => format!("ERROR ({})", st.error),
    }
}

fn statement_line(
    out: &mut dyn Write,
    name: &str,
    res: &str,
    seconds: Option<f64>,
    largest: Option<usize>,
) -> io::Result<()> {
    let big = largest
        .map(|n| format!(" (largest intermediate automaton {n} states)"))
        .unwrap_or_default();
    match seconds {
        Some(s) => writeln!(out, "    {name:<18} {res:<6} {s:.3} s{big}"),
        None => writeln!(out, "    {name:<18} {res}{big}"),
    }
}

/// The report in words; `emit`: where the WALNUT_HOME was also written.
pub fn text(out: &mut dyn Write, r: &Report, emit: Option<&std::path::Path>) -> io::Result<()> {
    let object = match (r.grundy, r.value) {
        (Some(_), Some(g)) => format!(" (Grundy values, the level G = {g})"),
        (Some(_), None) => " (Grundy values, the function G(x, y) = z)".to_string(),
        _ => String::new(),
    };
    if r.verdict == Verdict::NoAutomaton {
        return no_automaton_text(out, r, &object);
    }
    writeln!(
        out,
        "{} ({}){object}: {}",
        r.game,
        r.convention_text,
        r.verdict.as_str()
    )?;
    verdict_text(out, r)?;
    writeln!(
        out,
        "  guessed from {}; decided by Walnut {} (jar sha256 {}):",
        r.source, r.walnut_version, r.walnut_sha256
    )?;
    for st in &r.statements {
        statement_line(
            out,
            &st.name,
            &result_text(st),
            st.seconds,
            st.largest_automaton,
        )?;
    }
    side_statements_text(out, r)?;
    let peak = peak_words(r.walnut_peak_bytes);
    writeln!(
        out,
        "  Walnut: {:.3} s computing (definitions and statements), {:.1} s wall (Java's start included){peak}",
        r.walnut_seconds, r.wall_seconds
    )?;
    if let Some(w) = &r.witness {
        writeln!(
            out,
            "  smallest position where it fails: ({}, {}) ({})",
            w.x, w.y, w.statement
        )?;
    }
    if let Some(dir) = emit {
        writeln!(
            out,
            "  Walnut files: {} (run `load {COMMAND_FILE};` with WALNUT_HOME there, or `wythoff prove --recheck {}`)",
            dir.display(),
            dir.display()
        )?;
    }
    Ok(())
}

/// No automaton found: the numerations tried.
fn no_automaton_text(out: &mut dyn Write, r: &Report, object: &str) -> io::Result<()> {
    writeln!(
        out,
        "{} ({}){object}: no automaton found on the {} x {} board",
        r.game, r.convention_text, r.max, r.max
    )?;
    writeln!(out, "  tried, up to {} states:", r.max_states)?;
    for t in &r.tried {
        writeln!(out, "    {t}")?;
    }
    Ok(())
}

/// What was proved or refuted, or where Walnut stopped.
fn verdict_text(out: &mut dyn Write, r: &Report) -> io::Result<()> {
    let ns = r.numeration.as_deref().unwrap_or("?");
    let words = r.numeration_words.as_deref().unwrap_or("?");
    let states = r.states.unwrap_or(0);
    let how = &r.how;
    let levels = r
        .level_states
        .iter()
        .map(|n| n.to_string())
        .collect::<Vec<_>>()
        .join(", ");
    match (r.verdict, r.grundy, r.value) {
        (Verdict::Proved, Some(_), None) => writeln!(out,
            "  G(x, y) = z exactly for the triples (x, y, z) accepted by a {states}-state automaton in {words} ({ns}, {}), for every position",
            r.automaton.as_deref().unwrap_or("?")
        )?,
        (Verdict::Proved, Some(_), Some(g)) => writeln!(out,
            "  the positions of Grundy value {g} are exactly the pairs accepted by a {states}-state automaton in {words} ({ns}, {}), for every position (levels 0..{g}: {levels} states, each proved)",
            r.automaton.as_deref().unwrap_or("?")
        )?,
        (Verdict::Refuted, Some(_), _) => writeln!(
            out,
            "  {} guessed from the board is not the Grundy function",
            r.model
        )?,
        (Verdict::Proved, _, _) => writeln!(out,
            "  the P-positions are exactly the pairs (x, y) accepted by a {states}-state automaton in {words} ({ns}){how}, for every position"
        )?,
        (Verdict::Refuted, _, _) => writeln!(
            out,
            "  the {states}-state automaton in {words} ({ns}){how} guessed from the board is not the P-set"
        )?,
        (Verdict::OutOfMemory, _, _) => {
            if let Some(o) = &r.out_of_memory {
                writeln!(
                    out,
                    "  Java ran out of memory after {:.1} s, heap {}, on {}{}; undecided: {}",
                    o.seconds,
                    o.heap,
                    r.model,
                    o.statement
                        .as_deref()
                        .map(|s| format!(", deciding `{s}`"))
                        .unwrap_or_default(),
                    r.unfinished.join(", ")
                )?;
            }
            stopped_in(out, r)?;
        }
        _ => {
            writeln!(
                out,
                "  Walnut ran past {} s on {}; undecided: {}",
                r.timeout,
                r.model,
                r.unfinished.join(", ")
            )?;
            stopped_in(out, r)?;
        }
    }
    Ok(())
}

/// The statements not part of the proof: those answered FALSE, the closed
/// form, the papers' complementarity, the winning moves.
fn side_statements_text(out: &mut dyn Write, r: &Report) -> io::Result<()> {
    if !r.side_false.is_empty() {
        writeln!(
            out,
            "  not part of the proof of the P-set, answered FALSE: {} (statements about the sequences read off the graphs, or the papers' statements; the verdict on the set stands)",
            r.side_false.join(", ")
        )?;
    }
    if let Some(l) = &r.level_sets {
        let list = |v: &[u32]| {
            v.iter()
                .map(|k| k.to_string())
                .collect::<Vec<_>>()
                .join(", ")
        };
        let mut said = Vec::new();
        match l.every_level_finite {
            Some(true) => said.push("every level set is finite".to_string()),
            Some(false) => said.push("some level set is infinite".to_string()),
            None => {}
        }
        if !l.finite.is_empty() {
            said.push(format!("finite: G = {}", list(&l.finite)));
        }
        if !l.infinite.is_empty() {
            said.push(format!("infinite: G = {}", list(&l.infinite)));
        }
        if !said.is_empty() {
            writeln!(
                out,
                "  level sets (not part of the proof; one Walnut line each in prove.txt, with the proof a theorem): {}",
                said.join("; ")
            )?;
        }
    }
    if let Some(cf) = &r.closed_form {
        let said = match (cf.verdict, &cf.why) {
            (Some(true), _) => "TRUE: the closed form is exactly the proved set".to_string(),
            (Some(false), _) => "FALSE: the closed form is NOT the proved set".to_string(),
            (None, Some(why)) => format!("not stated ({why})"),
            (None, None) => "not answered".to_string(),
        };
        writeln!(
            out,
            "  closed_form (not part of the proof): {} - {}: {said}",
            cf.source, cf.form
        )?;
    }
    if let Some(c) = r.row_count {
        writeln!(
            out,
            "  p_complementarity (the papers' statement, not part of the proof): every x >= 1 is the first pile of exactly {c} P-position(s)"
        )?;
    }
    if let Some(st) = r.statements.iter().find(|s| s.positions.is_some()) {
        writeln!(
            out,
            "  {} (not part of the proof): the moves into the proved set that Walnut built ({WINNING}.txt) are{} the winning moves `outcome` prints, at {} positions (piles up to {})",
            st.name,
            if st.result == Some(true) { "" } else { " NOT" },
            st.positions.unwrap_or(0),
            st.largest_pile.as_deref().unwrap_or("?")
        )?;
    }
    Ok(())
}

/// A re-check in words: one line a statement, then Walnut's error lines.
pub fn recheck_text(
    out: &mut dyn Write,
    dir: &std::path::Path,
    r: &RecheckReport,
) -> io::Result<()> {
    writeln!(
        out,
        "{}: re-run in Walnut {} alone (jar sha256 {}){}:",
        dir.display(),
        r.walnut_version,
        r.walnut_sha256,
        if r.timed_out {
            ", stopped at the time bound"
        } else {
            ""
        }
    )?;
    writeln!(
        out,
        "  the statements wythoff prove writes for {} ({}): {}, about {}",
        r.game,
        r.convention,
        r.proves,
        r.automata
            .iter()
            .map(|(p, h)| format!("{p} (sha256 {h})"))
            .collect::<Vec<_>>()
            .join(", ")
    )?;
    for st in &r.statements {
        let res = match st.result {
            Some(true) => "TRUE".to_string(),
            Some(false) => "FALSE".to_string(),
            None if st.error.is_empty() => "no answer".to_string(),
            None => format!("ERROR ({})", st.error),
        };
        statement_line(out, &st.name, &res, st.seconds, st.largest_automaton)?;
    }
    if r.errors.is_empty() {
        writeln!(out, "  no error line")?;
    } else {
        for e in &r.errors {
            writeln!(out, "  Walnut error: {e}")?;
        }
    }
    writeln!(
        out,
        "  Walnut: {:.1} s wall (Java's start included){}",
        r.wall_seconds,
        peak_words(r.peak_bytes)
    )?;
    Ok(())
}

/// ", Java's peak memory N MiB" where the runner read it.
fn peak_words(bytes: Option<u64>) -> String {
    match bytes {
        Some(b) => format!(", Java's peak memory {} MiB", b.div_ceil(1 << 20)),
        None => String::new(),
    }
}

fn heap_words(sum: &PlanSummary) -> String {
    match sum.java_heap_mib {
        Some(m) => format!("{m} MiB"),
        None => "Java's default (a quarter of the machine's memory)".into(),
    }
}

/// The line `prove` writes on stderr before Walnut starts.
pub fn plan_line(sum: &PlanSummary) -> String {
    format!(
        "prove {}: Walnut starts on {}, guessed from {}; {} statements; Java heap {}, timeout {} s; time and memory {}",
        sum.game,
        sum.candidate.as_deref().unwrap_or("nothing"),
        sum.source,
        sum.statements.len(),
        heap_words(sum),
        sum.timeout,
        sum.estimate
    )
}

/// `prove --plan` in words.
pub fn plan_text(out: &mut dyn Write, sum: &PlanSummary) -> io::Result<()> {
    writeln!(
        out,
        "{} ({}): the plan of `prove`",
        sum.game, sum.convention
    )?;
    writeln!(out, "  board: {} x {}", sum.board, sum.board)?;
    if let Some(g) = &sum.guess {
        writeln!(out, "  guess: {g}")?;
    }
    match &sum.candidate {
        Some(c) => {
            writeln!(out, "  candidate: {c}, guessed from {}", sum.source)?;
            writeln!(out, "  statements: {}", sum.statements.join(", "))?;
        }
        None => writeln!(out, "  candidate: none (no automaton found)")?,
    }
    writeln!(out, "  numerations tried:")?;
    for t in &sum.tried {
        writeln!(out, "    {t}")?;
    }
    writeln!(out, "  Java heap: {}", heap_words(sum))?;
    writeln!(out, "  timeout: {} s", sum.timeout)?;
    writeln!(out, "  Walnut's time and memory: {}", sum.estimate)?;
    Ok(())
}

/// Where Walnut was when it stopped (a time-out or out of memory), when known.
fn stopped_in(out: &mut dyn Write, r: &Report) -> std::io::Result<()> {
    if let Some(run) = &r.running {
        writeln!(
            out,
            "  stopped in `{}`{}",
            run.command,
            run.largest_automaton
                .map(|n| format!(", its largest intermediate automaton so far {n} states"))
                .unwrap_or_default()
        )?;
    }
    Ok(())
}

/// `prove --alteration` (and the re-check of its folder) as text: the
/// verdict, the theorem, D, the board, the witnesses, the folder.
pub fn alteration_text(
    out: &mut dyn Write,
    r: &wythoff::prove::alteration::AlterationReport,
    emit: Option<&std::path::Path>,
    rechecked: Option<&std::path::Path>,
) -> io::Result<()> {
    use wythoff::prove::alteration::AlterationVerdict;
    let verdict = match r.verdict {
        AlterationVerdict::Proved => "proved",
        AlterationVerdict::NotProved => "not proved",
    };
    let convention = if r.convention == "misere" {
        "misère play"
    } else {
        "normal play"
    };
    if let Some(dir) = rechecked {
        writeln!(
            out,
            "{}: the finite-alteration certificate re-checked alone (the board solved again from the rules with {})",
            dir.display(),
            r.rechecked_with.unwrap_or("the solvers")
        )?;
    }
    writeln!(
        out,
        "{} ({convention}) against {} (--alteration {}): {verdict}",
        r.game, r.reference, r.alteration
    )?;
    if let Some(why) = &r.reason {
        writeln!(out, "  {why}")?;
        return Ok(());
    }
    writeln!(out, "  theorem: {}", r.theorem)?;
    let cells: Vec<String> = r
        .differences
        .iter()
        .map(|(x, y)| format!("({x}, {y})"))
        .collect();
    writeln!(
        out,
        "  D ({} cell{}): {}",
        cells.len(),
        if cells.len() == 1 { "" } else { "s" },
        cells.join(" ")
    )?;
    writeln!(
        out,
        "  checked on the board {0} x {0} (0 <= x, y < {0}), with {1} line witnesses: on every line through D in a move direction, a P-position and a cell of the set it is compared with (docs/proofs.md, \"Finite alterations\")",
        r.board, r.witnesses
    )?;
    if let Some(dir) = emit {
        writeln!(
            out,
            "  certificate: {} (re-check alone: wythoff prove --recheck {})",
            dir.join(wythoff::prove::alteration::FILE).display(),
            dir.display()
        )?;
    }
    Ok(())
}

/// `prove GAME --family PARAM --plan` in words.
pub fn family_plan_text(
    out: &mut dyn Write,
    req: &wythoff::prove::family::FamilyRequest,
    p: &wythoff::prove::family::FamilyPlan,
) -> io::Result<()> {
    writeln!(
        out,
        "{} over {} = its first {} values: the plan of `prove --family`",
        req.family, req.param, p.members
    )?;
    writeln!(
        out,
        "  each member solved on the {} x {} board",
        p.board, p.board
    )?;
    writeln!(
        out,
        "  estimated: {} of computation, {} at the peak (one thread; Walnut is not run)",
        wythoff::solve::cost::human_seconds(p.seconds),
        wythoff::solve::human_bytes(p.memory)
    )
}

/// `prove GAME --family PARAM` in words: one line a numeration.
pub fn family_text(
    out: &mut dyn Write,
    r: &wythoff::prove::family::FamilyReport,
) -> io::Result<()> {
    writeln!(
        out,
        "{} over {} = {}..{}: is (v, x, y) in P automatic?",
        r.family,
        r.param,
        r.first,
        r.first + r.up_to - 1
    )?;
    writeln!(
        out,
        "  the data: for each value v and pile x below {}, the largest y with (x, y) a P-position (each member solved on the {} board)",
        r.up_to, r.board
    )?;
    for t in &r.tries {
        match t.states {
            Some(s) => writeln!(
                out,
                "  {}: an automaton of {s} states agrees with the data (a candidate: the statements with {} free are not written by this version)",
                t.words, r.param
            )?,
            None => writeln!(
                out,
                "  {}: none with at most {} states; {} classes of prefixes told apart ({} digits of data)",
                t.words, r.max_states, t.classes, t.digits
            )?,
        }
    }
    writeln!(
        out,
        "  classes that grow with --up-to are evidence against an automaton in that numeration; no automaton found is a fact about this search, not about the game"
    )
}

/// One line of a long Walnut run's progress (stderr, every 30 s): the time,
/// the statements answered of `total`, the command it is computing and the
/// largest automaton it has reported for it.
pub fn progress_line(
    label: &str,
    secs: f64,
    total: usize,
    p: &wythoff::prove::walnut_output::Progress,
) -> String {
    let now = match (&p.current, p.largest) {
        (Some(c), Some(n)) => format!("; computing `{c}` (largest automaton so far {n} states)"),
        (Some(c), None) => format!("; computing `{c}`"),
        (None, _) => String::new(),
    };
    format!(
        "prove {label}: Walnut at {secs:.0} s: {} of {total} statements answered, {} commands finished{now}",
        p.answered, p.finished
    )
}
