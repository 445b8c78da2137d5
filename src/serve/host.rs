//! The `Host` header of every request must name this server, or the request is refused (421).
//!
//! Without this check a hostile web page can reach a server on the loopback address through
//! DNS rebinding: the page's own domain is made to resolve to 127.0.0.1, and the browser then
//! sends the page's requests, with the page's domain as `Host`, to this server — same origin
//! as far as the browser knows, so the whole API is open to it. Loopback names and the
//! address the server is bound to are the only hosts answered, as development servers
//! (webpack-dev-server, Vite, Jupyter) do.

use std::net::{IpAddr, SocketAddr};

use axum::extract::{Request, State};
use axum::http::{StatusCode, header};
use axum::middleware::Next;
use axum::response::{IntoResponse, Response};

/// The hosts a request may name.
#[derive(Debug, Clone)]
pub struct Hosts {
    bound: SocketAddr,
}

impl Hosts {
    pub fn new(bound: SocketAddr) -> Hosts {
        Hosts { bound }
    }

    /// `localhost`, `127.0.0.1`, `[::1]` and the bound address, each with or without a port.
    pub fn allows(&self, host: &str) -> bool {
        let name = strip_port(host);
        let name = name.trim_end_matches('.');
        if name.eq_ignore_ascii_case("localhost") {
            return true;
        }
        let ip = name.strip_prefix('[').and_then(|n| n.strip_suffix(']')).unwrap_or(name);
        match ip.parse::<IpAddr>() {
            Ok(ip) => ip.is_loopback() || ip == self.bound.ip(),
            Err(_) => false,
        }
    }
}

/// `host:port` → `host`; `[::1]:8080` → `[::1]`; a bare IPv6 address stays whole.
fn strip_port(host: &str) -> &str {
    if host.starts_with('[') {
        return host.find(']').map_or(host, |end| &host[..=end]);
    }
    match host.rsplit_once(':') {
        Some((name, port)) if !name.contains(':') && port.bytes().all(|b| b.is_ascii_digit()) => name,
        _ => host,
    }
}

/// The middleware: refuses a request whose `Host` is missing or foreign.
pub async fn check(State(hosts): State<Hosts>, request: Request, next: Next) -> Response {
    let host = request.headers().get(header::HOST).and_then(|h| h.to_str().ok()).map(str::to_string);
    match host {
        Some(h) if hosts.allows(&h) => next.run(request).await,
        Some(h) => refuse(format!(
            "this server answers requests for localhost and its own address only, not for `{h}` \
             (a page on another site cannot use it)"
        )),
        None => refuse("the request has no Host header".to_string()),
    }
}

fn refuse(message: String) -> Response {
    (StatusCode::MISDIRECTED_REQUEST, axum::Json(serde_json::json!({ "error": message }))).into_response()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn loopback_names_and_the_bound_address_are_allowed() {
        let local = Hosts::new("127.0.0.1:8080".parse().expect("address"));
        for ok in ["localhost", "localhost:8080", "LOCALHOST.", "127.0.0.1:8080", "127.0.0.5", "[::1]:8080", "[::1]"] {
            assert!(local.allows(ok), "{ok}");
        }
        for refused in ["evil.example", "evil.example:8080", "localhost.evil.example", "10.0.0.2", "[::2]:80", ""] {
            assert!(!local.allows(refused), "{refused}");
        }
        let public = Hosts::new("192.168.1.20:8080".parse().expect("address"));
        assert!(public.allows("192.168.1.20:8080"));
        assert!(!public.allows("192.168.1.21:8080"));
    }
}
