//! Architecture checks on the source text (rust-analyzer's "tidy" habit):
//! the kernel order is written in one module, `solve/select.rs`, and the front
//! ends (the CLI, the render crate, the Python glue) import no kernel module;
//! the front ends never import each other (no command module under `serve/`
//! or in another command); nothing below the front door imports
//! `crate::answer`; `error.rs` imports no solver; the server writes no cost
//! constant; kernels share helpers only through shared modules. Each of the
//! last six fails on the tree of 08e058b. `solve/` names no layer above it,
//! and no kernel file names the selector, the costs, the stream or the
//! wrappers: both fail on the tree of 24ee381 (doc links: `select.rs` to
//! `crate::answer`; `linear.rs`, `residue.rs`, `grundy/lines/` to
//! `crate::solve::cost`).

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
/// called only by their wrappers (`solve/wrappers.rs`, one per kernel), whose
/// `applies` only the selector calls: no other module of the library orders
/// the kernels.
#[test]
fn the_kernel_order_is_written_once() {
    let mut files = Vec::new();
    rust_files(&crates().join("wythoff/src"), &mut files);
    assert!(files.len() > 40);
    let mut found = Vec::new();
    for f in &files {
        if f.ends_with("solve/select.rs") || f.ends_with("solve/wrappers.rs") {
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

/// Code lines (not comments) of the Rust files under `dir` (relative to
/// `crates/`) containing any of `needles`, as `path:line: text`, skipping the
/// files `skip` accepts.
fn lines_with(dir: &str, needles: &[&str], skip: &dyn Fn(&Path) -> bool) -> Vec<String> {
    let mut files = Vec::new();
    rust_files(&crates().join(dir), &mut files);
    assert!(!files.is_empty(), "no Rust file under {dir}");
    let mut found = Vec::new();
    for f in files.iter().filter(|f| !skip(f)) {
        let text = std::fs::read_to_string(f).unwrap();
        for (i, line) in text.lines().enumerate() {
            if line.trim_start().starts_with("//") {
                continue;
            }
            if needles.iter().any(|n| line.contains(n)) {
                found.push(format!("{}:{}: {}", f.display(), i + 1, line.trim()));
            }
        }
    }
    found
}

/// Front ends never call each other: nothing under `serve/` names a command
/// module (the request grammar and the answers' JSON live in
/// `wythoff::answer`).
#[test]
fn the_server_imports_no_command() {
    let serve = lines_with("wythoff-cli/src/serve", &["cmd_"], &|_| false);
    assert!(
        serve.is_empty(),
        "the server imports a command:\n{}",
        serve.join("\n")
    );
}

/// No `cmd_*.rs` names another command module.
#[test]
fn no_command_imports_another() {
    let mut found = Vec::new();
    for e in std::fs::read_dir(crates().join("wythoff-cli/src")).unwrap() {
        let p = e.unwrap().path();
        let name = p.file_name().unwrap().to_string_lossy().to_string();
        if !(name.starts_with("cmd_") && name.ends_with(".rs")) {
            continue;
        }
        let text = std::fs::read_to_string(&p).unwrap();
        for (i, line) in text.lines().enumerate() {
            if line.contains("crate::cmd_") {
                found.push(format!("{name}:{}: {}", i + 1, line.trim()));
            }
        }
    }
    assert!(
        found.is_empty(),
        "a command imports another:\n{}",
        found.join("\n")
    );
}

/// The front door is the top layer: no library module but `lib.rs` (and the
/// front door's own files) imports `crate::answer`; below it, `board`,
/// `subject`, `limits`, `sequences` and `explain::winning_moves` answer.
#[test]
fn nothing_below_the_front_door_imports_it() {
    let found = lines_with("wythoff/src", &["crate::answer", "super::answer"], &|f| {
        f.ends_with("lib.rs") || f.components().any(|c| c.as_os_str() == "answer")
    });
    assert!(
        found.is_empty(),
        "library modules importing the front door:\n{}",
        found.join("\n")
    );
}

/// `error.rs` is a leaf: it imports nothing from `solve` (sizes are worded by
/// the leaf `units.rs`).
#[test]
fn errors_import_no_solver() {
    let found = lines_with("wythoff/src", &["solve::", "crate::solve"], &|f| {
        !f.ends_with("src/error.rs")
    });
    assert!(
        found.is_empty(),
        "error.rs names the solvers:\n{}",
        found.join("\n")
    );
}

/// The server has no cost model of its own: its admissions are the
/// library's plans (`solve::cost`), so no rate, work estimate or per-second
/// constant is written under `serve/`.
#[test]
fn the_server_writes_no_cost_constant() {
    let found = lines_with(
        "wythoff-cli/src/serve",
        &[
            "work_estimate",
            "_000_000",
            "cost::seconds",
            "_ps(",
            "per second",
        ],
        &|_| false,
    );
    assert!(
        found.is_empty(),
        "cost constants in the server:\n{}",
        found.join("\n")
    );
}

/// Whether `line` names the module `module` as a path segment (`module::`, not
/// preceded by a letter, digit or `_`).
fn names_module(line: &str, module: &str) -> bool {
    let needle = format!("{module}::");
    line.match_indices(&needle).any(|(i, _)| {
        !line[..i]
            .chars()
            .next_back()
            .is_some_and(|c| c.is_ascii_alphanumeric() || c == '_')
    })
}

/// Kernels share helpers through shared modules under `solve/` (the line
/// families and the region counters in `solve/geometry/`, the value bitsets and
/// the stripe wavefront in `solve/wavefront.rs`), never through another
/// kernel's file: no kernel module (a file under `solve/outcome/`,
/// `solve/grundy/` or `solve/remoteness/` but the folder's `mod.rs`; a kernel
/// in a folder of its own, as `grundy/region/`, is every file in it) names
/// another kernel module, and no shared module names a kernel. `sparse_rect`
/// is the sparse kernel on a rectangle (one kernel, two files).
#[test]
fn kernels_share_only_shared_modules() {
    let solve = crates().join("wythoff/src/solve");
    let mut kernels = Vec::new();
    for folder in ["outcome", "grundy", "remoteness"] {
        let mut files = Vec::new();
        rust_files(&solve.join(folder), &mut files);
        for f in files {
            // the kernel: the file, or the folder the file is in
            let rel = f.strip_prefix(solve.join(folder)).unwrap();
            let first = rel.components().next().unwrap();
            let first = first.as_os_str().to_string_lossy();
            let stem = first.strip_suffix(".rs").unwrap_or(&first).to_string();
            if stem != "mod" {
                kernels.push((folder, stem, f));
            }
        }
    }
    assert!(kernels.len() >= 12, "{kernels:?}");
    let kernel_of = |stem: &str| {
        if stem == "sparse_rect" {
            "sparse"
        } else {
            stem
        }
        .to_string()
    };
    let code_lines = |f: &Path| -> Vec<(usize, String)> {
        std::fs::read_to_string(f)
            .unwrap()
            .lines()
            .enumerate()
            .filter(|(_, l)| !l.trim_start().starts_with("//"))
            .map(|(i, l)| (i + 1, l.to_string()))
            .collect()
    };
    let mut found = Vec::new();
    for (folder, stem, f) in &kernels {
        for (i, line) in code_lines(f) {
            for (other_folder, other, _) in &kernels {
                if kernel_of(other) == kernel_of(stem) && other_folder == folder {
                    continue;
                }
                let hit = names_module(&line, &format!("{other_folder}::{other}"))
                    || (other_folder == folder && line.contains(&format!("super::{other}")));
                if hit {
                    found.push(format!("{}:{i}: {}", f.display(), line.trim()));
                }
            }
        }
    }
    let mut shared = Vec::new();
    rust_files(&solve.join("geometry"), &mut shared);
    shared.push(solve.join("wavefront.rs"));
    for f in shared.iter().filter(|f| f.is_file()) {
        for (i, line) in code_lines(f) {
            if kernels
                .iter()
                .any(|(folder, stem, _)| names_module(&line, &format!("{folder}::{stem}")))
            {
                found.push(format!("{}:{i}: {}", f.display(), line.trim()));
            }
        }
    }
    assert!(
        found.is_empty(),
        "a kernel or a shared module reaches into a kernel's file:\n{}",
        found.join("\n")
    );
}

/// What `line` says in code, or, in a comment, in its intra-doc links
/// (`` [`path`] ``): a doc link to a module is a dependency of the docs.
fn code_or_links(line: &str) -> Vec<String> {
    let t = line.trim_start();
    if !t.starts_with("//") {
        return vec![line.to_string()];
    }
    let mut out = Vec::new();
    let mut rest = t;
    while let Some(i) = rest.find("[`") {
        rest = &rest[i + 2..];
        match rest.find("`]") {
            Some(j) => {
                out.push(rest[..j].to_string());
                rest = &rest[j + 2..];
            }
            None => break,
        }
    }
    out
}

/// Whether `text` names the module `module` as a path segment: `::module`
/// or `module::` (not part of a longer name), or inside the braces of a
/// `use` (`use super::{cost, select};`).
fn names_segment(text: &str, module: &str) -> bool {
    let ident = |c: char| c.is_ascii_alphanumeric() || c == '_';
    let is_use = text.trim_start().starts_with("use ") || text.trim_start().starts_with("pub use ");
    text.match_indices(module).any(|(i, _)| {
        let before = &text[..i];
        let after = &text[i + module.len()..];
        if before.chars().next_back().is_some_and(ident) || after.chars().next().is_some_and(ident)
        {
            return false;
        }
        before.ends_with("::")
            || after.starts_with("::")
            || (is_use && before.contains('{') && (before.ends_with('{') || before.ends_with(", ")))
    })
}

/// `solve/` is an engine layer: none of its files names a module above it
/// (the front door, one-position answers, patterns, comparisons, proofs,
/// sweeps, the papers' claims), in code or in a doc link.
#[test]
fn solve_imports_no_layer_above() {
    let found = names_above("wythoff/src/solve", 20);
    assert!(
        found.is_empty(),
        "solve/ names a layer above it:\n{}",
        found.join("\n")
    );
}

/// The modules above the engine layer, which no engine names.
const ABOVE_ENGINES: &[&str] = &[
    "crate::answer",
    "crate::explain",
    "crate::patterns",
    "crate::claims",
    "crate::prove",
    "crate::sweep",
    "crate::sweep_proof",
    "crate::compare",
    "crate::board",
    "crate::board_pairs",
    "crate::sequences",
];

/// Lines of the files under `dir` (at least `min` files) that name a module of
/// [`ABOVE_ENGINES`], in code or in a doc link.
fn names_above(dir: &str, min: usize) -> Vec<String> {
    let mut files = Vec::new();
    rust_files(&crates().join(dir), &mut files);
    assert!(files.len() >= min, "{dir}: {} files", files.len());
    let mut found = Vec::new();
    for f in &files {
        let text = std::fs::read_to_string(f).unwrap();
        for (i, line) in text.lines().enumerate() {
            for part in code_or_links(line) {
                if ABOVE_ENGINES.iter().any(|m| {
                    part.match_indices(m).any(|(j, _)| {
                        !part[j + m.len()..]
                            .chars()
                            .next()
                            .is_some_and(|c| c.is_ascii_alphanumeric() || c == '_')
                    })
                }) {
                    found.push(format!("{}:{}: {}", f.display(), i + 1, line.trim()));
                }
            }
        }
    }
    found
}

/// The other engines, `oracle/` (published solutions) and `imitation/` (the
/// game with memory), name no layer above them either: their claims are
/// `crate::claim`'s types (the leaf), the fitted oracle built from a pattern
/// lives in `patterns/fitted.rs`, cross-layer checks in `tests/`.
#[test]
fn oracles_and_imitation_import_no_layer_above() {
    let mut found = names_above("wythoff/src/oracle", 8);
    found.extend(names_above("wythoff/src/imitation", 2));
    assert!(
        found.is_empty(),
        "oracle/ or imitation/ names a layer above it:\n{}",
        found.join("\n")
    );
}

/// Kernel files know nothing of who orders, prices or wraps them: no kernel
/// file (under `solve/outcome/` and `solve/grundy/` but their `mod.rs`, and
/// `solve/remoteness/lines.rs`) names `select`, `cost`, `stream` or
/// `wrappers`, in code or in a doc link. A new kernel is its file, its
/// wrapper (`solve/wrappers.rs`) and its place in `solve/select.rs`.
#[test]
fn kernel_files_import_no_selector() {
    let solve = crates().join("wythoff/src/solve");
    let mut files = Vec::new();
    for folder in ["outcome", "grundy"] {
        rust_files(&solve.join(folder), &mut files);
    }
    files.retain(|f| !(f.ends_with("outcome/mod.rs") || f.ends_with("grundy/mod.rs")));
    files.push(solve.join("remoteness/lines.rs"));
    assert!(files.len() >= 12, "{files:?}");
    let mut found = Vec::new();
    for f in &files {
        let text = std::fs::read_to_string(f).unwrap();
        for (i, line) in text.lines().enumerate() {
            for part in code_or_links(line) {
                if ["select", "cost", "stream", "wrappers"]
                    .iter()
                    .any(|m| names_segment(&part, m))
                {
                    found.push(format!("{}:{}: {}", f.display(), i + 1, line.trim()));
                }
            }
        }
    }
    assert!(
        found.is_empty(),
        "kernel files naming the selector, the costs, the stream or the wrappers:\n{}",
        found.join("\n")
    );
}
