//! `mancala`: the terminal client of the mancala server — play, watch,
//! browse the lobby, run a bot, or replay recorded games.

mod account;
mod analyze;
mod bot;
mod commands;
mod complaints;
mod conn;
mod diagram;
mod endgame_cache;
mod endgame_file;
mod help;
mod model;
mod plain;
mod render;
mod replay;
mod solve;
mod standings;
mod store;
mod text;
mod tournaments;
mod tui;
mod web;

use clap::{Args, CommandFactory, FromArgMatches, Parser, Subcommand};
use protocol::wire::{MatchId, ServerMsg};
use std::io::Write;
use std::path::PathBuf;
use std::process::ExitCode;
use text::{Text, t};

/// The mancala terminal client: play and watch matches on a mancala server.
#[derive(Parser)]
#[command(name = "mancala", version, about, propagate_version = true)]
struct Cli {
    #[command(subcommand)]
    command: Command,
    /// The language to speak: en, tr, pl, ru or sl (default: the locale's,
    /// from LC_ALL, LC_MESSAGES or LANG; else English).
    #[arg(long, global = true, env = "MANCALA_LANG", value_name = "LANG")]
    lang: Option<String>,
}

/// Where to connect and as whom.
#[derive(Args, Clone)]
struct Connect {
    /// The server's WebSocket URL.
    #[arg(long, env = "MANCALA_SERVER", default_value = "ws://127.0.0.1:7878/ws")]
    server: String,
    /// Your name (1-20 letters, digits, _ or -); the token saved for it brings the same player
    /// back. Without it: your user name and a short suffix (ann-3f2a), saved the same way and
    /// held while this process runs, so a second process gets a name of its own.
    #[arg(long, env = "MANCALA_NAME")]
    name: Option<String>,
}

impl Connect {
    /// `--name`, which `command` needs (it acts on one name's account).
    fn required_name(&self, text: &Text, command: &str) -> Result<String, String> {
        self.name
            .clone()
            .ok_or_else(|| t!(text, "needs-name", command = command))
    }

    /// `--name`, else a name of one's own: the user name (or `fallback`)
    /// and a short suffix, saved with its token and held by this process
    /// (keep the returned lock alive as long as it plays).
    fn name(
        &self,
        fallback: &str,
        store: Option<&store::TokenStore>,
    ) -> (String, Option<std::fs::File>) {
        if let Some(name) = &self.name {
            return (name.clone(), None);
        }
        let user = std::env::var("USER").unwrap_or_default();
        let clean: String = user
            .chars()
            .filter(|c| c.is_ascii_alphanumeric() || *c == '_')
            .take(15)
            .collect();
        let base = if clean.is_empty() { fallback } else { &clean };
        match store {
            Some(store) => store.default_name(&self.server, base),
            None => (format!("{base}-{:04x}", rand::random::<u16>()), None),
        }
    }
}

#[derive(Subcommand)]
enum Command {
    /// Play: the lobby, seeks, quick pairing, challenges, and your matches.
    #[command(after_help = PLAY_EXAMPLES)]
    Play {
        #[command(flatten)]
        connect: Connect,
        /// One line per event on stdout, commands on stdin (for scripts and screen readers).
        #[arg(long)]
        plain: bool,
        /// No bell when it becomes your move (full screen).
        #[arg(long)]
        no_bell: bool,
    },
    /// Watch a match; without MATCH, pick one from the live list.
    #[command(after_help = WATCH_EXAMPLES)]
    Watch {
        /// The match to watch.
        #[arg(value_name = "MATCH")]
        match_id: Option<u64>,
        #[command(flatten)]
        connect: Connect,
        /// One line per event on stdout; ends when the match does.
        #[arg(long)]
        plain: bool,
    },
    /// Print the lobby once and exit.
    #[command(
        after_help = "Examples:\n  mancala lobby\n  mancala lobby --json --server ws://example.org:7878/ws"
    )]
    Lobby {
        #[command(flatten)]
        connect: Connect,
        /// The lobby snapshot as JSON.
        #[arg(long)]
        json: bool,
    },
    /// Play automatically through quick pairing until stopped, or in a tournament until it ends.
    #[command(
        after_help = "Examples:\n  mancala bot --name botty\n  mancala bot --level 8 --think-ms 2000   (the engine at full strength)\n  mancala bot --variant kalah --games 3 --level random\n  mancala bot --matches 1   (stop after one match)\n  mancala bot --tournament 70   (enter tournament 70, play its boards, stop at its end)"
    )]
    Bot {
        #[command(flatten)]
        connect: Connect,
        /// The game.
        #[arg(long, default_value = "mangala")]
        variant: String,
        /// Games per match (1-9).
        #[arg(long, default_value_t = 5)]
        games: u8,
        /// Time control: untimed, MINUTES+SECONDS (3+2) or DAYSd (3d).
        #[arg(long, default_value = "untimed")]
        time: String,
        /// How the bot plays: 1 (nearly random) to 8 (the engine at full
        /// strength, as the server's computer-8), random, or greedy.
        #[arg(long, default_value = "greedy")]
        level: bot::Level,
        /// The longest the engine searches a move, in milliseconds (levels 1-8).
        #[arg(long, default_value_t = 1000)]
        think_ms: u64,
        /// Stop after this many matches (default: never).
        #[arg(long)]
        matches: Option<u32>,
        /// Enter this tournament and play its boards instead of quick pairing
        /// (the game and clock are the tournament's); stop when it ends.
        #[arg(long)]
        tournament: Option<u64>,
        /// A private tournament's code.
        #[arg(long, requires = "tournament")]
        code: Option<String>,
        /// In an arena that allows it, berserk every match: half the
        /// clock, no increment, a point more for a win.
        #[arg(long, requires = "tournament")]
        berserk: bool,
    },
    /// Replay a game: print the board after every move, or check games in bulk as JSON Lines,
    /// or replay an archived match from a server.
    #[command(after_help = replay::EXAMPLES)]
    Replay {
        /// A game record (see docs/RECORDS.md); with --jsonl, a JSON Lines file. `-` or nothing
        /// with --jsonl reads standard input. With --server: the match id.
        file: Option<PathBuf>,
        /// Read one game per line as JSON and write one JSON result per line.
        #[arg(long)]
        jsonl: bool,
        /// Replay archived match FILE from this server (http://HOST:PORT, or its ws:// URL),
        /// every game board by board.
        #[arg(long, value_name = "URL", conflicts_with = "jsonl")]
        server: Option<String>,
    },
    /// Review every move of a game record against the engine's best: each move's value and
    /// the best move's, searched to the same depth (exact where it sees the end), and the
    /// moves that lost the most.
    #[command(
        after_help = "Examples:\n  mancala analyze records/mangala-sample.txt\n  mancala analyze game.txt --depth 14 --json\n  curl -s http://127.0.0.1:7878/api/matches/31/record | mancala analyze -"
    )]
    Analyze {
        /// A game record file (docs/RECORDS.md), one or more games; `-` reads standard input.
        file: PathBuf,
        /// How many plies each position is searched (1-254; extra turns count).
        #[arg(long, default_value_t = 10, value_parser = clap::value_parser!(u8).range(1..=254))]
        depth: u8,
        /// One JSON array: per game its moves with their values and the worst plies.
        #[arg(long)]
        json: bool,
    },
    /// Solve a game: the value of its start position with perfect play (the first player's
    /// final seeds less the second's) and of each first move, with the positions searched,
    /// the time and the memory used. Kalah (every board, both capture rules) and Mangala
    /// by the solver with its endgame database and threads; the relay games (kalah_relay
    /// in seconds, congkak in minutes) by the general search, on one thread; Oware is
    /// refused in words (its repetition rule makes its lines too many).
    #[command(after_help = SOLVE_EXAMPLES)]
    Solve {
        /// The game: kalah, mangala, kalah_relay or congkak.
        variant: String,
        /// Houses in each row (Kalah: 1-6; default 6).
        #[arg(long)]
        houses: Option<u8>,
        /// Seeds in each house at the start (Kalah: 1-6; default 4).
        #[arg(long)]
        seeds: Option<u8>,
        /// Kalah's empty-capture rule: a lone seed in an empty own house opposite an
        /// empty house is banked.
        #[arg(long)]
        empty_capture: bool,
        /// The relay game's variant where a capture also banks the seed that made it.
        #[arg(long)]
        capture_includes_last: bool,
        /// Congkak: what a last seed in an empty own house does when the house opposite
        /// is empty (nothing or last_to_store; default nothing).
        #[arg(long, value_name = "RULE")]
        empty_opposite: Option<String>,
        /// Memory for the transposition table, in MiB (1-16384); by default
        /// 1024 for a board of 48 seeds (Kalah(6,4), Mangala), half for every
        /// two seeds fewer, at least 16.
        #[arg(long, value_parser = clap::value_parser!(u64).range(1..=16384))]
        table_mib: Option<u64>,
        /// Use an endgame database of every position with at most this many seeds in the
        /// houses, read from the cache or built and kept there (default: the largest one
        /// kept for these rules if that is more, else a third of the game's seeds, at most
        /// 16; within --endgame-mib; 0: none).
        #[arg(long)]
        endgame_seeds: Option<u32>,
        /// The most memory the endgame database may take, in MiB (0-65536).
        #[arg(long, default_value_t = 256, value_parser = clap::value_parser!(u64).range(0..=65536))]
        endgame_mib: u64,
        /// Read the endgame database from this file if it is there (it must hold these
        /// houses, capture rule and database seeds; the seeds per house may differ), else
        /// build it and save it there for the next solve.
        #[arg(long, value_name = "PATH")]
        endgame_file: Option<std::path::PathBuf>,
        /// Where built endgame databases are kept for later solves, one file per board
        /// rules and size (default: $MANCALA_CACHE_DIR/endgame, else
        /// ~/.cache/mancala/endgame). Without --endgame-seeds a solve reads the largest one
        /// kept for its rules (within --endgame-mib) if it is larger than the default.
        #[arg(long, value_name = "DIR", conflicts_with = "endgame_file")]
        endgame_dir: Option<std::path::PathBuf>,
        /// Neither read nor keep endgame databases in the cache directory: build the
        /// database for this solve only.
        #[arg(long, conflicts_with_all = ["endgame_file", "endgame_dir"])]
        no_endgame_cache: bool,
        /// The game's value and a best move only: each other first move is just shown to
        /// do no better (as a plain solver does), not given its own value.
        #[arg(long)]
        value_only: bool,
        /// Threads building the endgame database and searching together, sharing the table (1-64; default: one per core).
        #[arg(long, value_parser = clap::value_parser!(u16).range(1..=64))]
        threads: Option<u16>,
        /// One JSON object instead of text.
        #[arg(long)]
        json: bool,
    },
    /// Protect your name with a password: it is then yours for good, and `mancala login`
    /// signs in with it on any device.
    #[command(
        after_help = "Examples:\n  mancala password --name ann\n  echo 'correct horse battery' | mancala password --name ann --password-stdin"
    )]
    Password {
        #[command(flatten)]
        connect: Connect,
        /// Read the password from one line of standard input instead of the terminal.
        #[arg(long)]
        password_stdin: bool,
    },
    /// Sign in with your name's password on this device; the new token is saved, so
    /// `mancala play --name NAME` is you from then on.
    #[command(
        after_help = "Examples:\n  mancala login --name ann\n  mancala login --name ann --password-stdin < password.txt"
    )]
    Login {
        #[command(flatten)]
        connect: Connect,
        /// Read the password from one line of standard input instead of the terminal.
        #[arg(long)]
        password_stdin: bool,
    },
    /// The best established ratings of one variant and speed.
    #[command(
        after_help = "Examples:\n  mancala leaderboard\n  mancala leaderboard --variant kalah --speed correspondence"
    )]
    Leaderboard {
        /// The variant: mangala, kalah, oware, kalah_relay or congkak.
        #[arg(long, default_value = "mangala")]
        variant: String,
        /// real_time or correspondence.
        #[arg(long, default_value = "real_time")]
        speed: String,
        /// The server's WebSocket URL (or its http:// address).
        #[arg(long, env = "MANCALA_SERVER", default_value = "ws://127.0.0.1:7878/ws")]
        server: String,
    },
    /// The server's tournaments, the newest first; with ID, one of them: its
    /// standings and every round's boards and results.
    #[command(
        after_help = "Examples:\n  mancala tournaments\n  mancala tournaments 70\n  mancala tournaments 71 --code 5f0c…\n\nTo enter one, in mancala play: :join ID (and :withdraw ID, :tournament ID to follow it); a private one: :join ID CODE."
    )]
    Tournaments {
        /// The tournament.
        id: Option<u64>,
        /// A private tournament's code (its director has it).
        #[arg(long, requires = "id")]
        code: Option<String>,
        /// The server's WebSocket URL (or its http:// address).
        #[arg(long, env = "MANCALA_SERVER", default_value = "ws://127.0.0.1:7878/ws")]
        server: String,
    },
    /// A player's ratings, record, rating history and recent matches.
    #[command(after_help = "Examples:\n  mancala profile ann")]
    Profile {
        /// The player's name (any case).
        name: String,
        /// The server's WebSocket URL (or its http:// address).
        #[arg(long, env = "MANCALA_SERVER", default_value = "ws://127.0.0.1:7878/ws")]
        server: String,
    },
}

const PLAY_EXAMPLES: &str = "Examples:
  mancala play --name ann                 full screen: the lobby, then your matches
  mancala play --plain --name ann         line mode; type 'help' for the commands

Keys (full screen): in the lobby ↑↓ Enter accept a seek or watch a match, s seek,
p quick pairing, c challenge, y/n answer a challenge; in a match the house number
(1-6, 1-7 in Congkak) or ←→ Enter to move, r resign, f forfeit, d draw, m rematch, t chat, l lobby; : any command; q quit.";

const SOLVE_EXAMPLES: &str = "Examples:
  mancala solve kalah --houses 4 --seeds 3      Kalah(4,3), in a moment
  mancala solve kalah                           Kalah(6,4), the published +8
  mancala solve kalah --empty-capture           Kalah(6,4) with empty capture (+10)
  mancala solve kalah --value-only              the value and a best move, sooner
  mancala solve kalah --endgame-seeds 20        build and keep a larger database once:
                                                later Kalah(6, n) solves read it (15 s)
  mancala solve mangala --json
  mancala solve kalah_relay                     the relay game, in seconds
  mancala solve congkak --table-mib 4096        Congkak, in minutes";

const WATCH_EXAMPLES: &str = "Examples:
  mancala watch 31                        watch match 31
  mancala watch                           pick from the live matches
  mancala watch 31 --plain                one line per event, until the match ends";

/// Where `mancala solve` reads and keeps its endgame database: the file
/// named, else the cache directory named or the default one.
fn endgame_store(
    file: &Option<std::path::PathBuf>,
    dir: &Option<std::path::PathBuf>,
    no_cache: bool,
) -> solve::EndgameStore {
    if let Some(file) = file {
        return solve::EndgameStore::File(file.clone());
    }
    if no_cache {
        return solve::EndgameStore::Nowhere;
    }
    dir.clone()
        .or_else(endgame_cache::EndgameCache::default_dir)
        .map_or(solve::EndgameStore::Nowhere, |dir| {
            solve::EndgameStore::Cache(endgame_cache::EndgameCache::new(dir))
        })
}

/// `--lang`'s value among the raw arguments (`--lang pl`, `--lang=pl`),
/// else `MANCALA_LANG`: the help is worded before clap parses.
fn asked_language() -> Option<String> {
    let mut args = std::env::args().skip(1);
    while let Some(arg) = args.next() {
        if arg == "--" {
            break;
        }
        if arg == "--lang" {
            return args.next();
        }
        if let Some(value) = arg.strip_prefix("--lang=") {
            return Some(value.to_owned());
        }
    }
    std::env::var("MANCALA_LANG").ok()
}

/// The arguments, parsed by the command worded in `text`'s language (so
/// is `--help`); `mancala help [COMMAND]` prints a help and exits.
fn parse(text: &Text) -> Cli {
    let mut command = help::localized(Cli::command(), text);
    let matches = command
        .clone()
        .try_get_matches()
        .unwrap_or_else(|error| refuse(text, &error));
    if let Some(("help", asked)) = matches.subcommand() {
        command.build();
        let named = asked.get_one::<String>("command");
        let shown = match named.and_then(|name| command.find_subcommand_mut(name)) {
            Some(sub) => sub.render_help(),
            None => command.render_help(),
        };
        // A closed pipe (`mancala help | head`) is no error.
        let _ = write!(std::io::stdout(), "{shown}");
        std::process::exit(0);
    }
    Cli::from_arg_matches(&matches).unwrap_or_else(|error| refuse(text, &error))
}

/// Leave on a command line clap refused, saying why in `text`'s language
/// (a help or the version asked for is printed as clap prints it).
fn refuse(text: &Text, error: &clap::Error) -> ! {
    use clap::error::ErrorKind;
    if matches!(
        error.kind(),
        ErrorKind::DisplayHelp
            | ErrorKind::DisplayVersion
            | ErrorKind::DisplayHelpOnMissingArgumentOrSubcommand
    ) {
        error.exit();
    }
    let _ = write!(std::io::stderr(), "{}", help::errors::worded(text, error));
    std::process::exit(error.exit_code());
}

fn main() -> ExitCode {
    // An unknown --lang words the help in English, and is refused below.
    let asked = Text::choose(asked_language().as_deref()).unwrap_or_else(|_| Text::of("en"));
    let cli = parse(&asked);
    let text = match Text::choose(cli.lang.as_deref()) {
        Ok(text) => text,
        Err(unknown) => return report(Err(unknown.to_string())),
    };
    if let Command::Analyze { file, depth, json } = &cli.command {
        let result = analyze::run(&text, file, *depth, *json);
        return report(result.map_err(|e| e.say(&text)));
    }
    if let Command::Solve {
        variant,
        houses,
        seeds,
        empty_capture,
        capture_includes_last,
        empty_opposite,
        table_mib,
        endgame_seeds,
        endgame_mib,
        endgame_file,
        endgame_dir,
        no_endgame_cache,
        value_only,
        threads,
        json,
    } = &cli.command
    {
        let args = solve::SolveArgs {
            variant: variant.clone(),
            houses: *houses,
            seeds: *seeds,
            empty_capture: *empty_capture,
            capture_includes_last: *capture_includes_last,
            empty_opposite: empty_opposite.clone(),
            table_mib: *table_mib,
            endgame_seeds: *endgame_seeds,
            endgame_mib: *endgame_mib,
            endgame_store: endgame_store(endgame_file, endgame_dir, *no_endgame_cache),
            value_only: *value_only,
            threads: threads.map(usize::from),
            json: *json,
        };
        return report(solve::run(&text, &args).map_err(|e| e.say(&text)));
    }
    if let Command::Replay {
        file,
        jsonl,
        server,
    } = &cli.command
    {
        let result = match server {
            Some(server) => replay::archived(&text, server, file.as_deref()),
            None => replay::run(&text, file.as_deref(), *jsonl),
        };
        return report(result.map_err(|e| e.say(&text)));
    }
    match &cli.command {
        Command::Leaderboard {
            variant,
            speed,
            server,
        } => return report(standings::leaderboard(&text, server, variant, speed).map(print)),
        Command::Profile { name, server } => {
            return report(standings::profile(&text, server, name).map(print));
        }
        Command::Tournaments { id, code, server } => {
            let shown = tournaments::show(&text, server, *id, code.as_deref());
            return report(shown.map(print));
        }
        _ => {}
    }
    let runtime = match tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()
    {
        Ok(runtime) => runtime,
        Err(e) => return report(Err(e.to_string())),
    };
    let result = runtime.block_on(online(cli.command, &text));
    // A blocked read of stdin must not keep the process alive once we are done.
    runtime.shutdown_background();
    report(result)
}

fn report(result: Result<(), String>) -> ExitCode {
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(error) => {
            eprintln!("mancala: {error}");
            ExitCode::FAILURE
        }
    }
}

async fn online(command: Command, text: &Text) -> Result<(), String> {
    let store = store::TokenStore::open();
    match command {
        Command::Play {
            connect,
            plain,
            no_bell,
        } => {
            let (name, _held) = connect.name("player", store.as_ref());
            let client = conn::Client::connect(&connect.server, &name, store)
                .await
                .map_err(|e| e.say(text))?;
            if plain {
                plain::run(client, None, text).await
            } else {
                tui::run(client, None, !no_bell, text).await
            }
            .map_err(|e| e.say(text))
        }
        Command::Watch {
            match_id,
            connect,
            plain,
        } => {
            let (name, _held) = connect.name("watcher", store.as_ref());
            let client = conn::Client::connect(&connect.server, &name, store)
                .await
                .map_err(|e| e.say(text))?;
            let match_id = match_id.map(MatchId);
            if plain {
                let Some(match_id) = match_id else {
                    return Err(t!(text, "watch-plain-needs-match"));
                };
                plain::run(client, Some(match_id), text).await
            } else {
                tui::run(client, match_id, false, text).await
            }
            .map_err(|e| e.say(text))
        }
        Command::Lobby { connect, json } => {
            let (name, _held) = connect.name("lobby", None);
            let mut client = conn::Client::connect(&connect.server, &name, None)
                .await
                .map_err(|e| e.say(text))?;
            client
                .send(protocol::wire::ClientMsg::LobbySubscribe)
                .await
                .map_err(|e| e.say(text))?;
            loop {
                match client.next().await.map_err(|e| e.say(text))? {
                    conn::Incoming::Msg(msg @ ServerMsg::LobbySnapshot { .. }) => {
                        let text = if json {
                            serde_json::to_string_pretty(&msg).unwrap_or_default()
                        } else {
                            plain::lobby_text(text, &client.model)
                        };
                        // A closed pipe (`| head`) is not an error worth a panic.
                        let _ = writeln!(std::io::stdout(), "{text}");
                        break;
                    }
                    conn::Incoming::Msg(ServerMsg::Error { code, message, .. }) => {
                        return Err(text.refusal(code, &message));
                    }
                    _ => {}
                }
            }
            client.close().await;
            Ok(())
        }
        Command::Bot {
            connect,
            variant,
            games,
            time,
            level,
            think_ms,
            matches,
            tournament,
            code,
            berserk,
        } => {
            let words = [
                variant.clone(),
                format!("games={games}"),
                format!("time={time}"),
            ];
            let words: Vec<&str> = words.iter().map(String::as_str).collect();
            let settings = commands::settings(&words)?;
            let (name, _held) = connect.name("bot", store.as_ref());
            let client = conn::Client::connect(&connect.server, &name, store)
                .await
                .map_err(|e| e.say(text))?;
            let think = std::time::Duration::from_millis(think_ms);
            let way = match tournament {
                Some(id) => bot::Way::Tournament {
                    id: protocol::wire::TournamentId(id),
                    code,
                    berserk,
                },
                None => bot::Way::Pool(settings),
            };
            bot::run(client, way, level, think, matches, text)
                .await
                .map_err(|e| e.say(text))
        }
        Command::Password {
            connect,
            password_stdin,
        } => {
            let name = connect.required_name(text, "password")?;
            let password = account::read_password(text, password_stdin, true)?;
            account::set_password(&connect.server, &name, password, store, text).await
        }
        Command::Login {
            connect,
            password_stdin,
        } => {
            let name = connect.required_name(text, "login")?;
            let password = account::read_password(text, password_stdin, false)?;
            account::login(&connect.server, &name, password, store, text).await
        }
        Command::Replay { .. }
        | Command::Analyze { .. }
        | Command::Solve { .. }
        | Command::Leaderboard { .. }
        | Command::Profile { .. }
        | Command::Tournaments { .. } => Ok(()),
    }
}

/// Write a page of text to standard output (a closed pipe is not an error).
fn print(text: String) {
    let _ = write!(std::io::stdout(), "{text}");
}
