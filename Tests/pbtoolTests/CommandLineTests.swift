import Testing
import TestSupport

@Suite struct CommandLineTests {
    @Test func versionExitsZero() throws {
        let outcome = try PBToolProcess.run(["--version"])
        #expect(outcome.status == 0)
        #expect(outcome.standardOutput.contains("0.1.0"))
    }

    @Test func unknownOptionIsAUsageError() throws {
        let outcome = try PBToolProcess.run(["--no-such-option"])
        #expect(outcome.status == 2)
        #expect(outcome.standardError.contains("no-such-option"))
    }
}
