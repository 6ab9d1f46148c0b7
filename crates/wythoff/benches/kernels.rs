//! Kernel benchmarks, in one run: each fast kernel, the reference program it must
//! be compared with (plain bitset mex, plain counter kernel, plain bitmap mex) at
//! the target size, and the naive option-scanning brute force at a size it can
//! finish, with the kernel again at that size. Every pair must print the same
//! hash (the `--format summary` hash), which the bench checks.
//!
//! `cargo bench -p wythoff --bench kernels` (quick sizes), or
//! `cargo bench -p wythoff --bench kernels -- full [grundy|table|imitation|seq|catalogue|rows]` (the sizes:
//! `games` (other games' Grundy tables against wythoff's) and `threads` (the row
//! pipeline, one worker against two) run only when named;
//! Grundy 4096 and 16384, blocking table 16384, sequences 10^8, every catalogue
//! game at 4096, Grundy rows 0..129 over 2^20 columns against the plain C
//! recurrence `benches/ref/grundy_rows.c`). Times are wall clock and this thread's CPU time
//! (`/proc/thread-self/schedstat`); on a shared machine compare ratios taken in
//! the same run, and repeat.

use std::time::Instant;
use wythoff::catalogue::parse_game;
use wythoff::hash::Summary;
use wythoff::mex_pairs::{self, SeqKind};
use wythoff::rules::Rules;
use wythoff::solve::grundy::{lines, nim_like, region, rows as grundy_rows, union};
use wythoff::solve::outcome::band;
use wythoff::solve::{self, reference};

fn cpu_ns() -> u64 {
    std::fs::read_to_string("/proc/thread-self/schedstat")
        .ok()
        .and_then(|s| s.split_whitespace().next().and_then(|t| t.parse().ok()))
        .unwrap_or(0)
}

struct Timing {
    wall: f64,
    cpu: f64,
    summary: Summary,
}

fn time(f: impl FnOnce() -> Summary) -> Timing {
    let (w, c) = (Instant::now(), cpu_ns());
    let summary = f();
    Timing {
        wall: w.elapsed().as_secs_f64(),
        cpu: (cpu_ns() - c) as f64 / 1e9,
        summary,
    }
}

fn report(label: &str, k: &Timing, base_label: &str, b: &Timing) {
    let same = k.summary == b.summary;
    println!(
        "{label:<48} wall {:>8.3}s cpu {:>8.3}s | {base_label:<30} wall {:>8.3}s cpu {:>8.3}s | ratio kernel/base wall {:.3} cpu {:.3} | hash {} {}",
        k.wall,
        k.cpu,
        b.wall,
        b.cpu,
        k.wall / b.wall,
        k.cpu / b.cpu.max(1e-9),
        k.summary.line(),
        if same { "same" } else { "DIFFERENT" }
    );
    assert!(same, "{label}: the kernel and {base_label} disagree");
}

fn rules(name: &str) -> Rules {
    parse_game(name)
        .unwrap()
        .game
        .as_single()
        .expect("single")
        .clone()
}

// ---- Grundy -------------------------------------------------------------

fn grundy_kernel(r: &Rules, n: usize) -> Summary {
    let mut s = Summary::new();
    nim_like::stream_threads(r, n, 1, &mut |_| {}, |_, row| {
        for &v in row {
            s.item(&[v as u64]);
        }
    })
    .unwrap();
    s
}

fn grundy_two_threads(r: &Rules, n: usize) -> Summary {
    let mut s = Summary::new();
    nim_like::stream_threads(r, n, 2, &mut |_| {}, |_, row| {
        for &v in row {
            s.item(&[v as u64]);
        }
    })
    .unwrap();
    s
}

fn grundy_threads(r: &Rules, n: usize, t: usize) -> Summary {
    let mut s = Summary::new();
    nim_like::stream_threads(r, n, t, &mut |_| {}, |_, row| {
        for &v in row {
            s.item(&[v as u64]);
        }
    })
    .unwrap();
    s
}

fn grundy_lines_kernel(r: &Rules, n: usize) -> Summary {
    let mut s = Summary::new();
    lines::stream_threads(r, n, 1, &mut |_| {}, |_, row| {
        for &v in row {
            s.item(&[v as u64]);
        }
    })
    .unwrap();
    s
}

/// The line-bitset row kernel (the plain order the tiled one is checked against).
fn grundy_lines_rows(r: &Rules, n: usize) -> Summary {
    let mut s = Summary::new();
    lines::stream_rows(r, n, &mut |_| {}, |_, row| {
        for &v in row {
            s.item(&[v as u64]);
        }
    })
    .unwrap();
    s
}

fn grundy_region_kernel(r: &Rules, n: usize) -> Summary {
    let mut s = Summary::new();
    region::stream_threads(r, n, 1, &mut |_| {}, |_, row| {
        for &v in row {
            s.item(&[v as u64]);
        }
    })
    .expect("in scope");
    s
}

fn grundy_union_kernel(r: &Rules, n: usize) -> Summary {
    let t = union::grundy_with_progress(r, n, &mut |_| {}).expect("in scope");
    let mut s = Summary::new();
    for &v in t.values() {
        s.item(&[v as u64]);
    }
    s
}

fn grundy_plain(r: &Rules, n: usize) -> Summary {
    let mut s = Summary::new();
    nim_like::grundy_plain_bitset(r, n, |_, row| {
        for &v in row {
            s.item(&[v as u64]);
        }
    });
    s
}

/// The C reference program (`benches/ref/grundy_mex.c`, plain bitset mex),
/// compiled with `cc -O2` into `target/bench-ref/` and run on `n`: its summary
/// and the process's wall time and its own CPU time, or why it could not run.
fn grundy_c_reference(n: usize) -> Result<Timing, String> {
    c_reference("grundy_mex", &[n.to_string()])
}

/// The C reference program `benches/ref/<name>.c`, compiled with `cc -O2`
/// into `target/bench-ref/` and run with `args`; it prints `<count> <hash>
/// <cpu seconds>`: its summary and the process's wall time and its own CPU
/// time, or why it could not run.
fn c_reference(name: &str, args: &[String]) -> Result<Timing, String> {
    let dir = concat!(env!("CARGO_MANIFEST_DIR"), "/../../target/bench-ref");
    let src = format!("{}/benches/ref/{name}.c", env!("CARGO_MANIFEST_DIR"));
    let bin = format!("{dir}/{name}");
    std::fs::create_dir_all(dir).map_err(|e| format!("{dir}: {e}"))?;
    let cc = std::process::Command::new("cc")
        .args(["-O2", "-o", &bin, &src])
        .output()
        .map_err(|e| format!("cc: {e}"))?;
    if !cc.status.success() {
        return Err(format!(
            "cc -O2 failed: {}",
            String::from_utf8_lossy(&cc.stderr).trim()
        ));
    }
    let w = Instant::now();
    let out = std::process::Command::new(&bin)
        .args(args)
        .output()
        .map_err(|e| format!("{bin}: {e}"))?;
    let wall = w.elapsed().as_secs_f64();
    let text = String::from_utf8_lossy(&out.stdout);
    let f: Vec<&str> = text.split_whitespace().collect();
    match (out.status.success(), f.as_slice()) {
        (true, [count, hash, cpu]) => Ok(Timing {
            wall,
            cpu: cpu.parse().map_err(|_| format!("bad output: {text}"))?,
            summary: Summary {
                count: count.parse().map_err(|_| format!("bad output: {text}"))?,
                hash: u64::from_str_radix(hash, 16).map_err(|_| format!("bad output: {text}"))?,
            },
        }),
        _ => Err(format!("{bin} failed: {text}")),
    }
}

/// The row kernel (`solve/grundy/rows.rs`): Grundy rows `0..nrows` over
/// `columns` columns, each certified where it can be, the values hashed
/// row-major (as `benches/ref/grundy_rows.c` hashes them).
fn rows_kernel(r: &Rules, nrows: u64, columns: u64) -> Summary {
    let t = grundy_rows::compute(r, nrows, columns, &mut |_, _| {}).unwrap();
    let mut s = Summary::new();
    for x in 0..nrows {
        for (y, &d) in t.relative_row(x).iter().enumerate() {
            s.item(&[(y as i64 + d as i64) as u64]);
        }
    }
    s
}

fn grundy_naive(r: &Rules, n: usize) -> Summary {
    let t = reference::grundy(r, n);
    let mut s = Summary::new();
    for &v in t.values() {
        s.item(&[v as u64]);
    }
    s
}

// ---- outcomes --------------------------------------------------------------

fn band_kernel(r: &Rules, n: usize) -> Summary {
    let mut s = Summary::new();
    band::stream_p_positions(r, n, &mut |_| {}, |x, ys| {
        for &y in ys {
            s.pair(x, y as u64);
        }
    })
    .unwrap();
    s
}

/// The plain counter kernel for roob-blocking `(m, p, l)` (normal play): one
/// byte per cell, `O(w + l)` scalar counter work per cell (column and diagonal
/// P counts, and look-backs into the table for the moves that must be excluded).
fn counter_kernel_roob(n: usize, m: usize, p: u32, l: usize) -> Summary {
    let mut t = vec![0u8; n * n];
    let mut col = vec![0u32; n]; // P's in column y, rows < x
    let mut diag = vec![0u32; 2 * n + m + 1]; // P's on diagonal y - x + n, rows < x
    let mut s = Summary::new();
    for x in 0..n {
        let mut rowc = 0u32;
        for y in 0..n {
            let d = y + n - x;
            // out-of-class: one-pile moves shorter than l, and every bishop move
            let mut out = 0u32;
            let mut near_col = 0u32;
            for k in 1..l.min(x + 1) {
                near_col += t[(x - k) * n + y] as u32;
            }
            let mut near_row = 0u32;
            for k in 1..l.min(y + 1) {
                near_row += t[x * n + y - k] as u32;
            }
            out += near_col + near_row;
            for delta in 0..m {
                if d >= delta {
                    out += diag[d - delta];
                }
            }
            for j in 1..m {
                // diagonal d + j, rows < x - j: subtract the j cells in rows x-j..x-1
                let mut c = diag[d + j];
                for i in 1..=j.min(x) {
                    if y + j >= i && y + j - i < n + 0 && y + j >= i {
                        let yy = y + j - i;
                        if yy < n {
                            c -= t[(x - i) * n + yy] as u32;
                        }
                    }
                }
                out += c;
            }
            let inn = (col[y] - near_col) + (rowc - near_row);
            let isp = out == 0 && inn < p;
            if isp {
                t[x * n + y] = 1;
                rowc += 1;
                s.pair(x as u64, y as u64);
            }
        }
        for y in 0..n {
            if t[x * n + y] == 1 {
                col[y] += 1;
                diag[y + n - x] += 1;
            }
        }
    }
    s
}

fn naive_outcomes(r: &Rules, n: usize) -> Summary {
    let t = reference::outcomes(r, n);
    let mut s = Summary::new();
    for (x, y) in t.p_positions() {
        s.pair(x, y);
    }
    s
}

/// Imitation Nim: the starting P-positions (as a summary) and the
/// classification, which together touch every state of every position.
fn imitation_summary(p: u64, m: u64, n: u64, naive: bool) -> Summary {
    use wythoff::imitation::{ImitationNim, ReferenceStateSolver, StateSolver};
    let rules = ImitationNim::new(p, m).unwrap();
    let (ps, classes) = if naive {
        let s = ReferenceStateSolver::new(rules, n).unwrap();
        (s.start_p_positions(), s.classification())
    } else {
        let s = StateSolver::new(rules, n).unwrap();
        (s.start_p_positions(), s.classification())
    };
    let mut sum = Summary::new();
    for (x, y) in ps {
        sum.pair(x, y);
    }
    for c in classes.cells() {
        sum.feed(*c as u64);
    }
    sum
}

// ---- sequences -------------------------------------------------------------

fn seq_kernel(kind: &SeqKind, terms: u64) -> Summary {
    mex_pairs::summary(kind, terms, &mut |_| {}).unwrap()
}

/// The plain bitmap mex: a bitmap of every value used (a's and b's) and a mex
/// pointer that walks over set bits.
fn seq_plain(kind: &SeqKind, terms: u64) -> Summary {
    let bound = mex_pairs::max_value_bound(kind, terms).unwrap();
    let mut bm = vec![0u64; (bound / 64 + 2) as usize];
    let mut mex = 0u64;
    let mut s = Summary::new();
    for n in 0..terms {
        while bm[(mex >> 6) as usize] >> (mex & 63) & 1 == 1 {
            mex += 1;
        }
        let a = mex;
        let b = match *kind {
            SeqKind::Linear { s, t } => s * a + t * n,
            SeqKind::DiagonalBlocking { p, m } => a + (n / p) * m,
            _ => unimplemented!(),
        };
        bm[(a >> 6) as usize] |= 1 << (a & 63);
        bm[(b >> 6) as usize] |= 1 << (b & 63);
        s.pair(a, b);
    }
    s
}

fn main() {
    let full = std::env::args().any(|a| a == "full");
    let sections: Vec<String> = std::env::args()
        .skip(1)
        .filter(|a| {
            [
                "grundy",
                "grundy2",
                "games",
                "threads",
                "table",
                "imitation",
                "seq",
                "catalogue",
                "rows",
            ]
            .contains(&a.as_str())
        })
        .collect();
    let run = |s: &str| sections.is_empty() || sections.iter().any(|x| x == s);
    println!(
        "# wythoff kernel bench ({}), {} cores visible",
        if full {
            "full sizes"
        } else {
            "quick sizes; pass `full` for the issue's sizes"
        },
        std::thread::available_parallelism().map_or(1, |n| n.get())
    );
    let wy = rules("wythoff");

    // Grundy: kernel vs plain bitset mex at the target size; vs naive at a small size
    if run("grundy") {
        let gn = if full { 4096 } else { 1024 };
        let k = time(|| grundy_kernel(&wy, gn));
        let b = time(|| grundy_plain(&wy, gn));
        report(
            &format!("grundy wythoff N={gn} kernel"),
            &k,
            "plain bitset mex",
            &b,
        );
        match grundy_c_reference(gn) {
            Ok(c) => report(
                &format!("grundy wythoff N={gn} kernel"),
                &k,
                "C plain bitset mex (cc -O2)",
                &c,
            ),
            Err(e) => println!("C reference skipped: {e}"),
        }
        let k = time(|| grundy_two_threads(&wy, gn));
        report(
            &format!("grundy wythoff N={gn} two threads"),
            &k,
            "plain bitset mex",
            &b,
        );
        let k = time(|| grundy_kernel(&wy, 128));
        let b = time(|| grundy_naive(&wy, 128));
        report("grundy wythoff N=128 kernel", &k, "naive option scan", &b);
        if full {
            let k = time(|| grundy_kernel(&wy, 16384));
            println!(
                "{:<48} wall {:>8.3}s cpu {:>8.3}s | hash {}",
                "grundy wythoff N=16384 kernel",
                k.wall,
                k.cpu,
                k.summary.line()
            );
        }
    }
    // Grundy rows: the row kernel (its certificate included) against the plain
    // C recurrence over the same rows and columns (benches/ref/grundy_rows.c)
    if run("rows") {
        let (nr, ny) = if full { (129, 1 << 20) } else { (64, 1 << 16) };
        let k = time(|| rows_kernel(&wy, nr, ny));
        match c_reference("grundy_rows", &[nr.to_string(), ny.to_string()]) {
            Ok(c) => report(
                &format!("rows wythoff 0..{nr} over {ny} kernel"),
                &k,
                "C plain recurrence (cc -O2)",
                &c,
            ),
            Err(e) => println!("C reference skipped: {e}"),
        }
    }
    // the two-thread pipeline at the largest size, against the sequential kernel
    if sections.iter().any(|x| x == "grundy2") {
        let k2 = time(|| grundy_two_threads(&wy, 16384));
        let k = time(|| grundy_kernel(&wy, 16384));
        report(
            "grundy wythoff N=16384 two threads",
            &k2,
            "sequential kernel",
            &k,
        );
    }
    // Grundy tables of other games against wythoff's (sequential kernel) at the
    // same size: the line-bitset kernel (band and residue games, checked
    // against the union kernel) and the union kernel (cone, congruence)
    if sections.iter().any(|x| x == "games") {
        let gn = if full { 4096 } else { 1024 };
        let base = time(|| grundy_kernel(&wy, gn));
        println!(
            "{:<48} wall {:>8.3}s cpu {:>8.3}s | hash {}",
            format!("grundy wythoff N={gn} kernel (base)"),
            base.wall,
            base.cpu,
            base.summary.line()
        );
        for name in ["m-wythoff:m=2", "connell:p=2", "modulo-rook:m=2,l=0,p=3"] {
            let r = rules(name);
            let k = time(|| grundy_lines_kernel(&r, gn));
            let rows = time(|| grundy_lines_rows(&r, gn));
            let u = time(|| grundy_union_kernel(&r, gn));
            report(
                &format!("grundy {name} N={gn} line-bitset"),
                &k,
                "union kernel",
                &u,
            );
            report(
                &format!("grundy {name} N={gn} line-bitset tiled"),
                &k,
                "line-bitset row kernel",
                &rows,
            );
            println!(
                "{:<48} ratio line-bitset/wythoff wall {:.3} cpu {:.3}",
                "",
                k.wall / base.wall,
                k.cpu / base.cpu.max(1e-9)
            );
        }
        for name in ["st-wythoff:s=2,t=1", "modular:m=5", "odd-odd:s=2,t=1"] {
            let r = rules(name);
            let k = time(|| grundy_region_kernel(&r, gn));
            let u = time(|| grundy_union_kernel(&r, gn));
            report(
                &format!("grundy {name} N={gn} region kernel"),
                &k,
                "union kernel",
                &u,
            );
            println!(
                "{:<48} ratio region/wythoff wall {:.3} cpu {:.3}",
                "",
                k.wall / base.wall,
                k.cpu / base.cpu.max(1e-9)
            );
        }
    }
    // the row pipeline: one worker against two (and more, where there are cores)
    if sections.iter().any(|x| x == "threads") {
        let gn = if full { 16384 } else { 4096 };
        let one = time(|| grundy_threads(&wy, gn, 1));
        let cores = std::thread::available_parallelism().map_or(1, |n| n.get());
        let mut ts = vec![2];
        if cores > 2 {
            ts.push(cores);
        }
        for t in ts {
            let k = time(|| grundy_threads(&wy, gn, t));
            report(
                &format!("grundy wythoff N={gn} {t} workers"),
                &k,
                "one worker",
                &one,
            );
            println!("{:<48} speed-up one/{t} wall {:.3}", "", one.wall / k.wall);
        }
    }
    // blocking table: kernel vs plain counter kernel; vs naive at a small size
    if run("table") {
        let rb = rules("roob-blocking:m=2,p=3");
        let on = if full { 16384 } else { 4096 };
        let k = time(|| band_kernel(&rb, on));
        let b = time(|| counter_kernel_roob(on, 2, 3, 2));
        report(
            &format!("p-positions roob-blocking:m=2,p=3 N={on} kernel"),
            &k,
            "plain counter kernel",
            &b,
        );
        println!(
            "{:<48} kernel {:.0} M cells/s wall, {:.0} M cells/s cpu",
            "",
            (on * on) as f64 / k.wall / 1e6,
            (on * on) as f64 / k.cpu.max(1e-9) / 1e6
        );
        let k = time(|| band_kernel(&rb, 96));
        let b = time(|| naive_outcomes(&rb, 96));
        report(
            "p-positions roob-blocking:m=2,p=3 N=96 kernel",
            &k,
            "naive option scan",
            &b,
        );
    }
    // Imitation Nim: the O(p n^2) solver vs the bit-per-state O(p n^3) one
    if run("imitation") {
        let n = if full { 600 } else { 200 };
        let k = time(|| imitation_summary(2, 1, n, false));
        let b = time(|| imitation_summary(2, 1, n, true));
        report(
            &format!("imitation p=2,m=1 N={n} solver"),
            &k,
            "naive state solver",
            &b,
        );
        let k = time(|| imitation_summary(2, 1, 4096, false));
        println!(
            "{:<48} wall {:>8.3}s cpu {:>8.3}s | hash {}",
            "imitation p=2,m=1 N=4096 solver",
            k.wall,
            k.cpu,
            k.summary.line()
        );
    }
    // sequences: kernel vs plain bitmap mex
    if run("seq") {
        let terms = if full { 100_000_000 } else { 10_000_000 };
        for (name, kind) in [
            ("m-wythoff:m=2", SeqKind::Linear { s: 1, t: 2 }),
            (
                "diagonal-blocking:p=3,m=2",
                SeqKind::DiagonalBlocking { p: 3, m: 2 },
            ),
        ] {
            let k = time(|| seq_kernel(&kind, terms));
            let k1 = time(|| mex_pairs::summary_with(&kind, terms, false, &mut |_| {}).unwrap());
            let b = time(|| seq_plain(&kind, terms));
            report(
                &format!("sequence {name} terms={terms}"),
                &k,
                "plain bitmap mex",
                &b,
            );
            report(
                &format!("sequence {name} terms={terms} one thread"),
                &k1,
                "plain bitmap mex",
                &b,
            );
            println!(
                "{:<48} kernel {:.0} M terms/s wall, {:.0} M terms/s cpu",
                "",
                terms as f64 / k.wall / 1e6,
                terms as f64 / k.cpu.max(1e-9) / 1e6
            );
        }
    }
    // every catalogue game's p-positions (the streaming entry point)
    if !run("catalogue") {
        return;
    }
    let cn = if full { 4096 } else { 1024 };
    for name in [
        "nim",
        "wythoff",
        "m-wythoff:m=2",
        "st-wythoff:s=1,t=2",
        "st-wythoff:s=2,t=1",
        "connell:p=2",
        "roob-blocking:m=2,p=3",
        "modulo-rook:m=2,l=0,p=3",
        "shifted:m=1,p=3,l=1",
        "corner:m=1,p=2,u=2,v=3",
        "choose-shift:m=1,p=3",
        "modular:m=5",
        "diagonal-blocking:p=3,m=2",
        "restricted:s=1,t=2,h=3:0,v=3:0,d1=3:1,d2=3:2",
        "odd-odd:s=1,t=1",
        "odd-odd:s=2,t=1",
        "even-even:s=2,t=1",
        "odd-even:s=1,t=1",
        "odd-even:s=2,t=3",
        "even-odd:s=1,t=2",
    ]
    .into_iter()
    .flat_map(|name| [(name, false), (name, true)])
    {
        let (name, misere) = name;
        let g = parse_game(name).unwrap().game;
        let g = if misere {
            g.with_convention(wythoff::rules::Convention::Misere)
        } else {
            g
        };
        let name = format!("{name}{}", if misere { " misère" } else { "" });
        let t = time(|| {
            let mut s = Summary::new();
            solve::stream::p_positions(&g, cn, &mut |_, _| {}, &mut |x, ys| {
                for &y in ys {
                    s.pair(x, y as u64);
                }
            })
            .unwrap();
            s
        });
        println!(
            "{:<48} wall {:>8.3}s cpu {:>8.3}s | hash {}",
            format!("p-positions {name} N={cn}"),
            t.wall,
            t.cpu,
            t.summary.line()
        );
    }
}
