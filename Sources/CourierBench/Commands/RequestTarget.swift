import BenchmarkEngine
import Courier
import Foundation

/// The requests of `load` and `capacity`, ready to send: the transport opened for one run, and one
/// request or a targets file's mix, decoded as asked, as the load runner times them.
struct RequestTarget {
    /// The transport; shut it down when the run is over.
    let transport: OpenTransport
    /// What the runner sends: one request, or a targets file's named requests by weight.
    let mix: LoadMix
    /// The checks of a targets file's requests or steps, counted as answers arrive; `nil` without a
    /// targets file.
    var checks: CheckTallies? = nil

    /// Reads the body file — a usage error when it cannot be read, before anything is sent — and
    /// opens the transport for `concurrency` requests at once, over as many connections or
    /// `--connections`; a usage error too when the process's descriptor limit cannot hold the
    /// connections (``DescriptorBudget``), or the transport cannot do what the options ask.
    static func open(_ options: RequestOptions, concurrency: Int, usage: String) throws -> RequestTarget {
        let connections = options.connection.connections(for: concurrency)
        try DescriptorBudget(connections: connections, host: options.url.host).check(against: Platform.descriptorLimit, usage: usage)
        var body: Data?
        if let file = options.bodyFile {
            guard let data = FileManager.default.contents(atPath: file) else {
                throw UsageError(message: "cannot read the '--body' file '\(file)'", usage: usage)
            }
            body = data
        }
        let decoder = if case .model(let model) = options.decode { model.decoder(options.decoder) } else { options.decoder.make() }
        var settings = TransportSettings(
            connections: connections, timeout: Duration(seconds: options.timeoutSeconds), threads: options.reactors,
            concurrency: concurrency, httpVersion: options.connection.httpVersion)
        settings.trust = options.trust
        settings.maximumResponseBytesInFlight = options.maximumBodyTotal
        let transport: OpenTransport
        do {
            transport = try options.transport.make(settings)
        } catch let error as TransportSettingsError {
            throw UsageError(message: error.description, usage: usage)
        }
        let client = transport.client(baseURL: options.url, decoder: decoder, maximumResponseBodySize: options.maximumBodySize)
        let decode = options.decode
        guard let targets = options.targets else {
            let endpoint = URLEndpoint(options, body: body)
            return RequestTarget(
                transport: transport, mix: LoadMix { await outcome { try await send(endpoint, with: client, decode: decode) } })
        }
        let requests = targets.mix()
        let common = URLEndpoint.fields(options.headers)
        let exchange = TargetExchange(client: client, decode: decode, tallies: CheckTallies(names: targets.checkNames))
        guard targets.journeys.isEmpty else {
            let journeys = FileJourneys(mix: requests, exchange: exchange, common: common)
            return RequestTarget(transport: transport, mix: LoadMix(journey: { await journeys.session($0) }), checks: exchange.tallies)
        }
        let mix = LoadMix(
            names: targets.requests.map(\.name), weights: targets.requests.map(\.weight), choose: { requests.choose() },
            send: { index in
                let prepared: PreparedRequest
                do throws(TargetsFileError) {
                    prepared = try requests.request(index)
                } catch {
                    return .failure(ErrorClass(filling: error).description)
                }
                return await outcome { try await exchange.send(URLEndpoint(prepared, adding: common), as: requests.requests[index]) }
            })
        return RequestTarget(transport: transport, mix: mix, checks: exchange.tallies)
    }

    private static func send(_ endpoint: URLEndpoint, with client: APIClient, decode: RequestOptions.Decode) async throws -> Int {
        let body = try await client.send(endpoint)
        switch decode {
        case .none: return body.count
        case .json:
            _ = try client.decode(JSONValue.self, from: body)
            return 1
        case .model(let model):
            try model.decode(body, with: client)
            return 1
        }
    }
}

/// The request `load` sends: an absolute URL (the client takes a path that starts with
/// `http://` or `https://` as it is), a method, header fields and a body.
struct URLEndpoint: Endpoint {
    typealias Response = Data
    let path: String
    let method: String
    private(set) var headers: [String: String]
    let body: RequestBody?

    init(_ options: RequestOptions, body: Data?) {
        path = options.url.absoluteString
        method = options.method
        headers = Self.fields(options.headers)
        self.body = body.map { RequestBody.data($0) }
    }

    /// A targets file's request, filled, with the `--header` fields `common` (by name, made once
    /// for the run) that it does not set itself, whatever the case of the names.
    init(_ prepared: PreparedRequest, adding common: [String: String]) {
        path = prepared.url
        method = prepared.method
        var headers = Self.fields(prepared.headers)
        for (name, value) in common where !headers.keys.contains(where: { $0.caseInsensitiveCompare(name) == .orderedSame }) {
            headers[name] = value
        }
        self.headers = headers
        body = prepared.body.map { RequestBody.data($0) }
    }

    /// Adds a session's cookies to the `Cookie` field, after any the request sets itself.
    mutating func addCookies(_ cookies: String) {
        if let name = headers.keys.first(where: { $0.caseInsensitiveCompare("Cookie") == .orderedSame }), let own = headers[name] {
            headers[name] = "\(own); \(cookies)"
        } else {
            headers["Cookie"] = cookies
        }
    }

    /// Header fields by name; repeated names are joined as HTTP allows for list-valued fields.
    static func fields(_ headers: [RequestOptions.Header]) -> [String: String] {
        Dictionary(headers.map { ($0.name, $0.value) }) { "\($0), \($1)" }
    }
}
