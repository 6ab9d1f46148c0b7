//! `wythoff serve`: the binary started on a free port (its printed address
//! read back), asked over HTTP (hyper's client), and compared with the CLI:
//! P-positions, Grundy values and winning moves equal `p-positions`, `grundy`
//! and `outcome --format json` on the catalogue in both conventions; 200
//! concurrent requests for one board cost one solve; bad requests get 400 or
//! 404 and the server keeps answering; SIGINT stops it cleanly.

use http_body_util::{BodyExt, Empty};
use hyper::body::Bytes;
use hyper_util::rt::TokioIo;
use serde_json::Value;
use std::io::{BufRead, BufReader};
use std::process::{Child, Command, Stdio};

mod common;
use common::wythoff;

struct Server {
    child: Child,
    addr: String,
    rt: tokio::runtime::Runtime,
}

impl Server {
    fn start() -> Server {
        let mut c = Command::new(env!("CARGO_BIN_EXE_wythoff"));
        c.args(["serve", "--port", "0"]);
        Server::spawn(c)
    }

    /// The server under an open-file limit of `files` (as `ulimit -n`).
    fn start_with_files(files: u32) -> Server {
        let mut c = Command::new("sh");
        c.args([
            "-c",
            &format!("ulimit -n {files} && exec \"$0\" serve --port 0"),
            env!("CARGO_BIN_EXE_wythoff"),
        ]);
        Server::spawn(c)
    }

    fn spawn(mut c: Command) -> Server {
        let mut child = c
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .expect("start wythoff serve");
        let mut line = String::new();
        BufReader::new(child.stdout.take().unwrap())
            .read_line(&mut line)
            .unwrap();
        // `wythoff serve: http://127.0.0.1:PORT/ (Ctrl-C stops)`
        let addr = line
            .split("http://")
            .nth(1)
            .and_then(|r| r.split('/').next())
            .unwrap_or_else(|| panic!("no address in {line:?}"))
            .to_string();
        assert!(
            addr.starts_with("127.0.0.1:"),
            "loopback by default: {line}"
        );
        let rt = tokio::runtime::Builder::new_multi_thread()
            .worker_threads(2)
            .enable_all()
            .build()
            .unwrap();
        Server { child, addr, rt }
    }

    /// GET `path` (sent as written: no normalisation): status and body.
    fn get(&self, path: &str) -> (u16, String) {
        self.rt.block_on(get(self.addr.clone(), path.to_string()))
    }

    fn json(&self, path: &str) -> Value {
        let (status, body) = self.get(path);
        assert_eq!(status, 200, "{path}: {body}");
        serde_json::from_str(&body).unwrap_or_else(|e| panic!("{path}: {e}: {body}"))
    }

    /// GET `path`, checked to be refused (400): the error its JSON says.
    fn refused(&self, path: &str) -> String {
        let (status, body) = self.get(path);
        assert_eq!(status, 400, "{path}: {body}");
        let v: Value =
            serde_json::from_str(&body).unwrap_or_else(|e| panic!("{path}: {e}: {body}"));
        v["error"]
            .as_str()
            .unwrap_or_else(|| panic!("{path}: {body}"))
            .to_string()
    }

    fn solves(&self) -> u64 {
        self.json("/api/stats")["solves"].as_u64().unwrap()
    }

    /// The server's resident memory, in bytes (Linux).
    fn rss(&self) -> u64 {
        let status = std::fs::read_to_string(format!("/proc/{}/status", self.child.id())).unwrap();
        let line = status.lines().find(|l| l.starts_with("VmRSS:")).unwrap();
        let kb: u64 = line.split_whitespace().nth(1).unwrap().parse().unwrap();
        kb * 1024
    }

    /// SIGINT (Ctrl-C), then the exit status must be success.
    fn stop(mut self) {
        let pid = self.child.id().to_string();
        let ok = Command::new("kill").args(["-INT", &pid]).status().unwrap();
        assert!(ok.success());
        let status = self.child.wait().unwrap();
        let mut err = String::new();
        std::io::Read::read_to_string(self.child.stderr.as_mut().unwrap(), &mut err).unwrap();
        assert!(status.success(), "{status:?}: {err}");
        assert!(err.contains("stopped"), "{err}");
    }
}

impl Drop for Server {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

async fn get(addr: String, path: String) -> (u16, String) {
    let stream = tokio::net::TcpStream::connect(&addr).await.unwrap();
    let (mut sender, conn) = hyper::client::conn::http1::handshake(TokioIo::new(stream))
        .await
        .unwrap();
    tokio::spawn(conn);
    let req = hyper::Request::get(path.as_str())
        .header("host", addr.as_str())
        .body(Empty::<Bytes>::new())
        .unwrap();
    let res = sender.send_request(req).await.unwrap();
    let status = res.status().as_u16();
    let body = res.into_body().collect().await.unwrap().to_bytes();
    (status, String::from_utf8(body.to_vec()).unwrap())
}

fn enc(s: &str) -> String {
    s.bytes()
        .map(|b| match b {
            b'a'..=b'z' | b'A'..=b'Z' | b'0'..=b'9' | b'-' | b'_' | b'.' => (b as char).to_string(),
            _ => format!("%{b:02X}"),
        })
        .collect()
}

fn cli_json(args: &[&str]) -> Result<Value, String> {
    let o = wythoff(args);
    if o.status.success() {
        Ok(serde_json::from_slice(&o.stdout).unwrap())
    } else {
        let e = String::from_utf8(o.stderr).unwrap();
        Err(e
            .trim_end()
            .trim_start_matches("wythoff: error: ")
            .to_string())
    }
}

/// A game of every catalogue entry (and a few more), each in both conventions.
const GAMES: &[&str] = &[
    "nim",
    "wythoff",
    "m-wythoff:m=2",
    "st-wythoff:s=2,t=1",
    "connell:p=3",
    "roob-blocking:m=2,p=2",
    "modulo-rook:m=2,l=1,p=3",
    "shifted:m=1,p=2,l=1",
    "corner:m=1,p=2,u=1,v=2",
    "choose-shift:m=1,p=2",
    "modular:m=3",
    "diagonal-blocking:p=2,m=1",
    "imitation:p=2,m=1",
    "restricted:s=2,t=1,h=odd",
    "odd-odd:s=1,t=1",
    "even-even:s=1,t=2",
    "odd-even:s=2,t=1",
    "even-odd:s=1,t=1",
    "blocking-wythoff:k=3",
    "terminal-wythoff:l=2",
    "gdwn:p=1,q=2",
    "wythoff:pass=1",
];

#[test]
fn the_api_answers_as_the_cli_does() {
    let s = Server::start();
    // the catalogue: every entry, as `games --format json`
    let games = s.json("/api/games");
    assert_eq!(Ok(games.clone()), cli_json(&["games", "--format", "json"]));
    let names: Vec<&str> = games
        .as_array()
        .unwrap()
        .iter()
        .map(|e| e["name"].as_str().unwrap())
        .collect();
    for n in &names {
        assert!(
            GAMES.iter().any(|g| g.split(':').next() == Some(n)),
            "catalogue entry {n} is not tested"
        );
    }
    let max = 30;
    let mut compared = 0;
    for g in GAMES {
        for misere in [false, true] {
            let m = if misere { "&misere=1" } else { "" };
            let mut args = vec!["p-positions", g, "--max", "30", "--format", "json"];
            if misere {
                args.push("--misere");
            }
            let cli = cli_json(&args).unwrap_or_else(|e| panic!("{g}: {e}"));
            let api = s.json(&format!("/api/p-positions?game={}&max={max}{m}", enc(g)));
            assert_eq!(api["positions"], cli["p_positions"], "{g} misere={misere}");
            assert_eq!(api["game"], cli["game"], "{g}");
            assert_eq!(api["convention"], cli["convention"], "{g}");
            assert_eq!(api["max"], cli["max"], "{g}");
            // winning moves (and the whole answer) of a few positions, and
            // one beyond the general solver (an exact oracle, a proved
            // automaton naming its proof, or the same refusal)
            for (x, y) in [
                ("0", "0"),
                ("7", "4"),
                ("12", "20"),
                ("29", "3"),
                ("1000000000000000000000000000000", "7"),
            ] {
                let (xs, ys) = (x.to_string(), y.to_string());
                let mut args = vec!["outcome", g, &xs, &ys, "--format", "json"];
                if misere {
                    args.push("--misere");
                }
                let path = format!("/api/outcome?game={}&x={x}&y={y}{m}", enc(g));
                match cli_json(&args) {
                    Ok(cli) => {
                        assert_eq!(s.json(&path), cli, "{g} ({x}, {y}) misere={misere}");
                        compared += 1;
                    }
                    Err(e) => {
                        assert_eq!(s.refused(&path), e, "{path}");
                    }
                }
            }
        }
        // Grundy values: normal play, where they exist
        let path = format!("/api/grundy?game={}&max={max}", enc(g));
        match cli_json(&["grundy", g, "--max", "30", "--format", "json"]) {
            Ok(cli) => {
                let api = s.json(&path);
                assert_eq!(api["values"], cli["rows"], "{g}");
                assert_eq!(api["game"], cli["game"], "{g}");
                compared += 1;
            }
            Err(e) => {
                assert_eq!(s.refused(&path), e, "{path}");
            }
        }
    }
    assert!(compared > 100, "{compared}");
    // Grundy level sets: the JSON of `grundy --values A..G`, byte for byte
    for (g, values) in [
        ("wythoff", "0..3"),
        ("modular:m=2", "2..4"),
        ("terminal-wythoff:l=2", "1"),
    ] {
        let path = format!("/api/grundy?game={}&max=200&values={values}", enc(g));
        let cli = cli_json(&[
            "grundy", g, "--max", "200", "--values", values, "--format", "json",
        ])
        .expect("levels");
        assert_eq!(s.json(&path), cli, "{path}");
    }
    // a rules file: its text sent as rules= (the server reads no file)
    let dir = common::temp_folder("wythoff-serve");
    let file = dir.join("mine.toml");
    let toml = "name = \"mine\"\nh = \"odd\"\nv = \"3:0+1\"\n[two-pile]\nd1 = \"all\"\nd2 = \"all\"\nrelation = \"band:2\"\n[corner]\nu = 2\nv = 1\n";
    std::fs::write(&file, toml).unwrap();
    let f = file.to_str().unwrap();
    for misere in [false, true] {
        let m = if misere { "&misere=1" } else { "" };
        let mut args = vec!["p-positions", f, "--max", "30", "--format", "json"];
        if misere {
            args.push("--misere");
        }
        let cli = cli_json(&args).unwrap();
        let api = s.json(&format!("/api/p-positions?rules={}&max=30{m}", enc(toml)));
        assert_eq!(
            api["positions"], cli["p_positions"],
            "rules misere={misere}"
        );
        assert_eq!(api["game"], cli["game"]);
        for (x, y) in [(5, 9), (2, 0), (17, 11)] {
            let (xs, ys) = (x.to_string(), y.to_string());
            let mut args = vec!["outcome", f, &xs, &ys, "--format", "json"];
            if misere {
                args.push("--misere");
            }
            let cli = cli_json(&args).unwrap();
            let path = format!("/api/outcome?rules={}&x={x}&y={y}{m}", enc(toml));
            assert_eq!(s.json(&path), cli, "{path}");
        }
    }
    let cli = cli_json(&["grundy", f, "--max", "30", "--format", "json"]).unwrap();
    let api = s.json(&format!("/api/grundy?rules={}&max=30", enc(toml)));
    assert_eq!(api["values"], cli["rows"]);
    // two rules files with the same name are two games
    let other = toml.replace("band:2", "diagonal");
    let a = s.json(&format!("/api/p-positions?rules={}&max=30", enc(toml)));
    let b = s.json(&format!("/api/p-positions?rules={}&max=30", enc(&other)));
    assert_ne!(a["positions"], b["positions"]);
    let _ = std::fs::remove_dir_all(&dir);
    // piles of any size: an oracle answers
    let big = "123456789012345678901234567890";
    let cli = cli_json(&["outcome", "wythoff", big, "7", "--format", "json"]).unwrap();
    assert_eq!(
        s.json(&format!("/api/outcome?game=wythoff&x={big}&y=7")),
        cli
    );
    // modular beyond the catalogue's range: `outcome`'s own path (seed 001's
    // characterisation), normal and misère
    let m = "modular:m=1000000000000000000000";
    for misere in [false, true] {
        let mut args = vec!["outcome", m, big, "17", "--format", "json"];
        if misere {
            args.push("--misere");
        }
        let path = format!(
            "/api/outcome?game={}&x={big}&y=17{}",
            enc(m),
            if misere { "&misere=1" } else { "" }
        );
        match cli_json(&args) {
            Ok(cli) => assert_eq!(s.json(&path), cli, "{path}"),
            Err(e) => {
                assert_eq!(s.refused(&path), e, "{path}");
            }
        }
    }
    // a history (Imitation Nim), as `outcome --history`
    let cli = cli_json(&[
        "outcome",
        "imitation:p=2,m=1",
        "3",
        "4",
        "--format",
        "json",
        "--history",
        "5,4",
    ])
    .unwrap();
    assert_eq!(
        s.json("/api/outcome?game=imitation%3Ap%3D2%2Cm%3D1&x=3&y=4&history=5%2C4"),
        cli
    );
    s.stop();
}

#[test]
fn concurrent_requests_for_one_board_cost_one_solve() {
    let s = Server::start();
    let before = s.solves();
    let path = "/api/p-positions?game=wythoff&max=4000".to_string();
    let bodies: Vec<(u16, String)> = s.rt.block_on(async {
        let tasks: Vec<_> = (0..200)
            .map(|_| tokio::spawn(get(s.addr.clone(), path.clone())))
            .collect();
        let mut out = Vec::new();
        for t in tasks {
            out.push(t.await.unwrap());
        }
        out
    });
    assert_eq!(s.solves() - before, 1, "200 requests, one solve");
    assert!(bodies.iter().all(|b| b.0 == 200 && b.1 == bodies[0].1));
    let v: Value = serde_json::from_str(&bodies[0].1).unwrap();
    let cli = cli_json(&[
        "p-positions",
        "wythoff",
        "--max",
        "4000",
        "--format",
        "json",
    ])
    .unwrap();
    assert_eq!(v["positions"], cli["p_positions"]);
    // again, later: from the cache
    s.json(&path);
    assert_eq!(s.solves() - before, 1);
    // and the same for a Grundy table
    let path = "/api/grundy?game=m-wythoff%3Am%3D2&max=600".to_string();
    let before = s.solves();
    let ok = s.rt.block_on(async {
        let tasks: Vec<_> = (0..200)
            .map(|_| tokio::spawn(get(s.addr.clone(), path.clone())))
            .collect();
        let mut n = 0;
        for t in tasks {
            n += usize::from(t.await.unwrap().0 == 200);
        }
        n
    });
    assert_eq!(ok, 200);
    assert_eq!(s.solves() - before, 1);
    s.stop();
}

#[test]
fn bad_requests_get_400_or_404_and_the_server_keeps_answering() {
    let s = Server::start();
    let huge = "9".repeat(5000);
    let long_game = format!("/api/p-positions?game={}&max=10", "w".repeat(60_000));
    let bad: Vec<String> = vec![
        "/api/p-positions?game=nope&max=10".into(),
        "/api/p-positions?game=wythoff".into(),
        "/api/p-positions?max=10".into(),
        "/api/p-positions?game=wythoff&max=0".into(),
        "/api/p-positions?game=wythoff&max=-1".into(),
        "/api/p-positions?game=wythoff&max=abc".into(),
        "/api/p-positions?game=wythoff&max=1.5".into(),
        "/api/p-positions?game=wythoff&max=1e9".into(),
        "/api/p-positions?game=wythoff&max=99999999999999999999999".into(),
        "/api/p-positions?game=wythoff&max=1048577".into(),
        "/api/p-positions?game=wythoff&max=100000".into(),
        "/api/p-positions?game=wythoff&max=10&misere=maybe".into(),
        "/api/p-positions?game=wythoff&max=10&max=11".into(),
        "/api/p-positions?game=wythoff&max=10&extra=1".into(),
        "/api/p-positions?game=m-wythoff%3Am%3D0&max=10".into(),
        "/api/p-positions?game=m-wythoff%3Am%3Dx&max=10".into(),
        "/api/p-positions?game=%2Fetc%2Fpasswd.toml&max=10".into(),
        "/api/p-positions?game=file%3A%2Fetc%2Fpasswd&max=10".into(),
        "/api/p-positions?game=%ff%fe&max=10".into(),
        "/api/p-positions?game=wythoff%0A%1b%5B2J&max=10".into(),
        long_game,
        // a dense P-set: more positions than the server sends
        "/api/p-positions?game=restricted%3As%3D1%2Ct%3D1%2Ch%3Dmax1%2Cv%3Dmax1%2Cd1%3Dnone%2Cd2%3Dnone&max=4096".into(),
        "/api/grundy?game=wythoff&max=5000".into(),
        "/api/grundy?game=roob-blocking%3Am%3D2%2Cp%3D2&max=10".into(),
        "/api/grundy?game=wythoff&max=10&misere=1".into(),
        "/api/grundy?game=imitation%3Ap%3D2%2Cm%3D1&max=10".into(),
        "/api/grundy?game=wythoff&max=10&values=0..65".into(),
        "/api/grundy?game=wythoff&max=10&values=x".into(),
        "/api/grundy?game=wythoff&max=65537&values=0..2".into(),
        "/api/grundy?game=roob-blocking%3Am%3D2%2Cp%3D2&max=10&values=0..2".into(),
        "/api/remoteness?game=wythoff&max=2000".into(),
        "/api/patterns?game=wythoff&max=2".into(),
        "/api/compare?a=wythoff&b=nope&max=10".into(),
        "/api/compare?a=wythoff%40sideways&b=nim&max=10".into(),
        "/api/outcome?game=wythoff&x=-1&y=2".into(),
        "/api/outcome?game=wythoff&x=1".into(),
        "/api/outcome?game=wythoff&x=a&y=2".into(),
        format!("/api/outcome?game=restricted%3As%3D2%2Ct%3D1%2Ch%3Dodd&x={huge}&y=1"),
        "/api/outcome?game=wythoff&x=3&y=4&history=5%2C4".into(),
        "/api/outcome?game=imitation%3Ap%3D2%2Cm%3D1&x=3&y=4&history=9%2C9".into(),
        "/api/outcome?game=imitation%3Ap%3D2%2Cm%3D1&x=3&y=4&history=x".into(),
        "/api/play?game=wythoff&start=5%2C3&moves=6%2C3".into(),
        "/api/play?game=wythoff&start=5%2C3&moves=2%2C1".into(),
        "/api/play?game=wythoff&start=99999%2C3".into(),
        "/api/play?game=wythoff".into(),
        "/api/play?game=wythoff&start=5%2C3&seed=-4".into(),
        "/api/play?game=choose-shift%3Am%3D1%2Cp%3D2&start=5%2C3".into(),
        "/api/games?x=1".into(),
        "/api/p-positions?game=wythoff&rules=name%3D%22x%22&max=10".into(),
        "/api/p-positions?rules=nonsense%20%5B&max=10".into(),
        "/api/p-positions?rules=unknown_key%3D1&max=10".into(),
    ];
    let not_found: Vec<&str> = vec![
        "/static/../Cargo.toml",
        "/static/..%2FCargo.toml",
        "/static/%2e%2e/Cargo.toml",
        "/static/%2e%2e%2fsrc%2fmain.rs",
        "/static/app.js/../../Cargo.toml",
        "/../Cargo.toml",
        "/api/nothing",
        "/static/",
    ];
    assert!(bad.len() + not_found.len() >= 50);
    for path in &bad {
        let msg = s.refused(path);
        assert!(!msg.is_empty() && !msg.contains('\n'), "{path}: {msg}");
        assert!(msg.len() < 400, "{path}: {msg}");
        assert!(!msg.contains("panicked"), "{path}: {msg}");
    }
    for path in &not_found {
        let (status, body) = s.get(path);
        assert!(status == 404 || status == 400, "{path}: {status} {body}");
        assert!(
            !body.contains("[workspace]") && !body.contains("fn main"),
            "{path}"
        );
    }
    // not HTTP at all: hyper answers 400 and closes that connection
    {
        use std::io::{Read, Write};
        let mut t = std::net::TcpStream::connect(&s.addr).unwrap();
        t.write_all(b"GARBAGE \x00\xff\r\n\r\n").unwrap();
        let mut buf = String::new();
        let _ = t.read_to_string(&mut buf);
        assert!(buf.is_empty() || buf.starts_with("HTTP/1.1 400"), "{buf}");
    }
    // what would take long is refused with its estimate
    let (_, body) = s.get("/api/p-positions?game=wythoff&max=100000");
    assert!(body.contains("over what the server draws"), "{body}");
    let (status, body) = s.get("/api/remoteness?game=st-wythoff%3As%3D2%2Ct%3D1&max=1024");
    assert_eq!(status, 400, "{body}");
    assert!(body.contains("would take about"), "{body}");
    // still answering, nothing solved for the refusals but the good request
    let v = s.json("/api/p-positions?game=wythoff&max=10");
    assert_eq!(v["positions"][1], serde_json::json!([1, 2]));
    let (status, page) = s.get("/");
    assert_eq!(status, 200);
    assert!(page.contains("<canvas"), "the page");
    let (status, _) = s.get("/static/app.js");
    assert_eq!(status, 200);
    s.stop();
}

#[test]
fn play_replays_the_game_and_the_computer_answers_with_a_winning_move() {
    let s = Server::start();
    // (5, 3) is P in Wythoff: every human move loses, the computer wins back
    let v = s.json("/api/play?game=wythoff&start=5%2C3&moves=5%2C1&computer=1");
    let reply = &v["computer"]["to"];
    let (a, b) = (reply[0].as_u64().unwrap(), reply[1].as_u64().unwrap());
    let cli = cli_json(&["outcome", "wythoff", "5", "1", "--format", "json"]).unwrap();
    let wins: Vec<Value> = cli["winning_moves"].as_array().unwrap().clone();
    assert!(
        wins.contains(&serde_json::json!([a.to_string(), b.to_string()])),
        "{v}"
    );
    assert_eq!(v["moves"].as_array().unwrap().len(), 2);
    assert_eq!(v["position"], serde_json::json!([a, b]));
    // Imitation Nim: the history and its imitation marks
    let v = s.json("/api/play?game=imitation%3Ap%3D2%2Cm%3D1&start=4%2C4&moves=3%2C4");
    assert_eq!(v["imitation"]["p"], 2);
    assert_eq!(v["moves"][0]["to"], serde_json::json!([3, 4]));
    assert!(v["choices"]
        .as_array()
        .unwrap()
        .iter()
        .any(|c| c["imitation"] == true));
    s.stop();
}

/// A game with a pass (issue 50): the computer passes exactly where `outcome`
/// lists the pass as winning, a player's `pass` is replayed, a second pass
/// is refused with the reason, and `pass_available` says when it can be played.
#[test]
fn play_offers_the_pass_as_outcome_does() {
    let s = Server::start();
    // (1, 2): the pass is the only winning action (`outcome`: no winning move)
    let cli = cli_json(&["outcome", "wythoff:pass=1", "1", "2", "--format", "json"]).unwrap();
    assert_eq!(cli["winning_pass"], true, "{cli}");
    assert_eq!(cli["winning_moves"], serde_json::json!([]), "{cli}");
    let g = "wythoff%3Apass%3D1";
    let v = s.json(&format!("/api/play?game={g}&start=1%2C2"));
    assert_eq!(v["pass_available"], true, "{v}");
    // the computer, to move at (1, 2), passes: its one winning action
    let v = s.json(&format!("/api/play?game={g}&start=1%2C2&computer=1"));
    assert_eq!(v["computer"]["pass"], true, "{v}");
    assert_eq!(v["position"], serde_json::json!([1, 2]), "{v}");
    assert_eq!(v["moves"][0]["pass"], true, "{v}");
    assert_eq!(v["pass_available"], false, "{v}");
    // a player's pass, then the computer moves (no pass left)
    let v = s.json(&format!(
        "/api/play?game={g}&start=3%2C5&moves=pass&computer=1"
    ));
    assert_eq!(v["moves"][0]["pass"], true, "{v}");
    assert_eq!(v["computer"]["pass"], false, "{v}");
    assert_eq!(v["pass_available"], false, "{v}");
    let (status, body) = s.get(&format!("/api/play?game={g}&start=3%2C5&moves=pass%3Bpass"));
    assert_eq!(status, 400, "{body}");
    assert!(body.contains("the pass was used already"), "{body}");
    // Wythoff without a pass: refused with the reason
    let (status, body) = s.get("/api/play?game=wythoff&start=3%2C5&moves=pass");
    assert_eq!(status, 400, "{body}");
    assert!(body.contains("has no pass"), "{body}");
    s.stop();
}

#[test]
fn bad_arguments_and_a_busy_port_are_one_line_and_exit_2() {
    let s = Server::start();
    let port = s.addr.rsplit(':').next().unwrap().to_string();
    for args in [
        vec!["serve", "--port", "99999"],
        vec!["serve", "--port", "-1"],
        vec!["serve", "--bind", "nowhere"],
        vec!["serve", "--port", &port],
    ] {
        let o = wythoff(&args);
        let err = String::from_utf8(o.stderr).unwrap();
        assert_eq!(o.status.code(), Some(2), "{args:?}: {err}");
        assert_eq!(err.lines().count(), 1, "{args:?}: {err}");
        assert!(err.starts_with("wythoff: error: "), "{args:?}: {err}");
    }
    // the busy port's server still answers
    assert_eq!(s.get("/api/stats").0, 200);
    s.stop();
}

/// `request` sent as it is on a new connection (closed after its answer):
/// the status and body, or `None` when nothing came within `secs` seconds.
fn exchange(addr: &str, request: &[u8], secs: u64) -> Option<(u16, String)> {
    use std::io::{Read, Write};
    let mut t = std::net::TcpStream::connect(addr).ok()?;
    t.set_read_timeout(Some(std::time::Duration::from_secs(secs)))
        .ok()?;
    // a server may answer (a 413, a 414) before the request is all written,
    // and close: the answer is read whether or not the writing finished
    let _ = t.write_all(request);
    let mut buf = Vec::new();
    if t.read_to_end(&mut buf).is_err() && buf.is_empty() {
        return None;
    }
    let text = String::from_utf8_lossy(&buf).to_string();
    let status = text.get(9..12)?.parse().ok()?;
    let body = text.split_once("\r\n\r\n").map_or("", |(_, b)| b);
    Some((status, body.to_string()))
}

fn request(method: &str, path: &str, body: &str) -> Vec<u8> {
    format!(
        "{method} {path} HTTP/1.1\r\nhost: x\r\nconnection: close\r\ncontent-type: application/x-www-form-urlencoded\r\ncontent-length: {}\r\n\r\n{body}",
        body.len()
    )
    .into_bytes()
}

/// A JSON `{"error": "<one line>"}`.
fn error_of(body: &str) -> String {
    let v: Value = serde_json::from_str(body).unwrap_or_else(|e| panic!("{e}: {body:?}"));
    let msg = v["error"]
        .as_str()
        .unwrap_or_else(|| panic!("{body}"))
        .to_string();
    assert!(!msg.is_empty() && !msg.contains('\n'), "{msg}");
    msg
}

#[test]
fn idle_and_slow_clients_do_not_make_the_server_unreachable() {
    use std::io::{Read, Write};
    use std::time::{Duration, Instant};
    // under 128 open files, 200 clients that send nothing and one that sends
    // half a request line
    let s = Server::start_with_files(128);
    let idle: Vec<std::net::TcpStream> = (0..200)
        .map(|_| std::net::TcpStream::connect(&s.addr).unwrap())
        .collect();
    let mut slow = std::net::TcpStream::connect(&s.addr).unwrap();
    slow.write_all(b"GET /api/stats HTTP/1.1\r\nhost:").unwrap();
    // a new client is answered: a JSON 503 while the bound is reached, then,
    // once the idle ones are closed (the header timeout), the answer itself
    let t = Instant::now();
    let mut busy = 0;
    loop {
        let got = exchange(&s.addr, &request("GET", "/api/stats", ""), 5);
        match got {
            Some((200, body)) => {
                let v: Value = serde_json::from_str(&body).unwrap();
                assert!(v["connection_limit"].as_u64().unwrap() <= 64, "{v}");
                break;
            }
            Some((503, body)) => {
                assert!(error_of(&body).contains("connections open"), "{body}");
                busy += 1;
            }
            other => panic!("no answer within 5 s: {other:?}"),
        }
        assert!(
            t.elapsed() < Duration::from_secs(45),
            "unreachable for 45 s under 200 idle connections"
        );
        std::thread::sleep(Duration::from_millis(500));
    }
    // the idle and the slow clients were closed by the server
    for mut c in idle.into_iter().chain([slow]) {
        c.set_read_timeout(Some(Duration::from_secs(30))).unwrap();
        let mut buf = Vec::new();
        match c.read_to_end(&mut buf) {
            Ok(_) => {}
            Err(e) => assert_eq!(e.kind(), std::io::ErrorKind::ConnectionReset, "{e}"),
        }
    }
    let _ = busy;
    s.stop();
}

#[test]
fn stalled_readers_of_a_large_answer_share_its_body() {
    use std::io::Write;
    use std::time::Duration;
    let s = Server::start();
    let path = "/api/grundy?game=wythoff&max=1024";
    let (status, body) = s.get(path);
    assert_eq!(status, 200);
    assert!(body.len() > 4_000_000, "{}", body.len());
    let before = s.rss();
    // 200 clients ask for it and read nothing
    let stalled: Vec<std::net::TcpStream> = (0..200)
        .map(|_| {
            let mut t = std::net::TcpStream::connect(&s.addr).unwrap();
            t.write_all(&request("GET", path, "")).unwrap();
            t
        })
        .collect();
    std::thread::sleep(Duration::from_secs(3));
    // the server still answers, and holds no copy of the body per client
    let (status, _) = exchange(&s.addr, &request("GET", "/api/stats", ""), 5).expect("an answer");
    assert_eq!(status, 200);
    let after = s.rss();
    assert!(
        after < before + (200 << 20),
        "{} MB before, {} MB with 200 stalled readers of a {} MB answer",
        before >> 20,
        after >> 20,
        body.len() >> 20
    );
    drop(stalled);
    s.stop();
}

#[test]
fn requests_whose_clients_have_gone_are_not_computed() {
    use std::io::Write;
    use std::time::{Duration, Instant};
    let s = Server::start();
    // heavy boards (seconds each, under the server's 10 s estimate: larger
    // minimum lengths are refused before they start), their clients gone at once
    for h in ["min24", "min20", "min16", "min12", "max8"] {
        let g = format!("restricted:s=1,t=1,h={h},v={h},d1=none,d2=none");
        let path = format!("/api/p-positions?game={}&max=4096", enc(&g));
        let mut t = std::net::TcpStream::connect(&s.addr).unwrap();
        t.write_all(&request("GET", &path, "")).unwrap();
        std::thread::sleep(Duration::from_millis(100));
        drop(t);
    }
    std::thread::sleep(Duration::from_millis(500));
    // a trivial board waits behind none of them
    let t = Instant::now();
    let got = exchange(
        &s.addr,
        &request("GET", "/api/p-positions?game=wythoff&max=10", ""),
        30,
    );
    let (status, body) = got.expect("an answer");
    assert_eq!(status, 200, "{body}");
    assert!(
        t.elapsed() < Duration::from_secs(5),
        "a trivial request waited {:?} behind abandoned ones",
        t.elapsed()
    );
    // each of the five was abandoned: stopped at its next progress report
    // (the one running when its client went) or never started (the ones
    // queued behind it). Measured here: 5 of 5, with the trivial answer
    // after about 1 s; at least 3 leaves room for a loaded machine where one
    // small board finishes before its client's departure is seen.
    let stats = s.json("/api/stats");
    let abandoned = stats["abandoned"].as_u64().unwrap();
    assert!((3..=5).contains(&abandoned), "{stats}");
    s.stop();
}

#[test]
fn long_uris_and_other_methods_get_json_errors_and_long_rules_go_in_a_post() {
    let s = Server::start();
    let addr = &s.addr;
    // a request line over hyper's 65534 bytes: a JSON 414 that says what to do
    let long = format!("/api/p-positions?game={}&max=10", "w".repeat(70_000));
    let (status, body) = exchange(addr, &request("GET", &long, ""), 5).expect("an answer");
    assert_eq!(status, 414);
    assert!(error_of(&body).contains("POST"), "{body}");
    // not HTTP: a JSON 400
    let (status, body) = exchange(addr, b"GARBAGE \x00\xff\r\n\r\n", 5).expect("an answer");
    assert_eq!(status, 400);
    error_of(&body);
    // headers too large
    let big_header = format!(
        "GET /api/stats HTTP/1.1\r\nhost: x\r\nx-big: {}\r\n\r\n",
        "h".repeat(500_000)
    );
    let (status, body) = exchange(addr, big_header.as_bytes(), 5).expect("an answer");
    assert_eq!(status, 431);
    assert!(error_of(&body).contains("headers"), "{body}");
    // a head just under the bound is read
    let fits = format!(
        "GET /api/stats HTTP/1.1\r\nhost: x\r\nconnection: close\r\nx-big: {}\r\n\r\n",
        "h".repeat(100_000)
    );
    assert_eq!(
        exchange(addr, fits.as_bytes(), 5).expect("an answer").0,
        200
    );
    // every other method: a JSON 405
    for (m, p) in [
        ("PUT", "/api/p-positions?game=wythoff&max=10"),
        ("DELETE", "/api/stats"),
        ("PATCH", "/api/grundy"),
        ("POST", "/"),
        ("OPTIONS", "/api/outcome"),
    ] {
        let (status, body) = exchange(addr, &request(m, p, ""), 5).expect("an answer");
        assert_eq!(status, 405, "{m} {p}: {body}");
        assert!(error_of(&body).contains("POST"), "{body}");
    }
    // a rules text of nearly 1 MiB, sent as a POST body, answers as the GET
    let toml = "name = \"mine\"\nh = \"odd\"\nv = \"3:0+1\"\n[two-pile]\nd1 = \"all\"\nd2 = \"all\"\nrelation = \"band:2\"\n";
    let get = s.json(&format!("/api/p-positions?rules={}&max=30", enc(toml)));
    let padded = format!("{toml}# {}\n", "x".repeat(1_000_000));
    let body = format!("rules={}&max=30", enc(&padded));
    let (status, got) =
        exchange(addr, &request("POST", "/api/p-positions", &body), 30).expect("an answer");
    assert_eq!(status, 200, "{got}");
    let got: Value = serde_json::from_str(&got).unwrap();
    assert_eq!(got["positions"], get["positions"]);
    // over 1 MiB of rules: the rules cap; over the body cap: a JSON 413
    let over = format!("{toml}# {}\n", "x".repeat(1 << 20));
    let body = format!("rules={}&max=30", enc(&over));
    let (status, got) =
        exchange(addr, &request("POST", "/api/p-positions", &body), 30).expect("an answer");
    assert_eq!(status, 400);
    assert!(error_of(&got).contains("1 MiB"), "{got}");
    let body = format!("rules={}&max=30", "%41".repeat(2 << 20));
    let (status, got) =
        exchange(addr, &request("POST", "/api/p-positions", &body), 30).expect("an answer");
    assert_eq!(status, 413);
    error_of(&got);
    // parameters in both places, or a body not UTF-8
    let (status, _) = exchange(
        addr,
        &request("POST", "/api/p-positions?max=10", "game=wythoff"),
        5,
    )
    .unwrap();
    assert_eq!(status, 400);
    // a body that stops arriving: a JSON 408 within the body timeout (10 s)
    let t = std::time::Instant::now();
    let head = "POST /api/p-positions HTTP/1.1\r\nhost: x\r\nconnection: close\r\ncontent-type: application/x-www-form-urlencoded\r\ncontent-length: 100\r\n\r\ngame=wy";
    let (status, got) = exchange(addr, head.as_bytes(), 30).expect("an answer");
    assert_eq!(status, 408, "{got}");
    assert!(error_of(&got).contains("did not arrive"), "{got}");
    assert!(t.elapsed() < std::time::Duration::from_secs(25));
    // still answering
    assert_eq!(s.get("/api/stats").0, 200);
    // the page's icon is served (no 404)
    assert_eq!(s.get("/favicon.ico").0, 200);
    s.stop();
}

/// One answer layer (`wythoff::answer::outcome_of`): m-Modular Wythoff beyond
/// the catalogue's range answers the same in the CLI and the API; the
/// server words the library's errors with its own parameter names (never a
/// CLI flag); the page's remoteness of Wythoff at 1024 is admitted by the
/// library's plan (the line kernel).
#[test]
fn one_answer_layer_for_the_cli_and_the_api() {
    let s = Server::start();
    let m = "1000000000000000000000";
    for (x, y, outcome) in [("3", "5", "P"), ("5", "4", "N"), ("0", "0", "P")] {
        let cli = cli_json(&[
            "outcome",
            &format!("modular:m={m}"),
            x,
            y,
            "--format",
            "json",
        ])
        .unwrap();
        assert_eq!(cli["outcome"], outcome);
        let api = s.json(&format!("/api/outcome?game=modular%3Am%3D{m}&x={x}&y={y}"));
        assert_eq!(api, cli, "({x}, {y})");
    }
    let r = s.json("/api/remoteness?game=wythoff&max=1024");
    assert_eq!(r["max"], 1024);
    assert_eq!(r["values"].as_array().map(Vec::len), Some(1024));
    for (path, words) in [
        (
            "/api/outcome?game=wythoff&x=3&y=5&history=1%2C2",
            "history is only meaningful for games with memory",
        ),
        (
            "/api/outcome?game=imitation%3Ap%3D1%2Cm%3D1&x=3&y=5&history=9%2C9%3Bx",
            "history value `x` is not `x,y`",
        ),
        (
            &format!("/api/outcome?game=modular%3Am%3D{m}&x=3&y=5&history=9%2C9"),
            "history and conjecture do not apply",
        ),
    ] {
        let e = s.refused(path);
        assert!(e.contains(words), "{path}: {e}");
        assert!(!e.contains("--"), "a CLI flag in {path}: {e}");
    }
    s.stop();
}

/// Work is estimated before it runs (the library's cost model, the server's
/// bound of 10 s): a move set whose cells scan many options
/// (`h=min256`) is refused at 4096, one position near (4999, 4998) of it and
/// an Imitation Nim position near 32767 are refused before any solving (well
/// within 5 s; solving would take half a minute and more), and the refusal
/// names no flag.
#[test]
fn heavy_work_is_refused_before_it_runs() {
    let s = Server::start();
    let g = "restricted%3As%3D1%2Ct%3D1%2Ch%3Dmin256%2Cv%3Dmin256%2Cd1%3Dnone%2Cd2%3Dnone";
    for path in [
        format!("/api/p-positions?game={g}&max=4096"),
        format!("/api/outcome?game={g}&x=4999&y=4998"),
        "/api/outcome?game=imitation%3Ap%3D1%2Cm%3D1&x=32766&y=32765".to_string(),
    ] {
        let t = std::time::Instant::now();
        let (status, body) = s.get(&path);
        let took = t.elapsed();
        assert_eq!(status, 400, "{path}: {body}");
        assert!(
            body.contains("over the server's bound of 10 s"),
            "{path}: {body}"
        );
        assert!(!body.contains("--"), "a CLI flag in {path}: {body}");
        assert!(took < std::time::Duration::from_secs(5), "{path}: {took:?}");
    }
    // the same game on a small board is answered
    s.json(&format!("/api/p-positions?game={g}&max=64"));
    s.stop();
}

/// Hostile round 4: a body declared over 4 MiB with nothing sent waited 10 s
/// for a 408, and `Expect: 100-continue` was told to continue; a malformed
/// chunk size got 413. Now: an immediate 413 (no `100 Continue` first), and a
/// 400 for a malformed body.
#[test]
fn declared_oversize_bodies_are_refused_at_once_and_bad_chunks_are_400() {
    let s = Server::start();
    let path = "/api/p-positions";
    for expect in ["", "expect: 100-continue\r\n"] {
        let head = format!(
            "POST {path} HTTP/1.1\r\nhost: x\r\nconnection: close\r\ncontent-type: application/x-www-form-urlencoded\r\n{expect}content-length: 10000000\r\n\r\n"
        );
        let t0 = std::time::Instant::now();
        let (status, body) = exchange(&s.addr, head.as_bytes(), 8).expect("an answer");
        assert_eq!(status, 413, "{expect:?}: {body}");
        assert!(error_of(&body).contains("over"), "{body}");
        assert!(
            t0.elapsed() < std::time::Duration::from_secs(3),
            "{:?}",
            t0.elapsed()
        );
    }
    let chunked = format!(
        "POST {path} HTTP/1.1\r\nhost: x\r\nconnection: close\r\ncontent-type: application/x-www-form-urlencoded\r\ntransfer-encoding: chunked\r\n\r\nzz\r\ngame=wythoff\r\n0\r\n\r\n"
    );
    let (status, body) = exchange(&s.addr, chunked.as_bytes(), 8).expect("an answer");
    assert_eq!(status, 400, "{body}");
}

/// Hostile round 4: `OPTIONS *` and `CONNECT` got 404; they are methods the
/// server never takes: 405 with `Allow`, as on a known path.
#[test]
fn methods_the_server_never_takes_are_405_anywhere() {
    let s = Server::start();
    for req in [
        "OPTIONS * HTTP/1.1\r\nhost: x\r\nconnection: close\r\n\r\n",
        "CONNECT example.org:443 HTTP/1.1\r\nhost: example.org:443\r\nconnection: close\r\n\r\n",
        "TRACE /nowhere HTTP/1.1\r\nhost: x\r\nconnection: close\r\n\r\n",
    ] {
        let (status, body) = exchange(&s.addr, req.as_bytes(), 8).expect("an answer");
        assert_eq!(status, 405, "{req:?}: {body}");
        assert!(error_of(&body).contains("not allowed"), "{body}");
    }
    let (status, _) = exchange(
        &s.addr,
        b"GET /nowhere HTTP/1.1\r\nhost: x\r\nconnection: close\r\n\r\n",
        8,
    )
    .expect("an answer");
    assert_eq!(status, 404);
}

/// Hostile round 4: an oracle's answer waited 16.7 s behind eight outcomes
/// that each solved a board (they shared the light slots). A board solved
/// for one position is heavy work now: light answers never queue behind it.
#[test]
fn light_answers_do_not_queue_behind_outcomes_that_solve_boards() {
    let s = Server::start();
    let slow = "restricted:s=1,t=1,h=min256,v=min256,d1=none,d2=none";
    let heavy: Vec<std::thread::JoinHandle<()>> = (0..6)
        .map(|i| {
            let addr = s.addr.clone();
            let path = format!("/api/outcome?game={}&x={}&y=4990", enc(slow), 4999 - i);
            std::thread::spawn(move || {
                let req = format!("GET {path} HTTP/1.1\r\nhost: x\r\nconnection: close\r\n\r\n");
                let _ = exchange(&addr, req.as_bytes(), 120);
            })
        })
        .collect();
    std::thread::sleep(std::time::Duration::from_millis(500));
    let t0 = std::time::Instant::now();
    let (status, body) = exchange(
        &s.addr,
        b"GET /api/outcome?game=wythoff&x=1000000&y=1618034 HTTP/1.1\r\nhost: x\r\nconnection: close\r\n\r\n",
        60,
    )
    .expect("an answer");
    let waited = t0.elapsed();
    assert_eq!(status, 200, "{body}");
    // generous: the light answer takes milliseconds; behind six board solves
    // it took tens of seconds
    assert!(
        waited < std::time::Duration::from_secs(5),
        "waited {waited:?}"
    );
    drop(s);
    for h in heavy {
        let _ = h.join();
    }
}

/// Hostile round 5: below pile 5000 a game with a shipped proved automaton
/// solved a board for one position (heavy: one at a time), so its answer
/// waited behind every board ahead of it. Its automaton answers now, option
/// by option, light. Ordering, not time: a heavy board holds the slot (its
/// solve counted), and the light answer must come back while that board's
/// request is still unanswered.
#[test]
fn proved_automata_answers_do_not_wait_for_the_board_slot() {
    use std::sync::atomic::{AtomicBool, Ordering};
    use std::sync::Arc;
    let s = Server::start();
    let before = s.solves();
    // a board of seconds (under the server's 10 s estimate)
    let slow = "restricted:s=1,t=1,h=min24,v=min24,d1=none,d2=none";
    let done = Arc::new(AtomicBool::new(false));
    let heavy = {
        let (addr, done) = (s.addr.clone(), done.clone());
        let path = format!("/api/p-positions?game={}&max=4096", enc(slow));
        std::thread::spawn(move || {
            let req = format!("GET {path} HTTP/1.1\r\nhost: x\r\nconnection: close\r\n\r\n");
            let got = exchange(&addr, req.as_bytes(), 300);
            done.store(true, Ordering::SeqCst);
            got
        })
    };
    // the heavy board has its slot once its solve is counted
    let mut polls = 0;
    while s.solves() < before + 1 {
        polls += 1;
        assert!(polls < 3000, "the heavy board never started");
        std::thread::sleep(std::time::Duration::from_millis(10));
    }
    // terminal-wythoff:l=2 has a shipped automaton and no oracle: below
    // 5000 it solved a board of 4322 (heavy) for this position
    let (status, body) = exchange(
        &s.addr,
        b"GET /api/outcome?game=terminal-wythoff:l=2&x=4321&y=4000 HTTP/1.1\r\nhost: x\r\nconnection: close\r\n\r\n",
        300,
    )
    .expect("an answer");
    assert_eq!(status, 200, "{body}");
    assert!(
        !done.load(Ordering::SeqCst),
        "the automaton's answer came after the heavy board's: it waited for the board slot"
    );
    // the answer is the CLI's (outcome, winning moves, notes)
    let got: Value = serde_json::from_str(&body).unwrap();
    let cli = cli_json(&[
        "outcome",
        "terminal-wythoff:l=2",
        "4321",
        "4000",
        "--format",
        "json",
    ])
    .unwrap();
    assert_eq!(got, cli);
    // the heavy board was a real one (answered, not refused)
    let (status, body) = heavy.join().unwrap().expect("the board's answer");
    assert_eq!(status, 200, "{}", &body[..body.len().min(300)]);
    drop(s);
}

/// Issue 53, defect 3: `modular:m=B^E` with a huge exponent computed the power
/// in the request, before any bound, and the server died out of memory. `m` is
/// bounded below 10^4096 from the sizes of `B` and `E` before the power: a 400
/// naming the bound, at once, and the server keeps answering with its memory
/// as it was.
#[test]
fn a_huge_modular_power_is_refused_before_it_is_computed() {
    let s = Server::start();
    let before = s.rss();
    for m in ["99999999999999999999%5E99999", "2%5E20000", "10%5E4096"] {
        let e = s.refused(&format!("/api/outcome?game=modular%3Am%3D{m}&x=3&y=5"));
        assert!(
            e.contains("too large") && e.contains("below 10^4096"),
            "{m}: {e}"
        );
        assert!(!e.contains("--"), "a CLI flag in {m}: {e}");
    }
    assert!(s.rss() < before + (64 << 20), "{} -> {}", before, s.rss());
    // below the bound: answered
    let v = s.json("/api/outcome?game=modular%3Am%3D10%5E4095&x=3&y=5");
    assert_eq!(v["outcome"], "P", "{v}");
    s.stop();
}

/// Hostile round 5 (issue 53): a terminal set's level 0 holds every cell `x +
/// y <= l` (8 million here, about 100 MB of JSON held whole, planned at 6 MiB
/// and served before), and the level kernel's `scan` index (a cone `s >= 2`)
/// was planned in milliseconds for minutes of work holding the board slot:
/// both refused before any work; a small board of each is answered.
#[test]
fn level_sets_beyond_their_plan_are_refused_before_they_run() {
    let s = Server::start();
    let terminal = "terminal-wythoff%3Al%3D4000";
    let err = s.refused(&format!("/api/grundy?game={terminal}&max=4096&values=0"));
    assert!(err.contains("positions"), "{err}");
    let cone = "st-wythoff%3As%3D2%2Ct%3D1";
    let err = s.refused(&format!("/api/grundy?game={cone}&max=8192&values=0..4"));
    assert!(err.contains("over the server's bound of 10 s"), "{err}");
    let solves = s.solves();
    assert_eq!(solves, 0, "refusals solve nothing");
    s.json(&format!("/api/grundy?game={terminal}&max=256&values=0..1"));
    s.json(&format!("/api/grundy?game={cone}&max=128&values=0..2"));
    s.stop();
}
