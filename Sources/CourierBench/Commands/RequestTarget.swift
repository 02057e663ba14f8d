import BenchmarkEngine
import Courier
import Foundation

/// The requests of `load` and `capacity`, ready to send: the transport opened for one run, and one
/// request, decoded as asked, as the operation the load runner times.
struct RequestTarget {
    /// The transport; shut it down when the run is over.
    let transport: OpenTransport
    /// Sends one request and says how it ended.
    let operation: @Sendable () async -> RequestOutcome

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
        let transport: OpenTransport
        do {
            transport = try options.transport.make(settings)
        } catch let error as TransportSettingsError {
            throw UsageError(message: error.description, usage: usage)
        }
        let client = transport.client(baseURL: options.url, decoder: decoder, maximumResponseBodySize: options.maximumBodySize)
        let endpoint = URLEndpoint(options, body: body)
        let decode = options.decode
        return RequestTarget(transport: transport) {
            await outcome { try await send(endpoint, with: client, decode: decode) }
        }
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
    let headers: [String: String]
    let body: RequestBody?

    init(_ options: RequestOptions, body: Data?) {
        path = options.url.absoluteString
        method = options.method
        // Repeated names are joined as HTTP allows for list-valued fields.
        headers = Dictionary(options.headers.map { ($0.name, $0.value) }) { "\($0), \($1)" }
        self.body = body.map { RequestBody.data($0) }
    }
}
