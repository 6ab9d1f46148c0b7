//! `--resume FILE`: the file's whole records scanned, checked against the sweep, and copied
//! into the output in order.

use super::*;

/// The file of `--resume`, scanned: its whole records (numbers, in order).
pub(super) struct Resume {
    path: String,
    format: SweepFormat,
    /// Numbers of the whole records it holds, increasing.
    pub(super) indices: Vec<u64>,
    /// The proofs its records hold (a proof sweep), by number.
    pub(super) proofs: Vec<(u64, wythoff::sweep_proof::ProofRecord)>,
}

/// The file of `--resume`, reopened to copy its records into the output.
pub(super) struct Kept {
    name: String,
    format: SweepFormat,
    r: Box<dyn BufRead + Send>,
    buf: Vec<u8>,
    line_no: u64,
    /// The next record to copy (number, line), if read ahead.
    next: Option<(u64, String)>,
    left: usize,
}

impl Resume {
    pub(super) fn scan(path: &str, format: SweepFormat, plan: &Plan) -> Result<Resume> {
        let name = format!("--resume {}", crate::game_arg::shorten_path(path));
        let f = match resources::open_input(path, "--resume file")? {
            Input::File(f) => f,
            Input::Stdin => bail!("--resume takes a file, not standard input"),
        };
        if resources::is_stdout(&f) {
            bail!(
                "{name} is also the output (`> FILE`): write the completed sweep to another file"
            );
        }
        let mut r = reader(Input::File(f));
        let mut buf = Vec::new();
        let header = sweep::header(format, &plan_keys(plan));
        let mut indices: Vec<u64> = Vec::new();
        let mut proofs = Vec::new();
        let mut line_no = 0u64;
        let spec = Spec::parse(&plan.identity.spec)
            .map_err(|e| anyhow!("the sweep's spec does not parse here: {e}"))?;
        // every proof checked against the sweep and the records before it
        let mut proof_check =
            wythoff::sweep_proof::ProofCheck::new(&spec, plan.identity.prove.as_deref());
        loop {
            line_no += 1;
            match resources::read_line(&mut r, &mut buf, &name, line_no)? {
                Line::End | Line::Cut => break, // a cut last line is recomputed
                Line::Whole => {}
            }
            let text = std::str::from_utf8(&buf)
                .map_err(|_| anyhow!("{name} line {line_no} is not UTF-8 text"))?;
            if (line_no as usize) <= header.len() {
                if text != header[line_no as usize - 1] {
                    bail!(
                        "{name} line {line_no} is not the {} header of this sweep (another sweep or format?)",
                        format_name(format)
                    );
                }
                continue;
            }
            let p = sweep::parse_line(format, text)
                .map_err(|e| anyhow!("{name} line {line_no}: {e}"))?;
            if let Some(d) = differs(&plan.identity, &p.identity, "this run") {
                bail!("{name} line {line_no} is {d}");
            }
            if p.shard != plan.shard {
                bail!(
                    "{name} line {line_no} is from --shard {}/{}, this run is --shard {}/{}",
                    p.shard.0,
                    p.shard.1,
                    plan.shard.0,
                    plan.shard.1
                );
            }
            if indices.last().is_some_and(|&l| p.index <= l) {
                bail!("{name} line {line_no}: combination {} is out of order (not the output of one run)", p.index);
            }
            if !plan.solves(p.index) {
                bail!(
                    "{name} line {line_no}: combination {} is not solved by this run",
                    p.index
                );
            }
            check_record(
                &spec,
                &plan.identity,
                format,
                text,
                p.index,
                (&name, line_no),
            )?;
            proof_check
                .check(p.index, p.proof.as_ref())
                .map_err(|e| anyhow!("{name} line {line_no}: {e}"))?;
            if let Some(proof) = p.proof {
                proofs.push((p.index, proof));
            }
            indices.push(p.index);
        }
        Ok(Resume {
            path: path.to_string(),
            format,
            indices,
            proofs,
        })
    }

    pub(super) fn reopen(self) -> Result<Kept> {
        let name = format!("--resume {}", crate::game_arg::shorten_path(&self.path));
        let f = match resources::open_input(&self.path, "--resume file")? {
            Input::File(f) => f,
            Input::Stdin => unreachable!("a file"),
        };
        let mut k = Kept {
            name,
            format: self.format,
            r: reader(Input::File(f)),
            buf: Vec::new(),
            line_no: 0,
            next: None,
            left: self.indices.len(),
        };
        // skip the header
        for _ in 0..sweep::header_lines(self.format) {
            k.line_no += 1;
            resources::read_line(&mut k.r, &mut k.buf, &k.name, k.line_no)?;
        }
        Ok(k)
    }
}

impl Kept {
    /// Copy the kept records numbered below `before` (all with `None`).
    pub(super) fn copy_until(&mut self, before: Option<u64>, out: &mut dyn Write) -> Result<()> {
        loop {
            if self.next.is_none() {
                if self.left == 0 {
                    return Ok(());
                }
                self.line_no += 1;
                if resources::read_line(&mut self.r, &mut self.buf, &self.name, self.line_no)?
                    != Line::Whole
                {
                    bail!("{} changed while it was read", self.name);
                }
                let text = String::from_utf8(std::mem::take(&mut self.buf))
                    .map_err(|_| anyhow!("{} changed while it was read", self.name))?;
                let p = sweep::parse_line(self.format, &text)
                    .map_err(|_| anyhow!("{} changed while it was read", self.name))?;
                self.next = Some((p.index, text));
                self.left -= 1;
            }
            let (i, _) = self.next.as_ref().expect("read ahead");
            if before.is_some_and(|b| *i >= b) {
                return Ok(());
            }
            let (_, mut text) = self.next.take().expect("read ahead");
            text.push('\n');
            out.write_all(text.as_bytes())?;
            out.flush()?;
        }
    }
}
