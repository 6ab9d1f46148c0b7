//! Counting two-pile options in `O(1)` per position for unbounded move regions:
//! the (s,t) cone with `s >= 2` (seed 003; Fraenkel's (s,t)-Wythoff) and the
//! congruence `k = l (mod m)` (m-Modular Wythoff, seed 001).
//!
//! Let `C` be the set of two-pile moves `(k, l)`. For both relations there are
//! translations `v1`, `v2` with `C + v1 ⊆ C`, `C + v2 ⊆ C`, and
//!
//! ```text
//! C = (C + v1) ∪ (C + v2) ∪ E,      (C + v1) ∩ (C + v2) = (C + v1 + v2) ∪ F
//! ```
//!
//! with `E` and `F` finite (and `E`, `F` disjoint from the other parts).
//! - cone `{k, l >= 1 : l <= s k + t - 1, k <= s l + t - 1}`: `v1 = (1, s)`,
//!   `v2 = (s, 1)`; `E`, `F` lie in the box `k, l <= s^2 + 2s + t + 4`;
//! - congruence `{k, l >= 1 : k = l mod m}`: `v1 = (m, 0)`, `v2 = (0, m)`,
//!   `E = {(k, k) : k <= m}`, `F` empty.
//!
//! Writing `cnt(x, y)` for the number of marked cells `(x - k, y - l)`, `(k, l) in C`,
//! inclusion-exclusion gives the recurrence
//! `cnt(x, y) = cnt((x, y) - v1) + cnt((x, y) - v2) - cnt((x, y) - v1 - v2) + E - F`,
//! where `E` and `F` stand for the marked cells at those finitely many offsets. With
//! purely periodic length sets `D1`, `D2` (periods `K1`, `K2`), the counts are kept
//! per residue class of `(k mod K1, l mod K2)`, and a translation shifts the class.
//! The identity itself is checked over a large box in the tests below, and the
//! solver using it against the reference in `tests/engines.rs`.

use crate::rules::{Relation, Rules};
use crate::sets::LengthSet;

/// The region counter for one board.
pub(crate) struct RegionCounts {
    n: usize,
    /// Number of residue classes `K1 * K2`.
    classes: usize,
    /// The translations `v1`, `v2`, `v1 + v2`.
    v: [(usize, usize); 3],
    /// For each class and translation: the class it reads from (the class shifted by
    /// the translation).
    src: Vec<[usize; 3]>,
    /// Per class: the offsets of `E` and of `F` in that class.
    e: Vec<Vec<(usize, usize)>>,
    f: Vec<Vec<(usize, usize)>>,
    /// Allowed classes (`k mod K1 in D1`, `l mod K2 in D2`).
    allowed: Vec<usize>,
    /// The interior form of `e` and `f` (positions with `x, y >= reach`): per
    /// class, the row-major distances `k n + l` of its offsets, `E` then `F`,
    /// and where `F` starts.
    ef_delta: Vec<Vec<usize>>,
    ef_split: Vec<usize>,
    /// No offset of `E`, `F` or the translations exceeds this in either pile.
    reach: usize,
    /// `cnt[((x & mask) * n + y) * classes + class]`: a ring of the last rows
    /// (as many as the translations reach back, rounded up to a power of two).
    cnt: Vec<u32>,
    mask: usize,
}

fn in_region(rel: &Relation, k: i64, l: i64) -> bool {
    if k < 1 || l < 1 {
        return false;
    }
    match *rel {
        Relation::Cone { s, t } => {
            let (s, t) = (s as i64, t as i64);
            l <= s * k + t - 1 && k <= s * l + t - 1
        }
        Relation::Congruent { m } => (k - l).rem_euclid(m as i64) == 0,
        _ => false,
    }
}

/// The translations and the box holding `E` and `F`, for relations this counter handles.
fn decomposition(rel: Relation) -> Option<((usize, usize), (usize, usize), usize)> {
    match rel {
        Relation::Cone { s, t } if (2..=64).contains(&s) && t <= 1 << 12 => {
            let (s, t) = (s as usize, t as usize);
            Some(((1, s), (s, 1), s * s + 2 * s + t + 4))
        }
        Relation::Congruent { m } if m <= 1 << 12 => {
            let m = m as usize;
            Some(((m, 0), (0, m), 2 * m + 2))
        }
        _ => None,
    }
}

/// The finite parts `E` and `F` of the decomposition, found by testing membership
/// in the box `1..=bound`.
#[allow(clippy::type_complexity)]
fn finite_parts(
    rel: Relation,
    v1: (usize, usize),
    v2: (usize, usize),
    bound: usize,
) -> (Vec<(usize, usize)>, Vec<(usize, usize)>) {
    let inr = |k: i64, l: i64| in_region(&rel, k, l);
    let (a1, b1, a2, b2) = (v1.0 as i64, v1.1 as i64, v2.0 as i64, v2.1 as i64);
    let (mut e, mut f) = (Vec::new(), Vec::new());
    for k in 1..=bound as i64 {
        for l in 1..=bound as i64 {
            let in1 = inr(k - a1, l - b1);
            let in2 = inr(k - a2, l - b2);
            if inr(k, l) && !in1 && !in2 {
                e.push((k as usize, l as usize));
            }
            if in1 && in2 && !inr(k - a1 - a2, l - b1 - b2) {
                f.push((k as usize, l as usize));
            }
        }
    }
    (e, f)
}

/// The decomposition of a rules value's two-pile region, per residue class.
pub(crate) struct RegionShape {
    /// Number of residue classes `K1 * K2`.
    pub(crate) classes: usize,
    /// The translations `v1`, `v2`, `v1 + v2`.
    pub(crate) v: [(usize, usize); 3],
    /// For each class and translation: the class it reads from.
    pub(crate) src: Vec<[usize; 3]>,
    /// Per class: the offsets of `E` and of `F`.
    pub(crate) e: Vec<Vec<(usize, usize)>>,
    pub(crate) f: Vec<Vec<(usize, usize)>>,
    /// Allowed classes (`k mod K1 in D1`, `l mod K2 in D2`).
    pub(crate) allowed: Vec<usize>,
}

impl RegionShape {
    /// The decomposition when the two-pile moves of `r` form a cone with `s >= 2`
    /// or a congruence, with purely periodic length sets, and the block class is
    /// not the diagonal (whose moves a class count does not separate).
    pub(crate) fn new(r: &Rules) -> Option<Self> {
        let two = r.two_pile()?;
        // a class that splits the two-pile moves by offset is not one region
        r.two_pile_in_class()?;
        let (v1, v2, bound) = decomposition(two.relation.clone())?;
        let periodic = |s: &LengthSet| s.threshold() == 0;
        if !periodic(&two.d1) || !periodic(&two.d2) {
            return None;
        }
        let (k1, k2) = (two.d1.period() as usize, two.d2.period() as usize);
        let classes = k1 * k2;
        let class_of = |k: usize, l: usize| (k % k1) * k2 + l % k2;
        let (e_all, f_all) = finite_parts(two.relation.clone(), v1, v2, bound);
        let per_class = |all: &[(usize, usize)]| {
            (0..classes)
                .map(|c| {
                    all.iter()
                        .copied()
                        .filter(|&(k, l)| class_of(k, l) == c)
                        .collect()
                })
                .collect()
        };
        let v = [v1, v2, (v1.0 + v2.0, v1.1 + v2.1)];
        let src = (0..classes)
            .map(|c| {
                let (a, b) = (c / k2, c % k2);
                v.map(|(dx, dy)| ((a + k1 - dx % k1) % k1) * k2 + (b + k2 - dy % k2) % k2)
            })
            .collect();
        let allowed = (0..classes)
            .filter(|c| two.d1.residue_in((c / k2) as u64) && two.d2.residue_in((c % k2) as u64))
            .collect();
        Some(RegionShape {
            classes,
            v,
            src,
            e: per_class(&e_all),
            f: per_class(&f_all),
            allowed,
        })
    }
}

impl RegionCounts {
    /// A counter for the two-pile moves of `r` (see [`RegionShape::new`]).
    pub(crate) fn new(r: &Rules, n: usize) -> Option<Self> {
        let RegionShape {
            classes,
            v,
            src,
            e,
            f,
            allowed,
        } = RegionShape::new(r)?;
        let depth = (v.iter().map(|&(dx, _)| dx).max().unwrap_or(0) + 1)
            .min(n.max(1))
            .next_power_of_two();
        let ef_delta = (0..classes)
            .map(|c| e[c].iter().chain(&f[c]).map(|&(k, l)| k * n + l).collect())
            .collect();
        let ef_split = e.iter().map(Vec::len).collect();
        let reach = e
            .iter()
            .chain(&f)
            .flatten()
            .chain(&v)
            .map(|&(k, l)| k.max(l))
            .max()
            .unwrap_or(0);
        Some(RegionCounts {
            n,
            ef_delta,
            ef_split,
            reach,
            mask: depth - 1,
            classes,
            v,
            src,
            e,
            f,
            allowed,
            cnt: vec![0; depth * n * classes],
        })
    }

    /// [`RegionCounts::step`] with the marks `cells[a * n + b] == want`: in the
    /// interior of the board (every offset stays on it) without bounds tests, by
    /// row-major distances.
    #[inline]
    #[cfg(test)]
    pub(crate) fn step_cells(&mut self, x: usize, y: usize, cells: &[u8], want: u8) -> u64 {
        self.step_indexed(x, y, |i| cells[i] == want)
    }

    /// [`RegionCounts::step_cells`] with the mark of the cell at row-major
    /// index `i` given by `marked(i)`.
    #[inline]
    pub(crate) fn step_indexed(
        &mut self,
        x: usize,
        y: usize,
        marked: impl Fn(usize) -> bool,
    ) -> u64 {
        let n = self.n;
        if x < self.reach || y < self.reach {
            return self.step(x, y, |a, b| marked(a * n + b));
        }
        let (cl, mask) = (self.classes, self.mask);
        let bases = self
            .v
            .map(|(dx, dy)| (((x - dx) & mask) * n + (y - dy)) * cl);
        let here = ((x & mask) * n + y) * cl;
        let pos = x * n + y;
        for class in 0..cl {
            let src = self.src[class];
            let mut c = self.cnt[bases[0] + src[0]] as i64 + self.cnt[bases[1] + src[1]] as i64
                - self.cnt[bases[2] + src[2]] as i64;
            let (e, f) = self.ef_delta[class].split_at(self.ef_split[class]);
            for &d in e {
                c += marked(pos - d) as i64;
            }
            for &d in f {
                c -= marked(pos - d) as i64;
            }
            debug_assert!(c >= 0);
            self.cnt[here + class] = c as u32;
        }
        self.allowed
            .iter()
            .map(|&c| self.cnt[here + c] as u64)
            .sum()
    }

    /// Compute the counts of `(x, y)` (all cells before it in row-major order must
    /// be final in `mark`) and return the number of marked cells reachable by a
    /// two-pile move from `(x, y)`.
    #[inline]
    pub(crate) fn step(&mut self, x: usize, y: usize, mark: impl Fn(usize, usize) -> bool) -> u64 {
        let (n, cl, mask) = (self.n, self.classes, self.mask);
        let base = |dx: usize, dy: usize| -> Option<usize> {
            (x >= dx && y >= dy).then(|| (((x - dx) & mask) * n + (y - dy)) * cl)
        };
        let bases = self.v.map(|(dx, dy)| base(dx, dy));
        let here = ((x & mask) * n + y) * cl;
        let mut total = 0u64;
        // the marks are read without a data-dependent branch (dense marks, such as
        // Odd-Odd's P-positions, would mispredict)
        let marked = |k: usize, l: usize| -> i64 {
            if x >= k && y >= l {
                mark(x - k, y - l) as i64
            } else {
                0
            }
        };
        for class in 0..cl {
            let src = self.src[class];
            let get = |i: usize| bases[i].map_or(0, |b| self.cnt[b + src[i]] as i64);
            let mut c = get(0) + get(1) - get(2);
            for &(k, l) in &self.e[class] {
                c += marked(k, l);
            }
            for &(k, l) in &self.f[class] {
                c -= marked(k, l);
            }
            debug_assert!(c >= 0);
            self.cnt[here + class] = c as u32;
        }
        for &class in &self.allowed {
            total += self.cnt[here + class] as u64;
        }
        total
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The set identity behind the recurrence, over a box far larger than `E`, `F`.
    #[test]
    fn decomposition_identity() {
        let mut rels = Vec::new();
        for s in 2..6 {
            for t in 1..7 {
                rels.push(Relation::Cone { s, t });
            }
        }
        for m in 1..7 {
            rels.push(Relation::Congruent { m });
        }
        for rel in rels {
            let (v1, v2, bound) = decomposition(rel.clone()).unwrap();
            let (e, f) = finite_parts(rel.clone(), v1, v2, bound);
            let inr = |k: i64, l: i64| in_region(&rel, k, l) as i64;
            let big = 6 * bound as i64;
            for k in -3..big {
                for l in -3..big {
                    let lhs = inr(k, l);
                    let rhs = inr(k - v1.0 as i64, l - v1.1 as i64)
                        + inr(k - v2.0 as i64, l - v2.1 as i64)
                        - inr(k - (v1.0 + v2.0) as i64, l - (v1.1 + v2.1) as i64)
                        + e.contains(&(k.max(0) as usize, l.max(0) as usize)) as i64
                            * (k >= 1 && l >= 1) as i64
                        - f.contains(&(k.max(0) as usize, l.max(0) as usize)) as i64
                            * (k >= 1 && l >= 1) as i64;
                    assert_eq!(lhs, rhs, "{rel:?} at ({k}, {l})");
                }
            }
        }
    }

    /// The counts themselves (not only whether they are zero) against a direct count,
    /// over pseudo-random marks, for cones, congruences and periodic length sets.
    #[test]
    fn counts_equal_direct_count() {
        use crate::rules::Rules;
        let sets = [
            LengthSet::all(),
            LengthSet::odd(),
            LengthSet::even(),
            LengthSet::residues(3, &[1, 2]).unwrap(),
        ];
        let mut seed = 0x9e37_79b9_7f4a_7c15u64;
        let n = 44;
        for rel in [
            Relation::Cone { s: 2, t: 1 },
            Relation::Cone { s: 3, t: 2 },
            Relation::Cone { s: 2, t: 4 },
            Relation::Congruent { m: 1 },
            Relation::Congruent { m: 3 },
        ] {
            for d1 in &sets {
                for d2 in &sets {
                    let r = Rules::builder()
                        .two_pile(d1.clone(), d2.clone(), rel.clone())
                        .build()
                        .unwrap();
                    let mut rc = RegionCounts::new(&r, n).unwrap();
                    let mut rc2 = RegionCounts::new(&r, n).unwrap();
                    seed = seed.wrapping_mul(0x9e37_79b9_7f4a_7c15).wrapping_add(1);
                    let marks = crate::solve::geometry::test_support::random_marks(seed, n);
                    let cells: Vec<u8> = marks.iter().map(|&m| m as u8).collect();
                    for x in 0..n {
                        for y in 0..n {
                            let got = rc.step(x, y, |a, b| marks[a * n + b]);
                            assert_eq!(rc2.step_cells(x, y, &cells, 1), got, "step_cells");
                            let want = crate::solve::geometry::test_support::direct_count(
                                &r, &marks, n, x, y,
                            );
                            assert_eq!(got, want, "{rel:?} d1={d1} d2={d2} at ({x}, {y})");
                        }
                    }
                }
            }
        }
    }
}
