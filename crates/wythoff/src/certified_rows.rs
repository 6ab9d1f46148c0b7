//! Certified Grundy rows as data: the laws the row kernel certified
//! ([`crate::solve::wrappers::Rows`]), written to a text file (one line a row)
//! and a binary file of each row's values over one period, shipped in
//! `docs/grundy-rows/` and embedded here.
//!
//! The text file's header holds the command that regenerates both files. A
//! line: `row preperiod period saltus repeat_from repeat_to window phases
//! start hash`; the values file: for each row in order, `G(x, y) - y` for
//! `y` in `preperiod..preperiod + period` as little-endian `i16`; `hash` is
//! [`crate::hash::hash_values`] of the row's values `G(x, y)`.
//!
//! [`parse`] re-checks every line against the rules and the other lines
//! before any value is used: rows in order from 0; saltus = period; the repeat
//! a multiple of the period past the preperiod; the window the rules' count of
//! earlier cells ([`crate::solve::wrappers::Rows::pairs`]); phases and start
//! those of the rows below; the values over one period within `y - c..=y + c`,
//! distinct modulo the period (a row is injective and its saltus is its
//! period, so one period's values are a complete residue system); and the
//! hash. An edited period, preperiod or value fails the load.

use crate::oracle::Natural;
use crate::rules::Rules;
use crate::solve::wrappers::ROWS;
use crate::solve::{RowLaw, RowsTable};
use malachite_base::num::arithmetic::traits::DivMod;
use std::sync::OnceLock;

/// One certified row: its law and its values over one period.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CertifiedRow {
    pub law: RowLaw,
    /// `G(x, y) - y` for `y` in `preperiod..preperiod + period`.
    period_values: Vec<i16>,
    pub hash: u64,
}

impl CertifiedRow {
    /// A row certified now (not read from a file): its law and its values
    /// `G(x, y) - y` over one period past the preperiod.
    pub fn new(law: RowLaw, period_values: Vec<i16>) -> Self {
        let hash = row_hash(&law, &period_values);
        CertifiedRow {
            law,
            period_values,
            hash,
        }
    }
    /// `G(x, y)` for `y >= preperiod` (`None` below it): `G(x, y0) + k saltus`,
    /// `y = y0 + k period`, `y0` in the first period.
    pub fn value(&self, y: &Natural) -> Option<Natural> {
        let pre = Natural::from(self.law.preperiod);
        if *y < pre {
            return None;
        }
        let (k, r) = (y - &pre).div_mod(Natural::from(self.law.period));
        let r = u64::try_from(&r).expect("below the period");
        let y0 = self.law.preperiod + r;
        let g0 = (y0 as i64 + self.period_values[r as usize] as i64) as u64;
        Some(Natural::from(g0) + k * Natural::from(self.law.saltus))
    }
    /// `G(x, y)` for `y` in `preperiod..preperiod + period`.
    pub fn period_value(&self, y: u64) -> Option<u64> {
        let r = y.checked_sub(self.law.preperiod)?;
        let v = *self.period_values.get(r as usize)?;
        Some((y as i64 + v as i64) as u64)
    }
}

/// A certified table: the game, the columns computed, the rows `0..len`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CertifiedTable {
    pub game: String,
    pub columns: u64,
    /// The file it was read from (in the repository).
    pub file: String,
    pub rows: Vec<CertifiedRow>,
}

impl CertifiedTable {
    pub fn row(&self, x: u64) -> Option<&CertifiedRow> {
        self.rows.get(usize::try_from(x).ok()?)
    }
}

fn row_hash(law: &RowLaw, vals: &[i16]) -> u64 {
    crate::hash::hash_values(
        vals.iter()
            .enumerate()
            .map(|(i, &v)| (law.preperiod as i64 + i as i64 + v as i64) as u64),
    )
}

/// The two files of a certified table of `game` (`rules` its rules): the
/// text (header with `command`, one line a row) and the values. Every row of
/// `t` must be proved, and its values must reach one period past the preperiod.
pub fn write(game: &str, command: &str, t: &RowsTable) -> Result<(String, Vec<u8>), String> {
    let mut text = String::new();
    let mut bytes = Vec::new();
    text.push_str(&format!(
        "# Grundy rows 0..{} of {game}, each certified additively periodic by the row\n\
         # certificate (crates/wythoff-engines/src/solve/grundy/rows.rs): G(x, y + period) =\n\
         # G(x, y) + saltus for every y >= preperiod. Checked on load (crates/wythoff/src/certified_rows.rs).\n\
         # Regenerate (both files):\n#   {command}\n\
         # game {game}\n# columns {}\n\
         # row preperiod period saltus repeat_from repeat_to window phases start hash\n",
        t.rows().saturating_sub(1),
        t.columns()
    ));
    for st in t.status() {
        let Some(law) = st.law() else {
            return Err(format!(
                "row {} is not proved: only certified rows are written",
                text.lines().count()
            ));
        };
        let rel = t.relative_row(law.row);
        let end = (law.preperiod + law.period) as usize;
        if end > rel.len() {
            return Err(format!(
                "row {}: one period past the preperiod is over the columns",
                law.row
            ));
        }
        let vals = &rel[law.preperiod as usize..end];
        for v in vals {
            bytes.extend_from_slice(&v.to_le_bytes());
        }
        text.push_str(&format!(
            "{} {} {} {} {} {} {} {} {} {:016x}\n",
            law.row,
            law.preperiod,
            law.period,
            law.saltus,
            law.repeat[0],
            law.repeat[1],
            law.window,
            law.phases,
            law.start,
            row_hash(law, vals)
        ));
    }
    Ok((text, bytes))
}

/// Read and re-check a certified table of the game `r` (module documentation).
pub fn parse(r: &Rules, file: &str, text: &str, values: &[u8]) -> Result<CertifiedTable, String> {
    let mut game = None;
    let mut columns = None;
    let mut out: Vec<CertifiedRow> = Vec::new();
    let mut at = 0usize;
    for (i, line) in text.lines().enumerate() {
        let bad = |why: String| format!("{file} line {}: {why}", i + 1);
        if let Some(h) = line.strip_prefix("# game ") {
            game = Some(h.trim().to_string());
            continue;
        }
        if let Some(h) = line.strip_prefix("# columns ") {
            columns = Some(h.trim().parse::<u64>().map_err(|e| bad(e.to_string()))?);
            continue;
        }
        if line.starts_with('#') || line.trim().is_empty() {
            continue;
        }
        let f: Vec<u64> = line
            .split_whitespace()
            .take(9)
            .map(|w| w.parse::<u64>().map_err(|e| bad(format!("`{w}`: {e}"))))
            .collect::<Result<_, _>>()?;
        let hash = line
            .split_whitespace()
            .nth(9)
            .and_then(|h| u64::from_str_radix(h, 16).ok())
            .ok_or_else(|| bad("ten fields expected, the last a hash in hex".into()))?;
        if f.len() != 9 {
            return Err(bad("ten fields expected".into()));
        }
        let law = RowLaw {
            row: f[0],
            preperiod: f[1],
            period: f[2],
            saltus: f[3],
            repeat: [f[4], f[5]],
            window: f[6],
            phases: f[7],
            start: f[8],
        };
        let x = out.len() as u64;
        if law.row != x {
            return Err(bad(format!("row {} where row {x} was expected", law.row)));
        }
        if law.period == 0 || law.saltus != law.period {
            return Err(bad("the saltus must equal the period (>= 1)".into()));
        }
        let cols = columns.ok_or_else(|| bad("no `# columns` header".into()))?;
        if !(law.preperiod <= law.repeat[0]
            && law.repeat[0] < law.repeat[1]
            && law.repeat[1] <= cols
            && (law.repeat[1] - law.repeat[0]).is_multiple_of(law.period))
        {
            return Err(bad(
                "the repeat must lie past the preperiod, within the columns, a multiple of the period apart".into(),
            ));
        }
        let p = ROWS.pairs(r, x, cols).map_err(bad)?;
        if law.window != p.len() as u64 {
            return Err(bad(format!(
                "window {} where the rules give {}",
                law.window,
                p.len()
            )));
        }
        let (phases, start) = p.iter().fold((1u64, 0u64), |(l, s), &(xr, d)| {
            let below = &out[xr as usize].law;
            (
                crate::sets::lcm(l, below.period),
                s.max(below.preperiod + d),
            )
        });
        if (law.phases, law.start) != (phases, start) {
            return Err(bad(format!(
                "phases {} and start {} where the rows below give {phases} and {start}",
                law.phases, law.start
            )));
        }
        if !law.repeat[0].is_multiple_of(phases) || law.repeat[0] < start {
            return Err(bad(
                "the repeat is not at a column of phase 0 past the start".into(),
            ));
        }
        let n = law.period as usize;
        let end = at + 2 * n;
        if end > values.len() {
            return Err(bad("the values file ends before this row's period".into()));
        }
        let vals: Vec<i16> = values[at..end]
            .chunks_exact(2)
            .map(|b| i16::from_le_bytes([b[0], b[1]]))
            .collect();
        at = end;
        let c = law.window as i64;
        let mut seen = vec![false; n];
        for (j, &v) in vals.iter().enumerate() {
            if (v as i64) < -c || v as i64 > c {
                return Err(bad(format!(
                    "a value out of y - c..=y + c at column {}",
                    law.preperiod + j as u64
                )));
            }
            let g = law.preperiod as i64 + j as i64 + v as i64;
            let m = g.rem_euclid(law.period as i64) as usize;
            if std::mem::replace(&mut seen[m], true) {
                return Err(bad(
                    "two values of one period are equal modulo the period (the row would not be injective)".into(),
                ));
            }
        }
        if row_hash(&law, &vals) != hash {
            return Err(bad("the values' hash differs".into()));
        }
        out.push(CertifiedRow {
            law,
            period_values: vals,
            hash,
        });
    }
    if at != values.len() {
        return Err(format!(
            "{file}: the values file is longer than the rows' periods"
        ));
    }
    Ok(CertifiedTable {
        game: game.ok_or_else(|| format!("{file}: no `# game` header"))?,
        columns: columns.unwrap_or(0),
        file: file.to_string(),
        rows: out,
    })
}

/// The shipped file of Wythoff's rows.
pub const WYTHOFF_FILE: &str = "docs/grundy-rows/wythoff.txt";
const WYTHOFF_TEXT: &str = include_str!("../../../docs/grundy-rows/wythoff.txt");
const WYTHOFF_VALUES: &[u8] = include_bytes!("../../../docs/grundy-rows/wythoff.values");

/// One shipped table: the catalogue game (its rules are matched, never its
/// name), the file, the text and the values.
struct Shipped {
    game: &'static str,
    file: &'static str,
    text: &'static str,
    values: &'static [u8],
}

/// The shipped tables (docs/grundy-rows/): Wythoff's rows 0..128, and
/// 2-Wythoff's (`m-wythoff:m=2`, the band `|k - l| < 2`) as the second game.
const SHIPPED: [Shipped; 2] = [
    Shipped {
        game: "wythoff",
        file: WYTHOFF_FILE,
        text: WYTHOFF_TEXT,
        values: WYTHOFF_VALUES,
    },
    Shipped {
        game: "m-wythoff:m=2",
        file: "docs/grundy-rows/m-wythoff-m-2.txt",
        text: include_str!("../../../docs/grundy-rows/m-wythoff-m-2.txt"),
        values: include_bytes!("../../../docs/grundy-rows/m-wythoff-m-2.values"),
    },
];

fn rules_of(game: &str) -> Option<Rules> {
    crate::catalogue::parse_game(game)
        .ok()?
        .game
        .as_single()
        .cloned()
}

/// The shipped certified table of `r` (its rules), loaded and re-checked once.
pub fn shipped(r: &Rules) -> Option<&'static CertifiedTable> {
    static TABLES: [OnceLock<Option<CertifiedTable>>; SHIPPED.len()] =
        [const { OnceLock::new() }; SHIPPED.len()];
    let i = SHIPPED
        .iter()
        .position(|s| rules_of(s.game).as_ref() == Some(r))?;
    let s = &SHIPPED[i];
    TABLES[i]
        .get_or_init(|| parse(r, s.file, s.text, s.values).ok())
        .as_ref()
}

/// The shipped table of the catalogue game `game`'s load result (a failed
/// check is an error here; `Err` also for a game with no shipped table).
pub fn load_shipped(game: &str) -> Result<CertifiedTable, String> {
    let s = SHIPPED
        .iter()
        .find(|s| s.game == game)
        .ok_or_else(|| format!("no certified table is shipped for {game}"))?;
    let r = rules_of(game).ok_or_else(|| format!("{game}: not one rule set"))?;
    parse(&r, s.file, s.text, s.values)
}

/// The shipped Wythoff table's load result (a failed check is an error here).
pub fn load_wythoff() -> Result<CertifiedTable, String> {
    load_shipped("wythoff")
}

#[cfg(test)]
mod tests {
    use super::*;

    fn wythoff() -> Rules {
        crate::catalogue::parse_game("wythoff")
            .unwrap()
            .game
            .as_single()
            .unwrap()
            .clone()
    }

    #[test]
    fn the_shipped_table_loads_and_a_sample_equals_a_fresh_computation() {
        let t = load_wythoff().unwrap();
        assert_eq!(t.rows.len(), 129);
        assert_eq!(t.game, "wythoff");
        // rows 0..=32 fresh over 8192 columns (row 32 repeats at 5376)
        let fresh = crate::solve::run::grundy_rows(&wythoff(), 33, 8192, &mut |_, _| {}).unwrap();
        for (x, st) in fresh.status().iter().enumerate() {
            let law = st.law().unwrap();
            let c = &t.rows[x];
            assert_eq!(&c.law, law, "row {x}");
            for y in law.preperiod..law.preperiod + law.period {
                assert_eq!(
                    c.period_value(y),
                    Some(fresh.value(x as u64, y)),
                    "({x}, {y})"
                );
            }
            // beyond the period, by the law, against the fresh values
            for y in (law.preperiod..8192).step_by(7) {
                assert_eq!(
                    c.value(&Natural::from(y)),
                    Some(Natural::from(fresh.value(x as u64, y)))
                );
            }
        }
    }

    /// Issue 49: every certified row equals the full Grundy table (the board
    /// solvers) on 4096 x 4096 at every cell it covers: the shipped laws past
    /// their preperiods, and the row kernel's rows 0..=128 at every cell
    /// (both orientations: Wythoff is symmetric). About 1 s in release.
    #[test]
    fn certified_rows_equal_the_full_table_on_4096() {
        let n = 4096usize;
        let g = crate::rules::Game::single(wythoff());
        let full = crate::solve::grundy(&g, n).unwrap();
        let t = load_wythoff().unwrap();
        let fresh =
            crate::solve::run::grundy_rows(&wythoff(), 129, n as u64, &mut |_, _| {}).unwrap();
        let mut covered = 0u64;
        for x in 0..129usize {
            let c = &t.rows[x];
            for y in 0..n {
                let want = full.get(x, y).unwrap() as u64;
                assert_eq!(fresh.value(x as u64, y as u64), want, "kernel ({x}, {y})");
                assert_eq!(full.get(y, x).unwrap() as u64, want, "symmetric ({x}, {y})");
                if let Some(v) = c.value(&Natural::from(y as u64)) {
                    assert_eq!(v, Natural::from(want), "certified ({x}, {y})");
                    covered += 1;
                }
            }
        }
        // rows whose preperiod is below 4096 cover cells here
        assert!(covered > 20 * 1000, "{covered} cells covered by the laws");
    }

    /// Issue 49 item 2: the second shipped table, 2-Wythoff's rows 0..32:
    /// found by the rules, every row equal to a fresh computation and to the
    /// board solvers' table on 1024 x 1024 at every cell its law covers, and
    /// an edited period refused.
    #[test]
    fn the_m_wythoff_table_loads_equals_a_fresh_computation_and_refuses_an_edit() {
        let r = rules_of("m-wythoff:m=2").unwrap();
        let t = load_shipped("m-wythoff:m=2").unwrap();
        assert_eq!(t.rows.len(), 33);
        assert_eq!(t.game, "m-wythoff:m=2");
        assert_eq!(shipped(&r).map(|s| s.file.as_str()), Some(SHIPPED[1].file));
        assert!(shipped(&wythoff()).is_some_and(|s| s.game == "wythoff"));
        let fresh = crate::solve::run::grundy_rows(&r, 33, 1 << 16, &mut |_, _| {}).unwrap();
        let n = 1024usize;
        let full = crate::solve::grundy(&crate::rules::Game::single(r.clone()), n).unwrap();
        let mut covered = 0;
        for (x, st) in fresh.status().iter().enumerate() {
            let c = &t.rows[x];
            assert_eq!(&c.law, st.law().unwrap(), "row {x}");
            for y in (c.law.preperiod..1 << 16).step_by(5) {
                assert_eq!(
                    c.value(&Natural::from(y)),
                    Some(Natural::from(fresh.value(x as u64, y))),
                    "({x}, {y})"
                );
            }
            for y in 0..n {
                if let Some(v) = c.value(&Natural::from(y as u64)) {
                    assert_eq!(
                        v,
                        Natural::from(full.get(x, y).unwrap() as u64),
                        "({x}, {y})"
                    );
                    covered += 1;
                }
            }
        }
        assert!(covered > 5000, "{covered}");
        // an edited period (and its saltus): the load fails
        let s = &SHIPPED[1];
        let edited: String = s
            .text
            .lines()
            .map(|l| {
                if l.starts_with("20 ") {
                    let mut w: Vec<String> = l.split_whitespace().map(String::from).collect();
                    let p: u64 = w[2].parse().unwrap();
                    w[2] = (p / 2).to_string();
                    w[3] = (p / 2).to_string();
                    w.join(" ")
                } else {
                    l.to_string()
                }
            })
            .collect::<Vec<_>>()
            .join("\n");
        assert!(parse(&r, s.file, s.text, s.values).is_ok());
        let e = parse(&r, s.file, &edited, s.values).unwrap_err();
        assert!(e.contains("line"), "{e}");
    }

    /// Change one field of one row's line (`row`, field `i`) to `v`.
    fn edited(row: u64, i: usize, f: impl Fn(u64) -> u64) -> String {
        WYTHOFF_TEXT
            .lines()
            .map(|l| {
                let w: Vec<&str> = l.split_whitespace().collect();
                if !l.starts_with('#') && w.first() == Some(&row.to_string().as_str()) {
                    let mut w: Vec<String> = w.iter().map(|s| s.to_string()).collect();
                    w[i] = f(w[i].parse().unwrap()).to_string();
                    w.join(" ")
                } else {
                    l.to_string()
                }
            })
            .collect::<Vec<_>>()
            .join("\n")
    }

    #[test]
    fn an_edited_line_is_refused() {
        let r = wythoff();
        // the unedited text loads (so each refusal below is the edit's)
        assert!(parse(&r, "t", &edited(5, 2, |v| v), WYTHOFF_VALUES).is_ok());
        let period_and_saltus = edited(40, 2, |v| v * 2);
        let period_and_saltus = period_and_saltus
            .lines()
            .map(|l| {
                if l.starts_with("40 ") {
                    let mut w: Vec<String> = l.split_whitespace().map(String::from).collect();
                    w[3] = w[2].clone();
                    w.join(" ")
                } else {
                    l.to_string()
                }
            })
            .collect::<Vec<_>>()
            .join("\n");
        for (what, text) in [
            ("a period", edited(40, 2, |v| v / 2)),
            ("a period and its saltus", period_and_saltus),
            ("a preperiod", edited(77, 1, |v| v + 1)),
            ("a window", edited(3, 6, |v| v + 2)),
            ("a start", edited(100, 8, |v| v - 1)),
        ] {
            let e = parse(&r, "t", &text, WYTHOFF_VALUES).unwrap_err();
            assert!(e.contains("line"), "{what}: {e}");
        }
        let mut v = WYTHOFF_VALUES.to_vec();
        v[1000] ^= 1;
        assert!(parse(&r, "t", WYTHOFF_TEXT, &v).is_err(), "an edited value");
    }
}
