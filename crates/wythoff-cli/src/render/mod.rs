//! The rendering layer: every output format (text, csv, json) lives here;
//! pictures (PNG, SVG) in [`plot`], the terminal board in [`board`].

pub mod board;
pub mod compare;
pub mod grid;
pub mod levels;
pub mod patterns;
pub mod prove;
pub mod serve;
pub use wythoff_render::plot;
pub mod sweep;

pub use patterns::{json as patterns_json, prediction_text, text as patterns_text};

use serde_json::json;
use std::io::{self, Write};
use wythoff::catalogue::{Entry, ParamKind};
use wythoff::solve::GrundyTable;

/// Output format of a listing.
#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
pub enum Format {
    Text,
    Csv,
    Json,
    /// One line `<count> <hash>`: the count of items and their 64-bit hash as 16
    /// lowercase hex digits (see `wythoff::hash`; `p-positions`, `grundy`, `sequence`).
    Summary,
}

/// Write P-positions. `board`: the board drawn in Unicode blocks
/// ([`board::draw`]), shown in text format above the list.
/// `--plan`: the library's plan as JSON on stdout (a refusal worded as the
/// CLI words errors), exit 0.
pub fn plan(p: &wythoff::answer::WorkPlan) -> anyhow::Result<std::process::ExitCode> {
    let v = p.json(&|e| e.to_string());
    let mut out = std::io::stdout().lock();
    writeln!(
        out,
        "{}",
        serde_json::to_string_pretty(&v).expect("json of plain values")
    )?;
    out.flush()?;
    Ok(std::process::ExitCode::SUCCESS)
}

pub fn p_positions(
    out: &mut dyn Write,
    format: Format,
    label: &str,
    convention: &str,
    max: u64,
    ps: &[(u64, u64)],
    board: Option<&str>,
) -> io::Result<()> {
    match format {
        Format::Summary => {
            let mut h = wythoff::hash::Summary::new();
            for &(x, y) in ps {
                h.pair(x, y);
            }
            writeln!(out, "{}", h.line())?;
        }
        Format::Csv => {
            writeln!(out, "x,y")?;
            for (x, y) in ps {
                writeln!(out, "{x},{y}")?;
            }
        }
        Format::Json => {
            // streamed, in the bytes serde_json gives the object (its keys
            // sorted): a list of 10^8 positions is not a second copy in
            // memory as JSON values
            let text = |v: &str| serde_json::to_string(v).expect("json of a string");
            write!(
                out,
                "{{\"convention\":{},\"count\":{},\"game\":{},\"max\":{max},\"p_positions\":[",
                text(convention),
                ps.len(),
                text(label)
            )?;
            let mut buf = Vec::with_capacity(1 << 16);
            for (i, &(x, y)) in ps.iter().enumerate() {
                if i > 0 {
                    buf.push(b',');
                }
                buf.push(b'[');
                push_u64(&mut buf, x);
                buf.push(b',');
                push_u64(&mut buf, y);
                buf.push(b']');
                if buf.len() >= 1 << 16 {
                    out.write_all(&buf)?;
                    buf.clear();
                }
            }
            out.write_all(&buf)?;
            writeln!(out, "]}}")?;
        }
        Format::Text => {
            writeln!(
                out,
                "# P-positions of {label} ({convention}), 0 <= x, y < {max}: {}",
                ps.len()
            )?;
            if let Some(b) = board {
                write!(out, "{b}")?;
                writeln!(out)?;
            }
            for (x, y) in ps {
                writeln!(out, "({x}, {y})")?;
            }
        }
    }
    Ok(())
}

/// Write a Grundy table; cells off the board (removed corner) are written `-`
/// (`null` in json).
pub fn grundy(out: &mut dyn Write, format: Format, label: &str, t: &GrundyTable) -> io::Result<()> {
    let n = t.size();
    let mut w = GrundyRows::begin(out, format, label, n);
    for x in 0..n {
        w.row(&t.values()[x * n..(x + 1) * n]);
    }
    w.finish()
}

/// Write the misère Grundy values of one game (`grundy --misere`), as
/// [`grundy`] writes the normal-play ones (the header and json name misère play).
pub fn misere_grundy(
    out: &mut dyn Write,
    format: Format,
    label: &str,
    t: &GrundyTable,
) -> io::Result<()> {
    let n = t.size();
    let mut w = GrundyRows::begin_values(
        out,
        format,
        "Misère Grundy values",
        label,
        Some("misère play"),
        n,
    );
    for x in 0..n {
        w.row(&t.values()[x * n..(x + 1) * n]);
    }
    w.finish()
}

/// Append the values of a row separated by `sep`, `off` for cells off the board,
/// each right-aligned to `width` characters (0: no padding).
fn push_values(buf: &mut Vec<u8>, row: &[u32], sep: u8, off: &[u8], width: usize) {
    use wythoff::solve::GRUNDY_OFF;
    for (i, &v) in row.iter().enumerate() {
        if i > 0 {
            buf.push(sep);
        }
        let start = buf.len();
        if v == GRUNDY_OFF {
            buf.extend_from_slice(off);
        } else {
            push_u64(buf, v as u64);
        }
        // right-align: move what was written behind the padding
        let len = buf.len() - start;
        if len < width {
            let pad = width - len;
            buf.resize(buf.len() + pad, b' ');
            buf[start..].rotate_right(pad);
        }
    }
}

/// Writes Grundy values row by row as the solver streams them, in any format;
/// the one writer behind both the streamed and the stored-table output, so they
/// are the same bytes. Text keeps every row and draws the grid at the end
/// ([`grid::write`]: x across, y up, origin lower left), every value padded to
/// the width of the largest.
pub struct GrundyRows<'a> {
    w: Chunked<'a>,
    format: Format,
    rows: usize,
    summary: wythoff::hash::Summary,
    /// Text: every row kept (row-major, row x), drawn by [`grid::write`] at the end.
    stored: Vec<u32>,
    n: usize,
    head: String,
}

impl<'a> GrundyRows<'a> {
    /// Start the output (the json prefix; the text header is written with the
    /// grid).
    pub fn begin(out: &'a mut dyn Write, format: Format, label: &str, n: usize) -> Self {
        Self::begin_values(out, format, "Grundy values", label, None, n)
    }

    /// [`GrundyRows::begin`] for another table of values (`what`, e.g.
    /// "Remoteness"), named in the text header, of the game in `convention`
    /// (written after the label in the text header; `None`: normal play,
    /// not written).
    pub fn begin_values(
        out: &'a mut dyn Write,
        format: Format,
        what: &str,
        label: &str,
        convention: Option<&str>,
        n: usize,
    ) -> Self {
        let mut w = Chunked::new(out);
        let mut head = String::new();
        match format {
            Format::Text => {
                let conv = convention.map_or(String::new(), |c| format!(" ({c})"));
                head = format!("# {what} of {label}{conv}; {}\n", grid::ORIENTATION);
            }
            Format::Json => {
                let label = serde_json::to_string(label).expect("json of a string");
                let conv = serde_json::to_string(convention.unwrap_or("normal play"))
                    .expect("json of a string");
                w.buf.extend_from_slice(
                    format!("{{\"game\":{label},\"convention\":{conv},\"max\":{n},\"rows\":[")
                        .as_bytes(),
                );
            }
            Format::Csv | Format::Summary => {}
        }
        GrundyRows {
            w,
            format,
            rows: 0,
            summary: wythoff::hash::Summary::new(),
            stored: Vec::new(),
            n,
            head,
        }
    }

    /// One row (`GRUNDY_OFF` for cells off the board).
    pub fn row(&mut self, row: &[u32]) {
        use wythoff::solve::GRUNDY_OFF;
        if self.w.failed() {
            return;
        }
        let buf = &mut self.w.buf;
        match self.format {
            Format::Summary => {
                for &v in row.iter().filter(|&&v| v != GRUNDY_OFF) {
                    self.summary.item(&[v as u64]);
                }
            }
            Format::Csv => {
                push_values(buf, row, b',', b"-", 0);
                buf.push(b'\n');
            }
            Format::Json => {
                if self.rows > 0 {
                    buf.push(b',');
                }
                buf.push(b'[');
                push_values(buf, row, b',', b"null", 0);
                buf.push(b']');
            }
            Format::Text => {
                // the top line is y = n - 1: every row is needed first (callers
                // check the size with `grid::check`)
                self.stored.extend_from_slice(row);
            }
        }
        self.rows += 1;
        self.w.flush_if_full();
    }

    /// End the output (the json suffix, the summary line) and flush.
    pub fn finish(mut self) -> io::Result<()> {
        match self.format {
            Format::Json => self.w.buf.extend_from_slice(b"]}\n"),
            Format::Summary => {
                let line = format!("{}\n", self.summary.line());
                self.w.buf.extend_from_slice(line.as_bytes());
            }
            Format::Text => {
                use wythoff::solve::GRUNDY_OFF;
                let n = self.n;
                let stored = std::mem::take(&mut self.stored);
                let widest = stored
                    .iter()
                    .filter(|&&v| v != GRUNDY_OFF)
                    .max()
                    .map_or(1, |v| v.to_string().len());
                if self.w.err.is_some() {
                    return self.w.finish();
                }
                let out = &mut *self.w.out;
                out.write_all(self.head.as_bytes())?;
                return grid::write(out, n, widest, &|x, y, b| {
                    let v = stored.get(x * n + y).copied().unwrap_or(GRUNDY_OFF);
                    if v == GRUNDY_OFF {
                        b.push(b'-');
                    } else {
                        push_u64(b, v as u64);
                    }
                });
            }
            Format::Csv => {}
        }
        self.w.finish()
    }
}

fn params_text(e: &Entry) -> String {
    e.params
        .iter()
        .map(|p| match (p.kind, p.default) {
            (ParamKind::Int { min }, None) => format!("{}>={min}", p.key),
            (ParamKind::Int { min }, Some(d)) => format!("{}>={min} (default {d})", p.key),
            (ParamKind::Set, Some(d)) => format!("{}=SET (default {d})", p.key),
            (ParamKind::Set, None) => format!("{}=SET", p.key),
        })
        .collect::<Vec<_>>()
        .join(", ")
}

/// Write the catalogue.
pub fn games(out: &mut dyn Write, format: Format, entries: &[Entry]) -> io::Result<()> {
    match format {
        Format::Json => {
            let v: Vec<_> = entries.iter().map(wythoff::answer::entry_json).collect();
            writeln!(
                out,
                "{}",
                serde_json::to_string_pretty(&v).expect("json of plain values")
            )?;
        }
        Format::Csv => {
            writeln!(out, "name,params,notation,source")?;
            for e in entries {
                writeln!(
                    out,
                    "{},\"{}\",\"{}\",\"{}\"",
                    e.name,
                    params_text(e),
                    e.notation,
                    e.source
                )?;
            }
        }
        Format::Text | Format::Summary => {
            for e in entries {
                let aliases = if e.aliases.is_empty() {
                    String::new()
                } else {
                    format!(" (aliases: {})", e.aliases.join(", "))
                };
                writeln!(out, "{}{aliases}", e.name)?;
                if !e.params.is_empty() {
                    writeln!(out, "    parameters: {}", params_text(e))?;
                    for p in e.params {
                        writeln!(out, "      {}: {}", p.key, p.meaning)?;
                    }
                }
                writeln!(out, "    notation:   {}", e.notation)?;
                writeln!(out, "    source:     {}", e.source)?;
                writeln!(out, "    known:      {}", e.known)?;
            }
            writeln!(out)?;
            writeln!(
                out,
                "Write a game as `name` or `name:key=value,...`, e.g. `roob-blocking:m=2,p=3`."
            )?;
            writeln!(out, "Length sets (SET): {}", wythoff::sets::ALLOWED_SETS)?;
        }
    }
    Ok(())
}

/// Append the decimal digits of `v` (fast path for large listings).
#[inline]
pub fn push_u64(buf: &mut Vec<u8>, mut v: u64) {
    let mut tmp = [0u8; 20];
    let mut i = 20;
    loop {
        i -= 1;
        tmp[i] = b'0' + (v % 10) as u8;
        v /= 10;
        if v == 0 {
            break;
        }
    }
    buf.extend_from_slice(&tmp[i..]);
}

/// A write to stdout failed in the middle of streamed output: stop now. A closed
/// pipe (`| head -1`) is a normal end (exit 0, as ripgrep does); any other error
/// is one line on stderr and exit 2.
pub fn stop_on_write_error(e: &io::Error) -> ! {
    if e.kind() == io::ErrorKind::BrokenPipe {
        std::process::exit(0);
    }
    eprintln!("wythoff: error: cannot write the output: {e}");
    std::process::exit(2);
}

/// A buffered writer for streamed output: callers append to [`Chunked::buf`] inside
/// a solver callback (which cannot return errors), and the first write error is kept
/// and returned by [`Chunked::finish`].
pub struct Chunked<'a> {
    out: &'a mut dyn Write,
    pub buf: Vec<u8>,
    err: Option<io::Error>,
}

impl<'a> Chunked<'a> {
    pub fn new(out: &'a mut dyn Write) -> Self {
        Chunked {
            out,
            buf: Vec::with_capacity(1 << 16),
            err: None,
        }
    }
    /// Has a write failed (so further output can be skipped)?
    pub fn failed(&self) -> bool {
        self.err.is_some()
    }
    /// Write the buffer out once it holds 32 KiB; a failed write ends the
    /// process at once ([`stop_on_write_error`]), so no work runs on unread.
    pub fn flush_if_full(&mut self) {
        if self.buf.len() >= 1 << 15 && self.err.is_none() {
            if let Err(e) = self.out.write_all(&self.buf) {
                stop_on_write_error(&e);
            }
            self.buf.clear();
        }
    }
    /// Write what remains, or return the first error.
    pub fn finish(self) -> io::Result<()> {
        match self.err {
            Some(e) => Err(e),
            None => self.out.write_all(&self.buf),
        }
    }
}

/// Escape a table cell of Markdown.
fn md_cell(s: &str) -> String {
    s.replace('|', "\\|")
}

/// Write the coverage table of `wythoff verify --coverage`: Markdown in text
/// format (this is `docs/coverage.md`, byte for byte), or one JSON document.
pub fn coverage(
    out: &mut dyn Write,
    format: Format,
    table: &[wythoff::coverage::Statement],
    papers: &[(&str, &str)],
    claims: &[wythoff::verify::Claim],
) -> io::Result<()> {
    use wythoff::coverage::Cover;
    let kind = |c: &Cover| match c {
        Cover::Checks(_) => "checks",
        Cover::Definition(_) => "definition",
        Cover::NotComputational(_) => "not computational",
        Cover::Open(_) => "open",
    };
    if format == Format::Json {
        let v = json!({
            "papers": papers.iter().map(|(k, t)| json!({"paper": k, "title": t})).collect::<Vec<_>>(),
            "statements": table.iter().map(|s| json!({
                "paper": s.paper, "label": s.label, "says": s.says, "kind": kind(&s.cover),
                "checks": s.ids(),
                "reason": match s.cover { Cover::NotComputational(r) | Cover::Open(r) => Some(r), _ => None },
            })).collect::<Vec<_>>(),
            "checks": claims.iter().map(|c| json!({
                "id": c.id, "source": c.source, "scope": c.scope, "games": c.games,
            })).collect::<Vec<_>>(),
        });
        return writeln!(
            out,
            "{}",
            serde_json::to_string_pretty(&v).map_err(io::Error::other)?
        );
    }
    let count = |k: &str| table.iter().filter(|s| kind(&s.cover) == k).count();
    writeln!(out, "# Coverage of the papers by `wythoff verify`\n")?;
    writeln!(
        out,
        "Generated by `scripts/coverage.sh` from `wythoff verify --coverage` (the table"
    )?;
    writeln!(
        out,
        "`wythoff::coverage::TABLE`); do not edit by hand. One line per numbered statement of"
    )?;
    writeln!(
        out,
        "the four papers, in paper order: the label as printed, what it says, and the checks of"
    )?;
    writeln!(
        out,
        "`wythoff verify` that cover it (ids; their ranges are listed under *Checks*, and"
    )?;
    writeln!(
        out,
        "`--max N` widens every one), or why it is not a computational statement, or where it"
    )?;
    writeln!(
        out,
        "is recorded as open. Run one check with `wythoff verify` and read its lines by source.\n"
    )?;
    writeln!(
        out,
        "{} statements: {} checked, {} definitions, {} not computational, {} open; {} checks.\n",
        table.len(),
        count("checks"),
        count("definition"),
        count("not computational"),
        count("open"),
        claims.len()
    )?;
    for (paper, title) in papers {
        writeln!(out, "## {paper}: {title}\n")?;
        writeln!(out, "| label | statement | covered by |")?;
        writeln!(out, "|---|---|---|")?;
        for s in table.iter().filter(|s| s.paper == *paper) {
            let ids = |ids: &[&str]| {
                ids.iter()
                    .map(|i| format!("`{i}`"))
                    .collect::<Vec<_>>()
                    .join(", ")
            };
            let by = match s.cover {
                Cover::Checks(i) => ids(i),
                Cover::Definition(i) if i.is_empty() => "definition".to_string(),
                Cover::Definition(i) => format!("definition; exercised by {}", ids(i)),
                Cover::NotComputational(r) => format!("not computational: {r}"),
                Cover::Open(r) => r.to_string(),
            };
            writeln!(
                out,
                "| {} | {} | {} |",
                md_cell(s.label),
                md_cell(s.says),
                md_cell(&by)
            )?;
        }
        writeln!(out)?;
    }
    writeln!(out, "## Checks\n")?;
    writeln!(out, "| id | source | default range (`--max N` widens it) |")?;
    writeln!(out, "|---|---|---|")?;
    for c in claims {
        writeln!(
            out,
            "| `{}` | {} | {} |",
            c.id,
            md_cell(c.source),
            md_cell(c.scope)
        )?;
    }
    Ok(())
}
