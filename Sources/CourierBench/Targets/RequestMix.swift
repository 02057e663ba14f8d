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
/// One mix is shared by all of a run's workers: ``next()`` takes a lock for the choice — a pass over
/// the requests' scores — and for advancing each of the chosen request's data cursors, and fills the
/// templates after releasing it, so workers contend only for that moment. However the calls
/// interleave, `n` calls together make the same `n` choices one caller would. A call allocates the
/// row indices and rows of its request's data files (one small array each), and its URL, header and
/// body strings; a body without variables is shared, not copied.
final class RequestMix: Sendable {
    /// The requests chosen among, in the targets file's order.
    let requests: [TargetRequest]
    private let sources: [DataSource]
    private let totalWeight: Double
    private let state: Mutex<State>

    private struct State {
        var scores: [Double]
        var cursors: [DataCursor]
    }

    /// A mix of `file`'s requests, at the start of its sequence and of every data file.
    init(_ file: TargetsFile) {
        requests = file.requests
        sources = file.dataSources
        totalWeight = file.requests.reduce(0) { $0 + $1.weight }
        state = Mutex(State(scores: Array(repeating: 0, count: file.requests.count), cursors: file.dataSources.map(DataCursor.init)))
    }

    /// The next request, filled. Throws ``TargetsFileError/dataExhausted(file:rows:)`` when the request
    /// chosen takes a row of a `once` data file that has none left (and again each time it is chosen),
    /// and ``TargetsFileError/headerInjection(request:header:variable:file:line:)`` when a value would
    /// put a line break in a header field.
    func next() throws(TargetsFileError) -> PreparedRequest {
        let (index, rowIndices) = try state.withLock { state throws(TargetsFileError) -> (Int, [Int]) in
            var chosen = 0
            for request in state.scores.indices {
                state.scores[request] += requests[request].weight
                if state.scores[request] > state.scores[chosen] { chosen = request }
            }
            state.scores[chosen] -= totalWeight
            // Checked before any cursor moves, so a request with two data files loses no row of one
            // when the other has run out.
            if let source = requests[chosen].sources.first(where: { state.cursors[$0].isExhausted }) {
                throw .dataExhausted(file: sources[source].table.file, rows: sources[source].table.rows.count)
            }
            return (chosen, requests[chosen].sources.map { state.cursors[$0].next() })
        }
        return try prepare(index, rows: rowIndices)
    }

    /// Request `index` filled from the rows `rowIndices` of its data sources, in their order.
    private func prepare(_ index: Int, rows rowIndices: [Int]) throws(TargetsFileError) -> PreparedRequest {
        let request = requests[index]
        let rows = zip(request.sources, rowIndices).map { sources[$0].table.rows[$1] }
        var headers: [RequestOptions.Header] = []
        headers.reserveCapacity(request.headers.count)
        for header in request.headers {
            if let column = header.value.refusedColumn(in: rows) {
                let table = sources[request.sources[column.table]].table
                throw .headerInjection(
                    request: request.name, header: header.name, variable: column.name, file: table.file,
                    line: table.lines[rowIndices[column.table]])
            }
            headers.append(RequestOptions.Header(name: header.name, value: header.value.filled(with: rows)))
        }
        let body: Data? =
            switch request.body {
            case nil: nil
            case .bytes(let data): data
            case .template(let template): Data(template.filled(with: rows).utf8)
            }
        return PreparedRequest(
            name: request.name, index: index, method: request.method, url: request.url.filled(with: rows), headers: headers, body: body)
    }
}
