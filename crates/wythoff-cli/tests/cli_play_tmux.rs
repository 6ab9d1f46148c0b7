//! `wythoff play` on a terminal, driven by tmux (`send-keys`), the screen read
//! with `capture-pane`. Skipped with a printed notice when tmux is not installed
//! (`.ci/run` installs Debian's tmux).

use std::process::Command;
use std::time::{Duration, Instant};

struct Tmux {
    socket: String,
    session: String,
}

impl Tmux {
    fn run(&self, args: &[&str]) -> std::process::Output {
        Command::new("tmux")
            .args(["-L", &self.socket])
            .args(args)
            .output()
            .expect("run tmux")
    }
    fn screen(&self) -> String {
        let o = self.run(&["capture-pane", "-p", "-t", &self.session, "-S", "-200"]);
        String::from_utf8_lossy(&o.stdout).into_owned()
    }
    /// Wait until the screen shows `what` (a hung program fails after a long
    /// deadline; this is no timing assertion).
    fn wait_for(&self, what: &str) -> String {
        self.wait_count(what, 1)
    }
    /// Wait until `what` shows `count` times.
    fn wait_count(&self, what: &str, count: usize) -> String {
        let start = Instant::now();
        loop {
            let s = self.screen();
            if s.matches(what).count() >= count {
                return s;
            }
            if start.elapsed() > Duration::from_secs(30) {
                panic!("the screen never showed `{what}`:\n{s}");
            }
            std::thread::sleep(Duration::from_millis(50));
        }
    }
    fn keys(&self, text: &str) {
        let o = self.run(&["send-keys", "-t", &self.session, "-l", "--", text]);
        assert!(o.status.success());
        let o = self.run(&["send-keys", "-t", &self.session, "Enter"]);
        assert!(o.status.success());
    }
}

impl Drop for Tmux {
    fn drop(&mut self) {
        let _ = self.run(&["kill-server"]);
    }
}

#[test]
fn terminal_game_with_tmux() {
    if Command::new("tmux").arg("-V").output().is_err() {
        println!("NOTICE: tmux is not installed; the terminal test of `wythoff play` is skipped");
        return;
    }
    let t = Tmux {
        socket: format!("wythoff-test-{}", std::process::id()),
        session: "play".into(),
    };
    let bin = env!("CARGO_BIN_EXE_wythoff");
    let cmd = format!("{bin} play roob-blocking:m=2,p=3 7 9 --seed 1; sleep 30");
    let o = t.run(&[
        "new-session",
        "-d",
        "-s",
        &t.session,
        "-x",
        "120",
        "-y",
        "60",
        &cmd,
    ]);
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    // the board (drawn by the text board renderer), the position, whose turn
    let s = t.wait_for("your move");
    assert!(s.contains("position (7, 9)"), "{s}");
    assert!(s.contains("you to move"), "{s}");
    assert!(s.contains("██ position"), "{s}");
    assert!(s.contains("block a,b ... (up to 2)"), "{s}");
    // an illegal move is refused with the rule
    t.keys("7,10");
    let s = t.wait_for("adds tokens");
    assert!(s.contains("# illegal: 7,10"), "{s}");
    // hint lists the winning moves with their remoteness
    t.keys("hint");
    t.wait_for("# hint:");
    // a removal with a block; the computer replies and the board is redrawn
    t.keys("-5,0 block 2,0");
    // prompts so far: the first, after the refusal, after the hint, after the reply
    let s = t.wait_count("your move (x,y", 4);
    let after: String = s.split("-5,0 block 2,0").nth(1).unwrap_or("").to_string();
    assert!(
        after.contains("── roob-blocking"),
        "the board is redrawn: {s}"
    );
    assert!(after.contains("position ("), "{s}");
    assert!(after.contains("you to move"), "{s}");
    assert!(!after.contains("# illegal"), "{s}");
    // the computer's reply is a move from (2, 9) other than the blocked (2, 0)
    let reply = after
        .lines()
        .find(|l| l.contains(',') && !l.starts_with('#') && !l.contains(' '))
        .unwrap_or_else(|| panic!("no reply: {s}"));
    assert_ne!(reply.trim(), "2,0", "{s}");
    // undo goes back to the start
    t.keys("undo");
    t.wait_for("undone: back at (7, 9)");
    t.keys("quit");
    t.wait_for("# quit");
}
