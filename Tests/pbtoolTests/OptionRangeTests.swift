import Foundation
import Testing
import TestSupport

/// Numbers on the command line: one range and one message per kind of option, negative values
/// reach that message (they were taken for options: "missing value"), and no value can trap.
@Suite struct OptionRangeTests {
    /// Each kind of number, with a bad value of each sort: negative, absurd, not a number.
    static let cases: [(command: [String], option: String, bad: [String], message: String)] = [
        (["verify", "--sensor", "sim:synthetic:7"], "--timeout", ["-1", "1e300", "0", "soon"], "must be from 1ms to 24h"),
        (["sensor", "capture", "--out", "/tmp/x.png"], "--timeout", ["-1", "1e300"], "must be from 1ms to 24h"),
        (["card", "status"], "--timeout", ["-5", "1e300"], "must be from 1ms to 24h"),
        (["apdu", "send", "00A4040000"], "--timeout", ["-5"], "must be from 1ms to 24h"),
        (["db", "users"], "--key-command-timeout", ["-1", "1e309"], "must be from 1ms to 24h"),
        (["template", "extract", "a.png", "--format", "iso", "--out", "a.iso"], "--dpi", ["-500", "1e9"], "must be a resolution from 100 to 2000 dpi"),
        (["image", "convert", "a.png", "b.png"], "--dpi", ["-500", "0"], "must be a resolution from 100 to 2000 dpi"),
        (["verify", "--sensor", "sim:synthetic:7"], "--threshold-score", ["-1", String(repeating: "9", count: 309)],
         "must be a score from 0 to 10000"),
        (["verify", "--sensor", "sim:synthetic:7"], "--fmr", ["-1", "2", "1/0", "1e-300"], "rate"),
        (["template", "match", "a", "b"], "--fmr", ["-1", "1e-300"], "must be a rate from 1e-9"),
        (["identify"], "--top", ["0", "-3", "99999999999999999999"], "must be a whole number from 1 to 1000"),
        (["enroll", "--finger", "right-index"], "--swipes", ["0", "-1", "11"], "must be a whole number from 1 to 10"),
        (["verify"], "--min-quality", ["-1", "101"], "must be a whole number from 0 to 100"),
        (["verify"], "--min-area", ["-1", "1e9"], "must be from 0 to 1000 mm²"),
        (["card", "emulate"], "--port", ["0", "-1", "70000"], "must be a whole number from 1 to 65535"),
        (["synth", "--out", "/tmp/s"], "--fingers", ["0", "-2", "900"], "must be a whole number from 1 to 899"),
    ]

    @Test(arguments: cases.indices)
    func aNumberOutOfRangeIsAUsageErrorNamingTheRange(_ index: Int) throws {
        let (command, option, values, message) = Self.cases[index]
        for value in values {
            let outcome = try PBToolProcess.run(command + [option, value])
            #expect(outcome.status == 2, "\(command) \(option) \(value): \(outcome.standardError)")
            #expect(outcome.standardError.contains("The value '\(value)' is invalid for '\(option)"), "\(outcome.standardError)")
            #expect(outcome.standardError.contains(message), "\(command) \(option) \(value): \(outcome.standardError)")
        }
    }

    /// `1e-4` and `1/10000` are the same rate everywhere (template match took only `1e-4`).
    @Test func ratesAreWrittenTheSameWayEverywhere() throws {
        let scratch = try DBTestStore()
        let iso = try scratch.write("a.iso", templateBytes(1))
        let results = try ["1e-4", "1/10000", "0.0001"].map { rate in
            let outcome = try PBToolProcess.run(["template", "match", iso, iso, "--fmr", rate, "--json"])
            #expect(outcome.status == 0, "\(rate): \(outcome.standardError)")
            let object = try JSONSerialization.jsonObject(with: Data(outcome.standardOutput.utf8)) as? [String: Any]
            return "\(object?["threshold"] ?? "none")"
        }
        #expect(Set(results).count == 1, "\(results)")
    }
}
