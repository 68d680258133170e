//! `mancala-load`: the load generator of the `load` library on the command
//! line (see `mancala-load --help`).

use clap::Parser;
use load::LoadArgs;
use std::process::ExitCode;

/// mimalloc rather than glibc's malloc: the generator's tasks allocate on one
/// worker and free on the other, which glibc's allocator makes costly
/// (docs/PERFORMANCE.md).
#[global_allocator]
static ALLOCATOR: mimalloc::MiMalloc = mimalloc::MiMalloc;

/// The generator runs on every core: it has thousands of connections to keep up with.
fn main() -> ExitCode {
    let args = LoadArgs::parse();
    let runtime = match tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .build()
    {
        Ok(runtime) => runtime,
        Err(e) => {
            eprintln!("mancala-load: cannot start the runtime: {e}");
            return ExitCode::from(2);
        }
    };
    let result = runtime.block_on(load::run(args));
    runtime.shutdown_background();
    match result {
        Ok(summary) => {
            println!("{}", summary.json());
            if summary.healthy() {
                ExitCode::SUCCESS
            } else {
                ExitCode::FAILURE
            }
        }
        Err(e) => {
            eprintln!("mancala-load: {e}");
            ExitCode::from(2)
        }
    }
}
