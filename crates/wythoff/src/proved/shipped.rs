//! The proved automata the library ships: every `docs/proofs/GAME/CONV` folder
//! whose proof starts from a P-set automaton (`Automata Library/pset.txt`),
//! embedded as text (the folders written by `wythoff prove --emit` and
//! `scripts/proofs.py`, each re-run in Walnut by
//! `crates/wythoff-cli/tests/cli_oracles.rs`). Proofs through the graphs of
//! `n -> a_n`, `n -> b_n` (`pa.txt`, `pb.txt`) are not shipped: membership there
//! needs an existential quantifier over `n`.
//!
//! Written by a script from the folders' first comment lines; a unit test checks
//! that each folder's comment names the game and convention of its row.

/// One shipped proof folder: the game's text, misère play, the folder under
/// `docs/proofs`, and its input files (path relative to the folder, text).
pub struct Shipped {
    pub game: &'static str,
    pub misere: bool,
    pub folder: &'static str,
    pub files: &'static [(&'static str, &'static str)],
}

macro_rules! folder {
    ($game:literal, $misere:literal, $dir:literal $(, $cb:literal)*) => {
        Shipped {
            game: $game,
            misere: $misere,
            folder: $dir,
            files: &[
                ("Automata Library/pset.txt", include_str!(concat!("../../../../docs/proofs/", $dir, "/Automata Library/pset.txt"))),
                ("Command Files/prove.txt", include_str!(concat!("../../../../docs/proofs/", $dir, "/Command Files/prove.txt"))),
                $((concat!("Custom Bases/", $cb), include_str!(concat!("../../../../docs/proofs/", $dir, "/Custom Bases/", $cb))),)*
            ],
        }
    };
}

/// Every shipped proof.
pub static SHIPPED: &[Shipped] = &[
    folder!("blocking-wythoff:k=2", false, "blocking-wythoff-k-2/normal"),
    folder!("blocking-wythoff:k=2", true, "blocking-wythoff-k-2/misere"),
    folder!("blocking-wythoff:k=3", false, "blocking-wythoff-k-3/normal"),
    folder!("blocking-wythoff:k=3", true, "blocking-wythoff-k-3/misere"),
    folder!("blocking-wythoff:k=4", false, "blocking-wythoff-k-4/normal"),
    folder!("blocking-wythoff:k=4", true, "blocking-wythoff-k-4/misere"),
    folder!(
        "blocking-wythoff:k=14",
        false,
        "blocking-wythoff-k-14/normal"
    ),
    folder!(
        "blocking-wythoff:k=14",
        true,
        "blocking-wythoff-k-14/misere"
    ),
    folder!("connell:p=2", false, "connell-p-2/normal"),
    folder!("connell:p=2", true, "connell-p-2/misere"),
    folder!("connell:p=3", false, "connell-p-3/normal"),
    folder!("connell:p=3", true, "connell-p-3/misere"),
    folder!(
        "corner:m=1,p=1,u=1,v=2",
        false,
        "corner-m-1-p-1-u-1-v-2/normal"
    ),
    folder!(
        "corner:m=1,p=1,u=1,v=2",
        true,
        "corner-m-1-p-1-u-1-v-2/misere"
    ),
    folder!("even-even:s=1,t=1", false, "even-even-s-1-t-1/normal"),
    folder!("even-even:s=1,t=1", true, "even-even-s-1-t-1/misere"),
    folder!("even-odd:s=1,t=1", false, "even-odd-s-1-t-1/normal"),
    folder!("even-odd:s=1,t=1", true, "even-odd-s-1-t-1/misere"),
    folder!("m-wythoff:m=2", false, "m-wythoff-m-2/normal"),
    folder!("m-wythoff:m=2", true, "m-wythoff-m-2/misere"),
    folder!("m-wythoff:m=3", false, "m-wythoff-m-3/normal"),
    folder!("m-wythoff:m=3", true, "m-wythoff-m-3/misere"),
    folder!("modular:m=5", false, "modular-m-5/normal"),
    folder!("modular:m=5", true, "modular-m-5/misere"),
    folder!(
        "modulo-rook:m=1,l=0,p=2",
        false,
        "modulo-rook-m-1-l-0-p-2/normal"
    ),
    folder!(
        "modulo-rook:m=1,l=0,p=2",
        true,
        "modulo-rook-m-1-l-0-p-2/misere"
    ),
    folder!("nim", false, "nim/normal"),
    folder!("nim", true, "nim/misere"),
    folder!("odd-even:s=1,t=1", false, "odd-even-s-1-t-1/normal"),
    folder!("odd-even:s=1,t=1", true, "odd-even-s-1-t-1/misere"),
    folder!("odd-odd:s=1,t=1", false, "odd-odd-s-1-t-1/normal"),
    folder!("odd-odd:s=1,t=1", true, "odd-odd-s-1-t-1/misere"),
    folder!("odd-odd:s=2,t=1", false, "odd-odd-s-2-t-1/normal"),
    folder!("odd-odd:s=2,t=1", true, "odd-odd-s-2-t-1/misere"),
    folder!(
        "restricted:s=1,t=1,h=3:0,v=3:0,d1=3:0,d2=3:0",
        false,
        "restricted-s-1-t-1-h-3-0-v-3-0-d1-3-0-d2-3-0/normal"
    ),
    folder!(
        "restricted:s=1,t=1,h=3:0,v=3:0,d1=3:0,d2=3:0",
        true,
        "restricted-s-1-t-1-h-3-0-v-3-0-d1-3-0-d2-3-0/misere"
    ),
    folder!(
        "restricted:s=1,t=1,h=3:1,v=3:0,d1=3:1,d2=3:0",
        false,
        "restricted-s-1-t-1-h-3-1-d1-3-1-v-3-0-d2-3-0/normal"
    ),
    folder!(
        "restricted:s=1,t=1,h=3:1,v=3:0,d1=3:1,d2=3:0",
        true,
        "restricted-s-1-t-1-h-3-1-d1-3-1-v-3-0-d2-3-0/misere"
    ),
    folder!(
        "restricted:s=1,t=1,h=3:1,v=3:1,d1=3:1,d2=3:1",
        false,
        "restricted-s-1-t-1-h-3-1-v-3-1-d1-3-1-d2-3-1/normal"
    ),
    folder!(
        "restricted:s=1,t=1,h=3:1,v=3:1,d1=3:1,d2=3:1",
        true,
        "restricted-s-1-t-1-h-3-1-v-3-1-d1-3-1-d2-3-1/misere"
    ),
    folder!(
        "restricted:s=1,t=1,h=4:0,v=4:0,d1=4:0,d2=4:0",
        false,
        "restricted-s-1-t-1-h-4-0-v-4-0-d1-4-0-d2-4-0/normal"
    ),
    folder!(
        "restricted:s=1,t=1,h=4:1,v=4:0,d1=4:1,d2=4:0",
        false,
        "restricted-s-1-t-1-h-4-1-d1-4-1-v-4-0-d2-4-0/normal"
    ),
    folder!(
        "restricted:s=1,t=1,h=4:1,v=4:0,d1=4:1,d2=4:0",
        true,
        "restricted-s-1-t-1-h-4-1-d1-4-1-v-4-0-d2-4-0/misere"
    ),
    folder!(
        "restricted:s=1,t=1,h=4:1,v=4:1,d1=4:1,d2=4:1",
        false,
        "restricted-s-1-t-1-h-4-1-v-4-1-d1-4-1-d2-4-1/normal"
    ),
    folder!(
        "restricted:s=1,t=1,h=4:1,v=4:1,d1=4:1,d2=4:1",
        true,
        "restricted-s-1-t-1-h-4-1-v-4-1-d1-4-1-d2-4-1/misere"
    ),
    folder!(
        "roob-blocking:m=1,p=2",
        false,
        "roob-blocking-m-1-p-2/normal"
    ),
    folder!(
        "roob-blocking:m=1,p=2",
        true,
        "roob-blocking-m-1-p-2/misere"
    ),
    folder!("shifted:m=1,p=2,l=1", false, "shifted-m-1-p-2-l-1/normal"),
    folder!("shifted:m=1,p=2,l=1", true, "shifted-m-1-p-2-l-1/misere"),
    folder!(
        "st-wythoff:s=2,t=1",
        false,
        "st-wythoff-s-2-t-1/normal",
        "msd_fs2t1.txt",
        "msd_fs2t1_addition.txt"
    ),
    folder!(
        "st-wythoff:s=2,t=1",
        true,
        "st-wythoff-s-2-t-1/misere",
        "msd_fs2t1.txt",
        "msd_fs2t1_addition.txt"
    ),
    folder!(
        "st-wythoff:s=3,t=1",
        false,
        "st-wythoff-s-3-t-1/normal",
        "msd_fs3t1.txt",
        "msd_fs3t1_addition.txt"
    ),
    folder!("terminal-wythoff:l=1", false, "terminal-wythoff-l-1/normal"),
    folder!("terminal-wythoff:l=1", true, "terminal-wythoff-l-1/misere"),
    folder!("terminal-wythoff:l=2", false, "terminal-wythoff-l-2/normal"),
    folder!("terminal-wythoff:l=2", true, "terminal-wythoff-l-2/misere"),
    folder!("terminal-wythoff:l=3", false, "terminal-wythoff-l-3/normal"),
    folder!("terminal-wythoff:l=3", true, "terminal-wythoff-l-3/misere"),
    folder!("terminal-wythoff:l=4", false, "terminal-wythoff-l-4/normal"),
    folder!("terminal-wythoff:l=4", true, "terminal-wythoff-l-4/misere"),
    folder!("terminal-wythoff:l=5", true, "terminal-wythoff-l-5/misere"),
    folder!("terminal-wythoff:l=6", false, "terminal-wythoff-l-6/normal"),
    folder!("terminal-wythoff:l=6", true, "terminal-wythoff-l-6/misere"),
    folder!("wythoff", false, "wythoff/normal"),
    folder!("wythoff", true, "wythoff/misere"),
];
