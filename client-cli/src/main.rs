//! `mancala`: the terminal client of the mancala server.
//!
//! Today it replays game records (`mancala replay`); playing, watching and the
//! lobby come with the server.

mod replay;

use clap::{Parser, Subcommand};
use std::path::PathBuf;
use std::process::ExitCode;

/// The mancala terminal client.
#[derive(Parser)]
#[command(name = "mancala", version, about, propagate_version = true)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand)]
enum Command {
    /// Replay a game: print the board after every move, or check games in bulk as JSON Lines.
    #[command(after_help = replay::EXAMPLES)]
    Replay {
        /// A game record (see docs/RECORDS.md); with --jsonl, a JSON Lines file. `-` or nothing
        /// with --jsonl reads standard input.
        file: Option<PathBuf>,
        /// Read one game per line as JSON and write one JSON result per line.
        #[arg(long)]
        jsonl: bool,
    },
}

fn main() -> ExitCode {
    let cli = Cli::parse();
    let outcome = match cli.command {
        Command::Replay { file, jsonl } => replay::run(file.as_deref(), jsonl),
    };
    match outcome {
        Ok(()) => ExitCode::SUCCESS,
        Err(error) => {
            eprintln!("mancala: {error}");
            ExitCode::FAILURE
        }
    }
}
