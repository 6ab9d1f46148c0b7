//! Tests of the ray and line fitting on constructed point sets and small boards.

use super::*;

/// Points on two lines `y = 2x + 1` and `y = 3x` give two rays with their slopes.
#[test]
fn two_lines_two_rays() {
    let n = 512;
    let b = Board::from_fn(n, |x, y| {
        y == 2 * x + 1 || y == 3 * x || x == 2 * y + 1 || x == 3 * y
    });
    let r = find(&b).unwrap();
    assert_eq!(r.slopes, vec![2.0, 3.0]);
    assert_eq!(r.from, 32);
    assert_eq!(r.read_on, 256);
    // x in 32..=255 on y = 2x + 1 < 512; x in 32..=170 on y = 3x
    assert_eq!(r.counts, vec![224, 139]);
    assert_eq!(r.bounds[1], ["3".to_string(), "3".to_string()]);
    // one line each, exact: y = 2x + 1 and y = 3x
    assert_eq!(r.lines.len(), 2);
    assert_eq!(r.lines[0].slope_exact, "2");
    assert_eq!(r.lines[0].intercept_exact, "1");
    assert_eq!(r.lines[1].slope_exact, "3");
    assert_eq!(r.lines[1].intercept_exact, "0");
}

/// Two parallel lines `y = 2x + 1`, `y = 2x + 9` are one ray of two lines,
/// each with its exact intercept, covers and slope derived from them.
#[test]
fn parallel_lines_are_split_with_their_intercepts() {
    let on = |x: usize, y: usize| y == 2 * x + 1 || y == 2 * x + 9;
    let b = Board::from_fn(512, |x, y| on(x, y) || on(y, x));
    let r = find(&b).unwrap();
    assert_eq!(r.slopes.len(), 1, "{r:?}");
    assert_eq!(r.lines.len(), 2, "{r:?}");
    for (l, c) in r.lines.iter().zip(["1", "9"]) {
        assert_eq!(l.ray, 0);
        assert_eq!(l.slope_exact, "2");
        assert_eq!(l.intercept_exact, c);
        assert_eq!(l.residual, [c.to_string(), c.to_string()]);
        // one point per column and per diagonal, rows alternate 0 and 1
        let cv = &l.covers;
        assert_eq!(cv.columns.as_ref().unwrap().values, vec![1]);
        assert_eq!(cv.diagonals.as_ref().unwrap().values, vec![1]);
        assert_eq!(cv.rows.as_ref().unwrap().values, vec![0, 1]);
        let f = l.closed_form.as_ref().unwrap();
        assert_eq!(f.text, "2");
        assert!(f.how.starts_with("derived from covers (measured)"));
    }
    // the columns read: x0 = 32 up to the last column whose band is on the board
    let c = r.lines[1].covers.columns.as_ref().unwrap();
    assert_eq!((c.from, c.to), (32, (511 - 9) / 2));
}

/// A band three cells thick (no gap of a cell in its residuals) stays one line.
#[test]
fn a_thick_band_is_not_split() {
    let on = |x: usize, y: usize| y >= 2 * x + 1 && y <= 2 * x + 3;
    let b = Board::from_fn(512, |x, y| on(x, y) || on(y, x));
    let r = find(&b).unwrap();
    assert_eq!(r.lines.len(), 1, "{r:?}");
    let l = &r.lines[0];
    assert_eq!(l.covers.columns.as_ref().unwrap().values, vec![3]);
    assert_eq!(l.covers.diagonals.as_ref().unwrap().values, vec![3]);
    assert_eq!(l.closed_form.as_ref().unwrap().text, "2");
}

/// The covers of `y = floor(5x/2) + j`, `j = 0, 1, 2`: 3 per column, 2 per
/// diagonal, rows 1 or 2; the slope 5/2 from columns and diagonals.
#[test]
fn covers_of_a_band_of_slope_five_halves() {
    let on = |x: usize, y: usize| y >= 5 * x / 2 && y <= 5 * x / 2 + 2;
    let b = Board::from_fn(1024, |x, y| on(x, y) || on(y, x));
    let r = find(&b).unwrap();
    assert_eq!(r.lines.len(), 1, "{r:?}");
    let cv = &r.lines[0].covers;
    assert_eq!(cv.columns.as_ref().unwrap().values, vec![3]);
    assert_eq!(cv.diagonals.as_ref().unwrap().values, vec![2]);
    assert_eq!(cv.rows.as_ref().unwrap().values, vec![1, 2]);
    let f = r.lines[0].closed_form.as_ref().unwrap();
    assert_eq!((f.text.as_str(), f.a, f.b, f.c), ("5/2", 5, 0, 2));
    assert!(f.decimals_shared >= 3, "{f:?}");
}

/// Wythoff's P-positions: every index is a column or a row of exactly one
/// point (K = 1), every diagonal holds one (e = 1): `a^2 - a - 1 = 0`.
#[test]
fn wythoff_pairs_give_the_golden_ratio_from_covers() {
    let n = 1024usize;
    let mut p = vec![false; n * n];
    // a_k = floor(k phi), b_k = a_k + k, by the mex rule
    let mut used = vec![false; 4 * n];
    let mut k = 0usize;
    for a in 0..n {
        if used[a] {
            continue;
        }
        let b = a + k;
        used[a] = true;
        if b < used.len() {
            used[b] = true;
        }
        if b < n {
            p[a * n + b] = true;
            p[b * n + a] = true;
        }
        k += 1;
    }
    let b = Board::from_fn(n, |x, y| p[x * n + y]);
    let r = find(&b).unwrap();
    assert_eq!(r.lines.len(), 1, "{r:?}");
    let l = &r.lines[0];
    assert_eq!(l.covers.columns_and_rows.as_ref().unwrap().values, vec![1]);
    assert_eq!(l.covers.diagonals.as_ref().unwrap().values, vec![1]);
    let f = l.closed_form.as_ref().unwrap();
    assert_eq!((f.a, f.b, f.d, f.c), (1, 1, 5, 2), "{f:?}");
    assert_eq!(f.text, "(1 + sqrt 5) / 2");
    assert!(f.decimals_shared >= 3, "{f:?}");
}

/// Covers that vary give no closed form, and say so.
#[test]
fn varying_covers_leave_the_slope_open() {
    // y = 2x + 1 on odd x only, y = 2x + 4 on x = 0 mod 3
    let on = |x: usize, y: usize| (x % 2 == 1 && y == 2 * x + 1) || (x % 3 == 0 && y == 2 * x + 4);
    let b = Board::from_fn(512, |x, y| on(x, y) || on(y, x));
    let r = find(&b).unwrap();
    assert_eq!(r.lines.len(), 2, "{r:?}");
    for l in &r.lines {
        assert!(l.closed_form.is_none(), "{l:?}");
        assert!(
            l.open.as_ref().unwrap().contains("do not determine"),
            "{l:?}"
        );
    }
}

#[test]
fn decimals_shared_counts_agreeing_decimals() {
    let p = 2_414_213_562_373i128; // 1 + sqrt 2, 12 decimals
    assert_eq!(decimals_shared(p, 2_414_209, 1_000_000), 5);
    assert_eq!(decimals_shared(p, 24, 10), 1); // |2.41421 - 2.4| < 0.05
    assert_eq!(decimals_shared(p, 25, 10), 0);
    assert_eq!(decimals_shared(2_500_000_000_000, 2_499_999, 1_000_000), 5);
}
