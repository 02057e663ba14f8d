/// What a `load` run was asked to do, and which part of it this generator did: the settings shards
/// of one run must share, and those that tell the shards apart. `bench merge` reads it to check that
/// the reports it is given are shards of one run.
public struct LoadPlan: Codable, Sendable, Equatable {
    /// The run's name, the same in every shard's report (`--run-label`); `nil` when none was given.
    @ExplicitNull public var runLabel: String?
    /// This generator's part of the run; ``Shard/whole`` for a run on one machine.
    public var shard: Shard
    /// The URL every request went to, with any secret in it redacted.
    public var url: String
    /// The HTTP method.
    public var method: String
    /// The header fields sent, `Name: value`, with the values of sensitive ones redacted.
    public var headers: [String] = []
    /// The whole run's requests per second (open loop), or `nil` (closed loop); with stages, the
    /// rate the first ramps from.
    @ExplicitNull public var rate: Double?
    /// The stages of a ramping open loop, or `nil`.
    @ExplicitNull public var stages: [LoadStage]? = nil
    /// ``interval`` in seconds, as the report stores it.
    @ExplicitNull package var intervalSeconds: Double? = nil
    /// The whole run's workers, shared between the shards.
    public var concurrency: Int
    /// ``duration`` in seconds, as the report stores it.
    package var durationSeconds: Double
    /// ``timeout`` in seconds, as the report stores it.
    package var timeoutSeconds: Double
    /// The whole run's request limit (`--requests`), or `nil`.
    @ExplicitNull public var requests: Int?
    /// The largest response body accepted, in bytes after decompression (`--max-body`); `nil` in
    /// reports of versions that had no limit.
    @ExplicitNull public var maximumBodyBytes: Int? = nil
    /// The transport's name (`urlsession`, `curl`).
    public var transport: String
    /// The HTTP version asked for (`--http`: `1.1`, `2`, `2-prior-knowledge`), or `nil` for the
    /// transport's own choice; the versions spoken are counted in the result's connections.
    @ExplicitNull public var http: String? = nil
    /// The whole run's connection cap (`--connections`), or `nil` for one per worker.
    @ExplicitNull public var connections: Int? = nil
    /// `true` when the servers' certificates went unchecked (`--insecure`); `nil` when they were
    /// checked, and in reports of versions before the option.
    @ExplicitNull public var insecure: Bool? = nil
    /// The TLS versions allowed (`1.0-1.3`) when not the default of 1.2 and up (`--tls-min`,
    /// `--tls-max`); `nil` for the default, and in reports of versions before the options.
    @ExplicitNull public var tlsVersions: String? = nil
    /// The targets file whose mix of requests the run sent (`--targets`), by its name, or `nil` for
    /// one request to ``url``.
    @ExplicitNull public var targets: String? = nil
    /// What responses were decoded into (`none`, `json`, or a model's name).
    public var decode: String
    /// The wall-clock instant every shard was told to start at (`--start-at`), RFC 3339 in UTC, or
    /// `nil` when the run started when it was launched.
    @ExplicitNull public var startAt: String?
    /// When this generator's schedule started, in seconds since 1970 by its own clock: the instant
    /// its first request was due (`startAt`, when given).
    public var scheduleStartedAt: Double
    /// ``lateStart`` in seconds, as the report stores it.
    @ExplicitNull package var lateStartSeconds: Double? = nil

    /// The time series' interval, or `nil` when the run kept none.
    public var interval: Duration? {
        get { intervalSeconds.map { Duration(seconds: $0) } }
        set { intervalSeconds = newValue?.seconds }
    }

    /// How long requests were started.
    public var duration: Duration {
        get { Duration(seconds: durationSeconds) }
        set { durationSeconds = newValue.seconds }
    }

    /// Each request's time limit.
    public var timeout: Duration {
        get { Duration(seconds: timeoutSeconds) }
        set { timeoutSeconds = newValue.seconds }
    }

    /// How long after `startAt` this generator was ready to send, by its clock: requests due
    /// meanwhile started late, their latency counted from when they were due. `nil` without `startAt`.
    public var lateStart: Duration? {
        get { lateStartSeconds.map { Duration(seconds: $0) } }
        set { lateStartSeconds = newValue?.seconds }
    }

    /// A plan with these settings.
    public init(
        runLabel: String?, shard: Shard, url: String, method: String, rate: Double?, concurrency: Int, duration: Duration,
        timeout: Duration, requests: Int?, transport: String, decode: String, startAt: String?, scheduleStartedAt: Double
    ) {
        self.init(
            runLabel: runLabel, shard: shard, url: url, method: method, rate: rate, concurrency: concurrency,
            durationSeconds: duration.seconds, timeoutSeconds: timeout.seconds, requests: requests, transport: transport,
            decode: decode, startAt: startAt, scheduleStartedAt: scheduleStartedAt
        )
    }

    /// The same, with its durations in the units the report stores.
    package init(
        runLabel: String?, shard: Shard, url: String, method: String, rate: Double?, concurrency: Int,
        durationSeconds: Double, timeoutSeconds: Double, requests: Int?, transport: String, decode: String,
        startAt: String?, scheduleStartedAt: Double
    ) {
        self.runLabel = runLabel
        self.shard = shard
        self.url = url
        self.method = method
        self.rate = rate
        self.concurrency = concurrency
        self.durationSeconds = durationSeconds
        self.timeoutSeconds = timeoutSeconds
        self.requests = requests
        self.transport = transport
        self.decode = decode
        self.startAt = startAt
        self.scheduleStartedAt = scheduleStartedAt
    }

    /// The settings shards of one run share, by name, as a report shows them: a shard whose value
    /// of one differs from another's is not part of the same run.
    public var sharedSettings: KeyValuePairs<String, String> {
        [
            "run label": runLabel ?? "none",
            "URL": url,
            "targets": targets ?? "none",
            "method": method,
            "headers": headers.isEmpty ? "none" : headers.joined(separator: "; "),
            "rate": rate.map { "\($0)" } ?? "none (closed loop)",
            "stages": stages.map { $0.map { "\($0.duration.seconds) s to \($0.targetRate)/s" }.joined(separator: ", ") } ?? "none",
            "interval": intervalSeconds.map { "\($0) s" } ?? "none",
            "concurrency": "\(concurrency)",
            "duration": "\(durationSeconds) s",
            "timeout": "\(timeoutSeconds) s",
            "maximum body": maximumBodyBytes.map { "\($0) bytes" } ?? "none",
            "requests": requests.map(String.init) ?? "no limit",
            "transport": transport,
            "HTTP version": http ?? "the transport's",
            "connections": connections.map(String.init) ?? "one per worker",
            "certificate check": insecure == true ? "off (--insecure)" : "on",
            "TLS versions": tlsVersions ?? "1.2 and up",
            "decode": decode,
            "start time": startAt ?? "none",
            "shard count": "\(shard.count)",
        ]
    }
}
