//! `patterns`: the report as JSON (one object, the library's field names) or text.

use std::io::{self, Write};
use wythoff::patterns::check::Prediction;
use wythoff::patterns::pairs::Pairs;
use wythoff::patterns::periodic::{Line, Periodic};
use wythoff::patterns::{Pattern, PatternReport};

/// The report as one JSON object; with a prediction, its `check` field
/// (`{"fitted_on", "max", "checks": [{"pattern", "kind", "law", "holds",
/// "checked", "failure"}]}`).
pub fn json(out: &mut dyn Write, rep: &PatternReport, pred: Option<&Prediction>) -> io::Result<()> {
    let mut v = serde_json::to_value(rep).expect("json of plain values");
    if let (Some(p), Some(o)) = (pred, v.as_object_mut()) {
        o.insert(
            "check".into(),
            serde_json::to_value(p).expect("json of plain values"),
        );
    }
    writeln!(out, "{v}")
}

/// The re-check of every law on the larger board, one line per law.
pub fn prediction_text(out: &mut dyn Write, p: &Prediction) -> io::Result<()> {
    writeln!(
        out,
        "# checked on the board 0 <= x, y < {} (laws read on {}):",
        p.max, p.fitted_on
    )?;
    for c in &p.checks {
        let verdict = match (c.holds, &c.failure) {
            (Some(true), _) => format!("holds on {}", c.checked),
            (Some(false), Some(f)) => format!("FAILS: {f}"),
            (Some(false), None) => "FAILS".to_string(),
            (None, _) => c.checked.clone(),
        };
        writeln!(out, "  {} {} {}: {verdict}", c.kind, c.pattern, c.law)?;
    }
    writeln!(
        out,
        "{}",
        if p.all_hold() {
            "every law read on the smaller board holds on the larger one"
        } else {
            "some law read on the smaller board fails on the larger one"
        }
    )
}

fn blocked(b: u64) -> String {
    if b > 1 {
        format!(" [in {b} x {b} blocks: cell (X, Y) below stands for [{b}X, {b}X+{b}) x [{b}Y, {b}Y+{b})]")
    } else {
        String::new()
    }
}

fn line_text(l: &Line, var: &str) -> String {
    let res: Vec<String> = l.residues.iter().map(|r| r.to_string()).collect();
    let tail = if res.is_empty() {
        format!("none from {}", l.start)
    } else {
        format!(
            "{var} >= {} with {var} mod {} in {{{}}}",
            l.start,
            l.period,
            res.join(", ")
        )
    };
    if l.below.is_empty() {
        tail
    } else {
        let b: Vec<String> = l.below.iter().map(|v| v.to_string()).collect();
        format!("{var} in {{{}}}, and {tail}", b.join(", "))
    }
}

fn periodic(out: &mut dyn Write, p: &Periodic, n: u64) -> io::Result<()> {
    let [px, py] = p.period;
    let [x0, y0] = p.preperiod;
    writeln!(
        out,
        "periodic{}: for x >= {x0}, y >= {y0}: P iff {}  (periods ({px}, {py}); checked on every cell of [{x0}, {n}) x [{y0}, {n}))",
        blocked(p.block),
        p.text
    )?;
    for s in &p.strips {
        let (what, var) = if s.axis == "row" {
            (format!("row x = {}", s.index), "y")
        } else {
            (format!("column y = {} (x >= {x0})", s.index), "x")
        };
        match &s.line {
            Some(l) => writeln!(out, "  {what}: P at {}", line_text(l, var))?,
            None => writeln!(out, "  {what}: no period on the board")?,
        }
    }
    Ok(())
}

fn pairs(out: &mut dyn Write, p: &Pairs, n: u64) -> io::Result<()> {
    let side = match p.side {
        "both" => "(a_n, b_n) with a_n <= b_n, and their mirror images",
        "upper" => "(a_n, b_n) = the P-positions (x, y) with x <= y",
        _ => "(a_n, b_n) = (y, x) for the P-positions (x, y) with x > y",
    };
    let read = match p.rows_below {
        Some(cut) if p.order == "a" => format!(
            "sorted by a_n (b_n is not increasing); {} pairs with a_n < {cut}, assuming no P-position (a, b) with a < {cut} has b >= {n}",
            p.terms
        ),
        _ => format!("{} pairs with b_n < {n}", p.terms),
    };
    writeln!(
        out,
        "pairs{}: {side}; {read}; every law below holds for {} <= n < {}",
        blocked(p.block),
        p.holds_from,
        p.terms
    )?;
    if !p.prefix.is_empty() {
        let v: Vec<String> = p
            .prefix
            .iter()
            .map(|c| format!("({}, {})", c[0], c[1]))
            .collect();
        writeln!(out, "  before: {}", v.join(" "))?;
    }
    match &p.difference {
        Some(d) => writeln!(out, "  difference: {}  (n >= {})", d.text(), d.from())?,
        None => writeln!(
            out,
            "  difference: none of the detector's forms (m n + c, floor(n/p) m, s a_n + t n + c) holds"
        )?,
    }
    if let Some(l) = &p.b_law {
        writeln!(out, "  b alone: {}  (n >= {})", l.text(), l.from)?;
    }
    match (p.mex, p.mex_p, p.mex_from) {
        (Some("complementary"), _, Some(f)) => writeln!(
            out,
            "  mex: a_n = mex{{a_i, b_i : i < n}} (complementary)  (n >= {f})"
        )?,
        (Some(_), Some(k), Some(f)) => writeln!(
            out,
            "  mex: a_n = least value used fewer than {k} times among a_i, b_i, i < n, a pair (v, v) counted once (so with (a_0, b_0) = (0, 0): among a_i and b_i, 0 < i) ({k}-fold)  (n >= {f})"
        )?,
        _ => writeln!(out, "  mex: none")?,
    }
    if let (Some(k), Some(f), Some(t)) = (p.multiplicity, p.multiplicity_from, p.multiplicity_to) {
        writeln!(
            out,
            "  multiplicity: every value in [{f}, {t}) occurs {k} time{} among the a_n and b_n",
            if k == 1 { "" } else { "s" }
        )?;
    }
    match &p.beatty {
        Some(b) => {
            let beta = if b.beta == "0" {
                String::new()
            } else {
                format!(" + {}", b.beta)
            };
            let cf = match (&b.closed_form, &b.name) {
                (Some(c), Some(nm)) => format!("; alpha = {c} = {nm}"),
                (Some(c), None) => format!("; alpha = {c}"),
                _ => String::new(),
            };
            writeln!(
                out,
                "  beatty: a_n = floor(n alpha{beta}), alpha in [{}, {})  (n >= {}){cf}",
                b.alpha_low, b.alpha_high, b.from
            )?;
        }
        None => writeln!(out, "  beatty: none")?,
    }
    Ok(())
}

pub fn text(out: &mut dyn Write, rep: &PatternReport) -> io::Result<()> {
    let conv = if rep.convention == "misere" {
        "misère play"
    } else {
        "normal play"
    };
    let n = rep.max;
    writeln!(
        out,
        "# patterns of {} ({conv}), board 0 <= x, y < {n}",
        rep.game
    )?;
    if rep.patterns.is_empty() {
        writeln!(
            out,
            "none of the detector's kinds (finite, periodic, pairs) holds on the whole board: a fact about the detector's vocabulary, not about the game"
        )?;
        if let Some(why) = &rep.why_none {
            writeln!(out, "why: {why}")?;
        }
    }
    for p in &rep.patterns {
        match p {
            Pattern::Finite(f) => {
                let v: Vec<String> = f
                    .positions
                    .iter()
                    .map(|c| format!("({}, {})", c[0], c[1]))
                    .collect();
                writeln!(
                    out,
                    "finite{}: {} P-positions, none with a pile in [{}, {n}): {}",
                    blocked(f.block),
                    f.positions.len(),
                    n - f.margin,
                    v.join(" ")
                )?;
            }
            Pattern::Periodic(q) => periodic(out, q, n)?,
            Pattern::Pairs(q) => pairs(out, q, n)?,
            Pattern::Rays(r) => {
                writeln!(
                    out,
                    "rays: P-positions (x, y), {} <= x <= y, gather around {} slope(s) y/x, read on the board of side {} and re-checked on this one (least-squares slope of each cluster, 6 decimals: a measurement, not a law)",
                    r.from,
                    r.slopes.len(),
                    r.read_on
                )?;
                for (i, ((s, c), b)) in r.slopes.iter().zip(&r.counts).zip(&r.bounds).enumerate() {
                    writeln!(
                        out,
                        "  slope {s:.6}: {c} P-positions, y/x in [{}, {}]",
                        b[0], b[1]
                    )?;
                    rays_lines(out, r, i)?;
                }
                let u = &r.union;
                writeln!(
                    out,
                    "  all lines together: {}; {}",
                    cover_text("column and row together", &u.columns_and_rows),
                    cover_text("diagonal", &u.diagonals)
                )?;
            }
            Pattern::GrundyRows(g) => {
                writeln!(
                    out,
                    "grundy-rows: g(x, y + per) = g(x, y) + saltus for y >= pre, read on the board for y < {}",
                    g.checked_to
                )?;
                match &g.certificate.reason {
                    None => writeln!(
                        out,
                        "  certificate: applies (each earlier row is reached at a bounded set of columns); {} of {} rows proved at every column (at most {} columns computed a row)",
                        g.certificate.proved,
                        g.rows.len(),
                        g.certificate.max_columns
                    )?,
                    Some(why) => writeln!(
                        out,
                        "  certificate: does not apply: {why}; every row is read on the board"
                    )?,
                }
                for r in &g.rows {
                    let read = match (r.preperiod, r.period, r.saltus) {
                        (Some(a), Some(b), Some(c)) => format!("pre {a}, per {b}, saltus {c}"),
                        _ => "no additive period in range".to_string(),
                    };
                    match &r.proved {
                        Some(p) => writeln!(
                            out,
                            "  row {}: proved: pre {}, per {}, saltus {} (state repeats at columns {} < {}, window {}); board: {read}{}",
                            r.x,
                            p.preperiod,
                            p.period,
                            p.saltus,
                            p.repeat[0],
                            p.repeat[1],
                            p.window,
                            if !p.board_equal {
                                " (VALUES DIFFER FROM THE BOARD)"
                            } else if p.board_law_equal {
                                " (same)"
                            } else {
                                " (the board is too short to read it)"
                            }
                        )?,
                        None if g.certificate.reason.is_none() => writeln!(
                            out,
                            "  row {}: read: {read} (not proved: {})",
                            r.x,
                            r.reason.as_deref().unwrap_or("")
                        )?,
                        None => writeln!(out, "  row {}: read: {read}", r.x)?,
                    }
                }
            }
        }
    }
    Ok(())
}

/// The lines of ray `i`: `y = s x + c`, residual range, covers, closed form.
fn rays_lines(out: &mut dyn Write, r: &wythoff::patterns::rays::Rays, i: usize) -> io::Result<()> {
    let lines: Vec<_> = r.lines.iter().filter(|l| l.ray == i).collect();
    if lines.len() > 1 {
        writeln!(
            out,
            "    {} parallel lines (residuals y - s x in separated groups):",
            lines.len()
        )?;
    }
    for l in lines {
        let sign = if l.intercept < 0.0 { '-' } else { '+' };
        writeln!(
            out,
            "    line y = {:.6} x {sign} {:.6}: {} P-positions, y - s x in [{:.3}, {:.3}] (exact values in the JSON)",
            l.slope,
            l.intercept.abs(),
            l.count,
            decimal(&l.residual[0]),
            decimal(&l.residual[1])
        )?;
        writeln!(
            out,
            "      covers: {}; {}; {}; {}",
            cover_text("column", &l.covers.columns),
            cover_text("row", &l.covers.rows),
            cover_text("diagonal", &l.covers.diagonals),
            cover_text("column and row together", &l.covers.columns_and_rows)
        )?;
        match (&l.closed_form, &l.open) {
            (Some(f), _) => writeln!(
                out,
                "      slope {} = {:.9}, {}; shares {} decimals with the measured slope",
                f.text, f.value, f.how, f.decimals_shared
            )?,
            (None, Some(why)) => writeln!(out, "      no closed form: {why}")?,
            (None, None) => {}
        }
    }
    Ok(())
}

/// "every column (x in 256..1625) holds exactly 3" or "columns (...) hold 4 (2 times) or 5 (1368)".
fn cover_text(what: &str, c: &Option<wythoff::patterns::rays::Cover>) -> String {
    let Some(c) = c else {
        return format!("no {what} read whole");
    };
    let range = format!("{}..={}", c.from, c.to);
    if let Some(v) = c.constant() {
        return format!("every {what} ({range}) holds exactly {v}");
    }
    let vs: Vec<String> = c
        .values
        .iter()
        .zip(&c.times)
        .map(|(v, t)| format!("{v} ({t} times)"))
        .collect();
    format!("each {what} ({range}) holds {}", vs.join(" or "))
}

/// `"a/b"` or `"a"` as a float, for display only (the exact text is in the JSON).
fn decimal(r: &str) -> f64 {
    match r.split_once('/') {
        Some((a, b)) => a.parse::<f64>().unwrap_or(f64::NAN) / b.parse::<f64>().unwrap_or(f64::NAN),
        None => r.parse().unwrap_or(f64::NAN),
    }
}
