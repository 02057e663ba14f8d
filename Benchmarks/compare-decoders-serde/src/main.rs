//! serde_json's side of `make compare-decoders`: `run serde PAYLOAD FILE BATCHES DECODES` decodes
//! FILE into structs mirroring the Swift models (owned Strings, derive, dates parsed to
//! milliseconds), BATCHES × DECODES times, and prints the best batch's MB/s and the digest of the
//! values (the byte stream Benchmarks/CompareDecoders/Digest.swift describes).

use serde::de::{self, Deserializer, MapAccess, Visitor};
use serde::Deserialize;
use std::fmt;
use std::time::Instant;

#[derive(Default)]
struct Digest(Vec<u8>);

impl Digest {
    fn int(&mut self, v: i64) { self.0.extend_from_slice(&v.to_le_bytes()); }
    fn uint(&mut self, v: u64) { self.0.extend_from_slice(&v.to_le_bytes()); }
    fn double(&mut self, v: f64) { self.uint(v.to_bits()); }
    fn boolean(&mut self, v: bool) { self.0.push(v as u8); }
    fn string(&mut self, v: &str) { self.int(v.len() as i64); self.0.extend_from_slice(v.as_bytes()); }
    fn opt<T>(&mut self, v: &Option<T>, f: impl FnOnce(&mut Self, &T)) {
        match v { None => self.0.push(0), Some(x) => { self.0.push(1); f(self, x) } }
    }
    fn list<T>(&mut self, v: &[T], mut f: impl FnMut(&mut Self, &T)) {
        self.int(v.len() as i64);
        for x in v { f(self, x) }
    }
    fn hex(&self) -> String {
        let mut hash: u64 = 0xcbf2_9ce4_8422_2325;
        for chunk in self.0.chunks(8) {
            let mut word = [0u8; 8];
            word[..chunk.len()].copy_from_slice(chunk);
            hash = (hash ^ u64::from_le_bytes(word)).wrapping_mul(0x100_0000_01b3);
        }
        format!("{:016x}", hash)
    }
}

trait Digestible { fn digest(&self, d: &mut Digest); }

impl<T: Digestible> Digestible for Vec<T> {
    fn digest(&self, d: &mut Digest) { d.list(self, |d, x| x.digest(d)) }
}

/// An RFC 3339 timestamp as milliseconds since 1970, parsed as the Swift decoders parse it.
#[derive(Clone, Copy)]
struct Date(i64);

impl<'de> Deserialize<'de> for Date {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        let text: &str = Deserialize::deserialize(deserializer)?;
        parse_date(text.as_bytes()).map(Date).ok_or_else(|| de::Error::custom(format!("not an RFC 3339 date: {}", text)))
    }
}

fn digits(bytes: &[u8], at: usize, count: usize) -> Option<i64> {
    let mut value = 0i64;
    for &b in bytes.get(at..at + count)? {
        if !b.is_ascii_digit() { return None; }
        value = value * 10 + (b - b'0') as i64;
    }
    Some(value)
}

fn parse_date(b: &[u8]) -> Option<i64> {
    let (year, month, day) = (digits(b, 0, 4)?, digits(b, 5, 2)?, digits(b, 8, 2)?);
    let (hour, minute, second) = (digits(b, 11, 2)?, digits(b, 14, 2)?, digits(b, 17, 2)?);
    if b.get(4) != Some(&b'-') || b.get(7) != Some(&b'-') || b.get(10) != Some(&b'T') || b.get(13) != Some(&b':') || b.get(16) != Some(&b':') {
        return None;
    }
    let mut i = 19;
    let mut millis = 0i64;
    if b.get(i) == Some(&b'.') {
        i += 1;
        let mut scale = 100;
        while let Some(d) = b.get(i).filter(|d| d.is_ascii_digit()) {
            millis += (*d - b'0') as i64 * scale;
            scale /= 10;
            i += 1;
        }
    }
    let offset = match b.get(i)? {
        b'Z' if b.len() == i + 1 => 0,
        sign @ (b'+' | b'-') if b.len() == i + 6 => {
            let minutes = digits(b, i + 1, 2)? * 60 + digits(b, i + 4, 2)?;
            if *sign == b'+' { minutes } else { -minutes }
        }
        _ => return None,
    };
    // Days since 1970 from the civil date (Howard Hinnant's algorithm).
    let y = if month <= 2 { year - 1 } else { year };
    let era = y.div_euclid(400);
    let yoe = y - era * 400;
    let doy = (153 * ((month + 9) % 12) + 2) / 5 + day - 1;
    let doe = yoe * 365 + yoe / 4 - yoe / 100 + doy;
    let days = era * 146097 + doe - 719468;
    Some(((days * 86400 + hour * 3600 + minute * 60 + second - offset * 60) * 1000) + millis)
}

#[derive(Deserialize)]
struct Movie { id: i64, title: String, year: i64, rating: f64, genres: Vec<String>, released: bool, director: Option<Person> }
#[derive(Deserialize)]
struct Person { id: i64, name: String }

impl Digestible for Movie {
    fn digest(&self, d: &mut Digest) {
        d.int(self.id); d.string(&self.title); d.int(self.year); d.double(self.rating);
        d.list(&self.genres, |d, g| d.string(g)); d.boolean(self.released);
        d.opt(&self.director, |d, p| { d.int(p.id); d.string(&p.name) });
    }
}

#[derive(Deserialize)]
struct Numbers { id: i64, int8: i8, int16: i16, int32: i32, int64: i64, uint64: u64, ratio: f64, price: f64, measurement: f64, extreme: f64 }

impl Digestible for Numbers {
    fn digest(&self, d: &mut Digest) {
        d.int(self.id); d.int(self.int8 as i64); d.int(self.int16 as i64); d.int(self.int32 as i64); d.int(self.int64);
        d.uint(self.uint64); d.double(self.ratio); d.double(self.price); d.double(self.measurement); d.double(self.extreme);
    }
}

#[derive(Deserialize)]
struct Issue {
    id: i64, node_id: String, number: i64, title: String, user: User, labels: Vec<Label>, state: String, locked: bool,
    assignee: Option<User>, comments: i64, created_at: Date, updated_at: Date, closed_at: Option<Date>,
    author_association: String, html_url: String, body: String,
}
#[derive(Deserialize)]
struct User { login: String, id: i64, node_id: String, avatar_url: String, html_url: String, r#type: String, site_admin: bool }
#[derive(Deserialize)]
struct Label { id: i64, node_id: String, name: String, color: String, r#default: bool, description: Option<String> }

impl Digestible for User {
    fn digest(&self, d: &mut Digest) {
        d.string(&self.login); d.int(self.id); d.string(&self.node_id); d.string(&self.avatar_url);
        d.string(&self.html_url); d.string(&self.r#type); d.boolean(self.site_admin);
    }
}

impl Digestible for Issue {
    fn digest(&self, d: &mut Digest) {
        d.int(self.id); d.string(&self.node_id); d.int(self.number); d.string(&self.title); self.user.digest(d);
        d.list(&self.labels, |d, l| {
            d.int(l.id); d.string(&l.node_id); d.string(&l.name); d.string(&l.color); d.boolean(l.r#default);
            d.opt(&l.description, |d, s| d.string(s));
        });
        d.string(&self.state); d.boolean(self.locked); d.opt(&self.assignee, |d, u| u.digest(d)); d.int(self.comments);
        d.int(self.created_at.0); d.int(self.updated_at.0); d.opt(&self.closed_at, |d, c| d.int(c.0));
        d.string(&self.author_association); d.string(&self.html_url); d.string(&self.body);
    }
}

struct Event { id: String, actor: Actor, repo: Repository, payload: Payload, public: bool, created_at: Date }
#[derive(Deserialize)]
struct Actor { id: i64, login: String, display_login: String, gravatar_id: String, url: String, avatar_url: String }
#[derive(Deserialize)]
struct Repository { id: i64, name: String, url: String }
enum Payload { Push(Push), Issues(IssuesPayload), Watch(Watch), Create(Create) }
#[derive(Deserialize)]
struct Push { repository_id: i64, push_id: i64, size: i64, distinct_size: i64, r#ref: String, head: String, before: String, commits: Vec<Commit> }
#[derive(Deserialize)]
struct Commit { sha: String, author: CommitAuthor, message: String, distinct: bool, url: String }
#[derive(Deserialize)]
struct CommitAuthor { email: String, name: String }
#[derive(Deserialize)]
struct IssuesPayload { action: String, issue: IssueSummary }
#[derive(Deserialize)]
struct IssueSummary { id: i64, number: i64, title: String, state: String, comments: i64, labels: Vec<String> }
#[derive(Deserialize)]
struct Watch { action: String }
#[derive(Deserialize)]
struct Create { r#ref: Option<String>, ref_type: String, master_branch: String, description: Option<String>, pusher_type: String }

/// The hand-written side of an event, as the Swift model's `init(from:)`: `type` says which
/// payload struct the `payload` member is read as (it comes first in these documents).
impl<'de> Deserialize<'de> for Event {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        struct EventVisitor;
        impl<'de> Visitor<'de> for EventVisitor {
            type Value = Event;
            fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result { f.write_str("an event") }
            fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<Event, A::Error> {
                let (mut id, mut kind, mut actor, mut repo, mut payload, mut public, mut created_at) = (None, None, None, None, None, None, None);
                while let Some(key) = map.next_key::<&str>()? {
                    match key {
                        "id" => id = Some(map.next_value::<String>()?),
                        "type" => kind = Some(map.next_value::<String>()?),
                        "actor" => actor = Some(map.next_value::<Actor>()?),
                        "repo" => repo = Some(map.next_value::<Repository>()?),
                        "payload" => {
                            payload = Some(match kind.as_deref() {
                                Some("PushEvent") => Payload::Push(map.next_value()?),
                                Some("IssuesEvent") => Payload::Issues(map.next_value()?),
                                Some("WatchEvent") => Payload::Watch(map.next_value()?),
                                Some("CreateEvent") => Payload::Create(map.next_value()?),
                                _ => return Err(de::Error::custom("payload before a known type")),
                            })
                        }
                        "public" => public = Some(map.next_value::<bool>()?),
                        "created_at" => created_at = Some(map.next_value::<Date>()?),
                        _ => { map.next_value::<de::IgnoredAny>()?; }
                    }
                }
                Ok(Event {
                    id: id.ok_or_else(|| de::Error::missing_field("id"))?,
                    actor: actor.ok_or_else(|| de::Error::missing_field("actor"))?,
                    repo: repo.ok_or_else(|| de::Error::missing_field("repo"))?,
                    payload: payload.ok_or_else(|| de::Error::missing_field("payload"))?,
                    public: public.ok_or_else(|| de::Error::missing_field("public"))?,
                    created_at: created_at.ok_or_else(|| de::Error::missing_field("created_at"))?,
                })
            }
        }
        deserializer.deserialize_map(EventVisitor)
    }
}

impl Digestible for Event {
    fn digest(&self, d: &mut Digest) {
        d.string(&self.id);
        let a = &self.actor;
        d.int(a.id); d.string(&a.login); d.string(&a.display_login); d.string(&a.gravatar_id); d.string(&a.url); d.string(&a.avatar_url);
        d.int(self.repo.id); d.string(&self.repo.name); d.string(&self.repo.url);
        match &self.payload {
            Payload::Push(p) => {
                d.string("PushEvent"); d.int(p.repository_id); d.int(p.push_id); d.int(p.size); d.int(p.distinct_size);
                d.string(&p.r#ref); d.string(&p.head); d.string(&p.before);
                d.list(&p.commits, |d, c| {
                    d.string(&c.sha); d.string(&c.author.email); d.string(&c.author.name); d.string(&c.message);
                    d.boolean(c.distinct); d.string(&c.url);
                });
            }
            Payload::Issues(p) => {
                d.string("IssuesEvent"); d.string(&p.action); d.int(p.issue.id); d.int(p.issue.number); d.string(&p.issue.title);
                d.string(&p.issue.state); d.int(p.issue.comments); d.list(&p.issue.labels, |d, l| d.string(l));
            }
            Payload::Watch(p) => { d.string("WatchEvent"); d.string(&p.action); }
            Payload::Create(p) => {
                d.string("CreateEvent"); d.opt(&p.r#ref, |d, s| d.string(s)); d.string(&p.ref_type); d.string(&p.master_branch);
                d.opt(&p.description, |d, s| d.string(s)); d.string(&p.pusher_type);
            }
        }
        d.boolean(self.public); d.int(self.created_at.0);
    }
}

fn measure<T: for<'de> Deserialize<'de> + Digestible>(data: &[u8], batches: usize, decodes: usize) -> (f64, String) {
    let mut last: T = serde_json::from_slice(data).expect("the payload decodes");
    let mut best = f64::MAX;
    for _ in 0..batches {
        let start = Instant::now();
        for _ in 0..decodes { last = serde_json::from_slice(std::hint::black_box(data)).expect("the payload decodes"); }
        best = best.min(start.elapsed().as_secs_f64());
    }
    let mut digest = Digest::default();
    last.digest(&mut digest);
    ((data.len() * decodes) as f64 / best / 1e6, digest.hex())
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    if args.len() != 6 || args[0] != "run" || args[1] != "serde" {
        eprintln!("usage: compare-decoders-serde run serde PAYLOAD FILE BATCHES DECODES");
        std::process::exit(64);
    }
    let data = std::fs::read(&args[3]).expect("the payload file is readable");
    let (batches, decodes): (usize, usize) = (args[4].parse().expect("BATCHES"), args[5].parse().expect("DECODES"));
    let (rate, digest) = match args[2].as_str() {
        "movies" => measure::<Vec<Movie>>(&data, batches, decodes),
        "issues" => measure::<Vec<Issue>>(&data, batches, decodes),
        "events" => measure::<Vec<Event>>(&data, batches, decodes),
        "numbers" => measure::<Vec<Numbers>>(&data, batches, decodes),
        other => { eprintln!("unknown payload {}", other); std::process::exit(64) }
    };
    println!("{:.1} {}", rate, digest);
}
