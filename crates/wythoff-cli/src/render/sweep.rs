//! Formats of `wythoff sweep`: json (one object per line), csv and markdown
//! (flattened views of the same records), and `--merge`, which joins shard
//! outputs back into exactly what one run prints.
//!
//! Every record carries its combination number (`index`: the json field, the
//! first csv column, the first markdown cell); `--merge` reads it back and sorts
//! on it. The header of csv and markdown depends only on the spec (its keys), so
//! every shard prints the same header.

use serde_json::Value as Json;
use std::io::{self, Write};
use wythoff::sweep::Record;

/// Output format of `sweep`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
pub enum SweepFormat {
    Json,
    Csv,
    Markdown,
}

/// The flattened columns after the spec's keys.
const COLUMNS: &[&str] = &[
    "kinds",
    "finite_count",
    "period",
    "preperiod",
    "pairs_from",
    "pairs_terms",
    "difference",
    "mex",
    "multiplicity",
    "alpha_low",
    "alpha_high",
    "closed_form",
    "theorem_applies",
    "theorem_agrees",
    "theorem_source",
];

fn header_cells(keys: &[&str]) -> Vec<String> {
    let mut h = vec!["index".to_string(), "game".into(), "convention".into()];
    h.extend(keys.iter().map(|k| k.to_string()));
    h.extend(COLUMNS.iter().map(|c| c.to_string()));
    h
}

/// The header lines of a format (none for json).
pub fn header(format: SweepFormat, keys: &[&str]) -> Vec<String> {
    let cells = header_cells(keys);
    match format {
        SweepFormat::Json => vec![],
        SweepFormat::Csv => vec![cells
            .iter()
            .map(|c| csv_cell(c))
            .collect::<Vec<_>>()
            .join(",")],
        SweepFormat::Markdown => vec![
            format!("| {} |", cells.join(" | ")),
            format!("|{}", "---|".repeat(cells.len())),
        ],
    }
}

fn csv_cell(s: &str) -> String {
    if s.contains([',', '"', '\n']) {
        format!("\"{}\"", s.replace('"', "\"\""))
    } else {
        s.to_string()
    }
}

fn md_cell(s: &str) -> String {
    s.replace('|', "\\|").replace('\n', " ")
}

/// A compact text of a json value: strings bare, arrays `a x b`, objects
/// `law k=v ...`.
fn flat(v: &Json) -> String {
    match v {
        Json::Null => String::new(),
        Json::String(s) => s.clone(),
        Json::Array(a) => a.iter().map(flat).collect::<Vec<_>>().join(" x "),
        Json::Object(o) => {
            let mut parts = Vec::new();
            if let Some(l) = o.get("law") {
                parts.push(flat(l));
            }
            for (k, x) in o {
                if k != "law" {
                    parts.push(format!("{k}={}", flat(x)));
                }
            }
            parts.join(" ")
        }
        other => other.to_string(),
    }
}

/// The flattened cells of a record, in the order of [`header`].
fn cells(r: &Record) -> Vec<String> {
    let mut c = vec![r.index.to_string(), r.game.clone(), r.convention.clone()];
    c.extend(r.params.iter().map(|(_, v)| v.to_string()));
    let pats: Vec<Json> = r
        .patterns
        .iter()
        .map(|p| serde_json::to_value(p).expect("patterns serialise"))
        .collect();
    let kind = |k: &str| pats.iter().find(|p| p["kind"] == k);
    let get = |k: &str, f: &str| kind(k).map_or(String::new(), |p| flat(&p[f]));
    let kinds: Vec<String> = pats.iter().map(|p| flat(&p["kind"])).collect();
    c.push(kinds.join(";"));
    c.push(kind("finite").map_or(String::new(), |p| {
        p["positions"].as_array().map_or(0, |a| a.len()).to_string()
    }));
    c.push(get("periodic", "period"));
    c.push(get("periodic", "preperiod"));
    c.push(get("pairs", "holds_from"));
    c.push(get("pairs", "terms"));
    c.push(get("pairs", "difference"));
    c.push(get("pairs", "mex"));
    c.push(get("pairs", "multiplicity"));
    let beatty = |f: &str| kind("pairs").map_or(String::new(), |p| flat(&p["beatty"][f]));
    c.push(beatty("alpha_low"));
    c.push(beatty("alpha_high"));
    c.push(beatty("closed_form"));
    match &r.theorem {
        Some(t) => {
            c.push(t.applies.to_string());
            c.push(t.agrees.to_string());
            c.push(t.source.clone());
        }
        None => c.extend([String::new(), String::new(), String::new()]),
    }
    c
}

/// One record as one line (no newline).
pub fn line(format: SweepFormat, r: &Record) -> String {
    match format {
        // fields in a fixed order; `patterns` byte for byte as `patterns --format json`
        SweepFormat::Json => r.json_line(),
        SweepFormat::Csv => cells(r)
            .iter()
            .map(|c| csv_cell(c))
            .collect::<Vec<_>>()
            .join(","),
        SweepFormat::Markdown => format!(
            "| {} |",
            cells(r)
                .iter()
                .map(|c| md_cell(c))
                .collect::<Vec<_>>()
                .join(" | ")
        ),
    }
}

/// Join shard outputs (each a complete output of `sweep --shard`, read as text)
/// into the output of one run: the header once, then every record sorted by its
/// index. Refuses files of different formats or headers, and a record given twice.
pub fn merge(files: &[(String, String)], out: &mut dyn Write) -> Result<(), String> {
    let mut format: Option<SweepFormat> = None;
    let mut head: Option<Vec<String>> = None;
    let mut records: Vec<(u64, String, String)> = Vec::new();
    for (name, body) in files {
        let lines: Vec<&str> = body.lines().collect();
        let Some(first) = lines.first() else { continue };
        let (f, nhead) = if first.starts_with('{') {
            (SweepFormat::Json, 0)
        } else if first.starts_with("index,") {
            (SweepFormat::Csv, 1)
        } else if first.starts_with("| index |") {
            (SweepFormat::Markdown, 2)
        } else {
            return Err(format!(
                "`{name}` is not the output of `wythoff sweep` (json, csv or markdown)"
            ));
        };
        if *format.get_or_insert(f) != f {
            return Err(format!(
                "`{name}` is in another format than the files before it"
            ));
        }
        if lines.len() < nhead {
            return Err(format!("`{name}`: the header is cut short"));
        }
        let h: Vec<String> = lines[..nhead].iter().map(|s| s.to_string()).collect();
        if head.get_or_insert_with(|| h.clone()) != &h {
            return Err(format!(
                "`{name}` has another header than the files before it (another sweep?)"
            ));
        }
        for (i, l) in lines[nhead..].iter().enumerate() {
            let index = match f {
                SweepFormat::Json => serde_json::from_str::<Json>(l)
                    .ok()
                    .and_then(|v| v["index"].as_u64()),
                SweepFormat::Csv => l.split(',').next().and_then(|s| s.parse().ok()),
                SweepFormat::Markdown => l
                    .strip_prefix("| ")
                    .and_then(|s| s.split(' ').next())
                    .and_then(|s| s.parse().ok()),
            }
            .ok_or_else(|| format!("`{name}` line {}: not a sweep record", i + nhead + 1))?;
            records.push((index, l.to_string(), name.clone()));
        }
    }
    records.sort_by_key(|r| r.0);
    for w in records.windows(2) {
        if w[0].0 == w[1].0 {
            return Err(format!(
                "combination {} appears twice (`{}` and `{}`): the same shard given twice?",
                w[0].0, w[0].2, w[1].2
            ));
        }
    }
    let io = |e: io::Error| e.to_string();
    for h in head.unwrap_or_default() {
        writeln!(out, "{h}").map_err(io)?;
    }
    for (_, l, _) in records {
        writeln!(out, "{l}").map_err(io)?;
    }
    Ok(())
}
