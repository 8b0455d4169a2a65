internal import CSQLite

/// A failed SQLite call: the result code, SQLite's own message, and the SQL that was running.
///
/// Catch a family of failures with a primary code (`catch SQLiteError.busy` also matches
/// `SQLITE_BUSY_SNAPSHOT`) or one failure with an extended code. Codes without a name here are
/// kept as they are.
public struct SQLiteError: Error, Sendable, CustomStringConvertible {
    /// An SQLite result code, primary (low 8 bits) or extended.
    public struct Code: RawRepresentable, Hashable, Sendable, CustomStringConvertible {
        public let rawValue: Int32

        public init(rawValue: Int32) {
            self.rawValue = rawValue
        }

        /// The primary code this code belongs to.
        public var primary: Code { Code(rawValue: rawValue & 0xFF) }

        /// Whether this is a primary code, which then matches all its extended codes.
        public var isPrimary: Bool { rawValue == rawValue & 0xFF }

        /// SQLite's English text for the code (`sqlite3_errstr`) and the number.
        public var description: String {
            "\(String(cString: sqlite3_errstr(rawValue))) (\(rawValue))"
        }
    }

    /// The extended result code.
    public let code: Code
    /// `sqlite3_errmsg` at the time of the failure.
    public let message: String
    /// The statement that failed, when there was one.
    public let sql: String?

    public init(code: Code, message: String, sql: String? = nil) {
        self.code = code
        self.message = message
        self.sql = sql
    }

    public var description: String {
        let statement = sql.map { " in `\($0)`" } ?? ""
        return "SQLite error \(code.rawValue): \(message)\(statement)"
    }

    public static let error = Code(rawValue: SQLITE_ERROR)
    public static let permission = Code(rawValue: SQLITE_PERM)
    public static let busy = Code(rawValue: SQLITE_BUSY)
    public static let locked = Code(rawValue: SQLITE_LOCKED)
    public static let noMemory = Code(rawValue: SQLITE_NOMEM)
    public static let readOnly = Code(rawValue: SQLITE_READONLY)
    public static let ioError = Code(rawValue: SQLITE_IOERR)
    public static let corrupt = Code(rawValue: SQLITE_CORRUPT)
    public static let full = Code(rawValue: SQLITE_FULL)
    public static let cannotOpen = Code(rawValue: SQLITE_CANTOPEN)
    public static let constraint = Code(rawValue: SQLITE_CONSTRAINT)
    public static let notADatabase = Code(rawValue: SQLITE_NOTADB)
    // Extended codes are (primary | n << 8) macros, which Swift does not import.
    /// A deferred transaction tried to write on a stale snapshot (never waits for busy_timeout).
    public static let busySnapshot = Code(rawValue: SQLITE_BUSY | (2 << 8))
    public static let constraintForeignKey = Code(rawValue: SQLITE_CONSTRAINT | (3 << 8))
    public static let constraintPrimaryKey = Code(rawValue: SQLITE_CONSTRAINT | (6 << 8))
    public static let constraintUnique = Code(rawValue: SQLITE_CONSTRAINT | (8 << 8))
}

/// Matches a code against a primary code (any of its extended codes) or an exact extended code.
public func ~= (pattern: SQLiteError.Code, value: SQLiteError.Code) -> Bool {
    pattern.isPrimary ? value.primary == pattern : value == pattern
}

/// Lets callers write `catch SQLiteError.busy`.
public func ~= (pattern: SQLiteError.Code, value: any Error) -> Bool {
    guard let error = value as? SQLiteError else { return false }
    return pattern ~= error.code
}
