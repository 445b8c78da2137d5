//! The server's connection loop: hyper's HTTP/1 on each accepted connection, with the bounds
//! `axum::serve` lacks, as nginx has them (`client_header_timeout`, `keepalive_timeout`,
//! `worker_connections`). Without them, 1 100 connections that send nothing made the server
//! unreachable.
//!
//! * A request's header must arrive within [`Limits::header_timeout`] of the connection
//!   opening or of the previous response: an idle keep-alive connection is closed after the
//!   same time.
//! * At most [`Limits::connections`] connections are served at once; one more is closed as
//!   soon as it is accepted, so that the slots free up as idle ones time out instead of a
//!   queue forming behind them.

use std::sync::Arc;
use std::time::Duration;

use hyper_util::rt::{TokioIo, TokioTimer};
use hyper_util::service::TowerToHyperService;
use tokio::net::TcpListener;
use tokio::sync::Semaphore;

/// Default of [`Limits::connections`].
pub const MAX_CONNECTIONS: usize = 256;

/// Default of [`Limits::header_timeout`].
pub const HEADER_TIMEOUT: Duration = Duration::from_secs(10);

#[derive(Debug, Clone)]
pub struct Limits {
    pub connections: usize,
    pub header_timeout: Duration,
}

impl Default for Limits {
    fn default() -> Limits {
        Limits { connections: MAX_CONNECTIONS, header_timeout: HEADER_TIMEOUT }
    }
}

/// Serves `router` on every connection `listener` accepts, until the process ends.
pub async fn serve(listener: TcpListener, router: axum::Router, limits: Limits) -> Result<(), String> {
    let permits = Arc::new(Semaphore::new(limits.connections.max(1)));
    loop {
        let stream = match listener.accept().await {
            Ok((stream, _)) => stream,
            // Out of file descriptors, or a connection reset before it was accepted: wait a
            // moment rather than spin, and go on.
            Err(_) => {
                tokio::time::sleep(Duration::from_millis(50)).await;
                continue;
            }
        };
        let Ok(permit) = Arc::clone(&permits).try_acquire_owned() else {
            drop(stream);
            continue;
        };
        let service = TowerToHyperService::new(router.clone());
        let timeout = limits.header_timeout;
        tokio::spawn(async move {
            let _permit = permit;
            let mut http = hyper::server::conn::http1::Builder::new();
            http.timer(TokioTimer::new()).header_read_timeout(timeout);
            // A connection that ends badly (a timeout, a reset) ends only itself.
            let _ = http.serve_connection(TokioIo::new(stream), service).await;
        });
    }
}
