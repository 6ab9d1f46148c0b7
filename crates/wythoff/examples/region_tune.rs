// throwaway: not committed
use wythoff::catalogue::parse_game;
use wythoff::solve;
fn main() {
    let a: Vec<String> = std::env::args().collect();
    let g = parse_game(&a[1]).unwrap().game;
    let r = g.for_board(a[2].parse().unwrap());
    let r = r.as_single().unwrap();
    let n: usize = a[2].parse().unwrap();
    let (t, rows, step): (usize, usize, usize) = (a[3].parse().unwrap(), a[4].parse().unwrap(), a[5].parse().unwrap());
    let mut h: u64 = 0;
    let t0 = std::time::Instant::now();
    solve::grundy_region::stream_tuned(r, n, t, rows, step, (2 * n + 128) / 64, &mut |_| {}, |_, row| {
        for &g in row { h = h.wrapping_mul(1000003).wrapping_add(g as u64); }
    }).unwrap();
    println!("{} {:x} {:.3}s", a[1], h, t0.elapsed().as_secs_f64());
}
