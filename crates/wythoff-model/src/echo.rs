//! User text echoed in messages, one way for every front end: control and
//! invisible format characters escaped, long words cut with their length (a
//! 5,000-digit pile is echoed as its first 32 digits and its length). The CLI
//! prints [`error_line`]; Python's and the server's errors go through
//! [`tidy_message`].

/// Characters never printed raw: control characters (newlines, terminal
/// escapes) and the invisible format characters that reorder or hide text
/// (bidirectional overrides such as U+202E, zero-width spaces, BOM).
pub fn is_unsafe_char(c: char) -> bool {
    c.is_control()
        || matches!(c,
            '\u{200b}'..='\u{200f}'
            | '\u{2028}'..='\u{202e}'
            | '\u{2060}'..='\u{206f}'
            | '\u{feff}'
            | '\u{fff9}'..='\u{fffb}')
}

/// `text` with every [`is_unsafe_char`] written as `\u{..}` (`\n`, `\t`, ...).
pub fn escape_unsafe(text: &str) -> String {
    text.chars()
        .flat_map(|c| {
            if is_unsafe_char(c) {
                c.escape_default().collect::<Vec<_>>()
            } else {
                vec![c]
            }
        })
        .collect()
}

/// Echo user text in a message: control characters escaped, and text longer than
/// a few dozen characters cut, with its length (`` `abc…` (5000 chars) ``).
pub fn shorten(text: &str) -> String {
    const KEEP: usize = 32;
    let n = text.chars().count();
    let escaped = escape_unsafe;
    if n <= KEEP + 8 {
        format!("`{}`", escaped(text))
    } else {
        let head: String = text.chars().take(KEEP).collect();
        format!("`{}…` ({n} chars)", escaped(&head))
    }
}

/// Echo a path in a message: like [`shorten`], but a long path keeps its end (the
/// file name), `` `…/dir/name.toml` ``.
pub fn shorten_path(path: &str) -> String {
    const KEEP: usize = 32;
    let n = path.chars().count();
    if n <= KEEP + 8 {
        return shorten(path);
    }
    let tail: String = path.chars().skip(n - KEEP).collect();
    shorten(&format!("…{tail}"))
}

/// The most characters of a tidied message: user text whose backquotes pair
/// with the message's own (`` a`b`c ``, repeated) escapes the cut of each
/// word, so the whole is cut too, keeping its beginning (what is wrong) and
/// its end (what is allowed).
pub const MAX_MESSAGE: usize = 1000;

/// Make an error line safe to print: control characters escaped, and each quoted
/// (`` `...` ``) or unquoted word longer than a few dozen characters cut, with its
/// length; at most [`MAX_MESSAGE`] characters.
pub fn tidy_message(msg: &str) -> String {
    let out = tidy_parts(msg);
    let n = out.chars().count();
    if n <= MAX_MESSAGE {
        return out;
    }
    const END: usize = MAX_MESSAGE / 2;
    let head: String = out.chars().take(MAX_MESSAGE - END - 40).collect();
    let tail: String = out.chars().skip(n - END).collect();
    format!("{head} … ({n} chars) … {tail}")
}

fn tidy_parts(msg: &str) -> String {
    let mut out = String::new();
    let mut rest = msg;
    // quoted segments first
    while let Some(start) = rest.find('`') {
        let (before, after) = rest.split_at(start);
        out.push_str(&tidy_words(before));
        let after = &after[1..];
        match after.find('`') {
            Some(end) => {
                out.push_str(&shorten(&after[..end]));
                rest = &after[end + 1..];
            }
            None => {
                out.push('`');
                rest = after;
            }
        }
    }
    out.push_str(&tidy_words(rest));
    out
}

/// The one line an error is shown as: [`tidy_message`], first non-empty line.
pub fn error_line(msg: &str) -> String {
    let msg = tidy_message(msg);
    msg.lines()
        .map(str::trim)
        .find(|l| !l.is_empty())
        .unwrap_or("unknown error")
        .to_string()
}

fn tidy_words(s: &str) -> String {
    s.split(' ')
        .map(|w| {
            if w.chars().count() > 60 || w.chars().any(is_unsafe_char) {
                let t = shorten(w);
                t.trim_start_matches('`').replacen('`', "", 1)
            } else {
                w.to_string()
            }
        })
        .collect::<Vec<_>>()
        .join(" ")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn shortens_and_escapes() {
        assert_eq!(shorten("ab"), "`ab`");
        assert_eq!(shorten("a\u{1b}[2J"), "`a\\u{1b}[2J`");
        let long = "x".repeat(5000);
        assert_eq!(
            shorten(&long),
            format!("`{}…` (5000 chars)", "x".repeat(32))
        );
        let m = tidy_message(&format!("unknown game `{long}`; known: a, b"));
        assert_eq!(
            m,
            format!(
                "unknown game `{}…` (5000 chars); known: a, b",
                "x".repeat(32)
            )
        );
        assert_eq!(tidy_message("bell \u{7} here"), "bell \\u{7} here");
        assert_eq!(escape_unsafe("a\nb\u{202e}c"), "a\\nb\\u{202e}c");
        assert_eq!(escape_unsafe("misère, φ"), "misère, φ");
        assert!(tidy_message(&"y".repeat(100)).len() < 60);
        let p = format!("/{}/mygame.toml", "d".repeat(80));
        assert_eq!(
            shorten_path(&p),
            format!("`…{}/mygame.toml`", "d".repeat(20))
        );
        assert_eq!(tidy_message(&shorten_path(&p)), shorten_path(&p));
    }

    /// Found by the fuzz harness (`sets`, `sweep_spec`, `game`, `rules`,
    /// `table`): user text full of backquotes pairs with the message's own, so
    /// no word is long and none was cut: refusals of 10-60 thousand
    /// characters. Cut as a whole now, its beginning and end kept.
    #[test]
    fn a_message_of_user_text_with_backquotes_is_cut_as_a_whole() {
        let user = "s`t-".repeat(3000);
        let m = tidy_message(&format!("unknown game `{user}`; known games: nim, wythoff"));
        assert!(
            m.chars().count() <= MAX_MESSAGE,
            "{} chars",
            m.chars().count()
        );
        assert!(m.starts_with("unknown game `s`"), "{m}");
        assert!(m.ends_with("; known games: nim, wythoff"), "{m}");
        assert!(
            m.contains("(12033 chars)") || m.contains(" chars) … "),
            "{m}"
        );
        assert_eq!(error_line(&m), m);
        // a message of ordinary length is as it was
        let ok = format!("unknown game `{}`; known: a", "s`t-".repeat(3));
        assert_eq!(tidy_message(&ok), tidy_parts(&ok));
    }
}
