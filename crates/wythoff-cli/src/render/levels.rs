//! `grundy --values A..G`: the positions of values `A..=G`, streamed by value,
//! then `x`, then `y`, in any format.
//!
//! - csv: a header `x,y,g`, then one line `x,y,g` a position.
//! - summary: `<count> <hash>`, the hash ([`wythoff::hash`]) fed `x, y, g` for
//!   each position in the csv order.
//! - json: `{"game", "max", "values": [A, G], "levels": [{"g", "count",
//!   "positions": [[x, y], ...]}, ...]}`, every level of `A..=G`.
//! - text: a header, then a line a level: its count and its first positions.

use super::{push_u64, Chunked, Format};
use std::io::{self, Write};

/// Positions a level's text line shows.
const TEXT_FIRST: usize = 8;

/// Writes the level sets as the library hands them over.
pub struct Levels<'a> {
    w: Chunked<'a>,
    format: Format,
    summary: wythoff::hash::Summary,
    /// The values asked for, both included.
    values: (u64, u64),
    /// The level being written (json, text) and its count.
    level: u64,
    count: u64,
    /// Text: the level's first positions.
    first: Vec<(u32, u32)>,
}

impl<'a> Levels<'a> {
    pub fn begin(
        out: &'a mut dyn Write,
        format: Format,
        label: &str,
        n: u64,
        values: (u64, u64),
    ) -> Self {
        let mut w = Chunked::new(out);
        match format {
            Format::Csv => w.buf.extend_from_slice(b"x,y,g\n"),
            Format::Json => {
                let label = serde_json::to_string(label).expect("json of a string");
                w.buf.extend_from_slice(
                    format!(
                        "{{\"game\":{label},\"max\":{n},\"values\":[{},{}],\"levels\":[",
                        values.0, values.1
                    )
                    .as_bytes(),
                );
            }
            Format::Text => w.buf.extend_from_slice(
                format!(
                    "# Grundy values {}..={} of {label}, 0 <= x, y < {n}: per value, its positions' count and the first (x, y) by x\n",
                    values.0, values.1
                )
                .as_bytes(),
            ),
            Format::Summary => {}
        }
        let mut l = Levels {
            w,
            format,
            summary: wythoff::hash::Summary::new(),
            values,
            level: values.0,
            count: 0,
            first: Vec::new(),
        };
        l.open_level();
        l
    }

    fn open_level(&mut self) {
        if self.format == Format::Json {
            if self.level > self.values.0 {
                self.w.buf.push(b',');
            }
            self.w
                .buf
                .extend_from_slice(format!("{{\"g\":{},\"positions\":[", self.level).as_bytes());
        }
    }

    fn close_level(&mut self) {
        let buf = &mut self.w.buf;
        match self.format {
            Format::Json => {
                buf.extend_from_slice(format!("],\"count\":{}}}", self.count).as_bytes());
            }
            Format::Text => {
                buf.extend_from_slice(
                    format!("g = {}: {} positions", self.level, self.count).as_bytes(),
                );
                for (i, &(x, y)) in self.first.iter().enumerate() {
                    buf.extend_from_slice(if i == 0 { b": " } else { b" " });
                    buf.extend_from_slice(format!("({x}, {y})").as_bytes());
                }
                if self.count > self.first.len() as u64 {
                    buf.extend_from_slice(b" ...");
                }
                buf.push(b'\n');
            }
            Format::Csv | Format::Summary => {}
        }
        self.count = 0;
        self.first.clear();
    }

    /// The position `(x, y)` of value `g` (in order: by `g`, `x`, `y`).
    pub fn position(&mut self, g: u32, x: u32, y: u32) {
        if self.w.failed() {
            return;
        }
        while (g as u64) > self.level {
            self.close_level();
            self.level += 1;
            self.open_level();
        }
        let buf = &mut self.w.buf;
        match self.format {
            Format::Summary => self.summary.item(&[x as u64, y as u64, g as u64]),
            Format::Csv => {
                push_u64(buf, x as u64);
                buf.push(b',');
                push_u64(buf, y as u64);
                buf.push(b',');
                push_u64(buf, g as u64);
                buf.push(b'\n');
            }
            Format::Json => {
                if self.count > 0 {
                    buf.push(b',');
                }
                buf.push(b'[');
                push_u64(buf, x as u64);
                buf.push(b',');
                push_u64(buf, y as u64);
                buf.push(b']');
            }
            Format::Text => {
                if self.first.len() < TEXT_FIRST {
                    self.first.push((x, y));
                }
            }
        }
        self.count += 1;
        self.w.flush_if_full();
    }

    /// Close every level up to the last asked for, and write what remains.
    pub fn finish(mut self) -> io::Result<()> {
        if !self.w.failed() {
            while self.level < self.values.1 {
                self.close_level();
                self.level += 1;
                self.open_level();
            }
            self.close_level();
            match self.format {
                Format::Json => self.w.buf.extend_from_slice(b"]}\n"),
                Format::Summary => {
                    let line = format!("{}\n", self.summary.line());
                    self.w.buf.extend_from_slice(line.as_bytes());
                }
                Format::Csv | Format::Text => {}
            }
        }
        self.w.finish()
    }
}
