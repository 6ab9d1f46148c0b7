//! Architecture checks on the source text (rust-analyzer's "tidy" habit):
//! the kernel order is written in one module, `solve/wrappers.rs`, and read
//! only by `solve/select.rs`, and the front
//! ends (the CLI, the render crate, the Python glue) import no kernel module;
//! the front ends never import each other (no command module under `serve/`
//! or in another command); nothing below the front door imports
//! `crate::answer`; `error.rs` imports no solver; the server writes no cost
//! constant; kernels share helpers only through shared modules. Each of the
//! last six fails on the tree of 08e058b. `solve/` names no layer above it,
//! and no kernel file names the selector, the costs, the stream or the
//! wrappers: both fail on the tree of 24ee381 (doc links: `select.rs` to
//! `crate::answer`; `linear.rs`, `residue.rs`, `grundy/lines/` to
//! `crate::solve::cost`). `solve/` is a tree whose layers point down (no
//! circle of imports between its files; kernels, `table.rs` and `wrappers.rs`
//! name no `select`/`run`/`stream`/`probe`/`plan`, `select.rs` no
//! `run`/`stream`/`probe`/`plan`): both fail on the tree of 89c5b78.
//! No function is named like its module (`partition::partition`): fails
//! on the tree of 3c93cc9.

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

/// The engines' sources (`crates/wythoff-engines/src`: `solve/`, `oracle/`,
/// `imitation/`, `mex_pairs.rs`, `hash.rs`).
fn engines() -> PathBuf {
    crates().join("wythoff-engines/src")
}

/// The kernels' scope tests (`band::applies`, `grundy::nim_like::applies`, ...) are
/// called only by their wrappers (`solve/wrappers.rs`, one per kernel), whose
/// `applies` only the selector calls, and the order (`OutcomeKernel::ORDER`,
/// written in `solve/wrappers.rs`) is read in code only by `solve/select.rs`:
/// no other module of the library orders the kernels. The `ORDER` half shown
/// failing on a planted `OutcomeKernel::ORDER[0]` in `solve/plan.rs`.
#[test]
fn the_kernel_order_is_written_once() {
    let mut files = Vec::new();
    rust_files(&crates().join("wythoff/src"), &mut files);
    rust_files(&engines(), &mut files);
    assert!(files.len() > 40);
    let mut found = Vec::new();
    for f in &files {
        if f.ends_with("solve/select.rs") || f.ends_with("solve/wrappers.rs") {
            continue;
        }
        let text = std::fs::read_to_string(f).unwrap();
        for (i, line) in text.lines().enumerate() {
            let code = !line.trim_start().starts_with("//");
            if line.contains("::applies(") || (code && line.contains("::ORDER")) {
                found.push(format!("{}:{}: {}", f.display(), i + 1, line.trim()));
            }
        }
    }
    assert!(
        found.is_empty(),
        "kernel scope tests or the kernel order outside solve/wrappers.rs and solve/select.rs:\n{}",
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

/// One door to each kernel: outside `solve/`, no file names a kernel variant
/// (`OutcomeKernel::Linear`, `GrundyKernel::Plain`, ...) or a kernel module of
/// the outcome kernels, the level kernel, the rectangle kernel or the Grundy
/// row kernel: a caller asks the plan (does it stream, is it near-linear, how
/// much memory), asks a wrapper its scope (`wrappers::ROWS.refusal`, ...) and
/// runs the dispatcher (`solve::run`, `solve::stream`).
#[test]
fn no_kernel_is_named_outside_solve() {
    const NEEDLES: &[&str] = &[
        "OutcomeKernel::",
        "GrundyKernel::",
        "RemotenessKernel::",
        "solve::outcome::",
        "grundy::levels",
        "sparse_rect",
        "solve::grundy::nim_like",
        "solve::grundy::lines",
        "solve::grundy::region",
        "solve::grundy::union",
        "solve::grundy::plain",
        "grundy::rows",
    ];
    let mut found = Vec::new();
    for dir in [
        "wythoff/src",
        "wythoff-engines/src",
        "wythoff-model/src",
        "wythoff-cli/src",
        "wythoff-render/src",
        "wythoff-py/src",
    ] {
        found.extend(lines_with(dir, NEEDLES, &|f| {
            f.components().any(|c| c.as_os_str() == "solve")
        }));
    }
    assert!(
        found.is_empty(),
        "kernels named outside solve/ (ask the plan, run the dispatcher):\n{}",
        found.join("\n")
    );
}

/// "Plan" has one meaning, what admission takes (`solve/plan.rs`, the
/// plans of the front door): the kernels' own layouts (their families of
/// moves, stores and trails, derived from the rules) are `Layout`s, so no
/// kernel or shared module under `solve/` (`outcome/`, `grundy/`,
/// `remoteness/`, `geometry/`) defines a `*Plan` type or a `plan` module.
/// Fails on the tree of 7bf9da5 (`grundy/lines/plan.rs`, `grundy/region/plan.rs`,
/// `grundy/union.rs`'s `Plan`, `geometry/families.rs`'s `LinePlan`).
#[test]
fn kernels_name_no_plan() {
    let mut found = Vec::new();
    for dir in ["outcome", "grundy", "remoteness", "geometry"] {
        let mut files = Vec::new();
        rust_files(&engines().join("solve").join(dir), &mut files);
        for f in &files {
            if f.file_stem().is_some_and(|s| s == "plan") {
                found.push(f.display().to_string());
            }
            let text = std::fs::read_to_string(f).unwrap();
            for (i, line) in text.lines().enumerate() {
                let code = line.trim_start();
                let defines = ["struct ", "enum ", "type ", "trait "].iter().any(|k| {
                    code.split(k).nth(1).is_some_and(|rest| {
                        let name: String = rest
                            .chars()
                            .take_while(|c| c.is_alphanumeric() || *c == '_')
                            .collect();
                        name.ends_with("Plan")
                    })
                });
                if defines || code.starts_with("mod plan") || code.contains(" mod plan;") {
                    found.push(format!("{}:{}: {}", f.display(), i + 1, code));
                }
            }
        }
    }
    assert!(
        found.is_empty(),
        "kernel-internal plans (name them Layout: plan is what admission takes):\n{}",
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
    ] {
        assert!(engines().join(dir).join("mod.rs").is_file(), "{dir}/mod.rs");
    }
    for dir in ["claims", "answer"] {
        assert!(src.join(dir).join("mod.rs").is_file(), "{dir}/mod.rs");
    }
    let mut files = Vec::new();
    rust_files(&src, &mut files);
    rust_files(&engines(), &mut files);
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

/// The function `name` a Rust line defines, if it defines one: `fn name(`
/// or `fn name<` after a visibility and the qualifiers (`const`, `async`,
/// `unsafe`, `extern "C"`), with the line's indentation.
fn fn_defined(line: &str) -> Option<(usize, &str)> {
    let rest = line.trim_start();
    let indent = line.len() - rest.len();
    let mut rest = rest;
    if let Some(r) = rest.strip_prefix("pub") {
        rest = match r.strip_prefix('(') {
            Some(r) => r.split_once(')')?.1,
            None => r,
        }
        .trim_start();
    }
    for q in ["const ", "async ", "unsafe ", "extern \"C\" "] {
        rest = rest.strip_prefix(q).unwrap_or(rest).trim_start();
    }
    let name = rest.strip_prefix("fn ")?;
    let end = name.find(|c: char| !(c.is_alphanumeric() || c == '_'))?;
    matches!(name.as_bytes()[end], b'(' | b'<').then_some((indent, &name[..end]))
}

/// `pub mod name {` or `mod name {` (an inline module): its name.
fn inline_mod(line: &str) -> Option<&str> {
    let rest = line.trim_start();
    let rest = rest.strip_prefix("pub(crate) ").unwrap_or(rest);
    let rest = rest.strip_prefix("pub ").unwrap_or(rest);
    rest.strip_prefix("mod ")?.strip_suffix(" {")
}

/// The functions of a file named like their module: free functions (no
/// indentation) named like the file's module (`x` in `x.rs` or `x/mod.rs`),
/// and the functions one level inside an inline `mod x { .. }` named `x`;
/// methods (`Type::x`, `x.x()`) are not named by the module.
fn named_like_module(module: &str, text: &str) -> Vec<(usize, String)> {
    // the module a function at this indentation belongs to, innermost last
    let mut scopes: Vec<(usize, String)> = vec![(0, module.to_string())];
    let mut found = Vec::new();
    for (i, line) in text.lines().enumerate() {
        let indent = line.len() - line.trim_start().len();
        if line.trim() == "}" && scopes.len() > 1 && scopes.last().unwrap().0 == indent + 4 {
            scopes.pop();
        } else if let Some(name) = inline_mod(line) {
            scopes.push((indent + 4, name.to_string()));
        } else if let Some((at, name)) = fn_defined(line) {
            if scopes.iter().any(|(d, m)| *d == at && m == name) {
                found.push((i + 1, line.trim().to_string()));
            }
        }
    }
    found
}

/// No function is named like its module (`partition::partition`, `sweep/run.rs`'s
/// `run`): the module says what it is about, its functions what they do
/// (`partition::split`, `sweep::run_shard`). Every workspace crate's `src` is
/// read, the Python crate's and the fuzzer's too: a free function `x` in `x.rs` or
/// `x/mod.rs`, or one directly inside an inline `mod x { .. }`. Methods are not
/// named by their module; crate roots (`lib.rs`, `main.rs`, `src/bin/`) are named by
/// their crate (the Python module's `#[pymodule] fn _wythoff` must be); a type may be
/// named like its module (`Partition` in `partition.rs`). A front door that names
/// an entry after its question re-exports it under that name (`answer::verify` is
/// `answer/verify.rs`'s `run_claims`). Shown failing on a planted `pub fn
/// partition()` in `partition.rs` and a planted `mod tests { fn tests() {} }`.
#[test]
fn no_function_is_named_like_its_module() {
    let root = crates().join("..");
    let mut srcs: Vec<PathBuf> = std::fs::read_dir(crates())
        .unwrap()
        .map(|e| e.unwrap().path().join("src"))
        .chain([root.join("fuzz/src")])
        .filter(|p| p.is_dir())
        .collect();
    srcs.sort();
    for c in [
        "wythoff",
        "wythoff-engines",
        "wythoff-model",
        "wythoff-cli",
        "wythoff-render",
        "wythoff-walnut",
        "wythoff-py",
    ] {
        assert!(srcs.contains(&crates().join(c).join("src")), "{c}/src");
    }
    let mut found = Vec::new();
    let mut files_read = 0;
    for src in &srcs {
        let mut files = Vec::new();
        rust_files(src, &mut files);
        for f in &files {
            let rel = f.strip_prefix(src).unwrap();
            let stem = f.file_stem().unwrap().to_string_lossy();
            let root_file =
                rel.parent() == Some(Path::new("")) && (stem == "lib" || stem == "main");
            if root_file || rel.starts_with("bin") {
                continue;
            }
            let module = if stem == "mod" {
                f.parent().unwrap().file_name().unwrap().to_string_lossy()
            } else {
                stem
            };
            files_read += 1;
            let text = std::fs::read_to_string(f).unwrap();
            for (line, code) in named_like_module(&module, &text) {
                found.push(format!(
                    "{}/src/{}:{line}: {code}",
                    src.parent().unwrap().file_name().unwrap().to_string_lossy(),
                    rel.display()
                ));
            }
        }
    }
    assert!(files_read > 150, "{files_read} module files read");
    assert!(
        found.is_empty(),
        "functions named like their module (name them after what they do):\n{}",
        found.join("\n")
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
/// the leaf `units.rs`; both live in the crate `wythoff-model`).
#[test]
fn errors_import_no_solver() {
    let found = lines_with("wythoff-model/src", &["solve::", "crate::solve"], &|f| {
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
    let solve = engines().join("solve");
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
    let found = names_above("wythoff-engines/src/solve", 20);
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
    "crate::limits",
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
    let mut found = names_above("wythoff-engines/src/oracle", 8);
    found.extend(names_above("wythoff-engines/src/imitation", 2));
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
    let solve = engines().join("solve");
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

// ---------------------------------------------------------------- solve/ as a tree

/// The module path of a file under a crate's `src` (`solve/run.rs`:
/// `solve::run`; `solve/grundy/mod.rs`: `solve::grundy`).
fn module_of(src: &Path, f: &Path) -> Vec<String> {
    let rel = f.strip_prefix(src).unwrap();
    let mut segs: Vec<String> = rel
        .components()
        .map(|c| c.as_os_str().to_string_lossy().to_string())
        .collect();
    let last = segs.pop().unwrap();
    let stem = last.strip_suffix(".rs").unwrap().to_string();
    if stem != "mod" && stem != "lib" {
        segs.push(stem);
    }
    segs
}

/// The file of a module path, if it has one.
fn file_of(src: &Path, module: &[String]) -> Option<PathBuf> {
    if module.is_empty() {
        return Some(src.join("lib.rs"));
    }
    let base = module.iter().fold(src.to_path_buf(), |p, s| p.join(s));
    let flat = base.with_extension("rs");
    if flat.is_file() {
        return Some(flat);
    }
    let folder = base.join("mod.rs");
    folder.is_file().then_some(folder)
}

/// `text` without comments (line comments; doc comments are no imports).
fn code_only(text: &str) -> String {
    text.lines()
        .map(|l| match l.find("//") {
            Some(i) => &l[..i],
            None => l,
        })
        .collect::<Vec<_>>()
        .join("\n")
}

/// The paths a `use` tree names, braces expanded (`a::{b, c::{d}}`: `a::b`,
/// `a::c::d`; a renaming `x as y` is `x`).
fn expand_use(tree: &str) -> Vec<String> {
    let mut words = Vec::new();
    let mut it = tree.split_whitespace();
    while let Some(w) = it.next() {
        if w == "as" {
            // the new name, and what follows it glued to it (`y,` `y}`)
            let rest = it.next().unwrap_or("");
            words.push(rest.trim_start_matches(|c: char| c.is_ascii_alphanumeric() || c == '_'));
        } else {
            words.push(w);
        }
    }
    let tree: String = words.concat();
    let Some(open) = tree.find('{') else {
        return vec![tree];
    };
    let prefix = &tree[..open];
    let inner = &tree[open + 1..tree.rfind('}').unwrap_or(tree.len())];
    let (mut parts, mut depth, mut start) = (Vec::new(), 0, 0);
    for (i, c) in inner.char_indices() {
        match c {
            '{' => depth += 1,
            '}' => depth -= 1,
            ',' if depth == 0 => {
                parts.push(&inner[start..i]);
                start = i + 1;
            }
            _ => {}
        }
    }
    parts.push(&inner[start..]);
    parts
        .into_iter()
        .filter(|p| !p.is_empty())
        .flat_map(|p| {
            expand_use(p)
                .into_iter()
                .map(|q| format!("{prefix}{q}"))
                .collect::<Vec<_>>()
        })
        .collect()
}

/// Every path a file names: its `use` trees (a line that starts with `use`,
/// `pub use`, `pub(crate) use` or `pub(super) use`, to its `;`), and the
/// `crate::`, `super::`, `self::` paths written in its code, and those that
/// start with a lowercase name (a child module, when [`target_of`] finds it).
fn named_paths(text: &str) -> Vec<String> {
    let code = code_only(text);
    let mut out = Vec::new();
    let mut other = String::new();
    let mut pending: Option<String> = None;
    for line in code.lines() {
        if let Some(p) = pending.as_mut() {
            p.push_str(line);
        } else {
            let t = line.trim_start();
            let t = t
                .strip_prefix("pub(crate) ")
                .or_else(|| t.strip_prefix("pub(super) "))
                .or_else(|| t.strip_prefix("pub "))
                .unwrap_or(t);
            match t.strip_prefix("use ") {
                Some(rest) => pending = Some(rest.to_string()),
                None => {
                    other.push_str(line);
                    other.push('\n');
                    continue;
                }
            }
        }
        let p = pending.take().unwrap();
        match p.find(';') {
            Some(e) => {
                out.extend(expand_use(&p[..e]));
                other.push_str(&p[e + 1..]);
                other.push('\n');
            }
            None => pending = Some(p),
        }
    }
    let ident = |c: char| c.is_ascii_alphanumeric() || c == '_' || c == ':';
    // a path that starts with a plain name (`blocking::for_game`): relative to
    // the module, if that name is a child module (`target_of` decides)
    let word = |c: char| c.is_ascii_alphanumeric() || c == '_';
    for (i, _) in other.match_indices("::") {
        let head = &other[..i];
        let start = head.rfind(|c: char| !word(c)).map_or(0, |j| j + 1);
        if start == i
            || head[..start].ends_with(':')
            || !head[start..].starts_with(|c: char| c.is_ascii_lowercase())
            || ["crate", "super", "self"].contains(&&head[start..])
        {
            continue;
        }
        let len = other[start..]
            .find(|c: char| !ident(c))
            .unwrap_or(other.len() - start);
        out.push(other[start..start + len].trim_end_matches(':').to_string());
    }
    for start in ["crate::", "super::", "self::"] {
        for (i, _) in other.match_indices(start) {
            if other[..i]
                .chars()
                .next_back()
                .is_some_and(|c| c.is_ascii_alphanumeric() || c == '_' || c == ':')
            {
                continue;
            }
            let len = other[i..]
                .find(|c: char| !ident(c))
                .unwrap_or(other.len() - i);
            out.push(other[i..i + len].trim_end_matches(':').to_string());
        }
    }
    out
}

/// The file a path named in the module `from` leads to: the deepest module of
/// the path that has a file; a name a `mod.rs` hands on (`pub use child::x`)
/// leads to the child that defines it.
fn target_of(src: &Path, from: &[String], path: &str, reexports: &ReExports) -> Option<PathBuf> {
    let mut segs: Vec<&str> = path.split("::").filter(|s| !s.is_empty()).collect();
    let mut module: Vec<String> = match segs.first()? {
        &"crate" => {
            segs.remove(0);
            Vec::new()
        }
        &"self" => {
            segs.remove(0);
            from.to_vec()
        }
        &"super" => {
            let mut m = from.to_vec();
            while segs.first() == Some(&"super") {
                segs.remove(0);
                m.pop();
            }
            m
        }
        // a path relative to `from`: one of its own child modules
        first => {
            let mut child = from.to_vec();
            child.push(first.to_string());
            file_of(src, &child)?;
            from.to_vec()
        }
    };
    let mut i = 0;
    while i < segs.len() {
        let mut next = module.clone();
        next.push(segs[i].to_string());
        if file_of(src, &next).is_none() {
            break;
        }
        module = next;
        i += 1;
    }
    if let Some(name) = segs.get(i) {
        if let Some(child) = reexports.get(&(module.clone(), name.to_string())) {
            return Some(child.clone());
        }
    }
    file_of(src, &module)
}

type ReExports = std::collections::HashMap<(Vec<String>, String), PathBuf>;

/// The code of `text` outside its inline `#[cfg(test)] mod NAME { .. }`
/// blocks, and each such block as `(NAME, code)`. An inline test module is a
/// module of its own that nothing imports, so it closes no circle: the import
/// graph leaves it out (a test may check across layers).
fn split_test_modules(text: &str) -> (String, Vec<(String, String)>) {
    let code = code_only(text);
    let lines: Vec<&str> = code.lines().collect();
    let (mut outer, mut inner) = (String::new(), Vec::new());
    let mut i = 0;
    while i < lines.len() {
        let next = lines.get(i + 1).map(|l| l.trim()).unwrap_or("");
        let name = next
            .strip_prefix("pub(crate) ")
            .unwrap_or(next)
            .strip_prefix("mod ")
            .and_then(|r| r.strip_suffix('{'))
            .map(|n| n.trim().to_string());
        if let (true, Some(name)) = (lines[i].trim() == "#[cfg(test)]", name) {
            let mut depth = 0i64;
            let mut body = String::new();
            let mut j = i + 1;
            while j < lines.len() {
                depth += lines[j].matches('{').count() as i64;
                depth -= lines[j].matches('}').count() as i64;
                body.push_str(lines[j]);
                body.push('\n');
                j += 1;
                if depth <= 0 {
                    break;
                }
            }
            inner.push((name, body));
            i = j;
            continue;
        }
        outer.push_str(lines[i]);
        outer.push('\n');
        i += 1;
    }
    (outer, inner)
}

/// What each `mod.rs` (and `lib.rs`) hands on: `pub use path::name` -> the
/// file that defines `name` (followed through further re-exports).
fn re_exports(src: &Path, files: &[PathBuf]) -> ReExports {
    let mut reexports = ReExports::new();
    // a re-export of a re-export resolves once the inner one is known
    for _ in 0..4 {
        let mut next = ReExports::new();
        for f in files
            .iter()
            .filter(|f| f.ends_with("mod.rs") || f.ends_with("lib.rs"))
        {
            let module = module_of(src, f);
            let (code, _) = split_test_modules(&std::fs::read_to_string(f).unwrap());
            for stmt in code.split(';') {
                let s = stmt.trim();
                let Some(tree) = s
                    .strip_prefix("pub use ")
                    .or_else(|| s.strip_prefix("pub(crate) use "))
                else {
                    continue;
                };
                for p in expand_use(tree) {
                    let Some((_, name)) = p.rsplit_once("::") else {
                        continue;
                    };
                    if name == "*" {
                        continue;
                    }
                    let first = p.split("::").next().unwrap();
                    let full = if ["crate", "super", "self"].contains(&first) {
                        p.clone()
                    } else if file_of(src, &[module.clone(), vec![first.to_string()]].concat())
                        .is_none()
                    {
                        // another crate's item (`pub use wythoff_model::rules`):
                        // named by its path, no file of this crate (no edge)
                        next.insert((module.clone(), name.to_string()), PathBuf::from(&p));
                        continue;
                    } else {
                        format!("self::{p}")
                    };
                    if let Some(file) = target_of(src, &module, &full, &reexports) {
                        next.insert((module.clone(), name.to_string()), file);
                    }
                }
            }
        }
        reexports = next;
    }
    reexports
}

/// The import graph of the files under `dir` (relative to the library's
/// `src`, `""` for the whole crate): the edges between them, each the file
/// that names a path and the file the path leads to; inline test modules are
/// left out ([`split_test_modules`]). A folder's `mod.rs`
/// naming its own descendants is a declaration, not an edge, unless `keep_mod`.
fn import_graph(src: &Path, dir: &str, keep_mod: bool) -> Vec<(PathBuf, PathBuf)> {
    let mut all = Vec::new();
    rust_files(src, &mut all);
    all.sort();
    let reexports = re_exports(src, &all);
    let root = src.join(dir);
    let files: Vec<&PathBuf> = all.iter().filter(|f| f.starts_with(&root)).collect();
    let mut edges = Vec::new();
    for f in files {
        let module = module_of(src, f);
        let folder = f.parent().unwrap();
        let is_mod = f.ends_with("mod.rs") || f.ends_with("lib.rs");
        let (outer, _tests) = split_test_modules(&std::fs::read_to_string(f).unwrap());
        for p in named_paths(&outer) {
            let Some(t) = target_of(src, &module, &p, &reexports) else {
                continue;
            };
            if &t == f || !t.starts_with(&root) {
                continue;
            }
            if is_mod && !keep_mod && t.starts_with(folder) {
                continue;
            }
            edges.push((f.clone(), t));
        }
    }
    edges.sort();
    edges.dedup();
    edges
}

/// The import graph of the files under `solve/` (see [`import_graph`]).
fn solve_graph(src: &Path) -> Vec<(PathBuf, PathBuf)> {
    import_graph(src, "solve", false)
}

/// A circle of the graph, if it has one (depth-first search).
fn a_circle(edges: &[(PathBuf, PathBuf)]) -> Option<Vec<PathBuf>> {
    use std::collections::BTreeMap;
    let mut next: BTreeMap<&PathBuf, Vec<&PathBuf>> = BTreeMap::new();
    for (a, b) in edges {
        next.entry(a).or_default().push(b);
    }
    // 0 unseen, 1 on the stack, 2 done
    let mut state: BTreeMap<&PathBuf, u8> = BTreeMap::new();
    fn visit<'a>(
        v: &'a PathBuf,
        next: &BTreeMap<&'a PathBuf, Vec<&'a PathBuf>>,
        state: &mut BTreeMap<&'a PathBuf, u8>,
        stack: &mut Vec<&'a PathBuf>,
    ) -> Option<Vec<PathBuf>> {
        state.insert(v, 1);
        stack.push(v);
        for &w in next.get(v).map(|x| x.as_slice()).unwrap_or(&[]) {
            match state.get(w).copied().unwrap_or(0) {
                1 => {
                    let i = stack.iter().position(|&s| s == w).unwrap();
                    return Some(stack[i..].iter().map(|p| (*p).clone()).collect());
                }
                0 => {
                    if let Some(c) = visit(w, next, state, stack) {
                        return Some(c);
                    }
                }
                _ => {}
            }
        }
        stack.pop();
        state.insert(v, 2);
        None
    }
    let starts: Vec<&PathBuf> = next.keys().copied().collect();
    for v in starts {
        if state.get(v).copied().unwrap_or(0) == 0 {
            let mut stack = Vec::new();
            if let Some(c) = visit(v, &next, &mut state, &mut stack) {
                return Some(c);
            }
        }
    }
    None
}

/// `solve/` is a tree: no circle of imports between its files (read off the
/// `use` lines and the `crate::`/`super::` paths of the code; a name a
/// `mod.rs` hands on counts as an import of the child that defines it). The
/// layers: table <- kernels <- wrappers <- select <- run, stream <- probe <-
/// plan. Fails on the tree of 89c5b78 (select -> stream -> select, the
/// 11-file circle).
#[test]
fn solve_has_no_import_circle() {
    let src = engines();
    let edges = solve_graph(&src);
    assert!(edges.len() > 40, "{} edges", edges.len());
    if let Some(c) = a_circle(&edges) {
        let names: Vec<String> = c
            .iter()
            .map(|p| p.strip_prefix(&src).unwrap().display().to_string())
            .collect();
        panic!("an import circle in solve/: {}", names.join(" -> "));
    }
}

/// Every file under `solve/` imports the leaf that defines a name, never
/// through `solve/mod.rs`'s re-exports (a kernel naming `crate::solve::decide`
/// would draw an arrow up to the face, which imports the dispatchers): after
/// `crate::solve::` (and, in a file of `solve/` itself, `super::`) comes one of
/// `solve/`'s modules, in code and doc links alike. Fails on the tree of
/// 7bf9da5 (`outcome/pass.rs`: `crate::solve::{decide, Outcome, ..}`).
#[test]
fn solve_files_import_the_leaf_not_the_face() {
    let solve = engines().join("solve");
    let face = std::fs::read_to_string(solve.join("mod.rs")).unwrap();
    let modules: Vec<String> = face
        .lines()
        .filter_map(|l| {
            let l = l.trim();
            let rest = l
                .strip_prefix("pub mod ")
                .or_else(|| l.strip_prefix("pub(crate) mod "))
                .or_else(|| l.strip_prefix("mod "))?;
            Some(rest.trim_end_matches(';').trim().to_string())
        })
        .collect();
    assert!(modules.len() > 8, "{modules:?}");
    let mut files = Vec::new();
    rust_files(&solve, &mut files);
    let mut found = Vec::new();
    for f in files.iter().filter(|f| !f.ends_with("solve/mod.rs")) {
        let direct = f.parent() == Some(solve.as_path());
        let text = std::fs::read_to_string(f).unwrap();
        for (i, line) in text.lines().enumerate() {
            let mut prefixes = vec!["crate::solve::"];
            if direct {
                prefixes.push("super::");
            }
            for prefix in prefixes {
                for (at, _) in line.match_indices(prefix) {
                    // `super::super::` and `crate::solve::super` are other paths
                    if prefix == "super::" && at >= 2 && line[..at].ends_with("::") {
                        continue;
                    }
                    let rest = &line[at + prefix.len()..];
                    let segment: String = rest
                        .chars()
                        .take_while(|c| c.is_alphanumeric() || *c == '_' || *c == '{' || *c == '*')
                        .collect();
                    if segment == "*" || segment.starts_with("super") {
                        continue;
                    }
                    if !modules.contains(&segment) {
                        found.push(format!("{}:{}: {}", f.display(), i + 1, line.trim()));
                    }
                }
            }
        }
    }
    assert!(
        found.is_empty(),
        "solve/ files importing through solve/mod.rs (import the leaf module):\n{}",
        found.join("\n")
    );
}

/// The layers of `solve/` point down, each file importing only files of the
/// layers below it: `table.rs` (none of `solve/`) <- `cost.rs` (only
/// `table.rs`: it runs no solver) and the kernels (under `outcome/`,
/// `grundy/`, `remoteness/`, with the shared `geometry/`, `wavefront.rs`,
/// `reference.rs`, which may import each other) <- `wrappers.rs` <-
/// `select.rs` <- `run.rs` <- `stream.rs` <- `probe.rs` <- `plan.rs`; `mod.rs`
/// only declares. Fails on the tree of 89c5b78 (select -> stream); the
/// `table.rs` and `cost.rs` ranks shown failing on a planted
/// `use super::wavefront;` in `table.rs` and `use super::reference;` in
/// `cost.rs` (neither closes a circle).
#[test]
fn solve_layers_point_down() {
    let src = engines();
    let solve = src.join("solve");
    let edges = solve_graph(&src);
    // the layer of a file, and whether it is a kernel or a shared module
    let rank = |f: &Path| -> Option<(u8, bool)> {
        let kernelish = ["outcome", "grundy", "remoteness", "geometry"]
            .iter()
            .any(|k| f.starts_with(solve.join(k)))
            || f.ends_with("solve/wavefront.rs")
            || f.ends_with("solve/reference.rs");
        if kernelish {
            return Some((1, true));
        }
        let name = f.strip_prefix(&solve).ok()?.to_str()?;
        let r = match name {
            "table.rs" => 0,
            "cost.rs" => 1,
            "wrappers.rs" => 2,
            "select.rs" => 3,
            "run.rs" => 4,
            "stream.rs" => 5,
            "probe.rs" => 6,
            "plan.rs" => 7,
            _ => return None,
        };
        Some((r, false))
    };
    let mut found = Vec::new();
    let mut ranked = 0;
    for (a, b) in &edges {
        let (Some((ra, ka)), Some((rb, kb))) = (rank(a), rank(b)) else {
            continue;
        };
        ranked += 1;
        if !(rb < ra || (ka && kb)) {
            found.push(format!("{} -> {}", a.display(), b.display()));
        }
    }
    assert!(ranked > 40, "{ranked} ranked edges");
    assert!(
        found.is_empty(),
        "a layer of solve/ imports its own or one above it:\n{}",
        found.join("\n")
    );
}

/// A new kernel is its own file, its wrapper (`solve/wrappers.rs`) and its
/// place in the order: above the wrappers (`select.rs`, `run.rs`,
/// `stream.rs`, `probe.rs`, `plan.rs`, `cost.rs`) no file imports a kernel's
/// file (a file under `outcome/`, `grundy/` or `remoteness/` other than the
/// folder's `mod.rs`, which holds what the folder shares: `RowKernel`,
/// `RemotenessTable`); they ask the wrapper (its scope, memory, rates, table).
/// So no dispatcher, probe or plan needs an edit when a kernel comes. Fails on
/// the tree of 3c93cc9 (`plan.rs` and `probe.rs` read `grundy::levels`,
/// `plan.rs` `grundy::rows`, `run.rs` `grundy::plain` and `outcome::counters`)
/// and on a planted `use super::grundy::levels;` in `plan.rs`.
#[test]
fn only_the_wrappers_import_a_kernel_file() {
    let src = engines();
    let solve = src.join("solve");
    let edges = solve_graph(&src);
    let upper = [
        "select.rs",
        "run.rs",
        "stream.rs",
        "probe.rs",
        "plan.rs",
        "cost.rs",
    ];
    let is_kernel_file = |f: &Path| {
        ["outcome", "grundy", "remoteness"]
            .iter()
            .any(|k| f.starts_with(solve.join(k)) && !f.ends_with(format!("{k}/mod.rs")))
    };
    let mut found = Vec::new();
    for (a, b) in &edges {
        let above = upper.iter().any(|u| a == &solve.join(u));
        if above && is_kernel_file(b) {
            found.push(format!("{} -> {}", a.display(), b.display()));
        }
    }
    assert!(
        found.is_empty(),
        "a dispatcher, probe or plan imports a kernel's file (ask its wrapper):\n{}",
        found.join("\n")
    );
}

/// One admission: every plan hands its `Cost` over through the trait
/// `solve::cost::Admit` (whose `admit` is `Cost::admit`, memory first, then
/// time); no plan type writes an `admit` of its own that only calls its cost
/// (`self.cost().admit(`), and nothing compares a plan's memory with the budget
/// to let a refusal through by hand (`SolveError::OverMemory { .. }) | Ok(())`).
/// Fails on the tree of 3c93cc9 (8 lines: the plans' own `admit`s, `cmd_grundy.rs`,
/// the CLI's `progress::admit`).
#[test]
fn every_plan_is_admitted_one_way() {
    let mut found = Vec::new();
    for dir in [
        "wythoff/src",
        "wythoff-engines/src",
        "wythoff-cli/src",
        "wythoff-py/src",
    ] {
        found.extend(lines_with(
            dir,
            &[
                "self.cost().admit(",
                "OverMemory { .. }) | Ok(())",
                "OverMemory { .. }) => Ok(())",
            ],
            &|f| f.ends_with("solve/cost.rs"),
        ));
    }
    assert!(
        found.is_empty(),
        "an admission of its own (implement solve::cost::Admit):\n{}",
        found.join("\n")
    );
}

// ------------------------------------------------------ the library as a tree

/// The files of the library named by their path under `src`.
fn shown(src: &Path, files: &[PathBuf]) -> String {
    files
        .iter()
        .map(|p| p.strip_prefix(src).unwrap().display().to_string())
        .collect::<Vec<_>>()
        .join(" -> ")
}

/// The engines that answer from a rule value or a paper (`oracle/`, the
/// published solutions; `imitation/`, the game with memory; `mex_pairs.rs`,
/// the mex recurrences) import no dispatcher: nothing of `solve/`'s `run`,
/// `select`, `stream`, `probe` or `plan` (`solve::outcomes`, `solve::grundy`
/// are `run`'s, handed on by `solve/mod.rs`). Nor of `answer/` or `claims/`:
/// those live in `wythoff`, which the engines' crate cannot import (Cargo
/// refuses the cycle). A claim that checks an oracle against the general
/// solver lives under `claims/` (`claims::oracle`, `claims::imitation`).
/// Shown failing on a planted `crate::solve::outcomes` call in
/// `oracle/classical.rs`.
#[test]
fn engines_import_no_dispatcher() {
    let src = engines();
    let solve = src.join("solve");
    let dispatchers: Vec<PathBuf> = ["run", "select", "stream", "probe", "plan"]
        .iter()
        .map(|n| solve.join(format!("{n}.rs")))
        .collect();
    let edges = import_graph(&src, "", true);
    let engines = [
        src.join("oracle"),
        src.join("imitation"),
        src.join("mex_pairs.rs"),
    ];
    let found: Vec<String> = edges
        .iter()
        .filter(|(a, b)| engines.iter().any(|e| a.starts_with(e)) && dispatchers.contains(b))
        .map(|(a, b)| shown(&src, &[a.clone(), b.clone()]))
        .collect();
    assert!(
        edges.len() > 100 && edges.iter().any(|(a, _)| a.starts_with(&engines[0])),
        "{} edges",
        edges.len()
    );
    assert!(
        found.is_empty(),
        "an engine imports a dispatcher or a claim:\n{}",
        found.join("\n")
    );
}

/// The strongly connected parts (more than one file) of a graph.
fn strong_parts(edges: &[(PathBuf, PathBuf)]) -> Vec<Vec<PathBuf>> {
    use std::collections::{BTreeMap, BTreeSet};
    let mut next: BTreeMap<&PathBuf, Vec<&PathBuf>> = BTreeMap::new();
    for (a, b) in edges {
        next.entry(a).or_default().push(b);
    }
    let reach = |v: &PathBuf| {
        let mut seen: BTreeSet<&PathBuf> = BTreeSet::new();
        let mut todo = vec![v];
        while let Some(x) = todo.pop() {
            for &w in next.get(x).map(|x| x.as_slice()).unwrap_or(&[]) {
                if seen.insert(w) {
                    todo.push(w);
                }
            }
        }
        seen
    };
    let reaches: BTreeMap<&PathBuf, BTreeSet<&PathBuf>> =
        next.keys().map(|&v| (v, reach(v))).collect();
    let mut parts: BTreeSet<Vec<PathBuf>> = BTreeSet::new();
    for (&v, r) in &reaches {
        let part: Vec<PathBuf> = r
            .iter()
            .filter(|w| reaches.get(*w).is_some_and(|rw| rw.contains(v)))
            .map(|w| (*w).clone())
            .collect();
        if part.len() > 1 {
            parts.insert(part);
        }
    }
    parts.into_iter().collect()
}

/// No import circle in the library's crates (`wythoff`, `wythoff-engines`;
/// between crates Cargo refuses one): none at all once a folder's `mod.rs`
/// naming its own descendants is read as a declaration; and, with those
/// edges counted, a circle only between a folder's `mod.rs` and files of its
/// own folder (never through a file of another folder). Shown failing on
/// planted circles: `limits.rs` naming `crate::board::game_board`
/// (`board.rs` names `crate::limits`), and, in the engines, `hash.rs` naming
/// `crate::mex_pairs::SeqKind` (`mex_pairs.rs` names `crate::hash::step`).
#[test]
fn the_library_has_no_import_circle() {
    let mut found = Vec::new();
    for (src, min) in [(crates().join("wythoff/src"), 150), (engines(), 100)] {
        let edges = import_graph(&src, "", false);
        assert!(
            edges.len() > min,
            "{}: {} edges",
            src.display(),
            edges.len()
        );
        if let Some(c) = a_circle(&edges) {
            panic!("an import circle in the library: {}", shown(&src, &c));
        }
        for part in strong_parts(&import_graph(&src, "", true)) {
            let one_folder = part.iter().any(|m| {
                m.ends_with("mod.rs") && part.iter().all(|f| f.starts_with(m.parent().unwrap()))
            });
            if !one_folder {
                found.push(shown(&src, &part));
            }
        }
    }
    assert!(
        found.is_empty(),
        "import circles through files of different folders:\n{}",
        found.join("\n")
    );
}

/// The rule model (`crates/wythoff-model`: rules, sets, catalogue, rules
/// files, errors, units) is the bottom layer. Cargo keeps its code from
/// importing `wythoff` or any crate that depends on it (a dependency cycle:
/// `cargo` refuses the workspace); this rule keeps the doc links too: every
/// `crate::NAME` the model writes, in code or in a comment, is a module of
/// the model itself. Shown failing on a planted doc link
/// (`crate::solve::outcome_table` in `error.rs`).
#[test]
fn the_model_names_no_layer_above() {
    let src = crates().join("wythoff-model/src");
    let mut files = Vec::new();
    rust_files(&src, &mut files);
    assert!(files.len() >= 7, "{} files", files.len());
    let own = |name: &str| src.join(format!("{name}.rs")).exists() || src.join(name).is_dir();
    let mut found = Vec::new();
    for f in &files {
        let text = std::fs::read_to_string(f).unwrap();
        for (i, line) in text.lines().enumerate() {
            for (at, _) in line.match_indices("crate::") {
                let before = line[..at].chars().next_back();
                if before.is_some_and(|c| c.is_alphanumeric() || c == '_') {
                    continue;
                }
                let name: String = line[at + "crate::".len()..]
                    .chars()
                    .take_while(|c| c.is_alphanumeric() || *c == '_')
                    .collect();
                if !own(&name) {
                    found.push(format!("{}:{}: {}", f.display(), i + 1, line.trim()));
                }
            }
        }
    }
    assert!(
        found.is_empty(),
        "the rule model names a layer above it:\n{}",
        found.join("\n")
    );
}

/// The engines (`crates/wythoff-engines`: `solve/`, `oracle/`, `imitation/`,
/// `mex_pairs.rs`, `hash.rs`) are the layer above the model. Cargo keeps
/// their code from importing `wythoff` (a dependency cycle: `cargo` refuses
/// the workspace; `use wythoff::..` without the dependency is E0433); this
/// rule keeps the doc links and comments too: every `crate::NAME` the engines
/// write, in code or in a comment, is a module of the engines or one of the
/// model's modules that `lib.rs` hands on (`crate::rules`, ...), and no line
/// names `wythoff_model::` but `lib.rs` (the one door to the model). Shown
/// failing on a planted doc link (`crate::limits::check_max` in
/// `solve/table.rs`).
#[test]
fn the_engines_name_no_layer_above() {
    let src = engines();
    let mut files = Vec::new();
    rust_files(&src, &mut files);
    assert!(files.len() >= 60, "{} files", files.len());
    // the model's modules that lib.rs hands on: `use wythoff_model::{a, b};`
    let lib = code_only(&std::fs::read_to_string(src.join("lib.rs")).unwrap());
    let model: Vec<String> = lib
        .split(';')
        .filter_map(|s| s.trim().strip_prefix("pub(crate) use wythoff_model::"))
        .flat_map(expand_use)
        .collect();
    assert!(model.contains(&"rules".to_string()), "{model:?}");
    let own = |name: &str| {
        src.join(format!("{name}.rs")).exists()
            || src.join(name).is_dir()
            || model.iter().any(|m| m == name)
    };
    let mut found = Vec::new();
    for f in &files {
        let text = std::fs::read_to_string(f).unwrap();
        for (i, line) in text.lines().enumerate() {
            let at_line = || format!("{}:{}: {}", f.display(), i + 1, line.trim());
            if !f.ends_with("src/lib.rs") && line.contains("wythoff_model::") {
                found.push(at_line());
            }
            for (at, _) in line.match_indices("crate::") {
                let before = line[..at].chars().next_back();
                if before.is_some_and(|c| c.is_alphanumeric() || c == '_') {
                    continue;
                }
                let name: String = line[at + "crate::".len()..]
                    .chars()
                    .take_while(|c| c.is_alphanumeric() || *c == '_')
                    .collect();
                if !own(&name) {
                    found.push(at_line());
                }
            }
        }
    }
    assert!(
        found.is_empty(),
        "the engines name a layer above them:\n{}",
        found.join("\n")
    );
}

/// A re-export names what it hands on: no `pub use path::*` in the library
/// or the model (a glob hides where a name lives and hands on whatever the
/// module gains). Shown failing on a planted `pub use crate::limits::*;` in
/// `answer/mod.rs`.
#[test]
fn no_glob_re_exports() {
    let mut files = Vec::new();
    rust_files(&crates().join("wythoff/src"), &mut files);
    rust_files(&engines(), &mut files);
    rust_files(&crates().join("wythoff-model/src"), &mut files);
    let mut found = Vec::new();
    for f in &files {
        let code = code_only(&std::fs::read_to_string(f).unwrap());
        for stmt in code.split(';') {
            let s = stmt.trim();
            let re_export =
                s.starts_with("pub use ") || s.starts_with("pub(") && s.contains(") use ");
            if re_export && s.contains('*') {
                found.push(format!("{}: {}", f.display(), s));
            }
        }
    }
    assert!(found.is_empty(), "glob re-exports:\n{}", found.join("\n"));
}

/// Walnut's automaton format (the automaton files, the number systems, the
/// automata's names, comments) is one leaf, `walnut_format/`, that `prove/`
/// and `proved/` both import: it names no module of the crate but itself,
/// `proved/` takes none of it through `prove::`, and `prove/` imports nothing
/// of `proved/`. Shown failing on a planted
/// `use crate::prove::numeration::Numeration;` in `proved/mod.rs`.
#[test]
fn the_walnut_format_is_one_leaf() {
    let src = crates().join("wythoff/src");
    let mut found = Vec::new();
    let mut check = |dir: &str, bad: &dyn Fn(&str) -> bool| {
        let mut files = Vec::new();
        rust_files(&src.join(dir), &mut files);
        assert!(!files.is_empty(), "no Rust file under {dir}");
        for f in &files {
            let code = code_only(&std::fs::read_to_string(f).unwrap());
            for (i, line) in code.lines().enumerate() {
                if bad(line) {
                    found.push(format!("{}:{}: {}", f.display(), i + 1, line.trim()));
                }
            }
        }
    };
    check("walnut_format", &|l| {
        l.match_indices("crate::")
            .any(|(at, _)| !l[at..].starts_with("crate::walnut_format"))
    });
    const FORMAT: &[&str] = &[
        "automaton",
        "numeration",
        "AUTOMATON",
        "RELATION",
        "level_name",
        "comment",
        "WalnutAutomaton",
        "Numeration",
    ];
    check("proved", &|l| {
        l.contains("prove::") && FORMAT.iter().any(|n| names_segment(l, n))
    });
    check("prove", &|l| {
        l.contains("proved::") || l.contains("crate::proved")
    });
    assert!(
        found.is_empty(),
        "the Walnut format outside its leaf, or prove and proved importing each other for it:\n{}",
        found.join("\n")
    );
}
