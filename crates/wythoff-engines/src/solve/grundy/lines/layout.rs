//! The layout of a solve: the families of moves (direction, steps looked up
//! one by one, residue classes) and the stores they read, from the rules.

use crate::rules::Rules;
use crate::sets::LengthSet;

/// Largest period of a family's step set the kernel accepts.
const MAX_PERIOD: u64 = 64;
/// Largest threshold (explicit steps, delay) the kernel accepts.
const MAX_THRESHOLD: u64 = 256;
/// Largest band width.
const MAX_WIDTH: u64 = 32;
/// Largest number of bitsets OR-ed for one cell.
const MAX_REFS: usize = 64;

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Dir {
    /// Along a column: targets `(x - k, y)`.
    Col,
    /// Along a row: targets `(x, y - k)`.
    Row,
    /// Along the diagonal with offset `delta`: targets `(x - k, y - delta - k)`.
    Diag,
}

/// One family of moves.
pub(super) struct Fam {
    pub(super) dir: Dir,
    pub(super) delta: i64,
    /// Steps `1 <= k <= T` in the set.
    pub(super) explicit: Vec<usize>,
    /// Residues `r` (mod the period) of the steps `k > T` in the set.
    pub(super) residues: Vec<usize>,
    pub(super) period: usize,
    /// Index of the store of the residue classes (unused without residues).
    pub(super) store: usize,
}

/// A store: direction, delay (steps), period (classes per line).
#[derive(Clone, Copy, PartialEq, Eq)]
pub(super) struct StoreKey {
    pub(super) dir: Dir,
    pub(super) delay: usize,
    pub(super) period: usize,
}

/// What a solve of rules `r` uses, derived from the rules alone.
pub(super) struct Layout {
    pub(super) fams: Vec<Fam>,
    pub(super) stores: Vec<StoreKey>,
    /// Per store, the least and the largest diagonal offset of the families
    /// that read it.
    pub(super) dmin: Vec<i64>,
    pub(super) dmax: Vec<i64>,
    /// Band width (0 without two-pile moves).
    pub(super) width: u64,
    /// Largest threshold (rows kept back).
    pub(super) tmax: usize,
    /// Bitsets OR-ed per cell, at most.
    pub(super) refs: usize,
}

impl Layout {
    pub(super) fn new(r: &Rules) -> Option<Layout> {
        if !crate::solve::table::fast_grundy_scope(r) {
            return None;
        }
        let mut p = Layout {
            fams: Vec::new(),
            stores: Vec::new(),
            dmin: Vec::new(),
            dmax: Vec::new(),
            width: 0,
            tmax: 0,
            refs: 0,
        };
        p.add(r, Dir::Col, 0, r.h())?;
        p.add(r, Dir::Row, 0, r.v())?;
        if let Some(t) = r.two_pile() {
            let w = t.relation.band_width()?;
            if w > MAX_WIDTH {
                return None;
            }
            p.width = w;
            let w = w as i64;
            for delta in 1 - w..w {
                let s = t.d1.intersect(&t.d2.shifted(delta)).ok()?;
                p.add(r, Dir::Diag, delta, &s)?;
            }
        }
        (p.refs <= MAX_REFS).then_some(p)
    }

    /// Add the family `(dir, delta)` with step set `s` of rules `r`.
    fn add(&mut self, r: &Rules, dir: Dir, delta: i64, s: &LengthSet) -> Option<()> {
        if s.is_empty() {
            return Some(());
        }
        let (t, k) = (s.threshold(), s.period());
        if t > MAX_THRESHOLD || k > MAX_PERIOD {
            return None;
        }
        let residues: Vec<usize> = (0..k)
            .filter(|&r| s.residue_in(r))
            .map(|r| r as usize)
            .collect();
        // A store of smaller delay serves as well when the extra steps it
        // holds, `k` in `(delay, T]` in a selected class, are moves of the rules
        // anyway (another family's options: a union does not count twice).
        // m-Wythoff's offset -1 (steps k >= 2) thus reads the store of offset
        // 0, whose extra step k = 1 is the one-pile move (1, 0).
        let mut delay = t;
        if dir == Dir::Diag {
            while delay > 0 {
                let (step, l) = (delay, delay as i64 + delta);
                let held = residues.contains(&((step % k) as usize));
                if held && !(l >= 0 && r.is_move(step, l as u64)) {
                    break;
                }
                delay -= 1;
            }
        }
        // the steps the store does not hold are looked up one by one
        let explicit: Vec<usize> = (1..=t)
            .filter(|&j| s.contains(j) && (j <= delay || !residues.contains(&((j % k) as usize))))
            .map(|j| j as usize)
            .collect();
        let key = StoreKey {
            dir,
            delay: delay as usize,
            period: k as usize,
        };
        let store = if residues.is_empty() {
            usize::MAX
        } else {
            match self.stores.iter().position(|&s| s == key) {
                Some(i) => {
                    self.dmin[i] = self.dmin[i].min(delta);
                    self.dmax[i] = self.dmax[i].max(delta);
                    i
                }
                None => {
                    self.stores.push(key);
                    self.dmin.push(delta);
                    self.dmax.push(delta);
                    self.stores.len() - 1
                }
            }
        };
        self.tmax = self.tmax.max(t as usize);
        self.refs += residues.len();
        self.fams.push(Fam {
            dir,
            delta,
            explicit,
            residues,
            period: k as usize,
            store,
        });
        Some(())
    }

    /// Lines of a store on the `n x n` board (each with `period` classes).
    pub(super) fn lines(key: StoreKey, n: usize, w: usize) -> usize {
        match key.dir {
            Dir::Col => n,
            Dir::Row => 1,
            // diagonals y - x in (-n, n), padded by w each side
            Dir::Diag => 2 * n + 2 * w,
        }
    }

    /// Upper bound on any value on the `n x n` board: the number of options.
    pub(super) fn value_bound(&self, n: u64) -> u64 {
        let diags = if self.width > 0 {
            2 * self.width - 1
        } else {
            0
        };
        (2 + diags) * n.saturating_sub(1)
    }
}
