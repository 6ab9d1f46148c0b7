//! `prove --numeration` takes the numerations of derived slopes by name
//! (issue 51): `frac:(P+sqrtD)/Q`, `inv:(P+sqrtD)/Q` and the Walnut names
//! prove writes; bad forms are refused in one line, exit 2. The guess alone
//! (`--plan`) on a small board, once (the parsing itself, every form, is
//! unit-tested in `prove::numeration`).

mod common;

use common::wythoff as run;

#[test]
fn derived_slope_numerations_by_name() {
    for (spec, want) in [("frac:(2+sqrt29)/5", "Ostrowski [0; (2, 10, 2, 1, 1)]")] {
        let o = run(&[
            "prove",
            "blocking-wythoff:k=5",
            "--max",
            "64",
            "--numeration",
            spec,
            "--plan",
            "--format",
            "json",
        ]);
        assert!(
            o.status.success(),
            "{spec}: {}",
            String::from_utf8_lossy(&o.stderr)
        );
        let j: serde_json::Value = serde_json::from_slice(&o.stdout).unwrap();
        let tried = j["tried"].to_string();
        assert!(tried.contains(want), "{spec}: {j}");
    }
    for bad in [
        "frac:(1+sqrt4)/1",
        "inv:1+sqrt2",
        "frac:(17+sqrt4514)/65",
        "msd_o0p",
    ] {
        let o = run(&[
            "prove",
            "blocking-wythoff:k=5",
            "--max",
            "64",
            "--numeration",
            bad,
            "--plan",
        ]);
        assert_eq!(o.status.code(), Some(2), "{bad}");
        let e = String::from_utf8_lossy(&o.stderr);
        assert_eq!(e.trim().lines().count(), 1, "{bad}: {e}");
        assert!(e.contains("allowed:"), "{bad}: {e}");
    }
}
