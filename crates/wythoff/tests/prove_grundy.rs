//! `prove --grundy`'s statements (their text) and its guesser on a known
//! formula (m-Modular m = 3, Khovanova-Niu): no Walnut needed.

use wythoff::prove::grundy::{function_statements, level_statements, search, GrundyModel};
use wythoff::prove::numeration::Numeration;

#[test]
fn function_statements_text() {
    let (defs, st) = function_statements();
    assert_eq!(
        defs,
        [(
            "reach".to_string(),
            "E c,d $opt(a,b,c,d) & $grundy(c,d,z)".to_string()
        )]
    );
    let text: Vec<(String, String)> = st.into_iter().map(|s| (s.name, s.body)).collect();
    assert_eq!(
        text,
        [
            ("g_total", "(E z $grundy(a,b,z))"),
            (
                "g_functional",
                "(A z,w (($grundy(a,b,z) & $grundy(a,b,w)) => z=w))"
            ),
            (
                "no_equal_option",
                "(A z ($grundy(a,b,z) => ~$reach(a,b,z)))"
            ),
            ("mex", "(A z,w (($grundy(a,b,z) & w<z) => $reach(a,b,w)))"),
        ]
        .map(|(a, b)| (a.to_string(), b.to_string()))
    );
}

#[test]
fn level_statements_text() {
    let (defs, st) = level_statements(1);
    assert_eq!(defs[1].0, "hit1");
    assert_eq!(defs[1].1, "E c,d $opt(a,b,c,d) & $lev1(c,d)");
    let text: Vec<(String, String)> = st.into_iter().map(|s| (s.name, s.body)).collect();
    assert_eq!(
        text,
        [
            ("lev0_stable", "($lev0(a,b) => ~$hit0(a,b))"),
            ("lev0_absorbing", "((~$lev0(a,b)) => $hit0(a,b))"),
            ("lev1_outside", "($lev1(a,b) => ~($lev0(a,b)))"),
            ("lev1_stable", "($lev1(a,b) => ~$hit1(a,b))"),
            (
                "lev1_absorbing",
                "((~$lev0(a,b) & ~$lev1(a,b)) => $hit1(a,b))"
            ),
        ]
        .map(|(a, b)| (a.to_string(), b.to_string()))
    );
}

#[test]
fn modular_three_in_base_three() {
    // G(3i+r, 3j+s) = 3(i+j) + (r+s mod 3): a small automaton in base 3
    let g = |x: u64, y: u64| 3 * (x / 3 + y / 3) + (x % 3 + y % 3) % 3;
    let (m, tried) = search(&[Numeration::Base(3)], 243, &g, None, 50);
    let Some(GrundyModel::Function(rel)) = m else {
        panic!("{tried:?}")
    };
    assert!(rel.states() <= 20, "{}", rel.states());
    // the formula's mutant (t = r + s + 1 mod 3) is guessed as well: its
    // refutation is Walnut's (crates/wythoff-cli/tests/cli_prove_grundy.rs)
    let bad = |x: u64, y: u64| 3 * (x / 3 + y / 3) + (x % 3 + y % 3 + 1) % 3;
    let (m, _) = search(&[Numeration::Base(3)], 243, &bad, None, 50);
    assert!(matches!(m, Some(GrundyModel::Function(_))));
}

#[test]
fn files_of_a_function_proof() {
    let g = |x: u64, y: u64| 3 * (x / 3 + y / 3) + (x % 3 + y % 3) % 3;
    let (m, _) = search(&[Numeration::Base(3)], 81, &g, None, 50);
    let model = m.expect("found");
    let s = wythoff::subject::Subject::parse("modular:m=3", false).unwrap();
    let f = wythoff::prove::grundy::grundy_files(&s, &model).unwrap();
    assert_eq!(
        f.core,
        ["g_total", "g_functional", "no_equal_option", "mex"]
    );
    assert_eq!(f.winning, None);
    let file = |name: &str| {
        f.files
            .iter()
            .find(|(p, _)| p == name)
            .map(|(_, t)| t.clone())
            .unwrap_or_else(|| panic!("{name}"))
    };
    assert!(file("Automata Library/grundy.txt").starts_with("msd_3 msd_3 msd_3\n"));
    let cmd = file("Command Files/prove.txt");
    // the move relation is the P-set proof's own definition
    assert!(
        cmd.contains("def dmv \"?msd_3 c<a & d<b & (E q1 (a+d=b+c+3*q1 | b+c=a+d+3*q1))"),
        "{cmd}"
    );
    assert!(cmd.contains("def opt \"?msd_3 "), "{cmd}");
    assert!(
        cmd.contains("def reach \"?msd_3 E c,d $opt(a,b,c,d) & $grundy(c,d,z)\":"),
        "{cmd}"
    );
    assert!(
        cmd.contains(
            "eval mex \"?msd_3 A a,b (A z,w (($grundy(a,b,z) & w<z) => $reach(a,b,w)))\":"
        ),
        "{cmd}"
    );
    let wit = file("Command Files/witness.txt");
    assert!(
        wit.contains(
            "eval wit_no_equal_option \"?msd_3 ~((A z ($grundy(a,b,z) => ~$reach(a,b,z))))\";"
        ),
        "{wit}"
    );
    // games without Grundy values are refused before any file
    for (game, why) in [
        ("blocking-wythoff:k=2", "blocking"),
        ("imitation:p=2,m=1", "memory"),
        ("choose-shift:m=1,p=2", "choice"),
    ] {
        let s = wythoff::subject::Subject::parse(game, false).unwrap();
        let e = wythoff::prove::grundy::grundy_refusal(&s).expect(game);
        assert!(e.to_string().contains(why), "{game}: {e}");
    }
}
