//! The one rule model. Every game of docs/games.md is a value of [`Game`].
//!
//! A [`Rules`] value states the one-pile length sets of each pile, the two-pile
//! moves (per-pile length sets and a relation between the two lengths), an
//! optional blocking manoeuvre (class and count), an optional removed corner, an
//! optional memory rule and the play convention. A [`Game`] is one `Rules`, or a
//! choice among several made by the second player before play (seed 000's
//! `m x p WN`). Values are valid by construction: [`RulesBuilder::build`] refuses
//! invalid parameters.

use crate::error::RuleError;
use crate::sets::LengthSet;
use serde::{Deserialize, Serialize};
use std::fmt;

/// Normal play (last mover wins) or misère play (last mover loses).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize, Default)]
pub enum Convention {
    #[default]
    Normal,
    Misere,
}

impl fmt::Display for Convention {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Convention::Normal => "normal play",
            Convention::Misere => "misère play",
        })
    }
}

/// The relation a two-pile move `(k, l)`, `k, l >= 1`, must satisfy.
///
/// Not `Copy` (a union holds its parts); a value inside a [`Rules`] is in
/// canonical form ([`Relation::canonical`]): ratios with `p < q`, unions flat,
/// without repeats, in one order, of at least two parts.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Relation {
    /// `k = l` (Wythoff).
    Diagonal,
    /// `|k - l| < m` (m-Wythoff, Fraenkel 1982). `m >= 1`.
    Band { m: u64 },
    /// `|l - k| < (s - 1) min(k, l) + t` ((s,t)-Wythoff; seed 003 section 1). `s, t >= 1`.
    Cone { s: u64, t: u64 },
    /// `k = l (mod m)` (m-Modular Wythoff, seed 001). `m >= 1`.
    Congruent { m: u64 },
    /// `(k, l) = (p t, q t)` or `(q t, p t)` for some `t >= 1`: the moves along
    /// one fixed ratio (Larsson, A generalized diagonal Wythoff Nim, 2012).
    /// `1 <= p`, `p != q`; canonical with `p < q`. Not coprime is allowed:
    /// with `g = gcd(p, q)` these are the moves of `(p/g, q/g)` whose `t` is a
    /// multiple of `g`.
    Ratio { p: u64, q: u64 },
    /// A move of any of the parts (at least two, none a union).
    Union(Vec<Relation>),
}

impl Relation {
    /// Does the two-pile move `(k, l)` (both `>= 1`) satisfy the relation?
    #[inline]
    pub fn allows(&self, k: u64, l: u64) -> bool {
        let diff = k.abs_diff(l);
        match self {
            Relation::Diagonal => diff == 0,
            Relation::Band { m } => diff < *m,
            Relation::Cone { s, t } => {
                (diff as u128) < (*s as u128 - 1) * (k.min(l) as u128) + *t as u128
            }
            Relation::Congruent { m } => diff.is_multiple_of(*m),
            Relation::Ratio { p, q } => ratio_allows(*p, *q, k, l),
            Relation::Union(parts) => parts.iter().any(|r| r.allows(k, l)),
        }
    }
    /// The relation as a band of diagonals `|l - k| < width`, when it is one.
    pub fn band_width(&self) -> Option<u64> {
        match *self {
            Relation::Diagonal => Some(1),
            Relation::Band { m } => Some(m),
            Relation::Cone { s: 1, t } => Some(t),
            Relation::Cone { .. }
            | Relation::Congruent { .. }
            | Relation::Ratio { .. }
            | Relation::Union(_) => None,
        }
    }
    /// The parts of a union, or the relation itself.
    pub fn parts(&self) -> &[Relation] {
        match self {
            Relation::Union(parts) => parts,
            r => std::slice::from_ref(r),
        }
    }
    fn validate(&self) -> Result<(), RuleError> {
        let zero = |what: &str| Err(RuleError::Param(format!("{what} must be at least 1")));
        match self {
            Relation::Band { m: 0 } => zero("band width m"),
            Relation::Cone { s: 0, .. } => zero("cone parameter s"),
            Relation::Cone { t: 0, .. } => zero("cone parameter t"),
            Relation::Congruent { m: 0 } => zero("modulus m"),
            Relation::Ratio { p: 0, .. } | Relation::Ratio { q: 0, .. } => {
                zero("ratio parameters p and q")
            }
            Relation::Ratio { p, q } if p == q => Err(RuleError::Param(format!(
                "ratio:{p}:{q}: p and q must differ (the moves (p t, p t) lie on the diagonal; \
                 write `diagonal`, or `congruent:M` for other diagonal families)"
            ))),
            Relation::Union(parts) => {
                if parts.is_empty() {
                    return Err(RuleError::Param("a union of relations needs a part".into()));
                }
                parts.iter().try_for_each(|r| r.validate())
            }
            Relation::Diagonal
            | Relation::Band { .. }
            | Relation::Cone { .. }
            | Relation::Congruent { .. }
            | Relation::Ratio { .. } => Ok(()),
        }
    }
    /// The canonical form (validated): a ratio with `p < q`; a union
    /// flattened, without repeated parts, ordered, and a union of one part is
    /// that part. Two relations with the same canonical form are written the
    /// same way in every key.
    pub fn canonical(&self) -> Result<Relation, RuleError> {
        self.validate()?;
        Ok(match self {
            Relation::Ratio { p, q } => Relation::Ratio {
                p: *p.min(q),
                q: *p.max(q),
            },
            Relation::Union(parts) => {
                let mut flat: Vec<Relation> = Vec::new();
                for r in parts {
                    for part in r.canonical()?.parts() {
                        if !flat.contains(part) {
                            flat.push(part.clone());
                        }
                    }
                }
                flat.sort_by_key(|r| r.to_string());
                if flat.len() == 1 {
                    flat.pop().expect("one part")
                } else {
                    Relation::Union(flat)
                }
            }
            r => r.clone(),
        })
    }
    /// Parse `diagonal`, `band:M`, `cone:S:T`, `congruent:M`, `ratio:P:Q`, or a
    /// union of these joined by `+` (`diagonal + ratio:1:2`).
    pub fn parse(text: &str) -> Result<Self, RuleError> {
        let bad = || {
            RuleError::Param(format!(
                "malformed relation `{text}`: allowed diagonal, band:M, cone:S:T, congruent:M, \
                 ratio:P:Q, or a union of them joined by `+`"
            ))
        };
        if text.contains('+') {
            let parts = text
                .split('+')
                .map(|part| {
                    if part.trim().is_empty() {
                        Err(bad())
                    } else {
                        Relation::parse(part)
                    }
                })
                .collect::<Result<Vec<_>, _>>()?;
            return Relation::Union(parts).canonical();
        }
        let parts: Vec<&str> = text.trim().split(':').collect();
        let num = |s: &str| s.parse::<u64>().map_err(|_| bad());
        let r = match parts.as_slice() {
            ["diagonal"] => Relation::Diagonal,
            ["band", m] => Relation::Band { m: num(m)? },
            ["cone", s, t] => Relation::Cone {
                s: num(s)?,
                t: num(t)?,
            },
            ["congruent", m] => Relation::Congruent { m: num(m)? },
            ["ratio", p, q] => Relation::Ratio {
                p: num(p)?,
                q: num(q)?,
            },
            _ => return Err(bad()),
        };
        r.canonical()
    }
    /// The text [`Relation::parse`] reads back.
    pub fn spec(&self) -> String {
        match self {
            Relation::Diagonal => "diagonal".into(),
            Relation::Band { m } => format!("band:{m}"),
            Relation::Cone { s, t } => format!("cone:{s}:{t}"),
            Relation::Congruent { m } => format!("congruent:{m}"),
            Relation::Ratio { p, q } => format!("ratio:{p}:{q}"),
            Relation::Union(parts) => parts
                .iter()
                .map(|r| r.spec())
                .collect::<Vec<_>>()
                .join(" + "),
        }
    }
}

/// `(k, l)` is `(p t, q t)` or `(q t, p t)` for some `t >= 1` (no overflow: by
/// division).
#[inline]
fn ratio_allows(p: u64, q: u64, k: u64, l: u64) -> bool {
    let along = |a: u64, b: u64, p: u64, q: u64| {
        a.is_multiple_of(p) && b.is_multiple_of(q) && a / p == b / q
    };
    k >= 1 && (along(k, l, p, q) || along(k, l, q, p))
}

impl fmt::Display for Relation {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Relation::Diagonal => write!(f, "k = l"),
            Relation::Band { m } => write!(f, "|k - l| < {m}"),
            Relation::Cone { s, t } => write!(f, "|l - k| < ({s}-1) min(k,l) + {t}"),
            Relation::Congruent { m } => write!(f, "k = l (mod {m})"),
            Relation::Ratio { p, q } => write!(f, "(k, l) = ({p}t, {q}t) or ({q}t, {p}t)"),
            Relation::Union(parts) => {
                let texts: Vec<String> = parts.iter().map(|r| r.to_string()).collect();
                write!(f, "{}", texts.join(" or "))
            }
        }
    }
}

/// Two-pile moves: remove `k in d1` from the first pile and `l in d2` from the
/// second, with `relation(k, l)`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct TwoPile {
    pub d1: LengthSet,
    pub d2: LengthSet,
    pub relation: Relation,
}

/// The class of options the previous player may block (Muller twist).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum BlockClass {
    /// One-pile moves of length `>= l` ("roob" moves when `l = m`; seed 000, mWN^p_l).
    OnePileAtLeast(u64),
    /// Two-pile moves with `k = l`: options on the position's own diagonal
    /// (seed 002, (p,m)-Wythoff Nim).
    Diagonal,
    /// Every option (Larsson, Blocking Wythoff Nim, 2011).
    All,
}

/// A family of moves, as the kernels walk them: one-pile moves (either pile)
/// by their length `k`, or the two-pile moves `(k, k + d)` of one offset `d`
/// by `k`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum MoveFamily {
    OnePile,
    TwoPile { d: i64 },
}

impl MoveFamily {
    /// The family of the move `(k, l)` and its step (`(0, 0)` is no move).
    #[inline]
    pub fn of(k: u64, l: u64) -> (MoveFamily, u64) {
        match (k, l) {
            (k, 0) => (MoveFamily::OnePile, k),
            (0, l) => (MoveFamily::OnePile, l),
            (k, l) => (
                MoveFamily::TwoPile {
                    d: l as i64 - k as i64,
                },
                k,
            ),
        }
    }
}

/// Which steps of one [`MoveFamily`] a block class holds.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ClassSteps {
    None,
    /// The steps `k >= l`.
    AtLeast(u64),
    All,
}

impl ClassSteps {
    #[inline]
    pub fn contains(self, k: u64) -> bool {
        match self {
            ClassSteps::None => false,
            ClassSteps::AtLeast(l) => k >= l,
            ClassSteps::All => true,
        }
    }
    /// The smallest step from which on every step is in the class (`None`:
    /// no step is).
    pub fn from(self) -> Option<u64> {
        match self {
            ClassSteps::None => None,
            ClassSteps::AtLeast(l) => Some(l),
            ClassSteps::All => Some(1),
        }
    }
}

impl BlockClass {
    /// What the class holds of each family of moves: the one function that
    /// states a class's meaning to the kernels (and to [`BlockClass::contains`]).
    /// Exhaustive on purpose: a new class is a compile error here and in the
    /// kernels' own matches, never a silent default.
    #[inline]
    pub fn family(&self, f: MoveFamily) -> ClassSteps {
        match (*self, f) {
            (BlockClass::OnePileAtLeast(l), MoveFamily::OnePile) => ClassSteps::AtLeast(l),
            (BlockClass::OnePileAtLeast(_), MoveFamily::TwoPile { .. }) => ClassSteps::None,
            (BlockClass::Diagonal, MoveFamily::OnePile) => ClassSteps::None,
            (BlockClass::Diagonal, MoveFamily::TwoPile { d }) => {
                if d == 0 {
                    ClassSteps::All
                } else {
                    ClassSteps::None
                }
            }
            (BlockClass::All, _) => ClassSteps::All,
        }
    }
    /// The class on the two-pile moves as one region, for the counters that
    /// count a whole region at once (cone, congruence): `Some(true)` every
    /// two-pile move is in the class, `Some(false)` none is, `None` the class
    /// splits them by offset.
    pub fn two_pile_region(&self) -> Option<bool> {
        match *self {
            BlockClass::OnePileAtLeast(_) => Some(false),
            BlockClass::Diagonal => None,
            BlockClass::All => Some(true),
        }
    }
    /// Is the move `(k, l)` in the class?
    #[inline]
    pub fn contains(&self, k: u64, l: u64) -> bool {
        if k == 0 && l == 0 {
            return false;
        }
        let (f, step) = MoveFamily::of(k, l);
        self.family(f).contains(step)
    }
}
impl fmt::Display for BlockClass {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            BlockClass::OnePileAtLeast(l) => write!(f, "one-pile moves of length >= {l}"),
            BlockClass::Diagonal => write!(f, "diagonal moves (k = l)"),
            BlockClass::All => write!(f, "options of any kind"),
        }
    }
}

/// Blocking: before each move the previous player may forbid up to `p - 1`
/// options of the class. Invariant: `p >= 2` (p = 1 is "no blocking" and is
/// represented by `None`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Blocking {
    pub class: BlockClass,
    pub p: u64,
}

/// The removed corner `{(i, j) : i < u, j < v}` (seed 000, games (iiia), Remark 5).
/// Invariant: `u >= 1` and `v >= 1` (an empty corner is `None`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Corner {
    pub u: u64,
    pub v: u64,
}

impl Corner {
    #[inline]
    pub fn removes(&self, x: u64, y: u64) -> bool {
        x < self.u && y < self.v
    }
}

/// The terminal set `{(x, y) : x + y <= sum}`: no move from these positions
/// (moves into them are allowed; Renard & Rigo, arXiv:2512.11601).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Terminal {
    pub sum: u64,
}

impl Terminal {
    /// Is `(x, y)` terminal (no move from it)?
    #[inline]
    pub fn holds(&self, x: u64, y: u64) -> bool {
        (x as u128) + (y as u128) <= self.sum as u128
    }
}

/// A rule that makes legality depend on earlier moves.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, Default)]
pub enum Memory {
    #[default]
    None,
    /// (p,m)-Imitation Nim (seed 002): no player may make `p` consecutive
    /// m-imitations. Invariant: `p, m >= 1`.
    Imitation { p: u64, m: u64 },
}

/// One set of rules. Construct with [`Rules::builder`]; a value that exists is valid.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Rules {
    h: LengthSet,
    v: LengthSet,
    two: Option<TwoPile>,
    blocking: Option<Blocking>,
    corner: Option<Corner>,
    /// Positions without moves (`None`: every position has the moves that fit).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    terminal: Option<Terminal>,
    memory: Memory,
    convention: Convention,
    /// One pass per game (Morrison, Friedman & Landsberg 2011; docs/games.md,
    /// "A pass"): usable once by either player, never from a position without
    /// another move; an option outside every block class. `false` is absent
    /// from the serialised value, so games without a pass keep their value.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pass: bool,
}

impl Rules {
    pub fn builder() -> RulesBuilder {
        RulesBuilder::default()
    }
    /// Lengths of one-pile moves on the first pile (horizontal moves).
    pub fn h(&self) -> &LengthSet {
        &self.h
    }
    /// Lengths of one-pile moves on the second pile (vertical moves).
    pub fn v(&self) -> &LengthSet {
        &self.v
    }
    pub fn two_pile(&self) -> Option<&TwoPile> {
        self.two.as_ref()
    }
    pub fn blocking(&self) -> Option<Blocking> {
        self.blocking
    }
    /// Are the two-pile moves, as one region, in the block class
    /// ([`BlockClass::two_pile_region`]; `Some(false)` without blocking)?
    pub fn two_pile_in_class(&self) -> Option<bool> {
        self.blocking
            .map_or(Some(false), |b| b.class.two_pile_region())
    }
    /// The steps of the family `f` in the block class (none without blocking).
    #[inline]
    pub fn block_steps(&self, f: MoveFamily) -> ClassSteps {
        self.blocking
            .map_or(ClassSteps::None, |b| b.class.family(f))
    }
    pub fn corner(&self) -> Option<Corner> {
        self.corner
    }
    pub fn terminal(&self) -> Option<Terminal> {
        self.terminal
    }
    /// Is `(x, y)` in the terminal set (no move from it)?
    #[inline]
    pub fn is_terminal(&self, x: u64, y: u64) -> bool {
        self.terminal.is_some_and(|t| t.holds(x, y))
    }
    pub fn memory(&self) -> Memory {
        self.memory
    }
    pub fn convention(&self) -> Convention {
        self.convention
    }
    pub fn with_convention(&self, c: Convention) -> Rules {
        Rules {
            convention: c,
            ..self.clone()
        }
    }
    /// Does the game have the one pass (still available at the start)?
    #[inline]
    pub fn has_pass(&self) -> bool {
        self.pass
    }
    /// The same rules without the pass: the game after the pass was used.
    pub fn without_pass(&self) -> Rules {
        Rules {
            pass: false,
            ..self.clone()
        }
    }
    /// The same rules with the pass (refused with a memory rule: the pass is
    /// defined on positions, a memory rule's state is the history).
    pub fn with_pass(&self) -> Result<Rules, RuleError> {
        check_pass(true, self.memory)?;
        Ok(Rules {
            pass: true,
            ..self.clone()
        })
    }
    /// The same rules on the `n x n` board (piles below `n`): length sets cut at
    /// `n` ([`LengthSet::for_board`]) and a one-pile blocking class of lengths
    /// `>= l` with `l > n` moved to `n` (empty on the board either way). Every
    /// position and option of the board is unchanged; solvers call this first so
    /// that huge thresholds cost nothing.
    pub fn for_board(&self, n: u64) -> Rules {
        let n = n.max(1);
        Rules {
            h: self.h.for_board(n),
            v: self.v.for_board(n),
            two: self.two.as_ref().map(|t| TwoPile {
                d1: t.d1.for_board(n),
                d2: t.d2.for_board(n),
                // `|k - l| < n` for every move on the board: a wider band is
                // the same moves (and would size the band kernel's rows)
                relation: match &t.relation {
                    Relation::Band { m } => Relation::Band { m: (*m).min(n) },
                    r => r.clone(),
                },
            }),
            blocking: self.blocking.map(|b| Blocking {
                class: match b.class {
                    BlockClass::OnePileAtLeast(l) => BlockClass::OnePileAtLeast(l.min(n)),
                    c @ (BlockClass::Diagonal | BlockClass::All) => c,
                },
                p: b.p,
            }),
            ..self.clone()
        }
    }
    /// Is `(x, y)` a cell of the board (not in the removed corner)?
    #[inline]
    pub fn on_board(&self, x: u64, y: u64) -> bool {
        self.corner.is_none_or(|c| !c.removes(x, y))
    }
    /// Row `x`'s cells off the board are `(x, y)`, `y <` this (the removed
    /// corner's part of the row; 0 without a corner): [`Rules::on_board`]
    /// read once a row, for a kernel's cell loop.
    #[inline]
    pub fn off_board_below(&self, x: u64) -> u64 {
        self.corner
            .map_or(0, |c| if c.removes(x, 0) { c.v } else { 0 })
    }
    /// Is removing `k` from the first and `l` from the second pile a move of
    /// these rules (ignoring the board: the caller checks `k <= x`, `l <= y` and the
    /// corner)?
    #[inline]
    pub fn is_move(&self, k: u64, l: u64) -> bool {
        match (k, l) {
            (0, 0) => false,
            (k, 0) => self.h.contains(k),
            (0, l) => self.v.contains(l),
            (k, l) => self
                .two
                .as_ref()
                .is_some_and(|t| t.d1.contains(k) && t.d2.contains(l) && t.relation.allows(k, l)),
        }
    }
    /// Every option of `(x, y)`, as `(x', y', in_block_class)`. Plain enumeration:
    /// this is the reference the fast solvers are checked against.
    pub fn options(&self, x: u64, y: u64) -> Vec<(u64, u64, bool)> {
        let mut out = Vec::new();
        if self.is_terminal(x, y) {
            return out;
        }
        for k in 0..=x {
            for l in 0..=y {
                if self.is_move(k, l) && self.on_board(x - k, y - l) {
                    let cls = self.blocking.is_some_and(|b| b.class.contains(k, l));
                    out.push((x - k, y - l, cls));
                }
            }
        }
        out
    }
    /// Are the rules symmetric under swapping the piles?
    pub fn is_symmetric(&self) -> bool {
        self.h == self.v
            && self.two.as_ref().is_none_or(|t| t.d1 == t.d2)
            && self.corner.is_none_or(|c| c.u == c.v)
    }
    /// A one-line description of the moves.
    pub fn describe(&self) -> String {
        let mut s = format!("h: {}; v: {}", self.h, self.v);
        if let Some(t) = &self.two {
            s += &format!("; two-pile: k in {}, l in {}, {}", t.d1, t.d2, t.relation);
        }
        if let Some(b) = self.blocking {
            s += &format!("; block up to {} {}", b.p - 1, b.class);
        }
        if let Some(c) = self.corner {
            s += &format!("; corner [0,{}) x [0,{}) removed", c.u, c.v);
        }
        if let Some(t) = self.terminal {
            s += &format!("; no move from x + y <= {}", t.sum);
        }
        if let Memory::Imitation { p, m } = self.memory {
            s += &format!("; no {p} consecutive {m}-imitations");
        }
        if self.pass {
            s += "; one pass (either player, once, not from a position without moves)";
        }
        s += &format!("; {}", self.convention);
        s
    }
}

/// Builder for [`Rules`]; `build` checks every invariant.
#[derive(Clone, Debug)]
pub struct RulesBuilder {
    h: LengthSet,
    v: LengthSet,
    two: Option<TwoPile>,
    blocking: Option<(BlockClass, u64)>,
    corner: Option<(u64, u64)>,
    terminal: Option<u64>,
    memory: Memory,
    convention: Convention,
    pass: bool,
}

/// The pass's invariant: no pass with a memory rule.
fn check_pass(pass: bool, memory: Memory) -> Result<(), RuleError> {
    if pass && memory != Memory::None {
        return Err(RuleError::Param(
            "a pass is defined on games without a memory rule (Imitation Nim's state is its history): drop pass or the imitation rule"
                .into(),
        ));
    }
    Ok(())
}

impl Default for RulesBuilder {
    fn default() -> Self {
        RulesBuilder {
            h: LengthSet::all(),
            v: LengthSet::all(),
            two: None,
            blocking: None,
            corner: None,
            terminal: None,
            memory: Memory::None,
            convention: Convention::Normal,
            pass: false,
        }
    }
}

impl RulesBuilder {
    pub fn h(mut self, s: LengthSet) -> Self {
        self.h = s;
        self
    }
    pub fn v(mut self, s: LengthSet) -> Self {
        self.v = s;
        self
    }
    /// Same one-pile set on both piles.
    pub fn one_pile(self, s: LengthSet) -> Self {
        self.h(s.clone()).v(s)
    }
    pub fn two_pile(mut self, d1: LengthSet, d2: LengthSet, relation: Relation) -> Self {
        self.two = Some(TwoPile { d1, d2, relation });
        self
    }
    /// Blocking with count `p` (`p = 1` means no blocking).
    pub fn blocking(mut self, class: BlockClass, p: u64) -> Self {
        self.blocking = Some((class, p));
        self
    }
    /// Remove the corner `[0,u) x [0,v)` (nothing when `u = 0` or `v = 0`).
    pub fn corner(mut self, u: u64, v: u64) -> Self {
        self.corner = Some((u, v));
        self
    }
    /// No move from the positions with `x + y <= sum`.
    pub fn terminal(mut self, sum: u64) -> Self {
        self.terminal = Some(sum);
        self
    }
    pub fn memory(mut self, m: Memory) -> Self {
        self.memory = m;
        self
    }
    pub fn convention(mut self, c: Convention) -> Self {
        self.convention = c;
        self
    }
    /// One pass per game (docs/games.md, "A pass").
    pub fn pass(mut self, pass: bool) -> Self {
        self.pass = pass;
        self
    }
    pub fn build(self) -> Result<Rules, RuleError> {
        let mut two = self.two;
        if let Some(t) = &mut two {
            t.relation = t.relation.canonical()?;
        }
        let blocking = match self.blocking {
            None => None,
            Some((_, 0)) => {
                return Err(RuleError::Param(
                    "blocking count p must be at least 1".into(),
                ))
            }
            Some((_, 1)) => None,
            Some((BlockClass::OnePileAtLeast(0), _)) => {
                return Err(RuleError::Param(
                    "blocked one-pile length must be at least 1".into(),
                ))
            }
            Some((class, p)) => Some(Blocking { class, p }),
        };
        if let Memory::Imitation { p, m } = self.memory {
            if p == 0 || m == 0 {
                return Err(RuleError::Param(
                    "imitation parameters p and m must be at least 1".into(),
                ));
            }
            if two.is_some()
                || blocking.is_some()
                || self.corner.is_some()
                || self.terminal.is_some()
            {
                return Err(RuleError::Param(
                    "the imitation memory rule is only defined on Nim moves (no two-pile moves, blocking, corner or terminal set)"
                        .into(),
                ));
            }
        }
        check_pass(self.pass, self.memory)?;
        let corner = match self.corner {
            Some((u, v)) if u > 0 && v > 0 => Some(Corner { u, v }),
            _ => None,
        };
        Ok(Rules {
            h: self.h,
            v: self.v,
            two,
            blocking,
            corner,
            terminal: self.terminal.map(|sum| Terminal { sum }),
            memory: self.memory,
            convention: self.convention,
            pass: self.pass,
        })
    }
}

/// A game: one set of rules, or a choice among variants made by the second
/// player before the first move (seed 000, `m x p WN`: a starting position is P
/// iff it is P in some variant whose board holds it).
///
/// Invariant: `variants` is non-empty, and all variants share memory rule and
/// convention.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Game {
    variants: Vec<Rules>,
}

impl Game {
    pub fn single(r: Rules) -> Game {
        Game { variants: vec![r] }
    }
    pub fn choice(variants: Vec<Rules>) -> Result<Game, RuleError> {
        let first = variants
            .first()
            .ok_or_else(|| RuleError::Param("a choice needs at least one variant".into()))?;
        if variants.iter().any(|r| {
            r.convention != first.convention || r.memory != first.memory || r.pass != first.pass
        }) {
            return Err(RuleError::Param(
                "the variants of a choice must share convention, memory and pass".into(),
            ));
        }
        Ok(Game { variants })
    }
    pub fn variants(&self) -> &[Rules] {
        &self.variants
    }
    /// The rules, when the game is not a choice.
    pub fn as_single(&self) -> Option<&Rules> {
        match self.variants.as_slice() {
            [r] => Some(r),
            _ => None,
        }
    }
    pub fn is_choice(&self) -> bool {
        self.variants.len() > 1
    }
    pub fn convention(&self) -> Convention {
        self.variants[0].convention
    }
    pub fn memory(&self) -> Memory {
        self.variants[0].memory
    }
    pub fn with_convention(&self, c: Convention) -> Game {
        Game {
            variants: self.variants.iter().map(|r| r.with_convention(c)).collect(),
        }
    }
    /// Every variant on the `n x n` board ([`Rules::for_board`]).
    pub fn for_board(&self, n: u64) -> Game {
        Game {
            variants: self.variants.iter().map(|r| r.for_board(n)).collect(),
        }
    }
    /// Does the game have a pass (every variant has it or none does)?
    pub fn has_pass(&self) -> bool {
        self.variants.iter().any(|r| r.pass)
    }
    /// Every variant with the pass ([`Rules::with_pass`]).
    pub fn with_pass(&self) -> Result<Game, RuleError> {
        Ok(Game {
            variants: self
                .variants
                .iter()
                .map(|r| r.with_pass())
                .collect::<Result<_, _>>()?,
        })
    }
    /// Every variant without the pass.
    pub fn without_pass(&self) -> Game {
        Game {
            variants: self.variants.iter().map(|r| r.without_pass()).collect(),
        }
    }
    pub fn has_blocking(&self) -> bool {
        self.variants.iter().any(|r| r.blocking.is_some())
    }
    /// Is `(x, y)` on the board of at least one variant?
    pub fn on_some_board(&self, x: u64, y: u64) -> bool {
        self.variants.iter().any(|r| r.on_board(x, y))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// `off_board_below` is `on_board` read once a row, with a corner and without.
    #[test]
    fn off_board_below_agrees_with_on_board() {
        let plain = Rules::builder().build().unwrap();
        let cut = Rules::builder().corner(3, 5).build().unwrap();
        for r in [plain, cut] {
            for x in 0..8u64 {
                let off = r.off_board_below(x);
                for y in 0..8u64 {
                    assert_eq!(r.on_board(x, y), y >= off, "({x}, {y}) {:?}", r.corner());
                }
            }
        }
    }

    /// A band wider than the board is cut to it, and every option of every
    /// position of the board is unchanged (sets cut too).
    #[test]
    fn for_board_keeps_every_option() {
        for (m, n) in [
            (1, 9),
            (8, 9),
            (9, 9),
            (10, 9),
            (1_000_000, 9),
            (1_000_000, 1),
        ] {
            let r = Rules::builder()
                .one_pile(LengthSet::parse("max3|4:1").unwrap())
                .two_pile(
                    LengthSet::all(),
                    LengthSet::parse("odd|max4").unwrap(),
                    Relation::Band { m },
                )
                .blocking(BlockClass::OnePileAtLeast(2), 2)
                .build()
                .unwrap();
            let b = r.for_board(n);
            let w = b.two_pile().unwrap().relation.band_width().unwrap();
            assert_eq!(w, m.min(n.max(1)));
            for x in 0..n {
                for y in 0..n {
                    assert_eq!(r.options(x, y), b.options(x, y), "m={m} ({x}, {y})");
                }
            }
        }
    }

    #[test]
    fn relation_cone_matches_band_when_s_is_1() {
        for k in 1..20 {
            for l in 1..20 {
                assert_eq!(
                    Relation::Cone { s: 1, t: 3 }.allows(k, l),
                    Relation::Band { m: 3 }.allows(k, l)
                );
                assert_eq!(Relation::Cone { s: 1, t: 1 }.allows(k, l), k == l);
            }
        }
        // (2,1)-Wythoff: max < 2 min + 1
        assert!(Relation::Cone { s: 2, t: 1 }.allows(3, 6));
        assert!(!Relation::Cone { s: 2, t: 1 }.allows(3, 7));
    }

    #[test]
    fn ratio_and_unions_parse_to_one_canonical_form() {
        let r = |t: &str| Relation::parse(t);
        assert_eq!(r("ratio:2:1").unwrap(), Relation::Ratio { p: 1, q: 2 });
        assert!(r("ratio:3:3").is_err() && r("ratio:0:2").is_err() && r("ratio:1").is_err());
        let u = Relation::Union(vec![Relation::Ratio { p: 1, q: 2 }, Relation::Diagonal])
            .canonical()
            .unwrap();
        assert_eq!(r("diagonal + ratio:1:2").unwrap(), u);
        assert_eq!(r("ratio:2:1+diagonal").unwrap(), u);
        assert_eq!(r(&u.spec()).unwrap(), u);
        assert_eq!(r("diagonal + diagonal").unwrap(), Relation::Diagonal);
        for bad in [
            "diagonal +",
            "+ ratio:1:2",
            "diagonal + band:0",
            "diagonal ++ band:2",
        ] {
            assert!(r(bad).is_err(), "{bad}");
        }
        // the builder stores the canonical form
        let b = Rules::builder()
            .two_pile(
                LengthSet::all(),
                LengthSet::all(),
                Relation::Union(vec![
                    Relation::Ratio { p: 3, q: 2 },
                    Relation::Union(vec![Relation::Diagonal, Relation::Ratio { p: 2, q: 3 }]),
                ]),
            )
            .build()
            .unwrap();
        assert_eq!(
            b.two_pile().unwrap().relation,
            Relation::Union(vec![Relation::Ratio { p: 2, q: 3 }, Relation::Diagonal])
                .canonical()
                .unwrap()
        );
    }

    #[test]
    fn ratio_allows_its_moves_only() {
        let rel = Relation::Ratio { p: 2, q: 3 };
        for (k, l, want) in [
            (2, 3, true),
            (3, 2, true),
            (4, 6, true),
            (6, 4, true),
            (2, 4, false),
            (4, 3, false),
            (6, 6, false),
            (u64::MAX, u64::MAX, false),
        ] {
            assert_eq!(rel.allows(k, l), want, "({k}, {l})");
        }
        let m = u64::MAX / 3 * 3;
        assert!(rel.allows(m / 3 * 2, m));
    }

    #[test]
    fn builder_refuses_invalid() {
        assert!(Rules::builder()
            .blocking(BlockClass::Diagonal, 0)
            .build()
            .is_err());
        assert!(Rules::builder()
            .two_pile(LengthSet::all(), LengthSet::all(), Relation::Band { m: 0 })
            .build()
            .is_err());
        assert!(Rules::builder()
            .memory(Memory::Imitation { p: 0, m: 1 })
            .build()
            .is_err());
        let r = Rules::builder()
            .blocking(BlockClass::Diagonal, 1)
            .corner(0, 5)
            .build()
            .unwrap();
        assert!(r.blocking().is_none() && r.corner().is_none());
    }
}
