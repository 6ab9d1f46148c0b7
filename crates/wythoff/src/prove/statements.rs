//! The statements beside the rules' own ([`super::formula`]): the papers'
//! complementarity, the graphs' statements of a proof through the pairs, seed
//! 000's statements about them, and what each statement says ([`purpose`]).

use super::automaton::AUTOMATON;
use super::formula::Statement;
use super::pairs::{PairsModel, GRAPH_A, GRAPH_B};
use crate::subject::Subject;

/// "At least `k` distinct values satisfy `atom`": `(E v1,...,vk v1<v2 & ... &
/// atom(v1) & ... & atom(vk))` with `v` the `prefix`; `(0=0)` for `k = 0`.
fn at_least_distinct(prefix: &str, k: u64, atom: impl Fn(&str) -> String) -> String {
    if k == 0 {
        return "(0=0)".into();
    }
    let vs: Vec<String> = (1..=k).map(|i| format!("{prefix}{i}")).collect();
    let mut conj: Vec<String> = vs
        .windows(2)
        .map(|w| format!("{}<{}", w[0], w[1]))
        .collect();
    conj.extend(vs.iter().map(|v| atom(v)));
    format!("(E {} {})", vs.join(","), conj.join(" & "))
}

/// The papers' complementarity as a statement about the P-set: every `x >= 1` is
/// the first pile of exactly `c` P-positions (each value `c` times among the pairs).
pub fn complementarity(c: u64) -> Statement {
    let at_least = |k: u64| at_least_distinct("y", k, |v| format!("${AUTOMATON}(a,{v})"));
    Statement {
        name: "p_complementarity".into(),
        body: format!("(a>=1 & b=b) => ({} & ~{})", at_least(c), at_least(c + 1)),
    }
}

/// The statements about the graphs themselves, part of the proof through the
/// pairs: each graph is a function of `n` (exactly one value) and increasing
/// (strictly where the pairs read were: `a_n` repeats in the blocking games
/// of seed 000, each value `p` times), so the proved set is
/// `{(a_n, b_n)} u {(b_n, a_n)}` for two increasing sequences (variables: `a`
/// is `n`, `b` unused).
pub fn graph_statements(m: &PairsModel) -> Vec<Statement> {
    let mut out = Vec::new();
    for (g, which, strict) in [(GRAPH_A, "a", m.a_strict), (GRAPH_B, "b", m.b_strict)] {
        out.push(Statement {
            name: format!("graph_{which}_function"),
            body: format!("(E c ${g}(a,c)) & (A c,d (${g}(a,c) & ${g}(a,d)) => c=d) & b=b"),
        });
        let (name, op) = if strict {
            (format!("graph_{which}_increasing"), "<")
        } else {
            (format!("graph_{which}_nondecreasing"), "<=")
        };
        out.push(Statement {
            name,
            body: format!("(A c,d (${g}(a,c) & ${g}(a+1,d)) => c{op}d) & b=b"),
        });
    }
    out
}

/// Seed 000's Theorem 2.1 (i) about the pairs of a game whose rules are those of
/// `mWN^p` (the m-bishop `|k - l| < m`, blocking of up to `p - 1` one-pile moves
/// of length at least `m`), as statements about the graphs (not part of the
/// proof of the P-set; empty for other rules):
///
/// - `b_minus_a`: `b_n - a_n = m n`;
/// - `a_b_complementary`: `a` and `b_{>0}` are p-complementary on `Z_{>=0}`
///   (every `x >= 0` occurs exactly `p` times among `a_0, a_1, ...` and
///   `b_1, b_2, ...`: the paper's Definition 1 with its Remark 1).
///
/// With `graph_*` (functions, `a` non-decreasing, `b` increasing) these are
/// item (i) of the paper's Theorem 4.1, which proves that (i) holds only for
/// `a_n = floor(n phi_{mp} / p)`, `b_n = a_n + m n`: TRUE for all of them
/// proves that the graphs are the paper's formula (docs/proofs.md).
pub fn pairs_paper_statements(s: &Subject) -> Vec<Statement> {
    let Some((m, p)) = mwn_blocking(s) else {
        return Vec::new();
    };
    vec![
        Statement {
            name: "b_minus_a".into(),
            body: format!("(A c,d (${GRAPH_A}(a,c) & ${GRAPH_B}(a,d)) => d=c+{m}*a) & b=b"),
        },
        sequences_complementary(p),
    ]
}

/// `(m, p)` when the rules are seed 000's `mWN^p` in normal play.
fn mwn_blocking(s: &Subject) -> Option<(u64, u64)> {
    let r = s.game.as_single()?;
    let two = r.two_pile()?;
    let crate::rules::Relation::Band { m } = two.relation else {
        return None;
    };
    let b = r.blocking()?;
    let crate::rules::BlockClass::OnePileAtLeast(l) = b.class else {
        return None;
    };
    (l == m
        && (1..=8).contains(&b.p)
        && r.convention() == crate::rules::Convention::Normal
        && r.corner().is_none()
        && two.d1.is_all()
        && two.d2.is_all()
        && r.h().is_all()
        && r.v().is_all())
    .then_some((m, b.p))
}

/// p-complementarity of the sequences themselves: every value `a` (any `x >= 0`)
/// is `a_n` for exactly `p - 1` indices `n` where it is some `b_n` with `n >= 1`,
/// and for exactly `p` where it is none (at most one `b_n` takes it:
/// `graph_b_increasing`).
pub fn sequences_complementary(p: u64) -> Statement {
    // "at least k indices n with a_n = a"
    let at_least = |k: u64| at_least_distinct("n", k, |v| format!("${GRAPH_A}({v},a)"));
    let exactly = |k: u64| format!("({} & ~{})", at_least(k), at_least(k + 1));
    let in_b = format!("(E n n>=1 & ${GRAPH_B}(n,a))");
    Statement {
        name: "a_b_complementary".into(),
        body: format!(
            "({in_b} => {}) & (~{in_b} => {}) & b=b",
            exactly(p - 1),
            exactly(p)
        ),
    }
}

/// Seed 000's second question of section 7 as a statement: is `b_n - a_n` an
/// arithmetic progression? Its step would be the first one ([`PairsModel::first_step`]):
/// TRUE or FALSE answers the question for the game (not part of the proof).
pub fn difference_progression(m: &PairsModel) -> Option<Statement> {
    let d = m.first_step?;
    // b_{n+1} - a_{n+1} = b_n - a_n + d, over the positions: v + x = y + u + d
    let eq = if d >= 0 {
        format!("v+x=y+u+{d}")
    } else {
        format!("v+x+{}=y+u", -d)
    };
    Some(Statement {
        name: "difference_ap".into(),
        body: format!(
            "(A x,y,u,v (${GRAPH_A}(a,x) & ${GRAPH_B}(a,y) & ${GRAPH_A}(a+1,u) & ${GRAPH_B}(a+1,v)) => {eq}) & b=b"
        ),
    })
}

/// What a statement of the emitted files says, for its comment (and the
/// report): the rules' statements, the adder's, the papers' further ones.
pub fn purpose(name: &str) -> String {
    let s = match name {
        "stable" => "no move leads from a position of the set to a position of the set",
        "absorbing" => "from every position outside the set some move leads into the set",
        "no_terminal" => "misère - every position of the set has a move (the terminal positions are N)",
        "in_set_is_p" => "blocking - every position of the set satisfies the recursion of a P-position (no unblockable option in the set, fewer than p blockable ones)",
        "p_is_in_set" => "blocking - every position satisfying the recursion of a P-position is in the set",
        "on_board" => "the set avoids the removed corner",
        "adder_total" => "the custom base's adder gives every two numbers a sum",
        "adder_functional" => "the adder gives at most one sum",
        "adder_zero" => "a + 0 = a",
        "adder_successor" => "a + succ(b) = succ(a + b), with succ the next valid word in Walnut's order - with adder_zero, the adder is addition (induction on b)",
        "successor_of_zero" => "the constants mean what they say - 0 is the least number, succ(0) = 1, succ(1) = 2, ... up to the largest constant of the formulas",
        "unbounded" => "every number has a larger one (the order of the valid words is infinite)",
        "p_complementarity" => "the papers' complementarity - every x >= 1 is the first pile of the same number of P-positions (not part of the proof)",
        "graph_a_function" => "n -> a_n is a function - exactly one a_n for each n",
        "graph_b_function" => "n -> b_n is a function - exactly one b_n for each n",
        "graph_a_increasing" => "a_n is strictly increasing",
        "graph_b_increasing" => "b_n is strictly increasing",
        "graph_a_nondecreasing" => "a_n never decreases",
        "graph_b_nondecreasing" => "b_n never decreases",
        "closed_form" => "the formula oracle's closed form (the paper's families of pairs) is exactly the proved set (not part of the proof)",
        "difference_ap" => "seed 000 section 7's question - is b_n - a_n an arithmetic progression (its step the first one)? TRUE or FALSE answers it (not part of the proof)",
        "b_minus_a" => "the paper's formula - b_n - a_n = m n (seed 000 Theorem 2.1 (i), not part of the proof)",
        "a_b_complementary" => "the paper's p-complementarity - a and b_(n>0) are p-complementary on the integers >= 0 (each x >= 0 is a_n or b_n, n >= 1, for exactly p indices n), with b_minus_a and graph_a_nondecreasing item (i) of seed 000 Theorem 4.1, so a_n = floor(n phi_mp / p) and b_n = a_n + m n (not part of the proof)",
        other => return format!("the statement {other}"),
    };
    s.to_string()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_papers_statements_of_mwn_p_only() {
        let s = Subject::parse("roob-blocking:m=2,p=3", false).unwrap();
        let st = pairs_paper_statements(&s);
        let names: Vec<&str> = st.iter().map(|s| s.name.as_str()).collect();
        assert_eq!(names, ["b_minus_a", "a_b_complementary"]);
        assert!(st[0].body.contains("d=c+2*a"), "{}", st[0].body);
        // exactly p = 3 (at least 3, not 4) where no b_n takes the value, else 2
        let c = &st[1].body;
        assert!(c.contains("n1<n2 & n2<n3 & n3<n4"), "{c}");
        assert!(!c.contains("n5"), "{c}");
        assert!(c.contains("(E n n>=1 & $pb(n,a))"), "{c}");
        assert_eq!(sequences_complementary(1).body.matches("(0=0)").count(), 1);
        // not the paper's game: misère play, the modulo rook, another blocked class
        for (game, misere) in [
            ("roob-blocking:m=2,p=3", true),
            ("modulo-rook:m=2,l=1,p=3", false),
            ("roob-blocking:m=2,p=3,l=1", false),
        ] {
            if let Ok(s) = Subject::parse(game, misere) {
                assert!(pairs_paper_statements(&s).is_empty(), "{game}");
            }
        }
    }
}
