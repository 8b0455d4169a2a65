internal import CSQLite

/// One SQLite connection (`sqlite3 *`), closed with `sqlite3_close_v2` in `deinit`.
///
/// Not thread-safe: one connection belongs to one thread of control at a time.
final class SQLiteConnection {
    /// How to open the file.
    struct OpenOptions {
        var readOnly = false
        /// Read a file nobody can change while it is open (its folder is read-only): SQLite
        /// then needs no `-shm` file, which it could not create there (`immutable=1`).
        var immutable = false
        /// How long a write waits for another process's lock before failing with `SQLiteError.busy`.
        var busyTimeout: Duration = .seconds(5)
    }

    let path: String
    let busyTimeout: Duration
    private let handle: OpaquePointer
    private var statements: [String: SQLiteStatement] = [:]

    /// Opens an existing file; never creates one and never follows a symlink (`SQLITE_OPEN_NOFOLLOW`).
    init(path: String, options: OpenOptions = OpenOptions()) throws {
        var flags = SQLITE_OPEN_NOFOLLOW | SQLITE_OPEN_NOMUTEX | SQLITE_OPEN_EXRESCODE
        flags |= options.readOnly || options.immutable ? SQLITE_OPEN_READONLY : SQLITE_OPEN_READWRITE
        var database: OpaquePointer?
        let name = options.immutable ? Self.immutableURI(path) : path
        if options.immutable { flags |= SQLITE_OPEN_URI }
        let rc = sqlite3_open_v2(name, &database, flags, nil)
        guard rc == SQLITE_OK, let database else {
            // sqlite3_open_v2 hands back a handle even on failure; it must still be closed.
            let message = database.map { String(cString: sqlite3_errmsg($0)) } ?? String(cString: sqlite3_errstr(rc))
            sqlite3_close_v2(database)
            throw SQLiteError(code: .init(rawValue: rc), message: message, sql: nil)
        }
        self.path = path
        self.busyTimeout = options.busyTimeout
        self.handle = database
        sqlite3_extended_result_codes(database, 1)
        let milliseconds = min(options.busyTimeout / .milliseconds(1), Double(Int32.max))
        sqlite3_busy_timeout(database, Int32(milliseconds))
    }

    /// `file:` URI of `path` with `immutable=1`; `%`, `?` and `#` are escaped (RFC 3986, as
    /// sqlite3_open_v2 decodes it).
    private static func immutableURI(_ path: String) -> String {
        var escaped = ""
        for character in path {
            switch character {
            case "%": escaped += "%25"
            case "?": escaped += "%3f"
            case "#": escaped += "%23"
            default: escaped.append(character)
            }
        }
        return "file:" + escaped + "?immutable=1"
    }

    deinit {
        statements.removeAll()
        sqlite3_close_v2(handle)
    }

    /// Turns an SQLite return code into an error carrying `sqlite3_errmsg` and the SQL.
    @discardableResult
    func check(_ rc: Int32, sql: String? = nil) throws -> Int32 {
        switch rc {
        case SQLITE_OK, SQLITE_ROW, SQLITE_DONE: return rc
        default: throw SQLiteError(code: .init(rawValue: rc), message: String(cString: sqlite3_errmsg(handle)), sql: sql)
        }
    }

    /// Runs one or more statements without parameters or results (`sqlite3_exec`).
    func execute(_ sql: String) throws {
        try check(sqlite3_exec(handle, sql, nil, nil, nil), sql: sql)
    }

    /// Runs one statement with parameters and ignores any rows.
    func execute(_ sql: String, _ values: [SQLiteValue]) throws {
        let statement = try prepared(sql)
        try statement.bind(values)
        while try statement.step() {}
        statement.reset()
    }

    /// Runs a query and maps every row.
    func rows<Row>(_ sql: String, _ values: [SQLiteValue] = [], _ map: (SQLiteStatement) throws -> Row) throws -> [Row] {
        let statement = try prepared(sql)
        try statement.bind(values)
        defer { statement.reset() }
        var result: [Row] = []
        while try statement.step() {
            result.append(try map(statement))
        }
        return result
    }

    /// Runs a query and maps its first row, if any.
    func firstRow<Row>(_ sql: String, _ values: [SQLiteValue] = [], _ map: (SQLiteStatement) throws -> Row) throws -> Row? {
        let statement = try prepared(sql)
        try statement.bind(values)
        defer { statement.reset() }
        return try statement.step() ? try map(statement) : nil
    }

    /// The integer in the first column of the first row (e.g. `PRAGMA user_version`).
    func integer(_ sql: String, _ values: [SQLiteValue] = []) throws -> Int {
        try firstRow(sql, values) { $0.int(at: 0) } ?? 0
    }

    /// Rows changed by the last INSERT, UPDATE or DELETE (`sqlite3_changes64`).
    var changes: Int { Int(sqlite3_changes64(handle)) }

    /// Whether a transaction is open on this connection (`sqlite3_get_autocommit` is 0).
    var isInTransaction: Bool { sqlite3_get_autocommit(handle) == 0 }

    /// Sets a boolean `sqlite3_db_config` option, e.g. `SQLITE_DBCONFIG_DEFENSIVE`.
    func configure(_ option: Int32, enabled: Bool) throws {
        var now: Int32 = 0
        try check(csqlite_db_config_int(handle, option, enabled ? 1 : 0, &now))
    }

    /// A prepared statement for `sql`, compiled once per connection and reused.
    func prepared(_ sql: String) throws -> SQLiteStatement {
        if let statement = statements[sql] { return statement }
        let statement = try SQLiteStatement(database: handle, sql: sql)
        statements[sql] = statement
        return statement
    }

    /// Drops cached statements (needed before `VACUUM`, which fails while statements are active).
    func forgetStatements() {
        statements.removeAll()
    }
}
