import BenchmarkEngine

/// A data file of a targets file's `data` object, as loaded: its name, its rows and the order in
/// which requests take them.
struct DataSource: Sendable, Equatable {
    /// The key that names it in `data`, and in each request's `data`.
    let name: String
    /// Its rows.
    let table: DataTable
    /// The order rows are taken in.
    let strategy: DataStrategy
}

/// The order in which a data file's rows are given to the requests that use it. One cursor per data
/// file, shared by every request naming it, as Gatling shares a feeder: two requests using `issues`
/// take alternate rows of it, not the same row each.
enum DataStrategy: Sendable, Equatable {
    /// Row 1, 2, …, the last, then row 1 again (Gatling's `circular`); the default.
    case sequential
    /// A row chosen uniformly at random each time, from ``SeededGenerator`` seeded with `seed`: the same
    /// seed gives the same rows in the same order.
    case random(seed: UInt64)
    /// Row 1, 2, …, the last, each once (Gatling's `queue`): the request after the last row fails
    /// with ``TargetsFileError/dataExhausted(file:rows:)``.
    case once
}

/// Where a data source is in its rows; owned by ``RequestMix``, under its lock.
struct DataCursor: Sendable {
    private let strategy: DataStrategy
    private let count: Int
    private var position = 0
    private var generator: SeededGenerator

    /// A cursor at the start of `source`.
    init(_ source: DataSource) {
        strategy = source.strategy
        count = source.table.rows.count
        if case .random(let seed) = source.strategy {
            generator = SeededGenerator(seed: seed)
        } else {
            generator = SeededGenerator(seed: 0)
        }
    }

    /// Whether a `once` source has given every row, so ``next()`` must not be asked.
    var isExhausted: Bool {
        strategy == .once && position == count
    }

    /// The index of the next row; for a `once` source, only while it is not ``isExhausted``.
    mutating func next() -> Int {
        switch strategy {
        case .sequential:
            defer { position = (position + 1) % count }
            return position
        case .random:
            return generator.index(below: count)
        case .once:
            defer { position += 1 }
            return position
        }
    }
}
