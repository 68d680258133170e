//! The journal in PostgreSQL (`--database postgres://…`): what several
//! nodes share. The same promise as the SQLite file: a write is answered
//! once PostgreSQL has committed it, never before.
//!
//! Writes go through one task ([`writer`]) that commits whatever arrived
//! while its last commit ran in one transaction. Reads for clients share a
//! small pool of connections with a bounded queue (past it a read is
//! refused as [`StoreError::Busy`], as with SQLite's readers); the server's
//! own reads (its live matches, at start and on demand) have a pool of
//! their own, never behind the clients'. Every pool reconnects a
//! connection PostgreSQL dropped, so a restarted database is used again
//! without restarting the server; meanwhile writes fail and are refused.

mod error;
mod import;
mod leases;
mod load;
mod ordered;
mod reads;
mod runners;
mod schema;
mod writer;

pub(crate) use error::PgError;
pub(crate) use import::Import;

use super::journal::Journal;
use super::{
    ArchivedRows, Commit, FoundPlayer, Loaded, MatchEvents, MatchPage, PlayerLookup,
    PlayerMatchRows, ProfileRows, StepRow, StoreError, StoreOptions, StoredEvent, StoredRating,
    TournamentRunner, TournamentSteps, Write,
};
use crate::metrics::Metrics;
use deadpool_postgres::{Manager, ManagerConfig, Pool, RecyclingMethod, Runtime};
use futures_util::FutureExt;
use futures_util::future::BoxFuture;
use std::str::FromStr;
use std::sync::Arc;
use std::time::Duration;
use tokio::sync::Semaphore;

/// Whether `database` names a PostgreSQL database rather than a file.
pub(crate) fn is_url(database: &str) -> bool {
    database.starts_with("postgres://") || database.starts_with("postgresql://")
}

/// How long connecting, and waiting for a pooled connection, may take
/// before the request is refused: a database that does not answer is
/// reported as unavailable, not waited for forever.
const CONNECT_TIMEOUT: Duration = Duration::from_secs(5);

/// Connections for the server's own reads.
const SERVER_CONNECTIONS: usize = 2;

/// The PostgreSQL journal. Cheap to clone.
#[derive(Clone)]
pub(crate) struct PostgresJournal {
    inner: Arc<Inner>,
}

struct Inner {
    /// `user@host:port/database`, for the log (never the password).
    server: String,
    writer: writer::Handle,
    /// The clients' reads.
    clients: Pool,
    /// Room for the clients' reads running and waiting; past it, `Busy`.
    client_reads: Arc<Semaphore>,
    /// The server's own reads, and its leases' renewals and claims.
    own: Pool,
    /// The live matches this node serves.
    leases: Arc<leases::Leases>,
    /// The tournaments this node runs.
    runners: runners::Runners,
}

impl PostgresJournal {
    /// Connect to the database at `url`, bring its schema up to date and
    /// start the writer.
    pub(crate) async fn open(
        url: &str,
        options: &StoreOptions,
        metrics: Arc<Metrics>,
    ) -> Result<PostgresJournal, StoreError> {
        let (mut client, server) = connect(url).await?;
        schema::migrate(&mut client, &server).await?;
        drop(client);
        let config = config_of(url)?;
        let pool = |size: usize| {
            let manager = Manager::from_config(
                config.clone(),
                tokio_postgres::NoTls,
                ManagerConfig {
                    recycling_method: RecyclingMethod::Fast,
                },
            );
            Pool::builder(manager)
                .max_size(size.max(1))
                .runtime(Runtime::Tokio1)
                .wait_timeout(Some(CONNECT_TIMEOUT))
                .create_timeout(Some(CONNECT_TIMEOUT))
                .recycle_timeout(Some(CONNECT_TIMEOUT))
                .build()
                .map_err(StoreError::PgPool)
        };
        let readers = options.readers.max(1);
        let leases = Arc::new(leases::Leases::new(options.node.clone(), options.lease_ms));
        let runners = runners::Runners::new(options.node.clone(), leases.lease_ms());
        Ok(PostgresJournal {
            inner: Arc::new(Inner {
                runners,
                writer: writer::start(pool(1)?, Arc::clone(&leases), metrics),
                leases,
                clients: pool(readers)?,
                client_reads: Arc::new(Semaphore::new(readers + options.read_queue)),
                own: pool(SERVER_CONNECTIONS)?,
                server,
            }),
        })
    }

    /// Run `read` on a connection of the clients' pool, or refuse it at
    /// once if too many reads are running and waiting.
    /// Run `read` on one of the clients' connections once one is free,
    /// however many wait (for reads whose callers are bounded otherwise).
    fn client_wait<T: Send + 'static>(
        &self,
        read: impl FnOnce(deadpool_postgres::Client) -> BoxFuture<'static, Result<T, StoreError>>
        + Send
        + 'static,
    ) -> BoxFuture<'static, Result<T, StoreError>> {
        let inner = Arc::clone(&self.inner);
        async move {
            let client = inner
                .clients
                .get()
                .await
                .map_err(|e| StoreError::PgAway(e.into()))?;
            read(client).await
        }
        .boxed()
    }

    fn client_read<T: Send + 'static>(
        &self,
        read: impl FnOnce(deadpool_postgres::Client) -> BoxFuture<'static, Result<T, StoreError>>
        + Send
        + 'static,
    ) -> BoxFuture<'static, Result<T, StoreError>> {
        let room = Arc::clone(&self.inner.client_reads).try_acquire_owned();
        let read = self.client_wait(read);
        async move {
            let Ok(_room) = room else {
                return Err(StoreError::Busy);
            };
            read.await
        }
        .boxed()
    }

    /// A connection for the server's own work.
    async fn own(&self) -> Result<deadpool_postgres::Client, StoreError> {
        self.inner
            .own
            .get()
            .await
            .map_err(|e| StoreError::PgAway(e.into()))
    }
}

impl Journal for PostgresJournal {
    fn describe(&self) -> String {
        format!("{} as node {}", self.inner.server, self.inner.leases.node())
    }

    fn write(&self, write: Write) -> Commit {
        self.inner.writer.queue.send(write)
    }

    fn write_later(&self, write: Write) {
        self.inner.writer.queue.send_detached(write);
    }

    fn load(&self) -> BoxFuture<'static, Result<Loaded, StoreError>> {
        let journal = self.clone();
        async move {
            let mut client = journal.own().await?;
            // Every match this node held before it restarted, and every
            // match nobody holds.
            let claimed = journal.inner.leases.claim(&client, true, i64::MAX).await?;
            // And every tournament it ran, and every one nobody runs.
            let running = journal.inner.runners.claim(&client, true, i64::MAX).await?;
            load::load(&mut client, &claimed, &running).await
        }
        .boxed()
    }

    fn reserve_ids(&self, count: u64) -> BoxFuture<'static, Result<u64, Arc<StoreError>>> {
        let journal = self.clone();
        async move {
            let client = journal.own().await?;
            let count = i64::try_from(count).unwrap_or(i64::MAX);
            // Past any id stored, too, should a reservation have been lost.
            let row = client
                .query_one(
                    "UPDATE sequence SET next_free = greatest(next_free,
                         coalesce((SELECT max(id) FROM players), 0) + 1,
                         coalesce((SELECT max(id) FROM matches), 0) + 1) + $1
                     WHERE id = 1 RETURNING next_free - $1",
                    &[&count],
                )
                .await
                .map_err(|e| StoreError::PgWrite(e.into()))?;
            Ok(row.get::<_, i64>(0).max(1) as u64)
        }
        .map(|reserved: Result<u64, StoreError>| reserved.map_err(Arc::new))
        .boxed()
    }

    fn has_leases(&self) -> bool {
        true
    }

    fn renew_leases(&self) -> BoxFuture<'static, Result<Vec<u64>, StoreError>> {
        let journal = self.clone();
        async move {
            let client = journal.own().await?;
            journal.inner.leases.renew(&client).await
        }
        .boxed()
    }

    fn claim_orphans(
        &self,
        limit: usize,
    ) -> BoxFuture<'static, Result<Vec<MatchEvents>, StoreError>> {
        let journal = self.clone();
        async move {
            let client = journal.own().await?;
            let leases = &journal.inner.leases;
            leases.sweep_ended(&client).await?;
            let limit = i64::try_from(limit).unwrap_or(i64::MAX);
            let claimed = leases.claim(&client, false, limit).await?;
            if claimed.is_empty() {
                return Ok(Vec::new());
            }
            load::events_of(&client, &claimed).await
        }
        .boxed()
    }

    fn claim_match(
        &self,
        id: u64,
    ) -> BoxFuture<'static, Result<Option<Vec<StoredEvent>>, StoreError>> {
        // Waits rather than refused past the read budget, like
        // match_owner: refused, a client sent away by a stopping node was
        // told its match did not exist. A connection asks once per match
        // it does not find here, within its play and watch budgets.
        let leases = Arc::clone(&self.inner.leases);
        self.client_wait(move |client| {
            async move {
                if !leases.claim_one(&client, id).await? {
                    return Ok(None);
                }
                load::match_events(&client, id).await.map(Some)
            }
            .boxed()
        })
    }

    fn match_owner(&self, id: u64) -> BoxFuture<'static, Result<Option<String>, StoreError>> {
        // Waits rather than refused past the read budget, like
        // find_player: refused under load, a relayed player's move was
        // answered `no_such_match`. The waiters are bounded by the
        // connections and their play and watch budgets; a connection asks
        // once per match, and the lookup is one indexed row.
        let leases = Arc::clone(&self.inner.leases);
        self.client_wait(move |client| async move { leases.owner(&client, id).await }.boxed())
    }

    fn store_tournament_step(
        &self,
        step: StepRow,
    ) -> BoxFuture<'static, Result<(), Arc<StoreError>>> {
        let journal = self.clone();
        async move {
            // What came before it first (its match's end, for a result).
            journal.write(Write::Flush).durable().await?;
            let mut client = journal.own().await?;
            journal.inner.runners.store_step(&mut client, &step).await?;
            Ok(())
        }
        .boxed()
    }

    fn renew_runners(&self) -> BoxFuture<'static, Result<Vec<u64>, StoreError>> {
        let journal = self.clone();
        async move {
            let client = journal.own().await?;
            journal.inner.runners.renew(&client).await
        }
        .boxed()
    }

    fn claim_tournaments(
        &self,
        limit: usize,
    ) -> BoxFuture<'static, Result<Vec<TournamentSteps>, StoreError>> {
        let journal = self.clone();
        async move {
            let client = journal.own().await?;
            let limit = i64::try_from(limit).unwrap_or(i64::MAX);
            let claimed = journal.inner.runners.claim(&client, false, limit).await?;
            if claimed.is_empty() {
                return Ok(Vec::new());
            }
            load::steps_of(&client, &claimed).await
        }
        .boxed()
    }

    fn tournament_runner(
        &self,
        id: u64,
    ) -> BoxFuture<'static, Result<Option<TournamentRunner>, StoreError>> {
        // Waits like match_owner: one indexed row, asked once per
        // tournament by a connection (it remembers the answer), within its
        // tournament budget.
        let journal = self.clone();
        self.client_wait(move |client| {
            async move { journal.inner.runners.runner(&client, id).await }.boxed()
        })
    }

    fn ended_matches(&self, ids: Vec<u64>) -> BoxFuture<'static, Result<Vec<u64>, StoreError>> {
        let journal = self.clone();
        async move {
            let client = journal.own().await?;
            load::ended_matches(&client, &ids).await
        }
        .boxed()
    }

    fn newest_tournaments(&self, limit: u32) -> BoxFuture<'static, Result<Vec<u64>, StoreError>> {
        self.client_read(move |client| {
            async move { load::newest_tournaments(&client, limit).await }.boxed()
        })
    }

    fn tournament_steps(
        &self,
        id: u64,
        from: u32,
    ) -> BoxFuture<'static, Result<Vec<String>, StoreError>> {
        // Within the clients' read budget, as the archive's reads: a page
        // asks, and the node keeps what it read (only newer steps after).
        self.client_read(move |client| {
            async move { load::tournament_steps(&client, id, from).await }.boxed()
        })
    }

    fn player_ratings(
        &self,
        players: [u64; 2],
    ) -> BoxFuture<'static, Result<Vec<StoredRating>, StoreError>> {
        let journal = self.clone();
        async move {
            let client = journal.own().await?;
            load::player_ratings(&client, players).await
        }
        .boxed()
    }

    fn find_player(
        &self,
        lookup: PlayerLookup,
    ) -> BoxFuture<'static, Result<Option<FoundPlayer>, StoreError>> {
        // Not refused past the read budget like the archive's reads: a
        // burst of sign-ins (64 new players at once) would be refused
        // half-way. The waiters are bounded by the connections and the
        // hello budgets per address, and the lookup is one indexed row.
        self.client_wait(move |client| {
            async move { load::find_player(&client, &lookup).await }.boxed()
        })
    }

    fn live_matches_of(&self, player: u64) -> BoxFuture<'static, Result<Vec<u64>, StoreError>> {
        // Waits like find_player, beside which it runs at each sign-in:
        // a few rows of two partial indexes.
        self.client_wait(move |client| {
            async move { reads::live_matches_of(&client, player).await }.boxed()
        })
    }

    fn match_events(&self, id: u64) -> BoxFuture<'static, Result<Vec<StoredEvent>, StoreError>> {
        let journal = self.clone();
        async move {
            let client = journal.own().await?;
            load::match_events(&client, id).await
        }
        .boxed()
    }

    fn archived_match(
        &self,
        id: u64,
        known: Option<u64>,
    ) -> BoxFuture<'static, Result<ArchivedRows, StoreError>> {
        self.client_read(move |client| {
            async move {
                let Some(row) = reads::find_match(&client, id).await? else {
                    return Ok(ArchivedRows::Missing);
                };
                if known == Some(row.events) {
                    return Ok(ArchivedRows::Unchanged(row));
                }
                let events = load::match_events(&client, id).await?;
                Ok(ArchivedRows::Found(row, events))
            }
            .boxed()
        })
    }

    fn player_matches(
        &self,
        name_key: String,
        page: MatchPage,
    ) -> BoxFuture<'static, Result<Option<PlayerMatchRows>, StoreError>> {
        self.client_read(move |client| {
            async move {
                let Some((player, name)) = reads::find_player(&client, &name_key).await? else {
                    return Ok(None);
                };
                let matches = reads::player_matches(&client, player, page).await?;
                Ok(Some(PlayerMatchRows { name, matches }))
            }
            .boxed()
        })
    }

    fn profile(
        &self,
        id: u64,
        recent: u32,
        history: u32,
    ) -> BoxFuture<'static, Result<ProfileRows, StoreError>> {
        self.client_read(move |client| {
            async move {
                Ok(ProfileRows {
                    record: reads::player_record(&client, id).await?,
                    matches: reads::player_matches(&client, id, MatchPage::latest(recent)).await?,
                    history: reads::rating_history(&client, id, history).await?,
                })
            }
            .boxed()
        })
    }

    fn close(&self) -> BoxFuture<'static, ()> {
        let journal = self.clone();
        async move {
            let _ = journal.write(Write::Flush).durable().await;
            journal.inner.writer.stop().await;
            // Every write is in: the other nodes may take this one's matches.
            match journal.own().await {
                Ok(client) => {
                    if let Err(error) = journal.inner.leases.release(&client).await {
                        tracing::warn!("the leases could not be released: {error}");
                    }
                    if let Err(error) = journal.inner.runners.release(&client).await {
                        tracing::warn!("the tournaments could not be let go: {error}");
                    }
                }
                Err(error) => tracing::warn!("the leases could not be released: {error}"),
            }
            journal.inner.clients.close();
            journal.inner.own.close();
        }
        .boxed()
    }
}

/// The connection settings `url` names, with the server's defaults for
/// what it leaves out.
fn config_of(url: &str) -> Result<tokio_postgres::Config, StoreError> {
    let mut config = tokio_postgres::Config::from_str(url).map_err(|source| StoreError::PgUrl {
        url: without_password(url),
        source: source.into(),
    })?;
    if config.get_connect_timeout().is_none() {
        config.connect_timeout(CONNECT_TIMEOUT);
    }
    if config.get_application_name().is_none() {
        config.application_name("mancala-server");
    }
    Ok(config)
}

/// One connection to the database at `url` (its task spawned), and how
/// the log names that database.
async fn connect(url: &str) -> Result<(tokio_postgres::Client, String), StoreError> {
    let config = config_of(url)?;
    let server = describe(&config);
    let (client, connection) = config
        .connect(tokio_postgres::NoTls)
        .await
        .map_err(|source| StoreError::PgUnreachable {
            server: server.clone(),
            source: source.into(),
        })?;
    tokio::spawn(async move {
        if let Err(error) = connection.await {
            tracing::debug!("a PostgreSQL connection ended: {error}");
        }
    });
    Ok((client, server))
}

/// `user@host:port/database` of `config`, for the log and for errors.
fn describe(config: &tokio_postgres::Config) -> String {
    let host = match config.get_hosts().first() {
        Some(tokio_postgres::config::Host::Tcp(host)) => host.clone(),
        Some(tokio_postgres::config::Host::Unix(path)) => path.display().to_string(),
        None => "localhost".to_owned(),
    };
    let port = config.get_ports().first().copied().unwrap_or(5432);
    let user = config.get_user().unwrap_or("");
    let database = config.get_dbname().unwrap_or(user);
    format!("postgres://{user}@{host}:{port}/{database}")
}

/// `url` with any password in it replaced, for an error message.
fn without_password(url: &str) -> String {
    let Some((scheme, rest)) = url.split_once("://") else {
        return url.to_owned();
    };
    let (authority, path) = rest.split_once('/').unwrap_or((rest, ""));
    let Some((credentials, host)) = authority.rsplit_once('@') else {
        return url.to_owned();
    };
    let user = credentials.split(':').next().unwrap_or("");
    let hidden = if credentials.contains(':') {
        ":…"
    } else {
        ""
    };
    format!("{scheme}://{user}{hidden}@{host}/{path}")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_password_never_reaches_a_message() {
        assert_eq!(
            without_password("postgres://ann:secret@db:5432/mancala?x=1"),
            "postgres://ann:…@db:5432/mancala?x=1"
        );
        assert_eq!(
            without_password("postgres://ann@db/mancala"),
            "postgres://ann@db/mancala"
        );
        let config =
            tokio_postgres::Config::from_str("postgres://ann:secret@db:6000/games").expect("a URL");
        assert_eq!(describe(&config), "postgres://ann@db:6000/games");
    }

    #[test]
    fn only_postgres_urls_name_postgres() {
        assert!(is_url("postgres://a@b/c"));
        assert!(is_url("postgresql://a@b/c"));
        assert!(!is_url("mancala.sqlite3"));
        assert!(!is_url(":memory:"));
    }
}
