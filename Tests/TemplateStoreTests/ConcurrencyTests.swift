import BiometricFormats
import Files
import Foundation
import TestSupport
import Testing
@testable import TemplateStore

/// Other processes and a full disk: real child processes writing to the same file.
@Suite struct ConcurrencyTests {
    /// Starts the helper and waits until it prints `marker`.
    private func startWriter(_ arguments: [String], waitingFor marker: String?) throws -> ChildProcess {
        let writer = try ChildProcess(writerExecutable, arguments)
        if let marker { try writer.waitForLine { $0.contains(marker) } }
        return writer
    }

    @Test func writerKilledMidTransactionLeavesNoPartialRow() throws {
        let scratch = try Scratch()
        let store = try scratch.makeStore()
        _ = try store.addUser(named: "before")
        let writer = try startWriter([scratch.storePath, scratch.keyPath, "hold", "ghost", "5"], waitingFor: "in-transaction")
        writer.send(SIGKILL)
        #expect(try writer.waitForExit().signal == SIGKILL)

        let reopened = try scratch.reopen()
        #expect(try reopened.users().map(\.name) == ["before"])
        #expect(try reopened.templateRecords().isEmpty)
        #expect(try reopened.check().isClean)
        // The dead writer's lock is gone: writing works at once.
        _ = try reopened.addUser(named: "after")
        #expect(try reopened.users().count == 2)
    }

    @Test func twoProcessesWriteAtOnce() throws {
        let scratch = try Scratch()
        do { _ = try scratch.makeStore() }
        let first = try startWriter([scratch.storePath, scratch.keyPath, "add", "a", "25"], waitingFor: nil)
        let second = try startWriter([scratch.storePath, scratch.keyPath, "add", "b", "25"], waitingFor: nil)
        for writer in [first, second] {
            let ended = try writer.waitForExit()
            #expect(ended.status == 0, "writer said: \(writer.standardOutput) \(writer.standardError)")
        }
        let store = try scratch.reopen()
        #expect(try store.users().count == 50)
        #expect(try store.templateRecords().count == 50)
        #expect(try store.check().isClean)
    }

    @Test func heldLockIsReportedAfterTheTimeout() throws {
        let scratch = try Scratch()
        do { _ = try scratch.makeStore() }
        let holder = try SQLiteConnection(path: scratch.storePath)
        try holder.execute("BEGIN IMMEDIATE")
        var parameters = StoreParameters()
        parameters.busyTimeout = .milliseconds(200)
        let store = try TemplateDatabase.open(at: scratch.storePath, secrets: [.keyFile(at: scratch.keyPath)], parameters: parameters)
        let started = ContinuousClock.now
        let error = #expect(throws: StoreError.self) { try store.addUser(named: "alice") }
        guard case .locked(_, .milliseconds(200)) = error else { Issue.record("\(String(describing: error))"); return }
        #expect(ContinuousClock.now - started >= .milliseconds(150))
        #expect(try store.users().isEmpty)
        try holder.execute("ROLLBACK")
        _ = try store.addUser(named: "alice")
    }

    /// SQLITE_FULL for real: `max_page_count` makes SQLite refuse to grow the file.
    @Test func diskFullRollsBackAndKeepsData() throws {
        let scratch = try Scratch()
        let store = try scratch.makeStore()
        let user = try store.addUser(named: "alice")
        let pages = try store.connection.integer("PRAGMA page_count")
        _ = try store.connection.integer("PRAGMA max_page_count = \(pages + 3)")
        var stored: [UUID] = []
        let error = #expect(throws: StoreError.self) {
            for index in 0..<40 {
                let finger = Finger.allCases[index % 10], format = TemplateFormat.allCases[index / 10]
                stored.append(try store.addTemplate(sampleTemplate(index, count: 3000), user: user.id, finger: finger, format: format).id)
            }
        }
        guard case .diskFull = error else { Issue.record("\(String(describing: error))"); return }
        let reopened = try scratch.reopen()
        #expect(Set(try reopened.templateRecords().map(\.id)) == Set(stored))
        #expect(try reopened.check().isClean)
    }

    @Test func migrationStepsRunInOrderAfterABackup() throws {
        let scratch = try Scratch()
        do { _ = try scratch.makeStore() }
        let step = SchemaMigration(version: 2, name: "index users by creation time") { connection in
            try connection.execute("CREATE INDEX users_by_creation ON users(created_at)")
        }
        let migrated = try TemplateDatabase.open(at: scratch.storePath, secrets: [.keyFile(at: scratch.keyPath)],
                                                 parameters: StoreParameters(), migrations: Schema.migrations + [step])
        #expect(try migrated.connection.integer("PRAGMA user_version") == 2)
        let backups = try FileManager.default.contentsOfDirectory(atPath: scratch.directory).filter { $0.hasSuffix(".backup") }
        #expect(backups.count == 1 && backups[0].hasPrefix("templates.db.v1-"))
        #expect(scratch.mode(scratch.path(backups[0])) == 0o600)
        #expect(throws: StoreError.self) { try scratch.reopen() }
    }
}

@Suite struct SQLiteBindingTests {
    @Test func primaryCodesMatchTheirExtendedCodes() {
        #expect(SQLiteError.busy ~= SQLiteError.busySnapshot)
        #expect(!(SQLiteError.busySnapshot ~= SQLiteError.busy))
        #expect(SQLiteError.constraint ~= SQLiteError.constraintUnique)
        #expect(!(SQLiteError.constraintUnique ~= SQLiteError.constraintForeignKey))
        let unknown = SQLiteError.Code(rawValue: 12345)
        #expect(unknown.rawValue == 12345)
    }

    @Test func deferredUpgradeFailsWithBusySnapshotButImmediateWaits() throws {
        let scratch = try Scratch()
        PrivateFiles.createFileForTests(scratch.storePath)
        let first = try SQLiteConnection(path: scratch.storePath, options: .init(busyTimeout: .milliseconds(500)))
        _ = try first.firstRow("PRAGMA journal_mode = WAL") { $0.text(at: 0) }
        try first.execute("CREATE TABLE t (x INTEGER)")
        let second = try SQLiteConnection(path: scratch.storePath, options: .init(busyTimeout: .milliseconds(500)))
        try second.execute("BEGIN DEFERRED")
        _ = try second.integer("SELECT count(*) FROM t")
        try first.execute("INSERT INTO t VALUES (1)")
        #expect {
            try second.execute("INSERT INTO t VALUES (2)")
        } throws: { error in
            SQLiteError.busySnapshot ~= error
        }
        try second.execute("ROLLBACK")
        try second.inTransaction(.immediate) { try second.execute("INSERT INTO t VALUES (2)") }
        #expect(try first.integer("SELECT count(*) FROM t") == 2)
    }

    @Test func nestedTransactionsUseSavepoints() throws {
        let scratch = try Scratch()
        PrivateFiles.createFileForTests(scratch.storePath)
        let connection = try SQLiteConnection(path: scratch.storePath)
        try connection.execute("CREATE TABLE t (x INTEGER UNIQUE)")
        try connection.inTransaction {
            try connection.execute("INSERT INTO t VALUES (1)")
            #expect(throws: SQLiteError.self) {
                try connection.inTransaction {
                    try connection.execute("INSERT INTO t VALUES (2)")
                    try connection.execute("INSERT INTO t VALUES (1)")
                }
            }
        }
        #expect(try connection.rows("SELECT x FROM t") { $0.int(at: 0) } == [1])
        #expect(!connection.isInTransaction)
    }

    @Test func errorsKeepMessageAndSQL() throws {
        let scratch = try Scratch()
        PrivateFiles.createFileForTests(scratch.storePath)
        let connection = try SQLiteConnection(path: scratch.storePath)
        do {
            try connection.execute("SELECT * FROM missing_table", [])
            Issue.record("no error")
        } catch let error as SQLiteError {
            #expect(error.code == SQLiteError.error)
            #expect(error.message.contains("missing_table"))
            #expect(error.sql == "SELECT * FROM missing_table")
        }
    }

    @Test func openingGarbageFailsWithNotADatabase() throws {
        let scratch = try Scratch()
        let garbage = try OutputFile(scratch.storePath)
        try garbage.write(Array(repeating: 0x41, count: 4096))
        try garbage.commit()
        let connection = try SQLiteConnection(path: scratch.storePath)
        #expect {
            _ = try connection.integer("PRAGMA user_version")
        } throws: { error in
            SQLiteError.notADatabase ~= error
        }
    }
}
