//! Shared geometry of the kernels: counting the two-pile options that fall in
//! the unbounded move regions in `O(1)` per position ([`cone`]: the (s,t) cone;
//! [`region`]: the cone `s >= 2` and the congruence, and [`region::RegionShape`]
//! for the union Grundy kernel); [`corner`]: the removed corner clipped to a board;
//! [`families`]: the moves grouped by lines (the counters, union and plain kernels).

pub(crate) mod cone;
pub(crate) mod corner;
pub(crate) mod families;
pub(crate) mod region;
