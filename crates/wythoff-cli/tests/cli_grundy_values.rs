//! Issue 49: `wythoff rows`, `grundy GAME X Y` at any size (from a certified
//! row, the row kernel or a board), and `sum` of games (three hand-checked
//! examples, one with a 1000-digit pile); the refusals are one line, exit 2.

mod common;
use common::wythoff_ok as ok;
use common::wythoff_refused as refused;

fn json(args: &[&str]) -> serde_json::Value {
    serde_json::from_str(&ok(args)).unwrap()
}

#[test]
fn rows_json_has_the_law_and_the_certificate() {
    let j = json(&[
        "rows",
        "wythoff",
        "--rows",
        "3..5",
        "--columns",
        "4096",
        "--format",
        "json",
    ]);
    let rows = j.as_array().unwrap();
    assert_eq!(rows.len(), 3);
    // row 3: 3,4,5,6,2,0,1,9,10,12,8,7,15,11,16,17,14,... (period 6 from 8)
    assert_eq!(rows[0]["row"], 3);
    assert_eq!(rows[0]["preperiod"], 8);
    assert_eq!(rows[0]["period"], 6);
    assert_eq!(rows[0]["saltus"], 6);
    assert_eq!(rows[0]["proved"], true);
    assert_eq!(rows[0]["columns"], 4096);
    assert!(rows[0]["repeat"].is_array());
    let plan = json(&["rows", "wythoff", "--rows", "0..128", "--plan"]);
    assert_eq!(plan["admitted"], true);
    assert_eq!(plan["window"], 256);
    let e = refused(&["rows", "modular:m=3", "--rows", "2"]);
    assert!(e.contains("unboundedly many columns"), "{e}");
    let e = refused(&["rows", "wythoff", "--rows", "9..3"]);
    assert!(e.contains("--rows"), "{e}");
}

/// `grundy wythoff X Y` equals the board's value wherever both exist.
#[test]
fn position_values_equal_the_board() {
    // the csv grid: line x holds row x
    let csv = ok(&["grundy", "wythoff", "--max", "64", "--format", "csv"]);
    let mut seen = 0;
    for (xi, line) in csv.lines().enumerate() {
        for (yi, v) in line.split(',').enumerate() {
            if (xi * 7 + yi * 3) % 53 != 0 {
                continue;
            }
            let (x, y) = (xi.to_string(), yi.to_string());
            let out = ok(&["grundy", "wythoff", &x, &y]);
            assert_eq!(out.lines().next().unwrap(), v, "({x}, {y})");
            seen += 1;
        }
    }
    assert!(seen > 60, "{seen}");
}

#[test]
fn a_thousand_digit_pile_from_a_certified_row() {
    let y = format!("7{}", "3".repeat(999));
    let j = json(&["grundy", "wythoff", "5", &y, "--format", "json"]);
    let b = &j["basis"];
    assert_eq!(b["kind"], "certified-row");
    assert_eq!(b["row"], 5);
    assert_eq!(b["period"], 24);
    assert_eq!(b["certificate"], "docs/grundy-rows/wythoff.txt");
    // G(5, y) = G(5, y0) + (y - y0), y0 = y (mod 24), G(5, y0) from the board
    let y0 = b["y0"].as_u64().unwrap();
    let board = ok(&["grundy", "wythoff", "--max", "128", "--format", "csv"]);
    let g0: u64 = board
        .lines()
        .nth(5)
        .unwrap()
        .split(',')
        .nth(y0 as usize)
        .unwrap()
        .parse()
        .unwrap();
    // value - y = g0 - y0 (the saltus equals the period)
    let v = j["value"].as_str().unwrap();
    assert_eq!(v.len(), 1000);
    let tail = |s: &str| s[s.len() - 6..].parse::<i64>().unwrap();
    assert_eq!(tail(v) - tail(&y), g0 as i64 - y0 as i64);
    assert_eq!(&v[..990], &y[..990]);
    // the same position swapped (Wythoff is symmetric), and row 100
    assert_eq!(
        ok(&["grundy", "wythoff", &y, "5"]).lines().next().unwrap(),
        v
    );
    let j = json(&["grundy", "wythoff", "100", &y, "--format", "json"]);
    assert_eq!(j["basis"]["row"], 100);
    assert_eq!(j["basis"]["period"], 12288);
}

#[test]
fn a_position_beyond_every_basis_is_refused() {
    let e = refused(&["grundy", "wythoff", "1000000", "1000001"]);
    assert!(e.contains("beyond the certified rows 0..128"), "{e}");
    assert!(e.contains("docs/grundy-rows/wythoff.txt"), "{e}");
    let e = refused(&["grundy", "blocking-wythoff:k=4", "3", "5"]);
    assert!(e.to_lowercase().contains("block"), "{e}");
}

/// Three sums checked by hand.
#[test]
fn sums_checked_by_hand() {
    // Nim heaps 3, 5, 6: 3 ^ 5 ^ 6 = 0
    let j = json(&[
        "sum", "nim", "3", "0", "nim", "5", "0", "nim", "6", "0", "--format", "json",
    ]);
    assert_eq!(j["outcome"], "P");
    assert_eq!(j["value"], "0");
    assert!(j["move"].is_null());
    // Wythoff (1, 2) is P (value 0) plus a Nim heap of 1: N, value 1, empty the heap
    let j = json(&[
        "sum", "wythoff", "1", "2", "nim", "1", "0", "--format", "json",
    ]);
    assert_eq!(j["outcome"], "N");
    assert_eq!(j["value"], "1");
    assert_eq!(j["move"]["component"], 1);
    assert_eq!(j["move"]["to"], serde_json::json!(["0", "0"]));
    // Y = 10^999: row 2 of Wythoff is 2, 0, 1 then + 3 a period (period 3 from
    // 0), so G(2, Y) = Y - 1 (Y = 1 mod 3); with a Nim heap of Y the value is
    // (Y - 1) ^ Y = 2^1000 - 1 (Y's lowest bit is bit 999); the move takes the
    // heap to Y - 1 (the Wythoff component's value would grow)
    let y = format!("1{}", "0".repeat(999));
    let y1 = "9".repeat(999);
    let j = json(&[
        "sum", "wythoff", "2", &y, "nim", &y, "0", "--format", "json",
    ]);
    assert_eq!(j["outcome"], "N");
    assert_eq!(j["components"][0]["value"], y1.as_str());
    let two_1000_minus_1 = {
        // 2^1000 - 1 in decimal, by doubling
        let mut d = vec![1u32];
        for _ in 0..1000 {
            let mut carry = 0;
            for v in d.iter_mut() {
                let t = *v * 2 + carry;
                *v = t % 10;
                carry = t / 10;
            }
            if carry > 0 {
                d.push(carry);
            }
        }
        d[0] -= 1; // 2^1000 ends in 6: no borrow
        d.iter()
            .rev()
            .map(|v| char::from(b'0' + *v as u8))
            .collect::<String>()
    };
    assert_eq!(j["value"], two_1000_minus_1.as_str());
    assert_eq!(j["move"]["component"], 1);
    assert_eq!(j["move"]["to"], serde_json::json!([y1.as_str(), "0"]));
    // misère and blocking sums are refused with the reason
    let e = refused(&["sum", "wythoff", "1", "2", "nim", "1", "0", "--misere"]);
    assert!(e.contains("do not add"), "{e}");
    let e = refused(&["sum", "blocking-wythoff:k=4", "1", "2", "nim", "1", "0"]);
    assert!(e.to_lowercase().contains("block"), "{e}");
}

/// Issue 49 item 3: `outcome` gives the position's Grundy value where it is
/// known: the value and basis of `grundy GAME X Y` (JSON `grundy`, text a
/// `# Grundy value V (basis)` line); where it is not known (beyond the
/// certified rows and too big to compute), and for blocking and misère
/// play, `grundy` is null and no line is written.
#[test]
fn outcome_gives_the_grundy_value_where_known() {
    let big = format!("7{}", "3".repeat(999));
    for (game, x, y) in [
        ("wythoff", "3", "5"),
        ("wythoff", "4", "6"),
        ("wythoff", "5", big.as_str()),
        ("wythoff", big.as_str(), "100"),
        ("m-wythoff:m=2", "7", big.as_str()),
    ] {
        let o = json(&["outcome", game, x, y, "--format", "json"]);
        let g = json(&["grundy", game, x, y, "--format", "json"]);
        assert_eq!(o["grundy"]["value"], g["value"], "{game} ({x}, {y})");
        assert_eq!(o["grundy"]["basis"], g["basis"], "{game} ({x}, {y})");
        // P exactly when the value is 0
        assert_eq!(o["outcome"] == "P", g["value"] == "0", "{game} ({x}, {y})");
        let text = ok(&["outcome", game, x, y]);
        let line = format!("# Grundy value {} (", g["value"].as_str().unwrap());
        assert_eq!(
            text.lines().filter(|l| l.starts_with(&line)).count(),
            1,
            "{game} ({x}, {y}): {text}"
        );
    }
    // 2-Wythoff's row 7 from its shipped table
    let o = json(&["outcome", "m-wythoff:m=2", "7", &big, "--format", "json"]);
    assert_eq!(
        o["grundy"]["basis"]["certificate"],
        "docs/grundy-rows/m-wythoff-m-2.txt"
    );
    for args in [
        &["outcome", "wythoff", "1000000", "1000001"][..],
        &["outcome", "blocking-wythoff:k=4", "3", "5"][..],
        &["outcome", "wythoff", "3", "5", "--misere"][..],
    ] {
        let mut j = args.to_vec();
        j.extend(["--format", "json"]);
        assert!(json(&j)["grundy"].is_null(), "{args:?}");
        assert!(!ok(args).contains("Grundy value"), "{args:?}");
    }
}
