//! `wythoff serve [--port P] [--bind ADDR]`: the games in a web page (see
//! `crate::serve`). Prints the address, opens nothing, stops on Ctrl-C.

use std::io::Write;
use std::process::ExitCode;

#[derive(clap::Args)]
pub struct Args {
    /// TCP port (0: any free port; the address is printed).
    #[arg(long, default_value_t = 8000)]
    pub port: u16,
    /// Address to listen on: loopback by default, so that only this machine
    /// reaches the page (write 0.0.0.0 to share it on a network you trust).
    #[arg(long, default_value = "127.0.0.1")]
    pub bind: std::net::IpAddr,
}

pub fn run(a: Args) -> anyhow::Result<ExitCode> {
    let addr = std::net::SocketAddr::new(a.bind, a.port);
    crate::serve::run(addr, |addr| {
        let mut out = std::io::stdout().lock();
        let _ = writeln!(out, "wythoff serve: http://{addr}/ (Ctrl-C stops)");
        let _ = out.flush();
    })?;
    eprintln!("wythoff serve: stopped");
    Ok(ExitCode::SUCCESS)
}
