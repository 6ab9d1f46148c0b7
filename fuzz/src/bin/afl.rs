//! One in-process target under AFL++ (coverage-guided): the target named by
//! `WYTHOFF_FUZZ_TARGET`, each input checked as `wythoff-fuzz` checks it (a
//! broken property, a refusal that is not clear, memory past the bound:
//! a panic, which AFL++ keeps as a crash; time: AFL++'s `-t`).

fn main() {
    let name = std::env::var("WYTHOFF_FUZZ_TARGET").unwrap_or_default();
    let mut all = wythoff_fuzz::targets::all();
    let Some(i) = all.iter().position(|t| t.name() == name) else {
        let known: Vec<&str> = all.iter().map(|t| t.name()).collect();
        eprintln!(
            "wythoff-fuzz-afl: WYTHOFF_FUZZ_TARGET=`{name}` is no in-process target (known: {})",
            known.join(", ")
        );
        std::process::exit(2);
    };
    // a Mutex: what AFL++'s closure captures must be unwind-safe
    let target = std::sync::Mutex::new(all.swap_remove(i));
    let limits = wythoff_fuzz::Limits::default();
    wythoff::solve::set_memory_budget(256 << 20);
    wythoff_fuzz::alloc::set_abort_at_hard_limit(true);
    wythoff_fuzz::alloc::set_hard_limit(limits.hard_memory);
    afl::fuzz!(|data: &[u8]| {
        let mut t = target.lock().unwrap_or_else(|p| p.into_inner());
        if let Err(what) = wythoff_fuzz::check_one(t.as_mut(), data, &limits) {
            panic!("{}: {what}", t.name());
        }
    });
}
