//! Architecture checks on the source text (rust-analyzer's "tidy" habit):
//! the kernel order is written in one module, `solve/select.rs`, and the front
//! ends (the CLI, the render crate, the Python glue) import no kernel module.

use std::path::{Path, PathBuf};

fn rust_files(dir: &Path, out: &mut Vec<PathBuf>) {
    for e in std::fs::read_dir(dir).unwrap() {
        let p = e.unwrap().path();
        if p.is_dir() {
            rust_files(&p, out);
        } else if p.extension().is_some_and(|x| x == "rs") {
            out.push(p);
        }
    }
}

fn crates() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("..")
}

/// The kernels' scope tests (`band::applies`, `grundy::nim_like::applies`, ...) are
/// called only by the selector: no other module of the library orders the
/// kernels.
#[test]
fn the_kernel_order_is_written_once() {
    let mut files = Vec::new();
    rust_files(&crates().join("wythoff/src"), &mut files);
    assert!(files.len() > 40);
    let mut found = Vec::new();
    for f in &files {
        if f.ends_with("solve/select.rs") {
            continue;
        }
        let text = std::fs::read_to_string(f).unwrap();
        for (i, line) in text.lines().enumerate() {
            if line.contains("::applies(") {
                found.push(format!("{}:{}: {}", f.display(), i + 1, line.trim()));
            }
        }
    }
    assert!(
        found.is_empty(),
        "kernel scope tests outside solve/select.rs:\n{}",
        found.join("\n")
    );
}

/// The CLI, the render crate and the Python glue reach the engines through
/// `wythoff::answer` (and the plans of `solve::select`), never a kernel.
#[test]
fn front_ends_import_no_kernel() {
    const KERNELS: &[&str] = &[
        "solve::outcome::",
        "solve::grundy::",
        "solve::geometry",
        "solve::stream",
        "band::",
        "sparse::",
        "sparse_rect",
        "counters::",
        "nim_like",
        // the huge m-Modular decision lives in `answer::outcome_huge_modular`
        "modular_big",
        "stream::",
    ];
    let mut files = Vec::new();
    for dir in ["wythoff-cli/src", "wythoff-render/src", "wythoff-py/src"] {
        rust_files(&crates().join(dir), &mut files);
    }
    assert!(files.len() > 20);
    let mut found = Vec::new();
    for f in &files {
        let text = std::fs::read_to_string(f).unwrap();
        for (i, line) in text.lines().enumerate() {
            if KERNELS.iter().any(|k| line.contains(k)) {
                found.push(format!("{}:{}: {}", f.display(), i + 1, line.trim()));
            }
        }
    }
    assert!(
        found.is_empty(),
        "front ends naming a kernel:\n{}",
        found.join("\n")
    );
}

/// Names that show the design: `solve/` grouped by question, the claims and
/// the front door in folders of their own, no `fast.rs` (the slow general
/// solver is `solve/outcome/counters.rs`), and one word, `reference`, for every
/// naive checker (no module named `naive` or `brute`).
#[test]
fn names_show_the_design() {
    let src = crates().join("wythoff/src");
    for dir in [
        "solve/outcome",
        "solve/grundy",
        "solve/remoteness",
        "solve/geometry",
        "claims",
        "answer",
    ] {
        assert!(src.join(dir).join("mod.rs").is_file(), "{dir}/mod.rs");
    }
    let mut files = Vec::new();
    rust_files(&src, &mut files);
    let bad: Vec<String> = files
        .iter()
        .filter(|f| {
            let stem = f.file_stem().unwrap().to_string_lossy();
            stem == "fast" || stem.contains("naive") || stem.contains("brute")
        })
        .map(|f| f.display().to_string())
        .collect();
    assert!(
        bad.is_empty(),
        "modules named fast / naive / brute: {bad:?}"
    );
}
