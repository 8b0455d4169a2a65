/// How a transaction takes its lock.
enum SQLiteTransactionKind: String {
    /// Takes the write lock at `BEGIN`, waiting up to the busy timeout; every write uses this,
    /// because a deferred read-then-write fails at once with `SQLITE_BUSY_SNAPSHOT`.
    case immediate = "IMMEDIATE"
    /// Takes locks as statements need them; for consistent multi-statement reads.
    case deferred = "DEFERRED"
}

extension SQLiteConnection {
    /// Runs `body` in a transaction: committed when it returns, rolled back when it throws.
    ///
    /// Inside an open transaction the body runs in a savepoint instead, so nested calls stay
    /// atomic on their own and an inner failure undoes only the inner work.
    func inTransaction<Result>(_ kind: SQLiteTransactionKind = .immediate, _ body: () throws -> Result) throws -> Result {
        if isInTransaction {
            return try inSavepoint(body)
        }
        try execute("BEGIN \(kind.rawValue)")
        do {
            let result = try body()
            try execute("COMMIT")
            return result
        } catch {
            if isInTransaction { try? execute("ROLLBACK") }
            throw error
        }
    }

    private func inSavepoint<Result>(_ body: () throws -> Result) throws -> Result {
        try execute("SAVEPOINT nested")
        do {
            let result = try body()
            try execute("RELEASE nested")
            return result
        } catch {
            try? execute("ROLLBACK TO nested")
            try? execute("RELEASE nested")
            throw error
        }
    }
}
