//! Fuzzing of every library parser (issue 13): structure-aware mutations of valid
//! inputs plus raw text. The property: a parser returns `Ok` or `Err`, never
//! panics, and an error says something in one line. What parses is also checked to be usable
//! (a small board solves without panicking).
//!
//! Bounded for CI (`FUZZ_CASES`, default 200 per property); run longer locally with
//! `WYTHOFF_FUZZ_CASES=20000 cargo test -p wythoff --test fuzz_parsers`.

use proptest::prelude::*;
use wythoff::catalogue::parse_game;
use wythoff::custom::parse_rules_file;
use wythoff::rules::Relation;
use wythoff::sets::LengthSet;
use wythoff::{solve, table_check};

fn cases() -> u32 {
    std::env::var("WYTHOFF_FUZZ_CASES")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(200)
}

/// Boundary numbers and tokens that mutations splice in.
const TOKENS: &[&str] = &[
    "0",
    "1",
    "2",
    "64",
    "65",
    "1000000",
    "1000001",
    "1048576",
    "4294967296",
    "18446744073709551615",
    "18446744073709551616",
    "1000000000000000000000000000000",
    "-1",
    "+1",
    " ",
    "",
    ":",
    ",",
    "=",
    "|",
    "&",
    "+",
    "(",
    ")",
    "rook(",
    "max",
    "min",
    "\"",
    "\n",
    "[",
    "]",
    "\u{0}",
    "\u{1b}",
    "é",
    "\u{10ffff}",
];

const GAME_SEEDS: &[&str] = &[
    "wythoff",
    "nim",
    "m-wythoff:m=2",
    "st-wythoff:s=2,t=3",
    "connell:p=3",
    "roob-blocking:m=2,p=3,l=1",
    "modulo-rook:m=2,l=2,p=4",
    "shifted:m=1,p=3,l=1",
    "corner:m=1,p=2,u=2,v=3",
    "choose-shift:m=1,p=3",
    "modular:m=5",
    "diagonal-blocking:p=2,m=1",
    "imitation:p=2,m=1",
    "restricted:s=1,t=2,h=3:0,v=3:0,d1=3:1,d2=3:2",
    "restricted:s=1,t=1,d1=rook(18446744073709551615,3)",
    "odd-odd:s=2,t=1",
    "even-odd:s=1,t=2",
];

const SET_SEEDS: &[&str] = &[
    "all",
    "none",
    "odd",
    "even",
    "3:1+2",
    "max5",
    "min3",
    "rook(2,3)",
    "rook(0,3)|max1",
    "odd&min4",
    "64:63",
    "max1048576",
];

const RULES_SEEDS: &[&str] = &[
    "name = \"g\"\nh = \"odd\"\nv = \"3:0+1\"\nmisere = false\n[two-pile]\nd1 = \"all\"\nd2 = \"all\"\nrelation = \"band:2\"\n[blocking]\nclass = \"one-pile\"\nmin = 2\np = 3\n[corner]\nu = 2\nv = 3\n",
    "[two-pile]\nrelation = \"cone:2:3\"\n",
    "[two-pile]\nrelation = \"congruent:18446744073709551615\"\n",
    "[two-pile]\nrelation = \"band:2\"\n[[variant]]\n[[variant]]\ncorner = { u = 1, v = 1 }\n",
    "[blocking]\nclass = \"diagonal\"\np = 2\n[two-pile]\nrelation = \"diagonal\"\n",
];

const TABLE_SEEDS: &[&str] = &[
    "0,0\n1,2\n3,5\n",
    "(0, 0)\n(1, 2)\n# comment\n(3, 5)\n",
    "4,7\n6,10\n",
];

/// One mutation: (kind, position, token index, length).
type Op = (u8, usize, usize, usize);

fn mutate(seed: &str, ops: &[Op]) -> String {
    let mut s: Vec<char> = seed.chars().collect();
    for &(kind, pos, tok, len) in ops {
        let at = if s.is_empty() { 0 } else { pos % (s.len() + 1) };
        let token: Vec<char> = TOKENS[tok % TOKENS.len()].chars().collect();
        match kind % 5 {
            0 => {
                s.splice(at..at, token);
            }
            1 => {
                let end = (at + len % 8).min(s.len());
                s.drain(at..end);
            }
            2 => {
                // replace the digit run at or after `at` by the token
                let start = (at..s.len()).find(|&i| s[i].is_ascii_digit());
                if let Some(st) = start {
                    let end = (st..s.len())
                        .find(|&i| !s[i].is_ascii_digit())
                        .unwrap_or(s.len());
                    s.splice(st..end, token);
                }
            }
            3 => {
                // duplicate a slice
                let end = (at + len % 16).min(s.len());
                let dup: Vec<char> = s[at..end].to_vec();
                s.splice(at..at, dup);
            }
            _ => {
                if at < s.len() {
                    s[at] = char::from_u32((len % 128) as u32).unwrap_or('?');
                }
            }
        }
    }
    s.into_iter().collect()
}

fn ops() -> impl Strategy<Value = Vec<Op>> {
    prop::collection::vec(
        (any::<u8>(), any::<usize>(), any::<usize>(), any::<usize>()),
        0..5,
    )
}

/// An error says something, in one line of its own (a line break can come only
/// from echoed input, which the binary escapes: see `tests/fuzz_cli.rs` there).
fn one_line(e: &impl std::fmt::Display, input: &str) -> Result<(), TestCaseError> {
    let t = e.to_string();
    prop_assert!(!t.is_empty());
    prop_assert!(
        !t.contains('\n') || input.contains('\n'),
        "error not one line: {t:?}"
    );
    Ok(())
}

proptest! {
    #![proptest_config(ProptestConfig { cases: cases(), failure_persistence: None, ..ProptestConfig::default() })]

    #[test]
    fn game_specs(i in 0..GAME_SEEDS.len(), ops in ops(), raw in ".{0,40}") {
        for text in [mutate(GAME_SEEDS[i], &ops), raw.clone()] {
            match parse_game(&text) {
                Ok(g) => {
                    // a parsed game solves a tiny board (or refuses) without panicking
                    let _ = solve::outcomes(&g.game, 6);
                    let _ = wythoff::explain::analyse(&g.game, 3, 2);
                }
                Err(e) => one_line(&e, &text)?,
            }
        }
    }

    #[test]
    fn length_sets(i in 0..SET_SEEDS.len(), j in 0..SET_SEEDS.len(), ops in ops(), raw in ".{0,30}") {
        let joined = format!("{}|{}", SET_SEEDS[i], SET_SEEDS[j]);
        for text in [mutate(SET_SEEDS[i], &ops), mutate(&joined, &ops), raw.clone()] {
            match LengthSet::parse(&text) {
                Ok(s) => {
                    let _ = s.members_up_to(70);
                }
                Err(e) => one_line(&e, &text)?,
            }
            if let Err(e) = Relation::parse(&text) {
                one_line(&e, &text)?;
            }
        }
    }

    #[test]
    fn rules_files(i in 0..RULES_SEEDS.len(), ops in ops(), raw in "(.|\n){0,80}") {
        for text in [mutate(RULES_SEEDS[i], &ops), raw.clone()] {
            match parse_rules_file(&text) {
                Ok((_, g)) => {
                    let _ = solve::outcomes(&g, 6);
                }
                Err(e) => one_line(&e, &text)?,
            }
        }
    }

    #[test]
    fn table_files(i in 0..TABLE_SEEDS.len(), ops in ops(), raw in "(.|\n){0,60}") {
        for text in [mutate(TABLE_SEEDS[i], &ops), raw.clone()] {
            match table_check::parse_list(&text) {
                Ok(list) => {
                    let g = parse_game("wythoff").unwrap().game;
                    let _ = table_check::check(&g, "wythoff", None, &list);
                }
                Err(e) => one_line(&e, &text)?,
            }
        }
    }
}
