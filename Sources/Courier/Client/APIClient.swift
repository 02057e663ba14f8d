import Foundation

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Sends endpoints to one base URL through a transport, checks the status and decodes the body.
///
/// ```swift
/// let client = APIClient(baseURL: URL(string: "https://api.example.com/v1/")!)
/// let movies = try await client.send(Movies(page: 2))           // Movies.Response
/// let raw = try await client.send(Movies(page: 2), as: Data.self)
/// ```
///
/// Every failure is an ``APIError``. A value type with no mutable state: copy it and share it freely.
public struct APIClient: Sendable {
    /// The URL every endpoint path is relative to.
    public let baseURL: URL
    /// Where requests go.
    public let transport: any Transport
    /// Decodes response bodies: Foundation's `JSONDecoder` unless told otherwise, or
    /// `CourierJSONDecoder` (several times faster, and strict), each with the key and date
    /// strategies the API needs.
    public let decoder: any ResponseDecoder
    /// Encodes ``RequestBody/json(_:)`` bodies: Foundation's `JSONEncoder` unless told otherwise,
    /// or `CourierJSONEncoder` (several times faster, the same bytes with `.sortedKeys`).
    public let encoder: any RequestEncoder
    /// The policies every request passes through, outermost first: a request passes them in this
    /// order on its way to the transport, and the response passes them in reverse.
    public let middlewares: [any Middleware]
    /// The largest response body accepted, in bytes after decompression: a larger one fails as
    /// ``APIError/Kind/responseTooLarge`` while it arrives, before it can fill memory.
    /// ``HTTPRequest/defaultMaximumResponseBodySize`` (32 MiB) unless told otherwise.
    public let maximumResponseBodySize: Int
    private let urlBuilder: URLBuilder
    private let chain: MiddlewareChain

    /// A client that sends through `session`.
    ///
    /// A session without a delegate of its own (`.shared`, the default, or one made with
    /// `URLSession(configuration:)`) stands for a session Courier makes from its configuration, with
    /// Courier's delegate: every 401 then ends the call as ``APIError/Kind/badStatus(_:)`` with its
    /// body, and redirects follow ``Redirects``. **A session with a delegate of yours is used as it
    /// is**, with Foundation's behaviour: on Linux a 401 offering `Basic` that your delegate leaves
    /// unanswered never returns. See ``URLSessionTransport``.
    public init(
        baseURL: URL,
        session: URLSession = .shared,
        decoder: any ResponseDecoder = JSONDecoder(),
        encoder: any RequestEncoder = JSONEncoder(),
        middlewares: [any Middleware] = [],
        maximumResponseBodySize: Int = HTTPRequest.defaultMaximumResponseBodySize
    ) {
        self.init(
            baseURL: baseURL,
            transport: URLSessionTransport(session: session),
            decoder: decoder,
            encoder: encoder,
            middlewares: middlewares,
            maximumResponseBodySize: maximumResponseBodySize
        )
    }

    /// A client that sends through any transport, with `middlewares` folded around it (the first
    /// one outermost; see ``middlewares``).
    public init(
        baseURL: URL,
        transport: some Transport,
        decoder: any ResponseDecoder = JSONDecoder(),
        encoder: any RequestEncoder = JSONEncoder(),
        middlewares: [any Middleware] = [],
        maximumResponseBodySize: Int = HTTPRequest.defaultMaximumResponseBodySize
    ) {
        self.baseURL = baseURL
        self.transport = transport
        self.decoder = decoder
        self.encoder = encoder
        self.middlewares = middlewares
        self.maximumResponseBodySize = max(0, maximumResponseBodySize)
        urlBuilder = URLBuilder(baseURL: baseURL)
        chain = MiddlewareChain(middlewares: middlewares, transport: transport)
    }

    /// Sends `endpoint` and decodes the body as `type`.
    ///
    /// `Data` returns the body as it came, ``Empty`` skips decoding; anything else goes through
    /// ``decoder``.
    public func send<T: Decodable>(_ endpoint: some Endpoint, as type: T.Type = T.self) async throws(APIError) -> T {
        try await exchange(endpoint, as: T.self).value
    }

    /// Sends `endpoint` and decodes the body as the endpoint's own ``Endpoint/Response``.
    @discardableResult
    public func send<E: Endpoint>(_ endpoint: E) async throws(APIError) -> E.Response {
        try await send(endpoint, as: E.Response.self)
    }

    /// Sends `endpoint` through the middlewares and returns the decoded body with the response head,
    /// for callers that need the headers too (pagination links, say).
    func exchange<T: Decodable>(_ endpoint: some Endpoint, as type: T.Type) async throws(APIError) -> (value: T, response: HTTPResponse) {
        let request = try request(for: endpoint)
        // Without middlewares nobody reads the overrides: skip the dynamic cast that finds them.
        let overrides = middlewares.isEmpty ? PolicyOverrides() : endpoint.policyOverrides
        let (response, body) = try await data(for: request, overrides: overrides)
        return (try decode(T.self, from: body, request: request, response: response), response)
    }

    /// Sends a built request through the middlewares and returns the response head and body once the
    /// status is a success. `overrides` stand in for an endpoint's ``PolicyOverriding/overrides``.
    public func data(for request: HTTPRequest, overrides: PolicyOverrides = PolicyOverrides()) async throws(APIError) -> (
        HTTPResponse, Data
    ) {
        let response: HTTPResponse
        let body: Data
        do {
            (response, body) = try await chain.send(request, context: MiddlewareContext(overrides: overrides))
        } catch {
            throw APIError(transportFailure: error, request: request)
        }
        guard response.isSuccess else {
            throw APIError(.badStatus(response.statusCode), request: request, response: response, responseBody: body)
        }
        return (response, body)
    }

    /// Builds the request for `endpoint` without sending it.
    ///
    /// The hot path of every call, kept lean: one allocation for the URL, one for the header list when
    /// there are headers, none for the method.
    public func request(for endpoint: some Endpoint) throws(APIError) -> HTTPRequest {
        guard let url = urlBuilder.url(path: endpoint.path, queryItems: endpoint.queryItems) else {
            throw APIError(.invalidURL, underlyingError: URLError(.badURL))
        }
        let endpointHeaders = endpoint.headers
        let body = endpoint.body
        var request = HTTPRequest(
            method: endpoint.method,
            url: url,
            headers: endpointHeaders.isEmpty ? HTTPHeaders() : HTTPHeaders(endpointHeaders, reservingCapacity: body == nil ? 0 : 1),
            maximumResponseBodySize: maximumResponseBodySize
        )
        if let body {
            do {
                request.body = try body.encoded(with: encoder)
            } catch {
                throw APIError(.encoding, request: request, underlyingError: error)
            }
            if let contentType = body.contentType, !request.headers.contains("Content-Type") {
                request.headers.add(name: "Content-Type", value: contentType)
            }
        }
        return request
    }

    /// Decodes a successful response body the way ``send(_:as:)`` does.
    public func decode<T: Decodable>(
        _ type: T.Type,
        from body: Data,
        request: HTTPRequest? = nil,
        response: HTTPResponse? = nil
    ) throws(APIError) -> T {
        if T.self == Empty.self, let empty = Empty() as? T { return empty }
        if T.self == Data.self, let raw = body as? T { return raw }
        do {
            return try decoder.decode(T.self, from: body)
        } catch {
            throw APIError(.decoding, request: request, response: response, responseBody: body, underlyingError: error)
        }
    }
}
