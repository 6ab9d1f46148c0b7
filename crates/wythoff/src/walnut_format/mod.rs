//! Walnut's automaton format, one leaf that `prove` (which writes Walnut's
//! inputs and reads its automata back) and `proved` (which reads the shipped
//! automata) both import: the automaton files ([`automaton::WalnutAutomaton`]),
//! the number systems and their Walnut names ([`numeration`]), the P-set
//! automaton's name ([`AUTOMATON`]), the Grundy relation's and its levels'
//! ([`RELATION`], [`level_name`]) and comments in a command file
//! ([`comment`]). It imports neither `prove` nor `proved`.

pub mod automaton;
pub mod numeration;

/// The P-set automaton's name (`Automata Library/pset.txt`; inputs x then y):
/// the file `prove` writes and reads back, the name its statements use.
pub const AUTOMATON: &str = "pset";

/// The relation's automaton (`Automata Library/grundy.txt`, inputs x, y, z).
pub const RELATION: &str = "grundy";

/// The automaton name of level `k` (`Automata Library/levK.txt`).
pub fn level_name(k: u32) -> String {
    format!("lev{k}")
}

/// The rejecting sink of an automaton's transition table.
pub(crate) const DEAD: u32 = u32::MAX;

/// `d` (digits, most significant first) padded with leading zeros to `len`.
pub(crate) fn pad(d: &mut Vec<u32>, len: usize) {
    while d.len() < len {
        d.insert(0, 0);
    }
}

/// A comment in a Walnut command file. Walnut 6.2 has no comment syntax (a
/// `#` line is "Invalid command."), so a comment is a harmless command that
/// Walnut echoes: `macro comment "TEXT";` (it only writes `Macro
/// Library/comment.txt`). Walnut cuts a command at its first `;` or `:`, and a
/// macro's text ends at `"`: those become `,`, ` ` and `'`.
pub fn comment(text: &str) -> String {
    let t: String = text
        .chars()
        .map(|c| match c {
            ';' => ',',
            ':' => ' ',
            '"' => '\'',
            '\n' | '\r' => ' ',
            c => c,
        })
        .collect();
    format!("macro comment \"{t}\";\n")
}
