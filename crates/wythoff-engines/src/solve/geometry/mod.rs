//! Shared geometry of the kernels: counting the two-pile options that fall in
//! the unbounded move regions in `O(1)` per position ([`cone`]: the (s,t) cone;
//! [`region`]: the cone `s >= 2` and the congruence, and [`region::RegionShape`]
//! for the union Grundy kernel); [`corner`]: the removed corner clipped to a board;
//! [`families`]: the moves grouped by lines (the counters, union and plain kernels).

pub(crate) mod cone;
pub(crate) mod corner;
pub(crate) mod families;
pub(crate) mod region;

/// Helpers shared by the region counters' unit tests (`cone`, `region`).
#[cfg(test)]
pub(crate) mod test_support {
    use crate::rules::Rules;

    /// `n * n` pseudo-random marks, about one in three set (xorshift, fixed seed).
    pub(crate) fn random_marks(seed: u64, n: usize) -> Vec<bool> {
        let mut s = seed | 1;
        (0..n * n)
            .map(|_| {
                s ^= s << 13;
                s ^= s >> 7;
                s ^= s << 17;
                s % 3 == 0
            })
            .collect()
    }

    /// Marked cells `(x - k, y - l)` over the two-pile moves `(k, l)` of `r`,
    /// counted one by one.
    pub(crate) fn direct_count(r: &Rules, marks: &[bool], n: usize, x: usize, y: usize) -> u64 {
        let mut want = 0;
        for k in 1..=x {
            for l in 1..=y {
                if r.is_move(k as u64, l as u64) && marks[(x - k) * n + (y - l)] {
                    want += 1;
                }
            }
        }
        want
    }
}
