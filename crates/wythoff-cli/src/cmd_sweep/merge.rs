//! `--merge FILE... [--partial]`: the records of a sweep's shards checked against one another
//! (one sweep, no conflict, none missing) and printed in order.

use super::*;

/// Where a record lies: input, byte offset, length (standard input is kept in
/// memory, files are read again at the offset).
#[derive(Clone, Copy)]
struct Entry {
    index: u64,
    source: u32,
    offset: u64,
    len: u32,
    line_no: u64,
}

struct Source {
    name: String,
    file: Option<std::fs::File>,
    mem: Vec<u8>,
}

impl Source {
    fn line(&self, e: &Entry) -> Result<String> {
        let bytes = match &self.file {
            Some(f) => {
                use std::os::unix::fs::FileExt;
                let mut b = vec![0u8; e.len as usize];
                f.read_exact_at(&mut b, e.offset)
                    .map_err(|err| anyhow!("cannot read {}: {err}", self.name))?;
                b
            }
            None => self.mem[e.offset as usize..e.offset as usize + e.len as usize].to_vec(),
        };
        String::from_utf8(bytes).map_err(|_| anyhow!("{} changed while it was read", self.name))
    }
}

/// `--merge`: check that every input belongs to one sweep, that no record
/// conflicts and none is missing, and print the records in order.
/// What `--merge` has read so far: the files, their records' places, the first
/// record's format, keys and identity (every record is checked against them),
/// and the shards seen.
#[derive(Default)]
struct Merged {
    sources: Vec<Source>,
    entries: Vec<Entry>,
    first: Option<(String, SweepFormat, Vec<String>, Identity)>,
    // the sweep of the first record, against which every record is checked
    first_spec: Option<Spec>,
    // the proofs of every file's records, checked against one another
    proofs: Option<wythoff::sweep_proof::ProofCheck>,
    // the shards seen, and whether every record carries one of them
    shards: Vec<(u64, u64)>,
}

pub(super) fn run(
    paths: &[String],
    format: Option<SweepFormat>,
    partial: bool,
) -> Result<ExitCode> {
    let stdin_cap = (memory_budget() / 4).min(1 << 30);
    if paths.iter().filter(|p| *p == "-").count() > 1 {
        bail!("--merge: `-` (standard input) is given twice");
    }
    let mut m = Merged::default();
    for path in paths {
        read_merge_file(path, stdin_cap, &mut m)?;
    }
    let Merged {
        sources,
        mut entries,
        first,
        shards,
        ..
    } = m;
    let Some((_, in_format, keys, id)) = first else {
        bail!("--merge: the files hold no records");
    };
    let (spec, out_format) = merged_identity(&id, in_format, format)?;
    let present = merged_present(&mut entries, &sources, in_format)?;
    let missing = merged_missing(&spec, &present, &entries, &sources)?;
    if !missing.is_empty() {
        let what = missing_words(&missing, &shards, &entries, &sources);
        if !partial {
            bail!("{what}; or merge what there is with --partial");
        }
        eprintln!("wythoff: --partial: {what}");
    }
    write_merged(&entries, &sources, &keys, in_format, out_format)?;
    Ok(ExitCode::SUCCESS)
}

/// Read one `--merge` file (or standard input, `-`): each record checked
/// against the first record's sweep, its place kept in `m.entries`.
fn read_merge_file(path: &str, stdin_cap: u64, m: &mut Merged) -> Result<()> {
    let shown = if path == "-" {
        "standard input".to_string()
    } else {
        crate::game_arg::shorten_path(path)
    };
    let input = resources::open_input(path, "--merge file")?;
    let (file, is_stdin) = match &input {
        Input::File(f) => (Some(f.try_clone()?), false),
        Input::Stdin => (None, true),
    };
    let mut r = reader(input);
    let mut mem = Vec::new();
    let mut buf = Vec::new();
    let (mut offset, mut line_no) = (0u64, 0u64);
    let mut head: Vec<String> = Vec::new();
    let mut fmt: Option<SweepFormat> = None;
    let src = m.sources.len() as u32;
    loop {
        line_no += 1;
        let kind = resources::read_line(&mut r, &mut buf, &shown, line_no)?;
        if kind == Line::End {
            break;
        }
        let start = offset;
        offset += buf.len() as u64 + 1;
        if is_stdin {
            if mem.len() as u64 + buf.len() as u64 > stdin_cap {
                bail!(
                    "standard input holds more than {}: give --merge the files",
                    human_bytes(stdin_cap)
                );
            }
            mem.extend_from_slice(&buf);
        }
        let text = std::str::from_utf8(&buf)
            .map_err(|_| anyhow!("{shown} line {line_no} is not UTF-8 text"))?;
        let f = match fmt {
            Some(f) => f,
            None => {
                let f = sweep::format_of(text).ok_or_else(|| {
                    anyhow!("{shown} is not the output of `wythoff sweep` (json, csv or markdown)")
                })?;
                if let Some((n, f0, _, _)) = &m.first {
                    if *f0 != f {
                        bail!(
                            "{shown} is {}, {n} is {}: merge outputs of one format",
                            format_name(f),
                            format_name(*f0)
                        );
                    }
                }
                fmt = Some(f);
                f
            }
        };
        if head.len() < sweep::header_lines(f) {
            if kind == Line::Cut {
                break;
            }
            head.push(text.to_string());
            continue;
        }
        if kind == Line::Cut {
            // an interrupted run's last line: the record counts as missing
            break;
        }
        let p = sweep::parse_line(f, text).map_err(|e| anyhow!("{shown} line {line_no}: {e}"))?;
        match &m.first {
            None => {
                let keys = Spec::parse(&p.identity.spec)
                    .map(|s| s.key_names().iter().map(|k| k.to_string()).collect())
                    .map_err(|e| {
                        anyhow!("{shown} line {line_no}: its spec does not parse here: {e}")
                    })?;
                let keys: Vec<String> = keys;
                let want = sweep::header(f, &keys.iter().map(|k| k.as_str()).collect::<Vec<_>>());
                if head != want {
                    bail!("{shown}: the header does not match its records' sweep");
                }
                m.first = Some((shown.clone(), f, keys, p.identity.clone()));
                m.first_spec = Spec::parse(&p.identity.spec).ok();
                m.proofs = m
                    .first_spec
                    .as_ref()
                    .map(|s| wythoff::sweep_proof::ProofCheck::new(s, p.identity.prove.as_deref()));
            }
            Some((n, _, keys, id)) => {
                if let Some(d) = differs(id, &p.identity, n) {
                    bail!("{shown} line {line_no} is {d}");
                }
                let want = sweep::header(f, &keys.iter().map(|k| k.as_str()).collect::<Vec<_>>());
                if head != want {
                    bail!("{shown}: the header is not the one of {n} (another sweep?)");
                }
            }
        }
        if let Some(spec) = &m.first_spec {
            check_record(spec, &p.identity, f, text, p.index, (&shown, line_no))?;
            if let (SweepFormat::Json, Some(c)) = (f, &mut m.proofs) {
                c.check(p.index, p.proof.as_ref())
                    .map_err(|e| anyhow!("{shown} line {line_no}: {e}"))?;
            }
        }
        if !m.shards.contains(&p.shard) {
            m.shards.push(p.shard);
        }
        m.entries.push(Entry {
            index: p.index,
            source: src,
            offset: if is_stdin {
                (mem.len() - buf.len()) as u64
            } else {
                start
            },
            len: buf.len() as u32,
            line_no,
        });
    }
    m.sources.push(Source {
        name: shown,
        file,
        mem,
    });
    Ok(())
}

/// The records' sweep as this wythoff enumerates it (its identity must be the
/// records'), and the output format (a proof sweep's records are json only).
fn merged_identity(
    id: &Identity,
    in_format: SweepFormat,
    format: Option<SweepFormat>,
) -> Result<(Spec, SweepFormat)> {
    let out_format = format.unwrap_or(in_format);
    if id.prove.is_some() && out_format != SweepFormat::Json {
        bail!(
            "--format {}: the records are a proof sweep's, written as json only",
            format_name(out_format)
        );
    }
    if out_format == SweepFormat::Json && in_format != SweepFormat::Json {
        bail!(
            "--format json cannot be made from {} records: merge the json outputs",
            format_name(in_format)
        );
    }
    // the sweep, as this wythoff enumerates it
    let spec =
        Spec::parse(&id.spec).map_err(|e| anyhow!("the records' spec does not parse here: {e}"))?;
    let convention = if id.convention == "misere" {
        Convention::Misere
    } else {
        Convention::Normal
    };
    let mut here = Identity::new(&spec, id.max, convention);
    // the proof options are the records' own (merging runs no Walnut)
    here.prove = id.prove.clone();
    if let Some((what, theirs, ours)) = id.differs(&here) {
        bail!(
            "the records are of {what} `{theirs}`, this wythoff has `{ours}`: merge with the wythoff that made them"
        );
    }
    Ok((spec, out_format))
}

/// The combinations present, each once, `entries` sorted; two different
/// records for one combination are refused.
fn merged_present(
    entries: &mut [Entry],
    sources: &[Source],
    in_format: SweepFormat,
) -> Result<Vec<u64>> {
    entries.sort_by_key(|e| (e.index, e.source, e.offset));
    // conflicts: one number, two different records
    let mut present: Vec<u64> = Vec::with_capacity(entries.len());
    for (k, e) in entries.iter().enumerate() {
        if k > 0 && entries[k - 1].index == e.index {
            let prev = &entries[k - 1];
            let line = |e: &Entry| -> Result<(String, Parsed)> {
                let s = &sources[e.source as usize];
                let text = s.line(e)?;
                let p = sweep::parse_line(in_format, &text)
                    .map_err(|_| anyhow!("{} changed while it was read", s.name))?;
                let u = sweep::unshard(in_format, &text, p.shard).ok_or_else(|| {
                    anyhow!(
                        "{} line {}: not a record of `wythoff sweep`",
                        s.name,
                        e.line_no
                    )
                })?;
                Ok((u, p))
            };
            let (a, _) = line(prev)?;
            let (b, _) = line(e)?;
            if a != b {
                bail!(
                    "combination {} differs between {} line {} and {} line {}: two different records for one combination",
                    e.index,
                    sources[prev.source as usize].name,
                    prev.line_no,
                    sources[e.source as usize].name,
                    e.line_no
                );
            }
            continue;
        }
        present.push(e.index);
    }
    Ok(present)
}

/// The combinations the sweep must have (every one the rules accept) that no
/// file holds; a record of a skipped or out-of-range combination is refused.
fn merged_missing(
    spec: &Spec,
    present: &[u64],
    entries: &[Entry],
    sources: &[Source],
) -> Result<Vec<u64>> {
    // the numbers the sweep must have: every combination the rules accept
    let mut missing: Vec<u64> = Vec::new();
    let mut p = 0usize;
    for i in 0..spec.total() {
        let runnable = spec.combination(i).game.is_ok();
        let here = p < present.len() && present[p] == i;
        if here {
            p += 1;
            if !runnable {
                let e = entries.iter().find(|e| e.index == i).expect("present");
                bail!(
                    "{} line {}: combination {i} is skipped by the rules in this sweep: not one of its records",
                    sources[e.source as usize].name,
                    e.line_no
                );
            }
        } else if runnable {
            missing.push(i);
        }
    }
    if p < present.len() {
        let i = present[p];
        let e = entries.iter().find(|e| e.index == i).expect("present");
        bail!(
            "{} line {}: combination {i} is out of range (the sweep has {})",
            sources[e.source as usize].name,
            e.line_no,
            spec.total()
        );
    }
    Ok(missing)
}

/// The records in order, each once, as one unsharded run prints them.
fn write_merged(
    entries: &[Entry],
    sources: &[Source],
    keys: &[String],
    in_format: SweepFormat,
    out_format: SweepFormat,
) -> Result<()> {
    // the records in order, each once, as one unsharded run prints them
    let mut out = std::io::BufWriter::new(std::io::stdout().lock());
    for h in sweep::header(
        out_format,
        &keys.iter().map(|k| k.as_str()).collect::<Vec<_>>(),
    ) {
        writeln!(out, "{h}")?;
    }
    let key_refs: Vec<&str> = keys.iter().map(|k| k.as_str()).collect();
    for (k, e) in entries.iter().enumerate() {
        if k > 0 && entries[k - 1].index == e.index {
            continue;
        }
        let s = &sources[e.source as usize];
        let text = s.line(e)?;
        let parsed = sweep::parse_line(in_format, &text)
            .map_err(|_| anyhow!("{} changed while it was read", s.name))?;
        let u = sweep::unshard(in_format, &text, parsed.shard).ok_or_else(|| {
            anyhow!(
                "{} line {}: not a record of `wythoff sweep`",
                s.name,
                e.line_no
            )
        })?;
        let l = sweep::convert(in_format, out_format, &u, &parsed, &key_refs).ok_or_else(|| {
            anyhow!(
                "{} line {}: cannot be written as {}",
                s.name,
                e.line_no,
                format_name(out_format)
            )
        })?;
        writeln!(out, "{l}")?;
    }
    out.flush()?;
    Ok(())
}

/// "missing 3 of 6 records: re-run --shard 2/2" (whole shards), or the numbers.
fn missing_words(
    missing: &[u64],
    shards: &[(u64, u64)],
    entries: &[Entry],
    _sources: &[Source],
) -> String {
    let total = missing.len() + {
        let mut n = 0usize;
        for (k, e) in entries.iter().enumerate() {
            if k == 0 || entries[k - 1].index != e.index {
                n += 1;
            }
        }
        n
    };
    let head = format!("{} of {total} records are missing", missing.len());
    let list = |items: Vec<String>| -> String {
        let n = items.len();
        let shown: Vec<String> = items.into_iter().take(12).collect();
        if n > shown.len() {
            format!("{} and {} more", shown.join(" "), n - shown.len())
        } else {
            shown.join(" ")
        }
    };
    // the inputs are shards of one T: name the shards that hold the missing ones
    let ts: Vec<u64> = shards.iter().map(|s| s.1).collect();
    if let Some(&t) = ts.first() {
        if t > 1 && ts.iter().all(|&x| x == t) {
            let mut ks: Vec<u64> = missing.iter().map(|i| i % t + 1).collect();
            ks.sort_unstable();
            ks.dedup();
            return format!(
                "{head}: re-run {} (or complete a cut shard's file with --resume)",
                list(ks.iter().map(|k| format!("--shard {k}/{t}")).collect())
            );
        }
    }
    format!(
        "{head}: combinations {} (not whole shards: re-run the shards that hold them)",
        list(missing.iter().map(|i| i.to_string()).collect())
    )
}
