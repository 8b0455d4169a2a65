import BiometricFormats
import Files
import Foundation

extension TemplateDatabase {
    /// Writes a consistent copy of the store to `destination` (mode 0600; it must not exist)
    /// and checks the copy; the file appears only once it is complete and checked. The copy
    /// stays encrypted under the same keys.
    /// - Throws: `FileError` (role "backup file") when `destination` cannot be created there.
    public func backup(to destination: String) throws {
        let output = try OutputFile(destination, role: "backup file", existing: .refuse, mode: 0o600)
        try translating {
            connection.forgetStatements()
            try connection.execute("VACUUM INTO ?", [.text(output.stagingPath)])
            let problems = try Self.integrityCheck(SQLiteConnection(path: output.stagingPath, options: .init(readOnly: true)))
            guard problems.isEmpty else {
                throw StoreError.corrupt(path: destination, detail: problems.joined(separator: "; "))
            }
        }
        try output.commit()
    }

    /// `PRAGMA integrity_check` of the file at `path`, read only and without any key: an empty
    /// list when the SQLite structure is sound.
    public static func checkStructure(at path: String, parameters: StoreParameters = StoreParameters()) throws -> [String] {
        try checkFiles(path)
        return try translating(path, parameters) {
            let connection = try connectForReading(path, parameters)
            try checkIdentity(connection)
            return try integrityCheck(connection)
        }
    }

    /// Checks the SQLite structure in full (`PRAGMA integrity_check`: every page, and every
    /// index against its table) and then opens every user and template row, reporting each row
    /// that fails instead of stopping at the first. `decoding`, when given, is asked about each
    /// decrypted template (the store never parses templates itself) and returns why its bytes
    /// are not its format, or nil.
    public func check(decoding: ((TemplateFormat, [UInt8]) -> String?)? = nil) throws -> StoreCheckReport {
        try read {
            let structure = try Self.integrityCheck(connection)
            var findings: [StoreCheckReport.Finding] = []
            let users: [Void] = try connection.rows("SELECT \(Self.userColumns) FROM users") { row in
                do { _ = try openUser(row) } catch { findings.append(Self.finding("users", row.blob(at: 0), error)) }
            }
            let templates: [Void] = try connection.rows("SELECT \(TemplateRow.columns) FROM templates") { row in
                do {
                    let template = try TemplateRow(row: row).decrypt(with: cipher)
                    if let problem = decoding?(template.record.format, template.bytes.copyBytes()) {
                        findings.append(StoreCheckReport.Finding(table: "templates", id: template.record.id, problem: problem))
                    }
                } catch {
                    findings.append(Self.finding("templates", row.blob(at: 0), error))
                }
            }
            return StoreCheckReport(structureProblems: structure, findings: findings,
                                    usersChecked: users.count, templatesChecked: templates.count)
        }
    }

    /// `quick_check` misses an index whose entries disagree with its table (a flipped bit in
    /// the users index hid a user from lookups by name while listing still showed her).
    static func integrityCheck(_ connection: SQLiteConnection) throws -> [String] {
        let lines = try connection.rows("PRAGMA integrity_check") { $0.text(at: 0) }
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
