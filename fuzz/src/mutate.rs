//! Mutations: structure-aware edits of a parent from the pool (numbers at
//! their bounds, tokens of the target's grammar, lines repeated or swapped,
//! a splice of another input), one to eight a child.

/// Numbers and text every parser meets sooner or later.
pub const COMMON: &[&str] = &[
    "0",
    "1",
    "2",
    "-1",
    "+1",
    "63",
    "64",
    "65",
    "255",
    "256",
    "1023",
    "1024",
    "4096",
    "65535",
    "65536",
    "1000000",
    "1000001",
    "1048576",
    "2147483647",
    "4294967295",
    "4294967296",
    "9007199254740993",
    "18446744073709551615",
    "18446744073709551616",
    "340282366920938463463374607431768211456",
    "1e9",
    "1.5",
    "0x10",
    "NaN",
    "99999999999999999999999999999999999999999999999999999999999999999999999999999999",
    "10^6",
    "2^64",
    "9^99999",
    "99999999999999^99999",
    "",
    " ",
    "\t",
    "\n",
    "\r\n",
    "\0",
    "\u{1b}[2J",
    "\u{202e}",
    "é",
    "\u{10ffff}",
    "\u{feff}",
    "\"",
    "'",
    "`",
    "\\",
    ",",
    ":",
    ";",
    "=",
    "@",
    "#",
    "%",
    "%00",
    "%ff",
    "&",
    "|",
    "+",
    "-",
    "(",
    ")",
    "[",
    "]",
    "{",
    "}",
    "..",
    "->",
    "null",
    "true",
    "false",
    "[]",
    "{}",
];

/// Odd bytes and characters set into a position.
const ODD: &[&str] = &[
    "\0", "\n", "\r", "\t", "\u{7f}", "\u{80}", "\u{ff}", "\u{fffd}", "\u{2028}",
];

fn token<'a>(rng: &mut fastrand::Rng, tokens: &[&'a str]) -> &'a str {
    if !tokens.is_empty() && rng.bool() {
        tokens[rng.usize(..tokens.len())]
    } else {
        COMMON[rng.usize(..COMMON.len())]
    }
}

/// The byte ranges of the lines of `s` (each with its newline).
fn lines(s: &[u8]) -> Vec<(usize, usize)> {
    let mut out = Vec::new();
    let mut start = 0;
    for (i, &b) in s.iter().enumerate() {
        if b == b'\n' {
            out.push((start, i + 1));
            start = i + 1;
        }
    }
    if start < s.len() {
        out.push((start, s.len()));
    }
    out
}

/// One edit of `s` (`other`: another input of the pool, for splices).
fn edit(rng: &mut fastrand::Rng, s: &mut Vec<u8>, other: &[u8], tokens: &[&str], max_len: usize) {
    let at = rng.usize(..=s.len());
    match rng.u8(..14) {
        // a token inserted
        0 | 1 => {
            let t = token(rng, tokens).as_bytes().to_vec();
            s.splice(at..at, t);
        }
        // a range deleted
        2 => {
            let end = (at + rng.usize(1..17)).min(s.len());
            s.drain(at..end);
        }
        // the digit run at or after `at` replaced by a number or a token
        3 | 4 => {
            if let Some(st) = (at..s.len()).find(|&i| s[i].is_ascii_digit()) {
                let end = (st..s.len())
                    .find(|&i| !s[i].is_ascii_digit())
                    .unwrap_or(s.len());
                let t = if rng.bool() {
                    COMMON[rng.usize(..24)].as_bytes().to_vec()
                } else {
                    token(rng, tokens).as_bytes().to_vec()
                };
                s.splice(st..end, t);
            } else {
                let t = token(rng, tokens).as_bytes().to_vec();
                s.splice(at..at, t);
            }
        }
        // a chunk repeated (grows numbers, lists, nesting)
        5 => {
            let end = (at + rng.usize(1..33)).min(s.len());
            let chunk = s[at..end].to_vec();
            let times = if rng.u8(..8) == 0 {
                rng.usize(8..2000)
            } else {
                rng.usize(1..5)
            };
            let mut add = Vec::new();
            for _ in 0..times {
                if s.len() + add.len() + chunk.len() > max_len {
                    break;
                }
                add.extend_from_slice(&chunk);
            }
            s.splice(at..at, add);
        }
        // a byte set
        6 => {
            if at < s.len() {
                s[at] = if rng.bool() {
                    rng.u8(32..127)
                } else {
                    rng.u8(..)
                };
            }
        }
        // an odd character inserted
        7 => {
            let t = ODD[rng.usize(..ODD.len())].as_bytes().to_vec();
            s.splice(at..at, t);
        }
        // a splice of another input
        8 => {
            if !other.is_empty() {
                let a = rng.usize(..other.len());
                let b = (a + rng.usize(1..65)).min(other.len());
                let end = (at + rng.usize(..17)).min(s.len());
                s.splice(at..end, other[a..b].to_vec());
            }
        }
        // cut short
        9 => s.truncate(at),
        // two lines swapped, or a line dropped
        10 => {
            let ls = lines(s);
            if ls.len() >= 2 {
                let (i, j) = (rng.usize(..ls.len()), rng.usize(..ls.len()));
                let (a, b) = (ls[i.min(j)], ls[i.max(j)]);
                if rng.bool() && a != b {
                    let mut out = s[..a.0].to_vec();
                    out.extend_from_slice(&s[b.0..b.1]);
                    out.extend_from_slice(&s[a.1..b.0]);
                    out.extend_from_slice(&s[a.0..a.1]);
                    out.extend_from_slice(&s[b.1..]);
                    *s = out;
                } else {
                    s.drain(a.0..a.1);
                }
            }
        }
        // a line repeated
        11 => {
            let ls = lines(s);
            if !ls.is_empty() {
                let (a, b) = ls[rng.usize(..ls.len())];
                let line = s[a..b].to_vec();
                let times = if rng.u8(..4) == 0 {
                    rng.usize(2..3000)
                } else {
                    2
                };
                let mut add = Vec::new();
                for _ in 1..times {
                    if s.len() + add.len() + line.len() > max_len {
                        break;
                    }
                    add.extend_from_slice(&line);
                }
                s.splice(b..b, add);
            }
        }
        // a line of the other input inserted
        12 => {
            let ls = lines(other);
            if !ls.is_empty() {
                let (a, b) = ls[rng.usize(..ls.len())];
                let at = lines(s)
                    .get(rng.usize(..=lines(s).len()))
                    .map_or(s.len(), |l| l.0);
                s.splice(at..at, other[a..b].to_vec());
            }
        }
        // a random short text
        _ => {
            let n = rng.usize(1..12);
            let t: Vec<u8> = (0..n).map(|_| rng.u8(32..127)).collect();
            s.splice(at..at, t);
        }
    }
}

/// The next input: a parent of the pool, one to eight edits, at most `max_len`
/// bytes.
pub fn next_input(
    rng: &mut fastrand::Rng,
    pool: &[Vec<u8>],
    tokens: &[&str],
    max_len: usize,
) -> Vec<u8> {
    let mut s = pool[rng.usize(..pool.len())].clone();
    let other = &pool[rng.usize(..pool.len())];
    let n = 1 + rng.usize(..8).min(rng.usize(..8));
    for _ in 0..n {
        edit(rng, &mut s, other, tokens, max_len);
    }
    s.truncate(max_len);
    s
}
