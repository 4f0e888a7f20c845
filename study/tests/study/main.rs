//! The study crate's one integration-test binary: the server as a process on the loopback
//! address, played over HTTP (a session, bad requests, what responses hold, SIGKILL,
//! load) and in headless Chromium through WebDriver.

mod api;
mod bad;
mod browser;
mod client;
mod e2e;
mod harness;
mod kill;
mod load;
mod participant;
mod plans;
mod timing;
