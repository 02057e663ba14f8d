import Foundation
import Synchronization

/// Chooses which request of a targets file comes next, by weight, and fills it from its data.
///
/// The choice is nginx's smooth weighted round-robin: each request's running score grows by its
/// weight at every choice, the highest score is chosen (the earliest request on a tie) and loses the
/// sum of all weights. With whole-number weights summing to `W`, every run of `W` consecutive choices
/// takes each request exactly its weight's number of times, interleaved as evenly as the weights
/// allow (70/20/8/2 is exact every 100 requests, where drawing at random would be off by ±0.14
/// percentage points for the 2% after 10,000); decimal weights are as exact as `Double` sums. It
/// needs no seed: the sequence of choices is the same on every run, and the data strategies' seeds
/// are all the randomness there is.
///
/// One mix is shared by all of a run's workers. ``choose()`` takes a lock for the choice alone — a
/// pass over the requests' scores — so however the calls interleave, `n` calls together make the
/// same `n` choices one caller would; ``request(_:)`` then takes another for advancing the chosen
/// request's data cursors, and fills its templates after releasing it, so workers contend only for
/// those moments. Filling allocates the row indices and rows of the request's data files (one small
/// array each), and its URL, header and body strings; a body without variables is shared, not copied.
final class RequestMix: Sendable {
    /// The requests chosen among, in the targets file's order; empty for journeys.
    let requests: [TargetRequest]
    /// The journeys chosen among, in the targets file's order; empty for a mix of requests.
    let journeys: [TargetJourney]
    private let sources: [DataSource]
    private let environment: [String]
    private let weights: [Double]
    private let totalWeight: Double
    private let scores: Mutex<[Double]>
    private let cursors: Mutex<[DataCursor]>

    /// A mix of `file`'s requests, or of its journeys, at the start of its sequence and of every
    /// data file.
    init(_ file: TargetsFile) {
        requests = file.requests
        journeys = file.journeys
        sources = file.dataSources
        environment = file.environment
        weights = file.journeys.isEmpty ? file.requests.map(\.weight) : file.journeys.map(\.weight)
        totalWeight = weights.reduce(0, +)
        scores = Mutex(Array(repeating: 0, count: weights.count))
        cursors = Mutex(file.dataSources.map(DataCursor.init))
    }

    /// The next request's index in ``requests``, or the next session's in ``journeys``, by weight.
    func choose() -> Int {
        scores.withLock { scores in
            var chosen = 0
            for index in scores.indices {
                scores[index] += weights[index]
                if scores[index] > scores[chosen] { chosen = index }
            }
            scores[chosen] -= totalWeight
            return chosen
        }
    }

    /// The request at `index`, filled from the next rows of its data files. Throws
    /// ``TargetsFileError/dataExhausted(file:rows:)`` when one of them is a `once` file with no row
    /// left (and again each time the request is chosen), and
    /// ``TargetsFileError/headerInjection(request:header:variable:file:line:)`` when a value would put
    /// a line break in a header field.
    func request(_ index: Int) throws(TargetsFileError) -> PreparedRequest {
        let request = requests[index]
        return try prepare(request, index: index, rows: try rows(of: request.sources))
    }

    /// The next row of each of the data sources `indices` (into the file's), as row indices in their
    /// order: for a request, or for a session, which keeps its rows for all its steps. Throws
    /// ``TargetsFileError/dataExhausted(file:rows:)`` when one of them is a `once` file with no row left.
    func rows(of indices: [Int]) throws(TargetsFileError) -> [Int] {
        try cursors.withLock { cursors throws(TargetsFileError) -> [Int] in
            // Checked before any cursor moves, so a request with two data files loses no row of one
            // when the other has run out.
            if let source = indices.first(where: { cursors[$0].isExhausted }) {
                throw .dataExhausted(file: sources[source].table.file, rows: sources[source].table.rows.count)
            }
            return indices.map { cursors[$0].next() }
        }
    }

    /// `request`, reported at `index`, filled from the rows `rowIndices` of its data sources, in
    /// their order, and from a session's `variables`; throws when a value would put a line break in
    /// a header field.
    func prepare(_ request: TargetRequest, index: Int, rows rowIndices: [Int], variables: [String] = []) throws(TargetsFileError)
        -> PreparedRequest
    {
        let rows = zip(request.sources, rowIndices).map { sources[$0].table.rows[$1] }
        let values = Template.Bound.Values(rows: rows, variables: variables, environment: environment)
        var headers: [RequestOptions.Header] = []
        headers.reserveCapacity(request.headers.count)
        for header in request.headers {
            if let column = header.value.refusedColumn(in: rows) {
                let table = sources[request.sources[column.table]].table
                throw .headerInjection(
                    request: request.name, header: header.name, variable: column.name, file: table.file,
                    line: table.lines[rowIndices[column.table]])
            }
            if let variable = header.value.refusedVariable(in: values) {
                throw .variableHeaderInjection(request: request.name, header: header.name, variable: variable)
            }
            headers.append(RequestOptions.Header(name: header.name, value: header.value.filled(with: values)))
        }
        let body: Data? =
            switch request.body {
            case nil: nil
            case .bytes(let data): data
            case .template(let template): Data(template.filled(with: values).utf8)
            }
        return PreparedRequest(
            name: request.name, index: index, method: request.method, url: request.url.filled(with: values), headers: headers, body: body)
    }
}
