//! Where a test's server keeps things: a SQLite file in a temporary
//! directory, or a database on a PostgreSQL server of the test's own. The
//! tests that kill and restart the server run once on each ("one suite,
//! two journals").

use crate::Postgres;

/// A journal for a test's servers, alive as long as this is.
pub enum TestJournal {
    /// A SQLite file.
    Sqlite(tempfile::TempDir),
    /// A PostgreSQL database.
    Postgres(Postgres),
}

/// The `--node-name` of the tests' servers that restart on one journal:
/// each starts on a port of its own, and a restarted node takes its own
/// matches back at once only under the name it held them by (as a node
/// restarted on its fixed address does).
pub const NODE: &str = "the-node";

/// The database every test server on a [`TestJournal::Postgres`] uses.
const DATABASE: &str = "mancala";

impl TestJournal {
    /// A new SQLite file (created by the server).
    pub fn sqlite() -> TestJournal {
        TestJournal::Sqlite(tempfile::tempdir().expect("a temporary directory"))
    }

    /// A new PostgreSQL server with an empty database.
    pub fn postgres() -> TestJournal {
        let server = Postgres::start();
        server.create_database(DATABASE);
        TestJournal::Postgres(server)
    }

    /// The server's `--database`.
    pub fn database(&self) -> String {
        match self {
            TestJournal::Sqlite(dir) => dir.path().join("mancala.sqlite3").display().to_string(),
            TestJournal::Postgres(server) => server.url(DATABASE),
        }
    }
}

/// Run the test `async fn NAME(journal: TestJournal)` once on each journal,
/// as `NAME::sqlite` and `NAME::postgres`.
#[macro_export]
macro_rules! on_both_journals {
    ($($name:ident),+ $(,)?) => {$(
        mod $name {
            #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
            async fn sqlite() {
                super::$name($crate::TestJournal::sqlite()).await;
            }

            #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
            async fn postgres() {
                super::$name($crate::TestJournal::postgres()).await;
            }
        }
    )+};
}
