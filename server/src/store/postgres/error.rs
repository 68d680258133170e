//! PostgreSQL's errors said in full. tokio-postgres' own message names
//! only the kind of failure ("db error", "error connecting to server");
//! what PostgreSQL said, or why the connection failed, is in its sources.

use std::fmt;

/// An error of tokio-postgres or of the pool, displayed with its causes.
#[derive(Debug)]
pub(crate) struct PgError(Box<dyn std::error::Error + Send + Sync>);

impl From<tokio_postgres::Error> for PgError {
    fn from(error: tokio_postgres::Error) -> PgError {
        PgError(Box::new(error))
    }
}

impl From<deadpool_postgres::PoolError> for PgError {
    fn from(error: deadpool_postgres::PoolError) -> PgError {
        PgError(Box::new(error))
    }
}

impl PgError {
    /// Whether PostgreSQL rolled the transaction back for colliding with
    /// another (a deadlock, or a serialization failure): run again, it
    /// commits. Two nodes' writers collide so when each updates the same
    /// players' rows (when they were last seen) in another order.
    pub(crate) fn is_collision(&self) -> bool {
        use tokio_postgres::error::SqlState;
        self.0
            .downcast_ref::<tokio_postgres::Error>()
            .and_then(tokio_postgres::Error::code)
            .is_some_and(|code| {
                *code == SqlState::T_R_DEADLOCK_DETECTED
                    || *code == SqlState::T_R_SERIALIZATION_FAILURE
            })
    }
}

impl fmt::Display for PgError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.0)?;
        let mut cause = self.0.source();
        while let Some(error) = cause {
            write!(f, ": {error}")?;
            cause = error.source();
        }
        Ok(())
    }
}

impl std::error::Error for PgError {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        self.0.source()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Two connections to a fresh database.
    async fn two(url: &str) -> [tokio_postgres::Client; 2] {
        let mut clients = Vec::new();
        for _ in 0..2 {
            let (client, connection) = tokio_postgres::connect(url, tokio_postgres::NoTls)
                .await
                .expect("connects");
            tokio::spawn(connection);
            clients.push(client);
        }
        let [a, b] = <[_; 2]>::try_from(clients).unwrap_or_else(|_| unreachable!());
        [a, b]
    }

    #[tokio::test]
    async fn a_deadlock_between_two_transactions_is_a_collision_and_a_bad_statement_is_not() {
        let server = ::tests::Postgres::start();
        let url = server.create_database("collide");
        let [a, b] = two(&url).await;
        a.batch_execute(
            "CREATE TABLE t (id INT PRIMARY KEY, v INT); INSERT INTO t VALUES (1, 0), (2, 0)",
        )
        .await
        .expect("set up");
        a.batch_execute("BEGIN; UPDATE t SET v = 1 WHERE id = 1")
            .await
            .expect("a takes row 1");
        b.batch_execute("BEGIN; UPDATE t SET v = 1 WHERE id = 2")
            .await
            .expect("b takes row 2");
        // Each now wants the other's row: PostgreSQL aborts one of them.
        let (first, second) = tokio::join!(
            a.execute("UPDATE t SET v = 2 WHERE id = 2", &[]),
            b.execute("UPDATE t SET v = 2 WHERE id = 1", &[]),
        );
        let aborted = first.err().or(second.err()).expect("one side is aborted");
        assert!(PgError::from(aborted).is_collision());
        let bad = a.batch_execute("ROLLBACK; SELECT * FROM nowhere").await;
        assert!(!PgError::from(bad.expect_err("no such table")).is_collision());
    }
}
