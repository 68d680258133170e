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
