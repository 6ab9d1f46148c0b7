use std::time::Instant;
use wythoff::catalogue::parse_game;
use wythoff::solve;
fn main() {
    let args: Vec<String> = std::env::args().collect();
    let what = args.get(1).map(|s| s.as_str()).unwrap_or("grundy");
    let n: usize = args.get(2).and_then(|s| s.parse().ok()).unwrap_or(4096);
    let game = args.get(3).map(|s| s.as_str()).unwrap_or("wythoff");
    let g = parse_game(game).unwrap().game;
    let r = g.as_single().unwrap().clone();
    let t = Instant::now();
    let mut s = wythoff::hash::Summary::new();
    match what {
        "grundy" => {
            solve::grundy_fast::stream(&r, n, &mut |_| {}, |_, row| {
                for &v in row {
                    s.item(&[v as u64])
                }
            })
            .unwrap();
        }
        "plain" => {
            solve::grundy_fast::grundy_plain_bitset(&r, n, |_, row| {
                for &v in row {
                    s.item(&[v as u64])
                }
            });
        }
        "band" => {
            solve::band::stream_p_positions(&r, n, &mut |_| {}, |x, ys| {
                for &y in ys {
                    s.pair(x, y as u64)
                }
            })
            .unwrap();
        }
        _ => panic!(),
    }
    println!(
        "{what} {game} n={n}: {:.3}s {}",
        t.elapsed().as_secs_f64(),
        s.line()
    );
}
