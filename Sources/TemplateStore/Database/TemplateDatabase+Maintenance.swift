import Foundation

extension TemplateDatabase {
    /// Writes a consistent copy of the store to `destination` (created with mode 0600; it
    /// must not exist) and checks the copy. The copy stays encrypted under the same keys.
    public func backup(to destination: String) throws {
        try translating {
            try Self.vacuum(connection, into: destination)
            let problems = try Self.quickCheck(SQLiteConnection(path: destination, options: .init(readOnly: true)))
            guard problems.isEmpty else {
                throw StoreError.corrupt(path: destination, detail: problems.joined(separator: "; "))
            }
        }
    }

    /// `PRAGMA quick_check` of the file at `path`, without any key: an empty list when the
    /// SQLite structure is sound.
    public static func checkStructure(at path: String, parameters: StoreParameters = StoreParameters()) throws -> [String] {
        try checkFiles(path)
        return try translating(path, parameters) {
            let connection = try SQLiteConnection(path: path, options: .init(busyTimeout: parameters.busyTimeout))
            try checkIdentity(connection)
            return try quickCheck(connection)
        }
    }

    /// Checks the SQLite structure and then opens every user and template row, reporting each
    /// row that fails instead of stopping at the first.
    public func check() throws -> StoreCheckReport {
        try read {
            let structure = try Self.quickCheck(connection)
            var findings: [StoreCheckReport.Finding] = []
            let users: [Void] = try connection.rows("SELECT \(Self.userColumns) FROM users") { row in
                do { _ = try openUser(row) } catch { findings.append(Self.finding("users", row.blob(at: 0), error)) }
            }
            let templates: [Void] = try connection.rows("SELECT \(TemplateRow.columns) FROM templates") { row in
                do { _ = try TemplateRow(row: row).decrypt(with: cipher) } catch {
                    findings.append(Self.finding("templates", row.blob(at: 0), error))
                }
            }
            return StoreCheckReport(structureProblems: structure, findings: findings,
                                    usersChecked: users.count, templatesChecked: templates.count)
        }
    }

    static func quickCheck(_ connection: SQLiteConnection) throws -> [String] {
        let lines = try connection.rows("PRAGMA quick_check") { $0.text(at: 0) }
        return lines == ["ok"] ? [] : lines
    }

    private static func finding(_ table: String, _ id: [UInt8], _ error: any Error) -> StoreCheckReport.Finding {
        let problem: String
        switch error {
        case IntegrityError.tamperedRow: problem = "failed authentication (modified, swapped or re-attributed)"
        case IntegrityError.invalidRow(_, _, let reason): problem = "invalid: \(reason)"
        default: problem = String(describing: error)
        }
        return StoreCheckReport.Finding(table: table, id: UUID(bytes: id) ?? .unreadable, problem: problem)
    }
}
