//! Proof sweeps (`wythoff sweep SPEC --prove`) without I/O: the distinct games
//! of a sweep and the `proof` object of a record. Walnut itself runs in
//! `wythoff-walnut` (`sweep::Prover`); this module only says which games are
//! one game and what a record carries.
//!
//! # Distinct games
//!
//! Several combinations of a sweep can be one game: the same moves from every
//! position (`modulo-rook` with `l = 0` and `l = 1`; `restricted` with every set
//! the multiples of `K` and any `t <= K`, since `|l - k|` is then a multiple of
//! `K`). [`move_set_key`] is a text that is equal for two games only when their
//! moves are equal everywhere (exact, not compared on a window): the length sets
//! by their membership (their normal form: threshold, least period, residues),
//! and a band or cone relation `|l - k| < (s - 1) min(k, l) + t` with `t`
//! lowered while no pair of the two-pile length sets lies at the offset removed
//! (decided over one period of both sets past their thresholds). Where that
//! decision would be long (huge thresholds) the key keeps the written form, so
//! two equal games may keep two keys (proved twice), never the converse.
//! A proof sweep proves each key once, for the first combination (in the
//! sweep's order, over the whole sweep, whatever the shard) that has it; the
//! other combinations' records carry the same verdict and `shared_with`, that
//! combination's number.

use crate::rules::{Game, Relation, Rules};
use crate::sets::{lcm, LengthSet};

/// Largest threshold whose membership the key writes out (beyond it, the
/// written form stands for the set).
const EXACT_LIMIT: u64 = 1 << 16;
/// Most membership tests spent lowering one relation's `t`.
const LOWER_BUDGET: u64 = 1 << 22;

/// An exact text of a length set: its membership up to the threshold (runs),
/// then the least period and its residues. Equal sets give equal texts.
fn set_key(s: &LengthSet) -> String {
    let t = s.threshold();
    if t > EXACT_LIMIT {
        return format!("written:{}", s.spec());
    }
    let mut out = String::new();
    let mut k = 1;
    while k <= t {
        let b = s.contains(k);
        let start = k;
        while k <= t && s.contains(k) == b {
            k += 1;
        }
        out.push_str(&format!("{}{}", if b { '+' } else { '-' }, k - start));
    }
    let p = s.period();
    out.push_str(&format!("/{p}:"));
    for r in 0..p {
        out.push(if s.residue_in(r) { '1' } else { '0' });
    }
    out
}

/// Is there a pair at offset `j` of the cone `s`: `m` in one set and `s m + j`
/// in the other (`m >= 1`)? `None` when deciding it costs more than `budget`.
fn pair_at_offset(
    d1: &LengthSet,
    d2: &LengthSet,
    s: u64,
    j: u64,
    budget: &mut u64,
) -> Option<bool> {
    let t = d1.threshold().max(d2.threshold());
    if t > EXACT_LIMIT {
        return None;
    }
    // past t both memberships are periodic in m, with period lcm(P1, P2)
    let span = t + lcm(d1.period(), d2.period());
    if *budget < span {
        return None;
    }
    *budget -= span;
    for m in 1..=span {
        let far = s.checked_mul(m)?.checked_add(j)?;
        if (d1.contains(m) && d2.contains(far)) || (d2.contains(m) && d1.contains(far)) {
            return Some(true);
        }
    }
    Some(false)
}

/// The two-pile moves as an exact text.
fn two_pile_key(d1: &LengthSet, d2: &LengthSet, relation: &Relation) -> String {
    if d1.is_empty() || d2.is_empty() {
        return "none".into();
    }
    let (s, t) = match *relation {
        Relation::Diagonal => (1, 1),
        Relation::Band { m } => (1, m),
        Relation::Cone { s, t } => (s, t),
        Relation::Congruent { m } => {
            return format!("{};{};congruent:{m}", set_key(d1), set_key(d2));
        }
        // canonical in the rule value: written as it parses
        Relation::Ratio { .. } | Relation::Union(_) => {
            return format!("{};{};{}", set_key(d1), set_key(d2), relation.spec());
        }
    };
    // the moves with min(k, l) = m (in one set) and the other s m + j (in the
    // other), 0 <= j < t for s = 1, j < t for s >= 2: lowering t to t - 1
    // removes exactly the pairs at offset j = t - 1
    let mut budget = LOWER_BUDGET;
    let mut low = t;
    while low > 1 {
        match pair_at_offset(d1, d2, s, low - 1, &mut budget) {
            Some(false) => low -= 1,
            _ => break,
        }
    }
    if s == 1 && low == 1 && pair_at_offset(d1, d2, 1, 0, &mut budget) == Some(false) {
        return "none".into();
    }
    format!("{};{};cone:{s}:{low}", set_key(d1), set_key(d2))
}

/// The whole rule value as a canonical text: every field of [`Rules`] as it
/// serialises (so that a field added later is part of the key without anyone
/// remembering it), with only the rewrites that keep the moves the same:
/// every length set by its membership ([`set_key`], wherever it sits in the
/// value), and the two-pile moves by [`two_pile_key`] (the relation lowered).
/// Nothing is left out: two rule values with one key differ at most in how
/// their sets and relation were written.
fn rules_key(r: &Rules) -> String {
    use serde_json::Value;
    let mut v = serde_json::to_value(r).expect("a rule value serialises");
    canonical_sets(&mut v);
    let two = match r.two_pile() {
        Some(tp) => two_pile_key(&tp.d1, &tp.d2, &tp.relation),
        None => "none".into(),
    };
    match &mut v {
        Value::Object(fields) => {
            fields.insert("two".into(), Value::String(two));
        }
        _ => unreachable!("a rule value serialises as an object"),
    }
    // serde_json's maps are ordered by key: one text for one value
    v.to_string()
}

/// Replaces every serialised length set inside `v` (an object with exactly
/// the fields `prefix`, `residues` and `spec`) by its exact text.
fn canonical_sets(v: &mut serde_json::Value) {
    use serde_json::Value;
    let set = match &*v {
        Value::Object(fields)
            if fields.len() == 3
                && ["prefix", "residues", "spec"]
                    .iter()
                    .all(|k| fields.contains_key(*k)) =>
        {
            serde_json::from_value::<LengthSet>(v.clone()).ok()
        }
        _ => None,
    };
    match (set, v) {
        (Some(s), v) => *v = Value::String(set_key(&s)),
        (None, Value::Object(fields)) => fields.values_mut().for_each(canonical_sets),
        (None, Value::Array(items)) => items.iter_mut().for_each(canonical_sets),
        _ => {}
    }
}

/// A text equal for two games exactly when their moves are equal from every
/// position (see the module documentation; conservative where deciding would
/// be long: equal games may differ here, different games never agree).
pub fn move_set_key(game: &Game) -> String {
    game.variants()
        .iter()
        .map(rules_key)
        .collect::<Vec<_>>()
        .join(" || ")
}

/// What Walnut made of one game of a proof sweep.
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub enum Verdict {
    /// Every statement of the proof TRUE: the guessed automaton is the P-set.
    #[serde(rename = "proved")]
    Proved,
    /// Some statement FALSE: the guess is not the P-set (a witness names where).
    #[serde(rename = "refuted")]
    Refuted,
    /// No automaton within the bound on states agrees with the board.
    #[serde(rename = "no automaton found")]
    NoAutomaton,
    /// Walnut ran past `--timeout`.
    #[serde(rename = "Walnut timed out")]
    TimedOut,
    /// Java ran out of its heap (`--java-memory`) before Walnut decided every
    /// statement (the heap and the statement in `reason`).
    #[serde(rename = "Walnut out of memory")]
    OutOfMemory,
    /// The rules have no first-order formula (memory, a choice of variants).
    #[serde(rename = "cannot be proved")]
    CannotBeProved,
    /// Walnut answered nothing for a statement (its error in `reason`).
    #[serde(rename = "Walnut failed")]
    Failed,
}

impl From<crate::prove::Verdict> for Verdict {
    fn from(v: crate::prove::Verdict) -> Verdict {
        use crate::prove::Verdict as P;
        match v {
            P::Proved => Verdict::Proved,
            P::Refuted => Verdict::Refuted,
            P::NoAutomaton => Verdict::NoAutomaton,
            P::TimedOut => Verdict::TimedOut,
            P::OutOfMemory => Verdict::OutOfMemory,
        }
    }
}

impl Verdict {
    /// The words of the record (`prove`'s own for its four verdicts).
    pub fn as_str(self) -> &'static str {
        use crate::prove::Verdict as P;
        match self {
            Verdict::Proved => P::Proved.as_str(),
            Verdict::Refuted => P::Refuted.as_str(),
            Verdict::NoAutomaton => P::NoAutomaton.as_str(),
            Verdict::TimedOut => P::TimedOut.as_str(),
            Verdict::OutOfMemory => P::OutOfMemory.as_str(),
            Verdict::CannotBeProved => "cannot be proved",
            Verdict::Failed => "Walnut failed",
        }
    }
}

/// Where a statement of a refuted proof fails first.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct Witness {
    pub x: u64,
    pub y: u64,
    pub statement: String,
}

/// The `proof` object of a proof sweep's record. No time is part of it: the
/// seconds a proof took differ from run to run, and a record is the same
/// bytes in every run (`--resume`, `--merge`); they go to the side file
/// `--timings`.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct ProofRecord {
    pub verdict: Verdict,
    /// Walnut's name of the numeration (`msd_2`, `msd_fib`, `msd_o1p2`, ...).
    pub numeration: Option<String>,
    /// States of the P-set automaton.
    pub states: Option<usize>,
    /// The smallest position where a statement fails (refuted only).
    pub witness: Option<Witness>,
    /// Why there is no verdict of Walnut (cannot be proved, Walnut failed).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub reason: Option<String>,
    pub walnut_version: String,
    /// SHA-256 of the Walnut jar, hex.
    pub jar_sha256: String,
    /// The combination whose proof this is, when not this one (same moves).
    pub shared_with: Option<u64>,
    /// Statements outside the proof of the P-set that Walnut answered FALSE
    /// (`prove`'s `side_false`); absent when none.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub side_false: Vec<String>,
}

/// The proof a record of combination `index` of `spec` may carry, checked
/// against the sweep's `prove` identity (`None`: a sweep without `--prove`),
/// alone ([`ProofCheck`] checks each record against the others too).
pub fn check_proof(
    spec: &crate::sweep::Spec,
    prove: Option<&str>,
    index: u64,
    proof: Option<&ProofRecord>,
) -> Result<(), String> {
    ProofCheck::new(spec, prove).check(index, proof)
}

/// The proofs of a sweep's records read back (`--merge`, `--resume`, and
/// Python's records gathered from a cluster: every front end through this one
/// check), record by record in any order, each against the sweep's `prove`
/// identity (`None`: a sweep without `--prove`) and against the records met
/// before it. A proof sweep's record has a `proof`, made by the jar and
/// Walnut version its identity names; `proved` comes with its numeration and
/// states (and no witness); `shared_with` is exactly the first combination of
/// the whole sweep with the same moves ([`move_set_key`]), absent when that is
/// the record itself (a dropped `shared_with` is refused as well as a wrong
/// one); and records of one game carry one proof (the same verdict,
/// numeration, states, witness, Walnut). A sweep without `--prove` has no
/// `proof`. Each error is the end of a sentence about the record.
pub struct ProofCheck {
    spec: crate::sweep::Spec,
    prove: Option<String>,
    /// The first combination of each move-set key among those scanned.
    first: std::collections::HashMap<String, u64>,
    /// The representative of combinations `0..reps.len()` (`None`: skipped
    /// by the rules), scanned as far as a record needs.
    reps: Vec<Option<u64>>,
    /// The proof of each game met so far (by its representative), with the
    /// record that carried it first; `shared_with` left out.
    met: std::collections::HashMap<u64, (u64, ProofRecord)>,
}

impl ProofCheck {
    pub fn new(spec: &crate::sweep::Spec, prove: Option<&str>) -> ProofCheck {
        ProofCheck {
            spec: spec.clone(),
            prove: prove.map(str::to_string),
            first: Default::default(),
            reps: Vec::new(),
            met: Default::default(),
        }
    }

    /// The first combination of the sweep with the moves of combination
    /// `index` (`None`: out of range or skipped by the rules).
    fn representative(&mut self, index: u64) -> Option<u64> {
        if index >= self.spec.total() {
            return None;
        }
        while self.reps.len() as u64 <= index {
            let i = self.reps.len() as u64;
            let rep = match self.spec.combination(i).game {
                Ok(g) => Some(*self.first.entry(move_set_key(&g.game)).or_insert(i)),
                Err(_) => None,
            };
            self.reps.push(rep);
        }
        self.reps[index as usize]
    }

    /// Check the record of combination `index` carrying `proof`.
    pub fn check(&mut self, index: u64, proof: Option<&ProofRecord>) -> Result<(), String> {
        let (prove, proof) = match (self.prove.as_deref(), proof) {
            (None, None) => return Ok(()),
            (None, Some(_)) => {
                return Err("a `proof` in the record of a sweep without --prove".into())
            }
            (Some(_), None) => return Err("a record without `proof` in a proof sweep".into()),
            (Some(i), Some(p)) => (i, p),
        };
        let field = |key: &str| {
            prove
                .split(',')
                .find_map(|kv| kv.strip_prefix(key).and_then(|v| v.strip_prefix('=')))
        };
        if let Some(jar) = field("jar") {
            if proof.jar_sha256 != jar {
                return Err(format!(
                    "its proof was made by the jar {}, the sweep's is {jar}",
                    proof.jar_sha256
                ));
            }
        }
        if let Some(v) = field("walnut") {
            if proof.walnut_version != v {
                return Err(format!(
                    "its proof was made by Walnut {}, the sweep's is {v}",
                    proof.walnut_version
                ));
            }
        }
        if proof.verdict == Verdict::Proved {
            let missing: Vec<&str> = [
                ("a numeration", proof.numeration.is_none()),
                ("states", proof.states.is_none()),
            ]
            .iter()
            .filter(|(_, m)| *m)
            .map(|(w, _)| *w)
            .collect();
            if !missing.is_empty() {
                return Err(format!(
                    "its proof says `proved` without {}: not a record of a proof",
                    missing.join(" or ")
                ));
            }
            if proof.witness.is_some() {
                return Err(
                    "its proof says `proved` with a witness (a refuted proof's): not a record of a proof"
                        .into(),
                );
            }
        }
        if let Some(j) = proof.shared_with {
            if j >= index {
                return Err(format!(
                    "its proof is shared with combination {j}, not an earlier one"
                ));
            }
        }
        // out of range or skipped: refused where every number is checked
        let Some(rep) = self.representative(index) else {
            return Ok(());
        };
        match proof.shared_with {
            Some(j) if j != rep => {
                let other = self.representative(j);
                return Err(if other == Some(rep) {
                    format!(
                        "its proof is shared with combination {j}, but the first combination of its game is {rep}"
                    )
                } else {
                    format!("its proof is shared with combination {j}, which is another game")
                });
            }
            None if rep != index => {
                return Err(format!(
                    "its proof is not shared, but combination {rep} has the same moves: its proof is that one's (`shared_with` {rep} dropped)"
                ));
            }
            _ => {}
        }
        let mut own = proof.clone();
        own.shared_with = None;
        match self.met.get(&rep) {
            Some((k, p)) if *p != own => Err(format!(
                "its proof ({}) is not the one of combination {k} ({}), which is the same game (proof of combination {rep}): records of one game carry one proof; re-run the shards that made them",
                summary(&own),
                summary(p)
            )),
            Some(_) => Ok(()),
            None => {
                self.met.insert(rep, (index, own));
                Ok(())
            }
        }
    }
}

/// A proof in a few words: verdict, numeration and states.
fn summary(p: &ProofRecord) -> String {
    let mut s = format!("`{}`", p.verdict.as_str());
    if let Some(n) = &p.numeration {
        s.push_str(&format!(", {}", crate::echo::shorten(n)));
    }
    if let Some(k) = p.states {
        s.push_str(&format!(", {k} states"));
    }
    s
}

/// The distinct games each of `shards` shards of `spec` proves (`sweep
/// --plan T --prove`): shard `K` proves the game of each of its combinations
/// once (a game met in two shards is proved in both).
pub fn distinct_per_shard(spec: &crate::sweep::Spec, shards: u64) -> Vec<u64> {
    let t = shards.max(1);
    let mut seen: std::collections::HashSet<(u64, String)> = Default::default();
    let mut out = vec![0u64; t as usize];
    for i in 0..spec.total() {
        if let Ok(g) = spec.combination(i).game {
            if seen.insert((i % t, move_set_key(&g.game))) {
                out[(i % t) as usize] += 1;
            }
        }
    }
    out
}

/// Mean wall seconds of one proof (solving the board of 1024, guessing the
/// automaton, starting Java, Walnut, one Java process at a time), fitted on
/// the proof sweeps measured here: 30 games of two families with `--timeout
/// 20`, 7.9 s each on the 2-core machine under a load of 17-20
/// (docs/performance.md, "Proof sweeps"); at most the timeout and the guess.
pub const PROOF_MEAN_SECONDS: f64 = 8.0;
/// Seconds of a proof outside Walnut's time bound (the board, the guess,
/// Java's start, the witness's run): added to the timeout for the bound.
pub const PROOF_OUTSIDE_SECONDS: u64 = 5;

/// Estimated wall seconds of `games` proofs on `java` processes at once, and
/// the most they can take (every game timing out).
pub fn proof_seconds(games: u64, java: usize, timeout: u64) -> (u64, u64) {
    if games == 0 {
        return (0, 0);
    }
    let java = (java.max(1) as u64).min(games);
    let per = PROOF_MEAN_SECONDS.min((timeout + PROOF_OUTSIDE_SECONDS) as f64);
    let rounds = games.div_ceil(java);
    let estimate = (rounds as f64 * per).ceil() as u64;
    let most = rounds.saturating_mul(timeout.saturating_mul(2) + PROOF_OUTSIDE_SECONDS);
    (estimate, most)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::catalogue::parse_game;

    fn key(text: &str) -> String {
        move_set_key(&parse_game(text).unwrap().game)
    }

    /// Equal keys: equal moves (the rules' own `is_move`) on every pair of
    /// lengths up to 300, and the converse on the families the open problems
    /// sweep, where every pair of games that are one game on lengths up to
    /// 300 gets one key.
    #[test]
    fn keys_are_move_sets() {
        let mut games = Vec::new();
        for k in 1..=5u64 {
            for r in 0..k {
                for t in 1..=k + 1 {
                    for s in 1..=3 {
                        games.push(format!(
                            "restricted:s={s},t={t},h={k}:{r},v={k}:{r},d1={k}:{r},d2={k}:{r}"
                        ));
                    }
                }
            }
        }
        for m in 1..=3 {
            for p in 1..=4 {
                for l in 0..=p {
                    games.push(format!("modulo-rook:m={m},l={l},p={p}"));
                }
            }
        }
        let moves = |text: &str| -> Vec<bool> {
            let g = parse_game(text).unwrap().game;
            let r = g.as_single().unwrap().clone();
            (0..=300u64)
                .flat_map(|k| (0..=300u64).map(move |l| (k, l)))
                .map(|(k, l)| r.is_move(k, l))
                .collect()
        };
        // the first game of each key, and of each move table, must be the same
        let mut by_key = std::collections::HashMap::new();
        let mut by_moves = std::collections::HashMap::new();
        let mut merged = 0;
        for (i, g) in games.iter().enumerate() {
            let a = *by_key.entry(key(g)).or_insert(i);
            let b = *by_moves.entry(moves(g)).or_insert(i);
            assert_eq!(a, b, "{g}: key of {}, moves of {}", games[a], games[b]);
            merged += (a != i) as usize;
        }
        assert!(merged > 50, "the families have games that are one game");
    }

    /// Every field of a rule value is part of the key: the fields a rule
    /// value serialises with are exactly the ones [`one_field_changed`]
    /// changes (a field added to `Rules` fails here until it is changed there).
    #[test]
    fn the_key_test_changes_every_field() {
        let full = Rules::builder()
            .two_pile(LengthSet::all(), LengthSet::all(), Relation::Diagonal)
            .blocking(crate::rules::BlockClass::All, 2)
            .corner(1, 1)
            .terminal(1)
            .build()
            .unwrap();
        let v = serde_json::to_value(&full).unwrap();
        let mut fields: Vec<&str> = v.as_object().unwrap().keys().map(|k| k.as_str()).collect();
        fields.sort();
        assert_eq!(
            fields, FIELDS,
            "Rules has a field the key test does not change: add it to one_field_changed"
        );
    }

    const FIELDS: [&str; 8] = [
        "blocking",
        "convention",
        "corner",
        "h",
        "memory",
        "terminal",
        "two",
        "v",
    ];

    /// A small deterministic generator (xorshift), so that a failure repeats.
    struct Rng(u64);
    impl Rng {
        fn next(&mut self) -> u64 {
            self.0 ^= self.0 << 13;
            self.0 ^= self.0 >> 7;
            self.0 ^= self.0 << 17;
            self.0
        }
        fn below(&mut self, n: u64) -> u64 {
            self.next() % n
        }
    }

    fn random_set(g: &mut Rng) -> LengthSet {
        let texts = [
            "all", "odd", "even", "3:0", "3:1+2", "max2", "min2", "2:1", "4:0+1", "none",
        ];
        LengthSet::parse(texts[g.below(texts.len() as u64) as usize]).unwrap()
    }

    fn random_relation(g: &mut Rng) -> Relation {
        match g.below(4) {
            0 => Relation::Diagonal,
            1 => Relation::Band { m: 1 + g.below(3) },
            2 => Relation::Cone {
                s: 1 + g.below(3),
                t: 1 + g.below(3),
            },
            _ => Relation::Congruent { m: 1 + g.below(3) },
        }
    }

    fn random_class(g: &mut Rng) -> crate::rules::BlockClass {
        use crate::rules::BlockClass;
        match g.below(3) {
            0 => BlockClass::OnePileAtLeast(1 + g.below(3)),
            1 => BlockClass::Diagonal,
            _ => BlockClass::All,
        }
    }

    /// The parts of a rule value, as the builder takes them.
    #[derive(Clone, Debug)]
    struct Parts {
        h: LengthSet,
        v: LengthSet,
        two: Option<(LengthSet, LengthSet, Relation)>,
        blocking: Option<(crate::rules::BlockClass, u64)>,
        corner: Option<(u64, u64)>,
        terminal: Option<u64>,
        memory: crate::rules::Memory,
        convention: crate::rules::Convention,
    }

    impl Parts {
        fn random(g: &mut Rng) -> Parts {
            use crate::rules::{Convention, Memory};
            let imitation = g.below(6) == 0;
            let maybe = |g: &mut Rng| g.below(2) == 0;
            Parts {
                h: random_set(g),
                v: random_set(g),
                two: (!imitation && maybe(g))
                    .then(|| (random_set(g), random_set(g), random_relation(g))),
                blocking: (!imitation && maybe(g)).then(|| (random_class(g), 2 + g.below(2))),
                corner: (!imitation && maybe(g)).then(|| (1 + g.below(3), 1 + g.below(3))),
                terminal: (!imitation && maybe(g)).then(|| g.below(4)),
                memory: if imitation {
                    Memory::Imitation {
                        p: 1 + g.below(2),
                        m: 1 + g.below(2),
                    }
                } else {
                    Memory::None
                },
                convention: if maybe(g) {
                    Convention::Normal
                } else {
                    Convention::Misere
                },
            }
        }
        fn build(&self) -> Option<Rules> {
            let mut b = Rules::builder().h(self.h.clone()).v(self.v.clone());
            if let Some((d1, d2, r)) = &self.two {
                b = b.two_pile(d1.clone(), d2.clone(), r.clone());
            }
            if let Some((c, p)) = self.blocking {
                b = b.blocking(c, p);
            }
            if let Some((u, v)) = self.corner {
                b = b.corner(u, v);
            }
            if let Some(t) = self.terminal {
                b = b.terminal(t);
            }
            b.memory(self.memory)
                .convention(self.convention)
                .build()
                .ok()
        }
    }

    /// `base` with the field `field` (a name of [`FIELDS`]) drawn anew.
    fn one_field_changed(base: &Parts, field: &str, g: &mut Rng) -> Parts {
        use crate::rules::{Convention, Memory};
        let mut p = base.clone();
        match field {
            "h" => p.h = random_set(g),
            "v" => p.v = random_set(g),
            "two" => {
                p.two = match (&p.two, g.below(3)) {
                    (_, 0) => None,
                    (Some((d1, d2, _)), 1) => Some((d1.clone(), d2.clone(), random_relation(g))),
                    _ => Some((random_set(g), random_set(g), random_relation(g))),
                }
            }
            "blocking" => p.blocking = (g.below(3) > 0).then(|| (random_class(g), 2 + g.below(2))),
            "corner" => p.corner = (g.below(3) > 0).then(|| (1 + g.below(3), 1 + g.below(3))),
            "terminal" => p.terminal = (g.below(3) > 0).then(|| g.below(4)),
            "memory" => {
                p.memory = match g.below(3) {
                    0 => Memory::None,
                    _ => Memory::Imitation {
                        p: 1 + g.below(2),
                        m: 1 + g.below(2),
                    },
                }
            }
            "convention" => {
                p.convention = match p.convention {
                    Convention::Normal => Convention::Misere,
                    Convention::Misere => Convention::Normal,
                }
            }
            other => panic!("no change written for the field {other}"),
        }
        p
    }

    /// Random rule values that differ in one field each: where the keys are
    /// equal, the two games are one game (their boards are equal, every
    /// field outside the moves is equal); fields the key never rewrites give
    /// different keys whenever they differ.
    #[test]
    fn rule_values_differing_in_one_field_have_different_keys() {
        use crate::solve::reference;
        let mut g = Rng(0x9e37_79b9_7f4a_7c15);
        let mut differed = std::collections::HashMap::<&str, usize>::new();
        let mut compared = 0;
        while compared < 600 {
            let base = Parts::random(&mut g);
            let field = FIELDS[g.below(FIELDS.len() as u64) as usize];
            let other = one_field_changed(&base, field, &mut g);
            let (Some(a), Some(b)) = (base.build(), other.build()) else {
                continue;
            };
            if a == b {
                continue;
            }
            compared += 1;
            let (ka, kb) = (
                move_set_key(&Game::single(a.clone())),
                move_set_key(&Game::single(b.clone())),
            );
            // never rewritten: a difference there is a difference of keys
            let plain = a.blocking() != b.blocking()
                || a.corner() != b.corner()
                || a.terminal() != b.terminal()
                || a.memory() != b.memory()
                || a.convention() != b.convention();
            if plain {
                assert_ne!(ka, kb, "{field}: {a:?} and {b:?} share a key");
            }
            if ka == kb {
                // one key: one game (moves and boards)
                for k in 0..=40u64 {
                    for l in 0..=40u64 {
                        assert_eq!(a.is_move(k, l), b.is_move(k, l), "{field}: move ({k}, {l})");
                    }
                }
                if a.memory() == crate::rules::Memory::None {
                    let (ta, tb) = (reference::outcomes(&a, 24), reference::outcomes(&b, 24));
                    for x in 0..24 {
                        for y in 0..24 {
                            assert_eq!(ta.get(x, y), tb.get(x, y), "{field}: ({x}, {y})");
                        }
                    }
                }
            } else {
                *differed.entry(field).or_default() += 1;
            }
        }
        // every field was changed, and its changes reached the key
        for f in FIELDS {
            assert!(
                differed.get(f).copied().unwrap_or(0) > 5,
                "{f}: {differed:?}"
            );
        }
    }

    /// Hostile round 4: the key once left the terminal set out, and
    /// `terminal-wythoff:l=1..3` were "proved" with Wythoff's automaton.
    #[test]
    fn terminal_sets_are_different_games() {
        let keys: std::collections::HashSet<String> = (0..=3)
            .map(|l| key(&format!("terminal-wythoff:l={l}")))
            .collect();
        assert_eq!(keys.len(), 4);
        assert_ne!(key("wythoff"), key("terminal-wythoff:l=1"));
    }

    #[test]
    fn known_equalities() {
        // the literal rook: l = 0 and l = 1 are the multiples of p
        assert_eq!(
            key("modulo-rook:m=2,l=0,p=3"),
            key("modulo-rook:m=2,l=1,p=3")
        );
        assert_ne!(
            key("modulo-rook:m=2,l=2,p=3"),
            key("modulo-rook:m=2,l=1,p=3")
        );
        // |l - k| a multiple of 3: t = 1..3 are one game, t = 4 another
        let r = |t: u64| key(&format!("restricted:s=1,t={t},h=3:0,v=3:0,d1=3:0,d2=3:0"));
        assert_eq!(r(1), r(3));
        assert_ne!(r(3), r(4));
        // the written form does not matter
        assert_eq!(
            key("restricted:s=1,t=1,h=all,v=all,d1=all,d2=all"),
            key("wythoff")
        );
        // conventions differ
        let g = parse_game("wythoff").unwrap().game;
        assert_ne!(
            move_set_key(&g),
            move_set_key(&g.with_convention(crate::rules::Convention::Misere))
        );
    }

    /// A proof sweep asks the prover for each record's representative (the
    /// first combination of the whole sweep with the same moves, whatever the
    /// shard), in the sweep's convention; `shared_with` names it; shards give
    /// the same records.
    #[test]
    fn run_with_asks_for_representatives() {
        use crate::rules::Convention;
        use crate::sweep::{run_with, Plan, Spec};
        let spec = Spec::parse("restricted:s=1,t=1..3,K=2..3,h=K:0,v=K:0,d1=K:0,d2=K:0").unwrap();
        let asked = std::sync::Mutex::new(Vec::new());
        let hook = |rep: u64, g: &crate::catalogue::NamedGame| {
            asked
                .lock()
                .unwrap()
                .push((rep, g.canonical.clone(), g.game.convention()));
            Ok(ProofRecord {
                verdict: Verdict::NoAutomaton,
                numeration: None,
                states: Some(rep as usize),
                witness: None,
                reason: None,
                walnut_version: "test".into(),
                jar_sha256: "0".into(),
                shared_with: None,
                side_false: Vec::new(),
            })
        };
        let records = |shard: (u64, u64)| {
            let mut plan = Plan::new(&spec, shard, 16, Convention::Misere);
            plan.group_distinct();
            let mut out = Vec::new();
            run_with::<crate::error::SolveError>(
                &plan,
                16,
                Convention::Misere,
                Some(&hook),
                &mut |_, _| {},
                &mut |r| {
                    out.push(r);
                    Ok(())
                },
            )
            .unwrap();
            out
        };
        let all = records((1, 1));
        // K = 2: t = 1, 2 are one game, t = 3 another; K = 3: t = 1..3 one game
        let reps: Vec<Option<u64>> = all
            .iter()
            .map(|r| r.proof.as_ref().unwrap().shared_with)
            .collect();
        assert_eq!(reps, [None, None, Some(0), Some(1), None, Some(1)]);
        for r in &all {
            let p = r.proof.as_ref().unwrap();
            assert_eq!(p.states, Some(p.shared_with.unwrap_or(r.index) as usize));
        }
        assert!(asked
            .lock()
            .unwrap()
            .iter()
            .all(|(_, _, c)| *c == Convention::Misere));
        // shard 2/2 holds 1, 3, 5 and asks for 1 (its own) only
        asked.lock().unwrap().clear();
        let two = records((2, 2));
        let mut reps: Vec<u64> = asked.lock().unwrap().iter().map(|a| a.0).collect();
        reps.sort_unstable();
        reps.dedup();
        assert_eq!(reps, [1]);
        for r in two {
            let mut r = r;
            r.shard = (1, 1);
            assert_eq!(r, all[r.index as usize]);
        }
        // shard 1/2 holds 0, 2, 4: 4's game is first met at 4
        asked.lock().unwrap().clear();
        records((1, 2));
        // (the records are made on several threads: the order of the asks is not fixed)
        let mut reps: Vec<u64> = asked.lock().unwrap().iter().map(|a| a.0).collect();
        reps.sort_unstable();
        reps.dedup();
        assert_eq!(reps, [0, 4]);
    }

    /// FAMILY's records as a proof sweep writes them: 0 (K = 2) proved, 1
    /// (K = 3) no automaton, 2 and 3 shared with 0 and 1.
    fn family_proofs() -> (crate::sweep::Spec, Vec<ProofRecord>) {
        let spec =
            crate::sweep::Spec::parse("restricted:s=1,t=1..2,K=2..3,h=K:0,v=K:0,d1=K:0,d2=K:0")
                .unwrap();
        let proved = ProofRecord {
            verdict: Verdict::Proved,
            numeration: Some("msd_fib".into()),
            states: Some(44),
            witness: None,
            reason: None,
            walnut_version: "6.2".into(),
            jar_sha256: "ab".into(),
            shared_with: None,
            side_false: Vec::new(),
        };
        let none = ProofRecord {
            verdict: Verdict::NoAutomaton,
            numeration: None,
            states: None,
            ..proved.clone()
        };
        let shared = |p: &ProofRecord, j| ProofRecord {
            shared_with: Some(j),
            ..p.clone()
        };
        let records = vec![
            proved.clone(),
            none.clone(),
            shared(&proved, 0),
            shared(&none, 1),
        ];
        (spec, records)
    }

    const PROVE: &str = "board=1024,walnut=6.2,jar=ab";

    /// Check `records` (combination, proof) in this order with one checker.
    fn check_all(spec: &crate::sweep::Spec, records: &[(u64, ProofRecord)]) -> Result<(), String> {
        let mut c = ProofCheck::new(spec, Some(PROVE));
        for (i, p) in records {
            c.check(*i, Some(p))
                .map_err(|e| format!("record {i}: {e}"))?;
        }
        Ok(())
    }

    #[test]
    fn consistent_proofs_pass_in_any_order() {
        let (spec, recs) = family_proofs();
        let mut all: Vec<(u64, ProofRecord)> = recs
            .into_iter()
            .enumerate()
            .map(|(i, p)| (i as u64, p))
            .collect();
        assert_eq!(check_all(&spec, &all), Ok(()));
        all.reverse();
        assert_eq!(check_all(&spec, &all), Ok(()));
        // a shard alone (2/2: combinations 1 and 3)
        assert_eq!(check_all(&spec, &[all[2].clone(), all[0].clone()]), Ok(()));
    }

    /// Hostile round 5: a `shared_with` naming a record of another verdict, a
    /// dropped `shared_with`, a `proved` without numeration or states were
    /// merged.
    #[test]
    fn inconsistent_proofs_are_refused() {
        let (spec, recs) = family_proofs();
        let all = |edit: &dyn Fn(&mut Vec<ProofRecord>)| -> Vec<(u64, ProofRecord)> {
            let mut r = recs.clone();
            edit(&mut r);
            r.into_iter()
                .enumerate()
                .map(|(i, p)| (i as u64, p))
                .collect()
        };
        let refused = |records: Vec<(u64, ProofRecord)>, words: &str| {
            for order in [false, true] {
                let mut rs = records.clone();
                if order {
                    rs.reverse();
                }
                let e = check_all(&spec, &rs).expect_err(words);
                assert!(e.contains(words), "{words}: {e}");
            }
        };
        // 2 shares 0's proof but says another verdict
        refused(
            all(&|r| r[2].verdict = Verdict::Refuted),
            "records of one game carry one proof",
        );
        refused(
            all(&|r| r[2].states = Some(45)),
            "records of one game carry one proof",
        );
        // 2's `shared_with` dropped (its game is 0's)
        refused(all(&|r| r[2].shared_with = None), "`shared_with` 0 dropped");
        // shared with another game
        refused(all(&|r| r[2].shared_with = Some(1)), "another game");
        // proved without numeration, without states, with a witness
        refused(all(&|r| r[0].numeration = None), "without a numeration");
        refused(all(&|r| r[0].states = None), "without states");
        refused(
            all(&|r| {
                r[0].witness = Some(Witness {
                    x: 1,
                    y: 2,
                    statement: "s".into(),
                })
            }),
            "with a witness",
        );
        // shared with a later combination
        refused(all(&|r| r[0].shared_with = Some(2)), "not an earlier one");
    }

    /// `shared_with` must name the first combination of its game, not any
    /// combination of it.
    #[test]
    fn shared_with_names_the_first_of_its_game() {
        // t = 1..3 with every set the multiples of 3: one game three times
        let spec = crate::sweep::Spec::parse("restricted:s=1,t=1..3,K=3,h=K:0,v=K:0,d1=K:0,d2=K:0")
            .unwrap();
        let (_, recs) = family_proofs();
        let p = recs[1].clone();
        let shared = |j| ProofRecord {
            shared_with: Some(j),
            ..p.clone()
        };
        let good = [(0, p.clone()), (1, shared(0)), (2, shared(0))];
        assert_eq!(check_all(&spec, &good), Ok(()));
        let e = check_all(&spec, &[(0, p.clone()), (1, shared(0)), (2, shared(1))]).unwrap_err();
        assert!(e.contains("the first combination of its game is 0"), "{e}");
    }

    #[test]
    fn proof_json_is_stable() {
        let p = ProofRecord {
            verdict: Verdict::Refuted,
            numeration: Some("msd_2".into()),
            states: Some(4),
            witness: Some(Witness {
                x: 3,
                y: 5,
                statement: "stable".into(),
            }),
            reason: None,
            walnut_version: "6.2".into(),
            jar_sha256: "ab".into(),
            shared_with: Some(2),
            side_false: Vec::new(),
        };
        let text = serde_json::to_string(&p).unwrap();
        assert_eq!(
            text,
            r#"{"verdict":"refuted","numeration":"msd_2","states":4,"witness":{"x":3,"y":5,"statement":"stable"},"walnut_version":"6.2","jar_sha256":"ab","shared_with":2}"#
        );
        assert_eq!(serde_json::from_str::<ProofRecord>(&text).unwrap(), p);
    }
}
