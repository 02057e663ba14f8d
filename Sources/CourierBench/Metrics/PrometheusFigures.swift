import BenchmarkEngine
import Courier
import Foundation

/// Each step's server figures from a Prometheus HTTP API, one request per query over the step's
/// measured part. A query that names `$window` is evaluated once, at the part's end, with `$window`
/// its length (`avg_over_time(x[$window])`: exactly the part); any other is read as a range over the
/// part (`query_range`), the mean of its points the figure.
///
/// Whatever the API does, a figure comes back within ``timeout`` (the queries run side by side):
/// a refused connection, a slow or silent server, an error status, a body that is not Prometheus'
/// JSON, no series, several series, or values that are not numbers each leave the figure empty
/// with the reason, its URL's secrets redacted.
struct PrometheusFigures: ServerFigureSource {
    /// How long one query may take.
    static let timeout: TimeInterval = 5
    /// Points per window at most: enough for a mean, few enough for a small answer.
    static let points = 60.0
    /// What a query writes for the measured part's length.
    static let window = "$window"
    /// The largest answer read; beyond it, the figure is unavailable.
    static let maximumAnswerBytes = 1 << 20

    let options: ServerMetricsOptions
    let transport = MetricsHTTPTransport(timeout: timeout)

    func figures(from start: Double, to end: Double) async -> [ServerFigure] {
        await withTaskGroup(of: (Int, ServerFigure).self) { group in
            for (index, query) in options.queries.enumerated() {
                group.addTask { (index, await figure(query, from: start, to: end)) }
            }
            var figures: [(Int, ServerFigure)] = []
            for await figure in group { figures.append(figure) }
            return figures.sorted { $0.0 < $1.0 }.map(\.1)
        }
    }

    /// One query's figure over the window.
    func figure(_ query: ServerQueries.Query, from start: Double, to end: Double) async -> ServerFigure {
        guard let url = url(of: query, from: start, to: end) else {
            return ServerFigure(name: query.name, unavailable: "cannot form a query URL from \(options.redactedURL)")
        }
        let answer: (status: Int, body: Data)
        do {
            answer = try await transport.get(url, maximumBodyBytes: Self.maximumAnswerBytes)
        } catch {
            return ServerFigure(name: query.name, unavailable: "\(options.redactedURL) did not answer: \(Self.sentence(error))")
        }
        switch Self.mean(of: answer) {
        case .success(let value): return ServerFigure(name: query.name, value: value)
        case .failure(let reason): return ServerFigure(name: query.name, unavailable: reason.description)
        }
    }

    /// `<base>/api/v1/query?query=…&time=<end>` with `$window` replaced by the window's length in
    /// milliseconds (at least one second) when the query names it, else
    /// `<base>/api/v1/query_range?query=…&start=…&end=…&step=…`.
    func url(of query: ServerQueries.Query, from start: Double, to end: Double) -> String? {
        let length = max(1, end - start)
        let isWindowed = query.promql.contains(Self.window)
        let promql = query.promql.replacingOccurrences(of: Self.window, with: "\(Int((length * 1000).rounded()))ms")
        guard var components = URLComponents(url: options.url, resolvingAgainstBaseURL: false) else { return nil }
        let path = isWindowed ? "/api/v1/query" : "/api/v1/query_range"
        components.path = (components.path.hasSuffix("/") ? String(components.path.dropLast()) : components.path) + path
        let time = { (seconds: Double) in String(format: "%.3f", seconds) }
        components.queryItems =
            [URLQueryItem(name: "query", value: promql)]
            + (isWindowed
                ? [URLQueryItem(name: "time", value: time(end))]
                : [
                    URLQueryItem(name: "start", value: time(start)), URLQueryItem(name: "end", value: time(end)),
                    URLQueryItem(name: "step", value: time(max(1, length / Self.points))),
                ])
        // A form decoder reads '+' as a space: PromQL's sums must survive.
        components.percentEncodedQuery = components.percentEncodedQuery?.replacingOccurrences(of: "+", with: "%2B")
        return components.url?.absoluteString
    }

    /// Why a figure is unavailable.
    struct Unavailable: Error, CustomStringConvertible {
        let description: String
    }

    /// The mean of the one series' points in a `query_range` answer, or the value of an instant
    /// query's one series, or why there is none.
    static func mean(of answer: (status: Int, body: Data)) -> Result<Double, Unavailable> {
        struct Answer: Decodable {
            struct Payload: Decodable {
                struct Series: Decodable {
                    /// A range's points.
                    let values: [[Point]]?
                    /// An instant query's one point.
                    let value: [Point]?
                }
                let resultType: String?
                let result: [Series]
            }
            /// A point's time (a number) or value (a string).
            enum Point: Decodable {
                case number(Double)
                case text(String)
                init(from decoder: any Decoder) throws {
                    let container = try decoder.singleValueContainer()
                    if let number = try? container.decode(Double.self) {
                        self = .number(number)
                    } else {
                        self = .text(try container.decode(String.self))
                    }
                }
            }
            let status: String
            let data: Payload?
            let errorType: String?
            let error: String?
        }
        guard let decoded = try? JSONDecoder().decode(Answer.self, from: answer.body) else {
            let status = (200..<300).contains(answer.status) ? "" : "HTTP \(answer.status), "
            return .failure(Unavailable(description: "\(status)not a Prometheus API answer (\(answer.body.count) bytes)"))
        }
        guard decoded.status == "success", (200..<300).contains(answer.status), let data = decoded.data else {
            let said = [decoded.errorType, decoded.error.map { String($0.prefix(200)) }].compactMap { $0 }.joined(separator: ": ")
            return .failure(Unavailable(description: "HTTP \(answer.status), Prometheus said: \(said.isEmpty ? decoded.status : said)"))
        }
        guard data.result.count == 1 else {
            return .failure(
                Unavailable(
                    description: data.result.isEmpty
                        ? "no data over the step's window"
                        : "\(data.result.count) series; aggregate them in the query (sum, max, avg)"))
        }
        guard let points = data.result[0].values ?? data.result[0].value.map({ [$0] }) else {
            return .failure(Unavailable(description: "not a series of points (\(data.resultType ?? "no result type"))"))
        }
        var values: [Double] = []
        for point in points {
            guard point.count == 2, case .text(let text) = point[1], let value = Double(text), value.isFinite else {
                let shown = point.last.map { point in
                    switch point {
                    case .number(let number): "\(number)"
                    case .text(let text): String(text.prefix(40))
                    }
                }
                return .failure(Unavailable(description: "a point that is not a number: \(shown ?? "none")"))
            }
            values.append(value)
        }
        guard !values.isEmpty else { return .failure(Unavailable(description: "no data over the step's window")) }
        return .success(values.reduce(0, +) / Double(values.count))
    }

    /// An error in one line, as reports class it, without a URL (the transport's may hold the
    /// query's secrets).
    private static func sentence(_ error: any Error) -> String {
        if let error = error as? APIError { return ErrorClass(error).description }
        if let error = error as? URLError { return "URL error \(error.code.rawValue)" }
        return String(describing: type(of: error))
    }
}
