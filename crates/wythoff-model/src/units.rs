//! Sizes and durations as a person reads them (`12.0 MiB`, `about 3 min 20 s`):
//! a leaf module, used by the errors and the cost model alike.

/// `512.0 B`, `1.5 KiB`, `12.0 MiB`.
pub fn human_bytes(b: u64) -> String {
    const U: [&str; 5] = ["B", "KiB", "MiB", "GiB", "TiB"];
    let mut v = b as f64;
    let mut i = 0;
    while v >= 1024.0 && i + 1 < U.len() {
        v /= 1024.0;
        i += 1;
    }
    format!("{v:.1} {}", U[i])
}

/// `about 3 min 20 s`, `about 12 h`, `about 5 s`.
pub fn human_seconds(s: u64) -> String {
    if s < 60 {
        format!("about {s} s")
    } else if s < 3600 {
        format!("about {} min {} s", s / 60, s % 60)
    } else if s < 86_400 * 365 {
        format!("about {} h {} min", s / 3600, (s % 3600) / 60)
    } else {
        format!("about {} years", s / (86_400 * 365))
    }
}
