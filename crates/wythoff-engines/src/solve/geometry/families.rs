//! Line families: the moves of a rule value grouped by the lines they run
//! along (rows, columns, one diagonal per offset), each an eventually periodic
//! set of steps ([`move_families`]), and their stepped prefix arrays planned for a
//! ring of rows ([`LineLayout`]). Shared by the counters outcome kernel, the
//! union and plain Grundy kernels, and [`FastOptions::options_fast`] (what `explain`
//! reads), not inside one kernel's file.

use crate::rules::{ClassSteps, MoveFamily, Relation, Rules};
use crate::sets::{gcd, lcm, LengthSet};

/// [`Rules::options`] by line families, as a method of [`Rules`]
/// (`wythoff::FastOptions`): a trait, since `Rules` lives in the crate
/// `wythoff-model` and the families here.
pub trait FastOptions {
    /// The options of `(x, y)` as `(x', y', in_block_class)`, by line families:
    /// `O(x + y + diagonal offsets)` rather than the `O(x y)` of [`Rules::options`].
    fn options_fast(&self, x: u64, y: u64) -> Vec<(u64, u64, bool)>;
}

impl FastOptions for Rules {
    fn options_fast(&self, x: u64, y: u64) -> Vec<(u64, u64, bool)> {
        let mut out = Vec::new();
        if self.is_terminal(x, y) {
            return out;
        }
        let n = (x.max(y) + 1) as usize;
        let (fams, _) = move_families(self, n);
        for f in &fams {
            f.for_each_target(x as usize, y as usize, |a, b, c| {
                if self.on_board(a as u64, b as u64) {
                    out.push((a as u64, b as u64, c));
                }
            });
        }
        out.sort_unstable();
        out
    }
}

/// One family of moves along lines of a fixed direction.
pub(crate) struct Family {
    /// Direction of the line: step `k` goes from `(X, Y)` to `(X - k dx, Y - k dy)`.
    pub(crate) dx: usize,
    pub(crate) dy: usize,
    /// Offset: the line through `(x, y - d)` (diagonals only).
    pub(crate) d: i64,
    /// Smallest allowed step.
    pub(crate) kmin: u64,
    /// Steps `kmin..=tex` are tested one by one; beyond, by residue mod `period`.
    pub(crate) tex: u64,
    pub(crate) period: u64,
    /// Residues `r` (mod period) allowed beyond `tex`.
    pub(crate) residues: Vec<u64>,
    /// For each residue, the first step beyond `tex` (and `>= kmin`) in its class.
    pub(crate) first_steps: Vec<u64>,
    /// Explicit membership test and class membership of a step.
    pub(crate) member: Box<dyn Fn(u64) -> bool + Sync>,
    pub(crate) in_class: Box<dyn Fn(u64) -> bool + Sync>,
    /// Are all steps beyond `tex` in the block class?
    pub(crate) periodic_in_class: bool,
    /// Index of the stepped-prefix array this family reads.
    pub(crate) prefix: usize,
}

fn one_pile_family(
    set: &LengthSet,
    class: ClassSteps,
    dx: usize,
    dy: usize,
    prefix: usize,
) -> Family {
    let tex = set
        .threshold()
        .max(class.from().map_or(0, |l| l.saturating_sub(1)));
    let s1 = set.clone();
    Family {
        dx,
        dy,
        d: 0,
        kmin: 1,
        tex,
        period: set.period(),
        first_steps: Vec::new(),
        residues: (0..set.period()).filter(|&r| set.residue_in(r)).collect(),
        member: Box::new(move |k| s1.contains(k)),
        in_class: Box::new(move |k| class.contains(k)),
        periodic_in_class: class.from().is_some(),
        prefix,
    }
}

/// Smallest `k >= 1` with `l = k + d >= 1` and `relation(k, k + d)`, if any step
/// of offset `d` is allowed at all. For the relations of the model the allowed
/// steps of one offset form a ray `k >= kmin`.
fn diagonal_kmin(rel: &Relation, d: i64) -> Option<u64> {
    let base = if d >= 0 { 1 } else { (1 - d) as u64 };
    let ad = d.unsigned_abs();
    match *rel {
        // the ratio's moves are families of their own ([`ratio_families`])
        Relation::Ratio { .. } => None,
        // the union's diagonal parts: the smallest step of any (each a ray)
        Relation::Union(ref parts) => parts.iter().filter_map(|p| diagonal_kmin(p, d)).min(),
        Relation::Diagonal => (d == 0).then_some(1),
        Relation::Band { m } => (ad < m).then_some(base),
        Relation::Congruent { m } => (ad % m == 0).then_some(base),
        Relation::Cone { s, t } => {
            // min(k, l) = k when d >= 0, = k + d when d < 0; need |d| < (s-1) min + t
            if ad < t {
                Some(base)
            } else if s == 1 {
                None
            } else {
                let min_needed = (ad - t) / (s - 1) + 1; // smallest min(k,l)
                Some(
                    if d >= 0 {
                        min_needed.max(1)
                    } else {
                        (min_needed as i64 - d) as u64
                    }
                    .max(base),
                )
            }
        }
    }
}

/// All families of moves of `r` on an `n x n` board.
pub(crate) fn move_families(r: &Rules, n: usize) -> (Vec<Family>, Vec<(usize, usize, u64)>) {
    // prefix arrays: (dx, dy, period)
    let mut prefixes: Vec<(usize, usize, u64)> = Vec::new();
    let mut pid = |dx, dy, k| {
        if let Some(i) = prefixes.iter().position(|&p| p == (dx, dy, k)) {
            i
        } else {
            prefixes.push((dx, dy, k));
            prefixes.len() - 1
        }
    };
    let class = r.block_steps(MoveFamily::OnePile);
    let mut fams = Vec::new();
    if !r.h().is_empty() {
        let p = pid(1, 0, r.h().period());
        fams.push(one_pile_family(r.h(), class, 1, 0, p));
    }
    if !r.v().is_empty() {
        let p = pid(0, 1, r.v().period());
        fams.push(one_pile_family(r.v(), class, 0, 1, p));
    }
    if let Some(two) = r.two_pile() {
        let (k1, k2) = (two.d1.period(), two.d2.period());
        let period = lcm(k1, k2);
        let prefix = pid(1, 1, period);
        let nn = n as i64;
        for d in -(nn - 1)..=(nn - 1) {
            let Some(kmin) = diagonal_kmin(&two.relation, d) else {
                continue;
            };
            if kmin as i64 > nn {
                continue;
            }
            let (t1, t2) = (two.d1.threshold() as i64, two.d2.threshold() as i64);
            let tex = t1.max(t2 - d).max(kmin as i64 - 1).max(0) as u64;
            let residues: Vec<u64> = (0..period)
                .filter(|&res| {
                    two.d1.residue_in(res % k1)
                        && two
                            .d2
                            .residue_in((res as i64 + d).rem_euclid(k2 as i64) as u64)
                })
                .collect();
            if residues.is_empty() && two.d1.is_finite() && two.d2.is_finite() && tex == 0 {
                continue;
            }
            let (a, b) = (two.d1.clone(), two.d2.clone());
            let class = r.block_steps(MoveFamily::TwoPile { d });
            // steps below the class's threshold are tested one by one
            let tex = tex.max(class.from().map_or(0, |l| l.saturating_sub(1)));
            fams.push(Family {
                dx: 1,
                dy: 1,
                d,
                kmin,
                tex,
                period,
                first_steps: Vec::new(),
                residues,
                member: Box::new(move |k| {
                    a.contains(k) && (k as i64 + d) >= 1 && b.contains((k as i64 + d) as u64)
                }),
                in_class: Box::new(move |k| class.contains(k)),
                periodic_in_class: class.from().is_some(),
                prefix,
            });
        }
    }
    if let Some(two) = r.two_pile() {
        ratio_families(r, two, n, &mut fams, &mut pid);
    }
    for f in &mut fams {
        let (lo, k) = (f.kmin.max(f.tex + 1), f.period);
        f.first_steps = f
            .residues
            .iter()
            .map(|&r| lo + (r + k - lo % k) % k)
            .collect();
    }
    (fams, prefixes)
}

/// The families of a relation's ratio parts `(p t, q t)`, `(q t, p t)`: one
/// family a direction `(a, b) = (p, q) / gcd` (two ratios of one direction
/// share it), steps `k` (the move `(k a, k b)`) allowed when some ratio's
/// `gcd` divides `k`, `k a` is in `d1`, `k b` in `d2`, and no diagonal part of
/// the relation already allows the move (that family counts it; a cell is
/// never counted twice). The steps are eventually periodic: beyond the sets'
/// thresholds, a band's and a cone's reach, with period the lcm of the sets'
/// periods, the gcds and the moduli; found by testing one period. A cone that
/// holds the whole direction leaves no step.
fn ratio_families(
    r: &Rules,
    two: &crate::rules::TwoPile,
    n: usize,
    fams: &mut Vec<Family>,
    pid: &mut dyn FnMut(usize, usize, u64) -> usize,
) {
    let parts = two.relation.parts();
    let mut dirs: Vec<(u64, u64)> = Vec::new();
    for part in parts {
        if let Relation::Ratio { p, q } = *part {
            let g = gcd(p, q);
            for dir in [(p / g, q / g), (q / g, p / g)] {
                if !dirs.contains(&dir) {
                    dirs.push(dir);
                }
            }
        }
    }
    let nn = n as u64;
    for (a, b) in dirs {
        // every ratio of this direction, by its gcd
        let gs: Vec<u64> = parts
            .iter()
            .filter_map(|part| match *part {
                Relation::Ratio { p, q }
                    if (p / gcd(p, q), q / gcd(p, q)) == (a, b)
                        || (q / gcd(p, q), p / gcd(p, q)) == (a, b) =>
                {
                    Some(gcd(p, q))
                }
                _ => None,
            })
            .collect();
        let others: Vec<Relation> = parts
            .iter()
            .filter(|part| !matches!(part, Relation::Ratio { .. }))
            .cloned()
            .collect();
        let (d1, d2) = (two.d1.clone(), two.d2.clone());
        let member = {
            let (gs, others, d1, d2) = (gs.clone(), others.clone(), d1.clone(), d2.clone());
            move |k: u64| {
                let (Some(ka), Some(kb)) = (k.checked_mul(a), k.checked_mul(b)) else {
                    return false;
                };
                k >= 1
                    && gs.iter().any(|g| k % g == 0)
                    && d1.contains(ka)
                    && d2.contains(kb)
                    && !others.iter().any(|o| o.allows(ka, kb))
            }
        };
        // beyond `tex` the steps are periodic with `period` (None: test every
        // step of the board)
        let mut period: Option<u64> = Some(lcm(two.d1.period(), two.d2.period()));
        let mut tex = (two.d1.threshold() / a).max(two.d2.threshold() / b) + 1;
        for g in &gs {
            period = period.map(|k| lcm(k, *g));
        }
        let diff = a.abs_diff(b);
        let small = a.min(b);
        for o in &others {
            match *o {
                // a, b coprime and different: never on the diagonal
                Relation::Diagonal => {}
                // |a - b| k < m: the first steps
                Relation::Band { m } => tex = tex.max(m / diff + 1),
                // |a - b| k < (s - 1) min k + t
                Relation::Cone { s, t } => {
                    let slope = (s - 1).saturating_mul(small);
                    if diff <= slope {
                        // every step is the cone's
                        period = Some(1);
                        tex = 0;
                        break;
                    }
                    tex = tex.max(t / (diff - slope) + 1);
                }
                Relation::Congruent { m } => period = period.map(|k| lcm(k, m)),
                Relation::Ratio { .. } | Relation::Union(_) => {}
            }
        }
        let (tex, period) = match period {
            Some(k) if k <= 1 << 12 && tex <= nn => (tex, k),
            _ => (nn, 1),
        };
        let residues: Vec<u64> = (0..period)
            .filter(|&res| {
                // the step of class `res` in the first period beyond `tex`
                let k = tex + 1 + (res + period - (tex + 1) % period) % period;
                member(k)
            })
            .collect();
        if residues.is_empty() && (1..=tex.min(nn)).all(|k| !member(k)) {
            continue;
        }
        let class = r.blocking().map(|bl| bl.class);
        let in_class = move |k: u64| class.is_some_and(|c| c.contains(k * a, k * b));
        let (dx, dy) = (a as usize, b as usize);
        fams.push(Family {
            dx,
            dy,
            d: 0,
            kmin: 1,
            tex,
            period,
            first_steps: Vec::new(),
            residues,
            member: Box::new(member),
            // the existing classes hold all or none of one direction
            periodic_in_class: in_class(1),
            in_class: Box::new(in_class),
            prefix: pid(dx, dy, period),
        });
    }
}

/// The line families of `r` and their stepped arrays, planned for a ring of rows.
pub(crate) struct LineLayout {
    pub(crate) fams: Vec<Family>,
    /// Per stepped array: direction `(dx, dy)`, period, and the ring depth in rows
    /// (a power of two; 0 when no family reads the array).
    pub(crate) arrays: Vec<(usize, usize, usize, usize)>,
}

impl LineLayout {
    /// The families of `r` on the `n x n` board; without the diagonal ones when
    /// `region` (the caller counts the two-pile moves by a region counter). Each
    /// array's ring reaches back one period (its own recurrence) and to the
    /// nearest counted step of every family that reads it.
    pub(crate) fn new(r: &Rules, n: usize, region: bool) -> LineLayout {
        Self::with_rows_in_flight(r, n, region, 1)
    }

    /// [`LineLayout::new`] whose rings hold `rows - 1` more rows: the row
    /// pipeline has `rows` rows in flight at once.
    pub(crate) fn with_rows_in_flight(
        r: &Rules,
        n: usize,
        region: bool,
        rows: usize,
    ) -> LineLayout {
        let (mut fams, specs) = move_families(r, n);
        if region {
            fams.retain(|f| !(f.dx == 1 && f.dy == 1));
        }
        let in_flight = rows.max(1);
        let arrays = specs
            .iter()
            .enumerate()
            .map(|(i, &(dx, dy, k))| {
                let depth = fams
                    .iter()
                    .filter(|f| f.prefix == i)
                    .map(|f| (f.kmin.max(f.tex + 1) + k) as usize * dx)
                    .max()
                    .map_or(0, |rows| {
                        (rows.max(k as usize * dx) + in_flight)
                            .min(n.max(1))
                            .next_power_of_two()
                    });
                (dx, dy, k as usize, depth)
            })
            .collect();
        LineLayout { fams, arrays }
    }
}

impl Family {
    /// The origin `(X, Y)` of this family's line for the position `(x, y)` (the
    /// position itself, shifted by `d` on diagonals) and the largest step that stays
    /// on the board; `None` when no step of the family is possible.
    #[inline]
    pub(crate) fn origin(&self, x: usize, y: usize) -> Option<(usize, usize, u64)> {
        let yy = y as i64 - self.d;
        if yy < 0 {
            return None;
        }
        let (ox, oy) = (x, yy as usize);
        let kmax = match (self.dx, self.dy) {
            (1, 0) => ox as u64,
            (0, 1) => oy as u64,
            (1, 1) => ox.min(oy) as u64,
            // a ratio's direction
            (dx, dy) => (ox / dx).min(oy / dy) as u64,
        };
        (self.kmin <= kmax).then_some((ox, oy, kmax))
    }

    /// Call `f(x', y', in_class)` for every cell this family reaches from `(x, y)`
    /// (corner cells included: the caller checks the board). `O(kmax)`.
    pub(crate) fn for_each_target(
        &self,
        x: usize,
        y: usize,
        mut f: impl FnMut(usize, usize, bool),
    ) {
        let Some((ox, oy, kmax)) = self.origin(x, y) else {
            return;
        };
        for k in self.kmin..=kmax {
            let ok = if k <= self.tex {
                (self.member)(k)
            } else {
                self.residues.contains(&(k % self.period))
            };
            if ok {
                let cls = if k <= self.tex {
                    (self.in_class)(k)
                } else {
                    self.periodic_in_class
                };
                f(ox - k as usize * self.dx, oy - k as usize * self.dy, cls);
            }
        }
    }
}
