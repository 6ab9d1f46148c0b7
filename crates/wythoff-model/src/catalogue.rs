//! The catalogue: every named game of docs/games.md, as data.
//!
//! Each entry gives the name (and aliases), the parameters with their ranges,
//! the source (paper, section, theorem), the paper's notation, the known result,
//! and a builder that turns parameter values into a [`Game`] of the one rule
//! model. Solvers never look at names: they only see the `Game` value.
//!
//! A game is written `name` or `name:key=value,key=value` (see [`parse_game`]).

use crate::error::RuleError;
use crate::rules::{BlockClass, Game, Memory, Relation, Rules};
use crate::sets::LengthSet;
use std::collections::BTreeMap;

/// The seeds (papers); full citations in docs/games.md, "Sources".
pub const SEED_000: &str =
    "Larsson, Restrictions of m-Wythoff Nim and p-complementary Beatty sequences (seed 000)";
pub const SEED_001: &str = "Khovanova & Niu, m-Modular Wythoff (seed 001)";
pub const SEED_002: &str = "Larsson, A generalized diagonal Wythoff Nim / Imitation Nim (seed 002)";
pub const SEED_003: &str = "Restrictions of (s,t)-Wythoff, parity and residue variants (seed 003)";
/// Blocking Wythoff Nim and terminal sets (not seeds; full citations in docs/games.md).
pub const LARSSON_2011: &str =
    "Larsson, Blocking Wythoff Nim, Electron. J. Combin. 18 (2011) #P120";
pub const RENARD_RIGO_2025: &str = "Renard & Rigo, Variants of Wythoff game with terminal positions or blocking maneuvers, arXiv:2512.11601 (2025)";

/// Kind of a parameter value.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ParamKind {
    /// An integer with the given inclusive minimum.
    Int { min: u64 },
    /// A length set (see [`LengthSet::parse`]).
    Set,
}

/// One parameter of a catalogue entry.
#[derive(Clone, Copy, Debug)]
pub struct Param {
    pub key: &'static str,
    pub kind: ParamKind,
    /// The default, when the parameter may be omitted.
    pub default: Option<&'static str>,
    pub meaning: &'static str,
}

const fn int(key: &'static str, min: u64, meaning: &'static str) -> Param {
    Param {
        key,
        kind: ParamKind::Int { min },
        default: None,
        meaning,
    }
}
const fn int_opt(
    key: &'static str,
    min: u64,
    default: &'static str,
    meaning: &'static str,
) -> Param {
    Param {
        key,
        kind: ParamKind::Int { min },
        default: Some(default),
        meaning,
    }
}
const fn set(key: &'static str, default: &'static str, meaning: &'static str) -> Param {
    Param {
        key,
        kind: ParamKind::Set,
        default: Some(default),
        meaning,
    }
}

/// Parameter values after parsing, checked against the entry's declarations.
#[derive(Clone, Debug, Default)]
pub struct Params {
    ints: BTreeMap<&'static str, u64>,
    sets: BTreeMap<&'static str, LengthSet>,
    /// `pass=1`: the game with one pass ([`PASS_KEY`]); no entry's oracle or
    /// sequence answers it.
    pass: bool,
}

/// The key every entry takes: `pass=1` gives the game one pass
/// ([`crate::rules::Rules::with_pass`]; docs/games.md, "A pass").
pub const PASS_KEY: &str = "pass";

impl Params {
    /// An integer parameter (present by construction).
    pub fn int(&self, key: &str) -> u64 {
        self.ints[key]
    }
    pub fn set(&self, key: &str) -> LengthSet {
        self.sets[key].clone()
    }
    /// A set parameter, if present (never panics).
    pub fn set_opt(&self, key: &str) -> Option<&LengthSet> {
        self.sets.get(key)
    }
    /// All integer parameters, in key order.
    pub fn ints(&self) -> &BTreeMap<&'static str, u64> {
        &self.ints
    }
    /// Was `pass=1` given?
    pub fn pass(&self) -> bool {
        self.pass
    }
}

/// A catalogue entry.
pub struct Entry {
    pub name: &'static str,
    pub aliases: &'static [&'static str],
    pub params: &'static [Param],
    /// Paper and place (section, theorem).
    pub source: &'static str,
    /// The paper's notation.
    pub notation: &'static str,
    /// The known result, in words.
    pub known: &'static str,
    /// Extra validation and construction of the game.
    pub build: fn(&Params) -> Result<Game, RuleError>,
}

fn nim_like() -> crate::rules::RulesBuilder {
    Rules::builder()
}

fn band(m: u64) -> Relation {
    if m == 1 {
        Relation::Diagonal
    } else {
        Relation::Band { m }
    }
}

fn single(b: crate::rules::RulesBuilder) -> Result<Game, RuleError> {
    Ok(Game::single(b.build()?))
}

fn shifted_rules(m: u64, p: u64, l: u64) -> Result<Rules, RuleError> {
    let mp = m
        .checked_mul(p)
        .ok_or_else(|| RuleError::Param("m*p overflows".into()))?;
    let b = nim_like().two_pile(LengthSet::all(), LengthSet::all(), band(mp));
    let b = if l == 0 {
        b
    } else {
        b.corner(m * l, m * (p - l))
    };
    b.build()
}

fn parity(name: &str) -> (LengthSet, LengthSet) {
    let p = |odd: bool| {
        if odd {
            LengthSet::odd()
        } else {
            LengthSet::even()
        }
    };
    match name {
        "odd-odd" => (p(true), p(true)),
        "even-even" => (p(false), p(false)),
        "odd-even" => (p(true), p(false)),
        _ => (p(false), p(true)),
    }
}

fn parity_game(name: &str, ps: &Params) -> Result<Game, RuleError> {
    let (a, b) = parity(name);
    single(Rules::builder().h(a.clone()).v(b.clone()).two_pile(
        a,
        b,
        Relation::Cone {
            s: ps.int("s"),
            t: ps.int("t"),
        },
    ))
}

/// The catalogue, in the order of docs/games.md.
pub static CATALOGUE: &[Entry] = &[
    Entry {
        name: "nim",
        aliases: &[],
        params: &[],
        source: "Bouton 1901 (classical)",
        notation: "Nim",
        known: "P iff x = y",
        build: |_| single(nim_like()),
    },
    Entry {
        name: "wythoff",
        aliases: &["wythoff-nim", "wn"],
        params: &[],
        source: "Wythoff 1907 (classical)",
        notation: "WN",
        known: "P = {(floor(n phi), floor(n phi^2))} and mirror images",
        build: |_| single(nim_like().two_pile(LengthSet::all(), LengthSet::all(), Relation::Diagonal)),
    },
    Entry {
        name: "m-wythoff",
        aliases: &["a-wythoff", "mwn"],
        params: &[int("m", 1, "two-pile moves with |k - l| < m")],
        source: "Fraenkel 1982; seed 000 section 1",
        notation: "mWN (a-Wythoff)",
        known: "a_n = mex{a_i, b_i : i < n}, b_n = a_n + m n; a_n = floor(n phi_m), phi_m = (2 - m + sqrt(m^2 + 4))/2",
        build: |ps| single(nim_like().two_pile(LengthSet::all(), LengthSet::all(), band(ps.int("m")))),
    },
    Entry {
        name: "st-wythoff",
        aliases: &["s-t-wythoff"],
        params: &[int("s", 1, "cone slope"), int("t", 1, "cone offset")],
        source: "Fraenkel; seed 003 section 1",
        notation: "(s,t)-Wythoff",
        known: "A_n = mex{A_i, B_i : i < n}, B_n = s A_n + t n",
        build: |ps| {
            single(nim_like().two_pile(
                LengthSet::all(),
                LengthSet::all(),
                Relation::Cone { s: ps.int("s"), t: ps.int("t") },
            ))
        },
    },
    Entry {
        name: "connell",
        aliases: &["wythoff-modulo-p"],
        params: &[int("p", 1, "one-pile lengths are multiples of p")],
        source: "Connell 1959; seed 000 section 1",
        notation: "WN^(p)",
        known: "P-positions are a Beatty-type pair (see seed 000, mWN^(p) with m = 1)",
        build: |ps| {
            single(
                nim_like()
                    .one_pile(LengthSet::multiples(ps.int("p"))?)
                    .two_pile(LengthSet::all(), LengthSet::all(), Relation::Diagonal),
            )
        },
    },
    Entry {
        name: "roob-blocking",
        aliases: &["mwn-blocking"],
        params: &[
            int("m", 1, "m-bishop moves |k - l| < m"),
            int("p", 1, "the previous player may block up to p-1 roob moves"),
            int_opt("l", 1, "m", "blockable class: one-pile moves of length >= l (Remark 5); default l = m"),
        ],
        source: "seed 000, Main Theorem 2.1 (i); Remark 5 for l",
        notation: "mWN^p (mWN^p_l)",
        known: "P = {a_i, b_i}, a_n = floor(n phi_{mp}/p), b_n = a_n + m n (Theorem 2.1 (i), for l = m)",
        build: |ps| {
            let (m, p) = (ps.int("m"), ps.int("p"));
            let l = ps.ints.get("l").copied().unwrap_or(m);
            single(
                nim_like()
                    .two_pile(LengthSet::all(), LengthSet::all(), band(m))
                    .blocking(BlockClass::OnePileAtLeast(l), p),
            )
        },
    },
    Entry {
        name: "modulo-rook",
        aliases: &["mwn-rook"],
        params: &[
            int("m", 1, "m-bishop moves |k - l| < m"),
            int("l", 0, "(l,p)-rook: one-pile lengths i p + j, 0 <= j <= l-1 (l = 0 and l = 1 both give multiples of p)"),
            int("p", 1, "(l,p)-rook modulus"),
        ],
        source: "seed 000, Main Theorem 2.1 (ii)",
        notation: "mWN^(l,p); mWN^(p) when l = 0",
        known: "P = {a_i, b_i} iff gcd(m,p) = 1 (l = 0, Theorem 2.1 (ii a)); for l = m, p multiple of m (ii b)",
        build: |ps| {
            let (m, l, p) = (ps.int("m"), ps.int("l"), ps.int("p"));
            if l > p {
                return Err(RuleError::Param(format!(
                    "modulo-rook: l={l} exceeds p={p}: allowed 0 <= l <= p"
                )));
            }
            let one = LengthSet::rook(l, p)?;
            let one = if m > 1 { one.union(&LengthSet::at_most(m - 1)?)? } else { one };
            single(nim_like().one_pile(one).two_pile(LengthSet::all(), LengthSet::all(), band(m)))
        },
    },
    Entry {
        name: "shifted",
        aliases: &["mxp-wn-l"],
        params: &[
            int("m", 1, "(mp)-Wythoff moves"),
            int("p", 1, "(mp)-Wythoff moves"),
            int("l", 0, "corner [0, m l) x [0, m (p - l)) removed; 0 <= l < p"),
        ],
        source: "seed 000, Main Theorem 2.1 (iii a)",
        notation: "m x p WN_l",
        known: "P = {(a_{ip+l}, b_{ip+l}) : i >= 0} u {(b_{ip-l}, a_{ip-l}) : i > 0}",
        build: |ps| {
            let (m, p, l) = (ps.int("m"), ps.int("p"), ps.int("l"));
            if l >= p {
                return Err(RuleError::Param(format!("shifted: l={l} must be below p={p}: allowed 0 <= l < p")));
            }
            Ok(Game::single(shifted_rules(m, p, l)?))
        },
    },
    Entry {
        name: "corner",
        aliases: &["mxp-wn-uv"],
        params: &[
            int("m", 1, "(mp)-Wythoff moves"),
            int("p", 1, "(mp)-Wythoff moves"),
            int("u", 0, "corner width: cells x < u, y < v removed"),
            int("v", 0, "corner height"),
        ],
        source: "seed 000, Remark 5",
        notation: "m x p WN_{u,v}",
        known: "generalisation of m x p WN_l (open)",
        build: |ps| {
            let mp = ps.int("m").checked_mul(ps.int("p")).ok_or_else(|| RuleError::Param("m*p overflows".into()))?;
            single(
                nim_like()
                    .two_pile(LengthSet::all(), LengthSet::all(), band(mp))
                    .corner(ps.int("u"), ps.int("v")),
            )
        },
    },
    Entry {
        name: "choose-shift",
        aliases: &["mxp-wn"],
        params: &[int("m", 1, "(mp)-Wythoff moves"), int("p", 1, "number of shifted variants l = 0..p-1")],
        source: "seed 000, Main Theorem 2.1 (iii b)",
        notation: "m x p WN",
        known: "P = {a_i, b_i} (P iff P in some shifted variant whose board holds the position)",
        build: |ps| {
            let (m, p) = (ps.int("m"), ps.int("p"));
            if p > 64 {
                return Err(RuleError::Param(format!("choose-shift: p={p} too large: allowed 1..=64")));
            }
            Game::choice((0..p).map(|l| shifted_rules(m, p, l)).collect::<Result<_, _>>()?)
        },
    },
    Entry {
        name: "modular",
        aliases: &["m-modular", "modular-wythoff"],
        params: &[int("m", 1, "two-pile moves with k = l (mod m)")],
        source: "seed 001, Theorem (P-positions) and Grundy tables",
        notation: "m-Modular Wythoff",
        known: "P = Wythoff P-positions with smaller pile < m; 2 floor(m/phi) + 1 of them",
        build: |ps| {
            single(nim_like().two_pile(LengthSet::all(), LengthSet::all(), Relation::Congruent { m: ps.int("m") }))
        },
    },
    Entry {
        name: "diagonal-blocking",
        aliases: &["pm-wythoff", "p-blocking-m-wythoff"],
        params: &[
            int("p", 1, "the previous player may block up to p-1 diagonal options"),
            int("m", 1, "m-Wythoff moves |k - l| < m"),
        ],
        source: "seed 002, Proposition 1 (Hegarty-Larsson)",
        notation: "(p,m)-Wythoff Nim",
        known: "a_n = mex{a_i, b_i : i < n}, b_n = a_n + floor(n/p) m",
        build: |ps| {
            single(
                nim_like()
                    .two_pile(LengthSet::all(), LengthSet::all(), band(ps.int("m")))
                    .blocking(BlockClass::Diagonal, ps.int("p")),
            )
        },
    },
    Entry {
        name: "imitation",
        aliases: &["imitation-nim"],
        params: &[
            int("p", 1, "no player may make p consecutive m-imitations"),
            int("m", 1, "imitation window: x <= y <= x + m - 1"),
        ],
        source: "seed 002, Theorem 1 and Corollary 1",
        notation: "(p,m)-Imitation Nim",
        known: "as a starting position, P iff P in (p,m)-Wythoff Nim (Corollary 1)",
        build: |ps| single(nim_like().memory(Memory::Imitation { p: ps.int("p"), m: ps.int("m") })),
    },
    Entry {
        name: "restricted",
        aliases: &["restricted-st"],
        params: &[
            int("s", 1, "cone slope"),
            int("t", 1, "cone offset"),
            set("h", "all", "S1: one-pile lengths on the first pile"),
            set("v", "all", "S2: one-pile lengths on the second pile"),
            set("d1", "all", "D1: first-pile lengths of extended diagonal moves"),
            set("d2", "all", "D2: second-pile lengths of extended diagonal moves"),
        ],
        source: "seed 003 section 1 (general restriction of (s,t)-Wythoff)",
        notation: "(S1,S2,D1,D2)-restricted (s,t)-Wythoff",
        known: "see the parity games; open problems 25-28 for residues mod K",
        build: |ps| {
            single(Rules::builder().h(ps.set("h")).v(ps.set("v")).two_pile(
                ps.set("d1"),
                ps.set("d2"),
                Relation::Cone { s: ps.int("s"), t: ps.int("t") },
            ))
        },
    },
    Entry {
        name: "odd-odd",
        aliases: &[],
        params: &[int("s", 1, "cone slope"), int("t", 1, "cone offset")],
        source: "seed 003, Theorems 7 (normal) and 9 (misère)",
        notation: "Odd-Odd (s,t)-Wythoff",
        known: "normal play: P = all (even, even)",
        build: |ps| parity_game("odd-odd", ps),
    },
    Entry {
        name: "even-even",
        aliases: &[],
        params: &[int("s", 1, "cone slope"), int("t", 1, "cone offset")],
        source: "seed 003, Theorems 13 (normal) and 14 (misère)",
        notation: "Even-Even (s,t)-Wythoff",
        known: "mex recurrence B_n = s A_n + (t + delta_t) n, pairs thickened to 2x2 blocks",
        build: |ps| parity_game("even-even", ps),
    },
    Entry {
        name: "odd-even",
        aliases: &[],
        params: &[int("s", 1, "cone slope"), int("t", 1, "cone offset")],
        source: "seed 003, Theorems 17, 19 (normal) and 18, 20 (misère)",
        notation: "Odd-Even (s,t)-Wythoff",
        known: "Theorem 17 (s = t = 1), Theorem 19 (s + t > 2)",
        build: |ps| parity_game("odd-even", ps),
    },
    Entry {
        name: "even-odd",
        aliases: &[],
        params: &[int("s", 1, "cone slope"), int("t", 1, "cone offset")],
        source: "seed 003, Corollaries 21, 23 (normal) and 22, 24 (misère)",
        notation: "Even-Odd (s,t)-Wythoff",
        known: "mirror image of Odd-Even",
        build: |ps| parity_game("even-odd", ps),
    },
    Entry {
        name: "blocking-wythoff",
        aliases: &["k-blocking-wythoff"],
        params: &[int("k", 1, "the previous player may block up to k-1 options of any kind (k = 1: Wythoff)")],
        source: "Larsson, Blocking Wythoff Nim, Electron. J. Combin. 18 (2011) #P120; Cook, Larsson & Neary, A cellular automaton for blocking queen games, AUTOMATA 2015; Renard & Rigo, arXiv:2512.11601 (2025)",
        notation: "k-Blocking Wythoff Nim",
        known: "P iff fewer than k options are P; k = 2, 3 solved (Larsson 2011; oracles here); 4 <= k <= 20: P-positions aggregate around rays (conjectures from computation)",
        build: |ps| {
            single(
                nim_like()
                    .two_pile(LengthSet::all(), LengthSet::all(), Relation::Diagonal)
                    .blocking(BlockClass::All, ps.int("k")),
            )
        },
    },
    Entry {
        name: "terminal-wythoff",
        aliases: &[],
        params: &[int("l", 0, "no move from a position with x + y <= l (l = 0: Wythoff)")],
        source: "Renard & Rigo, Variants of Wythoff game with terminal positions or blocking maneuvers, arXiv:2512.11601 (2025); Komaki, Miyadera & Murakami, arXiv:2605.01435 (2026)",
        notation: "Wythoff with terminal set x + y <= l",
        known: "Walnut proofs and recursive/morphic characterisations for fixed l (Renard & Rigo); the P-positions for every l by the Fibonacci sequence (Komaki, Miyadera & Murakami)",
        build: |ps| {
            single(
                nim_like()
                    .two_pile(LengthSet::all(), LengthSet::all(), Relation::Diagonal)
                    .terminal(ps.int("l")),
            )
        },
    },
    Entry {
        name: "gdwn",
        aliases: &[],
        params: &[
            int("p", 1, "the extra moves (p t, q t) and (q t, p t), t >= 1; p < q"),
            int("q", 2, "the extra moves' other factor; p < q, gcd(p, q) need not be 1"),
        ],
        source: "Larsson, A generalized diagonal Wythoff Nim, Integers 12 (2012) #G2",
        notation: "(p,q)-GDWN",
        known: "Wythoff's P-positions for some pairs (p, q); for (1, 2) not on two beams; a splitting classification conjectured (Larsson 2012); the split of (1,2)-GDWN proved (Larsson, J. Integer Seq. 17 (2014) 14.5.7). docs/gdwn.md",
        build: |ps| {
            let (p, q) = (ps.int("p"), ps.int("q"));
            if p >= q {
                return Err(RuleError::Param(format!(
                    "gdwn needs p < q (got p = {p}, q = {q}): the moves (p t, q t) and (q t, p t) are one family, written with the smaller factor first; p = q adds only diagonal moves, which Wythoff has"
                )));
            }
            single(nim_like().two_pile(
                LengthSet::all(),
                LengthSet::all(),
                Relation::Union(vec![Relation::Diagonal, Relation::Ratio { p, q }]),
            ))
        },
    },
];

/// Look an entry up by name or alias.
pub fn entry(name: &str) -> Option<&'static Entry> {
    CATALOGUE
        .iter()
        .find(|e| e.name == name || e.aliases.contains(&name))
}

/// All names, for error messages.
pub fn known_names() -> String {
    CATALOGUE
        .iter()
        .map(|e| e.name)
        .collect::<Vec<_>>()
        .join(", ")
}

/// A parsed game: the catalogue entry, its parameter values, and the game value.
#[derive(Clone, Debug)]
pub struct NamedGame {
    pub entry_name: &'static str,
    pub params: Params,
    pub game: Game,
    /// Canonical text `name:key=value,...` (defaults filled in).
    pub canonical: String,
}

/// Split `a=1,b=3:0+1,c=rook(1,3)` at commas outside parentheses.
fn split_top(text: &str) -> Vec<&str> {
    let mut out = Vec::new();
    let (mut depth, mut start) = (0i32, 0usize);
    for (i, c) in text.char_indices() {
        match c {
            '(' => depth += 1,
            ')' => depth -= 1,
            ',' if depth == 0 => {
                out.push(&text[start..i]);
                start = i + 1;
            }
            _ => {}
        }
    }
    out.push(&text[start..]);
    out
}

/// Parse `name` or `name:key=value,...` into a game of the catalogue.
pub fn parse_game(text: &str) -> Result<NamedGame, RuleError> {
    let text = text.trim();
    let (name, rest) = match text.split_once(':') {
        Some((n, r)) => (n, Some(r)),
        None => (text, None),
    };
    let e = entry(name).ok_or_else(|| RuleError::UnknownGame {
        name: name.to_string(),
        known: known_names(),
    })?;
    let allowed = || {
        format!(
            "allowed: {}",
            e.params
                .iter()
                .map(|p| p.key)
                .chain([PASS_KEY])
                .collect::<Vec<_>>()
                .join(", ")
        )
    };
    let mut given: BTreeMap<&str, &str> = BTreeMap::new();
    if let Some(rest) = rest {
        if rest.trim().is_empty() {
            return Err(RuleError::Param(format!(
                "`{text}`: empty parameter list after `:`; {}",
                allowed()
            )));
        }
        for kv in split_top(rest) {
            let (k, v) = kv.split_once('=').ok_or_else(|| {
                RuleError::Param(format!(
                    "`{kv}` in `{text}` is not key=value; {}",
                    allowed()
                ))
            })?;
            let (k, v) = (k.trim(), v.trim());
            if k == PASS_KEY {
                if given.contains_key(k) {
                    return Err(RuleError::Param(format!(
                        "{}: parameter `{k}` given twice",
                        e.name
                    )));
                }
                if v != "0" && v != "1" {
                    return Err(RuleError::Param(format!(
                        "{}: parameter `pass` must be 0 (no pass) or 1 (one pass), got `{}`",
                        e.name,
                        short(v)
                    )));
                }
                given.insert(k, v);
                continue;
            }
            if !e.params.iter().any(|p| p.key == k) {
                return Err(RuleError::Param(format!(
                    "{}: unknown parameter `{k}`; {}",
                    e.name,
                    allowed()
                )));
            }
            if given.insert(k, v).is_some() {
                return Err(RuleError::Param(format!(
                    "{}: parameter `{k}` given twice",
                    e.name
                )));
            }
        }
    }
    let mut params = Params::default();
    let mut canon = Vec::new();
    for p in e.params {
        let value = match (given.get(p.key), p.default) {
            (Some(v), _) => *v,
            (None, Some(_)) if p.kind == ParamKind::Set => p.default.unwrap_or("all"),
            (None, Some(_)) => continue, // optional integer with a derived default
            (None, None) => {
                return Err(RuleError::Param(format!(
                    "{}: missing parameter `{}` ({}); write e.g. `{}:{}`",
                    e.name,
                    p.key,
                    p.meaning,
                    e.name,
                    e.params
                        .iter()
                        .filter(|q| q.default.is_none())
                        .map(|q| format!("{}=2", q.key))
                        .collect::<Vec<_>>()
                        .join(",")
                )))
            }
        };
        match p.kind {
            ParamKind::Int { min } => {
                let n: u64 = match int_value(value) {
                    Some(n) => n,
                    None if is_big_int(value) => {
                        return Err(RuleError::Param(format!(
                            "{}: parameter `{}` = {} is out of range: catalogue parameters are at most {PARAM_MAX}",
                            e.name,
                            p.key,
                            short(value)
                        )))
                    }
                    None => {
                        return Err(RuleError::Param(format!(
                            "{}: parameter `{}` must be a whole number >= {min} (digits, or `B^E` such as `10^6`), got `{}`",
                            e.name,
                            p.key,
                            short(value)
                        )))
                    }
                };
                if n < min {
                    return Err(RuleError::Param(format!(
                        "{}: parameter `{}` = {n} is out of range: allowed {min} or more ({})",
                        e.name, p.key, p.meaning
                    )));
                }
                if n > PARAM_MAX {
                    return Err(RuleError::Param(format!(
                        "{}: parameter `{}` = {n} is out of range: catalogue parameters are at most {PARAM_MAX}",
                        e.name, p.key
                    )));
                }
                params.ints.insert(p.key, n);
                canon.push(format!("{}={n}", p.key));
            }
            ParamKind::Set => {
                let s = LengthSet::parse(value).map_err(|err| {
                    RuleError::Set(format!("{}: parameter `{}`: {err}", e.name, p.key))
                })?;
                canon.push(format!("{}={}", p.key, s.spec()));
                params.sets.insert(p.key, s);
            }
        }
    }
    let mut game = (e.build)(&params)?;
    if given.get(PASS_KEY) == Some(&"1") {
        game = game.with_pass()?;
        params.pass = true;
        canon.push(format!("{PASS_KEY}=1"));
    }
    let canonical = if canon.is_empty() {
        e.name.to_string()
    } else {
        format!("{}:{}", e.name, canon.join(","))
    };
    Ok(NamedGame {
        entry_name: e.name,
        params,
        game,
        canonical,
    })
}

/// Largest integer parameter of a catalogue game: the oracles list their
/// P-positions up to it and the board solvers build per-parameter tables.
pub const PARAM_MAX: u64 = 1_000_000;

/// An integer parameter: decimal digits, or `B^E` (both decimal), when it fits
/// a `u64`.
fn int_value(v: &str) -> Option<u64> {
    let digits = |s: &str| !s.is_empty() && s.bytes().all(|b| b.is_ascii_digit());
    match v.split_once('^') {
        None if digits(v) => v.parse().ok(),
        Some((b, e)) if digits(b) && digits(e) => {
            let b: u64 = b.parse().ok()?;
            let e: u32 = e.parse().ok()?;
            b.checked_pow(e)
        }
        _ => None,
    }
}

/// Is `v` a well-formed integer (digits or `B^E`) too large for a `u64`?
fn is_big_int(v: &str) -> bool {
    let digits = |s: &str| !s.is_empty() && s.bytes().all(|b| b.is_ascii_digit());
    match v.split_once('^') {
        None => digits(v),
        Some((b, e)) => digits(b) && digits(e),
    }
}

/// A parameter value echoed in a message: at most 32 characters, then its length.
fn short(v: &str) -> String {
    let n = v.chars().count();
    if n <= 32 {
        v.escape_default().to_string()
    } else {
        let head: String = v.chars().take(32).collect();
        format!("{}... ({n} chars)", head.escape_default())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parses_every_entry_with_params() {
        for e in CATALOGUE {
            let kv: Vec<String> = e
                .params
                .iter()
                .filter(|p| p.default.is_none())
                .map(|p| {
                    format!(
                        "{}={}",
                        p.key,
                        if let ParamKind::Int { min } = p.kind {
                            min
                        } else {
                            0
                        }
                    )
                })
                .collect();
            let text = if kv.is_empty() {
                e.name.to_string()
            } else {
                format!("{}:{}", e.name, kv.join(","))
            };
            parse_game(&text).unwrap_or_else(|err| panic!("{text}: {err}"));
        }
    }

    #[test]
    fn errors() {
        for bad in [
            "foo",
            "m-wythoff",
            "m-wythoff:m=0",
            "m-wythoff:m=x",
            "m-wythoff:q=1",
            "m-wythoff:m=1,m=2",
            "m-wythoff:",
            "shifted:m=1,p=2,l=2",
            "restricted:s=1,t=1,h=3:5",
            "wythoff:m=2",
        ] {
            assert!(parse_game(bad).is_err(), "{bad}");
        }
        let g = parse_game("restricted:s=1,t=2,h=3:0,v=3:0,d1=3:1,d2=3:2").unwrap();
        assert_eq!(g.canonical, "restricted:s=1,t=2,h=3:0,v=3:0,d1=3:1,d2=3:2");
    }
}
