//! `wythoff rows GAME --rows A..B [--columns Y] [--format text|csv|json]
//! [--plan]`: Grundy rows `A..B`, each with its law (preperiod, period,
//! saltus) and whether the row certificate proves it (the columns where the
//! row's state repeated, the columns computed). Rows `0..=B` are computed over
//! `Y` columns in `O(B Y)` memory (the library's row kernel).

use crate::progress::Bar;
use std::io::Write;
use std::process::ExitCode;
use wythoff::answer::{self, RowReport};
use wythoff::solve;
use wythoff::Admit;

#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
pub enum RowsFormat {
    Text,
    Csv,
    Json,
}

#[derive(clap::Args)]
pub struct Args {
    /// The game: `name` or `name:key=value,...`, or a TOML rules file.
    pub game: String,
    /// The rows reported: `A..B` (both included) or one row `B`; rows 0..=B are computed.
    #[arg(long, default_value = "0..32", allow_hyphen_values = true)]
    pub rows: String,
    /// Columns each row is computed over (1..=2^31); a row whose state does
    /// not repeat within them is reported unproved.
    #[arg(long, default_value = "1048576", allow_hyphen_values = true)]
    pub columns: String,
    #[arg(long, value_enum, default_value = "text")]
    pub format: RowsFormat,
    /// Run work estimated beyond the time bound (10 minutes) anyway.
    #[arg(long)]
    pub force: bool,
    /// Print the plan (kernel, memory, seconds, refusal) as JSON and do no work.
    #[arg(long)]
    pub plan: bool,
    /// Also write the certified table (every row 0..=B must be proved):
    /// PREFIX.txt (one line a row, this command in its header) and
    /// PREFIX.values (each row's values over one period).
    #[arg(long, value_name = "PREFIX")]
    pub certificate: Option<std::path::PathBuf>,
}

pub fn run(a: Args) -> anyhow::Result<ExitCode> {
    let rows = answer::parse_rows(&a.rows)?;
    let columns = answer::parse_columns(&a.columns)?;
    let g = crate::game_arg::resolve(&a.game, false)?;
    let bound = solve::cost::Bound::cli(a.force);
    let plan = answer::rows_plan(&g, rows, columns)?;
    if a.plan {
        let admitted = plan.admit(bound);
        let v = serde_json::json!({
            "game": g.label,
            "kernel": answer::RowsPlan::NAME,
            "rows": [rows.0, rows.1],
            "rows_computed": plan.rows,
            "columns": plan.columns,
            "window": plan.window,
            "reads": plan.reads,
            "memory": plan.memory,
            "memory_human": solve::human_bytes(plan.memory),
            "seconds": plan.seconds,
            "millis": plan.millis,
            "threads": 1,
            "complexity": plan.complexity(),
            "admitted": admitted.is_ok(),
            "refusal": admitted.err().map(|e| e.to_string()),
        });
        let mut out = std::io::stdout().lock();
        writeln!(out, "{}", serde_json::to_string_pretty(&v)?)?;
        out.flush()?;
        return Ok(ExitCode::SUCCESS);
    }
    crate::progress::admit(
        plan.admit(bound),
        &format!(
            "rows {} --rows {}..{} --columns {columns}",
            g.label, rows.0, rows.1
        ),
        plan.seconds,
    )?;
    let mut bar = Bar::new("rows");
    let (report, table) =
        answer::grundy_rows(&g, rows, columns, bound_memory(bound), &mut |d, t| {
            bar.set(d, t)
        })?;
    bar.finish();
    if let Some(prefix) = &a.certificate {
        let command = format!(
            "wythoff rows {} --rows {}..{} --columns {columns} --certificate {}",
            a.game,
            rows.0,
            rows.1,
            prefix.display()
        );
        let (text, values) = wythoff::certified_rows::write(&g.label, &command, &table)
            .map_err(|e| anyhow::anyhow!("--certificate: {e}"))?;
        let with = |ext: &str| {
            let mut p = prefix.clone().into_os_string();
            p.push(ext);
            std::path::PathBuf::from(p)
        };
        std::fs::write(with(".txt"), text)
            .map_err(|e| anyhow::anyhow!("--certificate: {}: {e}", with(".txt").display()))?;
        std::fs::write(with(".values"), values)
            .map_err(|e| anyhow::anyhow!("--certificate: {}: {e}", with(".values").display()))?;
    }
    let mut out = std::io::BufWriter::new(std::io::stdout().lock());
    render(&mut out, a.format, &g.label, columns, &report)?;
    out.flush()?;
    Ok(ExitCode::SUCCESS)
}

/// The admission above told the time; the library checks the memory again.
fn bound_memory(b: solve::cost::Bound) -> solve::cost::Bound {
    solve::cost::Bound {
        memory: b.memory,
        seconds: u64::MAX,
    }
}

fn opt(v: Option<u64>) -> String {
    v.map_or_else(|| "-".into(), |v| v.to_string())
}

fn render(
    out: &mut dyn Write,
    format: RowsFormat,
    label: &str,
    columns: u64,
    rows: &[RowReport],
) -> anyhow::Result<()> {
    match format {
        RowsFormat::Json => {
            serde_json::to_writer_pretty(&mut *out, rows)?;
            writeln!(out)?;
        }
        RowsFormat::Csv => {
            writeln!(
                out,
                "row,preperiod,period,saltus,proved,repeat_from,repeat_to,columns,window,phases,start"
            )?;
            for r in rows {
                let (m1, m2) = r.repeat.map_or((None, None), |[a, b]| (Some(a), Some(b)));
                let e = |v: Option<u64>| v.map_or_else(String::new, |v| v.to_string());
                writeln!(
                    out,
                    "{},{},{},{},{},{},{},{},{},{},{}",
                    r.row,
                    e(r.preperiod),
                    e(r.period),
                    e(r.saltus),
                    r.proved,
                    e(m1),
                    e(m2),
                    r.columns,
                    r.window,
                    e(r.phases),
                    e(r.start)
                )?;
            }
        }
        RowsFormat::Text => {
            let proved = rows.iter().filter(|r| r.proved).count();
            writeln!(
                out,
                "{label}: Grundy rows, {columns} columns computed a row; {proved} of {} proved (G(x, y + period) = G(x, y) + saltus for every y >= preperiod)",
                rows.len()
            )?;
            writeln!(
                out,
                "{:>6} {:>10} {:>8} {:>8}  {:<8} {:>10} {:>10} {:>6}",
                "row",
                "preperiod",
                "period",
                "saltus",
                "status",
                "repeat m1",
                "repeat m2",
                "window"
            )?;
            for r in rows {
                let (m1, m2) = r.repeat.map_or((None, None), |[a, b]| (Some(a), Some(b)));
                write!(
                    out,
                    "{:>6} {:>10} {:>8} {:>8}  {:<8} {:>10} {:>10} {:>6}",
                    r.row,
                    opt(r.preperiod),
                    opt(r.period),
                    opt(r.saltus),
                    if r.proved { "proved" } else { "unproved" },
                    opt(m1),
                    opt(m2),
                    r.window
                )?;
                match &r.reason {
                    Some(why) => writeln!(out, "  {why}")?,
                    None => writeln!(out)?,
                }
            }
        }
    }
    Ok(())
}
