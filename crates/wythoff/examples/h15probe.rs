use wythoff::catalogue::parse_game;
fn main() {
    let name = std::env::args().nth(1).unwrap();
    let n: usize = std::env::args().nth(2).unwrap().parse().unwrap();
    let g = parse_game(&name).unwrap().game;
    let r = g.as_single().unwrap();
    let t0 = std::time::Instant::now();
    let mut mx = 0u32;
    let mut sum = 0u64;
    wythoff::solve::grundy_lines::stream(r, n, &mut |_| {}, |_, row| {
        for &v in row {
            if v != u32::MAX {
                mx = mx.max(v);
                sum += v as u64;
            }
        }
    })
    .unwrap();
    eprintln!(
        "lines {:?} max {mx} mean {}",
        t0.elapsed(),
        sum as f64 / (n * n) as f64
    );
    let t0 = std::time::Instant::now();
    if wythoff::solve::grundy_fast::applies(r) {
        wythoff::solve::grundy_fast::stream(r, n, &mut |_| {}, |_, _| {}).unwrap();
        eprintln!("fast {:?}", t0.elapsed());
    }
}
