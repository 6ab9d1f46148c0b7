//! Pictures of a board: P-positions (with the papers' parts), per-cell classes
//! (Imitation Nim's P / N / dynamic) or a Grundy heatmap, as PNG or SVG.
//!
//! One drawing routine serves both backends, so the two files show the same
//! picture. Every shape is a filled axis-aligned rectangle on whole pixels (lines
//! too), and text uses the bundled DejaVu Sans (registered with plotters'
//! `ab_glyph` font table, no system fonts), so output is byte-for-byte
//! deterministic. The board's origin is at the lower left, the first pile `x`
//! runs along the horizontal axis.
//!
//! Large boards: when `n` cells do not fit at [`MIN_CELL_PX`] pixels each in
//! [`BOARD_PX`], square blocks of `k x k` cells are drawn as one (a block takes the
//! class of highest priority among its cells, so a block with a P-position is
//! drawn as P; a heatmap block shows the least Grundy value, so P stands out),
//! and the picture says so.

use plotters::coord::Shift;
use plotters::prelude::*;
use plotters::style::text_anchor::{HPos, Pos, VPos};
use plotters::style::{register_font, FontStyle, FontTransform, RGBColor};
use std::path::Path;
use std::sync::Once;

/// The bundled font (DejaVu Sans 2.37, see `assets/fonts/LICENSE-DejaVu.txt`).
static FONT_BYTES: &[u8] = include_bytes!("../assets/fonts/DejaVuSans.ttf");
/// The family name the font is registered under; SVG text names it too.
pub const FONT_FAMILY: &str = "DejaVu Sans";

/// Target side of the board in pixels.
pub const BOARD_PX: usize = 800;
/// Smallest side of a drawn cell (or block of cells) in pixels.
pub const MIN_CELL_PX: usize = 4;

/// Output file format, from the path's extension.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ImageFormat {
    Png,
    Svg,
}

impl ImageFormat {
    /// The format for `path`: `.png` or `.svg` (any case); anything else is refused.
    pub fn from_path(path: &Path) -> Result<ImageFormat, String> {
        let ext = path
            .extension()
            .and_then(|e| e.to_str())
            .map(|e| e.to_ascii_lowercase());
        match ext.as_deref() {
            Some("png") => Ok(ImageFormat::Png),
            Some("svg") => Ok(ImageFormat::Svg),
            Some(other) => Err(format!(
                "cannot write `{}`: unsupported image format `.{other}`; use a path ending in .png or .svg",
                path.display()
            )),
            None => Err(format!(
                "cannot write `{}`: the path has no extension; use a path ending in .png or .svg",
                path.display()
            )),
        }
    }
}

/// One legend entry of a class picture.
#[derive(Clone, Debug)]
pub struct Class {
    pub label: String,
    pub color: RGBColor,
    /// Cells of the board in this class (shown in the legend).
    pub count: usize,
}

/// What the cells of the board hold.
#[derive(Clone, Debug)]
pub enum Cells {
    /// A class index per cell, row-major (`x` outer). When cells are merged into
    /// blocks, the lowest index present wins: list P-like classes first.
    Classes {
        classes: Vec<Class>,
        cells: Vec<u16>,
    },
    /// A Grundy value per cell, row-major; [`OFF`] marks cells off the board.
    Values {
        values: Vec<u32>,
        /// What the values are: "Grundy value" or "Remoteness".
        what: &'static str,
    },
}

/// Cell value of a heatmap cell that is not on the board.
pub const OFF: u32 = u32::MAX;

/// A picture of an `n x n` board.
#[derive(Clone, Debug)]
pub struct Picture {
    pub title: String,
    /// Lines under the title (source, partition, merging note is added here).
    pub notes: Vec<String>,
    pub n: usize,
    pub cells: Cells,
}

/// Colours.
pub mod palette {
    use plotters::style::RGBColor;
    pub const N: RGBColor = RGBColor(255, 255, 255);
    pub const P: RGBColor = RGBColor(0, 0, 0);
    pub const OFF: RGBColor = RGBColor(200, 200, 200);
    /// Imitation Nim: dynamic positions, N / P as starting positions.
    pub const DYNAMIC: RGBColor = RGBColor(240, 190, 90);
    pub const DYNAMIC_P: RGBColor = RGBColor(213, 94, 0);
    pub const GRID: RGBColor = RGBColor(215, 215, 215);
    pub const GRID_MAJOR: RGBColor = RGBColor(140, 140, 140);
    pub const FRAME: RGBColor = RGBColor(0, 0, 0);
    pub const TEXT: RGBColor = RGBColor(0, 0, 0);
    pub const NOTE: RGBColor = RGBColor(60, 60, 60);
    /// Grundy value 0 (P-positions) in a heatmap.
    pub const HEAT_ZERO: RGBColor = RGBColor(214, 39, 40);
    /// Shades of the parts of a partition (Okabe-Ito, colour-blind safe, black
    /// first as the papers draw the first part).
    pub const PARTS: [RGBColor; 10] = [
        RGBColor(0, 0, 0),
        RGBColor(0, 114, 178),
        RGBColor(230, 159, 0),
        RGBColor(0, 158, 115),
        RGBColor(204, 121, 167),
        RGBColor(86, 180, 233),
        RGBColor(213, 94, 0),
        RGBColor(240, 228, 66),
        RGBColor(140, 86, 75),
        RGBColor(127, 127, 127),
    ];
    /// Parts that are not one of the p regular ones (e.g. "P in no shifted game").
    pub const EXTRA: [RGBColor; 2] = [RGBColor(228, 26, 28), RGBColor(152, 78, 163)];
    /// Heatmap ramp for values 1..=max (ColorBrewer YlGnBu).
    pub const RAMP: [RGBColor; 9] = [
        RGBColor(255, 255, 217),
        RGBColor(237, 248, 177),
        RGBColor(199, 233, 180),
        RGBColor(127, 205, 187),
        RGBColor(65, 182, 196),
        RGBColor(29, 145, 192),
        RGBColor(34, 94, 168),
        RGBColor(37, 52, 148),
        RGBColor(8, 29, 88),
    ];
}

/// Colour of Grundy value `v >= 1` on a scale up to `max`.
pub fn ramp(v: u32, max: u32) -> RGBColor {
    let r = &palette::RAMP;
    if max <= 1 {
        return r[r.len() / 2];
    }
    let t = (v.saturating_sub(1)) as f64 / (max - 1) as f64 * (r.len() - 1) as f64;
    let i = (t.floor() as usize).min(r.len() - 2);
    let f = t - i as f64;
    let mix = |a: u8, b: u8| (a as f64 + (b as f64 - a as f64) * f).round() as u8;
    RGBColor(
        mix(r[i].0, r[i + 1].0),
        mix(r[i].1, r[i + 1].1),
        mix(r[i].2, r[i + 1].2),
    )
}

fn register() {
    static ONCE: Once = Once::new();
    ONCE.call_once(|| {
        // The bytes are a valid TrueType font compiled into the binary.
        let _ = register_font(FONT_FAMILY, FontStyle::Normal, FONT_BYTES);
    });
}

/// Cells merged per block side, and the block side in pixels, for an `n x n` board.
pub fn block_layout(n: usize) -> (usize, usize) {
    let n = n.max(1);
    let mut k = 1;
    loop {
        let blocks = n.div_ceil(k);
        let px = BOARD_PX / blocks;
        if px >= MIN_CELL_PX {
            return (k, px);
        }
        k += 1;
    }
}

/// The board reduced to blocks of `k x k` cells: a colour per block, row-major
/// (`bx` outer), and whether the block is off the board.
struct Blocks {
    nb: usize,
    colors: Vec<RGBColor>,
}

fn reduce(p: &Picture, k: usize) -> Blocks {
    let n = p.n;
    let nb = n.div_ceil(k);
    let mut colors = Vec::with_capacity(nb * nb);
    let max = match &p.cells {
        Cells::Values { values, .. } => heat_max(values),
        Cells::Classes { .. } => 0,
    };
    for bx in 0..nb {
        for by in 0..nb {
            let xs = bx * k..((bx + 1) * k).min(n);
            let ys = by * k..((by + 1) * k).min(n);
            let color = match &p.cells {
                Cells::Classes { classes, cells } => {
                    let mut best = u16::MAX;
                    for x in xs.clone() {
                        for y in ys.clone() {
                            best = best.min(cells[x * n + y]);
                        }
                    }
                    classes.get(best as usize).map_or(palette::N, |c| c.color)
                }
                Cells::Values { values, .. } => {
                    let mut best = OFF;
                    for x in xs.clone() {
                        for y in ys.clone() {
                            best = best.min(values[x * n + y]);
                        }
                    }
                    match best {
                        OFF => palette::OFF,
                        0 => palette::HEAT_ZERO,
                        v => ramp(v, max),
                    }
                }
            };
            colors.push(color);
        }
    }
    Blocks { nb, colors }
}

fn heat_max(values: &[u32]) -> u32 {
    values
        .iter()
        .copied()
        .filter(|&v| v != OFF)
        .max()
        .unwrap_or(0)
}

/// A step between axis ticks: the least of 1, 2, 5, 10, 20, 25, 50, ... whose
/// ticks are at least `min_px` apart.
fn tick_step(px_per_cell: f64, min_px: f64) -> usize {
    let mut base = 1usize;
    loop {
        for m in [1, 2, 5] {
            let s = base * m;
            if s as f64 * px_per_cell >= min_px {
                return s;
            }
        }
        base *= 10;
    }
}

fn font(size: f64) -> TextStyle<'static> {
    (FONT_FAMILY, size).into_font().color(&palette::TEXT)
}

fn text_width(text: &str, size: f64) -> u32 {
    (FONT_FAMILY, size)
        .into_font()
        .box_size(text)
        .map(|(w, _)| w)
        .unwrap_or((text.chars().count() as f64 * size * 0.6) as u32)
}

/// Geometry of the picture.
struct Layout {
    width: u32,
    height: u32,
    /// Board's upper left corner in pixels.
    bx0: i32,
    by0: i32,
    /// Cells per block and block side in pixels.
    k: usize,
    px: usize,
    nb: usize,
    legend_x: i32,
}

const TITLE_PX: f64 = 24.0;
const NOTE_PX: f64 = 16.0;
const LABEL_PX: f64 = 15.0;
const TICK_PX: f64 = 14.0;
const LEGEND_PX: f64 = 16.0;

/// The legend of the value-0 colour.
fn zero_label(what: &str) -> String {
    if what == "Grundy value" {
        "Grundy value 0: P-position".to_string()
    } else {
        format!("{what} 0")
    }
}

fn legend_lines(p: &Picture) -> Vec<String> {
    match &p.cells {
        Cells::Classes { classes, .. } => classes
            .iter()
            .map(|c| format!("{}  ({} cells)", c.label, c.count))
            .collect(),
        Cells::Values { what, .. } => vec![zero_label(what), "cells off the board".to_string()],
    }
}

fn layout(p: &Picture, notes: &[String]) -> Layout {
    let (k, px) = block_layout(p.n);
    let nb = p.n.div_ceil(k);
    let board = (nb * px) as i32;
    let left = 90;
    let top = 24 + TITLE_PX as i32 + 12 + notes.len() as i32 * (NOTE_PX as i32 + 6) + 16;
    let legend_w = legend_lines(p)
        .iter()
        .map(|l| text_width(l, LEGEND_PX) as i32 + 40)
        .max()
        .unwrap_or(0)
        .max(220);
    let legend_x = left + board + 40;
    let text_w = std::iter::once(text_width(&p.title, TITLE_PX))
        .chain(notes.iter().map(|l| text_width(l, NOTE_PX)))
        .max()
        .unwrap_or(0) as i32
        + 40;
    let width = (legend_x + legend_w + 24).max(text_w).max(800);
    let height = top + board + 70;
    Layout {
        width: width as u32,
        height: height as u32,
        bx0: left,
        by0: top,
        k,
        px,
        nb,
        legend_x,
    }
}

type DResult<DB> = Result<(), DrawingAreaErrorKind<<DB as DrawingBackend>::ErrorType>>;

fn rect<DB: DrawingBackend>(
    root: &DrawingArea<DB, Shift>,
    x: i32,
    y: i32,
    w: i32,
    h: i32,
    c: RGBColor,
) -> DResult<DB> {
    root.draw(&Rectangle::new([(x, y), (x + w, y + h)], c.filled()))
}

fn text<DB: DrawingBackend>(
    root: &DrawingArea<DB, Shift>,
    s: &str,
    (x, y): (i32, i32),
    style: TextStyle<'_>,
) -> DResult<DB> {
    root.draw(&Text::new(s.to_string(), (x, y), style))
}

fn draw<DB: DrawingBackend>(
    root: DrawingArea<DB, Shift>,
    p: &Picture,
    notes: &[String],
) -> DResult<DB> {
    let l = layout(p, notes);
    root.fill(&WHITE)?;
    // Title and notes.
    let mut y = 24;
    text(&root, &p.title, (24, y), font(TITLE_PX))?;
    y += TITLE_PX as i32 + 12;
    for note in notes {
        text(&root, note, (24, y), font(NOTE_PX).color(&palette::NOTE))?;
        y += NOTE_PX as i32 + 6;
    }
    draw_cells(&root, p, &l)?;
    draw_axes(&root, p, &l)?;
    draw_legend(&root, p, &l)?;
    root.present()
}

/// The cells, merged into horizontal runs of one colour (fewer SVG elements).
fn draw_cells<DB: DrawingBackend>(
    root: &DrawingArea<DB, Shift>,
    p: &Picture,
    l: &Layout,
) -> DResult<DB> {
    let blocks = reduce(p, l.k);
    let (px, nb) = (l.px as i32, l.nb as i32);
    let board = px * nb;
    let (bx0, by0) = (l.bx0, l.by0);
    // Block (bx, by) has its lower left corner at (bx0 + bx px, by0 + board - by px).
    for by in 0..l.nb {
        let ytop = by0 + board - (by as i32 + 1) * px;
        let mut bx = 0;
        while bx < l.nb {
            let c = blocks.colors[bx * blocks.nb + by];
            let mut end = bx + 1;
            while end < l.nb && blocks.colors[end * blocks.nb + by] == c {
                end += 1;
            }
            if c != WHITE {
                rect(
                    root,
                    bx0 + bx as i32 * px,
                    ytop,
                    (end - bx) as i32 * px,
                    px,
                    c,
                )?;
            }
            bx = end;
        }
    }
    Ok(())
}

/// The grid, the frame, the ticks with their labels and the axis names.
fn draw_axes<DB: DrawingBackend>(
    root: &DrawingArea<DB, Shift>,
    p: &Picture,
    l: &Layout,
) -> DResult<DB> {
    let (px, nb) = (l.px as i32, l.nb as i32);
    let board = px * nb;
    let (bx0, by0) = (l.bx0, l.by0);
    // Grid: every cell boundary when cells are large enough, else the tick lines.
    let heat = matches!(p.cells, Cells::Values { .. });
    let cell_px = px as f64 / l.k as f64;
    let step = tick_step(cell_px, 36.0);
    let cell_grid = l.k == 1 && px >= 6;
    if cell_grid {
        let c = if heat { WHITE } else { palette::GRID };
        for i in 1..nb {
            rect(root, bx0 + i * px, by0, 1, board, c)?;
            rect(root, bx0, by0 + board - i * px, board, 1, c)?;
        }
    }
    // Major lines (on cell boundaries) every few ticks when the cell grid is
    // drawn, else at every tick.
    let major = match (cell_grid, step) {
        (false, s) => s,
        (true, 1) => 5,
        (true, s) => 5 * s,
    };
    let c = if heat { WHITE } else { palette::GRID_MAJOR };
    let mut v = major;
    while v < p.n {
        let off = ((v as f64) * cell_px).round() as i32;
        rect(root, bx0 + off, by0, 1, board, c)?;
        rect(root, bx0, by0 + board - off, board, 1, c)?;
        v += major;
    }
    // Frame.
    rect(root, bx0 - 1, by0 - 1, board + 2, 1, palette::FRAME)?;
    rect(root, bx0 - 1, by0 + board, board + 2, 1, palette::FRAME)?;
    rect(root, bx0 - 1, by0 - 1, 1, board + 2, palette::FRAME)?;
    rect(root, bx0 + board, by0 - 1, 1, board + 2, palette::FRAME)?;
    // Ticks at cell centres, labels, axis names.
    let mut v = 0;
    while v < p.n {
        let c = ((v as f64 + 0.5) * cell_px).floor() as i32;
        rect(root, bx0 + c, by0 + board + 1, 1, 5, palette::FRAME)?;
        text(
            root,
            &v.to_string(),
            (bx0 + c, by0 + board + 9),
            font(TICK_PX).pos(Pos::new(HPos::Center, VPos::Top)),
        )?;
        let yc = by0 + board - 1 - c;
        rect(root, bx0 - 6, yc, 5, 1, palette::FRAME)?;
        text(
            root,
            &v.to_string(),
            (bx0 - 10, yc),
            font(TICK_PX).pos(Pos::new(HPos::Right, VPos::Center)),
        )?;
        v += step;
    }
    text(
        root,
        "x (first pile)",
        (bx0 + board / 2, by0 + board + 36),
        font(LABEL_PX).pos(Pos::new(HPos::Center, VPos::Top)),
    )?;
    text(
        root,
        "y (second pile)",
        (24, by0 + board / 2),
        font(LABEL_PX)
            .transform(FontTransform::Rotate270)
            .pos(Pos::new(HPos::Center, VPos::Top)),
    )?;
    Ok(())
}

/// The legend: one swatch per class, or the zero and off-board swatches and a colour bar.
fn draw_legend<DB: DrawingBackend>(
    root: &DrawingArea<DB, Shift>,
    p: &Picture,
    l: &Layout,
) -> DResult<DB> {
    let board = l.px as i32 * l.nb as i32;
    let by0 = l.by0;
    let lx = l.legend_x;
    let mut ly = by0;
    text(root, "Legend", (lx, ly), font(LEGEND_PX + 2.0))?;
    ly += 32;
    let sw = 18;
    let swatch = |ly: i32, c: RGBColor| -> DResult<DB> {
        rect(root, lx, ly, sw, sw, palette::FRAME)?;
        rect(root, lx + 1, ly + 1, sw - 2, sw - 2, c)
    };
    match &p.cells {
        Cells::Classes { classes, .. } => {
            for (c, line) in classes.iter().zip(legend_lines(p)) {
                swatch(ly, c.color)?;
                text(
                    root,
                    &line,
                    (lx + sw + 10, ly + sw / 2),
                    font(LEGEND_PX).pos(Pos::new(HPos::Left, VPos::Center)),
                )?;
                ly += sw + 12;
            }
        }
        Cells::Values { values, what } => {
            let max = heat_max(values);
            swatch(ly, palette::HEAT_ZERO)?;
            text(
                root,
                &zero_label(what),
                (lx + sw + 10, ly + sw / 2),
                font(LEGEND_PX).pos(Pos::new(HPos::Left, VPos::Center)),
            )?;
            ly += sw + 12;
            if values.contains(&OFF) {
                swatch(ly, palette::OFF)?;
                text(
                    root,
                    "cells off the board",
                    (lx + sw + 10, ly + sw / 2),
                    font(LEGEND_PX).pos(Pos::new(HPos::Left, VPos::Center)),
                )?;
                ly += sw + 12;
            }
            if max >= 1 {
                ly += 8;
                text(root, what, (lx, ly), font(LEGEND_PX))?;
                ly += 26;
                // Vertical colour bar, value 1 at the bottom, max at the top.
                let bar_h = (board - (ly - by0) - 20).clamp(60, 360);
                let bar_w = 26;
                for i in 0..bar_h {
                    // row i from the top
                    let t = 1.0 - (i as f64 + 0.5) / bar_h as f64;
                    let v = 1 + (t * (max - 1) as f64).round() as u32;
                    rect(root, lx, ly + i, bar_w, 1, ramp(v, max))?;
                }
                rect(root, lx - 1, ly - 1, bar_w + 2, 1, palette::FRAME)?;
                rect(root, lx - 1, ly + bar_h, bar_w + 2, 1, palette::FRAME)?;
                rect(root, lx - 1, ly - 1, 1, bar_h + 2, palette::FRAME)?;
                rect(root, lx + bar_w, ly - 1, 1, bar_h + 2, palette::FRAME)?;
                let span = (max - 1).max(1) as f64;
                let vstep = tick_step(bar_h as f64 / span, 28.0) as u32;
                let mut marks: Vec<u32> = vec![1];
                let mut v = vstep;
                while v <= max {
                    if v > 1 {
                        marks.push(v);
                    }
                    v += vstep;
                }
                if *marks.last().unwrap_or(&1) != max
                    && (max - marks.last().copied().unwrap_or(1)) as f64 / span * bar_h as f64
                        >= 18.0
                {
                    marks.push(max);
                }
                for v in marks {
                    let t = if max > 1 { (v - 1) as f64 / span } else { 0.5 };
                    let yy = ly + bar_h - 1 - (t * (bar_h - 1) as f64).round() as i32;
                    rect(root, lx + bar_w + 1, yy, 5, 1, palette::FRAME)?;
                    text(
                        root,
                        &v.to_string(),
                        (lx + bar_w + 10, yy),
                        font(TICK_PX).pos(Pos::new(HPos::Left, VPos::Center)),
                    )?;
                }
            }
        }
    }
    Ok(())
}

/// Render `p` to the bytes of a PNG or SVG file.
pub fn render(p: &Picture, format: ImageFormat) -> Result<Vec<u8>, String> {
    register();
    let mut notes = p.notes.clone();
    let (k, _) = block_layout(p.n);
    if k > 1 {
        notes.push(match &p.cells {
            Cells::Classes { .. } => format!(
                "{n}×{n} board: each pixel block = {k}×{k} cells, drawn in the first listed class present (a block with a P-position is P)",
                n = p.n
            ),
            Cells::Values { what, .. } => format!(
                "{n}×{n} board: each pixel block = {k}×{k} cells, coloured by the least {} in it (so 0 stands out)",
                what.to_lowercase(),
                n = p.n
            ),
        });
    }
    let l = layout(p, &notes);
    let (w, h) = (l.width, l.height);
    let err = |e: String| format!("cannot draw the picture: {e}");
    match format {
        ImageFormat::Png => {
            let mut buf = vec![0u8; w as usize * h as usize * 3];
            {
                let root = BitMapBackend::with_buffer(&mut buf, (w, h)).into_drawing_area();
                draw(root, p, &notes).map_err(|e| err(e.to_string()))?;
            }
            encode_png(&buf, w, h).map_err(|e| err(e.to_string()))
        }
        ImageFormat::Svg => {
            let mut s = String::new();
            {
                let root = SVGBackend::with_string(&mut s, (w, h)).into_drawing_area();
                draw(root, p, &notes).map_err(|e| err(e.to_string()))?;
            }
            Ok(svg_font_sizes(&s).into_bytes())
        }
    }
}

/// plotters' SVG backend writes `font-size = size / 1.24`, while its bitmap text
/// (ab_glyph) scales the font so that ascender - descender = size; for DejaVu
/// Sans that is (1901 + 483) / 2048 = 1.1641 em. Rewrite the SVG sizes so that
/// text in both files has the same em size.
fn svg_font_sizes(svg: &str) -> String {
    const KEY: &str = "font-size=\"";
    let mut out = String::with_capacity(svg.len());
    let mut rest = svg;
    while let Some(i) = rest.find(KEY) {
        let (head, tail) = rest.split_at(i + KEY.len());
        out.push_str(head);
        let end = tail.find('"').unwrap_or(0);
        match tail[..end].parse::<f64>() {
            Ok(v) => out.push_str(&format!("{:.2}", v * 1.24 / (2384.0 / 2048.0))),
            Err(_) => out.push_str(&tail[..end]),
        }
        rest = &tail[end..];
    }
    out.push_str(rest);
    out
}

fn encode_png(rgb: &[u8], w: u32, h: u32) -> Result<Vec<u8>, png::EncodingError> {
    let mut out = Vec::new();
    {
        let mut enc = png::Encoder::new(&mut out, w, h);
        enc.set_color(png::ColorType::Rgb);
        enc.set_depth(png::BitDepth::Eight);
        enc.set_compression(png::Compression::Best);
        let mut wr = enc.write_header()?;
        wr.write_image_data(rgb)?;
    }
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn blocks_keep_cells_at_least_min_px() {
        for n in [1, 5, 40, 199, 200, 201, 400, 1000, 5000] {
            let (k, px) = block_layout(n);
            assert!(px >= MIN_CELL_PX, "{n}");
            assert!(n.div_ceil(k) * px <= BOARD_PX, "{n}");
            if k > 1 {
                // k - 1 would not fit
                assert!(BOARD_PX / n.div_ceil(k - 1) < MIN_CELL_PX, "{n}");
            }
        }
        assert_eq!(block_layout(40), (1, 20));
    }

    #[test]
    fn extension_is_checked() {
        assert_eq!(
            ImageFormat::from_path(Path::new("a.PNG")),
            Ok(ImageFormat::Png)
        );
        assert_eq!(
            ImageFormat::from_path(Path::new("d/a.svg")),
            Ok(ImageFormat::Svg)
        );
        assert!(ImageFormat::from_path(Path::new("a.jpg")).is_err());
        assert!(ImageFormat::from_path(Path::new("a")).is_err());
    }

    #[test]
    fn svg_font_sizes_are_rescaled() {
        let s = svg_font_sizes(r#"<text font-size="12.5">a</text><text font-size="x">"#);
        assert_eq!(s, r#"<text font-size="13.32">a</text><text font-size="x">"#);
    }

    #[test]
    fn ramp_ends() {
        assert_eq!(ramp(1, 10), palette::RAMP[0]);
        assert_eq!(ramp(10, 10), palette::RAMP[8]);
    }
}
