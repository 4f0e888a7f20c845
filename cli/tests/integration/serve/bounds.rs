//! The bounds end to end: 503 past the gate and the connections, 408 for a slow client, a
//! bounded load, and a server killed mid-load and restarted losing nothing acknowledged.

use super::*;

#[test]
fn past_its_bounds_a_request_gets_503_and_a_slow_client_408() {
    let running = in_process(1, 3, 1);
    let addr = running.addr;
    // A client that sends a head and stalls holds the one place (1 worker, none waiting)...
    let mut slow = TcpStream::connect(addr).unwrap();
    slow.write_all(b"POST /check HTTP/1.1\r\nContent-Length: 50\r\n\r\n{")
        .unwrap();
    // ...so another request is refused at once with Retry-After (as soon as the slow one is
    // admitted), and the health check still answers.
    let empty = post_bytes("/check", "{\"answers\": [], \"numbers\": []}");
    let (mut status, mut body) = (0, String::new());
    for _ in 0..100 {
        (status, body) = Client::new(addr).raw(&empty).unwrap();
        if status == 503 {
            break;
        }
        std::thread::sleep(Duration::from_millis(20));
    }
    assert_eq!(status, 503, "{body}");
    assert!(body.contains("retry"), "{body}");
    assert_eq!(Client::new(addr).get("/health").unwrap().0, 200);
    // The slow client is cut off after the timeout (1 s) with 408, and the place is free.
    let started = Instant::now();
    let mut reader = BufReader::new(slow);
    let cut = read_response(&mut reader).unwrap();
    assert_eq!((cut.status, cut.close), (408, true));
    assert!(started.elapsed() < Duration::from_secs(3));
    drop(reader);
    let (status, v) = Client::new(addr)
        .post("/check", &json!({"answers": [], "numbers": []}))
        .unwrap();
    assert_eq!(status, 200, "{v}");
    // Connections past the bound (3) get 503 and are closed (once the connections above have
    // closed on the server's side too).
    std::thread::sleep(Duration::from_millis(300));
    let mut open: Vec<Client> = (0..3).map(|_| Client::new(addr)).collect();
    for c in &mut open {
        assert_eq!(c.get("/health").unwrap().0, 200);
    }
    let (status, _) = Client::new(addr)
        .raw(b"GET /health HTTP/1.1\r\n\r\n")
        .unwrap();
    assert_eq!(status, 503);
    drop(open);
    std::thread::sleep(Duration::from_millis(300));
    assert_eq!(Client::new(addr).get("/health").unwrap().0, 200);
    running.stop();
    assert!(TcpStream::connect_timeout(&addr, Duration::from_secs(1)).is_err());
}

/// 256 references of the 24 game, and the rewards they must get.
#[test]
fn a_bounded_load_gets_every_reply_right() {
    let server = Server::start(&["--quiet"]);
    let (body, want) = batch_of_references();
    let (body, want) = (Arc::new(body), Arc::new(want));
    let started = Instant::now();
    let clients: Vec<_> = (0..4)
        .map(|_| {
            let (body, want, addr) = (body.clone(), want.clone(), server.addr);
            std::thread::spawn(move || {
                let mut c = Client::new(addr);
                for _ in 0..25 {
                    let (status, v) = c.post("/get_reward", &body).unwrap();
                    assert_eq!(status, 200, "{v}");
                    assert_eq!(v["rewards"], *want);
                }
            })
        })
        .collect();
    for c in clients {
        c.join().unwrap();
    }
    // 100 batches of 256: a few hundred milliseconds; the bound only catches a hang.
    assert!(started.elapsed() < Duration::from_secs(60));
}

#[test]
fn a_server_killed_mid_load_and_restarted_loses_nothing_acknowledged() {
    let first = Server::start(&["--quiet"]);
    let addr = first.addr;
    let (body, want) = batch_of_references();
    let (body, want) = (Arc::new(body), Arc::new(want));
    let (acknowledged, failures) = (Arc::new(AtomicUsize::new(0)), Arc::new(AtomicUsize::new(0)));
    let done = Arc::new(AtomicBool::new(false));
    let deadline = Instant::now() + Duration::from_secs(60);
    let clients: Vec<_> = (0..3)
        .map(|_| {
            let (body, want) = (body.clone(), want.clone());
            let (acknowledged, failures, done) =
                (acknowledged.clone(), failures.clone(), done.clone());
            std::thread::spawn(move || {
                let mut c = Client::new(addr);
                let mut mine = 0;
                // Each client retries until it has 40 acknowledged replies after the restart.
                while mine < 40 || !done.load(Ordering::SeqCst) {
                    assert!(Instant::now() < deadline, "no progress");
                    match c.post("/get_reward", &body) {
                        Ok((200, v)) => {
                            assert_eq!(v["rewards"], *want, "an acknowledged reply is wrong");
                            acknowledged.fetch_add(1, Ordering::SeqCst);
                            if done.load(Ordering::SeqCst) {
                                mine += 1;
                            }
                        }
                        Ok((status, v)) => panic!("{status}: {v}"),
                        Err(_) => {
                            failures.fetch_add(1, Ordering::SeqCst);
                            std::thread::sleep(Duration::from_millis(20));
                        }
                    }
                }
            })
        })
        .collect();
    while acknowledged.load(Ordering::SeqCst) < 30 {
        assert!(Instant::now() < deadline);
        std::thread::sleep(Duration::from_millis(5));
    }
    drop(first); // SIGKILL, mid-load.
    let before = acknowledged.load(Ordering::SeqCst);
    let second = Server::on(addr.port(), &["--quiet"]);
    assert_eq!(second.addr, addr);
    done.store(true, Ordering::SeqCst);
    for c in clients {
        c.join().unwrap();
    }
    assert!(acknowledged.load(Ordering::SeqCst) >= before + 120);
    assert!(
        failures.load(Ordering::SeqCst) > 0,
        "the kill interrupted no client"
    );
    let (clean, _) = second.terminate();
    assert!(clean);
}
