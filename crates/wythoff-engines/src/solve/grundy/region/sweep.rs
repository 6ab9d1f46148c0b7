//! One row's sweep: its lanes (the sets its sources read, column by
//! column), its row-prefix stores and looked-up cells, the feeding of the
//! stores and the mex; and what the rows of an attempt share ([`Ctx`]).

use super::layout::{Kind, Layout, Src, Trail};
use super::store::{or_window, Raw, Store};
use crate::rules::Rules;
use crate::solve::table::GRUNDY_OFF;
use crate::solve::wavefront::Tab;

/// A source's set as the sweep moves along a row: the set at column `y` is
/// `set0 + y dset` plus, for a class that cycles with `y` (modulus `m > 0`),
/// the current class `cls`.
#[derive(Clone, Copy)]
struct Lane {
    store: usize,
    set: isize,
    dset: isize,
    m: usize,
    cls: usize,
}

impl Lane {
    #[inline(always)]
    fn at(&self) -> usize {
        (self.set + self.cls as isize) as usize
    }
    /// Move to column `y` from column 0.
    fn skip(&mut self, y: usize) {
        self.set += self.dset * y as isize;
        if self.m > 1 {
            self.cls = (self.cls + y) % self.m;
        }
    }
    #[inline(always)]
    fn step(&mut self) {
        self.set += self.dset;
        if self.m > 1 {
            self.cls += 1;
            if self.cls == self.m {
                self.cls = 0;
            }
        }
    }
}

/// The stored upper triangle of a symmetric game as a raw pointer (cell
/// `(x, y)`, `y >= x`, at `x n + y`), written by row `x` and read by row `y`
/// once row `x` has passed column `y`.
#[derive(Clone, Copy)]
pub(super) enum TabRaw {
    None,
    S(*mut u16),
    L(*mut u32),
}

impl TabRaw {
    pub(super) fn of(t: &mut Tab) -> TabRaw {
        match t {
            Tab::S(v) if v.is_empty() => TabRaw::None,
            Tab::S(v) => TabRaw::S(v.as_mut_ptr()),
            Tab::L(v) => TabRaw::L(v.as_mut_ptr()),
        }
    }
    #[inline(always)]
    unsafe fn get(self, i: usize) -> u32 {
        match self {
            TabRaw::S(p) => match *p.add(i) {
                u16::MAX => u32::MAX,
                g => g as u32,
            },
            TabRaw::L(p) => *p.add(i),
            TabRaw::None => unreachable!("the triangle is kept for symmetric rules"),
        }
    }
    #[inline(always)]
    unsafe fn set(self, i: usize, g: u32) {
        match self {
            TabRaw::S(p) => *p.add(i) = if g == u32::MAX { u16::MAX } else { g as u16 },
            TabRaw::L(p) => *p.add(i) = g,
            TabRaw::None => unreachable!("the triangle is kept for symmetric rules"),
        }
    }
}

/// What every row of one attempt shares: the rules, the layout, the stores of
/// the kinds, the diagonal sets, the ring of the last rows' values and the
/// triangle, all as raw views (see [`attempt`](super::attempt) for who touches what when).
pub(super) struct Ctx<'a> {
    pub(super) r: &'a Rules,
    pub(super) layout: &'a Layout,
    pub(super) n: usize,
    pub(super) w: usize,
    pub(super) sym: bool,
    /// The stores of `layout.kinds` (a row's own row-prefix stores follow them
    /// in its [`Row::views`]).
    pub(super) stores: Vec<Raw>,
    pub(super) diag: Raw,
    /// Row `x`'s values at `ring + (x & rmask) n`.
    pub(super) ring: *mut u32,
    pub(super) rmask: usize,
    pub(super) tab: TabRaw,
}

// SAFETY: the raw views are shared under the schedule of `attempt`; the
// buffers outlive the scoped workers.
unsafe impl Sync for Ctx<'_> {}

impl Ctx<'_> {
    /// Row `x`'s slot of the ring.
    #[inline(always)]
    pub(super) fn slot(&self, x: usize) -> *mut u32 {
        // SAFETY: (x & rmask) n + n is the ring's length at most
        unsafe { self.ring.add((x & self.rmask) * self.n) }
    }

    /// Store kind `si` takes cell `(xx, yy)`.
    #[inline(always)]
    unsafe fn insert(&self, si: usize, kind: Kind, xx: usize, yy: usize) {
        let g = *self.slot(xx).add(yy);
        if g == GRUNDY_OFF {
            return;
        }
        let (st, layout) = (self.stores[si], self.layout);
        let (s, k, far) = (layout.s, layout.k, layout.s * (self.n - 1) + layout.pad);
        match kind {
            Kind::Col { modulus } => st.add(st.set(yy + layout.pad, xx % modulus), g),
            Kind::Ray { .. } => st.add_no_mex(st.set(far - s * xx + yy, xx % k), g),
            Kind::RayT { .. } => st.add_no_mex(st.set(far + xx - s * yy, yy % k), g),
        }
    }

    /// The value a row prefix `t` of row `x` takes at column `y`.
    #[inline(always)]
    unsafe fn trail_value(&self, t: Trail, x: usize, y: usize) -> u32 {
        match x.checked_sub(t.back) {
            Some(xb) => *self.slot(xb).add(y),
            None => GRUNDY_OFF,
        }
    }

    /// The lane of a source in row `x`, at column 0.
    fn lane(&self, src: Src, x: usize) -> Lane {
        let layout = self.layout;
        let (k, s, pad) = (layout.k, layout.s as isize, layout.pad as isize);
        let (xi, ni) = (x as isize, self.n as isize);
        let modulo = |a: isize, m: usize| a.rem_euclid(m as isize) as usize;
        match src {
            Src::Col { store, off, r: rr } => {
                let Kind::Col { modulus } = layout.kinds[store] else {
                    unreachable!("a column source reads a column store")
                };
                let m = modulus as isize;
                Lane {
                    store,
                    set: (pad - off as isize) * m + modulo(xi - rr as isize, modulus) as isize,
                    dset: m,
                    m: 0,
                    cls: 0,
                }
            }
            Src::Row { trail, r: rr } => {
                let m = layout.trails[trail].modulus;
                Lane {
                    store: layout.kinds.len() + trail,
                    set: 0,
                    dset: 0,
                    m,
                    cls: modulo(-(rr as isize), m),
                }
            }
            Src::Ray { store, c, r: rr } => {
                let kk = k as isize;
                Lane {
                    store,
                    set: (-(c as isize) - s * xi + s * (ni - 1) + pad) * kk
                        + modulo(xi - rr as isize, k) as isize,
                    dset: kk,
                    m: 0,
                    cls: 0,
                }
            }
            Src::RayT { store, c, r: rr } => {
                let kk = k as isize;
                Lane {
                    store,
                    set: (xi - c as isize + s * (ni - 1) + pad) * kk,
                    dset: -s * kk,
                    m: k,
                    cls: modulo(-(rr as isize), k),
                }
            }
        }
    }
}

/// One row in progress: its lanes, row-prefix stores and looked-up cells,
/// and the next column.
pub(super) struct Row {
    x: usize,
    /// The next column to compute (`n`: the row is done).
    pub(super) y: usize,
    /// The first column searched (`x` for symmetric rules, else 0).
    start: usize,
    pub(super) begun: bool,
    /// The diagonal's set of the next column.
    d: usize,
    two: Vec<Lane>,
    one: Vec<Lane>,
    /// Per row prefix: its class counter for column `y - 1`.
    tcls: Vec<usize>,
    /// The row's own row-prefix stores (only [`Row::views`] touches them).
    _trails: Vec<Store>,
    /// [`Ctx::stores`], then views of the row-prefix stores.
    views: Vec<Raw>,
    /// The looked-up cells: (offset of their row in the ring, column back).
    fin: Vec<(usize, usize)>,
}

impl Row {
    pub(super) fn new(c: &Ctx) -> Row {
        let mut trails: Vec<Store> = c
            .layout
            .trails
            .iter()
            .map(|t| Store::new(1, t.modulus, c.w))
            .collect();
        let mut views = c.stores.clone();
        views.extend(trails.iter_mut().map(Store::raw));
        Row {
            x: 0,
            y: 0,
            start: 0,
            begun: false,
            d: 0,
            two: Vec::with_capacity(c.layout.two.len()),
            one: Vec::with_capacity(c.layout.one.len()),
            tcls: vec![0; c.layout.trails.len()],
            _trails: trails,
            views,
            fin: Vec::with_capacity(c.layout.finite.len()),
        }
    }

    /// Start row `x`: counts as part of its first column's step (see
    /// [`attempt`](super::attempt)).
    pub(super) unsafe fn begin(&mut self, c: &Ctx, x: usize) {
        let (n, layout) = (c.n, c.layout);
        let start = if c.sym { x } else { 0 };
        if c.sym {
            // the values left of the diagonal, from the stored upper triangle
            let row = c.slot(x);
            for y in 0..start {
                *row.add(y) = c.tab.get(y * n + x);
            }
            // the stores take the cells of earlier rows left of where the
            // sweep of row x inserts them (from column x on); a column store
            // only its columns that a row from x on reads
            for (si, &kind) in layout.kinds.iter().enumerate() {
                let Some(xx) = x.checked_sub(1 + kind.delay()) else {
                    continue;
                };
                let cols = match kind {
                    Kind::Col { .. } => xx.saturating_sub(layout.pad)..x,
                    Kind::Ray { .. } => 0..x.saturating_sub(layout.e),
                    Kind::RayT { .. } => 0..x.saturating_sub(1),
                };
                for yy in cols {
                    c.insert(si, kind, xx, yy);
                }
            }
        }
        // the row prefixes hold the columns before `start`
        let first_trail = layout.kinds.len();
        for (ti, &t) in layout.trails.iter().enumerate() {
            let v = self.views[first_trail + ti];
            v.clear();
            for y in 0..start {
                let g = c.trail_value(t, x, y);
                if g != GRUNDY_OFF {
                    v.add(y % t.modulus, g);
                }
            }
            self.tcls[ti] = start % t.modulus;
        }
        self.two.clear();
        self.two.extend(layout.two.iter().map(|&q| c.lane(q, x)));
        self.one.clear();
        self.one.extend(layout.one.iter().map(|&q| c.lane(q, x)));
        for ln in self.two.iter_mut().chain(self.one.iter_mut()) {
            ln.skip(start);
        }
        self.fin.clear();
        self.fin.extend(
            layout
                .finite
                .iter()
                .filter(|&&(a, _)| a <= x)
                .map(|&(a, b)| (((x - a) & c.rmask) * n, b)),
        );
        self.d = (start + n - 1 - x) * layout.k + x % layout.k;
        self.x = x;
        self.y = start;
        self.start = start;
        self.begun = true;
    }

    /// Compute the row's columns up to `until` (exclusive): `Err` when a value
    /// does not fit the bitsets.
    pub(super) unsafe fn advance(&mut self, c: &Ctx, until: usize) -> Result<(), ()> {
        let (n, layout, w) = (c.n, c.layout, c.w);
        let cap = (64 * w) as u32;
        let (x, k) = (self.x, layout.k);
        let first_trail = layout.kinds.len();
        let row = c.slot(x);
        let diag = c.diag;
        for y in self.y..until {
            // the stores take the cells of earlier rows that this column
            // passes to them: a column its cell of row x - 1; a ray store its
            // row's cell e (or 1) columns back
            for (si, &kind) in layout.kinds.iter().enumerate() {
                let Some(xx) = x.checked_sub(1 + kind.delay()) else {
                    continue;
                };
                let yy = match kind {
                    Kind::Col { .. } => Some(y),
                    Kind::Ray { .. } => y.checked_sub(layout.e),
                    Kind::RayT { .. } => y.checked_sub(1),
                };
                if let Some(yy) = yy {
                    c.insert(si, kind, xx, yy);
                }
            }
            // the row prefixes take column y - 1
            if y > self.start {
                for (ti, &t) in layout.trails.iter().enumerate() {
                    let g = c.trail_value(t, x, y - 1);
                    if g != GRUNDY_OFF {
                        self.views[first_trail + ti].add(self.tcls[ti], g);
                    }
                    self.tcls[ti] += 1;
                    if self.tcls[ti] == t.modulus {
                        self.tcls[ti] = 0;
                    }
                }
            }
            let d = self.d;
            // V(x, y): the diagonal's set takes the lines of D and its cells
            for ln in self.two.iter_mut() {
                or_window(diag, d, self.views[ln.store], ln.at());
                ln.step();
            }
            for &(base, b) in &self.fin {
                if b <= y {
                    let g = *c.ring.add(base + y - b);
                    if g != GRUNDY_OFF {
                        diag.add(d, g);
                    }
                }
            }
            diag.advance(d);
            let on = c.r.on_board(x as u64, y as u64);
            let g = if on {
                // the mex of the one-pile sets and V(x, y), from their largest
                // mex on
                let mut lb = diag.mex(d);
                for ln in &self.one {
                    lb = lb.max(self.views[ln.store].mex(ln.at()));
                }
                let mut wi = (lb / 64) as usize;
                loop {
                    if wi >= w {
                        return Err(());
                    }
                    let mut acc = diag.bits(d, wi);
                    for ln in &self.one {
                        acc |= self.views[ln.store].bits(ln.at(), wi);
                    }
                    if wi == (lb / 64) as usize {
                        acc |= (1u64 << (lb % 64)) - 1;
                    }
                    if acc != !0 {
                        break wi as u32 * 64 + (!acc).trailing_zeros();
                    }
                    wi += 1;
                }
            } else {
                GRUNDY_OFF
            };
            if on && g + 1 >= cap {
                return Err(());
            }
            *row.add(y) = g;
            if c.sym {
                c.tab.set(x * n + y, g);
            }
            for ln in self.one.iter_mut() {
                ln.step();
            }
            self.d += k;
        }
        self.y = self.y.max(until);
        Ok(())
    }
}
