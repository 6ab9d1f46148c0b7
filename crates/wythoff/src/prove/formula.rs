//! The rules of one [`Rules`] value as Walnut first-order formulas: one-pile and
//! two-pile move sets (eventually periodic length sets: runs below the threshold,
//! residues mod the period above it), the relation (diagonal, band, (s,t) cone,
//! congruence), the removed corner, blocking of up to `p - 1` options of a class
//! (one-pile, diagonal, or any option), the terminal set `x + y <= L` (no move
//! from it), and both conventions. A game with memory (Imitation Nim), a pass or a
//! choice among variants is refused with the reason.

use crate::rules::{BlockClass, Blocking, Convention, Game, Memory, Relation, Rules};
use crate::sets::LengthSet;

/// Walnut has no `true` and `false` literals.
const TRUE: &str = "(0=0)";
const FALSE: &str = "(0=1)";

/// One statement of a proof: `A a,b body`, and its negation with `a, b` free
/// (the positions where it fails).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Statement {
    pub name: String,
    /// The formula in the free variables `a, b` that must hold everywhere.
    pub body: String,
}

/// The definitions (`def` lines, without the number system prefix) and the
/// statements that together say "the automaton `S` is the P-set".
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RulesFormula {
    /// `(name, formula)`; the free variables of each are written in alphabetical
    /// order at every call (Walnut takes a `def`'s free variables in that order).
    pub defs: Vec<(String, String)>,
    pub statements: Vec<Statement>,
}

/// Why a game cannot be written as a first-order statement about one set of pairs.
pub fn refusal(game: &Game) -> Option<String> {
    if let Memory::Imitation { .. } = game.memory() {
        return Some(
            "Imitation Nim's legality depends on the previous moves (memory): a position's \
             outcome is not a property of the pair (x, y) alone, so no first-order statement \
             about a set of pairs expresses its rules"
                .into(),
        );
    }
    if game.has_pass() {
        return Some(
            "a game with a pass: its state is the position and whether the pass is still there, \
             and a position with the pass is decided by the game without it, so its P-set is not \
             the P-set of a move relation on pairs; no statement about one set of pairs written \
             here expresses it (prove --alteration relates it to a known set)"
                .into(),
        );
    }
    if game.is_choice() {
        return Some(
            "a choice among variants (the second player picks the rules before play) has no \
             single move relation to write as a formula; prove each variant separately"
                .into(),
        );
    }
    None
}

/// `v` is in the length set (`v >= 1` is assumed by the caller). `fresh` names
/// the bound variables.
fn set_formula(set: &LengthSet, v: &str, fresh: &mut dyn FnMut() -> String) -> String {
    if set.is_all() {
        return TRUE.into();
    }
    let t = set.threshold();
    let mut parts: Vec<String> = Vec::new();
    // runs of members in 1..=t
    let mut k = 1;
    while k <= t {
        if set.contains(k) {
            let start = k;
            while k < t && set.contains(k + 1) {
                k += 1;
            }
            if start == k {
                parts.push(format!("{v}={start}"));
            } else {
                parts.push(format!("({v}>={start} & {v}<={k})"));
            }
        }
        k += 1;
    }
    let p = set.period();
    let residues: Vec<u64> = (0..p).filter(|&r| set.residue_in(r)).collect();
    if !residues.is_empty() {
        let above = format!("{v}>{t}");
        if residues.len() as u64 == p {
            parts.push(above);
        } else {
            let q = fresh();
            let alts: Vec<String> = residues
                .iter()
                .map(|&r| {
                    if r == 0 {
                        format!("{v}={p}*{q}")
                    } else {
                        format!("{v}={p}*{q}+{r}")
                    }
                })
                .collect();
            parts.push(format!("({above} & (E {q} {}))", alts.join(" | ")));
        }
    }
    if parts.is_empty() {
        FALSE.into()
    } else {
        format!("({})", parts.join(" | "))
    }
}

/// `s*v` in Walnut's syntax (`v` itself when `s = 1`).
fn times(s: u64, v: &str) -> String {
    if s == 1 {
        v.to_string()
    } else {
        format!("{s}*{v}")
    }
}

fn relation_formula(rel: &Relation, k: &str, l: &str, fresh: &mut dyn FnMut() -> String) -> String {
    match *rel {
        Relation::Diagonal => format!("{k}={l}"),
        Relation::Band { m } => format!("({k}<{l}+{m} & {l}<{k}+{m})"),
        Relation::Cone { s, t } => format!(
            "(({k}<={l} & {l}<{}+{t}) | ({l}<={k} & {k}<{}+{t}))",
            times(s, k),
            times(s, l)
        ),
        Relation::Congruent { m } => {
            if m == 1 {
                TRUE.into()
            } else {
                let q = fresh();
                format!("(E {q} ({k}={l}+{m}*{q} | {l}={k}+{m}*{q}))")
            }
        }
        // (k, l) = (p t, q t) or (q t, p t): a constant times t is first-order
        Relation::Ratio { p, q } => {
            let t = fresh();
            format!(
                "(E {t} (({k}={} & {l}={}) | ({k}={} & {l}={})))",
                times(p, &t),
                times(q, &t),
                times(q, &t),
                times(p, &t)
            )
        }
        Relation::Union(ref parts) => format!(
            "({})",
            parts
                .iter()
                .map(|r| relation_formula(r, k, l, fresh))
                .collect::<Vec<_>>()
                .join(" | ")
        ),
    }
}

/// The relation of a two-pile move `(a, b) -> (c, d)` (`c < a`, `d < b`),
/// written over the positions: the move vector `(k, l) = (a - c, b - d)`
/// substituted into [`relation_formula`] (`k = l` is `a + d = b + c`, ...),
/// so that no move vector is quantified beside the positions.
fn relation_by_positions(rel: &Relation, fresh: &mut dyn FnMut() -> String) -> String {
    match *rel {
        Relation::Diagonal => "a+d=b+c".into(),
        Relation::Band { m } => format!("(a+d<b+c+{m} & b+c<a+d+{m})"),
        // l < s k + t: b - d < s (a - c) + t, i.e. b + s c < s a + d + t
        Relation::Cone { s, t } => format!(
            "((a+d<=b+c & b+{}<{}+d+{t}) | (b+c<=a+d & a+{}<{}+c+{t}))",
            times(s, "c"),
            times(s, "a"),
            times(s, "d"),
            times(s, "b")
        ),
        Relation::Congruent { m } => {
            if m == 1 {
                TRUE.into()
            } else {
                let q = fresh();
                format!("(E {q} (a+d=b+c+{m}*{q} | b+c=a+d+{m}*{q}))")
            }
        }
        // a - c = p t and b - d = q t, or the mirror (c < a, d < b: t >= 1)
        Relation::Ratio { p, q } => {
            let t = fresh();
            format!(
                "(E {t} ((a=c+{} & b=d+{}) | (a=c+{} & b=d+{})))",
                times(p, &t),
                times(q, &t),
                times(q, &t),
                times(p, &t)
            )
        }
        Relation::Union(ref parts) => format!(
            "({})",
            parts
                .iter()
                .map(|r| relation_by_positions(r, fresh))
                .collect::<Vec<_>>()
                .join(" | ")
        ),
    }
}

/// The move vector `(k, l)` is a move of the rules.
fn move_formula(r: &Rules, fresh: &mut dyn FnMut() -> String) -> String {
    let mut alts = Vec::new();
    if !r.h().is_empty() {
        alts.push(format!("(l=0 & k>=1 & {})", set_formula(r.h(), "k", fresh)));
    }
    if !r.v().is_empty() {
        alts.push(format!("(k=0 & l>=1 & {})", set_formula(r.v(), "l", fresh)));
    }
    if let Some(t) = r.two_pile() {
        if !t.d1.is_empty() && !t.d2.is_empty() {
            alts.push(format!(
                "(k>=1 & l>=1 & {} & {} & {})",
                set_formula(&t.d1, "k", fresh),
                set_formula(&t.d2, "l", fresh),
                relation_formula(&t.relation, "k", "l", fresh)
            ));
        }
    }
    if alts.is_empty() {
        FALSE.into()
    } else {
        alts.join(" | ")
    }
}

fn class_formula(c: BlockClass) -> String {
    match c {
        BlockClass::OnePileAtLeast(m) => format!("((l=0 & k>={m}) | (k=0 & l>={m}))"),
        BlockClass::Diagonal => "(k=l & k>=1)".into(),
        BlockClass::All => TRUE.into(),
    }
}

/// `(a, b)` has moves (not in the terminal set).
fn moves_from(r: &Rules) -> String {
    match r.terminal() {
        None => TRUE.into(),
        Some(t) => format!("a+b>{}", t.sum),
    }
}

/// `(x, y)` is a position (not in the removed corner).
fn on_board(r: &Rules, x: &str, y: &str) -> String {
    match r.corner() {
        None => TRUE.into(),
        Some(c) => format!("~({x}<{} & {y}<{})", c.u, c.v),
    }
}

/// The formulas saying that the automaton `s` (inputs x then y) is the P-set of
/// `game`.
pub fn rules_formula(game: &Game, s: &str) -> Result<RulesFormula, String> {
    if let Some(why) = refusal(game) {
        return Err(why);
    }
    let r = game.as_single().expect("not a choice");
    let mut n = 0usize;
    let mut fresh = move || {
        n += 1;
        format!("q{n}")
    };
    let mut w = Writer {
        r,
        s,
        defs: Vec::new(),
        statements: Vec::new(),
    };
    match r.blocking() {
        None => w.unblocked(&mut fresh),
        Some(b) => w.blocked(&b, &mut fresh),
    }
    if r.corner().is_some() && r.blocking().is_none() {
        w.statements.push(Statement {
            name: "on_board".into(),
            body: format!("${s}(a,b) => {}", on_board(r, "a", "b")),
        });
    }
    Ok(RulesFormula {
        defs: w.defs,
        statements: w.statements,
    })
}

/// The formulas of [`rules_formula`] as they are written: the rules `r`, the
/// set's automaton `s`, the definitions and statements so far.
struct Writer<'a> {
    r: &'a Rules,
    s: &'a str,
    defs: Vec<(String, String)>,
    statements: Vec<Statement>,
}

impl Writer<'_> {
    /// The statements of a game without blocking: the set is stable (no move
    /// inside it) and absorbing (a move into it from every other position), and
    /// in misère play no position of it is terminal; `opt` is the option relation
    /// (the winning moves).
    fn unblocked(&mut self, fresh: &mut dyn FnMut() -> String) {
        let (r, s) = (self.r, self.s);
        let misere = r.convention() == Convention::Misere;
        let onb = |x: &str, y: &str| on_board(r, x, y);
        let Moves { hit, has, opt } = moves_into_the_set(r, s, fresh, &mut self.defs);
        let into = if hit.is_empty() {
            FALSE.to_string()
        } else {
            format!(
                "({})",
                hit.iter()
                    .map(|h| format!("${h}(a,b)"))
                    .collect::<Vec<_>>()
                    .join(" | ")
            )
        };
        // opt(a,b,c,d): (c,d) is an option of (a,b) (the winning moves)
        self.defs.push((
            "opt".into(),
            if opt.is_empty() {
                FALSE.into()
            } else {
                opt.join(" | ")
            },
        ));
        self.statements.push(Statement {
            name: "stable".into(),
            body: format!("${s}(a,b) => ~{into}"),
        });
        let has_move = if has.is_empty() {
            FALSE.to_string()
        } else {
            format!("({})", has.join(" | "))
        };
        let guard = if misere {
            format!("({} & ~${s}(a,b) & {has_move})", onb("a", "b"))
        } else {
            format!("({} & ~${s}(a,b))", onb("a", "b"))
        };
        self.statements.push(Statement {
            name: "absorbing".into(),
            body: format!("{guard} => {into}"),
        });
        if misere {
            self.statements.push(Statement {
                name: "no_terminal".into(),
                body: format!("${s}(a,b) => {has_move}"),
            });
        }
    }

    /// The statements of a blocking game: the set is exactly the positions
    /// satisfying the recursion of a P-position (no unblockable option in the
    /// set, fewer than `p` blockable ones; in misère play, not a position whose
    /// every option is blockable and in the set).
    fn blocked(&mut self, b: &Blocking, fresh: &mut dyn FnMut() -> String) {
        let (r, s) = (self.r, self.s);
        let misere = r.convention() == Convention::Misere;
        let onb = |x: &str, y: &str| on_board(r, x, y);
        let mv = move_formula(r, fresh);
        let cls = class_formula(b.class);
        // a class holding every move leaves no unblockable option (Walnut
        // would take `mv & ~TRUE` for a formula without variables)
        let outside = match b.class {
            BlockClass::OnePileAtLeast(_) | BlockClass::Diagonal => true,
            BlockClass::All => false,
        };
        if outside {
            self.defs.push(("mvo".into(), format!("({mv}) & ~{cls}")));
        }
        self.defs.push(("mvi".into(), format!("({mv}) & {cls}")));
        if outside {
            self.defs.push((
                "opto".into(),
                format!(
                    "E k,l a=c+k & b=d+l & $mvo(k,l) & {} & {}",
                    onb("c", "d"),
                    moves_from(r)
                ),
            ));
        }
        self.defs.push((
            "opti".into(),
            format!(
                "E k,l a=c+k & b=d+l & $mvi(k,l) & {} & {}",
                onb("c", "d"),
                moves_from(r)
            ),
        ));
        // pout(a,b): an unblockable option in S
        if outside {
            self.defs
                .push(("pout".into(), format!("E c,d $opto(a,b,c,d) & ${s}(c,d)")));
        }
        let pin = pin_formula(r, b, s, &mut self.defs);
        self.defs.push(("pin".into(), pin));
        let mut rule = if outside {
            "~$pout(a,b) & ~$pin(a,b)".to_string()
        } else {
            "~$pin(a,b)".to_string()
        };
        if misere {
            // every option is a blockable option in S (fewer than p): all are
            // blocked, the player to move cannot move and wins
            let no_out = if outside {
                "~(E c,d $opto(a,b,c,d)) & "
            } else {
                ""
            };
            self.defs.push((
                "mterm".into(),
                format!("{no_out}~(E c,d $opti(a,b,c,d) & ~${s}(c,d))"),
            ));
            rule.push_str(" & ~$mterm(a,b)");
        }
        self.defs
            .push(("prule".into(), format!("{} & {rule}", onb("a", "b"))));
        self.statements.push(Statement {
            name: "in_set_is_p".into(),
            body: format!("${s}(a,b) => $prule(a,b)"),
        });
        self.statements.push(Statement {
            name: "p_is_in_set".into(),
            body: format!("$prule(a,b) => ${s}(a,b)"),
        });
    }
}

/// The moves into the set `s`, by move type: the names of the definitions of
/// the positions with a move into it (pushed on `defs`), the formulas "has a
/// move" and the options `(a, b) -> (c, d)`.
struct Moves {
    hit: Vec<&'static str>,
    has: Vec<String>,
    opt: Vec<String>,
}

/// Split by move type: the positions with a one-pile move along x (`hith`),
/// along y (`hitv`), a two-pile move (`hitd`) into the set, each written over
/// the positions themselves (no move vector quantified with them), each a
/// definition Walnut minimises.
fn moves_into_the_set(
    r: &Rules,
    s: &str,
    fresh: &mut dyn FnMut() -> String,
    defs: &mut Vec<(String, String)>,
) -> Moves {
    let onb = |x: &str, y: &str| on_board(r, x, y);
    // a position of the terminal set has no move (` & a+b>L`)
    let live = match r.terminal() {
        None => String::new(),
        Some(_) => format!(" & {}", moves_from(r)),
    };
    let mut hit: Vec<&'static str> = Vec::new();
    let mut has: Vec<String> = Vec::new();
    let mut opt: Vec<String> = Vec::new();
    // one-pile moves: the pile `from` becomes `to` (a move by `len`), the
    // position reached is `(x, y)`, the other pile is kept (`keep`)
    for (set, len, name, (from, to), (x, y), keep) in [
        (r.h(), "k", "hith", ("a", "c"), ("c", "b"), "b=d"),
        (r.v(), "l", "hitv", ("b", "d"), ("a", "d"), "a=c"),
    ] {
        if set.is_empty() {
            continue;
        }
        let f = set_formula(set, len, fresh);
        let step = format!(
            "{to}<{from} & (E {len} {from}={to}+{len} & {f}) & {}{live}",
            onb(x, y)
        );
        defs.push((name.into(), format!("E {to} {step} & ${s}({x},{y})")));
        hit.push(name);
        has.push(format!("(E {to} {step})"));
        opt.push(format!("({keep} & {step})"));
    }
    if let Some(t) = r.two_pile() {
        if !t.d1.is_empty() && !t.d2.is_empty() {
            let mut parts = vec!["c<a".to_string(), "d<b".to_string()];
            if !t.d1.is_all() {
                parts.push(format!("(E k a=c+k & {})", set_formula(&t.d1, "k", fresh)));
            }
            if !t.d2.is_all() {
                parts.push(format!("(E l b=d+l & {})", set_formula(&t.d2, "l", fresh)));
            }
            parts.push(relation_by_positions(&t.relation, fresh));
            parts.push(onb("c", "d"));
            if r.terminal().is_some() {
                parts.push(moves_from(r));
            }
            // dmv(a,b,c,d): (a,b) -> (c,d) is a two-pile move
            defs.push(("dmv".into(), parts.join(" & ")));
            defs.push(("hitd".into(), format!("E c,d $dmv(a,b,c,d) & ${s}(c,d)")));
            hit.push("hitd");
            has.push("(E c,d $dmv(a,b,c,d))".into());
            opt.push("$dmv(a,b,c,d)".into());
        }
    }
    Moves { hit, has, opt }
}

/// `pin(a,b)`: at least `p` blockable options of `(a, b)` in the set `s`.
fn pin_formula(r: &Rules, b: &Blocking, s: &str, defs: &mut Vec<(String, String)>) -> String {
    let p = b.p as usize;
    match b.class {
        BlockClass::OnePileAtLeast(_) => {
            let mut alts = Vec::new();
            for i in 0..=p {
                let us: Vec<String> = (1..=i).map(|j| format!("u{j}")).collect();
                let vs: Vec<String> = (1..=p - i).map(|j| format!("v{j}")).collect();
                let row = chain(&us, &|u| format!("$opti(a,b,{u},b) & ${s}({u},b)"));
                let col = chain(&vs, &|v| format!("$opti(a,b,a,{v}) & ${s}(a,{v})"));
                alts.push(format!("({row} & {col})"));
            }
            alts.join(" | ")
        }
        BlockClass::Diagonal => {
            let us: Vec<String> = (1..=p).map(|j| format!("u{j}")).collect();
            let vs: Vec<String> = (1..=p).map(|j| format!("v{j}")).collect();
            let mut conj: Vec<String> = Vec::new();
            for w in us.windows(2) {
                conj.push(format!("{}<{}", w[0], w[1]));
            }
            for (u, v) in us.iter().zip(&vs) {
                conj.push(format!("$opti(a,b,{u},{v}) & ${s}({u},{v})"));
            }
            let mut all = us.clone();
            all.extend(vs.iter().cloned());
            format!("E {} {}", all.join(","), conj.join(" & "))
        }
        BlockClass::All => all_lines_at_least(r, s, p, defs, &chain),
    }
}

/// An ordered chain of the variables `vars`, each satisfying `atom`:
/// `(E v1,...,vk v1<v2 & ... & atom(v1) & ... & atom(vk))`; TRUE for none.
fn chain(vars: &[String], atom: &dyn Fn(&str) -> String) -> String {
    if vars.is_empty() {
        return TRUE.into();
    }
    let mut conj: Vec<String> = Vec::new();
    for w in vars.windows(2) {
        conj.push(format!("{}<{}", w[0], w[1]));
    }
    for v in vars {
        conj.push(atom(v));
    }
    format!("(E {} {})", vars.join(","), conj.join(" & "))
}

/// A line's recursive definition, given the previous one's name.
type Rec = Box<dyn Fn(Option<&str>) -> String>;
/// A chain's atom: one cell of the line (its variable) is an option in the set.
type Atom = Box<dyn Fn(&str) -> String>;
/// An ordered chain of variables, each satisfying the atom.
type Chain = dyn Fn(&[String], &dyn Fn(&str) -> String) -> String;

/// "At least `p` options of `(a, b)` in the set `s`" where every option is
/// blockable (Blocking Wythoff Nim), split over the three lines the options
/// lie on: the row (one-pile moves along x), the column (along y) and the
/// two-pile moves. For each line and `i = 1..p` a definition says "at least
/// `i` P-options on this line" (`prw{i}`, `pcl{i}`, `pdg{i}`), and the result is
/// the disjunction over `i + j + l = p` of their conjunction. Where a line
/// holds every cell below `(a, b)` (all lengths, no corner, no terminal set)
/// the definition is recursive, one quantified position each: "some cell
/// below on the line is in `s` and has `i - 1` cells of `s` below it"; else an
/// ordered chain of `i` cells of the line (each an option). Each definition is
/// minimised by Walnut: the intermediate automata stay near the size of `s`
/// (k = 4 on its 40-state automaton: 290 states, 5 s, where `p` pairs of
/// option variables pairwise distinct built 2,916 states and ran out of a
/// 10 GB heap).
fn all_lines_at_least(
    r: &Rules,
    s: &str,
    p: usize,
    defs: &mut Vec<(String, String)>,
    chain: &Chain,
) -> String {
    let plain = r.corner().is_none() && r.terminal().is_none();
    // (name, recursive body given the previous definition's name, chain atom)
    let mut lines: Vec<(&str, Option<Rec>, Atom)> = Vec::new();
    let s1 = s.to_string();
    if !r.h().is_empty() {
        let s2 = s1.clone();
        let rec: Option<Rec> = (plain && r.h().is_all()).then(|| {
            let s3 = s1.clone();
            Box::new(move |prev: Option<&str>| {
                let tail = prev.map(|q| format!(" & ${q}(c,b)")).unwrap_or_default();
                format!("E c c<a & ${s3}(c,b){tail}")
            }) as Rec
        });
        lines.push((
            "prw",
            rec,
            Box::new(move |u| format!("{u}<a & $opti(a,b,{u},b) & ${s2}({u},b)")),
        ));
    }
    if !r.v().is_empty() {
        let s2 = s1.clone();
        let rec: Option<Rec> = (plain && r.v().is_all()).then(|| {
            let s3 = s1.clone();
            Box::new(move |prev: Option<&str>| {
                let tail = prev.map(|q| format!(" & ${q}(a,d)")).unwrap_or_default();
                format!("E d d<b & ${s3}(a,d){tail}")
            }) as Rec
        });
        lines.push((
            "pcl",
            rec,
            Box::new(move |v| format!("{v}<b & $opti(a,b,a,{v}) & ${s2}(a,{v})")),
        ));
    }
    if let Some(t) = r.two_pile() {
        if !t.d1.is_empty() && !t.d2.is_empty() {
            let diagonal = t.relation == Relation::Diagonal;
            let rec: Option<Rec> =
                (plain && diagonal && t.d1.is_all() && t.d2.is_all()).then(|| {
                    let s3 = s1.clone();
                    Box::new(move |prev: Option<&str>| {
                        let tail = prev.map(|q| format!(" & ${q}(c,d)")).unwrap_or_default();
                        format!("E c,d c<a & d<b & a+d=b+c & ${s3}(c,d){tail}")
                    }) as Rec
                });
            let s2 = s1.clone();
            // on a diagonal the first pile `u` names the cell (its second pile
            // `w` is bound inside the atom); other two-pile options are pairs
            // (u, w), counted by a chain in lexicographic order ([`pair_chain`])
            let atom: Atom = if diagonal {
                Box::new(move |u| {
                    let w = u.replacen('u', "w", 1);
                    format!(
                        "(E {w} {u}<a & {w}<b & a+{w}=b+{u} & $opti(a,b,{u},{w}) & ${s2}({u},{w}))"
                    )
                })
            } else {
                Box::new(move |u| {
                    let w = u.replacen('u', "w", 1);
                    format!("{u}<a & {w}<b & $opti(a,b,{u},{w}) & ${s2}({u},{w})")
                })
            };
            lines.push(("pdg", rec, atom));
        }
    }
    if lines.is_empty() {
        return FALSE.into();
    }
    for (name, rec, atom) in &lines {
        for i in 1..=p {
            let body = match rec {
                Some(f) => {
                    let prev = (i > 1).then(|| format!("{name}{}", i - 1));
                    f(prev.as_deref())
                }
                None if *name == "pdg" && !is_diagonal_atom(r) => pair_chain(i, atom),
                None => {
                    let us: Vec<String> = (1..=i).map(|j| format!("u{j}")).collect();
                    chain(&us, atom.as_ref())
                }
            };
            defs.push((format!("{name}{i}"), body));
        }
    }
    // the ways of writing p as a sum over the lines (each part 0..=p)
    let mut alts = Vec::new();
    let n = lines.len();
    let mut parts = vec![0usize; n];
    loop {
        if parts.iter().sum::<usize>() == p {
            let conj: Vec<String> = parts
                .iter()
                .zip(&lines)
                .filter(|(i, _)| **i > 0)
                .map(|(i, (name, _, _))| format!("${name}{i}(a,b)"))
                .collect();
            alts.push(format!("({})", conj.join(" & ")));
        }
        // next composition (odometer over 0..=p)
        let mut j = 0;
        while j < n {
            parts[j] += 1;
            if parts[j] <= p {
                break;
            }
            parts[j] = 0;
            j += 1;
        }
        if j == n {
            break;
        }
    }
    alts.join(" | ")
}

fn is_diagonal_atom(r: &Rules) -> bool {
    r.two_pile()
        .is_some_and(|t| t.relation == Relation::Diagonal)
}

/// `i` distinct two-pile options `(u_j, w_j)` in increasing lexicographic
/// order, each satisfying `atom(u_j)` (which names `w_j`).
fn pair_chain(i: usize, atom: &dyn Fn(&str) -> String) -> String {
    let us: Vec<String> = (1..=i).map(|j| format!("u{j}")).collect();
    let ws: Vec<String> = (1..=i).map(|j| format!("w{j}")).collect();
    let mut conj: Vec<String> = Vec::new();
    for j in 1..i {
        let (u0, w0, u1, w1) = (&us[j - 1], &ws[j - 1], &us[j], &ws[j]);
        conj.push(format!("({u0}<{u1} | ({u0}={u1} & {w0}<{w1}))"));
    }
    conj.extend(us.iter().map(|u| atom(u)));
    let mut all = us.clone();
    all.extend(ws.iter().cloned());
    format!("(E {} {})", all.join(","), conj.join(" & "))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::catalogue::parse_game;

    #[test]
    fn length_sets() {
        let mut n = 0;
        let mut fresh = || {
            n += 1;
            format!("q{n}")
        };
        assert_eq!(set_formula(&LengthSet::all(), "k", &mut fresh), TRUE);
        assert_eq!(
            set_formula(&LengthSet::odd(), "k", &mut fresh),
            "((k>0 & (E q1 k=2*q1+1)))"
        );
        let s = LengthSet::parse("max3").unwrap();
        assert_eq!(set_formula(&s, "k", &mut fresh), "((k>=1 & k<=3))");
    }

    /// (p,q)-GDWN: the two-pile moves are the diagonal or the ratio, each a
    /// constant times one quantified `t` (first-order).
    #[test]
    fn a_ratio_is_a_constant_times_t() {
        let g = parse_game("gdwn:p=2,q=5").unwrap().game;
        let f = rules_formula(&g, "S").unwrap();
        let dmv = &f.defs.iter().find(|(n, _)| n == "dmv").unwrap().1;
        assert!(
            dmv.contains("((a=c+2*q1 & b=d+5*q1) | (a=c+5*q1 & b=d+2*q1))"),
            "{dmv}"
        );
        assert!(dmv.contains("a+d=b+c"), "{dmv}");
        let mut n = 0;
        let mut fresh = || {
            n += 1;
            format!("t{n}")
        };
        assert_eq!(
            relation_formula(&Relation::Ratio { p: 1, q: 3 }, "k", "l", &mut fresh),
            "(E t1 ((k=t1 & l=3*t1) | (k=3*t1 & l=t1)))"
        );
    }

    #[test]
    fn refusals() {
        let g = parse_game("wythoff").unwrap().game;
        assert!(rules_formula(&g, "S").is_ok());
        for (name, g) in crate::catalogue::CATALOGUE
            .iter()
            .filter_map(|e| parse_game(e.name).ok().map(|ng| (e.name, ng.game)))
        {
            let f = rules_formula(&g, "S");
            if g.memory() != Memory::None {
                assert!(f.unwrap_err().contains("memory"), "{name}");
            }
        }
    }
}
