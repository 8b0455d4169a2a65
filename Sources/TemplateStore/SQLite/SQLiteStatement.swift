internal import CSQLite

/// A prepared statement (`sqlite3_stmt`), finalized in `deinit`.
///
/// It keeps the raw connection pointer only for error messages: connections close with
/// `sqlite3_close_v2`, which keeps the handle alive until the last statement is finalized.
final class SQLiteStatement {
    let sql: String
    private let handle: OpaquePointer
    private let database: OpaquePointer

    init(database: OpaquePointer, sql: String) throws {
        var statement: OpaquePointer?
        let rc = sqlite3_prepare_v3(database, sql, -1, UInt32(SQLITE_PREPARE_PERSISTENT), &statement, nil)
        guard rc == SQLITE_OK, let statement else {
            throw SQLiteError(code: .init(rawValue: rc), message: String(cString: sqlite3_errmsg(database)), sql: sql)
        }
        self.sql = sql
        self.handle = statement
        self.database = database
    }

    deinit {
        sqlite3_finalize(handle)
    }

    /// Resets the statement and binds `values` to parameters 1, 2, …
    func bind(_ values: [SQLiteValue]) throws {
        sqlite3_reset(handle)
        sqlite3_clear_bindings(handle)
        for (offset, value) in values.enumerated() {
            try check(bind(value, at: Int32(offset + 1)))
        }
    }

    private func bind(_ value: SQLiteValue, at index: Int32) -> Int32 {
        switch value {
        case .integer(let number):
            return sqlite3_bind_int64(handle, index, number)
        case .text(let text):
            return sqlite3_bind_text(handle, index, text, -1, csqlite_transient())
        case .blob(let bytes):
            return bytes.withUnsafeBytes { buffer in
                // A zero-length blob still needs a non-NULL pointer, or SQLite stores NULL.
                sqlite3_bind_blob(handle, index, buffer.baseAddress ?? UnsafeRawPointer(bitPattern: 1),
                                  Int32(buffer.count), csqlite_transient())
            }
        case .null:
            return sqlite3_bind_null(handle, index)
        }
    }

    /// Steps once; true when a row is available (`SQLITE_ROW`), false when done.
    func step() throws -> Bool {
        let rc = sqlite3_step(handle)
        switch rc {
        case SQLITE_ROW: return true
        case SQLITE_DONE: return false
        default:
            sqlite3_reset(handle)
            throw SQLiteError(code: .init(rawValue: rc), message: String(cString: sqlite3_errmsg(database)), sql: sql)
        }
    }

    /// Releases the statement's read snapshot without waiting for the next `bind`.
    func reset() {
        sqlite3_reset(handle)
    }

    func int64(at column: Int32) -> Int64 {
        sqlite3_column_int64(handle, column)
    }

    func int(at column: Int32) -> Int {
        Int(sqlite3_column_int64(handle, column))
    }

    func text(at column: Int32) -> String {
        guard let text = sqlite3_column_text(handle, column) else { return "" }
        return String(cString: text)
    }

    func blob(at column: Int32) -> [UInt8] {
        let count = Int(sqlite3_column_bytes(handle, column))
        guard count > 0, let bytes = sqlite3_column_blob(handle, column) else { return [] }
        return Array(UnsafeRawBufferPointer(start: bytes, count: count))
    }

    func isNull(at column: Int32) -> Bool {
        sqlite3_column_type(handle, column) == SQLITE_NULL
    }

    private func check(_ rc: Int32) throws {
        guard rc != SQLITE_OK else { return }
        throw SQLiteError(code: .init(rawValue: rc), message: String(cString: sqlite3_errmsg(database)), sql: sql)
    }
}
