//! Formats of `wythoff sweep`: json (one object per line), csv and markdown
//! (flattened views of the same records), and reading them back (`--merge`,
//! `--resume`).
//!
//! Every record carries its combination number (`index`: the json field, the
//! first csv column, the first markdown cell) and the sweep's identity (json:
//! the object `sweep`, its `shard` last; csv and markdown: the last columns,
//! `sweep_spec` ... `shard`). The header of csv and markdown depends only on the
//! spec (its keys), so every shard prints the same header.

use serde_json::Value as Json;
use wythoff::sweep::{Identity, Record};

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

/// The identity columns, last (csv and markdown), in the order of the json
/// object `sweep`.
const IDENTITY_COLUMNS: &[&str] = &[
    "sweep_spec",
    "sweep_game",
    "sweep_max",
    "sweep_convention",
    "sweep_combinations",
    "sweep_version",
    "sweep_rules",
    "shard",
];

fn header_cells(keys: &[&str]) -> Vec<String> {
    let mut h = vec!["index".to_string(), "game".into(), "convention".into()];
    h.extend(keys.iter().map(|k| k.to_string()));
    h.extend(COLUMNS.iter().map(|c| c.to_string()));
    h.extend(IDENTITY_COLUMNS.iter().map(|c| c.to_string()));
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

/// The flattened cells of a json record, in the order of [`header`] (`keys`:
/// the spec's keys in the order written).
fn cells_of(v: &Json, keys: &[&str]) -> Vec<String> {
    let mut c = vec![flat(&v["index"]), flat(&v["game"]), flat(&v["convention"])];
    c.extend(keys.iter().map(|k| flat(&v["params"][*k])));
    let empty = Vec::new();
    let pats: &Vec<Json> = v["patterns"].as_array().unwrap_or(&empty);
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
    let t = &v["theorem"];
    if t.is_null() {
        c.extend([String::new(), String::new(), String::new()]);
    } else {
        c.push(flat(&t["applies"]));
        c.push(flat(&t["agrees"]));
        c.push(flat(&t["source"]));
    }
    let s = &v["sweep"];
    for f in [
        "spec",
        "game",
        "max",
        "convention",
        "combinations",
        "version",
        "rules",
        "shard",
    ] {
        c.push(flat(&s[f]));
    }
    c
}

/// A row of cells in a format (csv or markdown; no newline).
pub fn row(format: SweepFormat, cells: &[String]) -> String {
    match format {
        SweepFormat::Json => unreachable!("json records are not rows"),
        SweepFormat::Csv => cells
            .iter()
            .map(|c| csv_cell(c))
            .collect::<Vec<_>>()
            .join(","),
        SweepFormat::Markdown => format!(
            "| {} |",
            cells
                .iter()
                .map(|c| md_cell(c))
                .collect::<Vec<_>>()
                .join(" | ")
        ),
    }
}

/// One record as one line (no newline).
pub fn line(format: SweepFormat, r: &Record) -> String {
    let json = r.json_line();
    match format {
        // fields in a fixed order; `patterns` byte for byte as `patterns --format json`
        SweepFormat::Json => json,
        _ => {
            let v: Json = serde_json::from_str(&json).expect("a record is json");
            let keys: Vec<&str> = r.params.iter().map(|(k, _)| k.as_str()).collect();
            row(format, &cells_of(&v, &keys))
        }
    }
}

/// The format of an output, from its first line.
pub fn format_of(first: &str) -> Option<SweepFormat> {
    if first.starts_with('{') {
        Some(SweepFormat::Json)
    } else if first.starts_with("index,") {
        Some(SweepFormat::Csv)
    } else if first.starts_with("| index |") {
        Some(SweepFormat::Markdown)
    } else {
        None
    }
}

/// Lines of header a format has.
pub fn header_lines(format: SweepFormat) -> usize {
    match format {
        SweepFormat::Json => 0,
        SweepFormat::Csv => 1,
        SweepFormat::Markdown => 2,
    }
}

/// Split one csv line into cells (quotes as [`csv_cell`] writes them).
fn split_csv(line: &str) -> Option<Vec<String>> {
    let mut out = Vec::new();
    let mut cell = String::new();
    let mut chars = line.chars().peekable();
    let mut quoted = false;
    let mut at_start = true;
    while let Some(c) = chars.next() {
        if quoted {
            if c == '"' {
                if chars.peek() == Some(&'"') {
                    chars.next();
                    cell.push('"');
                } else {
                    quoted = false;
                    if !matches!(chars.peek(), None | Some(',')) {
                        return None;
                    }
                }
            } else {
                cell.push(c);
            }
            continue;
        }
        match c {
            '"' if at_start => {
                quoted = true;
                at_start = false;
            }
            ',' => {
                out.push(std::mem::take(&mut cell));
                at_start = true;
            }
            _ => {
                cell.push(c);
                at_start = false;
            }
        }
    }
    if quoted {
        return None;
    }
    out.push(cell);
    Some(out)
}

/// Split one markdown row into cells (`\|` read back as `|`).
fn split_md(line: &str) -> Option<Vec<String>> {
    let inner = line.strip_prefix("| ")?.strip_suffix(" |")?;
    Some(inner.split(" | ").map(|c| c.replace("\\|", "|")).collect())
}

/// What a record line (of a sweep with the keys `keys`, in order) says it is:
/// its game, its convention and its parameters' values, as written; `None`
/// when the line is not a record.
pub fn record_claims(
    format: SweepFormat,
    line: &str,
    keys: &[&str],
) -> Option<wythoff::sweep::Claims> {
    match format {
        SweepFormat::Json => {
            let v: serde_json::Value = serde_json::from_str(line).ok()?;
            let params = v["params"].as_object()?;
            if params.len() != keys.len() {
                return None;
            }
            let values = keys
                .iter()
                .map(|k| match params.get(*k)? {
                    serde_json::Value::Number(n) => Some(n.to_string()),
                    serde_json::Value::String(s) => Some(s.clone()),
                    _ => None,
                })
                .collect::<Option<Vec<String>>>()?;
            Some(wythoff::sweep::Claims {
                game: v["game"].as_str()?.to_string(),
                convention: v["convention"].as_str()?.to_string(),
                max: Some(match &v["max"] {
                    serde_json::Value::Number(n) => n.to_string(),
                    serde_json::Value::String(s) => s.clone(),
                    _ => String::new(),
                }),
                values,
            })
        }
        SweepFormat::Csv | SweepFormat::Markdown => {
            let cells = if format == SweepFormat::Csv {
                split_csv(line)?
            } else {
                split_md(line)?
            };
            let values = cells.get(3..3 + keys.len())?.to_vec();
            Some(wythoff::sweep::Claims {
                game: cells.get(1)?.clone(),
                convention: cells.get(2)?.clone(),
                max: None,
                values,
            })
        }
    }
}

/// One record line read back: its number, its sweep, its shard, and (csv and
/// markdown) its cells.
#[derive(Debug)]
pub struct Parsed {
    pub index: u64,
    pub identity: Identity,
    pub shard: (u64, u64),
    pub cells: Option<Vec<String>>,
    /// A proof sweep's `proof` (json records).
    pub proof: Option<wythoff::sweep_proof::ProofRecord>,
}

#[derive(serde::Deserialize)]
struct JsonHead {
    index: u64,
    #[allow(dead_code)]
    game: String,
    #[allow(dead_code)]
    patterns: serde::de::IgnoredAny,
    #[serde(default)]
    proof: Option<wythoff::sweep_proof::ProofRecord>,
    sweep: JsonIdentity,
}

#[derive(serde::Deserialize)]
struct JsonIdentity {
    spec: String,
    game: String,
    max: u64,
    convention: String,
    combinations: u64,
    version: String,
    rules: String,
    #[serde(default)]
    prove: Option<String>,
    shard: String,
}

fn parse_shard_cell(s: &str) -> Option<(u64, u64)> {
    let (k, t) = s.split_once('/')?;
    let (k, t): (u64, u64) = (k.parse().ok()?, t.parse().ok()?);
    (k >= 1 && k <= t).then_some((k, t))
}

/// Read one record line of `format`; `Err` says what is wrong with it.
pub fn parse_line(format: SweepFormat, line: &str) -> Result<Parsed, String> {
    match format {
        SweepFormat::Json => {
            let h: JsonHead = serde_json::from_str(line).map_err(|_| {
                if line.contains("\"patterns\"") && !line.contains("\"sweep\"") {
                    "a sweep record without the sweep's identity (made by an older wythoff?): re-run it".to_string()
                } else {
                    "not a record of `wythoff sweep --format json`".to_string()
                }
            })?;
            let shard = parse_shard_cell(&h.sweep.shard)
                .ok_or_else(|| format!("bad shard `{}`", h.sweep.shard))?;
            Ok(Parsed {
                index: h.index,
                identity: Identity {
                    spec: h.sweep.spec,
                    game: h.sweep.game,
                    max: h.sweep.max,
                    convention: h.sweep.convention,
                    combinations: h.sweep.combinations,
                    version: h.sweep.version,
                    rules: h.sweep.rules,
                    prove: h.sweep.prove,
                },
                shard,
                cells: None,
                proof: h.proof,
            })
        }
        SweepFormat::Csv | SweepFormat::Markdown => {
            let what = if format == SweepFormat::Csv {
                "csv"
            } else {
                "markdown"
            };
            let cells = if format == SweepFormat::Csv {
                split_csv(line)
            } else {
                split_md(line)
            }
            .ok_or_else(|| format!("not a {what} row"))?;
            let n = cells.len();
            if n < 3 + COLUMNS.len() + IDENTITY_COLUMNS.len() {
                return Err(if n >= 3 + COLUMNS.len() {
                    format!("a {what} sweep row without the sweep's identity (made by an older wythoff?): re-run it")
                } else {
                    format!("not a {what} sweep row")
                });
            }
            let id = &cells[n - IDENTITY_COLUMNS.len()..];
            let num = |s: &str| s.parse::<u64>().ok();
            let bad = || format!("not a {what} sweep row (its identity columns do not parse)");
            let index = num(&cells[0]).ok_or_else(|| format!("not a {what} sweep row"))?;
            Ok(Parsed {
                index,
                identity: Identity {
                    spec: id[0].clone(),
                    game: id[1].clone(),
                    max: num(&id[2]).ok_or_else(bad)?,
                    convention: id[3].clone(),
                    combinations: num(&id[4]).ok_or_else(bad)?,
                    version: id[5].clone(),
                    rules: id[6].clone(),
                    prove: None,
                },
                shard: parse_shard_cell(&id[7]).ok_or_else(bad)?,
                cells: Some(cells),
                proof: None,
            })
        }
    }
}

/// A record line with its shard written as `1/1` (what an unsharded run
/// prints); `None` when the line does not end as this format's records do.
pub fn unshard(format: SweepFormat, line: &str, shard: (u64, u64)) -> Option<String> {
    let (old, new) = match format {
        SweepFormat::Json => (
            format!(",\"shard\":\"{}/{}\"}}}}", shard.0, shard.1),
            ",\"shard\":\"1/1\"}}".to_string(),
        ),
        SweepFormat::Csv => (format!(",{}/{}", shard.0, shard.1), ",1/1".to_string()),
        SweepFormat::Markdown => (
            format!(" | {}/{} |", shard.0, shard.1),
            " | 1/1 |".to_string(),
        ),
    };
    line.strip_suffix(&old).map(|s| format!("{s}{new}"))
}

/// A record line (already [`unshard`]ed) in another format: json to csv or
/// markdown, csv and markdown to each other. `None` when the target cannot be
/// made from the source (json from a flattened row).
pub fn convert(
    from: SweepFormat,
    to: SweepFormat,
    line: &str,
    parsed: &Parsed,
    keys: &[&str],
) -> Option<String> {
    if from == to {
        return Some(line.to_string());
    }
    match (from, to) {
        (_, SweepFormat::Json) => None,
        (SweepFormat::Json, _) => {
            let mut v: Json = serde_json::from_str(line).ok()?;
            v["sweep"]["shard"] = Json::String("1/1".into());
            Some(row(to, &cells_of(&v, keys)))
        }
        _ => {
            let mut cells = parsed.cells.clone()?;
            if let Some(last) = cells.last_mut() {
                *last = "1/1".into();
            }
            Some(row(to, &cells))
        }
    }
}
