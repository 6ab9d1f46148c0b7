//! `wythoff plot`: valid, deterministic PNG and SVG pictures of the same
//! drawing, for every kind of game, and clean refusals (exit 2, one line).

use std::path::{Path, PathBuf};

mod common;
use common::wythoff;
use common::wythoff_refused as refused;

fn tmp(name: &str) -> PathBuf {
    let dir = common::temp_folder("wythoff-plot-test");
    dir.join(name)
}

/// Run `plot` and return the bytes of the file it wrote.
fn plot(game_args: &[&str], path: &Path) -> Vec<u8> {
    let mut args = vec!["plot"];
    args.extend_from_slice(game_args);
    let p = path.to_str().unwrap();
    args.extend_from_slice(&["-o", p]);
    let o = wythoff(&args);
    assert!(
        o.status.success(),
        "{args:?}: {}",
        String::from_utf8_lossy(&o.stderr)
    );
    std::fs::read(path).unwrap()
}

/// Decode a PNG: (width, height, RGB pixels).
fn decode_png(bytes: &[u8]) -> (u32, u32, Vec<u8>) {
    assert_eq!(&bytes[..8], b"\x89PNG\r\n\x1a\n", "PNG signature");
    let dec = png::Decoder::new(std::io::Cursor::new(bytes));
    let mut r = dec.read_info().expect("PNG header");
    let mut buf = vec![0; r.output_buffer_size()];
    let info = r.next_frame(&mut buf).expect("PNG data");
    assert_eq!(info.color_type, png::ColorType::Rgb);
    buf.truncate(info.buffer_size());
    (info.width, info.height, buf)
}

fn has_color(rgb: &[u8], c: (u8, u8, u8)) -> bool {
    rgb.chunks(3).any(|p| p == [c.0, c.1, c.2])
}

/// Parse the SVG as XML; return (width, height, all text content).
fn parse_svg(bytes: &[u8]) -> (u32, u32, String) {
    let text = std::str::from_utf8(bytes).expect("SVG is UTF-8");
    let doc = roxmltree::Document::parse(text).expect("SVG is well-formed XML");
    let root = doc.root_element();
    assert_eq!(root.tag_name().name(), "svg");
    let w = root.attribute("width").unwrap().parse().unwrap();
    let h = root.attribute("height").unwrap().parse().unwrap();
    let mut texts = String::new();
    for n in doc.descendants().filter(|n| n.has_tag_name("text")) {
        assert_eq!(n.attribute("font-family"), Some("DejaVu Sans"));
        texts.push_str(n.text().unwrap_or("").trim());
        texts.push('\n');
    }
    (w, h, texts)
}

/// Render `args` to PNG and SVG twice each; check validity, determinism, that
/// both files have the same size and title, and return the PNG pixels.
fn check_both(stem: &str, args: &[&str], title: &str) -> Vec<u8> {
    let png1 = plot(args, &tmp(&format!("{stem}-1.png")));
    let png2 = plot(args, &tmp(&format!("{stem}-2.png")));
    assert_eq!(png1, png2, "{stem}: PNG differs between two runs");
    let svg1 = plot(args, &tmp(&format!("{stem}-1.svg")));
    let svg2 = plot(args, &tmp(&format!("{stem}-2.svg")));
    assert_eq!(svg1, svg2, "{stem}: SVG differs between two runs");
    let (w, h, rgb) = decode_png(&png1);
    assert!(w >= 800, "{stem}: {w} px wide");
    let (sw, sh, texts) = parse_svg(&svg1);
    assert_eq!((sw, sh), (w, h), "{stem}: PNG and SVG sizes differ");
    assert!(
        texts.contains(title),
        "{stem}: no title `{title}` in\n{texts}"
    );
    assert!(texts.contains("x (first pile)"), "{stem}");
    assert!(texts.contains("Legend"), "{stem}");
    rgb
}

const BLACK: (u8, u8, u8) = (0, 0, 0);
const PART_1: (u8, u8, u8) = (0, 114, 178);
const PART_2: (u8, u8, u8) = (230, 159, 0);
const HEAT_ZERO: (u8, u8, u8) = (214, 39, 40);

#[test]
fn blocking_game_with_parts() {
    let rgb = check_both(
        "blocking",
        &["roob-blocking:m=2,p=3", "--max", "30"],
        "P-positions of roob-blocking:m=2,p=3 (normal play)",
    );
    for c in [BLACK, PART_1, PART_2] {
        assert!(has_color(&rgb, c), "part colour {c:?} missing");
    }
}

#[test]
fn modular_game() {
    check_both(
        "modular",
        &["modular:m=4", "--max", "25"],
        "P-positions of modular:m=4 (normal play)",
    );
}

#[test]
fn misere_game() {
    let rgb = check_both(
        "misere",
        &["roob-blocking:m=2,p=3", "--max", "20", "--misere"],
        "P-positions of roob-blocking:m=2,p=3 (misère play)",
    );
    // misère play is not partitioned: one colour for P
    assert!(has_color(&rgb, BLACK));
    assert!(!has_color(&rgb, PART_1));
}

#[test]
fn grundy_heatmap() {
    let rgb = check_both(
        "grundy",
        &["modular:m=3", "--max", "24", "--grundy"],
        "Grundy values of modular:m=3 (normal play)",
    );
    assert!(has_color(&rgb, HEAT_ZERO), "P-positions not marked");
}

const DYNAMIC_N: (u8, u8, u8) = (240, 190, 90);

#[test]
fn memory_game() {
    let rgb = check_both(
        "imitation",
        &["imitation:p=2,m=1", "--max", "30"],
        "P, N and dynamic positions of imitation:p=2,m=1 (normal play)",
    );
    assert!(has_color(&rgb, DYNAMIC_N), "dynamic positions not marked");
    assert!(has_color(&rgb, BLACK));
}

#[test]
fn large_board_is_merged_and_says_so() {
    let path = tmp("large.svg");
    let svg = plot(&["wythoff", "--max", "1000"], &path);
    let (_, _, texts) = parse_svg(&svg);
    assert!(texts.contains("each pixel block = 5×5 cells"), "{texts}");
    let (w, _, _) = decode_png(&plot(&["wythoff", "--max", "1000"], &tmp("large.png")));
    assert!(w >= 800);
}

#[test]
fn unsupported_extension_is_refused() {
    for name in ["out.jpg", "out.pdf", "out"] {
        let p = tmp(name);
        let err = refused(&["plot", "wythoff", "--max", "10", "-o", p.to_str().unwrap()]);
        assert!(err.contains(".png or .svg"), "{err}");
        assert!(!p.exists(), "{name} was written");
    }
}

#[test]
fn unwritable_path_is_refused() {
    let dir_as_file = tmp("a-folder.png");
    std::fs::create_dir_all(&dir_as_file).unwrap();
    let missing = tmp("no-such-folder/out.png");
    for p in [
        missing.to_str().unwrap(),
        dir_as_file.to_str().unwrap(),
        "/proc/wythoff-test.svg",
    ] {
        let err = refused(&["plot", "wythoff", "--max", "10", "-o", p]);
        assert!(err.contains("cannot write"), "{err}");
    }
}

#[test]
fn bad_requests_are_refused() {
    let p = tmp("bad.png");
    let p = p.to_str().unwrap();
    refused(&[
        "plot",
        "roob-blocking:m=2,p=3",
        "--max",
        "10",
        "--grundy",
        "-o",
        p,
    ]);
    refused(&["plot", "wythoff", "--max", "0", "-o", p]);
    refused(&["plot", "wythoff", "--max", "20000", "-o", p]);
    refused(&["plot", "nonsense", "--max", "10", "-o", p]);
    refused(&["plot", "wythoff", "--max", "10"]);
    // misère Imitation Nim is drawn (the state solvers play misère)
    let o = wythoff(&[
        "plot",
        "imitation:p=2,m=1",
        "--max",
        "10",
        "--misere",
        "-o",
        p,
    ]);
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    refused(&[
        "plot",
        "imitation:p=2,m=1",
        "--max",
        "10",
        "--grundy",
        "-o",
        p,
    ]);
}

#[test]
fn terminal_board_for_small_boards_only() {
    let o = wythoff(&["p-positions", "wythoff", "--max", "8"]);
    let s = String::from_utf8(o.stdout).unwrap();
    assert!(s.contains("0 ┤██· "), "{s}");
    assert!(s.contains("(3, 5)"), "the list is kept: {s}");
    let o = wythoff(&["p-positions", "wythoff", "--max", "100"]);
    let s = String::from_utf8(o.stdout).unwrap();
    assert!(!s.contains('┤') && s.contains("(3, 5)"), "{s}");
    let o = wythoff(&["p-positions", "wythoff", "--max", "8", "--format", "csv"]);
    let s = String::from_utf8(o.stdout).unwrap();
    assert!(!s.contains('┤'), "{s}");
}
