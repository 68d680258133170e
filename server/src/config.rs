//! Server settings: every limit and timing, with the defaults a public server runs with.

use clap::Args;

/// Everything the server can be tuned with. Each flag has an environment
/// variable of the same meaning (`mancala-server --help` lists both).
#[derive(Args, Clone, Debug)]
pub struct Config {
    /// Where players and matches are kept across restarts: a SQLite file
    /// (created if missing), or a PostgreSQL database named by its URL,
    /// postgres://USER:PASSWORD@HOST:PORT/DATABASE (the database must
    /// exist; its tables are created); `:memory:` keeps nothing.
    #[arg(long, env = "MANCALA_DATABASE", default_value = "mancala.sqlite3")]
    pub database: String,

    /// This server's name among the nodes that share a PostgreSQL
    /// database: the owner of each live match it serves is stored under it,
    /// and a node restarted under the same name takes its matches back at
    /// once. Default: the machine's name and the port it listens on
    /// (HOST:PORT).
    #[arg(long, env = "MANCALA_NODE_NAME")]
    pub node_name: Option<String>,

    /// With PostgreSQL: how long a node's hold on a live match lasts
    /// without being renewed, in milliseconds. It is renewed three times
    /// within that; a node that stops renewing (dead, stopped, cut off)
    /// loses its matches to another node after this long, and can never
    /// write to them again. Shorter: a faster failover; longer: fewer
    /// writes to renew and more patience with a slow database.
    #[arg(long, env = "MANCALA_LEASE_MS", default_value_t = 5_000,
          value_parser = clap::value_parser!(u64).range(300..))]
    pub lease_ms: u64,

    /// The Redis server the nodes of a cluster send each other messages
    /// through (`redis://HOST:PORT`), with `--database postgres://…`: a
    /// client's request for a match another node serves is forwarded to
    /// that node, and its answers and the match's events come back the
    /// same way. Redis holds nothing that is not also in PostgreSQL.
    /// Default: none (a node serves only the matches it holds).
    #[arg(long, env = "MANCALA_CLUSTER")]
    pub cluster: Option<String>,

    /// Addresses of the reverse proxies in front of the server (nginx),
    /// comma-separated. A connection from one of them counts as coming
    /// from the address its `X-Real-IP` header names, for every budget kept
    /// per address (connections, hellos, new guests, API requests, seek
    /// codes, analyses); it is not counted against the proxy's own address.
    /// From any other address the header is ignored. Default: none.
    #[arg(long, env = "MANCALA_TRUSTED_PROXIES", value_delimiter = ',')]
    pub trusted_proxies: Vec<std::net::IpAddr>,

    /// Largest size the SQLite file may grow to, in bytes (0: no limit).
    /// Past it, requests that must be stored are refused with
    /// `unavailable`, as on a full disk. (PostgreSQL's own limits apply to it.)
    #[arg(long, env = "MANCALA_DATABASE_MAX_BYTES", default_value_t = 0)]
    pub database_max_bytes: u64,

    /// The SQLite file's write-ahead log is folded back into it and started
    /// again once it is this large, in bytes, so that sustained writes do
    /// not grow it without end (0: no bound). Twice this is kept out of
    /// --database-max-bytes for it.
    #[arg(long, env = "MANCALA_WAL_LIMIT_BYTES", default_value_t = 16 * 1024 * 1024)]
    pub wal_limit_bytes: u64,

    /// Connections that read the archive and profiles for clients (with
    /// SQLite, each on a thread of its own).
    #[arg(long, env = "MANCALA_ARCHIVE_READERS", default_value_t = 2)]
    pub archive_readers: usize,

    /// Archive and profile reads that may wait for one of those
    /// connections; one more is answered at once `503` with `Retry-After`.
    #[arg(long, env = "MANCALA_ARCHIVE_QUEUE", default_value_t = 32)]
    pub archive_queue: usize,

    /// Bytes of finished matches' archive answers (the match, its record,
    /// its analyses) kept in memory, so that asking again costs no read.
    #[arg(long, env = "MANCALA_ARCHIVE_CACHE_BYTES", default_value_t = 16 * 1024 * 1024)]
    pub archive_cache_bytes: usize,

    /// Bytes of archive answers built and waiting for their clients to read
    /// them (each has 30 s); past it, `503` with `Retry-After`.
    #[arg(long, env = "MANCALA_ARCHIVE_IN_FLIGHT_BYTES", default_value_t = 32 * 1024 * 1024)]
    pub archive_in_flight_bytes: usize,

    /// Requests under `/api/` one IP address may make per second, in bursts
    /// of twice that; past it, `429` with `Retry-After` (`/`, `/healthz`,
    /// `/metrics` and the client's files are not counted).
    #[arg(long, env = "MANCALA_API_RATE_PER_IP", default_value_t = 20)]
    pub api_rate_per_ip: u32,

    /// Requests under `/api/` all addresses together may make per second,
    /// in bursts of twice that; past it, `429` with `Retry-After`.
    #[arg(long, env = "MANCALA_API_RATE_TOTAL", default_value_t = 1_000)]
    pub api_rate_total: u32,

    /// Analyses that may wait while one runs; one more is answered `503`
    /// with `Retry-After`.
    #[arg(long, env = "MANCALA_ANALYSIS_QUEUE", default_value_t = 4)]
    pub analysis_queue: usize,

    /// Analyses one address may ask for at once, then one a minute (one
    /// answered from the cache is free); beyond, `429` with `Retry-After`.
    #[arg(long, env = "MANCALA_ANALYSES_PER_ADDRESS", default_value_t = 10)]
    pub analyses_per_address: u32,

    /// A correspondence or untimed match that no player or spectator has
    /// been connected to for this long leaves memory (its events are all
    /// stored) and is loaded again when someone asks for it or its next
    /// deadline comes, in milliseconds; 0 keeps every match in memory.
    #[arg(long, env = "MANCALA_UNLOAD_AFTER_MS", default_value_t = 600_000)]
    pub unload_after_ms: u64,

    /// The length of a Glicko-2 rating period of inactivity, in days: each
    /// whole period a player has not played rated in a pool widens his
    /// deviation there (up to a new player's 350), so a long absence makes
    /// his next results count more. 0: never.
    #[arg(long, env = "MANCALA_RATING_PERIOD_DAYS", default_value_t = 7)]
    pub rating_period_days: u64,

    /// After a restart, how long players of live matches have to come back
    /// before the rules for an absent player (claims, abandonment) apply, in
    /// milliseconds.
    #[arg(long, env = "MANCALA_RESTART_GRACE_MS", default_value_t = 60_000)]
    pub restart_grace_ms: u64,

    /// Whether the computer players `computer-1` (nearly random) to
    /// `computer-8` (full strength) are online, accepting every challenge.
    #[arg(long, env = "MANCALA_COMPUTERS", default_value_t = true, action = clap::ArgAction::Set)]
    pub computers: bool,

    /// Threads that search the computer players' moves (never the async
    /// runtime's own): each search runs on one of them; 0: one per core.
    #[arg(long, env = "MANCALA_COMPUTER_THREADS", default_value_t = 0)]
    pub computer_threads: usize,

    /// Searches that may wait for a computer thread at once; a computer
    /// whose move would be one more waits for a place, and if none comes
    /// in his time, plays a quick shallow search's move instead.
    #[arg(long, env = "MANCALA_COMPUTER_QUEUE", default_value_t = 64)]
    pub computer_queue: usize,

    /// The longest a computer player takes for one move at full strength,
    /// in milliseconds, waiting for a search thread and his pause included
    /// (never more than a twentieth of what is left on his clock); lower
    /// levels take less.
    #[arg(long, env = "MANCALA_COMPUTER_THINK_MS", default_value_t = 1_500)]
    pub computer_think_ms: u64,

    /// A computer player's pause before he moves, as a person would, in
    /// milliseconds (it varies from half to one and a half times this; the
    /// search counts towards it); 0: none.
    #[arg(long, env = "MANCALA_COMPUTER_DELAY_MS", default_value_t = 700)]
    pub computer_delay_ms: u64,

    /// A player who has waited this long in quick pairing with nobody to
    /// pair him with is taken on by a computer player of about his rating,
    /// in milliseconds; 0: never.
    #[arg(long, env = "MANCALA_COMPUTER_POOL_WAIT_MS", default_value_t = 30_000)]
    pub computer_pool_wait_ms: u64,

    /// Memory for each computer thread's transposition table, in MiB.
    #[arg(long, env = "MANCALA_COMPUTER_TABLE_MIB", default_value_t = 32)]
    pub computer_table_mib: usize,

    /// Largest WebSocket frame or message accepted, in bytes; a bigger one
    /// closes the connection with code 1009 and a reason.
    #[arg(long, env = "MANCALA_MAX_FRAME_BYTES", default_value_t = 8 * 1024)]
    pub max_frame_bytes: usize,

    /// Open seeks one player may have at once.
    #[arg(long, env = "MANCALA_MAX_SEEKS", default_value_t = 3)]
    pub max_open_seeks: usize,

    /// How long a challenge waits for an answer, in milliseconds.
    #[arg(long, env = "MANCALA_CHALLENGE_TTL_MS", default_value_t = 60_000)]
    pub challenge_ttl_ms: u64,

    /// Bytes of messages queued for one connection before it counts as not
    /// reading and is closed (1008); a player may come back and resume. One
    /// message always fits an empty queue, and a newer snapshot replaces a
    /// waiting one.
    #[arg(long, env = "MANCALA_OUTBOX_BYTES", default_value_t = 512 * 1024)]
    pub outbox_bytes: usize,

    /// Refused requests (any error reply) one connection may send per
    /// --refused-window-ms before it is closed (1008).
    #[arg(long, env = "MANCALA_MAX_REFUSED", default_value_t = 100)]
    pub max_refused: u32,

    /// The window of --max-refused, in milliseconds.
    #[arg(long, env = "MANCALA_REFUSED_WINDOW_MS", default_value_t = 10_000)]
    pub refused_window_ms: u64,

    /// Hellos one connection may send at once; one more a second after that.
    #[arg(long, env = "MANCALA_HELLO_BURST", default_value_t = 5)]
    pub hello_burst: u32,

    /// Hellos the connections of one IP address may send at once...
    #[arg(long, env = "MANCALA_HELLO_BURST_PER_IP", default_value_t = 256)]
    pub hello_burst_per_ip: u32,

    /// ...and per second after that.
    #[arg(long, env = "MANCALA_HELLO_RATE_PER_IP", default_value_t = 20)]
    pub hello_rate_per_ip: u32,

    /// New guests (players who sign in with a name and no token) the
    /// connections of one IP address may make at once; then as many an
    /// hour. Beyond, `rate_limited`.
    #[arg(long, env = "MANCALA_GUESTS_PER_IP_PER_HOUR", default_value_t = 60)]
    pub guests_per_ip_per_hour: u32,

    /// Guests the server keeps in all (online or remembered); a new guest
    /// past it is refused `rate_limited` (players with a password, and
    /// guests coming back with their token, are not).
    #[arg(long, env = "MANCALA_MAX_GUESTS", default_value_t = 1_000_000)]
    pub max_guests: usize,

    /// A guest who never finished a match is forgotten this long after he
    /// was last seen, in milliseconds (a day), instead of --identity-ttl-ms.
    #[arg(
        long,
        env = "MANCALA_UNPLAYED_GUEST_TTL_MS",
        default_value_t = 86_400_000
    )]
    pub unplayed_guest_ttl_ms: u64,

    /// Private seek codes (`seek_join`) the connections of one IP address
    /// may try at once, right or wrong; then one a minute.
    #[arg(long, env = "MANCALA_SEEK_CODE_TRIES_PER_IP", default_value_t = 20)]
    pub seek_code_tries_per_ip: u32,

    /// Open seeks in the whole lobby; one more is refused (`too_many_seeks`).
    #[arg(long, env = "MANCALA_MAX_SEEKS_TOTAL", default_value_t = 10_000)]
    pub max_seeks_total: usize,

    /// Connections served at once; more are refused (HTTP 503).
    #[arg(long, env = "MANCALA_MAX_CONNECTIONS", default_value_t = 50_000)]
    pub max_connections: usize,

    /// How often a match may announce a changed spectator count, in milliseconds.
    #[arg(long, env = "MANCALA_SPECTATOR_UPDATE_MS", default_value_t = 1_000)]
    pub spectator_update_ms: u64,

    /// How long a finished match still answers (late moves get `match_over`,
    /// watchers get its final snapshot), in milliseconds.
    #[arg(long, env = "MANCALA_ENDED_LINGER_MS", default_value_t = 60_000)]
    pub ended_linger_ms: u64,

    /// Match events kept per match for players and spectators who reconnect;
    /// a client that missed more gets a full snapshot instead.
    #[arg(long, env = "MANCALA_EVENT_HISTORY", default_value_t = 256)]
    pub event_history: usize,

    /// How long a disconnected player's open seeks wait for him to come back,
    /// in milliseconds.
    #[arg(long, env = "MANCALA_SEEK_GRACE_MS", default_value_t = 15_000)]
    pub seek_grace_ms: u64,

    /// How long a guest (a player with no password) is remembered after
    /// his last connection or match, offline with no live match: his token
    /// and his name, which nobody else may take meanwhile. In milliseconds
    /// (30 days). A player with a password keeps his name for good.
    #[arg(long, env = "MANCALA_IDENTITY_TTL_MS", default_value_t = 2_592_000_000)]
    pub identity_ttl_ms: u64,

    /// Password sign-ins that may be tried for one name at once; one more a
    /// minute after that. A wrong password and an unknown name both count.
    #[arg(long, env = "MANCALA_PASSWORD_TRIES_PER_NAME", default_value_t = 5)]
    pub password_tries_per_name: u32,

    /// Password sign-ins and password changes that may be tried from one IP
    /// address at once, any names; one more every 6 seconds after that.
    #[arg(long, env = "MANCALA_PASSWORD_TRIES_PER_IP", default_value_t = 20)]
    pub password_tries_per_ip: u32,

    /// Password hashes and checks (Argon2id, about 20 MiB and tens of
    /// milliseconds each) that run at once, each on a thread of its own.
    #[arg(long, env = "MANCALA_PASSWORD_THREADS", default_value_t = 2)]
    pub password_threads: usize,

    /// Password hashes and checks that may wait for one of those threads;
    /// one more is refused at once (`rate_limited`) rather than queued.
    #[arg(long, env = "MANCALA_PASSWORD_QUEUE", default_value_t = 16)]
    pub password_queue: usize,

    /// Time each real-time move may take without being charged, in
    /// milliseconds, so a slow link does not cost a player his clock (a flag
    /// also falls only this long after the time is up).
    #[arg(long, env = "MANCALA_LAG_ALLOWANCE_MS", default_value_t = 500)]
    pub lag_allowance_ms: u64,

    /// Time a real-time game's first mover has for its first move, in
    /// milliseconds, while his clock does not run; past it (and the lag
    /// allowance) he loses the game as `no_start`. 0: his clock runs from
    /// the game's start.
    #[arg(long, env = "MANCALA_FIRST_MOVE_MS", default_value_t = 30_000)]
    pub first_move_ms: u64,

    /// A real-time player away this share of the initial time (in percent,
    /// but never less than --absence-claim-min-ms) may have the game claimed
    /// by his opponent.
    #[arg(long, env = "MANCALA_ABSENCE_CLAIM_PERCENT", default_value_t = 10)]
    pub absence_claim_percent: u64,

    /// The shortest absence after which a real-time game may be claimed, in milliseconds.
    #[arg(long, env = "MANCALA_ABSENCE_CLAIM_MIN_MS", default_value_t = 15_000)]
    pub absence_claim_min_ms: u64,

    /// An absent real-time player forfeits the game after this many times the
    /// claim period.
    #[arg(long, env = "MANCALA_ABSENCE_FORFEIT_FACTOR", default_value_t = 3)]
    pub absence_forfeit_factor: u64,

    /// Longest chat message, in characters.
    #[arg(long, env = "MANCALA_CHAT_MAX_CHARS", default_value_t = 280)]
    pub chat_max_chars: usize,

    /// Chat messages one connection may send per --chat-window-ms.
    #[arg(long, env = "MANCALA_CHAT_BURST", default_value_t = 5)]
    pub chat_burst: usize,

    /// The window of the chat rate limit, in milliseconds.
    #[arg(long, env = "MANCALA_CHAT_WINDOW_MS", default_value_t = 10_000)]
    pub chat_window_ms: u64,

    /// Where the server reads the time, for every clock and timer (tests use a manual clock).
    #[arg(skip)]
    pub clock: crate::clock::Clock,

    /// Connections from one IP address at once; more are refused (HTTP 429).
    #[arg(long, env = "MANCALA_MAX_CONNECTIONS_PER_IP", default_value_t = 256)]
    pub max_connections_per_ip: usize,

    /// Challenges one player may have pending at once.
    #[arg(long, env = "MANCALA_MAX_CHALLENGES", default_value_t = 5)]
    pub max_challenges: usize,

    /// Challenges that may wait for one player's answer at once; one more
    /// is refused (`too_many_challenges`) to its sender.
    #[arg(long, env = "MANCALA_MAX_CHALLENGES_TO_PLAYER", default_value_t = 20)]
    pub max_challenges_to_player: usize,

    /// Tournaments not yet over that one director may have; one more is
    /// refused (`tournament_refused`).
    #[arg(
        long,
        env = "MANCALA_MAX_TOURNAMENTS_PER_DIRECTOR",
        default_value_t = 2
    )]
    pub max_tournaments_per_director: usize,

    /// Tournaments not yet over the server runs at once (each is kept in
    /// memory with its entrants); one more is refused.
    #[arg(long, env = "MANCALA_MAX_TOURNAMENTS", default_value_t = 100)]
    pub max_tournaments: usize,

    /// How often an open arena pairs the players waiting, in ms: in waves,
    /// so that each meets someone near him in the standings among several
    /// free at once rather than whoever finished last (lichess pairs its
    /// arenas every few seconds too).
    #[arg(long, env = "MANCALA_ARENA_WAVE_MS", default_value_t = 3_000)]
    pub arena_wave_ms: u64,

    /// Tournament requests (create, join, withdraw: each is stored) one
    /// player may make in a burst, whatever his connections; then this
    /// many a minute.
    #[arg(
        long,
        env = "MANCALA_TOURNAMENT_STEPS_PER_MINUTE",
        default_value_t = 20
    )]
    pub tournament_steps_per_minute: u32,

    /// Challenges one player may make in a burst, whatever his connections;
    /// then this many a minute.
    #[arg(long, env = "MANCALA_CHALLENGES_PER_MINUTE", default_value_t = 20)]
    pub challenges_per_minute: u32,

    /// Draw and rematch offers and declines one player may make in a burst
    /// (each is stored in the journal); then this many a minute.
    #[arg(long, env = "MANCALA_OFFERS_PER_MINUTE", default_value_t = 20)]
    pub offers_per_minute: u32,

    /// Live matches one computer player plays at once; a challenge or a
    /// pairing beyond is refused with a reason (`too_many_matches`).
    #[arg(long, env = "MANCALA_COMPUTER_MAX_MATCHES", default_value_t = 8)]
    pub computer_max_matches: usize,

    /// Live matches one player may play at once, whatever their time
    /// control (real-time ones are one at a time besides).
    #[arg(long, env = "MANCALA_MAX_LIVE_MATCHES", default_value_t = 20)]
    pub max_live_matches: usize,

    /// Matches one connection may watch at once.
    #[arg(long, env = "MANCALA_MAX_WATCHED", default_value_t = 20)]
    pub max_watched: usize,

    /// Play messages (moves, resign, draw...) per second per connection; bursts of twice that.
    #[arg(long, env = "MANCALA_PLAY_RATE", default_value_t = 1000)]
    pub play_rate: u32,

    /// Lobby messages (seeks, pool, challenges, lobby) per second per connection; bursts of twice that.
    #[arg(long, env = "MANCALA_LOBBY_RATE", default_value_t = 10)]
    pub lobby_rate: u32,

    /// Watch messages (watch, unwatch, resume) per second per connection; bursts of twice that.
    #[arg(long, env = "MANCALA_WATCH_RATE", default_value_t = 10)]
    pub watch_rate: u32,

    /// A connection that has not said hello by then is closed, in milliseconds.
    #[arg(long, env = "MANCALA_HELLO_TIMEOUT_MS", default_value_t = 10_000)]
    pub hello_timeout_ms: u64,

    /// Control frames (pings and pongs) one connection may send per second,
    /// in bursts of twice that; one more closes it (1008). Each ping makes
    /// the server queue a pong, so an unbudgeted flood of pings from a
    /// client that never reads would grow its write buffer.
    #[arg(long, env = "MANCALA_PING_RATE", default_value_t = 2)]
    pub ping_rate: u32,

    /// How often the server pings each connection, in milliseconds.
    #[arg(long, env = "MANCALA_PING_INTERVAL_MS", default_value_t = 15_000)]
    pub ping_interval_ms: u64,

    /// A connection silent this long (no message, no pong) is closed, in milliseconds.
    #[arg(long, env = "MANCALA_IDLE_TIMEOUT_MS", default_value_t = 45_000)]
    pub idle_timeout_ms: u64,

    /// Time allowed for the HTTP upgrade request, in milliseconds.
    #[arg(long, env = "MANCALA_HANDSHAKE_TIMEOUT_MS", default_value_t = 10_000)]
    pub handshake_timeout_ms: u64,
}

impl Default for Config {
    /// The defaults of the flags, written once (in the `#[arg]`s above,
    /// where `--help` shows them), read without the environment; but for
    /// the three the library chooses on purpose: it keeps nothing, has no
    /// computer players online (so that tests count nobody they did not
    /// ask for), and reads the system clock.
    fn default() -> Config {
        use clap::FromArgMatches;
        let flags = Config::augment_args(clap::Command::new("mancala-server"))
            .mut_args(|arg| arg.env(None));
        // Every flag has a default (the test below holds it), so these cannot fail.
        let matches = flags
            .try_get_matches_from(["mancala-server"])
            .expect("the flags' defaults parse");
        let flags = Config::from_arg_matches(&matches).expect("the flags' defaults parse");
        Config {
            database: crate::store::IN_MEMORY.to_owned(),
            computers: false,
            clock: crate::clock::Clock::default(),
            ..flags
        }
    }
}

/// The machine's name and the port the node listens on: the same for a
/// node restarted where it ran, different for every node of a cluster.
fn default_node_name(address: std::net::SocketAddr) -> String {
    let host = whoami::hostname().unwrap_or_else(|_| address.ip().to_string());
    format!("{host}:{}", address.port())
}

impl Config {
    /// The time rules for a match under `control`: claim after the larger of
    /// the minimum and the configured share of the initial time, forfeit
    /// after a multiple of that.
    pub(crate) fn timing(&self, control: protocol::wire::TimeControl) -> crate::game::Timing {
        let initial = match control {
            protocol::wire::TimeControl::RealTime { initial_ms, .. } => initial_ms,
            _ => 0,
        };
        let claim_after_ms =
            (initial * self.absence_claim_percent / 100).max(self.absence_claim_min_ms);
        crate::game::Timing {
            lag_allowance_ms: self.lag_allowance_ms,
            claim_after_ms,
            forfeit_after_ms: claim_after_ms.saturating_mul(self.absence_forfeit_factor.max(1)),
            first_move_ms: self.first_move_ms,
            berserk: false,
            tournament: false,
            tournament_id: None,
        }
    }

    /// How the journal is opened, by the node listening on `address`.
    pub(crate) fn store_options(
        &self,
        address: std::net::SocketAddr,
    ) -> crate::store::StoreOptions {
        crate::store::StoreOptions {
            node: self
                .node_name
                .clone()
                .unwrap_or_else(|| default_node_name(address)),
            lease_ms: self.lease_ms,
            path: self.database.clone(),
            max_bytes: self.database_max_bytes,
            wal_limit: self.wal_limit_bytes,
            readers: self.archive_readers,
            read_queue: self.archive_queue,
        }
    }

    /// The limits of the archive's answers and analyses.
    pub(crate) fn answer_limits(&self) -> crate::api::answers::AnswerLimits {
        crate::api::answers::AnswerLimits {
            cache_bytes: self.archive_cache_bytes,
            analysis_queue: self.analysis_queue,
            analyses_per_address: self.analyses_per_address,
            in_flight_bytes: self.archive_in_flight_bytes,
        }
    }

    /// The limits of one connection's outbox and refusals.
    pub(crate) fn peer_limits(&self) -> crate::peer::PeerLimits {
        crate::peer::PeerLimits {
            outbox_bytes: self.outbox_bytes,
            max_refused: self.max_refused,
            refused_window_ms: self.refused_window_ms,
            closes_on_refusals: true,
        }
    }

    /// The limits of a computer player's connection inside the server: his
    /// refusals never close it, and his outbox holds more (he reads it at
    /// once, but a burst of challenges must not close him either).
    pub(crate) fn computer_peer_limits(&self) -> crate::peer::PeerLimits {
        crate::peer::PeerLimits {
            outbox_bytes: self.outbox_bytes.saturating_mul(8),
            closes_on_refusals: false,
            ..self.peer_limits()
        }
    }
}

#[cfg(test)]
mod tests {
    use super::Config;
    use clap::Parser;

    #[derive(Parser)]
    struct Flags {
        #[command(flatten)]
        config: Config,
    }

    /// The library's defaults are the flags' defaults (as `--help` shows
    /// them, the environment left out) but for the three it chooses on purpose.
    #[test]
    fn the_librarys_defaults_are_the_flags_defaults_but_three() {
        use clap::{CommandFactory, FromArgMatches};
        let command = Flags::command().mut_args(|arg| arg.env(None));
        let matches = command
            .try_get_matches_from(["mancala-server"])
            .expect("no flags parse");
        let flags = Flags::from_arg_matches(&matches).expect("the defaults parse");
        let library = Config::default();
        assert_eq!(library.database, crate::store::IN_MEMORY);
        assert!(!library.computers);
        assert_eq!(flags.config.database, "mancala.sqlite3");
        assert!(flags.config.computers);
        assert_eq!(library.max_open_seeks, 3);
        assert_eq!(library.outbox_bytes, 512 * 1024);
        let comparable = Config {
            database: library.database.clone(),
            computers: library.computers,
            clock: library.clock.clone(),
            ..flags.config
        };
        assert_eq!(format!("{comparable:?}"), format!("{library:?}"));
    }
}
