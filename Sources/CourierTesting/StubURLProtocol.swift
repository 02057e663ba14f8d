import Courier
import Foundation
import Synchronization

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// The URLSession side of ``StubServer``: a `URLProtocol` that hands each request to the server that
/// owns the request's host.
///
/// Foundation makes protocol instances itself and, on Linux, shows them neither the session nor its
/// additional headers, so the host is the only tie from a request back to its server. Servers are
/// held weakly: a finished test's server goes away with it.
final class StubURLProtocol: URLProtocol {
    private struct Registration: Sendable {
        weak let server: StubServer?
    }

    private static let servers = Mutex<[String: Registration]>([:])

    static func register(_ server: StubServer, host: String) {
        servers.withLock { servers in
            servers = servers.filter { $0.value.server != nil }
            servers[host] = Registration(server: server)
        }
    }

    private static func server(for host: String) -> StubServer? {
        servers.withLock { $0[host]?.server }
    }

    private struct Loading {
        var task: Task<Void, Never>?
        var isStopped = false
    }

    private let loading = Mutex(Loading())

    override class func canInit(with request: URLRequest) -> Bool {
        true
    }

    override class func canonicalRequest(for request: URLRequest) -> URLRequest {
        request
    }

    override func startLoading() {
        let request = self.request
        let reply = Reply(stub: self, queue: task.flatMap(Self.workQueue(of:)))
        guard let url = request.url, let server = url.host.flatMap(Self.server(for:)) else {
            reply.fail(URLError(.cannotFindHost))
            return
        }
        let stubRequest = HTTPRequest(request)
        let task = Task {
            do {
                let (response, body) = try await server.respond(to: stubRequest)
                reply.deliver(response, body: body, url: url)
            } catch {
                reply.fail(error)
            }
        }
        loading.withLock { $0.task = task }
    }

    override func stopLoading() {
        loading.withLock { loading in
            loading.isStopped = true
            loading.task?.cancel()
        }
    }

    /// The serial queue swift-corelibs-foundation runs a task's protocol callbacks on.
    ///
    /// Its client touches the session's task registry without a lock, trusting every call to come on
    /// this queue, as its own protocols' do; a stub answering from another thread races with other
    /// tasks of the session and crashes under load. Foundation exposes no API for the queue, so it
    /// is read by reflection; on Darwin there is none to find and the client is called directly.
    private static func workQueue(of task: URLSessionTask) -> DispatchQueue? {
        var mirror: Mirror? = Mirror(reflecting: task)
        while let current = mirror {
            if let queue = current.children.first(where: { $0.label == "workQueue" })?.value as? DispatchQueue {
                return queue
            }
            mirror = current.superclassMirror
        }
        return nil
    }

    /// Runs `body` with the URLSession client unless loading was stopped: once the task is cancelled,
    /// Foundation on Linux traps on any further call. The lock is held across the call so that
    /// `stopLoading` cannot slip in between the check and the call; the client only queues work, so
    /// it never calls back into `stopLoading` while the lock is held.
    fileprivate func withClientUnlessStopped(_ body: (any URLProtocolClient) -> Void) {
        loading.withLock { loading in
            guard !loading.isStopped, let client else { return }
            body(client)
        }
    }
}

/// Talks back to URLSession for one protocol instance, from whatever task the answer is made on.
///
/// URLProtocol is not Sendable on Linux, but its client expects to be called from other threads —
/// that is how every asynchronous protocol works — so the crossing is confined to this one type.
private struct Reply: @unchecked Sendable {
    let stub: StubURLProtocol
    /// Where the client must be called, when Foundation has such a place.
    let queue: DispatchQueue?

    func deliver(_ response: HTTPResponse, body: Data, url: URL) {
        perform { send(response, body: body, url: url) }
    }

    func fail(_ error: any Error) {
        perform { stub.withClientUnlessStopped { client in client.urlProtocol(stub, didFailWithError: error) } }
    }

    private func perform(_ work: @escaping @Sendable () -> Void) {
        if let queue { queue.async(execute: work) } else { work() }
    }

    private func send(_ response: HTTPResponse, body: Data, url: URL) {
        var fields: [String: String] = [:]
        for field in response.headers { fields[field.name] = field.value }
        guard let head = HTTPURLResponse(url: url, statusCode: response.statusCode, httpVersion: "HTTP/1.1", headerFields: fields) else {
            fail(URLError(.badServerResponse))
            return
        }
        stub.withClientUnlessStopped { client in
            client.urlProtocol(stub, didReceive: head, cacheStoragePolicy: .notAllowed)
            client.urlProtocol(stub, didLoad: body)
            client.urlProtocolDidFinishLoading(stub)
        }
    }
}

extension HTTPRequest {
    /// The request as URLSession handed it over, body included whether it came as data or as a stream.
    init(_ request: URLRequest) {
        var headers = HTTPHeaders()
        for (name, value) in (request.allHTTPHeaderFields ?? [:]).sorted(by: { $0.key < $1.key }) {
            headers.add(name: name, value: value)
        }
        self.init(
            method: request.httpMethod ?? "GET",
            url: request.url?.absoluteString ?? "",
            headers: headers,
            body: request.httpBody ?? request.httpBodyStream.map(Self.readAll)
        )
    }

    private static func readAll(_ stream: InputStream) -> Data {
        var data = Data()
        var buffer = [UInt8](repeating: 0, count: 16 * 1024)
        stream.open()
        defer { stream.close() }
        while true {
            let count = stream.read(&buffer, maxLength: buffer.count)
            if count <= 0 { break }
            data.append(buffer, count: count)
        }
        return data
    }
}
