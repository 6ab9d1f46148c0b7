//! docs/cli-reference.md is every subcommand's `--help`, exactly as the binary
//! prints it, so the reference of commands and options cannot go stale.
//! Regenerate it with `scripts/reference.sh` (it sets WYTHOFF_UPDATE_DOCS=1 and
//! runs this test, which then writes the file instead of comparing).

use std::path::PathBuf;

mod common;
use common::wythoff_ok as help;

/// The subcommands listed under `Commands:` in `wythoff --help`, in order.
fn subcommands(top: &str) -> Vec<String> {
    top.lines()
        .skip_while(|l| !l.starts_with("Commands:"))
        .skip(1)
        .take_while(|l| l.starts_with("  "))
        .filter_map(|l| l.split_whitespace().next().map(str::to_string))
        .filter(|c| c != "help")
        .collect()
}

fn render() -> String {
    let top = help(&["--help"]);
    let cmds = subcommands(&top);
    let mut out = String::from(
        "# Command reference\n\n\
Every command's `--help`, as the binary prints it (generated: `scripts/reference.sh`;\n\
`crates/wythoff-cli/tests/reference.rs` fails when this file differs from the binary).\n\
Formats and JSON fields are described in docs/guide.md, section by command.\n\n",
    );
    out.push_str("## Commands\n\n");
    for c in &cmds {
        out.push_str(&format!("- [`wythoff {c}`](#wythoff-{c})\n"));
    }
    out.push_str("\n## `wythoff`\n\n```text\n");
    out.push_str(&top);
    out.push_str("```\n");
    for c in &cmds {
        out.push_str(&format!("\n## `wythoff {c}`\n\n```text\n"));
        out.push_str(&help(&[c, "--help"]));
        out.push_str("```\n");
    }
    out
}

#[test]
fn committed_cli_reference_equals_the_binary_help() {
    let printed = render();
    assert!(subcommands(&help(&["--help"])).len() >= 10);
    let path = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../docs/cli-reference.md");
    if std::env::var_os("WYTHOFF_UPDATE_DOCS").is_some() {
        std::fs::write(&path, &printed).expect("write docs/cli-reference.md");
        return;
    }
    let committed = std::fs::read_to_string(&path).unwrap_or_default();
    assert!(
        committed == printed,
        "docs/cli-reference.md is stale: run scripts/reference.sh"
    );
}
