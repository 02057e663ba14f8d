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
    /// Decodes response bodies; set its key and date strategies to suit the API.
    public let decoder: JSONDecoder
    /// Encodes ``RequestBody/json(_:)`` bodies.
    public let encoder: JSONEncoder
    private let urlBuilder: URLBuilder

    /// A client that sends through `session`, as the seed program makes it.
    public init(
        baseURL: URL,
        session: URLSession = .shared,
        decoder: JSONDecoder = JSONDecoder(),
        encoder: JSONEncoder = JSONEncoder()
    ) {
        self.init(baseURL: baseURL, transport: URLSessionTransport(session: session), decoder: decoder, encoder: encoder)
    }

    /// A client that sends through any transport.
    public init(
        baseURL: URL,
        transport: some Transport,
        decoder: JSONDecoder = JSONDecoder(),
        encoder: JSONEncoder = JSONEncoder()
    ) {
        self.baseURL = baseURL
        self.transport = transport
        self.decoder = decoder
        self.encoder = encoder
        urlBuilder = URLBuilder(baseURL: baseURL)
    }

    /// Sends `endpoint` and decodes the body as `type`.
    ///
    /// `Data` returns the body as it came, ``Empty`` skips decoding; anything else goes through
    /// ``decoder``.
    public func send<T: Decodable>(_ endpoint: some Endpoint, as type: T.Type = T.self) async throws(APIError) -> T {
        let request = try request(for: endpoint)
        let (response, body) = try await data(for: request)
        return try decode(T.self, from: body, request: request, response: response)
    }

    /// Sends `endpoint` and decodes the body as the endpoint's own ``Endpoint/Response``.
    @discardableResult
    public func send<E: Endpoint>(_ endpoint: E) async throws(APIError) -> E.Response {
        try await send(endpoint, as: E.Response.self)
    }

    /// Sends a built request and returns the response head and body once the status is a success.
    public func data(for request: HTTPRequest) async throws(APIError) -> (HTTPResponse, Data) {
        let response: HTTPResponse
        let body: Data
        do {
            (response, body) = try await transport.send(request)
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
        var request = HTTPRequest(
            method: endpoint.method,
            url: url,
            headers: endpointHeaders.isEmpty ? HTTPHeaders() : HTTPHeaders(endpointHeaders)
        )
        if let body = endpoint.body {
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
            #if COURIER_REGRESSION_KNOB
            return try RegressionKnob.decode { try decoder.decode(T.self, from: body) }
            #else
            return try decoder.decode(T.self, from: body)
            #endif
        } catch {
            throw APIError(.decoding, request: request, response: response, responseBody: body, underlyingError: error)
        }
    }
}
