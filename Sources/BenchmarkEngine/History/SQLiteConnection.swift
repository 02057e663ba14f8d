import CSQLite
import Foundation

/// A value bound to, or read from, an SQL statement.
enum SQLiteValue: Equatable {
    case integer(Int64)
    case real(Double)
    case text(String)
    case null

    /// Text, or `NULL` when there is none.
    static func text(_ value: String?) -> SQLiteValue {
        value.map(SQLiteValue.text) ?? .null
    }
}

/// One open SQLite database. Every sqlite3 call of the history goes through this type: each
/// statement is prepared, bound, stepped and finalized in one method, and every failure becomes a
/// ``HistoryError`` with SQLite's own message.
///
/// Not `Sendable`: a connection belongs to the call that opened it, and ``RunHistory`` opens one per
/// operation, so no two threads share a handle.
final class SQLiteConnection {
    private let handle: OpaquePointer
    /// The database file.
    let path: String

    /// Opens the database at `path`; `create` makes the file when it is absent.
    init(path: String, create: Bool) throws(HistoryError) {
        var opened: OpaquePointer?
        let flags = SQLITE_OPEN_READWRITE | (create ? SQLITE_OPEN_CREATE : 0)
        let status = sqlite3_open_v2(path, &opened, flags, nil)
        guard status == SQLITE_OK, let opened else {
            let reason = opened.map { String(cString: sqlite3_errmsg($0)) } ?? String(cString: sqlite3_errstr(status))
            sqlite3_close_v2(opened)
            throw HistoryError.cannotOpen(path: path, reason: reason)
        }
        handle = opened
        self.path = path
        // Two bench processes appending at once wait for each other instead of failing.
        sqlite3_busy_timeout(opened, 5_000)
        sqlite3_extended_result_codes(opened, 1)
    }

    deinit {
        sqlite3_close_v2(handle)
    }

    /// Runs `sql`, one statement, with `values` bound to its `?` parameters in order.
    func run(_ sql: String, _ values: [SQLiteValue] = []) throws(HistoryError) {
        _ = try query(sql, values) { _ in () }
    }

    /// The rows `sql` returns, each read by `read`.
    func query<Row>(_ sql: String, _ values: [SQLiteValue] = [], read: (SQLiteRow) throws(HistoryError) -> Row) throws(HistoryError)
        -> [Row]
    {
        var prepared: OpaquePointer?
        guard sqlite3_prepare_v2(handle, sql, -1, &prepared, nil) == SQLITE_OK, let statement = prepared else {
            throw failure()
        }
        defer { sqlite3_finalize(statement) }
        for (offset, value) in values.enumerated() {
            let index = Int32(offset + 1)
            let status: Int32 =
                switch value {
                case .integer(let number): sqlite3_bind_int64(statement, index, number)
                case .real(let number): sqlite3_bind_double(statement, index, number)
                case .text(let text): sqlite3_bind_text(statement, index, text, -1, courier_sqlite_transient())
                case .null: sqlite3_bind_null(statement, index)
                }
            guard status == SQLITE_OK else { throw failure() }
        }
        var rows: [Row] = []
        while true {
            switch sqlite3_step(statement) {
            case SQLITE_ROW: rows.append(try read(SQLiteRow(statement: statement)))
            case SQLITE_DONE: return rows
            default: throw failure()
            }
        }
    }

    /// The first column of the first row of `sql`, an integer; `nil` when there is no row.
    func integer(_ sql: String, _ values: [SQLiteValue] = []) throws(HistoryError) -> Int64? {
        try query(sql, values) { row in row.integer(0) }.first ?? nil
    }

    /// The row id the last `INSERT` gave.
    var lastInsertedRowID: Int64 {
        sqlite3_last_insert_rowid(handle)
    }

    /// Runs `body` in one transaction: all of its writes are kept, or, when it throws, none.
    func transaction<Value>(_ body: () throws(HistoryError) -> Value) throws(HistoryError) -> Value {
        // IMMEDIATE takes the write lock at once, so a concurrent writer waits here, not mid-way.
        try run("BEGIN IMMEDIATE")
        do {
            let value = try body()
            try run("COMMIT")
            return value
        } catch {
            try? run("ROLLBACK")
            throw error
        }
    }

    /// The error SQLite reports for the last call on this connection.
    private func failure() -> HistoryError {
        let code = sqlite3_errcode(handle) & 0xFF
        let reason = String(cString: sqlite3_errmsg(handle))
        if code == SQLITE_NOTADB || code == SQLITE_CORRUPT {
            return .notAHistory(path: path, reason: reason)
        }
        return .database(path: path, reason: reason)
    }
}

/// The current row of a stepped statement; valid only inside the `read` closure it is given to.
struct SQLiteRow {
    fileprivate let statement: OpaquePointer

    /// Column `index` as an integer; `nil` when it is `NULL`.
    func integer(_ index: Int32) -> Int64? {
        sqlite3_column_type(statement, index) == SQLITE_NULL ? nil : sqlite3_column_int64(statement, index)
    }

    /// Column `index` as a number; `nil` when it is `NULL`.
    func real(_ index: Int32) -> Double? {
        sqlite3_column_type(statement, index) == SQLITE_NULL ? nil : sqlite3_column_double(statement, index)
    }

    /// Column `index` as text; `nil` when it is `NULL`.
    func text(_ index: Int32) -> String? {
        guard let characters = sqlite3_column_text(statement, index) else { return nil }
        return String(cString: characters)
    }
}
